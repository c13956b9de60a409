/**
 * Wrappers (D§4.3): programs whose job is to run another program (`sudo rm …`, `timeout 5 rm …`).
 * Deny and hardline look through them at the wrapped program; an allow entry matches a wrapped
 * command only when it names the wrapper itself. Reading a wrapper means reading its own options
 * exactly as the wrapper does (most use getopt with a leading `+`: options stop at the first
 * operand), so that `sudo -u root rm` is read as `rm` and not as a program called `root`.
 */
import { literalWord, type Word } from '../reading/resolution';

/** Programs that run another program given in their arguments. Compared on the lower-cased basename. */
export const WRAPPER_PROGRAMS: readonly string[] = [
  'sudo',
  'doas',
  'env',
  'timeout',
  'nice',
  'ionice',
  'nohup',
  'setsid',
  'stdbuf',
  'time',
  'command',
  'builtin',
  'exec',
  'xargs',
  'watch',
  // Beyond D§4.3: each of these runs the rest of its argv as a program, so a deny entry or the
  // hardline floor must see through it just the same.
  'chrt',
  'taskset',
  'unbuffer',
  'flock',
  'pkexec',
  'chroot',
  'caffeinate',
  'busybox',
  'toybox',
];

export interface UnwrappedCommand {
  /** Wrapper program names peeled off, outermost first (basename, e.g. 'sudo'). */
  wrappers: string[];
  /** The innermost command's words (may be empty, e.g. bare `sudo`). */
  argv: Word[];
  /** Assignments given through `env NAME=value` (and `sudo NAME=value`). */
  assignments: Array<{ name: string; value: Word }>;
  /** False when a wrapper's own options could not be read exactly (opaque word where an option or
   *  its argument was expected, an unknown option): consumers must then assume the worst. */
  exact: boolean;
}

/** Basename of a literal program word: '/usr/bin/rm' -> 'rm'. */
export function programName(word: Word | undefined): string | null {
  if (word === undefined || word.kind !== 'literal') return null;
  const value = word.value;
  // Most program words hold no slash; `indexOf` says so several times faster than `lastIndexOf`
  // finds the last one, and every stage asks for program names many times per command.
  if (value.indexOf('/') === -1) return value === '' ? null : value;
  const base = value.slice(value.lastIndexOf('/') + 1);
  return base === '' ? null : base;
}

// ---------------------------------------------------------------------------------------------
// Option reading (getopt / getopt_long with a leading '+': stop at the first operand)
// ---------------------------------------------------------------------------------------------

/** How many values an option takes. `optional` values must be attached (`-dVALUE`, `--opt=VALUE`). */
export type OptionArity = 'flag' | 'arg' | 'optional';

/** One option of a table; `name` unifies a long option with its short twin (e.g. `--user` → `u`). */
export interface OptionDefinition {
  arity: OptionArity;
  name: string;
}

/** The options one program understands. */
export interface OptionTable {
  short: Readonly<Record<string, OptionDefinition>>;
  long: Readonly<Record<string, OptionDefinition>>;
  /** getopt_long accepts any unambiguous prefix of a long option (`--sig` for `--signal`). */
  abbreviations: boolean;
}

/** An option as read: its unified name and, when it takes one, its value. */
export interface ReadOption {
  name: string;
  value: Word | null;
}

export interface OptionReading {
  options: ReadOption[];
  /** Index of the first word after the options (the first operand). */
  next: number;
  /** False when an option could not be read exactly; the reading is then a best guess. */
  exact: boolean;
}

/**
 * Builds an option table from a compact description: `flags`/`args`/`optional` list the short
 * letters; `long` maps each long name to `[arity, unifiedName]`. A short letter's unified name is
 * the letter itself.
 */
export function optionTable(spec: {
  flags?: string;
  args?: string;
  optional?: string;
  long?: Record<string, [OptionArity, string]>;
  abbreviations?: boolean;
}): OptionTable {
  const short: Record<string, OptionDefinition> = {};
  for (const c of spec.flags ?? '') short[c] = { arity: 'flag', name: c };
  for (const c of spec.args ?? '') short[c] = { arity: 'arg', name: c };
  for (const c of spec.optional ?? '') short[c] = { arity: 'optional', name: c };
  const long: Record<string, OptionDefinition> = {};
  for (const [key, [arity, name]] of Object.entries(spec.long ?? {})) long[key] = { arity, name };
  return { short, long, abbreviations: spec.abbreviations ?? true };
}

function lookupLong(table: OptionTable, name: string): OptionDefinition | null {
  if (Object.prototype.hasOwnProperty.call(table.long, name)) return table.long[name]!;
  if (!table.abbreviations || name === '') return null;
  let found: OptionDefinition | null = null;
  for (const key of Object.keys(table.long)) {
    if (!key.startsWith(name)) continue;
    const candidate = table.long[key]!;
    // getopt_long accepts an ambiguous prefix when every match is the same option.
    if (found !== null && found.name !== candidate.name) return null;
    found = candidate;
  }
  return found;
}

/**
 * Reads options from `words[start]` on, the way getopt with a leading `+` does: options stop at
 * the first operand, at a lone `-`, or after `--`. Never throws. An opaque word, an unknown or
 * ambiguous option, or a missing value clears `exact`; reading then goes on with the likeliest
 * interpretation (an opaque word that starts with `-` is taken for a flag, any other opaque word
 * for the first operand).
 */
export function readOptions(words: readonly Word[], start: number, table: OptionTable): OptionReading {
  const options: ReadOption[] = [];
  let exact = true;
  let i = start;
  while (i < words.length) {
    const word = words[i]!;
    if (word.kind !== 'literal') {
      // `A=$X` or `/tmp/$X` cannot expand to an option: its first character is plain text.
      if (/^[A-Za-z0-9_./=:,@%+]/.test(word.raw)) break;
      exact = false;
      if (word.raw.startsWith('-')) {
        i++;
        continue;
      }
      break;
    }
    const text = word.value;
    if (text === '--') {
      i++;
      break;
    }
    if (!text.startsWith('-') || text === '-') break;
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq === -1 ? text.slice(2) : text.slice(2, eq);
      const definition = lookupLong(table, name);
      i++;
      if (definition === null) {
        exact = false;
        continue;
      }
      if (eq !== -1) {
        if (definition.arity === 'flag') exact = false;
        options.push({ name: definition.name, value: literalWord(text.slice(eq + 1)) });
      } else if (definition.arity === 'arg') {
        const value = words[i];
        if (value === undefined || value.kind !== 'literal') exact = false;
        options.push({ name: definition.name, value: value ?? null });
        i++;
      } else {
        options.push({ name: definition.name, value: null });
      }
      continue;
    }
    // A cluster of short options: `-Eu`, `-uroot`, `-n5`.
    i++;
    for (let k = 1; k < text.length; k++) {
      const definition = table.short[text[k]!];
      if (definition === undefined) {
        exact = false;
        continue;
      }
      if (definition.arity === 'flag') {
        options.push({ name: definition.name, value: null });
        continue;
      }
      const attached = text.slice(k + 1);
      if (attached !== '') {
        options.push({ name: definition.name, value: literalWord(attached) });
      } else if (definition.arity === 'arg') {
        const value = words[i];
        if (value === undefined || value.kind !== 'literal') exact = false;
        options.push({ name: definition.name, value: value ?? null });
        i++;
      } else {
        options.push({ name: definition.name, value: null });
      }
      break;
    }
  }
  return { options, next: Math.min(i, words.length), exact };
}

// ---------------------------------------------------------------------------------------------
// Wrapper readers
// ---------------------------------------------------------------------------------------------

/** What one wrapper does with the words after its name. */
export interface WrapperLayer {
  /** Lower-cased basename of the wrapper, e.g. 'sudo'. */
  program: string;
  options: ReadOption[];
  /** The words the wrapper runs next (program first); empty when it runs no command. */
  inner: Word[];
  /**
   * Set when the wrapper hands text to a shell (or a shell-like splitter) instead of running
   * `inner` as an argv: `watch` without `-x` joins its words for `sh -c`, `flock … -c TEXT`,
   * `env -S TEXT` that could not be split exactly. The words are joined with spaces to get the text.
   */
  shellText: Word[] | null;
  assignments: Array<{ name: string; value: Word }>;
  exact: boolean;
}

type WrapperReader = (args: readonly Word[]) => Omit<WrapperLayer, 'program'>;

function layer(
  reading: OptionReading,
  inner: Word[],
  extra: Partial<Omit<WrapperLayer, 'program' | 'options' | 'inner'>> = {},
): Omit<WrapperLayer, 'program'> {
  return {
    options: reading.options,
    inner,
    shellText: extra.shellText ?? null,
    assignments: extra.assignments ?? [],
    exact: reading.exact && (extra.exact ?? true),
  };
}

function hasOption(reading: OptionReading, names: readonly string[]): boolean {
  return reading.options.some((option) => names.includes(option.name));
}

/** A reader for wrappers that are just `options… [positionals…] command…`. */
function simpleReader(
  table: OptionTable,
  settings: { noCommand?: readonly string[]; positionals?: number } = {},
): WrapperReader {
  return (args) => {
    const reading = readOptions(args, 0, table);
    if (hasOption(reading, settings.noCommand ?? [])) return layer(reading, []);
    let next = reading.next;
    let exact = true;
    for (let p = 0; p < (settings.positionals ?? 0); p++) {
      const positional = args[next];
      if (positional === undefined) return layer(reading, [], { exact: false });
      if (positional.kind !== 'literal') exact = false;
      next++;
    }
    return layer(reading, args.slice(next), { exact });
  };
}

const HELP_VERSION: Record<string, [OptionArity, string]> = {
  help: ['flag', 'help'],
  version: ['flag', 'version'],
};

const SUDO_TABLE = optionTable({
  flags: 'AbBEeHiKklNnPSsVv',
  args: 'aCcDgpRrTtUu',
  optional: 'h',
  long: {
    askpass: ['flag', 'A'],
    background: ['flag', 'b'],
    bell: ['flag', 'B'],
    'close-from': ['arg', 'C'],
    'login-class': ['arg', 'c'],
    chdir: ['arg', 'D'],
    'preserve-env': ['optional', 'E'],
    edit: ['flag', 'e'],
    group: ['arg', 'g'],
    'set-home': ['flag', 'H'],
    help: ['flag', 'help'],
    host: ['arg', 'host'],
    login: ['flag', 'i'],
    'remove-timestamp': ['flag', 'K'],
    'reset-timestamp': ['flag', 'k'],
    list: ['flag', 'l'],
    'no-update': ['flag', 'N'],
    'non-interactive': ['flag', 'n'],
    'preserve-groups': ['flag', 'P'],
    prompt: ['arg', 'p'],
    chroot: ['arg', 'R'],
    role: ['arg', 'r'],
    stdin: ['flag', 'S'],
    shell: ['flag', 's'],
    type: ['arg', 't'],
    'command-timeout': ['arg', 'T'],
    'other-user': ['arg', 'U'],
    user: ['arg', 'u'],
    version: ['flag', 'V'],
    validate: ['flag', 'v'],
  },
});

/** sudo: `-e` edits files, `-l` lists, `-K`/`-v`/`-V`/bare `-h` run nothing. */
function readSudo(args: readonly Word[]): Omit<WrapperLayer, 'program'> {
  const reading = readOptions(args, 0, SUDO_TABLE);
  const helpAlone = reading.options.some((o) => o.name === 'h' && o.value === null);
  if (helpAlone || hasOption(reading, ['e', 'l', 'K', 'v', 'V', 'help'])) return layer(reading, []);
  const { assignments, next, exact } = readAssignments(args, reading.next, 'sudo');
  return layer(reading, args.slice(next), { assignments, exact });
}

/**
 * `NAME=value` words in front of the command. env takes any word containing `=`; sudo takes a
 * word whose `=` is not its first character. An opaque word here may or may not be an
 * assignment, so it ends the reading inexactly.
 */
function readAssignments(
  args: readonly Word[],
  start: number,
  style: 'env' | 'sudo',
): { assignments: Array<{ name: string; value: Word }>; next: number; exact: boolean } {
  const assignments: Array<{ name: string; value: Word }> = [];
  let i = start;
  for (; i < args.length; i++) {
    const word = args[i]!;
    if (word.kind === 'literal') {
      const eq = word.value.indexOf('=');
      if (eq === -1 || (style === 'sudo' && eq === 0)) break;
      const rawEq = word.raw.indexOf('=');
      assignments.push({
        name: word.value.slice(0, eq),
        value: { kind: 'literal', value: word.value.slice(eq + 1), raw: rawEq === -1 ? word.value.slice(eq + 1) : word.raw.slice(rawEq + 1) },
      });
      continue;
    }
    const match = /^[A-Za-z_][A-Za-z0-9_]*=/.exec(word.raw);
    if (match === null) return { assignments, next: i, exact: false };
    assignments.push({
      name: match[0].slice(0, -1),
      value: { kind: 'opaque', raw: word.raw.slice(match[0].length), expansions: word.expansions },
    });
  }
  return { assignments, next: i, exact: true };
}

const DOAS_TABLE = optionTable({ flags: 'Lns', args: 'aCu', abbreviations: false });

const ENV_TABLE = optionTable({
  flags: '0iv',
  args: 'uCS',
  long: {
    'ignore-environment': ['flag', 'i'],
    null: ['flag', '0'],
    unset: ['arg', 'u'],
    chdir: ['arg', 'C'],
    'split-string': ['arg', 'S'],
    debug: ['flag', 'v'],
    'block-signal': ['optional', 'block-signal'],
    'default-signal': ['optional', 'default-signal'],
    'ignore-signal': ['optional', 'ignore-signal'],
    'list-signal-handling': ['flag', 'list-signal-handling'],
    ...HELP_VERSION,
  },
});

/** Characters that make env's own -S splitter do more than split on blanks. */
const ENV_SPLIT_SPECIAL = /['"\\$#]/;

/**
 * env: options, then `NAME=value` words, then the command. `-S TEXT` splits TEXT into further
 * arguments that are read as if they stood on the command line; plain TEXT (no quotes, escapes,
 * `$` or `#`) is split here exactly, anything else is handed on as shell-like text.
 */
function readEnv(args: readonly Word[], depth = 0): Omit<WrapperLayer, 'program'> {
  const reading = readOptions(args, 0, ENV_TABLE);
  if (hasOption(reading, ['help', 'version'])) return layer(reading, []);
  // A lone `-` after the options means `-i` to env.
  const dash = args[reading.next];
  if (dash?.kind === 'literal' && dash.value === '-') reading.next++;
  const split = [...reading.options].reverse().find((o) => o.name === 'S');
  if (split !== undefined) {
    const rest = args.slice(reading.next);
    const text = split.value;
    if (text !== null && text.kind === 'literal' && !ENV_SPLIT_SPECIAL.test(text.value) && depth < 8) {
      const words: Word[] = text.value
        .split(/[ \t\n\v\f\r]/)
        .filter((part) => part !== '')
        .map(literalWord);
      const again = readEnv([...words, ...rest], depth + 1);
      return {
        ...again,
        options: [...reading.options, ...again.options],
        exact: reading.exact && again.exact,
      };
    }
    return layer(reading, rest, { shellText: text === null ? rest : [text, ...rest], exact: false });
  }
  const { assignments, next, exact } = readAssignments(args, reading.next, 'env');
  return layer(reading, args.slice(next), { assignments, exact });
}

const TIMEOUT_TABLE = optionTable({
  flags: 'fvp',
  args: 'ks',
  long: {
    foreground: ['flag', 'f'],
    'preserve-status': ['flag', 'p'],
    verbose: ['flag', 'v'],
    'kill-after': ['arg', 'k'],
    signal: ['arg', 's'],
    ...HELP_VERSION,
  },
});

const NICE_TABLE = optionTable({ args: 'n', long: { adjustment: ['arg', 'n'], ...HELP_VERSION } });

/** nice also takes the historical `-NUM` / `--NUM` / `-+NUM` adjustment as its first word. */
function readNice(args: readonly Word[]): Omit<WrapperLayer, 'program'> {
  const first = args[0];
  if (first?.kind === 'literal' && /^-[-+]?[0-9]+$/.test(first.value)) {
    const reading: OptionReading = { options: [{ name: 'n', value: first }], next: 1, exact: true };
    return layer(reading, args.slice(1));
  }
  return simpleReader(NICE_TABLE, { noCommand: ['help', 'version'] })(args);
}

const IONICE_TABLE = optionTable({
  flags: 'thV',
  args: 'cnpPu',
  long: {
    class: ['arg', 'c'],
    classdata: ['arg', 'n'],
    pid: ['arg', 'p'],
    pgid: ['arg', 'P'],
    uid: ['arg', 'u'],
    ignore: ['flag', 't'],
    help: ['flag', 'h'],
    version: ['flag', 'V'],
  },
});

const NOHUP_TABLE = optionTable({ long: HELP_VERSION });

const SETSID_TABLE = optionTable({
  flags: 'cfwhV',
  long: { ctty: ['flag', 'c'], fork: ['flag', 'f'], wait: ['flag', 'w'], help: ['flag', 'h'], version: ['flag', 'V'] },
});

const STDBUF_TABLE = optionTable({
  args: 'ioe',
  long: { input: ['arg', 'i'], output: ['arg', 'o'], error: ['arg', 'e'], ...HELP_VERSION },
});

const TIME_TABLE = optionTable({
  flags: 'apqvV',
  args: 'fo',
  long: {
    append: ['flag', 'a'],
    format: ['arg', 'f'],
    output: ['arg', 'o'],
    portability: ['flag', 'p'],
    quiet: ['flag', 'q'],
    verbose: ['flag', 'v'],
    help: ['flag', 'help'],
    version: ['flag', 'V'],
  },
});

const COMMAND_TABLE = optionTable({ flags: 'pvV', abbreviations: false });
const BUILTIN_TABLE = optionTable({ abbreviations: false });
const EXEC_TABLE = optionTable({ flags: 'cl', args: 'a', abbreviations: false });

const XARGS_TABLE = optionTable({
  flags: '0oprtx',
  args: 'aEILnPsd',
  optional: 'eil',
  long: {
    null: ['flag', '0'],
    'arg-file': ['arg', 'a'],
    delimiter: ['arg', 'd'],
    eof: ['optional', 'e'],
    replace: ['optional', 'i'],
    'max-lines': ['optional', 'l'],
    'max-args': ['arg', 'n'],
    'open-tty': ['flag', 'o'],
    'max-procs': ['arg', 'P'],
    interactive: ['flag', 'p'],
    'process-slot-var': ['arg', 'process-slot-var'],
    'no-run-if-empty': ['flag', 'r'],
    'max-chars': ['arg', 's'],
    'show-limits': ['flag', 'show-limits'],
    verbose: ['flag', 't'],
    exit: ['flag', 'x'],
    ...HELP_VERSION,
  },
});

/**
 * xargs (GNU findutils 4.9, proven by test/unit/programs/xargsDifferential.test.ts): options stop at the
 * first operand. `--help`/`--version` run nothing; `--show-limits` prints the limits and then
 * runs the command all the same. `-I R` fills input into the initial arguments but never into
 * the program word (xargs 4.9 runs `R` itself). `--process-slot-var=NAME` sets NAME in the
 * command's environment to a slot number only known at run time — `NAME=PATH` makes xargs look
 * the program up elsewhere — so it is reported as an assignment, which the lists judge like
 * `env NAME=…`.
 */
function readXargs(args: readonly Word[]): Omit<WrapperLayer, 'program'> {
  const reading = readOptions(args, 0, XARGS_TABLE);
  if (hasOption(reading, ['help', 'version'])) return layer(reading, []);
  const assignments: Array<{ name: string; value: Word }> = [];
  let exact = true;
  for (const option of reading.options) {
    if (option.name !== 'process-slot-var') continue;
    if (option.value?.kind === 'literal') assignments.push({ name: option.value.value, value: { kind: 'opaque', raw: '$SLOT', expansions: ['variable'] } });
    else exact = false;
  }
  return layer(reading, args.slice(reading.next), { assignments, exact });
}

const WATCH_TABLE = optionTable({
  flags: 'bcCeghprtwxv',
  args: 'nq',
  optional: 'd',
  long: {
    beep: ['flag', 'b'],
    color: ['flag', 'c'],
    'no-color': ['flag', 'C'],
    differences: ['optional', 'd'],
    errexit: ['flag', 'e'],
    chgexit: ['flag', 'g'],
    interval: ['arg', 'n'],
    precise: ['flag', 'p'],
    equexit: ['arg', 'q'],
    'no-rerun': ['flag', 'r'],
    'no-title': ['flag', 't'],
    'no-wrap': ['flag', 'w'],
    exec: ['flag', 'x'],
    help: ['flag', 'h'],
    version: ['flag', 'v'],
  },
});

/** A word `sh -c` would read back as exactly itself. */
const SHELL_PLAIN = /^[A-Za-z0-9_.,:/@%+=-]+$/;

/**
 * watch: without `-x` it joins its words with spaces and runs them with `sh -c`, so the argv is
 * exact only when every word would survive that round trip unchanged.
 */
function readWatch(args: readonly Word[]): Omit<WrapperLayer, 'program'> {
  const reading = readOptions(args, 0, WATCH_TABLE);
  if (hasOption(reading, ['h', 'v'])) return layer(reading, []);
  const inner = args.slice(reading.next);
  if (hasOption(reading, ['x'])) return layer(reading, inner);
  // Past a few hundred words nobody is writing a watch command by hand; do not scan them all.
  const plain = inner.length <= 256 && inner.every(
    (word, index) => word.kind === 'literal' && SHELL_PLAIN.test(word.value) && !(index === 0 && word.value.includes('=')),
  );
  return layer(reading, inner, { shellText: inner, exact: plain });
}

const CHRT_TABLE = optionTable({
  flags: 'abdefiomRvphV',
  args: 'TPD',
  long: {
    'all-tasks': ['flag', 'a'],
    batch: ['flag', 'b'],
    deadline: ['flag', 'd'],
    ext: ['flag', 'e'],
    fifo: ['flag', 'f'],
    idle: ['flag', 'i'],
    max: ['flag', 'm'],
    other: ['flag', 'o'],
    rr: ['flag', 'r'],
    'reset-on-fork': ['flag', 'R'],
    verbose: ['flag', 'v'],
    'sched-runtime': ['arg', 'T'],
    'sched-period': ['arg', 'P'],
    'sched-deadline': ['arg', 'D'],
    pid: ['flag', 'p'],
    help: ['flag', 'h'],
    version: ['flag', 'V'],
  },
});

/** chrt: `[options] PRIORITY command…`; `-p` and `-m` act on processes and run nothing. */
function readChrt(args: readonly Word[]): Omit<WrapperLayer, 'program'> {
  const reading = readOptions(args, 0, CHRT_TABLE);
  if (hasOption(reading, ['p', 'm', 'h', 'V'])) return layer(reading, []);
  const priority = args[reading.next];
  if (priority?.kind === 'literal' && /^[0-9]+$/.test(priority.value)) {
    return layer(reading, args.slice(reading.next + 1));
  }
  return layer(reading, args.slice(reading.next), { exact: false });
}

const TASKSET_TABLE = optionTable({
  flags: 'acphV',
  long: { 'all-tasks': ['flag', 'a'], 'cpu-list': ['flag', 'c'], pid: ['flag', 'p'], help: ['flag', 'h'], version: ['flag', 'V'] },
});

const UNBUFFER_TABLE = optionTable({ flags: 'p', abbreviations: false });

const FLOCK_TABLE = optionTable({
  flags: 'sxenoFuhV',
  args: 'wE',
  long: {
    shared: ['flag', 's'],
    exclusive: ['flag', 'x'],
    unlock: ['flag', 'u'],
    nonblock: ['flag', 'n'],
    nb: ['flag', 'n'],
    close: ['flag', 'o'],
    'no-fork': ['flag', 'F'],
    verbose: ['flag', 'verbose'],
    timeout: ['arg', 'w'],
    wait: ['arg', 'w'],
    'conflict-exit-code': ['arg', 'E'],
    help: ['flag', 'h'],
    version: ['flag', 'V'],
  },
});

/** flock: `[options] FILE command…`, `[options] FILE -c TEXT`, or `[options] FD` (runs nothing). */
function readFlock(args: readonly Word[]): Omit<WrapperLayer, 'program'> {
  const reading = readOptions(args, 0, FLOCK_TABLE);
  if (hasOption(reading, ['h', 'V'])) return layer(reading, []);
  const file = args[reading.next];
  if (file === undefined) return layer(reading, []);
  const after = args.slice(reading.next + 1);
  const marker = after[0];
  if (marker?.kind === 'literal' && (marker.value === '-c' || marker.value === '--command')) {
    const text = after[1];
    return layer(reading, [], { shellText: text === undefined ? [] : [text], exact: false });
  }
  return layer(reading, after, { exact: file.kind === 'literal' });
}

const PKEXEC_TABLE = optionTable({
  long: {
    user: ['arg', 'user'],
    'disable-internal-agent': ['flag', 'disable-internal-agent'],
    'keep-cwd': ['flag', 'keep-cwd'],
    ...HELP_VERSION,
  },
  abbreviations: false,
});

const CHROOT_TABLE = optionTable({
  long: { groups: ['arg', 'groups'], userspec: ['arg', 'userspec'], 'skip-chdir': ['flag', 'skip-chdir'], ...HELP_VERSION },
});

const CAFFEINATE_TABLE = optionTable({ flags: 'disum', args: 'tw', abbreviations: false });

/** busybox/toybox: `APPLET args…`; any leading option (`--list`, `--help`) runs no applet. */
function readMulticall(args: readonly Word[]): Omit<WrapperLayer, 'program'> {
  const empty: OptionReading = { options: [], next: 0, exact: true };
  const first = args[0];
  if (first === undefined) return layer(empty, []);
  if (first.kind === 'literal' && first.value.startsWith('-')) return layer(empty, []);
  return layer(empty, [...args], { exact: first.kind === 'literal' });
}

const READERS: Readonly<Record<string, WrapperReader>> = {
  sudo: readSudo,
  doas: (args) => {
    const reading = readOptions(args, 0, DOAS_TABLE);
    // -L clears credentials, -C checks a config file, -s starts an interactive shell.
    if (hasOption(reading, ['L', 'C', 's'])) return layer(reading, []);
    return layer(reading, args.slice(reading.next));
  },
  env: (args) => readEnv(args),
  timeout: simpleReader(TIMEOUT_TABLE, { noCommand: ['help', 'version'], positionals: 1 }),
  nice: readNice,
  ionice: simpleReader(IONICE_TABLE, { noCommand: ['p', 'P', 'u', 'h', 'V'] }),
  nohup: simpleReader(NOHUP_TABLE, { noCommand: ['help', 'version'] }),
  setsid: simpleReader(SETSID_TABLE, { noCommand: ['h', 'V'] }),
  stdbuf: simpleReader(STDBUF_TABLE, { noCommand: ['help', 'version'] }),
  time: simpleReader(TIME_TABLE, { noCommand: ['help', 'V'] }),
  // `command -v`/`-V` only describe the command; they do not run it.
  command: simpleReader(COMMAND_TABLE, { noCommand: ['v', 'V'] }),
  builtin: simpleReader(BUILTIN_TABLE),
  exec: simpleReader(EXEC_TABLE),
  xargs: readXargs,
  watch: readWatch,
  chrt: readChrt,
  taskset: simpleReader(TASKSET_TABLE, { noCommand: ['p', 'h', 'V'], positionals: 1 }),
  unbuffer: simpleReader(UNBUFFER_TABLE),
  flock: readFlock,
  pkexec: simpleReader(PKEXEC_TABLE, { noCommand: ['help', 'version'] }),
  chroot: simpleReader(CHROOT_TABLE, { noCommand: ['help', 'version'], positionals: 1 }),
  caffeinate: simpleReader(CAFFEINATE_TABLE),
  busybox: readMulticall,
  toybox: readMulticall,
};

/** The lower-cased basename a wrapper is recognised by, or null when the word is no wrapper. */
function wrapperName(word: Word | undefined): string | null {
  const name = programName(word)?.toLowerCase() ?? null;
  return name !== null && Object.prototype.hasOwnProperty.call(READERS, name) ? name : null;
}

/** True when the argv's program is a wrapper, i.e. {@link peelWrappers} would peel something. */
export function startsWithWrapper(argv: readonly Word[]): boolean {
  return wrapperName(argv[0]) !== null;
}

/** Most wrapper layers peeled off one argv (each layer copies the rest of the argv). */
export const MAX_WRAPPER_LAYERS = 16;

/**
 * The empty lists of an argv with no wrapper — most of them — shared rather than made anew for
 * every reading: nothing changes a reading's lists (frozen, so nothing can by mistake).
 */
const NONE: never[] = Object.freeze([]) as never[];

/** Every wrapper layer of an argv, outermost first, and what remains inside the last one. */
export interface PeeledCommand extends UnwrappedCommand {
  layers: WrapperLayer[];
}

/**
 * Peels wrappers off an argv, outermost first, keeping each layer's reading (options, shell
 * text). Used by {@link unwrap} and by the executor-payload reader.
 */
export function peelWrappers(argv: readonly Word[]): PeeledCommand {
  if (wrapperName(argv[0]) === null) return { wrappers: NONE, argv: argv as Word[], assignments: NONE, exact: true, layers: NONE };
  const layers: WrapperLayer[] = [];
  const assignments: Array<{ name: string; value: Word }> = [];
  let exact = true;
  let current: Word[] = [...argv];
  for (;;) {
    const name = wrapperName(current[0]);
    if (name === null) break;
    if (layers.length >= MAX_WRAPPER_LAYERS) {
      // Real commands nest a handful of wrappers; a chain longer than this is read no further.
      exact = false;
      break;
    }
    const read = READERS[name]!(current.slice(1));
    layers.push({ program: name, ...read });
    assignments.push(...read.assignments);
    exact &&= read.exact;
    current = read.inner;
  }
  return { wrappers: layers.map((l) => l.program), argv: current, assignments, exact, layers };
}

/**
 * Peels every wrapper off an argv: `sudo -u root env FOO=1 timeout 5 rm -rf x` → wrappers
 * `['sudo', 'env', 'timeout']`, argv `rm -rf x`, assignments `FOO=1`. Never throws.
 */
export function unwrap(argv: readonly Word[]): UnwrappedCommand {
  // A peeled command is an unwrapped one with its layers besides.
  return peelWrappers(argv);
}
