/**
 * The one reader of GNU find's command line (findutils 4.9), for every layer that needs to know
 * what a `find` runs or writes: the carve-out of allow entries (D§6), the executor payloads that
 * the hardline floor and the deny and escalate lists read (D§5, D§6), and the floor's own
 * `find / -delete` arm. One home for find's grammar (D§4.3, D§15).
 *
 * find's command line has three parts, read in this order:
 *   1. leading options: `-H`, `-L`, `-P`, `-D DEBUGOPTS` (the next word, always), `-OLEVEL`
 *      (attached only), and `--`, which ends them. The first other word ends them too;
 *   2. starting points: every word up to the first that begins with `-` and is longer than `-`,
 *      or is exactly `(` or `!`. (`)` and `,` are file names here, `-` is a file name);
 *   3. the expression: primaries with their exact number of values, and operators.
 * How find itself looks a primary up, which this reader copies because it decides what a word
 * is: one leading `-` is dropped and the rest is looked up, so `-(`, `-!`, `-,` and `-)` are the
 * operators, `--help` is `-help`, and a word in the expression that neither begins with `-` nor
 * is `(`, `)`, `!` or `,` is an error ("paths must precede expression"). A value is the next word
 * whatever it looks like (`-name -exec` tests the name `-exec`), and the words of an `-exec`
 * command are never primaries.
 *
 * Every fact here was checked against the real find 4.9.0 (test/unit/findReader.test.ts states
 * them; test/unit/findDifferential.test.ts holds the reader to the program over generated lines).
 *
 * Fail closed: anything the reader does not know for sure — an unknown primary, a word only
 * known at run time, a value missing at the end, an `-exec` without its `;` — makes the reading
 * `unreadable`, and callers treat an unreadable line as an executor form. The reader still reads
 * on past such a word (taking it as a primary without values), so that the executors written
 * after it are reported to the floor and the lists all the same.
 */
import { bashSingleQuote } from '../execution/terminalShellInit';
import type { Word } from '../reading/resolution';

/** What a primary does, as far as the gate cares. */
export type FindPrimaryKind =
  /** Filters (`-name X`, `-newer F`, `-empty`); reads at most (the reference file of `-newer`). */
  | 'test'
  /** Global and positional options (`-maxdepth N`, `-daystart`, `-files0-from F`): always true. */
  | 'option'
  /** Prints or stops (`-print`, `-printf FMT`, `-prune`, `-quit`): no effect outside find. */
  | 'action'
  /** Deletes files or writes a listing to a file (`-delete`, `-fprint F`, `-fls F`, `-fprintf F FMT`). */
  | 'writer'
  /** Runs a command (`-exec`, `-execdir`, `-ok`, `-okdir`). */
  | 'executor'
  /** `( ) ! -not -a -and -o -or ,` */
  | 'operator'
  /** Something the reader does not know (an unknown primary, an opaque word, a misplaced path). */
  | 'unknown';

interface PrimarySpec {
  kind: FindPrimaryKind;
  /** How many words follow as values (executors: their command, read separately). */
  values: number;
  /**
   * True when the primary is always true and narrows nothing (options, printing actions, `-true`):
   * the floor's `find / … -delete` arm lets everything through such a primary.
   */
  passesAll?: true;
  /** Executors only: a `+` right after a word holding `{}` ends the command (`-exec`, `-execdir`). */
  batches?: true;
}

const test = (values: number): PrimarySpec => ({ kind: 'test', values });
const option = (values: number): PrimarySpec => ({ kind: 'option', values, passesAll: true });
const printing = (values: number): PrimarySpec => ({ kind: 'action', values, passesAll: true });
const writer = (values: number, passesAll: boolean): PrimarySpec => (passesAll ? { kind: 'writer', values, passesAll: true } : { kind: 'writer', values });
const operator: PrimarySpec = { kind: 'operator', values: 0 };

/**
 * Every primary find 4.9.0 knows, keyed as find looks it up: the word without its one leading `-`.
 * Arity probed on the real program (`find . -maxdepth 0 -NAME` says "missing argument" exactly for
 * the value-taking ones); `-newerXY` is read apart ({@link NEWER_XY}).
 */
const PRIMARIES: ReadonlyMap<string, PrimarySpec> = new Map<string, PrimarySpec>([
  // Tests without a value.
  ...['empty', 'false', 'nogroup', 'nouser'].map((name) => [name, test(0)] as const),
  ['true', { kind: 'test', values: 0, passesAll: true }],
  // Tests of who may use an entry, read at their worst (docs/decisions.md "A search's ownership
  // tests keep everything"): in the searcher's own tree every entry is its own, readable and
  // writable (and every folder searchable), so they narrow nothing there.
  ...['readable', 'writable', 'executable'].map((name) => [name, { kind: 'test', values: 0, passesAll: true }] as const),
  ...['user', 'uid'].map((name) => [name, { kind: 'test', values: 1, passesAll: true }] as const),
  // Tests with one value (a pattern, a number, a name or a reference file).
  ...[
    'amin', 'anewer', 'atime', 'cmin', 'cnewer', 'context', 'ctime', 'fstype', 'gid', 'group', 'ilname', 'iname', 'inum',
    'ipath', 'iregex', 'iwholename', 'links', 'lname', 'mmin', 'mtime', 'name', 'newer', 'path', 'perm', 'regex',
    'samefile', 'size', 'type', 'used', 'wholename', 'xtype',
  ].map((name) => [name, test(1)] as const),
  // Options. `-help`/`--help` and `-version`/`--version` print and exit: nothing else happens.
  ...[
    'd', 'daystart', 'depth', 'follow', 'ignore_readdir_race', 'mount', 'noignore_readdir_race', 'noleaf', 'nowarn', 'warn',
    'xdev', 'help', '-help', 'version', '-version',
  ].map((name) => [name, option(0)] as const),
  // `-files0-from FILE` reads the starting points from FILE (`-` is stdin): a read, not a write.
  ...['maxdepth', 'mindepth', 'regextype', 'files0-from'].map((name) => [name, option(1)] as const),
  // Actions that only print, or stop the walk.
  ...['ls', 'print', 'print0'].map((name) => [name, printing(0)] as const),
  ['printf', printing(1)],
  ['prune', { kind: 'action', values: 0 }],
  ['quit', { kind: 'action', values: 0 }],
  // Writers. `-delete` is not "always true" for the floor: it is what the floor looks for.
  ['delete', writer(0, false)],
  ['fprint', writer(1, true)],
  ['fprint0', writer(1, true)],
  ['fls', writer(1, true)],
  ['fprintf', writer(2, true)],
  // Executors. `-ok` and `-okdir` ask on stdin first, but what they run is still a command.
  ['exec', { kind: 'executor', values: 0, batches: true }],
  ['execdir', { kind: 'executor', values: 0, batches: true }],
  ['ok', { kind: 'executor', values: 0 }],
  ['okdir', { kind: 'executor', values: 0 }],
  // Operators.
  ...['(', ')', '!', ',', 'not', 'a', 'and', 'o', 'or'].map((name) => [name, operator] as const),
]);

/** `-newerXY REF`: X one of `aBcm`, Y one of `aBcmt` (`t`: REF is a date). One value. */
const NEWER_XY = /^newer[aBcm][aBcmt]$/;

/** Words that make an executor's value the end of its command. */
const END = ';';
const BATCH_END = '+';

export interface FindItem {
  /** Index of the primary's word in `args`. */
  index: number;
  /** The primary's name as find knows it: `-name`, `-exec`, `(`, `--help` (`-(` reads as `(`). */
  name: string;
  kind: FindPrimaryKind;
  /** Its values in order; for an executor, the words of its command (without the terminator). */
  values: Word[];
  /** Always true and narrows nothing: options, printing actions, `-true` (see {@link PrimarySpec}). */
  passesAll: boolean;
}

export interface FindExecutor {
  /** `-exec`, `-execdir`, `-ok` or `-okdir`. */
  primary: string;
  index: number;
  /** The command as written, `{}` left as is (find puts the path there). Empty when none was given. */
  argv: Word[];
  /** `;`: once per file; `+`: once per batch of files (the `{}` word becomes several); null when missing. */
  terminator: ';' | '+' | null;
}

export interface FindWriter {
  /** `-delete`, `-fprint`, `-fprint0`, `-fls` or `-fprintf`. */
  primary: string;
  index: number;
  /** The file written; null for `-delete` (it removes what it visits) and when missing. */
  file: Word | null;
}

export interface FindUnreadable {
  /** Index in `args` of the word the reader could not vouch for (`args.length`: the line ended). */
  index: number;
  why: string;
}

export interface FindReading {
  /** `-H`, `-L`, `-P`, `-D VALUE`, `-OLEVEL`, `--`, as written. */
  leadingOptions: Word[];
  startPoints: Word[];
  /** Values of `-files0-from` (files holding more starting points; `-` is stdin). */
  startPointFiles: Word[];
  /** Every primary and operator of the expression, in order. */
  expression: FindItem[];
  executors: FindExecutor[];
  writers: FindWriter[];
  /** The first thing the reader could not vouch for; null when the whole line was read exactly. */
  unreadable: FindUnreadable | null;
}

function literalOf(word: Word | undefined): string | null {
  return word !== undefined && word.kind === 'literal' ? word.value : null;
}

/** True for the words find reads as the start of its expression (where starting points end). */
function beginsExpression(text: string): boolean {
  return (text.startsWith('-') && text.length > 1) || text === '(' || text === '!';
}

/** The name a primary's word is looked up by, and its spec; null when find does not know it. */
function lookUp(text: string): { name: string; spec: PrimarySpec } | null {
  const key = text.startsWith('-') ? text.slice(1) : text;
  const spec = PRIMARIES.get(key) ?? (NEWER_XY.test(key) ? test(1) : undefined);
  if (spec === undefined) return null;
  return { name: spec.kind === 'operator' && !/^[a-z]/.test(key) ? key : `-${key}`, spec };
}

/**
 * Reads find's arguments (the words after the program name) as GNU find 4.9 parses them.
 * Never throws. Linear in the number of words.
 */
export function readFind(args: readonly Word[]): FindReading {
  const reading: FindReading = {
    leadingOptions: [],
    startPoints: [],
    startPointFiles: [],
    expression: [],
    executors: [],
    writers: [],
    unreadable: null,
  };
  const unreadable = (index: number, why: string): void => {
    reading.unreadable ??= { index, why };
  };
  let i = 0;

  // 1. Leading options. Only these exact words: `-HL` or `-Dexec` are unknown primaries to find.
  for (; i < args.length; i++) {
    const text = literalOf(args[i]);
    if (text === null) break;
    if (text === '-H' || text === '-L' || text === '-P' || text.startsWith('-O')) {
      // `-O` takes its level attached only (`-O 3` is an error, and `3` is not consumed).
      reading.leadingOptions.push(args[i]!);
    } else if (text === '-D') {
      reading.leadingOptions.push(args[i]!);
      if (i + 1 >= args.length) unreadable(i, 'find -D needs its debug options');
      else if (args[i + 1]!.kind !== 'literal') unreadable(i + 1, 'the value of -D is only known at run time');
      if (i + 1 < args.length) reading.leadingOptions.push(args[++i]!);
    } else if (text === '--') {
      reading.leadingOptions.push(args[i]!);
      i++;
      break;
    } else {
      break;
    }
  }

  // 2. Starting points, up to the first word that begins the expression.
  for (; i < args.length; i++) {
    const word = args[i]!;
    const text = literalOf(word);
    if (text === null) {
      // `$X` could be `-exec` or several words; kept as a starting point (the floor judges its text).
      unreadable(i, 'a word only known at run time could be a primary');
      reading.startPoints.push(word);
      continue;
    }
    if (beginsExpression(text)) break;
    reading.startPoints.push(word);
  }

  // 3. The expression.
  while (i < args.length) {
    const word = args[i]!;
    const text = literalOf(word);
    // find refuses a word here that does not look like a primary before it looks the word up:
    // `name` (no dash) is a misplaced path, not `-name`.
    const placed = text !== null && (beginsExpression(text) || text === ')' || text === ',');
    const found = placed ? lookUp(text) : null;
    if (found === null) {
      if (text === null) unreadable(i, 'a word only known at run time could be a primary');
      else if (!placed) unreadable(i, `find takes ${JSON.stringify(text)} for a path after the expression (an error)`);
      else unreadable(i, `find has no primary ${JSON.stringify(text)}`);
      // Read on as if it took no value, so that later executors are still reported.
      reading.expression.push({ index: i, name: text ?? word.raw, kind: 'unknown', values: [], passesAll: false });
      i++;
      continue;
    }
    const { name, spec } = found;
    if (spec.kind === 'executor') {
      i = readExecutor(args, i, name, spec, reading, unreadable);
      continue;
    }
    const values = args.slice(i + 1, i + 1 + spec.values);
    if (values.length < spec.values) unreadable(args.length, `find ${name} needs ${spec.values === 1 ? 'a value' : `${spec.values} values`}`);
    const opaque = values.findIndex((value) => value.kind !== 'literal');
    if (opaque !== -1) unreadable(i + 1 + opaque, `the value of ${name} is only known at run time`);
    reading.expression.push({ index: i, name, kind: spec.kind, values, passesAll: spec.passesAll === true });
    if (spec.kind === 'writer') reading.writers.push({ primary: name, index: i, file: name === '-delete' ? null : values[0] ?? null });
    if (name === '-files0-from' && values[0] !== undefined) reading.startPointFiles.push(values[0]);
    i += 1 + spec.values;
  }
  return reading;
}

/**
 * Reads `-exec CMD… ;` (or `… {} +`) whose primary is at `at`; returns the index after it.
 *
 * The command runs to the first `;`. For `-exec` and `-execdir` a `+` ends it too, but only right
 * after a word that holds `{}` (`-exec echo + {} +` runs `echo + PATHS`); find then insists that
 * this word is exactly `{}` and that no other word holds `{}` (errors, so unreadable here).
 * `-ok` and `-okdir` end only at `;`.
 */
function readExecutor(
  args: readonly Word[],
  at: number,
  name: string,
  spec: PrimarySpec,
  reading: FindReading,
  unreadable: (index: number, why: string) => void,
): number {
  const command: Word[] = [];
  let terminator: ';' | '+' | null = null;
  let i = at + 1;
  for (; i < args.length; i++) {
    const word = args[i]!;
    const text = literalOf(word);
    if (text === null) {
      // Could be `;` (or several words): where the command ends is not known.
      unreadable(i, `a word of the ${name} command is only known at run time`);
    } else if (text === END) {
      terminator = ';';
      break;
    } else if (spec.batches === true && text === BATCH_END && command.length > 0 && (literalOf(command[command.length - 1]) ?? '').includes('{}')) {
      terminator = '+';
      break;
    }
    command.push(word);
  }
  if (terminator === null) unreadable(args.length, `find ${name} needs a ';' to end its command`);
  else if (command.length === 0) unreadable(at, `find ${name} needs a command`);
  if (terminator === '+') {
    const holders = command.filter((word) => (literalOf(word) ?? '').includes('{}'));
    if (literalOf(command[command.length - 1]) !== '{}' || holders.length !== 1) unreadable(at, `find ${name} … {} + needs {} by itself, once`);
  }
  reading.expression.push({ index: at, name, kind: 'executor', values: command, passesAll: false });
  reading.executors.push({ primary: name, index: at, argv: command, terminator });
  return terminator === null ? i : i + 1;
}

/** Every primary and operator in the table, as find spells it, with its kind and number of values. */
export function findPrimaries(): Array<{ name: string; kind: FindPrimaryKind; values: number }> {
  return [...PRIMARIES.keys()].map((key) => {
    const found = lookUp(/^[a-z-]/.test(key) ? `-${key}` : key)!;
    return { name: found.name, kind: found.spec.kind, values: found.spec.values };
  });
}

/**
 * Programs that delete the files they are given, one by one (no recursion needed under a search):
 * a search that hands them everything it finds deletes every file below its roots.
 */
export const FILE_DELETERS: ReadonlySet<string> = new Set(['rm', 'unlink', 'shred', 'srm', 'wipe', 'rimraf', 'del', 'trash', 'trash-put', 'gio']);

/** How far below a searched folder {@link searchedEntries} spells entries (deep enough for `/usr/lib/…/libc.so.6` from `/`). */
const MAX_ENTRY_DEPTH = 4;

/**
 * What a search hands its command at worst, when nothing narrows what it keeps (`find ROOT -exec
 * CMD {} +`, `fd . ROOT -x CMD`): the root itself and everything under it, spelt as globs one
 * level deeper each (`ROOT/*`, `ROOT/*\/*`, …) down to `maxDepth` (`-maxdepth`, `--max-depth`;
 * null: unbounded, and then `ROOT/**` too when `everyDepth`) and at most {@link MAX_ENTRY_DEPTH}. The floors judge each as the path or glob
 * it is (docs/decisions.md "A search's `{}` is read at its worst").
 */
export function searchedEntries(root: Word, maxDepth: number | null, everyDepth = false): Word[] {
  // A literal root is written back as shell text (quoted unless plain), for the glob to be read from.
  const trimmed = root.kind !== 'literal' ? root.raw.replace(/\/+$/, '') : root.value.replace(/\/+$/, '');
  const base = root.kind !== 'literal' || /^[\w@%+=:,./-]*$/.test(trimmed) ? trimmed : bashSingleQuote(trimmed);
  const expansions = root.kind === 'literal' ? [] : root.expansions.filter((expansion) => expansion !== 'glob');
  const out: Word[] = [root];
  let raw = base;
  for (let depth = 1; depth <= Math.min(maxDepth ?? MAX_ENTRY_DEPTH, MAX_ENTRY_DEPTH); depth++) {
    raw += '/*';
    out.push({ kind: 'opaque', raw, expansions: [...expansions, 'glob'] });
  }
  // Unbounded and handed to a deleter of files, it reaches every entry at every depth: `ROOT/**`,
  // which the floors read as such (`fd . ~ -x rm -f` deletes every file of the home folder).
  if (maxDepth === null && everyDepth) out.push({ kind: 'opaque', raw: `${base}/**`, expansions: [...expansions, 'glob'] });
  return out;
}
