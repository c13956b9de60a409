/**
 * Data between segments, for the hardline floor (D§5; docs/decisions.md "What flows between
 * segments is read with what flows"). What one command prints becomes the words or the code of
 * the next: `ls -d /usr/* | xargs rm -rf`, `pgrep . | xargs kill`, `echo … | base64 -d | sh`,
 * `x='rm -rf /'; $x`. This module works out what flows, from positive knowledge only:
 * - the text a known transform makes of its input (`rev`, `tr`, `base64 -d`, `base32 -d`,
 *   `openssl base64 -d`, `xxd -r -p`, simple `sed` substitutions), exactly where it can be
 *   computed; a transform that cannot be computed but keeps most of its text (`sed` with another
 *   script, `tr` with sets not read here) gives its input approximately; one that changes it
 *   beyond reading (`gunzip`) gives nothing: unknown, a possible miss, never a false refusal;
 * - the strings an interpreter's inline code prints (`python3 -c 'print("…")'`), approximately;
 * - the paths a lister prints (its row's `printsPaths`: `ls`, `find`, `fd`, `du`, `tree -f`): at
 *   worst every root it is given and everything under each;
 * - the words a command built from its input runs with (`xargs`, GNU `parallel`);
 * - values assigned earlier on the line, and the output of literal producers substituted into it,
 *   put back where they are expanded ({@link lineWithValues}).
 * The floor's arms then judge the result as they judge any other command.
 */
import { gunzipSync } from 'node:zlib';
import type { Word } from '../reading/resolution';
import type { WrapperLayer } from '../programs/wrappers';
import { programForms, rowFor, type FormReading } from '../programs/table';
import { stringLiteralsOf } from '../programs/awk';
import { printedLiterals } from '../programs/languages/approximate';
import { printfOutput } from '../programs/printfFormat';
import { approximateAnsiCQuote } from '../reading/ansiCQuote';
import { wordText } from '../programs/executorPayloads';
import { commandName, hasOption, literalText, operands, readByRow } from './commandName';
import { installedFilesAtWorst, windowsPathAsWsl } from './paths';
import { windowsVariableFolder } from './windowsFolders';
import { findPrintedCriticalFiles } from './deletion';
import { criticalFilesNamed } from './criticalNames';

/** What a command prints for the command it pipes into: alternatives, and whether they are exact. */
export interface Produced {
  texts: string[];
  exact: boolean;
  /**
   * The text is a lister's paths at worst (listedText), without the other columns the lister
   * prints (`du`'s sizes, `ls -l`'s modes): a field a selection picks may be the path, so a field
   * selection keeps every line (listings.ts).
   */
  listing?: true;
}

/** At most this many characters of flowing text are worked out (more is cut). */
const MAX_FLOW = 64 * 1024;

/** At most this many items a command built from its input is read with, each on its own. */
const MAX_ITEMS = 16;

// ---------------------------------------------------------------------------------------------
// Transforms
// ---------------------------------------------------------------------------------------------

/**
 * The text `argv` prints from what it reads on its standard input (`input`, asked only for a
 * transform that reads it), or null when `argv` is no transform the floor knows or its output is
 * unknown. The input is the here-string or here-document fed in, else the piped producer's text.
 */
export function transformedText(argv: readonly Word[], input: () => Produced | null): Produced | null {
  const name = commandName(argv[0])?.name;
  if (name === undefined) return null;
  const args = argv.slice(1);
  const transform = transformOf(name, args);
  if (transform === null) return null;
  const given = input();
  if (given === null) return null;
  const texts: string[] = [];
  let exact = given.exact && transform.exact;
  for (const text of given.texts) {
    const out = transform.apply(text.slice(0, MAX_FLOW));
    if (out === null) {
      // Not what this transform reads (not base64, say): the text it may still pass on is unknown.
      exact = false;
      continue;
    }
    if (!texts.includes(out)) texts.push(out);
  }
  if (texts.length === 0) return null;
  // Lines passed on whole keep a lister's paths at worst what they were (their globs stay globs).
  return given.listing === true && transform === IDENTITY ? { texts, exact, listing: true } : { texts, exact };
}

interface Transform {
  apply: (text: string) => string | null;
  exact: boolean;
}

const IDENTITY: Transform = { apply: (text) => text, exact: false };

/** The transform a command is, when it reads only its standard input; null for any other command. */
function transformOf(name: string, args: readonly Word[]): Transform | null {
  // A word only known at run time: what the transform does is not known (a sed script's
  // expansions stay in the text it adds: `sed "s|^|$HOME/|"` prefixes `$HOME/`).
  if (args.some((word) => word.kind !== 'literal') && !(name === 'sed' && args.every((word) => word.kind === 'literal' || /^"[^"`]*"$/.test(word.raw)))) return null;
  const words = args.map((word) => literalText(word) ?? word.raw.slice(1, -1));
  const reading = readByRow(name, args);
  const files = reading === null ? operands(args) : reading.operands;
  switch (name) {
    case 'rev':
      return files.length === 0 ? { apply: (text) => text.split('\n').map((line) => [...line].reverse().join('')).join('\n'), exact: true } : null;
    case 'tr':
      return trTransform(words);
    case 'base64':
    case 'base32':
    case 'basenc': {
      if (reading === null || !hasOption(reading, '-d', '--decode', '-D') || files.length > 0) return null;
      const base32 = name === 'base32' || hasOption(reading, '--base32');
      return { apply: (text) => (base32 ? decodeBase32(text) : decodeBase64(text)), exact: true };
    }
    case 'openssl': {
      // `openssl base64 -d`, `openssl enc -base64 -d`, `openssl enc -d -a`: base64 decoding of stdin.
      const [command, ...rest] = words;
      const decode = rest.includes('-d');
      const base64 = command === 'base64' || (command === 'enc' && (rest.includes('-base64') || rest.includes('-a')) && !rest.some((word) => /^-(?:[a-z]+-\d+|in|k|K|kfile|pass)/.test(word)));
      return decode && base64 && !rest.includes('-in') ? { apply: decodeBase64, exact: true } : null;
    }
    case 'xxd':
      // `xxd -r -p`: plain hex back to bytes; `xxd -r` of a dump keeps offsets, read as unknown.
      return words.some((word) => /^-(?:r|revert)$/.test(word) || /^-[a-z]*r[a-z]*$/.test(word)) &&
        words.some((word) => /^-(?:p|ps|plain|postscript)$/.test(word) || /^-[a-z]*p[a-z]*$/.test(word)) &&
        files.length === 0
        ? { apply: decodeHex, exact: true }
        : null;
    case 'sed':
    case 'gsed':
      return sedTransform(words);
    case 'jq':
    case 'gojq':
    case 'jaq':
      return jqTransform(name, args);
    case 'yq':
      return yqTransform(args);
    case 'gunzip':
    case 'gzip':
    case 'zcat':
    case 'gzcat':
      return gunzipTransform(name, reading, files);
    case 'cat':
    case 'tee':
      // No file to read (tee's operands are written): what comes in goes out.
      return name === 'tee' || files.every((word) => literalText(word) === '-') ? { apply: (text) => text, exact: true } : null;
    case 'grep':
    case 'egrep':
    case 'fgrep':
    case 'head':
    case 'tail':
    case 'sort':
    case 'uniq':
    case 'tac': {
      // Filters of their input's lines (`grep -v x <<< 'rm -rf /' | sh`): at worst every line goes
      // out (docs/decisions.md "Data that only looks like code"). grep's first operand is its
      // pattern unless `-e` or `-f` gives one.
      const grep = name === 'grep' || name === 'egrep' || name === 'fgrep';
      const read = grep && (reading === null || !hasOption(reading, '-e', '--regexp', '-f', '--file')) ? files.slice(1) : files;
      return read.every((word) => literalText(word) === '-') ? IDENTITY : null;
    }
    default:
      // A picker or an editor of the pipe (its row's passesInput): at worst every line it reads goes on.
      return rowFor(name)?.passesInput === true && files.length === 0 ? IDENTITY : null;
  }
}

/** `tr SET1 SET2` and `tr -d SET1` over characters, ranges and the classes `[:lower:]`/`[:upper:]`/`[:digit:]`/`[:space:]`. */
function trTransform(words: readonly string[]): Transform | null {
  let k = 0;
  let del = false;
  for (; k < words.length && /^-[dst]+$/.test(words[k]!); k++) {
    if (/[s]/.test(words[k]!)) return IDENTITY;
    del ||= words[k]!.includes('d');
  }
  if (words[k] === '--') k++;
  const sets = words.slice(k).map(trSet);
  if (sets.some((set) => set === null)) return IDENTITY;
  const [from, to] = sets as string[][];
  if (from === undefined) return null;
  if (del) {
    if (to !== undefined) return IDENTITY;
    const gone = new Set(from);
    return { apply: (text) => [...text].filter((c) => !gone.has(c)).join(''), exact: true };
  }
  if (to === undefined || to.length === 0) return IDENTITY;
  const map = new Map<string, string>();
  from.forEach((c, index) => map.set(c, to[Math.min(index, to.length - 1)]!));
  return { apply: (text) => [...text].map((c) => map.get(c) ?? c).join(''), exact: true };
}

const TR_CLASSES: Readonly<Record<string, string>> = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digit: '0123456789',
  space: ' \t\n\r\f\v',
  blank: ' \t',
};

/** A tr set spelt out, or null when it holds what is not read here (`[=e=]`, `[a*3]`, other classes). */
function trSet(spec: string): string[] | null {
  const out: string[] = [];
  let k = 0;
  const one = (): string | null => {
    const c = spec[k]!;
    if (c !== '\\' || k + 1 >= spec.length) {
      k++;
      return c;
    }
    const next = spec[k + 1]!;
    k += 2;
    return ({ n: '\n', t: '\t', r: '\r', '\\': '\\' } as Record<string, string>)[next] ?? (/[0-7]/.test(next) ? null : next);
  };
  while (k < spec.length) {
    const cls = /^\[:([a-z]+):\]/.exec(spec.slice(k));
    if (cls !== null) {
      const chars = TR_CLASSES[cls[1]!];
      if (chars === undefined) return null;
      out.push(...chars);
      k += cls[0].length;
      continue;
    }
    if (spec[k] === '[' && /^\[.[*=]/.test(spec.slice(k))) return null;
    const first = one();
    if (first === null) return null;
    if (spec[k] === '-' && k + 1 < spec.length) {
      k++;
      const last = one();
      if (last === null || last.codePointAt(0)! < first.codePointAt(0)!) return null;
      for (let code = first.codePointAt(0)!; code <= last.codePointAt(0)! && out.length < 1024; code++) out.push(String.fromCodePoint(code));
      continue;
    }
    out.push(first);
  }
  return out;
}

/**
 * sed as a transform: a script of `s/LITERAL/LITERAL/[g]` commands (no regular-expression
 * characters, no `&` or escapes in the replacement) is computed; any other script that reads no
 * file and writes none leaves its input approximately as it was, with each replacement text
 * standing where a match was (both are read).
 */
function sedTransform(words: readonly string[]): Transform | null {
  const scripts: string[] = [];
  let n = false;
  let extended = false;
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    if (word === '-e' || word === '--expression') scripts.push(words[++k] ?? '');
    else if (word.startsWith('--expression=')) scripts.push(word.slice(13));
    else if (/^-[nEr]+$/.test(word) || word === '--quiet' || word === '--silent' || word === '--regexp-extended') {
      n ||= word.includes('n') || word === '--quiet' || word === '--silent';
      extended ||= /[Er]/.test(word) || word === '--regexp-extended';
    } else if (word.startsWith('-')) return null;
    else if (scripts.length === 0) scripts.push(word);
    else return null; // a file operand: the text is the file's
  }
  if (scripts.length === 0) return null;
  // Each substitution, and whether it prints the line when it replaced (the `p` flag: with `-n`
  // the only output, `sed -n 's|^|rm -rf |p'`).
  const substitutions: Array<{ apply: (line: string) => string; prints: boolean }> = [];
  // Replacement texts of substitutions that could not be computed: at worst they stand before each line.
  const atWorst: string[] = [];
  let computable = true;
  // Exact only for literal texts: a regular expression is computed the way JavaScript matches it
  // (leftmost-first, not POSIX's leftmost-longest), so the text is then read approximately.
  let literalOnly = true;
  for (const script of scripts.join('\n').split(/[;\n]/).map((part) => part.trim()).filter((part) => part !== '')) {
    const match = /^s(.)((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1([giIp0-9]*)$/.exec(script);
    const computed = match === null ? null : sedSubstitution(match[2]!, match[3]!, match[4]!.replace(/p/g, ''), extended);
    if (computed === null) {
      computable = false;
      if (match !== null) atWorst.push(match[3]!.replace(/\\(.)/g, '$1').replace(/&/g, ''));
      continue;
    }
    substitutions.push({ apply: computed, prints: match![4]!.includes('p') });
    literalOnly &&= !/[.[\]*^$\\+?(){}|]/.test(match![2]!) && !/[&\\]/.test(match![3]!) && /^g?$/.test(match![4]!);
  }
  if (computable) {
    // A replacement that leaves the line as it was is taken as no match (its `p` prints nothing):
    // approximate then, so a `p` flag or `-n` makes the text approximate.
    const apply = (line: string): string[] => {
      const printed: string[] = [];
      let out = line;
      for (const substitution of substitutions) {
        const next = substitution.apply(out);
        if (substitution.prints && next !== out) printed.push(next);
        out = next;
      }
      return n ? printed : [...printed, out];
    };
    return { apply: (text) => text.split('\n').flatMap(apply).join('\n'), exact: literalOnly && !n };
  }
  // Not computed: the input as it was, and each line with every replacement before it (docs/decisions.md
  // "What sed makes of literal text").
  if (atWorst.length === 0) return IDENTITY;
  return { apply: (text) => [text, ...text.split('\n').filter((line) => line !== '').map((line) => `${atWorst.join(' ')} ${line}`)].join('\n'), exact: false };
}

/**
 * One `s/REGEXP/REPLACEMENT/FLAGS` of sed as a function of a line, when its regular expression
 * (basic, or extended with `-E`) and replacement translate to JavaScript's for sure: anchors, `.`,
 * `*`, bracket expressions with POSIX classes, groups and intervals (`\(…\)`, `\{…\}` in basic),
 * `\+ \? \|`, `&` and `\1`–`\9`; flags `g`, `i`/`I` and a number. Null for anything else.
 */
function sedSubstitution(pattern: string, replacement: string, flags: string, extended: boolean): ((line: string) => string) | null {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[++i];
      if (next === undefined) return null;
      if (!extended && '(){}+?|'.includes(next)) source += next;
      else if (/[1-9]/.test(next)) source += `\\${next}`;
      else if (next === 'n') source += '\\n';
      else if (next === 't') source += '\\t';
      else if (/[wWsSbB]/.test(next)) source += `\\${next}`;
      else if (/[.*[\]^$\\/+?(){}|]/.test(next) || !/[A-Za-z0-9]/.test(next)) source += `\\${next}`;
      else return null;
    } else if (c === '[') {
      const close = /^\[\^?\]?(?:\[:[a-z]+:\]|[^\]])*\]/.exec(pattern.slice(i));
      if (close === null) return null;
      // A backslash is itself inside a bracket expression; JavaScript's needs it escaped.
      const body = close[0].replace(/\\/g, '\\\\').replace(/\[:(alpha|digit|alnum|upper|lower|space|blank|punct|xdigit):\]/g, (_, name: string) => POSIX_CLASSES[name]!);
      if (/\[:/.test(body)) return null;
      source += body;
      i += close[0].length - 1;
    } else if (!extended && '(){}+?|'.includes(c)) source += `\\${c}`;
    else source += c;
  }
  const nth = /\d+/.exec(flags) === null ? 1 : Number(/\d+/.exec(flags)![0]);
  if (nth < 1 || (nth > 1 && flags.includes('g'))) return null;
  let regexp: RegExp;
  try {
    regexp = new RegExp(source, (flags.includes('g') || nth > 1 ? 'g' : '') + (/[iI]/.test(flags) ? 'i' : ''));
  } catch {
    return null;
  }
  const make = (groups: readonly string[]): string | null => {
    let out = '';
    for (let i = 0; i < replacement.length; i++) {
      const c = replacement[i]!;
      if (c === '&') out += groups[0] ?? '';
      else if (c === '\\') {
        const next = replacement[++i];
        if (next === undefined) return null;
        if (/[0-9]/.test(next)) out += groups[Number(next)] ?? '';
        else if (next === 'n') out += '\n';
        else if (next === 't') out += '\t';
        else if (/[A-Za-z]/.test(next)) return null; // GNU case conversions (`\U`, `\L`): not computed
        else out += next;
      } else out += c;
    }
    return out;
  };
  if (make([]) === null) return null;
  return (line) => {
    let count = 0;
    return line.replace(regexp, (...found: unknown[]) => {
      count++;
      const whole = found[0] as string;
      if (!flags.includes('g') && count !== nth) return whole;
      const groups = found.slice(0, found.findIndex((part) => typeof part === 'number')) as string[];
      return make(groups) ?? whole;
    });
  };
}

const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alpha: 'A-Za-z', digit: '0-9', alnum: 'A-Za-z0-9', upper: 'A-Z', lower: 'a-z', space: ' \\t\\n\\r\\f\\v', blank: ' \\t', punct: '!-/:-@[-`{-~', xdigit: '0-9A-Fa-f',
};

/**
 * `jq [-r] FILTER` with a path filter (`.`, `.[]`, `.key`, `.[0]`, `.["k"]`, `.items[].path`, and
 * such paths joined by `|`) over JSON it reads on its input: computed exactly (`-r` prints strings
 * raw). Any other filter, or a file operand, is no transform read here.
 */
function jqTransform(name: string, args: readonly Word[]): Transform | null {
  const reading = readByRow(name, args);
  if (reading === null) return null;
  if (reading.options.some((option) => !['-r', '--raw-output', '-c', '--compact-output', '-M', '--monochrome-output'].includes(option.name))) return null;
  const raw = hasOption(reading, '-r', '--raw-output');
  if (reading.operands.length !== 1) return null;
  const steps = jqPath(literalText(reading.operands[0]) ?? '');
  if (steps === null) return null;
  return {
    apply: (text) => {
      let values: unknown[];
      try {
        values = [JSON.parse(text)];
      } catch {
        return null;
      }
      for (const step of steps) values = values.flatMap((value) => jqStep(value, step));
      return values.map((value) => (raw && typeof value === 'string' ? value : JSON.stringify(value))).join('\n');
    },
    exact: true,
  };
}

/**
 * yq (Go's and Python's) over its input: a jq path filter computed on JSON input; on YAML, at worst
 * every scalar the document holds (each mapping value and list item, quotes taken off), one a line:
 * the filter prints some of them (docs/decisions.md "What sed makes of literal text"). Null when a
 * file is named, the filter is missing or an option may change what is printed beyond that.
 */
function yqTransform(args: readonly Word[]): Transform | null {
  const reading = readByRow('yq', args);
  if (reading === null) return null;
  if (reading.options.some((option) => !['-r', '--raw-output', '-M', '--no-colors', '-C', '--colors', '-c', '--unwrapScalar', '-e', '--exit-status'].includes(option.name))) return null;
  const operands = reading.operands.map(literalText);
  const filters = operands[0] === 'e' || operands[0] === 'eval' ? operands.slice(1) : operands;
  if (filters.length !== 1 || filters[0] === null) return null;
  const steps = jqPath(filters[0]!);
  return {
    apply: (text) => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined; // YAML, read below.
      }
      if (json !== undefined) {
        if (steps === null) return stringLeaves(json).join('\n');
        let values: unknown[] = [json];
        for (const step of steps) values = values.flatMap((value) => jqStep(value, step));
        return values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join('\n');
      }
      const scalars: string[] = [];
      for (const line of text.split('\n')) {
        const value = /^\s*(?:-\s+)?(?:[^\s:#][^:#]*:\s+)?([^#\s].*?)\s*$/.exec(line)?.[1];
        if (value === undefined || /^[|>][-+]?$/.test(value) || /^[^\s:]+:$/.test(value)) continue;
        scalars.push(value.replace(/^(["'])(.*)\1$/, '$2'));
      }
      return scalars.join('\n');
    },
    exact: false,
  };
}

/** Every string a JSON value holds, depth first (at most a few thousand). */
function stringLeaves(value: unknown, out: string[] = []): string[] {
  if (out.length > 4096) return out;
  if (typeof value === 'string') out.push(value);
  else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) stringLeaves(inner, out);
  return out;
}

type JqStep = { each: true } | { key: string | number };

/** The steps of a path filter, or null for any other filter. */
function jqPath(filter: string): JqStep[] | null {
  const steps: JqStep[] = [];
  for (const part of filter.split('|').map((one) => one.trim())) {
    if (!part.startsWith('.')) return null;
    let rest = part.slice(1);
    while (rest !== '') {
      const match = /^(?:\[\]\??|\[(\d+)\]|\["([^"\\]*)"\]|([A-Za-z_]\w*)|\.)/.exec(rest);
      if (match === null) return null;
      if (match[0].startsWith('[]')) steps.push({ each: true });
      else if (match[1] !== undefined) steps.push({ key: Number(match[1]) });
      else if (match[2] !== undefined || match[3] !== undefined) steps.push({ key: (match[2] ?? match[3])! });
      rest = rest.slice(match[0].length);
    }
  }
  return steps;
}

function jqStep(value: unknown, step: JqStep): unknown[] {
  if ('each' in step) return Array.isArray(value) ? value : value !== null && typeof value === 'object' ? Object.values(value) : [];
  if (value === null || typeof value !== 'object') return [null];
  const got = (value as Record<string | number, unknown>)[step.key];
  return [got === undefined ? null : got];
}

/**
 * `gunzip`, `gzip -d`/`-dc`, `zcat` of their standard input: gzip data that flows as text (a
 * base64 decoder's output, `Buffer` latin1 bytes) inflated exactly, at most {@link MAX_FLOW}
 * characters; text that is no gzip data gives nothing. A file operand: its content is unknown.
 */
function gunzipTransform(name: string, reading: ReturnType<typeof readByRow>, files: readonly Word[]): Transform | null {
  if (files.some((word) => literalText(word) !== '-')) return null;
  const decompresses = name === 'gunzip' || name === 'zcat' || name === 'gzcat' || (reading !== null && hasOption(reading, '-d', '--decompress', '--uncompress'));
  if (!decompresses) return null;
  return {
    apply: (text) => {
      try {
        return printable(gunzipSync(Buffer.from(text, 'latin1'), { maxOutputLength: MAX_FLOW }).toString('utf8'));
      } catch {
        return null;
      }
    },
    exact: true,
  };
}

/**
 * What a filter the gate cannot place may make of `texts` at its worst (docs/decisions.md "An
 * unknown filter decodes what flows through it"): the lines as they came, and what a decoder
 * would print of them — base64, base32, hex and the reversed lines — when that is text. An
 * unplaced substitute for a known transform (`step base64 -d`, a decoder of any name) is then read
 * as the transform would be, without a list of such programs.
 */
export function decodedAtWorst(texts: readonly string[]): string[] {
  const out = [...texts];
  for (const text of texts) {
    const flowing = text.slice(0, MAX_FLOW);
    const reversed = flowing.split('\n').map((line) => [...line].reverse().join('')).join('\n');
    for (const decoded of [decodeBase64(flowing), decodeBase32(flowing), decodeHex(flowing), reversed]) {
      if (decoded !== null && !out.includes(decoded)) out.push(decoded);
    }
  }
  return out;
}

function decodeBase64(text: string): string | null {
  const clean = text.replace(/\s+/g, '');
  if (clean === '' || !/^[A-Za-z0-9+/_-]+=*$/.test(clean)) return null;
  return decoded(Buffer.from(clean.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

function decodeBase32(text: string): string | null {
  const clean = text.replace(/\s+/g, '').replace(/=+$/, '').toUpperCase();
  if (clean === '' || !/^[A-Z2-7]+$/.test(clean)) return null;
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of clean) {
    value = (value << 5) | 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return decoded(Buffer.from(bytes));
}

function decodeHex(text: string): string | null {
  const clean = text.replace(/\s+/g, '');
  if (clean === '' || !/^(?:[0-9A-Fa-f]{2})+$/.test(clean)) return null;
  return decoded(Buffer.from(clean, 'hex'));
}

/**
 * Decoded bytes as what flows on: text when they are text, gzip data as its bytes (latin1, for
 * {@link gunzipTransform}), and nothing for other binary data.
 */
function decoded(bytes: Buffer): string | null {
  if (bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return bytes.toString('latin1');
  return printable(bytes.toString('utf8'));
}

/** Decoded text only when it is text (compressed or binary data is no command the floor can read). */
function printable(text: string): string | null {
  return /[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text) ? null : text;
}

/**
 * What an interpreter's inline code prints (`python3 -c 'print("rm -rf ~")'`, `node -e`, `perl -e`,
 * `ruby -e`): its string literals, approximately, one a line and all joined (the code itself is the executor payload the
 * floor reads elsewhere). Null for a program with no inline code. `command`: the argv's record, when
 * the caller has one (its forms are read once).
 */
export function interpreterPrinted(argv: readonly Word[], command?: { readonly forms: FormReading }): Produced | null {
  const name = commandName(argv[0])?.name;
  if (name === undefined) return null;
  const category = rowFor(name)?.category;
  if (category === undefined || category === 'shell') return null;
  const texts: string[] = [];
  for (const form of (command?.forms ?? programForms(argv)).forms) {
    if (form.role !== 'executor' || form.payload !== 'code' || form.value === null) continue;
    const code = wordText(form.value);
    // The literals of the code's language (its quote forms, home lookups as `~`: languages/approximate.ts).
    for (const literals of [stringLiteralsOf(code), ...printedLiterals(code, form.program.split(' ')[0]!)]) {
      // Each literal on its own line, and all of them joined (`print("rm -rf " + home)` concatenates).
      if (literals.length > 0) texts.push(...(literals.length === 1 ? literals : [literals.join('\n'), literals.join('')]));
    }
  }
  const distinct = [...new Set(texts)];
  return distinct.length === 0 ? null : { texts: distinct, exact: false };
}

/**
 * What code the floor has no reader of prints, at its worst (docs/decisions.md "What code
 * without a reader prints"): its string literals, escapes decoded, each on its own line and all
 * joined. `unplaced`: the program has no row (or words its row cannot place), and its words are
 * read as code of its language (`janet -e '(print "/etc")'`; home lookups spelt as `~`:
 * languages/approximate.ts). Otherwise, a program given no operand that is fed literal text
 * (`input`) may run it as a program and print its strings (`echo 'print "…"' | bc`, a calculator or
 * an interpreter whose row says nothing of its output). Null when neither holds or nothing is quoted.
 */
export function codePrintedAtWorst(argv: readonly Word[], unplaced: boolean, input: () => Produced | null): Produced | null {
  const name = commandName(argv[0])?.name;
  if (name === undefined) return null;
  const groups: string[][] = [];
  if (unplaced && argv.length > 1) {
    const code = argv.slice(1).map(wordText).join(' ').slice(0, MAX_FLOW);
    groups.push(stringLiteralsOf(code), ...printedLiterals(code, name));
  } else {
    const reading = readByRow(name, argv.slice(1));
    if ((reading === null ? operands(argv.slice(1)) : reading.operands).length > 0) return null;
    const given = input();
    for (const text of given?.texts ?? []) groups.push(stringLiteralsOf(text.slice(0, MAX_FLOW)));
  }
  const texts: string[] = [];
  for (const literals of groups) {
    if (literals.length > 0) texts.push(...(literals.length === 1 ? literals : [literals.join('\n'), literals.join('')]));
  }
  const distinct = [...new Set(texts)];
  return distinct.length === 0 ? null : { texts: distinct, exact: false };
}

/**
 * What a path converter prints for the POSIX side (`wslpath 'C:\\Users\\dev'`, `cygpath -u
 * 'C:\\Windows'`): the same Windows path as the floor's paths read it (paths.ts
 * `windowsPathAsWsl`), so `rm -rf "$(wslpath 'C:\\Users\\dev')"` is judged on the folder it names.
 * Its Windows-side forms (`-w`, `-m`) and any other program: null.
 */
export function convertedPath(argv: readonly Word[]): Produced | null {
  const name = commandName(argv[0])?.name;
  if (name !== 'wslpath' && name !== 'cygpath') return null;
  const words = argv.slice(1).map(literalText);
  if (words.some((word) => word === null || /^-[a-z]*[wmdsl]/i.test(word))) return null;
  const paths = (words as string[]).filter((word) => !word.startsWith('-'));
  const converted = paths.map((path) => windowsPathAsWsl(path));
  return paths.length === 1 && converted[0] !== null ? { texts: [converted[0]!], exact: true } : null;
}

/**
 * What prints a Windows environment folder (docs/decisions.md "The Windows home reached by
 * computation"): wslu's `wslvar NAME` (`-s`/`-l` pick the system's or the shell's variables: the
 * same folders), `cmd.exe /c echo %NAME%` and PowerShell's `$env:NAME` (`echo`/`Write-Output`/
 * `Write-Host` of it, or the bare variable) print the folder windowsFolders.ts knows at its worst
 * (`USERPROFILE` a real user's profile `C:\Users\%USERNAME%`), so that `wslpath` of it and a
 * deletion of that are the profile's. Any other variable or program: null.
 */
export function windowsVariablePrinted(argv: readonly Word[]): Produced | null {
  const name = commandName(argv[0])?.name;
  const words = argv.slice(1).map(literalText);
  if (words.some((word) => word === null)) return null;
  const texts = words as string[];
  let variable: string | undefined;
  if (name === 'wslvar') variable = texts.filter((word) => !word.startsWith('-'))[0];
  else if (name === 'cmd' && /^\/c$/i.test(texts[0] ?? '')) variable = /^\s*@?echo\s+%(\w+(?:\(x86\))?)%\s*$/i.exec(texts.slice(1).join(' '))?.[1];
  else if (name === 'powershell' || name === 'pwsh') {
    const code = texts.filter((word, k) => !(k === 0 && /^-(?:c|command|nop|noprofile|noni|noninteractive)$/i.test(word)) && !/^-(?:nop|noprofile|noni|noninteractive)$/i.test(word)).join(' ');
    variable = /^\s*(?:(?:echo|write-output|write-host)\s+)?\$\{?env:(\w+(?:\(x86\))?)\}?\s*;?\s*$/i.exec(code)?.[1];
  }
  const folder = variable === undefined ? null : windowsVariableFolder(variable);
  return folder === null ? null : { texts: [folder], exact: false };
}

// ---------------------------------------------------------------------------------------------
// Listed paths
// ---------------------------------------------------------------------------------------------

/**
 * The words a lister prints at worst (its row's `printsPaths`): each root it is given, and
 * everything under each (`ROOT/*`, an opaque glob the arms judge by its text). Null for a program
 * that lists no paths. Given no root, the root is the working folder (`.`), which the arms resolve
 * against the folders the line may run in (hardline/paths.ts, programs/pathResolver.ts).
 */
export function listedPaths(argv: readonly Word[]): Word[] | null {
  const name = commandName(argv[0])?.name;
  if (name === undefined) return null;
  const lists = rowFor(name)?.printsPaths;
  if (lists === undefined) return null;
  const args = argv.slice(1);
  const reading = readByRow(name, args);
  // A package's installed files: system files anywhere, whichever package is named.
  if (lists.installed !== undefined) {
    const listing = lists.installed.every((group) => (reading === null ? args.some((word) => group.some((option) => clusterHas(word, option))) : hasOption(reading, ...group)));
    return listing ? installedFilesAtWorst() : null;
  }
  if (lists.needs !== undefined && !(reading === null ? args.some((word) => lists.needs!.some((option) => clusterHas(word, option))) : hasOption(reading, ...lists.needs))) return null;
  // Without a grammar: find's roots are the words before its expression; another's, its operands.
  const first = literalText(args[0]);
  const words = reading !== null ? reading.operands : first !== null && !first.startsWith('-') ? leadingWords(args) : operands(args);
  // A regular expression anchored on a literal folder (`-r '^/etc/'`): that folder and what is under it.
  const anchored = reading === null || lists.regexps === undefined ? [] : anchoredFolders(reading, lists.regexps);
  if (anchored.length > 0 && !reading!.options.some((option) => lists.narrowing!.includes(option.name) && !lists.regexps!.includes(option.name))) {
    return anchored.slice(0, Math.floor(MAX_ITEMS / 3)).flatMap((root) => [root, contentsOf(root), contentsOf(root, '**')]);
  }
  const narrowed = lists.narrowing ?? [];
  if (reading === null ? narrowedBy(args, narrowed) : hasOption(reading, ...narrowed)) {
    // A search narrowed by name tests alone still prints the critical files those names match.
    const named = name === 'find' ? findPrintedCriticalFiles(args) : [];
    return named.length === 0 ? null : named;
  }
  if (lists.pattern === true && !/^(?:\.\*?|\^|\.\+|)$/.test(literalText(words[0]) ?? '?')) return null;
  const given = lists.globs !== undefined ? globValues(reading, lists.globs) : words.slice(lists.pattern === true ? 1 : 0).filter((word) => !/^[-(!]/.test(word.kind === 'literal' ? word.value : word.raw));
  // Given no root it lists the working folder (`ls -A`, `find`, `du -a`): `.`, resolved by the arms
  // against the folder a `cd` earlier on the line moved to (`cd ~ && ls -A | xargs rm -rf`); a
  // pattern lister given none prints nothing (docs/decisions.md "A lister given no folder lists
  // the working folder").
  const roots = given.length === 0 && lists.globs === undefined ? [literalWord('.')] : given;
  if (roots.length === 0) return null;
  const descends = lists.descends !== undefined && !args.some((word) => lists.descends!.some((option) => isOptionWord(word, option)));
  const out: Word[] = [];
  // A descending lister's roots take three words each (ROOT, ROOT/*, ROOT/**), the others two.
  const listed = roots.slice(0, Math.floor(MAX_ITEMS / 3));
  for (const root of listed) out.push(root, contentsOf(root), ...(descends ? [contentsOf(root, '**')] : []));
  // A lister of names (ls without -d): each name in the folder, a critical file's first, then any.
  if (lists.namesUnless !== undefined && !(reading === null ? args.some((word) => lists.namesUnless!.some((option) => clusterHas(word, option))) : hasOption(reading, ...lists.namesUnless))) {
    for (const root of listed) {
      const folder = literalText(root);
      if (folder === null) continue;
      for (const file of criticalFilesNamed(folder, [{ pattern: '*', ignoreCase: false }], 1)) out.push(literalWord(file.slice(file.lastIndexOf('/') + 1)));
    }
    out.push({ kind: 'opaque', raw: '*', expansions: ['glob'] });
  }
  return out;
}

/**
 * Whether an expression (find's, read without a grammar) has a narrowing test: one not negated by
 * `-not` or `!` before it, which keeps what the test rejects, at worst everything.
 */
function narrowedBy(args: readonly Word[], narrowing: readonly string[]): boolean {
  for (let k = 0; k < args.length; k++) {
    const text = literalText(args[k]) ?? '';
    if (text === '-not' || text === '!') {
      k++;
      continue;
    }
    if (narrowing.includes(text)) return true;
  }
  return false;
}

/**
 * The folders the values of these regular-expression options are anchored on, when the rest
 * matches anything: `^/etc/`, `^/etc` and `^/home/dev/.*` give `/etc` and `/home/dev`. Every value
 * must be so, else none is read (`^/home/dev/.*\.pyc$` narrows; a miss rather than a guess).
 */
function anchoredFolders(reading: NonNullable<ReturnType<typeof readByRow>>, names: readonly string[]): Word[] {
  const out: Word[] = [];
  for (const option of reading.options) {
    if (!names.includes(option.name)) continue;
    const value = option.value === null ? null : literalText(option.value);
    // The rest must match whatever follows (`^/etc/`, `^/etc/.*`, `^/etc`), or any one name below
    // it (`^/home/[^/]*$`, each home folder): `^/home/u/.*\.pyc$` narrows.
    const folder = value === null ? undefined : /^\^(\/[^\\.*+?()[\]{}|^$]*?)\/?(?:\.[*+]|\[\^\/\][*+])?\$?$/.exec(value)?.[1];
    if (folder === undefined) return [];
    out.push(literalWord(folder === '' ? '/' : folder));
  }
  return out;
}

/** The values of a lister's pattern options (`compgen -G PATTERN`), each the glob it is. */
function globValues(reading: ReturnType<typeof readByRow>, names: readonly string[]): Word[] {
  const out: Word[] = [];
  for (const option of reading?.options ?? []) {
    if (!names.includes(option.name) || option.value === null) continue;
    // The home variable inside the quoted pattern (`"$HOME/*"`) is expanded before compgen matches it.
    const text = literalText(option.value) ?? /^"?(\$(?:HOME|\{HOME\})(?:\/[^"$`]*)?)"?$/.exec(option.value.raw)?.[1] ?? null;
    if (text !== null) out.push(/[*?[]/.test(text) || text.includes('$') ? { kind: 'opaque', raw: text, expansions: text.includes('$') ? ['variable', 'glob'] : ['glob'] } : option.value);
  }
  return out;
}

function literalWord(value: string): Word {
  return { kind: 'literal', value, raw: value };
}

/** What a lister prints at worst ({@link listedPaths}) as the text that flows on, one path a line. */
export function listedText(argv: readonly Word[]): Produced | null {
  const listed = listedPaths(argv);
  return listed === null ? null : { texts: [listed.map((word) => (word.kind === 'literal' ? word.value : word.raw)).join('\n')], exact: false, listing: true };
}

/**
 * The words of a lister's text at worst ({@link listedText}) after a selection passed it on: one a
 * line, a line holding a glob (`/usr/*`, `/usr/**`) the opaque glob {@link listedPaths} made of it.
 */
export function listingWords(text: string): Word[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .slice(0, 3 * MAX_ITEMS)
    .map((line): Word => (/[*?[]/.test(line) ? { kind: 'opaque', raw: line, expansions: ['glob'] } : { kind: 'literal', value: line, raw: line }));
}

/** A literal option word that is `option` or a cluster of one-letter options holding it (`-fi` holds `-f`). */
function clusterHas(word: Word, option: string): boolean {
  const text = literalText(word);
  if (text === null) return false;
  return text === option || (/^-[a-z]$/i.test(option) && /^-[A-Za-z]+$/.test(text) && text.includes(option[1]!));
}

function leadingWords(args: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (const word of args) {
    const text = word.kind === 'literal' ? word.value : word.raw;
    if (/^[-(!,]/.test(text)) break;
    out.push(word);
  }
  return out;
}

/** `option` itself, `option=VALUE`, or a short option with its value attached (`-d1`). */
function isOptionWord(word: Word, option: string): boolean {
  const text = literalText(word);
  if (text === null) return false;
  return text === option || text.startsWith(`${option}=`) || (/^-[a-zA-Z]$/.test(option) && text.startsWith(option) && /^[0-9]+$/.test(text.slice(2)));
}

/**
 * `ROOT/*`: everything in a folder, as the opaque glob the resolver would make of it; with `**`,
 * `ROOT/**`: everything at every depth below it (hardline/paths.ts `everyFileBelowTarget`).
 */
function contentsOf(root: Word, glob: '*' | '**' = '*'): Word {
  const text = root.kind === 'literal' ? root.value : root.raw;
  const raw = `${text.replace(/\/+$/, '')}/${glob}`;
  return { kind: 'opaque', raw, expansions: root.kind === 'literal' ? ['glob'] : [...root.expansions, 'glob'] };
}

// ---------------------------------------------------------------------------------------------
// Commands built from their input
// ---------------------------------------------------------------------------------------------

/**
 * The argvs `xargs` runs when given `items` (or `lines` of text) on its input: with `-I R`/`-i`/`-J R`
 * each item (a whole line) in place of R, one command per item; else the items after the command.
 * Empty when the layer reads a file (`-a`) rather than its input.
 */
export function xargsCommands(layer: WrapperLayer, items: { words: Word[] } | { text: string }): Word[][] {
  if (layer.inner.length === 0 || layer.options.some((option) => option.name === 'a')) return [];
  const replace = layer.options.find((option) => option.name === 'I' || option.name === 'i' || option.name === 'J');
  const replacement = replace === undefined ? null : replace.value === null ? '{}' : wordText(replace.value);
  const delimiter = layer.options.find((option) => option.name === 'd');
  const nul = layer.options.some((option) => option.name === '0');
  let words: Word[];
  if ('words' in items) {
    words = items.words;
  } else {
    const separator = nul ? /\0/ : delimiter !== undefined ? new RegExp(escapeRegExp(unescapeDelimiter(wordText(delimiter.value ?? { kind: 'literal', value: '\n', raw: '' })))) : replacement !== null ? /\n/ : /[ \t\n]+/;
    words = items.text
      .split(separator)
      .map((part) => (replacement !== null ? part.replace(/^[ \t]+/, '') : part))
      .filter((part) => part !== '')
      .slice(0, 256)
      .map(flowingWord);
  }
  if (words.length === 0) return [];
  if (replacement === null || replacement === '') return [[...layer.inner, ...words]];
  return words.slice(0, MAX_ITEMS).map((item) => layer.inner.map((word) => fill(word, replacement, item)));
}

/**
 * A word of flowing text: literal, unless it still holds an expansion the approximate text kept
 * (`$HOME/*` from `sed "s|^|$HOME/|"`), which is read as the shell would have expanded it upstream.
 */
function flowingWord(part: string): Word {
  if (!/\$(?:[A-Za-z_{])/.test(part)) return { kind: 'literal', value: part, raw: part };
  return { kind: 'opaque', raw: part, expansions: /[*?[]/.test(part) ? ['variable', 'glob'] : ['variable'] };
}

function fill(word: Word, replacement: string, item: Word): Word {
  if (word.kind !== 'literal' || !word.value.includes(replacement)) return word;
  if (word.value === replacement) return item;
  if (item.kind !== 'literal') return { kind: 'opaque', raw: word.value.split(replacement).join(item.raw), expansions: item.expansions };
  const value = word.value.split(replacement).join(item.value);
  return { kind: 'literal', value, raw: value };
}

function unescapeDelimiter(text: string): string {
  return ({ '\\n': '\n', '\\t': '\t', '\\0': '\0' } as Record<string, string>)[text] ?? text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---------------------------------------------------------------------------------------------
// Values set earlier on the line
// ---------------------------------------------------------------------------------------------

interface Value {
  /** The value as text that reads back to it inside double quotes. */
  quoted: string;
  /** The value's words as unquoted shell text (bash splits an unquoted expansion). */
  split: string;
  /** The value itself, when it is known as plain text (to split it at another `IFS`). */
  raw?: string;
}

/**
 * The line with every value it assigned earlier (`NAME=VALUE`, `NAME=(…)`, `printf -v NAME …`) put
 * where it is expanded later (`$NAME`, `"$NAME"`, `${NAME}`, `"${NAME[@]}"`, zsh's `$=NAME`), and
 * every command substitution whose output `produce` can tell (a literal producer, a transform)
 * replaced by that output: `x='rm -rf /'; $x` reads as `rm -rf /`, `eval "$(echo … | base64 -d)"`
 * as `eval "…"`. An unquoted expansion is read split into words (what bash does; zsh only with
 * `$=`, so this is the worst of both). Approximate text for the floor's tolerant reader; null when
 * nothing was put back.
 */
export function lineWithValues(text: string, produce: (substituted: string) => string | null): string | null {
  if (!text.includes('$') && !text.includes('`')) return null;
  const values = new Map<string, Value>();
  let out = '';
  let changed = false;
  let quoted = false;
  let k = 0;
  while (k < text.length) {
    const c = text[k]!;
    if (c === '\\' && k + 1 < text.length) {
      out += text.slice(k, k + 2);
      k += 2;
      continue;
    }
    if (c === "'" && !quoted) {
      const end = text.indexOf("'", k + 1);
      const stop = end === -1 ? text.length : end + 1;
      out += text.slice(k, stop);
      k = stop;
      continue;
    }
    if (c === '"') {
      quoted = !quoted;
      out += c;
      k++;
      continue;
    }
    // An assignment at the start of a word: record it (kept in the text as written).
    if (!quoted && (k === 0 || /[\s;&|(]/.test(text[k - 1]!))) {
      const assignment = ASSIGNMENT.exec(text.slice(k));
      if (assignment !== null) {
        const spelled = assignment[2]!;
        const value = valueOf(spelled, values);
        values.set(assignment[1]!, value);
        // A word spelled as an assignment may be an operand (`dd of=$DEV`, `make DESTDIR=$D`): the
        // values it expands are put in, double-quoted as an assignment keeps them unsplit.
        const body = spelled.startsWith('"') ? spelled.slice(1, -1) : spelled;
        if (!/^(?:'|\$'|\$\(|`|\()/.test(spelled) && value.quoted !== body) {
          out += `${assignment[0].slice(0, assignment[0].length - spelled.length)}"${value.quoted}"`;
          changed = true;
        } else {
          out += assignment[0];
        }
        k += assignment[0].length;
        continue;
      }
      // `set -- WORDS`: the positional parameters (`"$@"`, `$*`, `$1` …).
      const positional = SET_POSITIONAL.exec(text.slice(k));
      if (positional !== null) {
        const words = shellWords(positional[1]!);
        values.set('@', { quoted: words.map((word) => `"${word.replace(/["\\`$]/g, '\\$&')}"`).join(' ').replace(/^"|"$/g, ''), split: fromLiteral(words.join(' ')).split });
        values.set('*', fromLiteral(words.join(' ')));
        words.slice(0, 9).forEach((word, index) => values.set(String(index + 1), fromLiteral(word)));
      }
      // `read [-r] NAME… <<< WORD`: the here-string's words, the last name taking the rest.
      const readHere = READ_HERE.exec(text.slice(k));
      if (readHere !== null) {
        const names = readHere[2]!.trim().split(/\s+/);
        // A here-string that is one variable (`<<< "$PATH"`) holds its value (the search path's
        // folders at their worst), split at the line's IFS too (`IFS=: read -ra P <<< "$PATH"`).
        const variable = /^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?$/.exec(readHere[3]!)?.[1];
        const known = variable === undefined ? undefined : (values.get(variable) ?? environmentValue(variable));
        const hereText = known?.raw ?? shellWords(readHere[3]!).join(' ');
        const ifs = values.get('IFS');
        const words = (known !== undefined && ifs !== undefined ? splitByIfs(fromLiteral(hereText), ifs) : hereText).split(/[ \t\n]+/).filter((word) => word !== '');
        names.forEach((name, index) => values.set(name, fromLiteral(index === names.length - 1 || /a/.test(readHere[1]!) ? words.slice(index).join(' ') : (words[index] ?? ''))));
      }
      // `mapfile -t NAME < <(PRODUCER)` (or readarray): the array holds the producer's lines, read
      // as `NAME=($(PRODUCER))` is (a lister's paths at worst).
      const mapfile = MAPFILE.exec(text.slice(k));
      if (mapfile !== null) values.set(mapfile[1]!, valueOf(`($(${mapfile[2]!}))`, values));
      const printfV = PRINTF_V.exec(text.slice(k));
      if (printfV !== null) {
        const printed = printfOutput(shellWords(printfV[2]!));
        if (printed !== null) values.set(printfV[1]!, fromLiteral(printed.text));
      }
    }
    if (c === '$' || c === '`') {
      const substitution = c === '`' ? /^`([^`]*)`/.exec(text.slice(k)) : /^\$\(((?:[^()'"]|'[^']*'|"[^"]*"|\([^()]*\))*)\)/.exec(text.slice(k));
      if (substitution !== null) {
        const printed = produce(substitution[1]!);
        if (printed !== null) {
          const value = fromLiteral(printed.replace(/\n+$/, ''));
          out += quoted ? value.quoted : value.split;
          changed = true;
        } else {
          out += substitution[0];
        }
        k += substitution[0].length;
        continue;
      }
      // zsh's `${(e)NAME}` (the `e` flag among others: `(Qe)`) expands the value again: its
      // substitutions run (`x='$(rm -rf ~)'; : ${(e)x}`), so the value is read as shell text there.
      const zshEval = c === '$' ? ZSH_EVAL.exec(text.slice(k)) : null;
      const toEval = zshEval === null ? undefined : values.get(zshEval[1]!)?.raw;
      if (zshEval !== null && toEval !== undefined) {
        out += toEval;
        k += zshEval[0].length;
        changed = true;
        continue;
      }
      // zsh's `${(s/:/)NAME}` splits the value at the separator; the search path's folders at their worst.
      const zshSplit = c === '$' ? ZSH_SPLIT.exec(text.slice(k)) : null;
      const toSplit = zshSplit === null ? undefined : (values.get(zshSplit[3]!) ?? environmentValue(zshSplit[3]!));
      if (zshSplit !== null && toSplit?.raw !== undefined) {
        out += fromLiteral(toSplit.raw.split(zshSplit[2]!).join(' ')).split;
        k += zshSplit[0].length;
        changed = true;
        continue;
      }
      const expansion = c === '$' ? EXPANSION.exec(text.slice(k)) : null;
      // The search path split at an IFS that holds `:` (`IFS=:; rm -rf $PATH`): its folders at their worst.
      const ifsSplit = expansion !== null && !quoted && values.get('IFS')?.quoted.includes(':') === true ? environmentValue(expansion[1] ?? expansion[2] ?? '') : undefined;
      if (expansion !== null && ifsSplit !== undefined && !values.has(expansion[1] ?? expansion[2]!)) {
        out += splitByIfs(ifsSplit, values.get('IFS'));
        k += expansion[0].length;
        changed = true;
        continue;
      }
      const value = expansion === null ? undefined : expansion[3] !== undefined ? indirect(expansion[3], values) : values.get(expansion[1] ?? expansion[2]!);
      if (expansion !== null && value !== undefined) {
        // `"${NAME[@]}"`: an array's elements, each a word of its own even when quoted.
        // The quote open around it is closed before the words and opened again after them.
        const array = quoted && expansion[0].includes('[@]');
        out += array ? `"${splitByIfs(value, values.get('IFS'))}"` : quoted ? value.quoted : splitByIfs(value, values.get('IFS'));
        k += expansion[0].length;
        changed = true;
        continue;
      }
    }
    out += c;
    k++;
  }
  return changed ? out : null;
}

/**
 * `NAME=VALUE` (or `+=`): a quoted value (bash's `$'…'` too), a command substitution (`$(…)` or
 * backticks, kept as its text, so `t=$(gh auth token); curl -H "…$t" URL` reads as the substitution sent), an array
 * `(…)`, or a plain word.
 */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)\+?=(\$'(?:[^'\\]|\\.)*'|\$\((?:[^()'"]|'[^']*'|"[^"]*"|\([^()]*\))*\)|`[^`]*`|'[^']*'|"(?:[^"\\]|\\.)*"|\((?:[^()'"]|'[^']*'|"(?:[^"\\]|\\.)*"|\([^()'"]*\))*\)|(?:[^\s;&|()<>'"`$]|\$\([^()'"`]*\)|\$(?!\())*)(?=[\s;&|)]|$)/;

/** `mapfile`/`readarray` with its options, one array name, fed by a process substitution (group 2: its command). */
const MAPFILE = /^(?:mapfile|readarray)(?:\s+-[tsOnducC]+(?:\s+(?:'[^']*'|[^\s;&|<>'"-][^\s;&|<>]*))?)*\s+([A-Za-z_][A-Za-z0-9_]*)\s*<\s*<\(((?:[^()'"]|'[^']*'|"[^"]*"|\([^()]*\))*)\)/;

/** `printf -v NAME ARGS…` up to the end of the command. */
const PRINTF_V = /^printf\s+-v\s*([A-Za-z_][A-Za-z0-9_]*)\s+([^;&|\n]*)/;

/** `read [-r|-a …] NAME… <<< WORD` (flags only, no option with a value but `-a`'s name). */
const READ_HERE = /^read((?:\s+-[rsea]+)*)\s+((?:[A-Za-z_][A-Za-z0-9_]*\s*)+)<<<\s*('[^']*'|"(?:[^"\\]|\\.)*"|[^\s;&|]+)/;

/** zsh's `${(FLAGS)NAME}` whose flags (letters only) hold `e`: the value expanded again, as shell text. */
const ZSH_EVAL = /^\$\{\([A-Za-z@]*e[A-Za-z@]*\)([A-Za-z_][A-Za-z0-9_]*)\}/;

/** zsh's split flag `${(s/SEP/)NAME}` (any delimiter pair: `(s.:.)`, `(s:,:)`). */
const ZSH_SPLIT = /^\$\{\(s(.)(.+?)\1\)([A-Za-z_][A-Za-z0-9_]*)\}/;

/**
 * A variable of the environment the line did not set, at its worst, where splitting it matters:
 * the search path is the system's program folders (docs/decisions.md "The search path split into
 * its folders"). Others are unknown.
 */
function environmentValue(name: string): Value | undefined {
  return name === 'PATH' ? fromLiteral('/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin') : undefined;
}

/** `set -- WORDS` up to the end of the command. */
const SET_POSITIONAL = /^set\s+--\s+([^;&|\n]*)/;

/**
 * `$NAME`, `${NAME}`, `${NAME[@]}`/`${NAME[*]}`, zsh's `$=NAME`/`${=NAME}`, the positional
 * parameters (`$@`, `$*`, `$1`…`$9`, `${@}`), and bash's indirection `${!NAME}` (third group).
 */
const EXPANSION = /^\$(?:=?([A-Za-z_][A-Za-z0-9_]*|[@*1-9])|\{=?([A-Za-z_][A-Za-z0-9_]*|[@*1-9])(?:\[[@*]\])?\}|\{!([A-Za-z_][A-Za-z0-9_]*)\})/;

/**
 * `${!NAME}`: the variable NAME names. One set on the line gives its value; one that is not (the
 * environment's `HOME`, `PWD`) stays an expansion of it, which the reader resolves as it would.
 */
function indirect(name: string, values: ReadonlyMap<string, Value>): Value | undefined {
  const target = values.get(name);
  if (target === undefined || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(target.split)) return undefined;
  return values.get(target.split) ?? { quoted: `\${${target.split}}`, split: `"\${${target.split}}"` };
}

/**
 * An unquoted value split into words: at blanks, and at the characters of `IFS` when the line set
 * it before the expansion (`IFS=,; c='rm,-rf,/var'; $c` is `rm -rf /var`; docs/decisions.md "An
 * IFS set on the line splits the values expanded after it"). A value known as plain text is split
 * and quoted again word by word; one with expansions of its own (`w="rm|-r|$HOME"`) is split as
 * the shell text it is, its expansions left for the reader; a command substitution kept as text
 * is not split.
 */
function splitByIfs(value: Value, ifs: Value | undefined): string {
  if (ifs === undefined) return value.split;
  const separators = [...new Set([...ifs.quoted.replace(/\\(.)/g, '$1')])].filter((c) => !/\s/.test(c));
  if (separators.length === 0) return value.split;
  const at = new RegExp(`[${separators.map((c) => escapeRegExp(c)).join('')}]`);
  if (value.raw !== undefined) return fromLiteral(value.raw.split(at).join(' ')).split;
  return /\$\(|`/.test(value.split) ? value.split : value.split.split(at).join(' ');
}

function valueOf(spelled: string, values: ReadonlyMap<string, Value>): Value {
  if (spelled.startsWith("$'")) return fromLiteral(approximateAnsiCQuote(spelled, 2).text);
  // A substitution, `$(…)` or backticks (`pid=\`ps -ef | awk '{print $2}'\`; for id in $pid; …`).
  if (spelled.startsWith('$(') || spelled.startsWith('`')) return { quoted: spelled, split: spelled };
  if (spelled.startsWith('(')) {
    // An array: its elements stay words even inside quotes (`"${arr[@]}"`).
    const inner = spelled.slice(1, -1).trim();
    return { quoted: `"${inner}"`, split: inner };
  }
  if (spelled.startsWith("'")) return fromLiteral(spelled.slice(1, -1));
  // Double-quoted or plain: its own expansions are read when the value is used (earlier values put in now).
  const body = spelled.startsWith('"') ? spelled.slice(1, -1) : spelled;
  const expanded = body.replace(new RegExp(EXPANSION.source.slice(1), 'g'), (whole, a: string | undefined, b: string | undefined) => values.get(a ?? b!)?.quoted ?? whole);
  return { quoted: expanded, split: expanded };
}

/** A value known as plain text: escaped for double quotes, and split into words each quoted unless plain. */
function fromLiteral(value: string): Value {
  const split = value
    .split(/[ \t\n]+/)
    .filter((part) => part !== '')
    .map((part) => (/^[A-Za-z0-9_\/.*?[\]+=:,@%-]+$/.test(part) ? part : `'${part.replace(/'/g, "'\\''")}'`))
    .join(' ');
  return { quoted: value.replace(/["\\`$]/g, '\\$&'), split, raw: value };
}

/** The words of simple shell text (quotes removed), for printf's arguments. */
function shellWords(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)) out.push(match[1] ?? match[2]?.replace(/\\(.)/g, '$1') ?? match[3]!);
  return out;
}
