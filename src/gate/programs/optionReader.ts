import { literalWord, type Word } from '../reading/resolution';

/**
 * The option reader for program argv (getopt-like): a program's {@link OptionSpec} says which
 * options take a value, and {@link parseArgs} splits its words into options and operands the way
 * the program would. The write-target readers (`writeTargets.ts`) and the open-world host readers
 * (`preflight/openWorld/hostReaders.ts`) both read argv through it, so that a word is an option
 * value or an operand for the same reason in every floor.
 *
 * (`wrappers.ts` reads wrapper options with a table of its own, shaped for peeling one program
 * off another; the two are not merged.)
 */

/**
 * How a program reads its options. Options not described here are taken to take no value:
 * for the floors that is the cautious reading, because the word after an unknown option is
 * then looked at as an operand (a possible host or write target) instead of being skipped.
 */
export interface OptionSpec {
  /** Short option letters that take a value, attached (`-ofile`) or as the next word. */
  readonly short?: string;
  /** Short option letters whose value can only be attached (`sed -i.bak`, `mysql -psecret`). */
  readonly shortAttached?: string;
  /** Long option names (no dashes) that take a value, as `--name=value` or the next word. */
  readonly long?: readonly string[];
  /** Accept unambiguous prefixes of the `long` names, as GNU `getopt_long` does. */
  readonly abbreviations?: boolean;
  /** Options are whole words after one dash (`go -tags x`, `find -name x`): no short clusters. */
  readonly singleDash?: boolean;
  /** Options end at the first operand (POSIX getopt; later words belong to a script or a remote command). */
  readonly stopAtOperand?: boolean;
}

/** An option as read: `-o`, `--output`; `value` is `null` for a flag or a missing value. */
export interface ParsedOption {
  name: string;
  value: Word | null;
}

export interface ParsedArgs {
  options: ParsedOption[];
  operands: Word[];
}

/** Part of an opaque word (the value after `--name=`), still opaque. */
function opaquePart(word: Word, raw: string): Word {
  return word.kind === 'opaque' ? { kind: 'opaque', raw, expansions: word.expansions } : literalWord(raw);
}

/**
 * Splits argv words (without the program) into options and operands the way getopt does.
 * Opaque words are operands unless they are plainly `--name=$X` or `-o$X`: bash may turn them
 * into several words, so only their position is trusted. Never throws.
 */
export function parseArgs(args: readonly Word[], spec: OptionSpec): ParsedArgs {
  const options: ParsedOption[] = [];
  const operands: Word[] = [];
  const short = spec.short ?? '';
  const attached = spec.shortAttached ?? '';
  const long = spec.long ?? [];
  let onlyOperands = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = word.kind === 'literal' ? word.value : word.raw;
    if (onlyOperands || text.length < 2 || !text.startsWith('-')) {
      operands.push(word);
      if (spec.stopAtOperand) onlyOperands = true;
      continue;
    }
    if (word.kind === 'literal' && text === '--') {
      onlyOperands = true;
      continue;
    }
    if (text.startsWith('--') || spec.singleDash) {
      const body = text.slice(text.startsWith('--') ? 2 : 1);
      const eq = body.indexOf('=');
      const given = eq >= 0 ? body.slice(0, eq) : body;
      if (word.kind === 'opaque' && !/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(given)) {
        operands.push(word);
        if (spec.stopAtOperand) onlyOperands = true;
        continue;
      }
      const name = longName(given, long, spec.abbreviations === true);
      const display = `${text.startsWith('--') ? '--' : '-'}${name ?? given}`;
      if (eq >= 0) {
        options.push({ name: display, value: opaquePart(word, body.slice(eq + 1)) });
      } else if (name !== null) {
        const next = args[i + 1];
        options.push({ name: display, value: next ?? null });
        if (next) i++;
      } else if (word.kind === 'opaque') {
        operands.push(word);
      } else {
        options.push({ name: display, value: null });
      }
      continue;
    }
    // A short cluster: `-sSLo out`, `-oout`, `-i.bak`.
    if (word.kind === 'opaque') {
      const letter = text[1]!;
      if (short.includes(letter) || attached.includes(letter)) {
        options.push({ name: `-${letter}`, value: opaquePart(word, text.slice(2)) });
      } else {
        operands.push(word);
        if (spec.stopAtOperand) onlyOperands = true;
      }
      continue;
    }
    for (let k = 1; k < text.length; k++) {
      const letter = text[k]!;
      const rest = text.slice(k + 1);
      if (attached.includes(letter)) {
        options.push({ name: `-${letter}`, value: rest.length > 0 ? literalWord(rest) : null });
        break;
      }
      if (short.includes(letter)) {
        if (rest.length > 0) {
          options.push({ name: `-${letter}`, value: literalWord(rest) });
        } else {
          const next = args[i + 1];
          options.push({ name: `-${letter}`, value: next ?? null });
          if (next) i++;
        }
        break;
      }
      options.push({ name: `-${letter}`, value: null });
    }
  }
  return { options, operands };
}

function longName(given: string, names: readonly string[], abbreviations: boolean): string | null {
  if (names.includes(given)) return given;
  if (!abbreviations || given.length < 2) return null;
  const matches = names.filter((n) => n.startsWith(given));
  return matches.length === 1 ? matches[0]! : null;
}

/** True when any of the names (`-o`, `--output`) was given. */
export function hasOption(parsed: ParsedArgs, ...names: string[]): boolean {
  return parsed.options.some((o) => names.includes(o.name));
}

/** The values of every option with one of these names, in order. */
export function optionValues(parsed: ParsedArgs, ...names: string[]): Word[] {
  const out: Word[] = [];
  for (const option of parsed.options) if (names.includes(option.name) && option.value) out.push(option.value);
  return out;
}

/** The literal text of a word, or `null` when opaque. */
export function textOf(word: Word | undefined | null): string | null {
  return word && word.kind === 'literal' ? word.value : null;
}
