/**
 * The harmless environment prefixes (D§4.3): names that may stand in front of a command matched by
 * a prefix, glob, regexp or default allow entry, as in `CI=1 npm test`, `RUST_LOG=info cargo run`
 * or `env NODE_ENV=test npm test`, and that an earlier segment may set without changing what later
 * ones run (reading/lineState.ts). This table is the one place that says so: the allow matcher, the
 * line-state reader and the program table (`programs/`) read it, none keeps a list of its own.
 *
 * The rule for a name (docs/decisions.md, "Harmless environment prefixes"): a program only reads
 * its value as data — how to format, colour, size, label or localise its output, how much to log,
 * which of its own modes to pick — and no program reads it as a program, a file or library to
 * load, code, options, or a search path. Anything not listed (`PATH`, `LD_*`, `*_OPTIONS`,
 * `NODE_OPTIONS`, `GIT_*`, `PYTHON*`, `BASH_ENV`, `ENV`, `PAGER`, `EDITOR`, `VISUAL`, `LESSOPEN`,
 * `npm_config_*`, `GOFLAGS`, `GOOS`/`GOARCH` — `go run` then looks for a `go_OS_ARCH_exec` program —,
 * `TMPDIR`, `HOME`, …) can make an innocent program run, load or write something else, so it
 * keeps every entry but an exact one off. A harmless prefix never covers anything the entry would
 * not cover without it: it is taken off, nothing else is (the decision invariants state this).
 *
 * A name whose value could still name a file is held to a value shape: locale names and `TERM` are
 * looked up by name in system databases, and a value with a `/` would make them a path.
 */
export interface HarmlessName {
  /** The variable's name, or the start of the names (`LC_` for every locale category) when `prefix`. */
  readonly name: string;
  readonly prefix?: true;
  /** What a program does with the value: why it is data. */
  readonly why: string;
  /** The values allowed; any literal value when absent. */
  readonly value?: RegExp;
}

/** A locale or terminal name: letters, digits and `_ . @ : + -`, never a path. */
const NAME_VALUE = /^[A-Za-z0-9_.@:+-]*$/;
const NUMBER_VALUE = /^[0-9]{0,6}$/;

export const HARMLESS_ENVIRONMENT: readonly HarmlessName[] = Object.freeze([
  { name: 'CI', why: 'tools switch to non-interactive output' },
  { name: 'NODE_ENV', why: "selects a build or test mode inside the project's own code" },
  { name: 'TZ', why: 'the time zone used to print dates' },
  { name: 'FORCE_COLOR', why: 'colour on' },
  { name: 'NO_COLOR', why: 'colour off' },
  { name: 'CLICOLOR', why: 'colour on or off' },
  { name: 'CLICOLOR_FORCE', why: 'colour on' },
  { name: 'COLORTERM', why: 'whether the terminal shows true colour' },
  { name: 'TERM', why: 'the terminal type, looked up by name', value: NAME_VALUE },
  { name: 'COLUMNS', why: 'the output width', value: NUMBER_VALUE },
  { name: 'LINES', why: 'the output height', value: NUMBER_VALUE },
  { name: 'LANG', why: 'locale for messages, sorting and character classes', value: NAME_VALUE },
  { name: 'LANGUAGE', why: 'the languages of messages', value: NAME_VALUE },
  { name: 'LC_', prefix: true, why: 'locale categories (LC_ALL, LC_CTYPE, LC_MESSAGES …)', value: NAME_VALUE },
  { name: 'DEBUG', why: 'selects debug logging namespaces (the `debug` package)' },
  { name: 'RUST_LOG', why: 'which log lines a Rust program prints' },
  { name: 'RUST_BACKTRACE', why: 'whether a Rust program prints a backtrace when it panics' },
  { name: 'RUST_LIB_BACKTRACE', why: 'whether Rust errors carry a backtrace' },
  // Build and test modes of the language tools, each held to the values its tool documents: any
  // other value (a path, options) would be a value nobody has read.
  { name: 'SOURCE_DATE_EPOCH', why: 'the timestamp reproducible builds write instead of the current time', value: /^[0-9]{1,12}$/ },
  { name: 'GO111MODULE', why: "whether the go command works in module mode", value: /^(?:on|off|auto)$/ },
  { name: 'CGO_ENABLED', why: 'whether go builds call the C compiler for cgo packages', value: /^[01]$/ },
  { name: 'GOMAXPROCS', why: 'how many threads a Go program runs at once', value: NUMBER_VALUE },
  { name: 'PYTHON_GIL', why: "whether a free-threaded Python turns its global lock on", value: /^[01]$/ },
  { name: 'PYTHONUNBUFFERED', why: "whether Python buffers its output", value: /^[0-9a-z]{0,4}$/ },
  { name: 'PYTHONDONTWRITEBYTECODE', why: 'whether Python writes .pyc files', value: /^[0-9a-z]{0,4}$/ },
  { name: 'PYTHONHASHSEED', why: "the seed of Python's string hashing", value: /^(?:random|[0-9]{1,10})$/ },
  { name: 'XDEBUG_MODE', why: "Xdebug turned off (any other mode may connect to a debugging client)", value: /^off$/ },
  { name: 'TRYBUILD', why: "whether trybuild's compile-fail tests write their expected output into the project", value: /^(?:overwrite|wip)$/ },
  { name: 'CARGO_TERM_COLOR', why: "cargo's colour", value: /^(?:always|never|auto)$/ },
  { name: 'NODE_NO_WARNINGS', why: "whether Node prints process warnings", value: /^[01]$/ },
] satisfies HarmlessName[]);

/** The names of the table, `LC_*` written so (for messages and docs). */
export const HARMLESS_ASSIGNMENT_NAMES: readonly string[] = Object.freeze(HARMLESS_ENVIRONMENT.map((entry) => (entry.prefix ? `${entry.name}*` : entry.name)));

const BY_NAME = new Map(HARMLESS_ENVIRONMENT.filter((entry) => !entry.prefix).map((entry) => [entry.name, entry]));
const BY_PREFIX = HARMLESS_ENVIRONMENT.filter((entry) => entry.prefix);

/** The table's row for a variable name, or undefined when the name is not harmless. */
export function harmlessName(name: string): HarmlessName | undefined {
  const exact = BY_NAME.get(name);
  if (exact !== undefined) return exact;
  // `LC_` alone is no category; a category is `LC_` and a capitalised word.
  return BY_PREFIX.find((entry) => name.length > entry.name.length && name.startsWith(entry.name) && /^[A-Z_]+$/.test(name));
}

/**
 * Whether `NAME=value` in front of a command keeps an allow entry applicable. The value must be
 * literal — a value only known at run time is a value nobody has read — and of the row's shape.
 * `value` is the literal value when known; without it (`valueIsLiteral` alone, as for
 * `${NAME:=…}`), a name held to a value shape is not harmless.
 */
export function isHarmlessAssignment(name: string, valueIsLiteral: boolean, value?: string): boolean {
  if (!valueIsLiteral) return false;
  const row = harmlessName(name);
  if (row === undefined) return false;
  if (row.value === undefined) return true;
  return value !== undefined && row.value.test(value);
}
