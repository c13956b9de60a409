import { bashSingleQuote } from '../execution/terminalShellInit';
import type { Word } from '../reading/resolution';

/**
 * Words as one shell command line that runs exactly them: a literal word single-quoted, a word only
 * known at run time as written (read back, it is the same expansion). Rows use it for the payload
 * text of an executor form whose command is not a run of words of the argv (`start-stop-daemon
 * --exec PROG -- ARGS`, `cmake -E remove_directory DIR`, `fd -X CMD`), so that the floors read it
 * as the command it is.
 */
export function commandText(words: readonly Word[]): string {
  return words.map((word) => (word.kind === 'literal' ? bashSingleQuote(word.value) : word.raw)).join(' ');
}
