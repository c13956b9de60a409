/**
 * Programs the table cannot place in a pipeline (D§5 "Unknown is not harmless"; docs/decisions.md
 * "Pickers, unknown filters and unknown runners in a pipeline"). Taken at their worst for what
 * flows through them:
 * - in the middle (`find ~ | mytool | xargs rm`), such a program passes on every line it reads;
 * - at the end (`find /var | xe rm -f`, `… | rush 'rm -f {}'`, `… | pee 'xargs chmod -x' 'wc -l'`),
 *   it may run what it reads: each suffix of its words that starts with a program, as xargs would
 *   run it with the lines it reads, and each word of shell text, as a shell fed those lines (or
 *   as GNU parallel's template of each line).
 * The floor reads the pipeline so rewritten as approximate text, with the readers it already has
 * for `xargs`, `parallel` and pipes into a shell. A program merely reading a listing (`… | wc -l`,
 * `… | mytool --count`) holds no program or shell text and adds nothing.
 */
import type { Word } from '../reading/resolution';
import { wordText } from '../programs/executorPayloads';
import { bashSingleQuote } from '../execution/terminalShellInit';

/** A command of a pipeline, as far as these readings look at it. */
export interface PipedWords {
  readonly argv: readonly Word[];
  readonly pipedFrom: PipedWords | null;
}

/** At most this many commands of a pipeline are written back as its text. */
const MAX_PIPE = 8;

/** The pipeline up to and including `command`, as shell text (each word as written). */
export function pipelineText(command: PipedWords): string {
  const parts: string[] = [];
  for (let at: PipedWords | null = command; at !== null && parts.length < MAX_PIPE; at = at.pipedFrom) parts.unshift(at.argv.map((word) => word.raw).join(' '));
  return parts.join(' | ');
}

/** Words of shell text, not one word: a blank, an operator or a substitution. */
const SHELL_TEXT = /[\s;&|`]|\$\(/;

/**
 * The pipelines an unplaced program at the end of `source`'s pipe may amount to (see the module
 * comment): `argv` is its words inside its wrappers; `namesProgram` says whether a word may name
 * a program the floor reads.
 */
export function unplacedSinkTexts(source: PipedWords, argv: readonly Word[], namesProgram: (word: Word) => boolean): string[] {
  const input = pipelineText(source);
  const out: string[] = [];
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (namesProgram(word)) {
      out.push(`${input} | xargs ${argv.slice(k).map((one) => one.raw).join(' ')}`);
      break;
    }
    const text = wordText(word);
    const value = text.startsWith('-') && text.includes('=') ? text.slice(text.indexOf('=') + 1) : text;
    if (SHELL_TEXT.test(value)) out.push(`${input} | ${value}`, `${input} | parallel ${bashSingleQuote(value)}`);
  }
  return out;
}
