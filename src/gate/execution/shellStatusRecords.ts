import { STATUS_FIELD_SEPARATOR, STATUS_FIELDS } from './terminalShellInit';

/**
 * Reads the records the "Approvals Gate" terminal's shell appends to its status file before each
 * prompt (see `terminalShellInit.ts`). The file is read incrementally, so a record may arrive in
 * pieces; the parser keeps the unfinished part for the next chunk.
 */

export interface ShellStatusRecord {
  /** 1 for the first prompt, then +1 per prompt. */
  seq: number;
  /** `$?` when the prompt came back: the exit status of the last command. */
  status: number;
  /** `$PWD` at that prompt. */
  cwd: string;
  /** A checksum of the shell's state (variables, aliases, functions, options, …). */
  state: string;
  /** The number of the last history entry, or `null` before the first command. */
  historyNumber: number | null;
  /** The last history entry exactly as bash recorded the line it ran. */
  historyText: string;
}

export class ShellStatusParser {
  private fields: string[] = [];
  private partial = '';

  /** Adds text read from the file; returns the records completed by it. */
  push(chunk: string): ShellStatusRecord[] {
    const records: ShellStatusRecord[] = [];
    const pieces = (this.partial + chunk).split(STATUS_FIELD_SEPARATOR);
    this.partial = pieces.pop()!;
    for (const piece of pieces) {
      this.fields.push(piece);
      if (this.fields.length === STATUS_FIELDS) {
        const record = toRecord(this.fields);
        if (record) records.push(record);
        this.fields = [];
      }
    }
    return records;
  }
}

function toRecord([seq, status, cwd, state, entry]: string[]): ShellStatusRecord | null {
  if (!/^\d+$/.test(seq ?? '') || !/^\d+$/.test(status ?? '')) return null;
  const history = parseHistoryEntry(entry ?? '');
  return {
    seq: Number(seq),
    status: Number(status),
    cwd: cwd ?? '',
    state: state ?? '',
    historyNumber: history?.number ?? null,
    historyText: history?.text ?? '',
  };
}

/**
 * `history 1` prints `%5d  text` (a `*` after the number marks an edited entry). The text is
 * kept exactly, leading and trailing spaces included.
 */
export function parseHistoryEntry(entry: string): { number: number; text: string } | null {
  const match = /^ *(\d+)\*? {2}([\s\S]*)$/.exec(entry);
  if (!match) return null;
  return { number: Number(match[1]), text: match[2]! };
}
