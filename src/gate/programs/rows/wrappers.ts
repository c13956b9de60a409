import { readArgs, type Arity, type Grammar, type LongOption } from '../grammar';
import { literalWord, type Word } from '../../reading/resolution';
import type { Form, ProgramRow, WrapperReading } from '../row';
import { SU_GRAMMAR } from './shells';

/**
 * Wrappers (D§4.3): programs whose job is to run another program (`sudo rm …`, `timeout 5 rm …`).
 * Each row's reader reads the wrapper's own options exactly as the wrapper does (most use getopt
 * with a leading `+`: options stop at the first operand), so that `sudo -u root rm` is read as
 * `rm` and not as a program called `root`. Deny, escalate and the hardline floor look through
 * every wrapper; an allow entry covers the wrapped command alone only through a wrapper that
 * peels (`timeout 30 npm test` by `npm test`), never through sudo, xargs or watch.
 */

type WrapperReader = (args: readonly Word[]) => WrapperReading;

/** A wrapper's grammar, written as its getopt string reads: short letters by arity, long options with the key they share. */
function wrapperGrammar(spec: {
  flags?: string;
  args?: string;
  optional?: string;
  long?: Record<string, readonly [Arity, string]>;
  abbreviations?: boolean;
}): Grammar {
  const long: Record<string, LongOption> = { ...(spec.long ?? {}) };
  return {
    flags: spec.flags ?? '',
    short: spec.args ?? '',
    shortAttached: spec.optional ?? '',
    long,
    abbreviations: spec.abbreviations ?? true,
    stopAtOperand: true,
  };
}

/** The options before the command, named by their keys, and where the command starts. */
interface OptionReading {
  options: Array<{ name: string; key: string; value: Word | null }>;
  next: number;
  exact: boolean;
}

function readOptions(args: readonly Word[], start: number, grammar: Grammar): OptionReading {
  const reading = readArgs(args, grammar, start);
  return {
    options: reading.options.map((o) => ({ name: o.key, key: o.key, value: o.value })),
    next: reading.next,
    exact: reading.exact,
  };
}

function layer(reading: OptionReading, inner: Word[], extra: Partial<Omit<WrapperReading, 'options' | 'inner'>> = {}): WrapperReading {
  return {
    options: reading.options,
    inner,
    shellText: extra.shellText ?? null,
    assignments: extra.assignments ?? [],
    exact: reading.exact && (extra.exact ?? true),
    ...(extra.positionals !== undefined && extra.positionals.length > 0 ? { positionals: extra.positionals } : {}),
  };
}

function hasOption(reading: OptionReading, names: readonly string[]): boolean {
  return reading.options.some((option) => names.includes(option.name));
}

/** A reader for wrappers that are just `options… [positionals…] command…`. */
function simpleReader(
  table: Grammar,
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
    return layer(reading, args.slice(next), { exact, positionals: args.slice(reading.next, next) });
  };
}

const HELP_VERSION: Record<string, [Arity, string]> = {
  help: ['flag', 'help'],
  version: ['flag', 'version'],
};

const SUDO_TABLE = wrapperGrammar({
  flags: 'AbBEeHiKklNnPSsVv',
  args: 'aCcDgpRrTtUu',
  optional: 'h',
  long: {
    askpass: ['flag', 'A'],
    background: ['flag', 'b'],
    bell: ['flag', 'B'],
    'close-from': ['value', 'C'],
    'login-class': ['value', 'c'],
    chdir: ['value', 'D'],
    'preserve-env': ['optional', 'E'],
    edit: ['flag', 'e'],
    group: ['value', 'g'],
    'set-home': ['flag', 'H'],
    help: ['flag', 'help'],
    host: ['value', 'host'],
    login: ['flag', 'i'],
    'remove-timestamp': ['flag', 'K'],
    'reset-timestamp': ['flag', 'k'],
    list: ['flag', 'l'],
    'no-update': ['flag', 'N'],
    'non-interactive': ['flag', 'n'],
    'preserve-groups': ['flag', 'P'],
    prompt: ['value', 'p'],
    chroot: ['value', 'R'],
    role: ['value', 'r'],
    stdin: ['flag', 'S'],
    shell: ['flag', 's'],
    type: ['value', 't'],
    'command-timeout': ['value', 'T'],
    'other-user': ['value', 'U'],
    user: ['value', 'u'],
    version: ['flag', 'V'],
    validate: ['flag', 'v'],
  },
});

/** sudo: `-e` edits files, `-l` lists, `-K`/`-v`/`-V`/bare `-h` run nothing. */
function readSudo(args: readonly Word[]): WrapperReading {
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
      // `env =rm …`: zsh (EQUALS) has made the word the path of the program rm before env runs.
      if (eq === 0 && word.raw.startsWith('=')) return { assignments, next: i, exact: false };
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

const DOAS_TABLE = wrapperGrammar({ flags: 'Lns', args: 'aCu', abbreviations: false });

function readDoas(args: readonly Word[]): WrapperReading {
  const reading = readOptions(args, 0, DOAS_TABLE);
  // -L clears credentials, -C checks a config file, -s starts an interactive shell.
  if (hasOption(reading, ['L', 'C', 's'])) return layer(reading, []);
  return layer(reading, args.slice(reading.next));
}

const ENV_TABLE = wrapperGrammar({
  flags: '0iv',
  args: 'uCS',
  long: {
    'ignore-environment': ['flag', 'i'],
    null: ['flag', '0'],
    unset: ['value', 'u'],
    chdir: ['value', 'C'],
    'split-string': ['value', 'S'],
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
function readEnv(args: readonly Word[], depth = 0): WrapperReading {
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

const TIMEOUT_TABLE = wrapperGrammar({
  flags: 'fvp',
  args: 'ks',
  long: {
    foreground: ['flag', 'f'],
    'preserve-status': ['flag', 'p'],
    verbose: ['flag', 'v'],
    'kill-after': ['value', 'k'],
    signal: ['value', 's'],
    ...HELP_VERSION,
  },
});

const NICE_TABLE = wrapperGrammar({ args: 'n', long: { adjustment: ['value', 'n'], ...HELP_VERSION } });

/** nice also takes the historical `-NUM` / `--NUM` / `-+NUM` adjustment as its first word. */
function readNice(args: readonly Word[]): WrapperReading {
  const first = args[0];
  if (first?.kind === 'literal' && /^-[-+]?[0-9]+$/.test(first.value)) {
    const reading: OptionReading = { options: [{ name: 'n', key: 'n', value: first }], next: 1, exact: true };
    return layer(reading, args.slice(1));
  }
  return simpleReader(NICE_TABLE, { noCommand: ['help', 'version'] })(args);
}

const IONICE_TABLE = wrapperGrammar({
  flags: 'thV',
  args: 'cnpPu',
  long: {
    class: ['value', 'c'],
    classdata: ['value', 'n'],
    pid: ['value', 'p'],
    pgid: ['value', 'P'],
    uid: ['value', 'u'],
    ignore: ['flag', 't'],
    help: ['flag', 'h'],
    version: ['flag', 'V'],
  },
});

const NOHUP_TABLE = wrapperGrammar({ long: HELP_VERSION });

const SETSID_TABLE = wrapperGrammar({
  flags: 'cfwhV',
  long: { ctty: ['flag', 'c'], fork: ['flag', 'f'], wait: ['flag', 'w'], help: ['flag', 'h'], version: ['flag', 'V'] },
});

const STDBUF_TABLE = wrapperGrammar({
  args: 'ioe',
  long: { input: ['value', 'i'], output: ['value', 'o'], error: ['value', 'e'], ...HELP_VERSION },
});

const TIME_TABLE = wrapperGrammar({
  flags: 'apqvV',
  args: 'fo',
  long: {
    append: ['flag', 'a'],
    format: ['value', 'f'],
    output: ['value', 'o'],
    portability: ['flag', 'p'],
    quiet: ['flag', 'q'],
    verbose: ['flag', 'v'],
    help: ['flag', 'help'],
    version: ['flag', 'V'],
  },
});

const COMMAND_TABLE = wrapperGrammar({ flags: 'pvV', abbreviations: false });
const BUILTIN_TABLE = wrapperGrammar({ abbreviations: false });
const EXEC_TABLE = wrapperGrammar({ flags: 'cl', args: 'a', abbreviations: false });

const XARGS_TABLE = wrapperGrammar({
  flags: '0oprtx',
  // BSD xargs (macOS): -J R puts the input where R stands, -R N and -S N bound -I's replacements.
  args: 'aEILnPsdJRS',
  optional: 'eil',
  long: {
    null: ['flag', '0'],
    'arg-file': ['value', 'a'],
    delimiter: ['value', 'd'],
    eof: ['optional', 'e'],
    replace: ['optional', 'i'],
    'max-lines': ['optional', 'l'],
    'max-args': ['value', 'n'],
    'open-tty': ['flag', 'o'],
    'max-procs': ['value', 'P'],
    interactive: ['flag', 'p'],
    'process-slot-var': ['value', 'process-slot-var'],
    'no-run-if-empty': ['flag', 'r'],
    'max-chars': ['value', 's'],
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
function readXargs(args: readonly Word[]): WrapperReading {
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

const WATCH_TABLE = wrapperGrammar({
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
    interval: ['value', 'n'],
    precise: ['flag', 'p'],
    equexit: ['value', 'q'],
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
function readWatch(args: readonly Word[]): WrapperReading {
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

const CHRT_TABLE = wrapperGrammar({
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
    'sched-runtime': ['value', 'T'],
    'sched-period': ['value', 'P'],
    'sched-deadline': ['value', 'D'],
    pid: ['flag', 'p'],
    help: ['flag', 'h'],
    version: ['flag', 'V'],
  },
});

/** chrt: `[options] PRIORITY command…`; `-p` and `-m` act on processes and run nothing. */
function readChrt(args: readonly Word[]): WrapperReading {
  const reading = readOptions(args, 0, CHRT_TABLE);
  if (hasOption(reading, ['p', 'm', 'h', 'V'])) return layer(reading, []);
  const priority = args[reading.next];
  if (priority?.kind === 'literal' && /^[0-9]+$/.test(priority.value)) {
    return layer(reading, args.slice(reading.next + 1));
  }
  return layer(reading, args.slice(reading.next), { exact: false });
}

const TASKSET_TABLE = wrapperGrammar({
  flags: 'acphV',
  long: { 'all-tasks': ['flag', 'a'], 'cpu-list': ['flag', 'c'], pid: ['flag', 'p'], help: ['flag', 'h'], version: ['flag', 'V'] },
});

const UNBUFFER_TABLE = wrapperGrammar({ flags: 'p', abbreviations: false });

const FLOCK_TABLE = wrapperGrammar({
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
    timeout: ['value', 'w'],
    wait: ['value', 'w'],
    'conflict-exit-code': ['value', 'E'],
    help: ['flag', 'h'],
    version: ['flag', 'V'],
  },
});

/** flock: `[options] FILE command…`, `[options] FILE -c TEXT`, or `[options] FD` (runs nothing). */
function readFlock(args: readonly Word[]): WrapperReading {
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

const PKEXEC_TABLE = wrapperGrammar({
  long: {
    user: ['value', 'user'],
    'disable-internal-agent': ['flag', 'disable-internal-agent'],
    'keep-cwd': ['flag', 'keep-cwd'],
    ...HELP_VERSION,
  },
  abbreviations: false,
});

const CHROOT_TABLE = wrapperGrammar({
  long: { groups: ['value', 'groups'], userspec: ['value', 'userspec'], 'skip-chdir': ['flag', 'skip-chdir'], ...HELP_VERSION },
});

const CAFFEINATE_TABLE = wrapperGrammar({ flags: 'disum', args: 'tw', abbreviations: false });

/** systemd-inhibit (getopt_long with `+`): options, then the command it runs holding the lock. */
const SYSTEMD_INHIBIT_TABLE = wrapperGrammar({
  flags: 'h',
  long: {
    what: ['value', 'what'],
    who: ['value', 'who'],
    why: ['value', 'why'],
    mode: ['value', 'mode'],
    list: ['flag', 'list'],
    'no-pager': ['flag', 'no-pager'],
    'no-legend': ['flag', 'no-legend'],
    'no-ask-password': ['flag', 'no-ask-password'],
    help: ['flag', 'h'],
    version: ['flag', 'version'],
  },
});

/** gnome-session-inhibit reads its options by exact name (no abbreviations), then the command. */
const GNOME_SESSION_INHIBIT_TABLE = wrapperGrammar({
  flags: 'h',
  long: {
    'app-id': ['value', 'app-id'],
    reason: ['value', 'reason'],
    inhibit: ['value', 'inhibit'],
    'inhibit-only': ['flag', 'inhibit-only'],
    list: ['flag', 'list'],
    help: ['flag', 'h'],
    version: ['flag', 'version'],
  },
  abbreviations: false,
});

/** busybox/toybox: `APPLET args…`; any leading option (`--list`, `--help`) runs no applet. */
function readMulticall(args: readonly Word[]): WrapperReading {
  const empty: OptionReading = { options: [], next: 0, exact: true };
  const first = args[0];
  if (first === undefined) return layer(empty, []);
  if (first.kind === 'literal' && first.value.startsWith('-')) return layer(empty, []);
  return layer(empty, [...args], { exact: first.kind === 'literal' });
}


/** No options read: the words after the wrapper are the command (zsh's precommand modifiers). */
const NO_OPTIONS: OptionReading = Object.freeze({ options: [], next: 0, exact: true }) as OptionReading;

/**
 * zsh's precommand modifiers `noglob` (no filename generation on the words), `nocorrect` (no
 * spelling correction) and `-` (argv[0] is `-name`, as for a login shell): they take no options,
 * and the next word is the command whatever it looks like.
 */
function readPrecommand(args: readonly Word[]): WrapperReading {
  return layer(NO_OPTIONS, [...args]);
}

/**
 * zsh's `repeat WORD …`: WORD is an arithmetic expression (the count), then a command
 * (`repeat 3 rm x`), or a list in `do … done` or `{ … }`, which is read as the command after the
 * keyword up to the closing one (inexactly: the list may hold several commands).
 */
function readRepeat(args: readonly Word[]): WrapperReading {
  const count = args[0];
  if (count === undefined) return layer(NO_OPTIONS, []);
  const exactCount = count.kind === 'literal' && /^[0-9]+$/.test(count.value);
  const opening = args[1]?.kind === 'literal' ? args[1].value : null;
  if (opening === 'do' || opening === '{') {
    const closing = opening === 'do' ? 'done' : '}';
    const inner = args.slice(2);
    const last = inner[inner.length - 1];
    if (last?.kind === 'literal' && last.value === closing) inner.pop();
    return layer(NO_OPTIONS, inner, { exact: false });
  }
  return layer(NO_OPTIONS, args.slice(1), { exact: exactCount });
}

/**
 * zsh's `zargs [OPTION… --] [INPUT…] [-- COMMAND ARG…]` (an autoloaded function, xargs for
 * words): COMMAND runs with ARGs and then the INPUT words. With options (`-I`, `-n`, `-e` …) the
 * input may be split or placed elsewhere: read inexactly. No command: the input is printed.
 */
function readZargs(args: readonly Word[]): WrapperReading {
  const separator = (from: number): number => args.findIndex((word, k) => k >= from && word.kind === 'literal' && word.value === '--');
  const first = args[0];
  const options = first !== undefined && first.kind === 'literal' && first.value.startsWith('-') && first.value !== '--';
  const start = options || (first?.kind === 'literal' && first.value === '--') ? separator(0) + 1 : 0;
  if (start === 0 && options) return layer(NO_OPTIONS, [], { exact: false });
  const end = separator(start);
  // No `--` before a command: the input is printed, unless a word known only at run time is that
  // `--` then (`zargs -- *.log "$X" rm -f`), which makes what follows it a command.
  if (end === -1) return layer(NO_OPTIONS, [], { exact: args.slice(start).every((word) => word.kind === 'literal') });
  const inner = [...args.slice(end + 1), ...args.slice(start, end)];
  return layer(NO_OPTIONS, inner, { exact: !options && args.every((word) => word.kind === 'literal') });
}

/**
 * GNU coreutils built as one program (`coreutils --coreutils-prog=rm -rf /`), and uutils'
 * coreutils (`coreutils rm -rf /`): the program named runs with the words after it.
 */
function readCoreutils(args: readonly Word[]): WrapperReading {
  const empty: OptionReading = { options: [], next: 0, exact: true };
  const first = args[0];
  if (first === undefined) return layer(empty, []);
  if (first.kind !== 'literal') return layer(empty, [...args], { exact: false });
  const named = /^--coreutils-prog(?:-shebang)?=(.*)$/s.exec(first.value);
  if (named !== null) return layer(empty, named[1] === '' ? [] : [literalWord(named[1]!), ...args.slice(1)]);
  if (first.value.startsWith('-')) return layer(empty, [], { exact: first.value === '--help' || first.value === '--version' || first.value === '--list' });
  return layer(empty, [...args]);
}

/** shx (ShellJS's commands for npm scripts): `shx [--silent|--verbose|--noglob|--negate] CMD ARGS…`. */
const SHX_TABLE = wrapperGrammar({
  long: { silent: ['flag', 'silent'], verbose: ['flag', 'verbose'], noglob: ['flag', 'noglob'], negate: ['flag', 'negate'], ...HELP_VERSION },
  abbreviations: false,
});

/**
 * cross-env (npm): `cross-env NAME=value… COMMAND ARGS…`, like env without options. cross-env-shell
 * joins the words after the assignments and runs them with a shell.
 */
function readCrossEnv(args: readonly Word[], shell: boolean): WrapperReading {
  const empty: OptionReading = { options: [], next: 0, exact: true };
  const { assignments, next, exact } = readAssignments(args, 0, 'env');
  const rest = args.slice(next);
  return shell ? layer(empty, [], { assignments, exact, shellText: rest.length > 0 ? rest : null }) : layer(empty, rest, { assignments, exact });
}

/**
 * runuser (util-linux): `runuser [options] -u USER [[--] COMMAND [ARGS…]]` runs the command itself;
 * `runuser [options] [-] [USER [ARGS…]]` runs the user's shell as su does, and the words after USER
 * go to that shell (`runuser root -c TEXT`).
 */
function readRunuser(args: readonly Word[]): WrapperReading {
  const reading = readOptions(args, 0, { ...SU_GRAMMAR, stopAtOperand: true });
  const runs = hasOption(reading, ['u']) && !hasOption(reading, ['h', 'V']);
  return layer(reading, runs ? args.slice(reading.next) : []);
}

/** `runuser [-] USER … -c TEXT`: the shell it starts reads `-c` among the words after USER too. */
function runuserShellCode(args: readonly Word[]): Form[] {
  const reading = readArgs(args, { ...SU_GRAMMAR, stopAtOperand: true });
  if (reading.options.some((o) => o.key === 'u')) return [];
  const forms: Form[] = [];
  for (let i = reading.next; i < args.length; i++) {
    const word = args[i]!;
    const text = word.kind === 'literal' ? word.value : null;
    if (text !== null && /^(-c|--command|--session-command)$/.test(text) && args[i + 1] !== undefined) {
      forms.push({ role: 'executor', program: 'runuser', trigger: text, index: i + 1, value: args[i + 1]!, payload: 'shell-text', note: 'the shell runuser starts runs the text after -c' });
    } else if (text !== null && /^--(command|session-command)=/.test(text)) {
      forms.push({ role: 'executor', program: 'runuser', trigger: text, index: i, value: literalWord(text.slice(text.indexOf('=') + 1)), payload: 'shell-text', note: 'the shell runuser starts runs the text after --command=' });
    } else if (word.kind !== 'literal') {
      throw new Error(`${word.raw}: a word only known at run time among the words runuser hands to the shell`);
    }
  }
  return forms;
}

/** devel-su: `-p` keeps the caller's environment. */
const DEVEL_SU_TABLE = wrapperGrammar({ flags: 'p' });

const RUN0_TABLE = wrapperGrammar({
  flags: 'hi',
  args: 'ugD',
  long: {
    'no-ask-password': ['flag', 'no-ask-password'],
    unit: ['value', 'unit'],
    property: ['value', 'property'],
    description: ['value', 'description'],
    slice: ['value', 'slice'],
    'slice-inherit': ['flag', 'slice-inherit'],
    user: ['value', 'u'],
    group: ['value', 'g'],
    nice: ['value', 'nice'],
    chdir: ['value', 'D'],
    setenv: ['value', 'setenv'],
    background: ['value', 'background'],
    pty: ['flag', 'pty'],
    pipe: ['flag', 'pipe'],
    'shell-prompt-prefix': ['value', 'shell-prompt-prefix'],
    lightweight: ['value', 'lightweight'],
    machine: ['value', 'machine'],
    area: ['value', 'area'],
    'via-shell': ['flag', 'i'],
    empower: ['flag', 'empower'],
    help: ['flag', 'h'],
    version: ['flag', 'version'],
  },
  abbreviations: false,
});

const FLATPAK_SPAWN_TABLE = wrapperGrammar({
  flags: 'vh',
  long: {
    'clear-env': ['flag', 'clear-env'],
    'watch-bus': ['flag', 'watch-bus'],
    'expose-pids': ['flag', 'expose-pids'],
    'share-pids': ['flag', 'share-pids'],
    'forward-fd': ['value', 'forward-fd'],
    env: ['value', 'env'],
    'unset-env': ['value', 'unset-env'],
    'latest-version': ['flag', 'latest-version'],
    'no-network': ['flag', 'no-network'],
    sandbox: ['flag', 'sandbox'],
    'sandbox-expose': ['value', 'sandbox-expose'],
    'sandbox-expose-ro': ['value', 'sandbox-expose-ro'],
    'sandbox-expose-path': ['value', 'sandbox-expose-path'],
    'sandbox-expose-path-ro': ['value', 'sandbox-expose-path-ro'],
    'sandbox-flag': ['value', 'sandbox-flag'],
    host: ['flag', 'host'],
    directory: ['value', 'directory'],
    'app-path': ['value', 'app-path'],
    'usr-path': ['value', 'usr-path'],
    verbose: ['flag', 'v'],
    help: ['flag', 'h'],
  },
  abbreviations: false,
});


// ---------------------------------------------------------------------------------------------
// The rows
// ---------------------------------------------------------------------------------------------

/** A row for a wrapper: its reader, whether an entry for the wrapped command covers it, and its own forms. */
function wrapperRow(
  names: readonly string[],
  what: string,
  grammar: Grammar,
  read: WrapperReader,
  peel: boolean,
  note: string,
  extra: Partial<ProgramRow> = {},
): ProgramRow {
  return { names, category: 'wrapper', what, grammar, wrapper: { peel, read, note }, strict: true, ...extra };
}

const XARGS_NOTE = 'xargs runs a command with arguments read from its input, which nobody has seen';

const RUNS_AS_ANOTHER = 'runs the command as another user (root by default): an entry must name the wrapper and the command';

export const WRAPPER_ROWS: readonly ProgramRow[] = [
  wrapperRow(['sudo'], 'runs a command as another user', SUDO_TABLE, readSudo, false, `sudo ${RUNS_AS_ANOTHER}`, {
    options: [
      { role: 'executor', options: ['s', 'i'], payload: 'shell-text', note: 'sudo -s / -i starts a root shell (and runs the command through it)' },
      { role: 'writer', options: ['e'], note: 'sudo -e edits the named files as root, running an editor' },
      { role: 'loader', options: ['E'], note: 'sudo -E / --preserve-env keeps the caller\'s environment (PATH, LD_*, PYTHON*) for the root command' },
      { role: 'executor', options: ['A'], payload: 'program', note: 'sudo -A runs the askpass program named in SUDO_ASKPASS' },
      { role: 'destructive', options: ['R'], note: 'sudo -R runs the command with another root folder' },
    ],
    plain: ['-l', '-v', '-k'],
    workingFolder: ['-D', '--chdir'],
  }),
  wrapperRow(['doas'], 'runs a command as another user', DOAS_TABLE, readDoas, false, `doas ${RUNS_AS_ANOTHER}`, {
    options: [{ role: 'executor', options: ['s'], payload: 'shell-text', note: 'doas -s starts a root shell' }],
    plain: ['-L'],
  }),
  wrapperRow(['pkexec'], 'runs a command as another user through polkit', PKEXEC_TABLE, simpleReader(PKEXEC_TABLE, { noCommand: ['help', 'version'] }), false, `pkexec ${RUNS_AS_ANOTHER}`, { plain: ['--version'] }),
  wrapperRow(['env'], 'runs a command with a changed environment', ENV_TABLE, (args) => readEnv(args), true, 'env runs the command after its NAME=value words', {
    options: [
      { role: 'executor', options: ['S'], payload: 'shell-text', note: 'env -S splits a string into a new command line and runs it' },
      { role: 'loader', options: ['C'], note: 'env -C runs the command in another folder, where its relative paths mean other files' },
    ],
    plain: ['', 'FORCE_COLOR=1 true', '-u HOME true', '-i true'],
    workingFolder: ['-C', '--chdir'],
  }),
  wrapperRow(['timeout'], 'runs a command with a time limit', TIMEOUT_TABLE, simpleReader(TIMEOUT_TABLE, { noCommand: ['help', 'version'], positionals: 1 }), true, 'timeout runs the command after its duration', { plain: ['30 true', '-s KILL 5 true', '--preserve-status 1m true'] }),
  wrapperRow(['nice'], 'runs a command at another scheduling priority', NICE_TABLE, readNice, true, 'nice runs the command at a lower priority', { plain: ['true', '-n 5 true'] }),
  wrapperRow(['ionice'], 'runs a command at another I/O priority', IONICE_TABLE, simpleReader(IONICE_TABLE, { noCommand: ['p', 'P', 'u', 'h', 'V'] }), true, 'ionice runs the command at another I/O priority', { plain: ['-c 3 true', '-c2 -n7 true'] }),
  wrapperRow(['nohup'], 'runs a command immune to hangups', NOHUP_TABLE, simpleReader(NOHUP_TABLE, { noCommand: ['help', 'version'] }), true, 'nohup runs the command and keeps it running after the terminal closes', { plain: ['true'] }),
  wrapperRow(['setsid'], 'runs a command in a new session', SETSID_TABLE, simpleReader(SETSID_TABLE, { noCommand: ['h', 'V'] }), true, 'setsid runs the command in a new session', { plain: ['true', '-w true'] }),
  wrapperRow(['stdbuf'], 'runs a command with other stream buffering', STDBUF_TABLE, simpleReader(STDBUF_TABLE, { noCommand: ['help', 'version'] }), true, 'stdbuf runs the command with other buffering', { plain: ['-oL true', '-i0 -o0 true'] }),
  wrapperRow(['time'], 'runs a command and reports the time it took', TIME_TABLE, simpleReader(TIME_TABLE, { noCommand: ['help', 'V'] }), true, 'time runs the command and reports how long it took', {
    options: [{ role: 'writer', options: ['o'], note: 'time -o writes its report to a file' }],
    plain: ['true', '-p true', '-v true'],
  }),
  wrapperRow(['command'], 'the shell builtin that runs a command without functions or aliases', COMMAND_TABLE, simpleReader(COMMAND_TABLE, { noCommand: ['v', 'V'] }), true, 'command runs the command, bypassing shell functions', { plain: ['-v ls', 'true', '-p true'] }),
  wrapperRow(['builtin'], 'the shell builtin that runs a builtin', BUILTIN_TABLE, simpleReader(BUILTIN_TABLE), true, 'builtin runs the shell builtin named after it', { plain: ['true'] }),
  wrapperRow(['exec'], 'the shell builtin that replaces the shell with a command', EXEC_TABLE, simpleReader(EXEC_TABLE), true, 'exec replaces the shell with the command', { plain: ['true'] }),
  wrapperRow(['xargs'], 'runs a command with arguments read from its input', XARGS_TABLE, readXargs, false, XARGS_NOTE, {
    role: { role: 'executor', note: XARGS_NOTE },
    plain: [],
    // Options that only split, batch and pace the input (-0, -d, -E/-e, -a read it; -n, -L/-l, -s,
    // -x, -r batch it; -P runs batches side by side; -t echoes each command to stderr). Not: -I/-i
    // (puts input inside the initial arguments: replacesInput below), --process-slot-var (sets a variable), -p and -o
    // (read the terminal: a prompt, or the command's input), --show-limits.
    wrapper: {
      peel: false,
      read: readXargs,
      note: XARGS_NOTE,
      appendsInput: ['0', 'd', 'E', 'e', 'a', 'n', 'L', 'l', 's', 'x', 'r', 'P', 't'],
      // -I R (GNU and BSD) and -i[R] / --replace[=R] (GNU, R `{}` by default) put each input line
      // into every initial argument holding R, one word each, never into the program word (GNU
      // 4.9 runs a program named R as it is). BSD -J R puts the input's words where the argument R
      // stands. -n, -L and -l cancel a replace option given before them, and one given after
      // cancels them (GNU warns), so they are left out beside it; BSD -R and -S only bound -I.
      replacesInput: { I: { into: 'line' }, i: { into: 'line', otherwise: '{}' }, J: { into: 'words' } },
      replacesInputWith: ['0', 'd', 'E', 'e', 'a', 's', 'x', 'r', 'P', 't', 'R', 'S'],
    },
  }),
  wrapperRow(['watch'], 'runs a command again and again', WATCH_TABLE, readWatch, false, 'watch hands its words to sh -c, which reads them again as shell code', {
    role: { role: 'executor', note: 'watch hands its words to sh -c, which reads them again as shell code' },
    plain: [],
  }),
  wrapperRow(['chrt'], 'runs a command with a real-time scheduling policy', CHRT_TABLE, readChrt, true, 'chrt runs the command with another scheduling policy', { plain: ['-b 0 true', '--idle 0 true'] }),
  wrapperRow(['taskset'], 'runs a command on chosen processors', TASKSET_TABLE, simpleReader(TASKSET_TABLE, { noCommand: ['p', 'h', 'V'], positionals: 1 }), true, 'taskset runs the command on the chosen processors', { plain: ['0x1 true', '-c 0-3 true'] }),
  wrapperRow(['unbuffer'], 'runs a command with its output unbuffered (expect)', UNBUFFER_TABLE, simpleReader(UNBUFFER_TABLE), true, 'unbuffer runs the command on a pseudo-terminal', { plain: ['true'] }),
  wrapperRow(['flock'], 'runs a command holding a file lock', FLOCK_TABLE, readFlock, true, 'flock runs the command while holding a lock', {
    options: [{ role: 'executor', options: ['c', 'command'], payload: 'shell-text', note: 'flock -c runs its text with sh -c' }],
    plain: ['/tmp/lock true', '-n /tmp/lock true', '-w 5 /tmp/lock true'],
  }),
  wrapperRow(['chroot'], 'runs a command with another root folder', CHROOT_TABLE, simpleReader(CHROOT_TABLE, { noCommand: ['help', 'version'], positionals: 1 }), false, 'chroot runs the command inside another root folder, as root', {
    plain: ['--version'],
    // Its paths are below the folder given; it shares the machine's devices and processes.
    container: { command: 0, volumes: [], mounts: [], workdir: [], rootPositional: 0, startsAtRoot: { unless: ['--skip-chdir'] } },
  }),
  wrapperRow(['caffeinate'], 'runs a command keeping the machine awake (macOS)', CAFFEINATE_TABLE, simpleReader(CAFFEINATE_TABLE), true, 'caffeinate runs the command while keeping the machine awake', { plain: ['true', '-i true'] }),
  // Like caffeinate: the command runs here, as the same user, while sleep or idle is held off.
  wrapperRow(['systemd-inhibit'], 'runs a command holding off sleep, idle or shutdown (systemd)', SYSTEMD_INHIBIT_TABLE, simpleReader(SYSTEMD_INHIBIT_TABLE, { noCommand: ['list', 'h', 'version'] }), true, 'systemd-inhibit runs the command while holding off sleep, idle or shutdown', {
    plain: ['--list', '--what=sleep --why=build true', '--what=idle:sleep --mode=block true'],
  }),
  // --inhibit-only holds the lock until it is ended and runs nothing.
  wrapperRow(['gnome-session-inhibit'], 'runs a command holding off the GNOME session\'s idle, suspend or logout', GNOME_SESSION_INHIBIT_TABLE, simpleReader(GNOME_SESSION_INHIBIT_TABLE, { noCommand: ['list', 'h', 'version', 'inhibit-only'] }), true, 'gnome-session-inhibit runs the command while holding off idle, suspend or logout', {
    plain: ['--list', '--inhibit idle --reason build true', '--inhibit-only --inhibit suspend'],
  }),
  wrapperRow(['noglob', 'nocorrect', '-'], 'zsh precommand modifiers: run the command without globbing, without spelling correction, or with argv[0] `-name`', { stopAtOperand: true }, readPrecommand, true, 'a zsh precommand modifier runs the command after it', {
    // No plain lines: the zsh and any readings refuse these words in command position (shell-difference).
    plain: [],
  }),
  wrapperRow(['repeat'], 'the zsh reserved word that runs a command a number of times', { stopAtOperand: true }, readRepeat, false, 'zsh repeat runs the command after its count, that many times', { plain: [] }),
  wrapperRow(['zargs'], 'the zsh function that runs a command with words as its arguments (xargs for words)', { stopAtOperand: true }, readZargs, false, 'zargs runs the command after its second -- with the words before it', {
    role: { role: 'executor', note: 'zargs runs the command after its second -- with the words before it' },
    plain: [],
  }),
  wrapperRow(['coreutils'], 'GNU coreutils (or uutils) built as one program', { stopAtOperand: true, long: { help: 'flag', version: 'flag', list: 'flag', 'coreutils-prog': 'value', 'coreutils-prog-shebang': 'value' }, abbreviations: false }, readCoreutils, false, 'coreutils runs the command named by --coreutils-prog= (or its first word), with the words after it', { plain: ['--help', '--version'] }),
  wrapperRow(['shx'], 'ShellJS commands (rm, cp, mv, sed …) for npm scripts', SHX_TABLE, simpleReader(SHX_TABLE, { noCommand: ['help', 'version'] }), false, 'shx runs the ShellJS command named after it, which does what the Unix command of that name does', { plain: ['--version'] }),
  wrapperRow(['cross-env'], 'runs a command with environment variables set (npm)', { stopAtOperand: true }, (args) => readCrossEnv(args, false), true, 'cross-env runs the command after its NAME=value words', { plain: ['NODE_ENV=test true'] }),
  wrapperRow(['cross-env-shell'], 'runs its words as a shell command with environment variables set (npm)', { stopAtOperand: true }, (args) => readCrossEnv(args, true), false, 'cross-env-shell joins the words after its NAME=value words and runs them with a shell', {
    role: { role: 'executor', note: 'cross-env-shell joins the words after its NAME=value words and runs them with a shell' },
    plain: [],
  }),
  wrapperRow(['runuser'], 'runs a shell or a command as another user (root only)', { ...SU_GRAMMAR, stopAtOperand: true }, readRunuser, false, 'runuser -u USER runs the command after its options as that user: an entry must name the wrapper and the command', {
    options: [
      { role: 'executor', options: ['c'], payload: 'shell-text', example: 'id', note: 'runuser -c runs its text with the other user\'s shell' },
      { role: 'loader', options: ['s'], example: '/bin/sh', note: 'runuser -s names the shell program to run' },
    ],
    read: runuserShellCode,
    role: { role: 'executor', note: 'runuser starts a shell (or with -u a command) as another user' },
    plain: [],
  }),
  wrapperRow(['run0'], 'systemd: runs a command as another user (root by default), like sudo', RUN0_TABLE, simpleReader(RUN0_TABLE, { noCommand: ['h', 'version'] }), false, `run0 ${RUNS_AS_ANOTHER}`, {
    options: [
      { role: 'executor', options: ['--property'], when: (v) => v === null || /^Exec[A-Za-z]*=/.test(v), payload: 'shell-text', payloadText: (v) => v.slice(v.indexOf('=') + 1).replace(/^[-@:+!|]+/, ''), example: 'ExecStartPre=/bin/sh -c id', note: 'an Exec…= property adds a command the service runs as root' },
      { role: 'loader', options: ['--setenv'], example: 'LD_PRELOAD=/tmp/x.so', note: '--setenv sets an environment variable of the root command, which can make it load other code' },
      { role: 'network', options: ['--machine'], example: 'container', note: '--machine runs the command in a local container or on another machine' },
    ],
    plain: ['--version', '--help'],
    workingFolder: ['-D', '--chdir'],
  }),
  // Sailfish OS's developer-mode root: `devel-su CMD` runs CMD as root (alone: a root shell).
  wrapperRow(['devel-su'], 'Sailfish OS: runs a command as root in developer mode', DEVEL_SU_TABLE, simpleReader(DEVEL_SU_TABLE), false, `devel-su ${RUNS_AS_ANOTHER}`, {
    role: { role: 'executor', note: 'devel-su starts a root shell (or runs the command as root)' },
    plain: [],
  }),
  wrapperRow(['flatpak-spawn'], 'runs a command in a new Flatpak sandbox, or on the host with --host', FLATPAK_SPAWN_TABLE, simpleReader(FLATPAK_SPAWN_TABLE, { noCommand: ['h'] }), false, 'flatpak-spawn runs the command in a new sandbox, or with --host outside the sandbox on the host', {
    options: [
      { role: 'executor', options: ['--host'], note: '--host runs the command on the host, outside the sandbox the caller is in' },
      { role: 'loader', options: ['--env'], example: 'LD_PRELOAD=/tmp/x.so', note: '--env sets an environment variable of the command, which can make it load other code' },
      { role: 'loader', options: ['--directory'], example: '/', note: '--directory runs the command in another folder, where its relative paths mean other files' },
    ],
    plain: ['--help'],
  }),
  wrapperRow(['host-spawn', 'distrobox-host-exec'], 'runs a command on the host from inside a toolbox or distrobox container', { stopAtOperand: true, flags: 'hVv', long: { help: 'flag', version: 'flag', yes: 'flag', 'no-pty': 'flag', pty: 'flag', verbose: 'flag' } }, simpleReader({ stopAtOperand: true, flags: 'hVv', long: { help: 'flag', version: 'flag', yes: 'flag', 'no-pty': 'flag', pty: 'flag', verbose: 'flag' } }, { noCommand: ['h', 'V', 'help', 'version'] }), false, 'runs the command on the host machine, outside the container it is called from', { plain: ['--version'] }),
  wrapperRow(['busybox', 'toybox'], 'one program holding many commands (applets)', { stopAtOperand: true, long: { list: 'flag', 'list-full': 'flag', help: 'flag', install: 'flag' } }, readMulticall, false, 'busybox runs the applet named after it, with options of its own', { plain: ['--list'] }),
];
