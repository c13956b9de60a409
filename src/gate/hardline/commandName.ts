/**
 * How the floor names a program: the basename, NFKC-folded (fullwidth `ｒｍ` reads as `rm`),
 * lower-cased (macOS file systems run `RM` as `rm`), without a Windows `.exe`, zsh's `=` (`=rm`)
 * and as the program a zsh/files builtin mirrors (`zf_rm` is `rm`).
 */
import { foldCompatibility } from '../reading/normalise';
import type { Word } from '../reading/resolution';
import { readArgs, type ArgReading } from '../programs/grammar';
import { mirroredProgram, rowFor, withoutEquals } from '../programs/table';

export interface CommandName {
  name: string;
  /** The word is a bare name or an absolute path in a `bin`/`sbin` folder (not `./bin/shutdown` of a project). */
  systemProgram: boolean;
}

export function commandName(word: Word | undefined): CommandName | null {
  if (word === undefined || word.kind !== 'literal') return null;
  // Every arm asks for the program's name, and a long line repeats the same few programs:
  // short words are read once and the (never changed) answer is shared.
  if (word.value.length > MAX_REMEMBERED_LENGTH) return readCommandName(word.value);
  let name = remembered.get(word.value);
  if (name === undefined) {
    name = readCommandName(word.value);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(word.value, name);
  }
  return name;
}

/** A Windows path: a drive letter, a UNC or `.\` start, then a backslash. */
const WINDOWS_PATH = /^(?:[A-Za-z]:|\\\\[^\\]+|\.{1,2})?\\/;

/** Names already read, by word value; bounded in count and in the length of what is kept. */
const remembered = new Map<string, CommandName | null>();
const MAX_REMEMBERED = 1024;
const MAX_REMEMBERED_LENGTH = 128;

function readCommandName(literal: string): CommandName | null {
  // zsh's `=rm` is the program rm (EQUALS); `zf_rm` of zsh/files does rm's job.
  const value = withoutEquals(foldCompatibility(literal));
  // A Windows path (`C:\Windows\System32\Sysprep\sysprep.exe`, `.\tool.exe`) names the program by its last part too.
  const slash = WINDOWS_PATH.test(value) ? Math.max(value.lastIndexOf('/'), value.lastIndexOf('\\')) : value.lastIndexOf('/');
  let name = (slash === -1 ? value : value.slice(slash + 1)).toLowerCase();
  if (name.endsWith('.exe')) name = name.slice(0, -4);
  if (name === '') return null;
  name = mirroredProgram(name);
  const folder = slash === -1 ? null : value.slice(0, slash);
  // Windows' own programs, seen from WSL, are in C:\Windows\System32 (`/mnt/c/Windows/System32/shutdown.exe`).
  const systemProgram = folder === null || (folder.startsWith('/') && (/\/s?bin$/.test(folder) || /^\/mnt\/[a-z]\/windows\/system32$/i.test(folder))) || /^[a-z]:[\\/]windows[\\/]system32$/i.test(folder);
  return { name, systemProgram };
}

/** A literal word's value, NFKC-folded; null for an opaque word. */
export function literalText(word: Word | undefined): string | null {
  if (word === undefined || word.kind !== 'literal') return null;
  return foldCompatibility(word.value);
}

/** The words that are not options (do not start with `-`), honouring `--`. Opaque words count as operands unless they start with `-`. */
export function operands(args: readonly Word[]): Word[] {
  const out: Word[] = [];
  let optionsEnded = false;
  for (const word of args) {
    const text = literalText(word);
    if (!optionsEnded && text === '--') {
      optionsEnded = true;
      continue;
    }
    const leading = text ?? word.raw;
    if (!optionsEnded && leading.startsWith('-') && leading.length > 1) continue;
    out.push(word);
  }
  return out;
}

/**
 * The words after a program read with the grammar of its row in the program table, the one home
 * of its options (so `mv -t DIR`, `shred -n 3`, `pkill -u USER` take their values as the program
 * does); null when the program has no row or the row no grammar.
 */
export function readByRow(name: string, args: readonly Word[]): ArgReading | null {
  const grammar = rowFor(name)?.grammar;
  return grammar === undefined ? null : readArgs(args, grammar);
}

/** Whether the reading holds one of the options, by the name the program sees (`-t`, `--target-directory`). */
export function hasOption(reading: ArgReading, ...names: string[]): boolean {
  return reading.options.some((option) => names.includes(option.name));
}
