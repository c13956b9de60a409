import { literalWord, type Word } from '../reading/resolution';

/**
 * The one option reader (D§4.3). A program's {@link Grammar} — a field of its row in the program
 * table — says which options take a value; {@link readArgs} splits the words after the program
 * into options and operands the way the program's own getopt would. Every layer reads argv through
 * it: the carve-outs of allow entries, the wrapper peeler, the write-target and host readers, the
 * payload search of the hardline floor.
 *
 * What the reader cannot be sure of it says, and never hides: an option it does not know, an
 * abbreviation that fits several options, a value that is missing, a word only known at run time
 * in a place where an option could stand — each clears {@link ArgReading.exact}. Each consumer then
 * errs its own safe way (an allow entry covers nothing; a floor reads the word as an operand too).
 */

/** How many values an option takes. An `optional` value must be attached (`-dVALUE`, `--opt=VALUE`). */
export type Arity = 'flag' | 'value' | 'optional';

/** A long option: its arity, or its arity and the key it shares with a short twin (`--user` → `u`). */
export type LongOption = Arity | readonly [Arity, string];

export interface Grammar {
  /** Short letters that take a value, attached (`-ofile`) or as the next word (`-o file`). */
  readonly short?: string;
  /** Short letters whose value can only be attached (`sed -i.bak`, `mysql -psecret`). */
  readonly shortAttached?: string;
  /** Short letters known to take no value (an unknown letter is read as a flag, but inexactly). */
  readonly flags?: string;
  /** Long options (no dashes). */
  readonly long?: Readonly<Record<string, LongOption>>;
  /** Accept unambiguous prefixes of the long names, as GNU `getopt_long` does (default true). */
  readonly abbreviations?: boolean;
  /** Options are whole words after one dash (`go -tags x`, `find -name x`): no short clusters. */
  readonly singleDash?: boolean;
  /** Options end at the first operand (POSIX getopt, `+` in GNU's): later words belong to a command or script. */
  readonly stopAtOperand?: boolean;
}

/** Long options that all take a value, for grammars written as a list. */
export function valued(...names: string[]): Record<string, Arity> {
  const out: Record<string, Arity> = {};
  for (const name of names) out[name] = 'value';
  return out;
}

/** Long options that all take no value. */
export function flagged(...names: string[]): Record<string, Arity> {
  const out: Record<string, Arity> = {};
  for (const name of names) out[name] = 'flag';
  return out;
}

/** One option as read. */
export interface ReadOption {
  /** As the program sees it: `-o`, or `--output` (the full name, also when abbreviated). */
  readonly name: string;
  /** The key a row's roles name: the short letter, the long name, or the long option's shared key. */
  readonly key: string;
  /** Every long name an ambiguous abbreviation may stand for (a single one when read for sure). */
  readonly candidates: readonly string[];
  /** Its value, or null for a flag or a missing value. */
  readonly value: Word | null;
  /** Index of the word that holds the option. */
  readonly index: number;
  /** Index of the word that holds the value when it is a separate word, else null. */
  readonly valueIndex: number | null;
  /** The grammar knows the option (for a long one: it was read to exactly one option). */
  readonly known: boolean;
}

export interface ArgReading {
  readonly options: ReadOption[];
  /** The operands, in order (after `--` too). */
  readonly operands: Word[];
  /** Index of each operand in the words. */
  readonly operandIndexes: number[];
  /** With `stopAtOperand`: index of the first word after the options. Otherwise the words' length. */
  readonly next: number;
  /** Index of the `--` that ended the options, or -1. */
  readonly endOfOptions: number;
  /** False when some word could not be read for sure (see the module comment). */
  readonly exact: boolean;
}

/** A word whose first character is plain text cannot expand to an option (`A=$X`, `/tmp/$X`). */
const PLAIN_START = /^[A-Za-z0-9_./=:,@%+]/;

/**
 * A word only known at run time that may become an option (or `--`): `"$X"`, `$X`, `*`, `{-a,b}`.
 * One whose first character is plain text (`src/*.ts`, `"a$X"`) cannot.
 */
export function mayBecomeOption(word: Word): boolean {
  if (word.kind === 'literal') return false;
  const raw = word.raw.startsWith('"') || word.raw.startsWith("'") ? word.raw.slice(1) : word.raw;
  return !PLAIN_START.test(raw);
}

/** Part of a word (the value after `--name=` or `-o`): opaque when the word is. */
function partOf(word: Word, text: string): Word {
  return word.kind === 'opaque' ? { kind: 'opaque', raw: text, expansions: word.expansions } : literalWord(text);
}

function longOption(grammar: Grammar, name: string): { arity: Arity; key: string } | null {
  const long = grammar.long;
  if (long === undefined || !Object.prototype.hasOwnProperty.call(long, name)) return null;
  const entry = long[name]!;
  return typeof entry === 'string' ? { arity: entry, key: name } : { arity: entry[0], key: entry[1] };
}

/** The long names `given` stands for: itself when known, else each name it abbreviates (when allowed). */
function longCandidates(grammar: Grammar, given: string): string[] {
  if (longOption(grammar, given) !== null) return [given];
  if (grammar.abbreviations === false || given === '' || grammar.long === undefined) return [];
  return Object.keys(grammar.long).filter((name) => name.startsWith(given));
}

/**
 * Reads `words[start..]` (the words after the program) with the grammar. Never throws.
 *
 * Without `stopAtOperand` options and operands may interleave (GNU permutes) until `--`. An
 * unknown long option is read as a flag, an unknown short letter as a flag of the cluster; both
 * clear `exact`. A word only known at run time is an option only where it plainly is one
 * (`--name=$X`, `-o$X` for a valued letter); one that starts with plain text is an operand; any
 * other could be either and clears `exact` (read as an operand, which ends the options when they
 * stop at the first operand).
 */
export function readArgs(words: readonly Word[], grammar: Grammar, start = 0): ArgReading {
  const options: ReadOption[] = [];
  const operands: Word[] = [];
  const operandIndexes: number[] = [];
  const short = grammar.short ?? '';
  const attached = grammar.shortAttached ?? '';
  const flags = grammar.flags;
  let exact = true;
  let endOfOptions = -1;
  let next = words.length;
  let onlyOperands = false;
  const operand = (i: number): void => {
    operands.push(words[i]!);
    operandIndexes.push(i);
    if (grammar.stopAtOperand && !onlyOperands) {
      onlyOperands = true;
      next = Math.min(next, i);
    }
  };
  for (let i = start; i < words.length; i++) {
    const word = words[i]!;
    if (onlyOperands) {
      operand(i);
      continue;
    }
    const text = word.kind === 'literal' ? word.value : word.raw;
    if (word.kind !== 'literal' && !text.startsWith('-')) {
      if (!PLAIN_START.test(text)) exact = false;
      operand(i);
      continue;
    }
    if (text.length < 2 || !text.startsWith('-')) {
      operand(i);
      continue;
    }
    if (word.kind === 'literal' && text === '--') {
      endOfOptions = i;
      onlyOperands = true;
      next = Math.min(next, i + 1);
      continue;
    }
    if (text.startsWith('--') || grammar.singleDash) {
      const body = text.slice(text.startsWith('--') ? 2 : 1);
      const eq = body.indexOf('=');
      const given = eq >= 0 ? body.slice(0, eq) : body;
      if (word.kind === 'opaque' && !/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(given)) {
        exact = false;
        operand(i);
        continue;
      }
      const dashes = text.startsWith('--') ? '--' : '-';
      const candidates = longCandidates(grammar, given);
      const definitions = candidates.map((name) => longOption(grammar, name)!);
      const sure = definitions.length > 0 && definitions.every((d) => d.key === definitions[0]!.key) ? definitions[0]! : null;
      const name = sure !== null && candidates.length === 1 ? candidates[0]! : sure !== null ? candidates.find((c) => longOption(grammar, c)!.key === sure.key)! : given;
      const optionName = `${dashes}${name}`;
      const key = sure?.key ?? given;
      const names = candidates.length > 0 ? candidates : [given];
      const known = sure !== null;
      if (sure === null) exact = false;
      if (eq >= 0) {
        if (sure?.arity === 'flag') exact = false;
        options.push(readOption(optionName, key, names, partOf(word, body.slice(eq + 1)), i, null, known));
      } else if (sure?.arity === 'value') {
        const value = words[i + 1];
        if (value === undefined || value.kind !== 'literal') exact = false;
        options.push(readOption(optionName, key, names, value ?? null, i, value === undefined ? null : i + 1, known));
        if (value !== undefined) i++;
      } else if (word.kind === 'opaque') {
        exact = false;
        operand(i);
      } else {
        options.push(readOption(optionName, key, names, null, i, null, known));
      }
      continue;
    }
    // A short cluster: `-sSLo out`, `-oout`, `-i.bak`.
    if (word.kind === 'opaque') {
      const letter = text[1]!;
      if (short.includes(letter) || attached.includes(letter)) {
        options.push(readOption(`-${letter}`, letter, [letter], partOf(word, text.slice(2)), i, null, true));
      } else {
        exact = false;
        operand(i);
      }
      continue;
    }
    for (let k = 1; k < text.length; k++) {
      const letter = text[k]!;
      const letterName = `-${letter}`;
      const only = [letter];
      if (attached.includes(letter)) {
        const rest = text.slice(k + 1);
        options.push(readOption(letterName, letter, only, rest.length > 0 ? literalWord(rest) : null, i, null, true));
        break;
      }
      if (short.includes(letter)) {
        const rest = text.slice(k + 1);
        if (rest.length > 0) {
          options.push(readOption(letterName, letter, only, literalWord(rest), i, null, true));
        } else {
          const value = words[i + 1];
          if (value === undefined || value.kind !== 'literal') exact = false;
          options.push(readOption(letterName, letter, only, value ?? null, i, value === undefined ? null : i + 1, true));
          if (value !== undefined) i++;
        }
        break;
      }
      const known = flags === undefined ? false : flags.includes(letter);
      if (!known) exact = false;
      options.push(readOption(letterName, letter, only, null, i, null, known));
    }
  }
  return { options, operands, operandIndexes, next, endOfOptions, exact };
}

/** One option, made in one shape (the reader makes many; one shape keeps them cheap). */
function readOption(name: string, key: string, candidates: readonly string[], value: Word | null, index: number, valueIndex: number | null, known: boolean): ReadOption {
  return { name, key, candidates, value, index, valueIndex, known };
}

/** True when any of the names (`-o`, `--output`, or a key such as `o`) was given. */
export function hasOption(reading: Pick<ArgReading, 'options'>, ...names: string[]): boolean {
  return reading.options.some((o) => names.includes(o.name) || names.includes(o.key));
}

/** The values of every option with one of these names, in order. */
export function optionValues(reading: Pick<ArgReading, 'options'>, ...names: string[]): Word[] {
  const out: Word[] = [];
  for (const option of reading.options) if ((names.includes(option.name) || names.includes(option.key)) && option.value) out.push(option.value);
  return out;
}

/** The literal text of a word, or `null` when opaque. */
export function textOf(word: Word | undefined | null): string | null {
  return word && word.kind === 'literal' ? word.value : null;
}
