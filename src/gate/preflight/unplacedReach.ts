/**
 * A program the table has no row for, at its worst for what it touches (D§4.3 "Unknown is not
 * harmless", D§5 "Positive knowledge"; docs/decisions.md "No row, no safe rating beyond the
 * workspace"). What such a program does with its words is not known, so a `safe` rating must not
 * approve it wherever its worst would reach past the workspace:
 * - a program run with raised rights (`sudo`, `doas` …): its worst is the machine's;
 * - a word only known at run time (`tool "$X"`): it may name anything;
 * - a word naming a place outside the workspace and the temp folders (`/var`, `~/x`, `../../x`,
 *   `Z:\etc`, `/dev/sdb`, also as `--opt=VALUE` and inside `a:b` or `a,b` values): at its worst the
 *   program deletes or overwrites it;
 * - a word that reads as code or text for a shell (blanks, brackets, quotes, `;`, `|`, `$`,
 *   backslashes): code without a reader;
 * - a word asking to delete, wipe, reset (protectedTrees.ts) or to end the power, the session or a
 *   running thing (power.ts): its worst is the machine's, not the workspace's.
 * What is left (workspace-relative paths, plain words and options: `nextflow run main.nf`,
 * `janet build.janet`, `mytool --verbose check`) touches at its worst the workspace, which the
 * protected-write floor already guards and a rating may approve (D§7).
 */
import type { PathPlace } from '../programs/pathResolver';
import type { SegmentRecord } from '../programs/segmentRecord';
import type { Word } from '../reading/resolution';
import { hasDestructiveWord } from '../hardline/protectedTrees';
import { namesEnding } from '../hardline/power';
import { protectedWritesAt } from './protectedWrite';
import { privilegeWrapper } from '../programs/writeTargets';

/** Text a shell or an interpreter would read as more than one plain word. */
const CODE_LIKE = /[\s(){}[\];|&<>$`'"\\]/;

/** A written path that may leave the workspace: absolute, home, parent, a drive, a UNC share. */
const PATH_LIKE = /^(?:\/|~|\.\.(?:\/|$)|[A-Za-z]:[\\/]|\\\\)/;

/**
 * Why a `safe` rating cannot approve this segment's program, or null: the record's own reason
 * (`record.unplaced`) with what reaches past the workspace, or null when the program has a row
 * (or is a builtin, or a package manager's script) or touches at its worst only the workspace.
 */
export function unplacedReach(record: SegmentRecord, place: PathPlace): string | null {
  const why = record.unplaced;
  if (why === null) return null;
  // A strict row's unknown option, a program only known at run time: nothing is placed at all.
  if (record.unreadable !== null || record.program === null) return why;
  const argv = record.peeled.argv;
  const name = record.program;
  // Run with raised rights, its worst is the machine's whatever its words (`sudo tool status`).
  const privileged = privilegeWrapper(record.peeled.wrappers);
  if (privileged !== undefined) return `${why}, and it runs through ${privileged}`;
  const reach = reachOf(argv, name, place);
  return reach === null ? null : `${why}, and ${reach}`;
}

/** What in an unplaced program's words reaches past the workspace, in words, or null. */
function reachOf(argv: readonly Word[], name: string, place: PathPlace): string | null {
  if (hasDestructiveWord(argv, name)) return 'a word asks it to delete or wipe something';
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.kind !== 'literal') return `${word.raw} is only known at run time`;
    const text = word.value;
    if (CODE_LIKE.test(text)) return `${word.raw} reads as code, which no reader reads`;
    if (namesEnding(text)) return `${word.raw} asks to end the power, the session or a running thing`;
    for (const path of pathsIn(text)) {
      if (/^[A-Za-z]:[\\/]/.test(path)) return `it is given the Windows path ${path}`;
      if (path.startsWith('/dev/') && !/^\/dev\/(?:null|zero|u?random|std(?:in|out|err)|tty)$/.test(path)) return `it is given the device ${path}`;
      if (protectedWritesAt([{ path, via: name }], place).length > 0) return `it is given ${path}, outside the workspace`;
    }
  }
  return null;
}

/** The path-like pieces of a word: the word, an option's `=VALUE`, and the parts of `a:b` and `a,b`. */
function pathsIn(text: string): string[] {
  const value = text.startsWith('-') && text.includes('=') ? text.slice(text.indexOf('=') + 1) : text;
  const pieces = [value, ...value.split(/[,:]/)];
  return [...new Set(pieces.filter((piece) => PATH_LIKE.test(piece)))];
}
