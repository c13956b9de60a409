/**
 * The words after a shell's `-c TEXT`, for the hardline floor (D§5; docs/decisions.md "A shell's
 * `-c` text is read with the arguments it is given"): `sh -c TEXT NAME ARG…` runs TEXT with `$0`
 * set to NAME and `$1`, `$2`, … (`$@`, `$*`) to the ARGs. The idiom that hands a search's or a
 * listing's paths to a script: `find /usr -exec sh -c 'rm -rf "$@"' _ {} +`, `… | xargs sh -c 'rm
 * -rf "$1"' _`. The text is read again with the arguments put where they are expanded; a quoted
 * expansion becomes the argument as written (a glob argument then stands for every path it
 * matches, as the word given to the shell would).
 */
import type { Word } from '../reading/resolution';
import { bashSingleQuote } from '../execution/terminalShellInit';
import { programForms, rowFor, type FormReading } from '../programs/table';
import { commandName } from './commandName';

/** Longest `-c` text read again (the floor reads longer ones as written only). */
const MAX_TEXT = 16 * 1024;

/**
 * The `-c` text of a shell's argv with its positional parameters filled from the words after it,
 * or null when the argv is no shell given `-c`, no word follows the text, or the text expands no
 * positional parameter. `forms`: the argv's, when its record has read them.
 */
export function shellTextWithArguments(argv: readonly Word[], forms?: FormReading): string | null {
  const name = commandName(argv[0])?.name;
  if (name === undefined || rowFor(name)?.category !== 'shell') return null;
  const form = (forms ?? programForms(argv)).forms.find((one) => one.role === 'executor' && one.payload === 'shell-text' && one.value !== null && one.value.kind === 'literal');
  if (form === undefined || form.value === null || form.value.kind !== 'literal') return null;
  const at = argv.indexOf(form.value);
  const text = form.value.value;
  if (at === -1 || at + 1 >= argv.length || text.length > MAX_TEXT || !/\$(?:[0-9@*]|\{[0-9@*]\})/.test(text)) return null;
  const words = argv.slice(at + 1).map(shellWord);
  return fillPositional(text, words);
}

/** A word as shell text that reads back to it: a literal quoted unless plain, an opaque word as written. */
function shellWord(word: Word): string {
  if (word.kind !== 'literal') return word.raw;
  return /^[\w@%+=:,./-]+$/.test(word.value) ? word.value : bashSingleQuote(word.value);
}

/**
 * Text a shell reads on its input with `-s ARG…` (`… | sh -s -- ~`), its positional parameters
 * filled from the words after `-s` (and `--`); null when the argv is no shell given `-s` with
 * words after it, or the text expands no positional parameter.
 */
export function stdinTextWithArguments(argv: readonly Word[], text: string): string | null {
  const name = commandName(argv[0])?.name;
  if (name === undefined || rowFor(name)?.category !== 'shell' || text.length > MAX_TEXT || !/\$(?:[0-9@*]|\{[0-9@*]\})/.test(text)) return null;
  let at = -1;
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.kind !== 'literal' || !/^[-+][A-Za-z]+$/.test(word.value)) break;
    if (/^-[A-Za-z]*s[A-Za-z]*$/.test(word.value)) at = k;
  }
  if (at === -1) return null;
  const rest = argv.slice(at + 1);
  const words = [shellWord(argv[0]!), ...(rest[0]?.kind === 'literal' && rest[0].value === '--' ? rest.slice(1) : rest).map(shellWord)];
  if (words.length < 2) return null;
  return fillPositional(text, words);
}

function fillPositional(text: string, words: readonly string[]): string {
  const all = words.slice(1).join(' ');
  return text.replace(/"\$(?:([0-9])|\{([0-9])\}|([@*])|\{([@*])\})"|\$(?:([0-9])|\{([0-9])\}|([@*])|\{([@*])\})/g, (...groups: Array<string | undefined>) => {
    const digit = groups[1] ?? groups[2] ?? groups[5] ?? groups[6];
    return digit !== undefined ? (words[Number(digit)] ?? '') : all;
  });
}
