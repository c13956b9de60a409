import { findHiddenCharacters, type HiddenCharacter } from './hiddenCharacters';
import { decodeAnsiCQuote } from './ansiCQuote';
import { scanMechanisms } from './mechanismScan';
import { lineStateChange } from './lineState';
import { braceWords } from './braces';
import {
  MAX_COMMAND_LENGTH,
  MAX_SEGMENTS,
  type Assignment,
  type Connector,
  type HereText,
  type Mechanism,
  type OpaqueExpansion,
  type Redirect,
  type ReadingShell,
  type Resolution,
  type Segment,
  type Word,
} from './resolution';

export interface ResolveOptions {
  /** The home folder bash would substitute for a leading `~`. */
  home: string;
  /** Which shell will run the command; `any` when that is not known for sure. */
  shell: ReadingShell;
  /**
   * Whether a segment's program reads its standard input only as data (the program table's
   * `stdinData`, programs/stdinData.ts), asked for each segment fed a here-document or here-string
   * whose text the resolver read exactly. Without it, or when it says no, the here-text keeps the
   * line unresolved: text a program may run is shell text the gate has not read (docs/decisions.md,
   * "Data that only looks like code").
   */
  readsStdinAsData?: (segment: Segment) => boolean;
}

/**
 * Reads a command line the way bash does, for the subset of bash whose meaning is fixed by
 * the text alone: simple commands joined by `; && || | |& & newline`, with literal or opaque
 * words, assignments and redirects. Anything else makes the whole command unresolved, with
 * the mechanism named (D§4.2). Exact or nothing: the resolver never guesses.
 *
 * Contract: for a resolved command, every literal word is exactly the string bash passes to
 * the program; this is checked against a real bash by the differential tests.
 *
 * Never throws; linear in the length of the input.
 *
 * `hidden` is `findHiddenCharacters(command)` when the caller has it already (`readCommand`).
 */
export function resolve(command: string, options: ResolveOptions, hidden?: readonly HiddenCharacter[]): Resolution {
  if (command.length > MAX_COMMAND_LENGTH) {
    return unresolved(['too-long'], `The command is ${command.length} characters long; the gate reads at most ${MAX_COMMAND_LENGTH}.`);
  }
  hidden ??= findHiddenCharacters(command);
  if (hidden.length > 0) {
    const shown = [...new Set(hidden.map((h) => h.escape))].slice(0, 5).join(' ');
    return unresolved(['hidden-characters'], `The command contains characters that display differently from what runs: ${shown}.`);
  }
  try {
    const segments = new CommandParser(command, options.home, options.shell).parse();
    const stateChange = lineStateChange(segments);
    if (stateChange !== null) return unresolved(['shell-state'], stateChange);
    for (const segment of segments) {
      if (segment.hereText === undefined || options.readsStdinAsData?.(segment) === true) continue;
      const mechanism: Mechanism = segment.hereText.op === '<<<' ? 'here-string' : 'heredoc';
      const what = mechanism === 'here-string' ? 'a here-string' : 'a here-document';
      const program = literal(segment.argv[0]);
      return unresolved(
        [mechanism, ...scanMechanisms(command).filter((m) => m !== mechanism)],
        `\`${segment.hereText.raw}\` feeds ${what} to \`${program}\`, which may run what it reads as code.`,
      );
    }
    return { resolved: true, segments };
  } catch (error) {
    if (error instanceof Unresolvable) {
      const mechanisms = [error.mechanism, ...scanMechanisms(command).filter((m) => m !== error.mechanism)];
      return unresolved(mechanisms, error.detail);
    }
    // An internal failure is still an answer: nothing is vouched for.
    return unresolved(['syntax'], `The resolver failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function unresolved(mechanisms: Mechanism[], detail: string): Resolution {
  return { resolved: false, mechanisms, detail };
}

/**
 * Thrown inside the parser to stop at the first construct outside the supported grammar, and
 * caught by {@link resolve} alone. Deliberately not an `Error`: one is thrown for every command
 * the resolver refuses (and for every refused payload the floors read back), and capturing a
 * stack trace each time would cost more than reading the command.
 */
class Unresolvable {
  constructor(
    readonly mechanism: Mechanism,
    readonly detail: string,
  ) {}
}

/**
 * A small set of words looked up once per command word. Most command words are none of them,
 * and most differ from all of them already in their first character or their length: a table
 * of those two turns such words away before the map has to hash them.
 */
class WordTable<T> {
  private readonly map: ReadonlyMap<string, T>;
  /** For each ASCII first character, bit `n` set when some word of `n` characters starts with it. */
  private readonly shapes = new Uint32Array(128);

  constructor(entries: Readonly<Record<string, T>>) {
    this.map = new Map(Object.entries(entries));
    for (const word of this.map.keys()) {
      if (word.length === 0 || word.length > 31 || word.charCodeAt(0) >= 128) throw new Error(`WordTable cannot hold ${JSON.stringify(word)}`);
      this.shapes[word.charCodeAt(0)]! |= 1 << word.length;
    }
  }

  /** What `word` maps to, or `undefined` when it is none of the words. */
  get(word: string): T | undefined {
    const first = word.charCodeAt(0); // NaN for '', which no entry is
    if (!(first < 128) || word.length > 31 || (this.shapes[first]! & (1 << word.length)) === 0) return undefined;
    return this.map.get(word);
  }
}

/** Reserved words that open compound commands or other grammar the resolver does not follow. */
const RESERVED_WORDS = new WordTable<Mechanism>({
  if: 'control-flow', then: 'control-flow', else: 'control-flow', elif: 'control-flow', fi: 'control-flow',
  case: 'control-flow', esac: 'control-flow', for: 'control-flow', select: 'control-flow',
  while: 'control-flow', until: 'control-flow', do: 'control-flow', done: 'control-flow', in: 'control-flow',
  function: 'function-definition',
  '{': 'group', '}': 'group',
  '[[': 'test-expression', ']]': 'test-expression',
  coproc: 'coproc',
  time: 'syntax', '!': 'syntax',
});

/** Builtins whose arguments become shell code or change how later text is read. */
const CODE_RUNNING_BUILTINS = new WordTable<string>({
  eval: 'eval runs its arguments as shell code',
  source: 'source runs a file as shell code',
  '.': '. runs a file as shell code',
  alias: 'alias changes what later command names run',
  enable: 'enable adds or removes shell builtins',
  shopt: 'shopt changes how the shell reads later commands',
  compgen: 'compgen runs the commands (-C, -F) and expands the word lists (-W) it is given',
  complete: 'complete registers commands (-C, -F) that run when a word is completed',
  fc: 'fc runs commands again from the history',
  bind: 'bind can bind a key to a shell command (bind -x)',
});

/**
 * Program words zsh reads otherwise than bash (checked only when the reading must hold in zsh):
 * its own reserved words and precommand modifiers, and the builtins that run text or commands,
 * change how later text is read, or assign from or evaluate their operands. In bash each is a
 * program name, so the two shells run different things.
 */
const ZSH_PROGRAM_WORDS = new WordTable<string>({
  '-': 'is a zsh precommand modifier: it runs the next word as a login command',
  noglob: 'is a zsh precommand modifier: it runs the rest without globbing',
  nocorrect: 'is a zsh reserved word: it runs the rest',
  repeat: 'is a zsh reserved word: it runs the rest several times',
  foreach: 'is a zsh reserved word (a loop)',
  end: 'is a zsh reserved word (the end of a loop)',
  '}': 'closes a brace group in zsh',
  emulate: 'changes how zsh reads the text after it (and `-c` runs text)',
  setopt: 'changes how zsh reads later text',
  unsetopt: 'changes how zsh reads later text',
  zmodload: 'loads a zsh module: new builtins, and `rm`, `mv` … can become builtins',
  autoload: 'loads a zsh function from a file',
  functions: 'defines or changes zsh functions',
  unfunction: 'removes zsh functions, so a later name runs something else',
  unhash: 'removes a command, alias or function from zsh\'s tables',
  disable: 'disables zsh builtins or reserved words, so a later name runs something else',
  r: 'is zsh\'s `fc -e -`: it runs an earlier command again',
  sched: 'runs a command later (zsh/sched)',
  zpty: 'runs a command in a pseudo-terminal (zsh/zpty)',
  zle: 'runs or defines line editor widgets',
  bindkey: 'binds keys to widgets or text (`-s`)',
  vared: 'edits a variable named by its operand',
  zparseopts: 'assigns to variables named by its operands',
  zformat: 'assigns to a variable named by its operand',
  zregexparse: 'assigns to variables and runs actions',
  getln: 'assigns to variables named by its operands',
  pushln: 'pushes text onto the line editor\'s buffer',
  zstyle: 'sets styles, some of which run code',
  compdef: 'registers completion functions',
  compctl: 'registers completion commands',
  zcompile: 'compiles files that zsh later loads',
  integer: 'is a zsh builtin that evaluates its values as arithmetic',
  float: 'is a zsh builtin that evaluates its values as arithmetic',
  chdir: 'is zsh\'s `cd`: later commands run in another folder',
  private: 'declares variables (zsh/param/private)',
  ttyctl: 'freezes or unfreezes the terminal settings',
});

/** Builtins whose effect outlives them in the shell that runs them (checked at the end of a pipeline, in zsh). */
const SHELL_STATE_BUILTINS: ReadonlySet<string> = new Set([
  'cd', 'pushd', 'popd', 'chdir', 'read', 'export', 'unset', 'typeset', 'declare', 'local', 'readonly', 'integer', 'float',
  'set', 'setopt', 'unsetopt', 'alias', 'unalias', 'shift', 'getopts', 'umask', 'ulimit', 'limit', 'hash', 'trap', 'exit',
  'return', 'exec', 'mapfile', 'readarray', 'source', '.', 'eval', 'emulate', 'functions', 'unfunction',
]);

/** `alias` given only literal words, none holding `=`: it prints the aliases named (or all) and defines none. */
function printsAliasesOnly(args: readonly Word[]): boolean {
  return args.every((word) => word.kind === 'literal' && !word.value.includes('='));
}

/**
 * Builtins that take a variable name from an operand and evaluate it: a name with a subscript
 * (`a[$(id)]`) runs the subscript. An operand that is not literal may be such a name, so the
 * command is unresolved; so is a literal name with a subscript. Found by running each builtin
 * in bash 5.2 with an operand whose value is `a[$(probe)]` (test/unit/reading/resolver.test.ts).
 */
function checkNameOperands(builtin: string, args: readonly Word[]): void {
  const named = (word: Word | undefined): boolean => word !== undefined && (word.kind !== 'literal' || word.value.includes('['));
  const fail = (what: string): never => {
    throw new Unresolvable('name-evaluation', `${builtin} ${what}, and a name with a subscript runs code.`);
  };
  switch (builtin) {
    case 'let':
      throw new Unresolvable('arithmetic', '`let` evaluates arithmetic, where variables\' values are evaluated as expressions.');
    case 'test':
    case '[':
      // The operand of `-v`/`-R` is a name; an operand that is not literal may itself be `-v`.
      for (let k = 1; k < args.length; k++) {
        const before = args[k - 1]!;
        if ((before.kind !== 'literal' || before.value === '-v' || before.value === '-R') && named(args[k])) fail('takes a variable name after -v');
      }
      return;
    case 'printf':
    case 'wait':
      // `-v NAME` (`wait -p NAME`); an opaque first word may be that option.
      for (let k = 0; k < args.length; k++) {
        const word = args[k]!;
        if (word.kind !== 'literal') {
          if (k === 0 && args.length > 1) fail('may be given a variable name to assign');
          continue;
        }
        if (word.value === '--') return;
        if (!word.value.startsWith('-')) return;
        const flag = builtin === 'printf' ? 'v' : 'p';
        const at = word.value.indexOf(flag);
        if (at > 0) {
          const attached = word.value.slice(at + 1);
          if (attached === '' ? named(args[k + 1]) : attached.includes('[')) fail(`-${flag} assigns to a variable name`);
        }
      }
      return;
    case 'mapfile':
    case 'readarray':
      // `-C CALLBACK` runs the callback as shell code for every few lines read.
      for (const word of args) {
        if (word.kind !== 'literal' || (/^-[A-Za-z]*C/.test(word.value) && !word.value.startsWith('--'))) {
          throw new Unresolvable('eval', `${builtin} -C runs a callback as shell code (or an option here is only known at run time).`);
        }
      }
      for (const word of args) if (named(word)) fail('evaluates the variable names it is given');
      return;
    case 'read':
    case 'unset':
      for (const word of args) if (named(word)) fail('evaluates the variable names it is given');
      return;
    case 'declare':
    case 'typeset':
    case 'local':
    case 'export':
    case 'readonly': {
      // `-i` makes every value arithmetic and `-n` a value a name: then no value may be opaque.
      const evaluates = args.some((w) => w.kind === 'literal' && /^[-+][A-Za-z]*[in]/.test(w.value));
      for (const word of args) {
        if (word.kind === 'literal') {
          if (word.value.startsWith('-') || word.value.startsWith('+')) continue;
          const name = word.value.split('=', 1)[0]!;
          if (name.includes('[')) fail('assigns to a name with a subscript');
          if (evaluates && word.value.includes('=') && /[A-Za-z_[]/.test(word.value.slice(name.length + 1))) fail('evaluates the values it is given');
          continue;
        }
        if (evaluates || !ASSIGNMENT_START.test(word.raw)) fail('takes a name that is only known at run time');
      }
      return;
    }
    case 'trap':
      for (const word of args) if (word.kind !== 'literal') throw new Unresolvable('eval', 'trap runs its first operand as shell code, and this one is only known at run time.');
      return;
  }
}

/** A here-document announced on the line being read, whose body follows the line. */
interface PendingBody {
  /** The segment's here-text, whose `body` is filled in when the body is read. */
  readonly text: HereText;
  readonly delimiter: string;
  /** The delimiter was quoted: the body is taken as it stands. */
  readonly quoted: boolean;
  /** `<<-`: leading tabs are removed from each line of the body and from the delimiter line. */
  readonly stripTabs: boolean;
}

/**
 * A here-text is the command's standard input only when nothing else redirects descriptor 0
 * (`cat <<EOF <file` reads the file in bash, both in zsh), and it needs a command to read it.
 */
function checkHereTextAlone(text: HereText, argv: readonly Word[], redirects: readonly Redirect[]): void {
  const mechanism: Mechanism = text.op === '<<<' ? 'here-string' : 'heredoc';
  if (argv.length === 0) throw new Unresolvable(mechanism, `\`${text.raw}\` feeds text to no command.`);
  for (const redirect of redirects) {
    const input = redirect.op === '<' || redirect.op === '<>' || redirect.op === '<&';
    if (redirect.fd === 0 || (redirect.fd === null && input)) {
      throw new Unresolvable(mechanism, `\`${redirect.raw}\` redirects the standard input that \`${text.raw}\` feeds.`);
    }
  }
}

const ASSIGNMENT_START = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
/** Characters that end an unquoted word. */
const WORD_END_CHARS = ' \t\n;&|<>()';
/** Characters {@link CommandParser.readWord} treats other than as a plain unquoted character. */
const WORD_SPECIAL_CHARS = WORD_END_CHARS + '~\\\'"$`*?!=';
/** Characters {@link CommandParser.readDoubleQuoted} treats other than as a plain quoted character. */
const DOUBLE_QUOTED_SPECIAL_CHARS = '"\\$`!';
const WORD_END = 1;
const WORD_SPECIAL = 2;
const DOUBLE_QUOTED_SPECIAL = 4;
/**
 * The classes above by character code (all of them are ASCII, so any code from 128 up is in
 * none): one array read per character instead of a set lookup of a one-character string.
 */
const CHAR_CLASS = (() => {
  const table = new Uint8Array(128);
  const mark = (chars: string, flag: number) => {
    for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)]! |= flag;
  };
  mark(WORD_END_CHARS, WORD_END);
  mark(WORD_SPECIAL_CHARS, WORD_SPECIAL);
  mark(DOUBLE_QUOTED_SPECIAL_CHARS, DOUBLE_QUOTED_SPECIAL);
  return table;
})();

/** Whether the character at `index` (a UTF-16 code unit; none past the end) is in the class. */
function charIs(text: string, index: number, flag: number): boolean {
  const code = text.charCodeAt(index);
  return code < 128 && (CHAR_CLASS[code]! & flag) !== 0;
}
/**
 * The `${…}` forms (within {@link SIMPLE_PARAMETER_BODY}) in which bash evaluates a value as
 * code rather than using it as data: `${!x}` takes x's value as a name, and a name with a
 * subscript (`a[$(id)]`) runs the subscript; `${y@P}` expands y's value as a prompt, command
 * substitutions included; a substring offset or length that is not a number is arithmetic,
 * where a variable's value is evaluated as an expression (`${x:i}` with i='a[$(id)]').
 */
function checkParameterBody(body: string): void {
  if (body.length > 1 && body.startsWith('!')) {
    throw new Unresolvable('indirect-expansion', `\`\${${body.slice(0, 40)}}\` uses a variable's value as a name, which bash evaluates (a subscript in it runs code).`);
  }
  if (body.endsWith('@P')) {
    throw new Unresolvable('prompt-expansion', `\`\${${body.slice(0, 40)}}\` expands a value as a prompt, running the command substitutions in it.`);
  }
  const name = /^(?:#?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-]))/.exec(body)?.[0] ?? '';
  const rest = body.slice(name.length);
  if (rest.startsWith(':') && !/^:[-=?+]/.test(rest) && !/^:[0-9]+(?::-?[0-9]+)?$/.test(rest)) {
    throw new Unresolvable('arithmetic', `The offset or length in \`\${${body.slice(0, 40)}}\` is arithmetic, which evaluates variables' values as expressions.`);
  }
}

/** Characters allowed inside `${…}` for it to count as a plain (opaque) parameter expansion. */
const SIMPLE_PARAMETER_BODY = /^[A-Za-z0-9_#%:?=+\-./,@*!^~]*$/;

type WordMode = 'argument' | 'assignment-value';

/**
 * Up to this many characters a word is scanned in a loop of our own (cheaper than a call into
 * the runtime for the short words nearly every command has); a longer one with the native
 * searches, several times faster per character (a 64 KiB word took twice as long otherwise).
 */
const NATIVE_SCAN_FROM = 64;

/** The `!` and `time` reserved words in front of a pipeline. Never changed once made. */
interface PipelinePrefix {
  readonly negated: boolean;
  readonly timed: boolean;
}
const NO_PREFIX: PipelinePrefix = { negated: false, timed: false };

class CommandParser {
  private pos = 0;
  /**
   * The word {@link readWord} is reading (words are read one at a time, never nested): its
   * value, where its unquoted characters are (`unquoted`: start and end index in `value` of each
   * run of unquoted characters, adjacent runs joined), and why it is opaque.
   */
  private value = '';
  private readonly unquoted: number[] = [];
  private readonly expansions: OpaqueExpansion[] = [];
  /**
   * How many entries of `unquoted` and `expansions` belong to the word being read. Starting a
   * word sets these to 0 rather than the arrays' `length`: setting an array's length is a call
   * into the runtime, once per word; entries past the count are left over from earlier words
   * and never read.
   */
  private unquotedCount = 0;
  private expansionCount = 0;
  /**
   * Set once anything in the line may have changed HOME (`HOME=…`, `export HOME`, `read HOME`,
   * `unset HOME` …): from then on a `~` is only known at run time.
   */
  private homeMayChange = false;
  /** Here-documents whose `<<` the current line holds: their bodies follow the next newline. */
  private readonly pendingBodies: PendingBody[] = [];

  constructor(
    private readonly text: string,
    private readonly home: string,
    shell: ReadingShell,
  ) {
    this.zsh = shell !== 'bash';
    this.bash = shell !== 'zsh';
  }

  /** The line may run in bash (shell `bash` or `any`). */
  private readonly bash: boolean;

  /**
   * The reading must also hold in zsh (shell `zsh` or `any`): whatever zsh 5.9 runs differently
   * from bash is unresolved (`shell-difference`) or an opaque word, never read one way only
   * (docs/decisions.md, "The zsh reading"). zsh as the agents invoke it: `zsh -c`, default options,
   * `NO_EXTENDED_GLOB`.
   */
  private readonly zsh: boolean;

  private differs(detail: string): never {
    throw new Unresolvable('shell-difference', `${detail} (zsh runs it differently from bash, and the shell that runs this line may be zsh).`);
  }

  parse(): Segment[] {
    const segments: Segment[] = [];
    this.skipBlanksAndNewlines();
    if (this.atEnd()) throw new Unresolvable('syntax', 'The command is empty.');
    let pipelineStart = true;
    let pipeline: PipelinePrefix = NO_PREFIX;
    for (;;) {
      if (pipelineStart) pipeline = this.readPipelinePrefix();
      const segment = this.readSimpleCommand(pipeline);
      // zsh (MULTIOS) reads a pipe into a command as one more input: `a | cat <<<x` gives cat both.
      if (this.zsh && !pipelineStart && segment.hereText !== undefined) this.differs('A here-text on a command that a pipe feeds is read after the pipe\'s text in zsh');
      segments.push(segment);
      if (segments.length > MAX_SEGMENTS) {
        throw new Unresolvable('too-many-segments', `The command has more than ${MAX_SEGMENTS} simple commands.`);
      }
      const connector = this.readConnector();
      segment.connector = connector;
      if (this.zsh && connector === '&' && segment.argv.length === 0) this.differs('Assignments alone before `&` are a parse error in zsh');
      if (this.zsh && !pipelineStart && connector !== '|' && connector !== '|&') this.checkLastPipelineElement(segment);
      if (connector === null) break;
      if (connector === ';' || connector === '\n' || connector === '&') {
        this.skipBlanksAndNewlines();
        if (this.atEnd()) {
          if (connector !== '&') segment.connector = null;
          break;
        }
      } else {
        this.skipBlanksAndNewlines();
        if (this.atEnd()) throw new Unresolvable('syntax', `Nothing follows \`${connector}\`.`);
      }
      pipelineStart = connector !== '|' && connector !== '|&';
    }
    if (this.pendingBodies.length > 0) {
      throw new Unresolvable('heredoc', `The here-document \`${this.pendingBodies[0]!.text.raw}\` has no body ended by its delimiter line.`);
    }
    return segments;
  }

  /** `!` and `time [-p]` reserved words in front of a pipeline. */
  private readPipelinePrefix(): PipelinePrefix {
    let negated = false;
    let timed = false;
    for (;;) {
      this.skipBlanks();
      if (this.lineStartsWithCaret()) {
        throw new Unresolvable('history-expansion', 'A line starting with `^` is a history substitution in an interactive shell.');
      }
      if (this.atBareWord('!')) {
        if (this.zsh && negated) this.differs('`! !` is a parse error in zsh');
        negated = !negated;
        this.pos += 1;
      } else if (this.atBareWord('time')) {
        if (this.zsh && timed) this.differs('zsh\'s `time` runs a second `time` as a command');
        // `time [-p] [--]`: bash 5.2 takes one `-p`, then one `--`, as the keyword's own options.
        timed = true;
        this.pos += 4;
        this.skipBlanks();
        if (this.zsh && (this.atBareWord('-p') || this.atBareWord('--'))) this.differs('zsh\'s `time` takes no options: `-p` / `--` is the program it runs');
        if (this.atBareWord('-p')) this.pos += 2;
        this.skipBlanks();
        if (this.atBareWord('--')) this.pos += 2;
      } else {
        // Most pipelines have neither: one shared answer instead of an object each.
        return negated || timed ? { negated, timed } : NO_PREFIX;
      }
    }
  }

  private readSimpleCommand(pipeline: PipelinePrefix): Segment {
    const argv: Word[] = [];
    const assignments: Assignment[] = [];
    const redirects: Redirect[] = [];
    let hereText: HereText | undefined;
    // Where the command's text starts and ends (`raw`): from its first to its last part.
    let start = -1;
    let end = -1;
    for (;;) {
      this.skipBlanks();
      if (this.atEnd()) break;
      const c = this.text[this.pos]!;
      const next = this.text[this.pos + 1];
      if (c === '\n' || c === ';' || c === '|' || (c === '&' && next !== '>')) break;
      if (c === ')') throw new Unresolvable('subshell', 'An unmatched `)` closes a subshell or group.');
      if (c === '(') {
        if (next === '(' && argv.length === 0) throw new Unresolvable('arithmetic', '`((…))` is an arithmetic command.');
        if (argv.length === 0 && assignments.length === 0) throw new Unresolvable('subshell', '`( … )` runs commands in a subshell.');
        if (argv.length === 1) throw new Unresolvable('function-definition', '`name ( )` defines a shell function.');
        throw new Unresolvable('syntax', 'An unquoted `(` inside a command.');
      }
      if (c === '#') throw new Unresolvable('comment', 'A `#` comment hides the rest of the line from the shell.');
      if (c === '<' || c === '>' || c === '&') {
        if (start < 0) start = this.pos;
        const read = this.readRedirect(null);
        if ('body' in read) hereText = this.oneHereText(hereText, read);
        else redirects.push(read);
        end = this.pos;
        continue;
      }
      const atCommandPosition = argv.length === 0;
      if (atCommandPosition && startsAssignment(this.text, this.pos)) {
        if (start < 0) start = this.pos;
        assignments.push(this.readAssignment());
        end = this.pos;
        continue;
      }
      if (atCommandPosition) this.checkSubscript();
      // A word starts where reading it starts and ends where reading it stops.
      if (start < 0) start = this.pos;
      const wordStart = this.pos;
      const word = this.readWord('argument');
      end = this.pos;
      // The word's text (its `raw`) naming HOME or POSIXLY_CORRECT; read in place.
      this.checkVariableNames(wordStart, end);
      // A character code, not `text[pos]`: after the last word `pos` is past the end of the text.
      const after = this.text.charCodeAt(this.pos);
      if (after === 0x3c /* < */ || after === 0x3e /* > */) {
        const raw = word.raw;
        // zsh takes a descriptor number of one digit only: `10>f` is the word `10`, then `>f`.
        if (this.zsh && /^[0-9]{2,}$/.test(raw)) this.differs(`\`${raw}>\` is an argument and a redirect in zsh (one-digit descriptors only)`);
        if (/^[0-9]+$/.test(raw)) {
          const read = this.readRedirect(Number(raw));
          if ('body' in read) hereText = this.oneHereText(hereText, read);
          else redirects.push(read);
          end = this.pos;
          continue;
        }
        // bash takes `{NAME}` and `{NAME[…]}` (parse.y: legal_identifier or valid_array_reference),
        // and evaluates the subscript as arithmetic: `{a[x]}>f` with x='b[$(id)]' runs `id`.
        if (/^\{[A-Za-z_][A-Za-z0-9_]*(?:\[.*)?\}$/s.test(raw)) {
          throw new Unresolvable('fd-variable', '`{name}>` stores a file descriptor in a variable (an array element\'s subscript is evaluated).');
        }
      }
      if (atCommandPosition) this.checkCommandWord(word);
      // zsh reads `{NAME}` as a descriptor variable when a redirect follows, blanks between or not.
      if (this.zsh && /^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(word.raw) && /^[ \t]*(?:[<>]|&>)/.test(this.text.slice(this.pos, this.pos + 256))) {
        this.differs(`\`${word.raw}\` before a redirect is a descriptor variable in zsh`);
      }
      // An argument the braces make several words of is those words (reading/braces.ts).
      const unfolded = atCommandPosition ? null : braceArguments(word);
      if (unfolded === null) argv.push(word);
      else for (const made of unfolded) argv.push(made);
    }
    if (start < 0) throw new Unresolvable('syntax', 'An operator with no command before it.');
    if (this.zsh && argv.length === 0 && redirects.length > 0) {
      this.differs('A redirect with no command runs `$NULLCMD` (`cat`) or `$READNULLCMD` (a pager) in zsh');
    }
    this.checkProgram(argv);
    const segment: Segment = {
      argv,
      assignments,
      redirects,
      connector: null,
      negated: pipeline.negated,
      timed: pipeline.timed,
      raw: this.text.slice(start, end),
    };
    if (hereText !== undefined) {
      checkHereTextAlone(hereText, argv, redirects);
      segment.hereText = hereText;
    }
    return segment;
  }

  /** A command takes at most one here-text: a second one on its standard input is refused. */
  private oneHereText(before: HereText | undefined, read: HereText): HereText {
    if (before !== undefined) throw new Unresolvable(read.op === '<<<' ? 'here-string' : 'heredoc', 'A command is given two here-documents or here-strings (bash reads the last, zsh both).');
    return read;
  }

  /**
   * A word whose text (from `start` to `end`) mentions HOME may change it (`export HOME`,
   * `read HOME`, `unset HOME` …); one that mentions POSIXLY_CORRECT may switch bash to POSIX
   * mode. `raw.includes(…)` for both, without a call per word: most words hold neither `H` nor `P`.
   */
  private checkVariableNames(start: number, end: number): void {
    const t = this.text;
    if (end - start > NATIVE_SCAN_FROM) {
      const raw = t.slice(start, end);
      if (raw.includes('HOME')) this.homeMayChange = true;
      if (raw.includes('POSIXLY_CORRECT')) {
        throw new Unresolvable('dialect', 'POSIXLY_CORRECT switches bash to POSIX mode, which reads later text differently.');
      }
      return;
    }
    for (let i = start; i < end; i++) {
      const code = t.charCodeAt(i);
      if (code === 0x48 /* H */ && i + 4 <= end && t.startsWith('HOME', i)) {
        this.homeMayChange = true;
      } else if (code === 0x50 /* P */ && i + 15 <= end && t.startsWith('POSIXLY_CORRECT', i)) {
        throw new Unresolvable('dialect', 'POSIXLY_CORRECT switches bash to POSIX mode, which reads later text differently.');
      }
    }
  }

  /**
   * A word starting `NAME[` where an assignment may stand: bash reads from the `[` to its
   * matching `]` as one piece, blanks, quotes and `;` included (parse.y, read_token_word: a `[`
   * after an identifier when `assignment_acceptable(last_read_token)`), and `NAME[…]=value`
   * assigns to an array element whose subscript is arithmetic: `a[ x ]=1` with x='b[$(id)]'
   * runs `id`. Without `=` it is one command word (`a[ x ]`), unclosed a syntax error. bash 5.2
   * scans at the start of a command, after `! time |& && ;`, after assignments, and after
   * redirects until the first assignment; the resolver refuses the word anywhere before the
   * program word, which covers all of them.
   */
  private checkSubscript(): void {
    const t = this.text;
    const length = nameLengthAt(t, this.pos, t.length);
    if (length > 0 && t.charCodeAt(this.pos + length) === 0x5b /* [ */) {
      throw new Unresolvable('array-assignment', `\`${t.slice(this.pos, this.pos + Math.min(length, 40))}[…\` is read by bash as an array subscript: \`NAME[…]=value\` assigns to an element and evaluates the subscript as arithmetic.`);
    }
  }

  /** Reserved words and `((` at command position mean grammar the resolver does not follow. */
  private checkCommandWord(word: Word): void {
    // The shell deletes backslash-newlines before it reads words: `}\⏎` is the word `}`.
    const raw = word.raw.includes('\\\n') ? word.raw.replace(/\\\n/g, '') : word.raw;
    const mechanism = RESERVED_WORDS.get(raw);
    if (mechanism !== undefined) throw new Unresolvable(mechanism, `\`${raw}\` is a shell reserved word here.`);
    if (!this.zsh) return;
    if (word.kind === 'literal' && word.value === '') this.differs('An empty program word is not run in zsh');
    // `zsh -lc TEXT` (Codex) reads a TEXT starting `-` or `+` as its own options: nothing runs.
    if (/^[-+]/.test(word.raw)) this.differs(`\`${word.raw.slice(0, 40)}\` starts the command line with an option of zsh's own (\`zsh -lc\`)`);
    if (raw.startsWith('{')) this.differs(`\`${raw.slice(0, 40)}\` opens a brace group in zsh ( \`{a}\` runs \`a\`)`);
    const zshWord = ZSH_PROGRAM_WORDS.get(raw);
    if (zshWord !== undefined) this.differs(`\`${raw}\` ${zshWord}`);
    // zsh takes letters outside ASCII in names: `é=1 cmd` is an assignment there, a program word in bash.
    const equals = word.raw.indexOf('=');
    if (equals > 0 && /[^\x00-\x7f]|^[0-9]+$/.test(word.raw.slice(0, equals))) this.differs(`\`${word.raw.slice(0, 40)}\` is an assignment in zsh`);
  }

  /** The program word must be literal, and must not be a builtin that runs text as code. */
  private checkProgram(argv: Word[]): void {
    const program = argv[0];
    if (!program) return;
    if (program.kind !== 'literal') {
      throw new Unresolvable('opaque-program', `The program name \`${program.raw}\` is only known when the shell expands it.`);
    }
    // `command eval …`, `builtin source …`: look through the two builtins that run other builtins.
    let index = 0;
    while (index < argv.length) {
      const word = argv[index]!;
      if (word.kind !== 'literal') {
        if (index > 0) throw new Unresolvable('opaque-program', `The program run by \`${literal(argv[0])}\` is only known at run time.`);
        return;
      }
      // A command word starting with `%` is a job, not a program: bash runs `fg` on it (`bg`
      // with `&`), and in an interactive terminal that resumes a stopped job, whatever it is.
      if (word.value.startsWith('%')) throw new Unresolvable('job-control', `\`${word.raw}\` names a job: bash resumes it (fg or bg) instead of running a program.`);
      // `alias`, `alias -p`, `alias NAME…` only print: only a word with `=` defines an alias, so
      // literal words without one leave the shell as it was (bash 5.2; an unknown option is an error).
      if (word.value === 'alias' && printsAliasesOnly(argv.slice(index + 1))) return;
      const why = CODE_RUNNING_BUILTINS.get(word.value);
      if (why !== undefined) throw new Unresolvable('eval', `${why}.`);
      checkNameOperands(word.value, argv.slice(index + 1));
      if (word.value === 'set' && argv.slice(index + 1).some((w) => w.kind !== 'literal' || /posix/i.test(w.value))) {
        throw new Unresolvable('dialect', '`set -o posix` changes how bash reads later commands.');
      }
      if (word.value === 'hash' && argv.slice(index + 1).some((w) => w.kind !== 'literal' || /^-[a-zA-Z]*p/.test(w.value))) {
        throw new Unresolvable('eval', 'hash -p changes which file a later command name runs.');
      }
      if (this.zsh) {
        this.checkZshProgram(word.value, argv.slice(index + 1));
        // zsh's `exec` is a precommand modifier too: the word it runs may be another one (`exec noglob rm`).
        if (word.value === 'exec') {
          let k = index + 1;
          while (k < argv.length && /^-[acl]*$/.test(literal(argv[k])) && literal(argv[k]) !== '-') k += literal(argv[k]).includes('a') ? 2 : 1;
          if (literal(argv[k]) === '--') k++;
          const run = argv[k];
          if (run !== undefined && run.kind === 'literal') this.checkZshProgram(run.value, argv.slice(k + 1));
        }
      }
      if (word.value !== 'command' && word.value !== 'builtin') return;
      index++;
      while (index < argv.length && literal(argv[index]).startsWith('-') && literal(argv[index]) !== '-') {
        if (literal(argv[index]) === '--') {
          index++;
          break;
        }
        index++;
      }
    }
  }

  /**
   * zsh runs the last element of a pipeline in the current shell, bash in a subshell: there,
   * assignments, `cd`, `read`, `export` … change the shell that runs the rest of the line, and an
   * assignment-only element keeps the status of the element before it.
   */
  private checkLastPipelineElement(segment: Segment): void {
    if (segment.argv.length === 0) this.differs('Assignments as the last element of a pipeline set them in zsh\'s own shell');
    const program = literal(segment.argv[0]);
    if (SHELL_STATE_BUILTINS.has(program)) this.differs(`\`${program}\` as the last element of a pipeline runs in zsh's own shell`);
  }

  /**
   * What a program word and its operands mean in zsh where that differs from bash: zsh's own
   * reserved words, precommand modifiers and builtins (whatever runs a command, changes how later
   * text is read, or evaluates an operand), and the builtins bash has too but reads differently.
   */
  private checkZshProgram(program: string, args: readonly Word[]): void {
    const why = ZSH_PROGRAM_WORDS.get(program);
    if (why !== undefined) this.differs(`\`${program}\` ${why}`);
    switch (program) {
      case 'declare':
      case 'typeset':
      case 'local':
      case 'export':
      case 'readonly': {
        // zsh stops the whole line at a name it does not take (`export a-b`, `declare - -R`); bash goes on.
        let options = true;
        for (const word of args) {
          if (word.kind !== 'literal') continue;
          if (options && (word.value === '-' || word.value === '--')) {
            options = false;
            continue;
          }
          if (options && /^[-+]/.test(word.value)) {
            // A digit where zsh wants an option letter (`export +1`, `export ""-1`) is "not valid in this context": zsh stops the line.
            if (/^[-+][0-9]/.test(word.value)) this.differs(`\`${program} ${word.value.slice(0, 40)}\`: zsh stops the line at an option it does not take`);
            continue;
          }
          options = false;
          if (!/^[A-Za-z_][A-Za-z0-9_]*(?:\+?=|$)/.test(word.value)) this.differs(`\`${program} ${word.value.slice(0, 40)}\`: zsh stops the line at a name it does not take`);
        }
        return;
      }
      case 'hash':
        // zsh's `hash NAME=PATH` (no -p) sets the file a command name runs; `hash -d` names a folder for `~NAME`.
        if (args.length > 0) this.differs('`hash` with operands sets which file a command name runs, or a named folder');
        return;
      case 'cd':
      case 'pushd':
      case 'popd': {
        // zsh: `cd OLD NEW` replaces OLD by NEW in the current folder; `cd +N`/`-N` picks from the folder stack.
        const operands = args.filter((w) => w.kind !== 'literal' || !w.value.startsWith('-') || /^-[0-9]+$/.test(w.value));
        // A word known only at run time may be a stack position then: an expansion (`cd "$X"`, X=+1)
        // or a glob that can match one (`cd +1*`, `cd *`).
        const mayBePosition = (w: Word) => w.kind !== 'literal' && /^(?:"?[$`]|[-+*?[])/.test(w.raw) && !w.raw.includes('/');
        if (operands.length > 1 || args.some((w) => (w.kind === 'literal' && /^[-+][0-9]+$/.test(w.value)) || mayBePosition(w))) {
          this.differs(`\`${program}\` with two operands or a stack position goes elsewhere in zsh`);
        }
        return;
      }
      case 'print':
        if (args.some((w) => w.kind !== 'literal' || /^-[A-Za-z]*[vfz]/.test(w.value))) {
          this.differs('`print` may assign a variable (`-v`), read a format (`-f`) or edit the line (`-z`) here');
        }
        return;
      case 'printf': {
        // zsh evaluates the operand of a numeric conversion as arithmetic (a name is read as a variable).
        const format = args.find((w) => w.kind !== 'literal' || !w.value.startsWith('-'));
        if (format === undefined) return;
        if (format.kind !== 'literal' || /%[^%]*[diouxXeEfFgGaAc*]/.test(format.value)) {
          const rest = args.slice(args.indexOf(format) + 1);
          if (rest.some((w) => w.kind !== 'literal' || /[A-Za-z_[]/.test(w.value))) this.differs('zsh\'s `printf` evaluates a numeric operand as arithmetic');
        }
        return;
      }
      case 'shift':
      case 'return':
      case 'exit':
      case 'break':
      case 'continue':
        if (args.some((w) => w.kind !== 'literal' || /[A-Za-z_[]/.test(w.value))) this.differs(`zsh's \`${program}\` evaluates its operand as arithmetic`);
        return;
      case 'test':
      case '[':
        // zsh's `test` reads the operands of -eq, -lt … as arithmetic, where a name is a variable.
        for (let k = 0; k < args.length; k++) {
          const op = args[k]!;
          if (op.kind === 'literal' && !/^-(?:eq|ne|lt|le|gt|ge)$/.test(op.value)) continue;
          for (const side of [args[k - 1], args[k + 1]]) {
            if (side !== undefined && (side.kind !== 'literal' || /[A-Za-z_[]/.test(side.value))) this.differs('zsh\'s `test` evaluates the operands of a numeric comparison as arithmetic');
          }
        }
        return;
    }
  }

  private readAssignment(): Assignment {
    const start = this.pos;
    const name = this.text.slice(this.pos, this.pos + nameLengthAt(this.text, this.pos, this.text.length));
    const append = this.text[this.pos + name.length] === '+';
    const head = append ? name + '+=' : name + '=';
    if (name === 'HOME') this.homeMayChange = true;
    if (name === 'POSIXLY_CORRECT') throw new Unresolvable('dialect', 'POSIXLY_CORRECT switches bash to POSIX mode, which reads later text differently.');
    this.pos += head.length;
    if (this.text[this.pos] === '(') throw new Unresolvable('array-assignment', `\`${name}=(…)\` assigns an array.`);
    const value = this.atWordEnd()
      ? ({ kind: 'literal', value: '', raw: '' } as Word)
      : this.readWord('assignment-value');
    return { name, append, value, raw: this.text.slice(start, this.pos) };
  }

  private readRedirect(fd: number | null): Redirect | HereText {
    const start = this.pos;
    const t = this.text;
    let op: Redirect['op'];
    if (t.startsWith('<<', this.pos)) return this.readHereText(fd);
    if (t.startsWith('<(', this.pos) || t.startsWith('>(', this.pos)) {
      throw new Unresolvable('process-substitution', '`<(…)` / `>(…)` runs a command as a file.');
    }
    if (this.zsh && /^<[0-9]*-[0-9]*>/.test(t.slice(this.pos, this.pos + 48))) this.differs('`<N-M>` is a numeric glob in zsh, redirects in bash');
    if (t.startsWith('&>>', this.pos)) op = '&>>';
    else if (t.startsWith('&>', this.pos)) op = '&>';
    else if (t.startsWith('<>', this.pos)) op = '<>';
    else if (t.startsWith('<&', this.pos)) op = '<&';
    else if (t.startsWith('>>', this.pos)) op = '>>';
    else if (t.startsWith('>|', this.pos)) op = '>|';
    else if (t.startsWith('>&', this.pos)) op = '>&';
    else if (t[this.pos] === '<') op = '<';
    else if (t[this.pos] === '>') op = '>';
    else throw new Unresolvable('syntax', 'An unexpected `&`.');
    if (fd !== null && (op === '&>' || op === '&>>')) throw new Unresolvable('syntax', 'A file descriptor before `&>`.');
    this.pos += op.length;
    if (this.zsh && t[this.pos] === '!' && op !== '<' && op !== '<&' && op !== '<>') this.differs(`\`${op}!\` overwrites the file in zsh; in bash \`!\` is the file`);
    if ((op === '>' || op === '>>' || op === '<') && t[this.pos] === '(') {
      throw new Unresolvable('process-substitution', '`<(…)` / `>(…)` runs a command as a file.');
    }
    this.skipBlanks();
    if (this.atEnd() || this.atWordEnd()) throw new Unresolvable('syntax', `\`${op}\` has no target.`);
    if (t[this.pos] === '#') throw new Unresolvable('comment', 'A `#` comment hides the rest of the line from the shell.');
    // bash closes the descriptor at the `-` of `>&-x` and reads `x` as a word of the command.
    if ((op === '>&' || op === '<&') && t[this.pos] === '-' && !this.atEndOrWordEnd(this.pos + 1)) {
      throw new Unresolvable('syntax', `\`${op}-\` closes a descriptor and bash reads what follows the \`-\` as another word of the command.`);
    }
    const target = this.readWord('argument');
    // `> 1>&2`: bash reads digits right before `<` or `>` as the next redirect's descriptor, so this
    // redirect has no target (a syntax error there).
    if (/^[0-9]+$/.test(target.raw) && (t[this.pos] === '<' || t[this.pos] === '>')) {
      throw new Unresolvable('syntax', `\`${op} ${target.raw}${t[this.pos]}\`: the digits are the next redirect's descriptor, so \`${op}\` has no target.`);
    }
    return { fd, op, target, raw: t.slice(start, this.pos) };
  }

  /**
   * `<<<WORD` (a here-string: the word as an argument would read, then a newline) or `<<WORD`,
   * `<<-WORD` (a here-document: its body is read at the next newline, {@link readPendingBodies}).
   * Only on standard input, and only what the resolver can compute exactly: a literal word; a
   * delimiter that is a plain name, whole or quoted whole (`EOF`, `'EOF'`, `"EOF"`, `\EOF`).
   * Anything else is unresolved as before (D§4.2; docs/decisions.md "Data that only looks like code").
   */
  private readHereText(fd: number | null): HereText {
    const start = this.pos;
    const t = this.text;
    const string = t.startsWith('<<<', this.pos);
    const mechanism: Mechanism = string ? 'here-string' : 'heredoc';
    if (fd !== null && fd !== 0) throw new Unresolvable(mechanism, `\`${fd}<<\` feeds text to descriptor ${fd}, which the gate does not follow.`);
    if (string) {
      this.pos += 3;
      this.skipBlanks();
      if (this.atEnd() || this.atWordEnd()) throw new Unresolvable('syntax', '`<<<` has no word.');
      if (t[this.pos] === '#') throw new Unresolvable('comment', 'A `#` comment hides the rest of the line from the shell.');
      const word = this.readWord('argument');
      if (word.kind !== 'literal') throw new Unresolvable('here-string', `The here-string \`${word.raw.slice(0, 40)}\` is only known when the shell expands it.`);
      return { op: '<<<', body: word.value + '\n', raw: t.slice(start, this.pos) };
    }
    const stripTabs = t[this.pos + 2] === '-';
    this.pos += stripTabs ? 3 : 2;
    this.skipBlanks();
    const wordStart = this.pos;
    while (!this.atEnd() && !charIs(t, this.pos, WORD_END)) this.pos++;
    const word = t.slice(wordStart, this.pos);
    const shape = /^(?:([A-Za-z_][A-Za-z0-9_]*)|'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)"|\\([A-Za-z_][A-Za-z0-9_]*))$/.exec(word);
    if (shape === null) throw new Unresolvable('heredoc', `The here-document delimiter \`${word.slice(0, 40)}\` is not a plain name, whole or quoted whole.`);
    const delimiter = shape[1] ?? shape[2] ?? shape[3] ?? shape[4]!;
    const text: HereText = { op: stripTabs ? '<<-' : '<<', body: '', raw: t.slice(start, this.pos) };
    this.pendingBodies.push({ text, delimiter, quoted: shape[1] === undefined, stripTabs });
    return text;
  }

  /**
   * At a newline that ends a line (not one inside quotes, not a backslash-newline): the bodies of
   * the here-documents the line announced, one after another, each up to the line that is exactly
   * its delimiter (after the leading tabs, for `<<-`). A body is known exactly when its delimiter
   * was quoted, or when it holds no `$`, backquote or backslash (the characters bash and zsh
   * expand or remove in an unquoted body). A `!` that an interactive bash would expand, or a line
   * starting `^`, is history expansion there.
   */
  private readPendingBodies(): void {
    const t = this.text;
    for (const pending of this.pendingBodies.splice(0)) {
      const lines: string[] = [];
      for (;;) {
        if (this.atEnd()) throw new Unresolvable('heredoc', `The here-document \`${pending.text.raw}\` is never ended by a line \`${pending.delimiter}\`.`);
        const newline = t.indexOf('\n', this.pos);
        const lineEnd = newline < 0 ? t.length : newline;
        let line = t.slice(this.pos, lineEnd);
        this.pos = newline < 0 ? t.length : newline + 1;
        if (pending.stripTabs) line = line.replace(/^\t+/, '');
        if (line === pending.delimiter) break;
        lines.push(line);
      }
      const body = lines.length === 0 ? '' : lines.join('\n') + '\n';
      if (!pending.quoted && /[$`\\]/.test(body)) {
        throw new Unresolvable('heredoc', `The body of \`${pending.text.raw}\` holds \`$\`, a backquote or a backslash, which the shell expands in a here-document whose delimiter is not quoted.`);
      }
      if (/![^ \t\n=]|^\^/m.test(body)) throw new Unresolvable('history-expansion', `A \`!\` (or a line starting \`^\`) in the body of \`${pending.text.raw}\` is a history expansion in an interactive shell.`);
      pending.text.body = body;
    }
  }

  private readConnector(): Connector | null {
    this.skipBlanks();
    if (this.atEnd()) return null;
    const t = this.text;
    const c = t[this.pos]!;
    const next = t[this.pos + 1];
    if (c === '\n') {
      this.pos++;
      if (this.pendingBodies.length > 0) this.readPendingBodies();
      return '\n';
    }
    if (c === ';') {
      if (next === ';' || next === '&') throw new Unresolvable('control-flow', '`;;` / `;&` belong to a case statement.');
      this.pos++;
      return ';';
    }
    if (c === '&') {
      if (this.zsh && (next === '!' || next === '|')) this.differs(`\`&${next}\` runs the job in the background and disowns it in zsh`);
      this.pos += next === '&' ? 2 : 1;
      return next === '&' ? '&&' : '&';
    }
    if (c === '|') {
      if (next === '|') {
        this.pos += 2;
        return '||';
      }
      if (next === '&') {
        this.pos += 2;
        return '|&';
      }
      this.pos++;
      return '|';
    }
    throw new Unresolvable('syntax', `Unexpected \`${c}\`.`);
  }

  /** Adds characters to the word being read, all quoted or all unquoted. */
  private add(chars: string, quoted: boolean): void {
    if (chars.length === 0) return;
    const from = this.value.length;
    this.value += chars;
    if (quoted) return;
    const runs = this.unquoted;
    const count = this.unquotedCount;
    if (count > 0 && runs[count - 1] === from) {
      runs[count - 1] = this.value.length;
    } else {
      runs[count] = from;
      runs[count + 1] = this.value.length;
      this.unquotedCount = count + 2;
    }
  }

  /** Whether the last character added to the word was unquoted (none added: no). */
  private endsUnquoted(): boolean {
    const count = this.unquotedCount;
    return count > 0 && this.unquoted[count - 1] === this.value.length;
  }

  /** The word's quoting as a string as long as its value: 'u' for each unquoted, 'q' for each quoted character. */
  private mask(): string {
    let mask = '';
    const runs = this.unquoted;
    for (let k = 0; k < this.unquotedCount; k += 2) mask += 'q'.repeat(runs[k]! - mask.length) + 'u'.repeat(runs[k + 1]! - runs[k]!);
    return mask + 'q'.repeat(this.value.length - mask.length);
  }

  /** Marks the word being read as opaque for this reason (each reason once, in first-seen order). */
  private expand(why: OpaqueExpansion): void {
    const expansions = this.expansions;
    for (let k = 0; k < this.expansionCount; k++) if (expansions[k] === why) return;
    expansions[this.expansionCount++] = why;
  }

  /**
   * Reads one word. Literal characters are collected with a parallel mask that says which of
   * them were quoted, so brace and bracket patterns can be recognised afterwards exactly as
   * bash does: only unquoted `{ , .. }` and `[ ]` are special.
   */
  private readWord(mode: WordMode): Word {
    const t = this.text;
    const start = this.pos;
    this.value = '';
    this.unquotedCount = 0;
    this.expansionCount = 0;
    while (this.pos < t.length) {
      if (charIs(t, this.pos, WORD_END)) break;
      const c = t[this.pos]!;
      // A leading tilde (and, in an assignment value, one after `:`).
      if (c === '~' && (this.pos === start || (mode === 'assignment-value' && t[this.pos - 1] === ':' && this.endsUnquoted()))) {
        this.readTilde(mode);
        continue;
      }
      // zsh expands a tilde after empty quotes too (`''~/a` is the home folder's a).
      if (this.zsh && c === '~' && this.value === '') this.expand('tilde');
      switch (c) {
        case '\\': {
          const next = t[this.pos + 1];
          if (next === undefined) throw new Unresolvable('syntax', 'The command ends with a lone backslash.');
          if (next === '\n') this.checkContinuation();
          this.pos += 2;
          if (next !== '\n') this.add(next, true);
          continue;
        }
        case "'": {
          const close = t.indexOf("'", this.pos + 1);
          if (close < 0) throw new Unresolvable('unbalanced-quote', 'A single quote is never closed.');
          this.add(t.slice(this.pos + 1, close), true);
          this.pos = close + 1;
          continue;
        }
        case '"':
          this.readDoubleQuoted();
          continue;
        case '$':
          this.readDollar(false);
          continue;
        case '`':
          throw new Unresolvable('substitution', 'Backticks run a command and insert its output.');
        case '*':
        case '?':
          if (mode === 'argument') this.expand('glob');
          if (t[this.pos + 1] === '(') throw new Unresolvable('dialect', '`*(…)` / `?(…)` is an extended glob.');
          this.add(c, false);
          this.pos++;
          continue;
        case '!':
          this.checkHistory(false);
          this.add(c, false);
          this.pos++;
          continue;
        case '=':
          if (t[this.pos + 1] === '(' && this.pos === start) throw new Unresolvable('dialect', '`=(…)` is zsh process substitution.');
          if (this.zsh && this.pos + 1 < t.length && !charIs(t, this.pos + 1, WORD_END) && (this.pos === start || (mode === 'assignment-value' && t[this.pos - 1] === ':' && this.endsUnquoted()))) {
            this.differs(`\`${t.slice(this.pos, this.pos + 40).split(/[\s;&|<>()]/, 1)[0]}\` is the path of a program in zsh (\`=cmd\`)`);
          }
          this.add(c, false);
          this.pos++;
          continue;
        case '~':
          // A tilde after `=` or `:` in an argument that looks like an assignment is expanded by bash too.
          if (/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(t.slice(start, this.pos)) && (t[this.pos - 1] === '=' || t[this.pos - 1] === ':') && this.endsUnquoted()) {
            this.expand('tilde');
          }
          this.add(c, false);
          this.pos++;
          continue;
        default: {
          // A run of plain characters is taken whole, as the character-by-character reading would.
          let end = this.pos + 1;
          while (end < t.length && !charIs(t, end, WORD_SPECIAL)) end++;
          this.add(t.slice(this.pos, end), false);
          this.pos = end;
        }
      }
    }
    if (t.charCodeAt(this.pos) === 0x28 /* ( */ && this.pos > start) {
      // `f()` is left to the caller; these two forms are named here because only the word shows them.
      if (mode === 'argument' && /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(t.slice(start, this.pos))) {
        throw new Unresolvable('array-assignment', 'An array assignment `name=(…)`.');
      }
      if (/[@!+?*]$/.test(t.slice(start, this.pos))) throw new Unresolvable('dialect', '`@(…)`-style extended glob.');
    }
    // Both patterns need an unquoted `{` or `[`. Every unquoted character of the word is one
    // of its text, as it stands there: a word whose text has neither character has neither.
    if (mode === 'argument' && this.unquotedCount > 0 && hasBraceOrBracket(t, start, this.pos)) {
      const mask = this.mask();
      if (hasBraceExpansion(this.value, mask)) {
        this.expand('brace');
        // zsh applies EQUALS to each word the braces make: `{a,}=ls` makes `=ls`, the path of ls
        // (an error when there is none). Any unquoted `=` in a brace-expanded word may start one.
        if (this.zsh && hasUnquoted(this.value, mask, '=')) this.differs(`\`${t.slice(start, this.pos).slice(0, 40)}\` may make a \`=cmd\` word in zsh (its braces expand before EQUALS)`);
      }
      // zsh finds a sequence's `..` after quoting is taken away: `{1.\.3}` and `{a".."c}` expand
      // there (to 1 2 3, a b c) and stay one word in bash. Its commas must be unquoted, as in bash.
      else if (this.zsh && hasQuotedSequenceBrace(this.value, mask)) this.differs(`\`${t.slice(start, this.pos).slice(0, 40)}\` is a brace sequence in zsh (its dots are quoted)`);
      if (hasBracketPattern(this.value, mask)) this.expand('glob');
      // zsh reads any unquoted `[` as a pattern (alone, `[` is the test builtin); one that no `]`
      // closes is a "bad pattern" error there, which can stop the rest of the line (`[${VAR}`, `a[`).
      if (this.zsh && t.slice(start, this.pos) !== '[' && hasUnquoted(this.value, mask, '[')) {
        const open = lastUnquoted(this.value, mask, '[');
        if (this.value.indexOf(']', open + 1) < 0) this.differs(`\`${t.slice(start, this.pos).slice(0, 40)}\` is a bad pattern in zsh (a \`[\` no \`]\` closes)`);
        this.expand('glob');
      }
    }
    // EQUALS looks past empty quotes: `''=ls` is the path of ls in zsh.
    if (this.zsh && this.value.length > 1 && this.value.charCodeAt(0) === 0x3d /* = */ && this.unquotedCount > 0 && this.unquoted[0] === 0 && t.charCodeAt(start) !== 0x3d) {
      this.differs(`\`${t.slice(start, this.pos).slice(0, 40)}\` is the path of a program in zsh (\`=cmd\`)`);
    }
    // zsh closes a brace group at a word's unquoted `}` with no `{` before it: `a}` and `}` are parse errors there.
    if (this.zsh && this.value.endsWith('}') && this.unquotedCount > 0 && unbalancedClosingBrace(this.value, this.mask())) {
      this.differs(`\`${t.slice(start, this.pos).slice(-40)}\` ends with a \`}\` that closes a brace group in zsh`);
    }
    // Every unquoted character is added exactly as it stands in the text, so a word that is one
    // unquoted run as long as the text it came from is that text: no second copy of it.
    const runs = this.unquoted;
    const verbatim = this.unquotedCount === 2 && runs[0] === 0 && runs[1] === this.value.length && this.value.length === this.pos - start;
    const raw = verbatim ? this.value : t.slice(start, this.pos);
    const word: Word =
      this.expansionCount > 0
        ? { kind: 'opaque', raw, expansions: this.expansions.slice(0, this.expansionCount) }
        : { kind: 'literal', value: this.value, raw };
    return word;
  }

  /**
   * `~` at the start of a word: `~` and `~/…` are the home folder; `~user`, `~+`, `~-` are only
   * known at run time; a tilde-prefix with any quoting is not expanded at all.
   */
  private readTilde(mode: WordMode): void {
    const t = this.text;
    let j = this.pos + 1;
    let quoted = false;
    let colon = false;
    while (j < t.length) {
      const ch = t[j]!;
      if (ch === '/' || charIs(t, j, WORD_END) || (mode === 'assignment-value' && ch === ':')) break;
      // bash 5 ends the tilde-prefix at a `:` in any word too (`-v ~:/h` binds the home folder); zsh does not.
      if (ch === ':' && this.bash) {
        colon = true;
        break;
      }
      if (ch === '\\' && t[j + 1] === '\n') {
        // bash deletes the backslash-newline before it reads the tilde-prefix (`~+\⏎` is `~+`):
        // rather than re-derive the prefix across it, the word is only known at run time.
        this.expand('tilde');
        this.add('~', false);
        this.pos++;
        return;
      }
      if (ch === "'" || ch === '"' || ch === '\\' || ch === '$' || ch === '`') {
        quoted = true;
        break;
      }
      j++;
    }
    if (quoted) {
      // bash leaves a tilde-prefix with quotes in it alone; zsh expands the `~` (`~""` is the home folder).
      if (this.zsh) this.expand('tilde');
      this.add('~', false);
      this.pos++;
      return;
    }
    const prefix = t.slice(this.pos + 1, j);
    // `~:…` in a line zsh may run too: the home folder in bash, the literal `~` in zsh — only known at run time.
    if ((prefix === '' && this.homeMayChange) || (prefix === '' && colon && this.zsh)) {
      this.expand('tilde');
      this.add('~', false);
    } else if (prefix === '') {
      // The expansion's result is treated as quoted: no splitting, no globbing.
      this.add(this.home, true);
    } else {
      if (this.zsh) this.checkZshTildeName(mode);
      this.expand('tilde-user');
      this.add('~' + prefix, false);
    }
    this.pos = j;
  }

  /**
   * zsh looks up the whole text after `~` up to a `/` as a user or named folder when it is made of
   * name characters (`~x`, `~no.user`, `~1`; not `~root:x`, `~:`, `~-`), and stops the whole
   * command list when there is none ("no such user or named directory"), where bash keeps the word
   * as written: checked with zsh's own end of the name, so the zsh and any readings agree.
   */
  private checkZshTildeName(mode: WordMode): void {
    const t = this.text;
    let k = this.pos + 1;
    while (k < t.length && t[k] !== '/' && !charIs(t, k, WORD_END) && !(mode === 'assignment-value' && t[k] === ':')) k++;
    const name = t.slice(this.pos + 1, k);
    if (name !== '-' && /^[\p{L}\p{N}._-]+$/u.test(name)) this.differs('a `~name` stops the command list in zsh when no such user or named folder exists');
  }

  private readDoubleQuoted(): void {
    const t = this.text;
    this.pos++; // opening quote
    while (this.pos < t.length) {
      const c = t[this.pos]!;
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c === '\\') {
        const next = t[this.pos + 1];
        if (next === undefined) break;
        if (next === '\n') {
          this.checkContinuation();
          this.pos += 2;
        } else if (next === '$' || next === '`' || next === '"' || next === '\\') {
          this.add(next, true);
          this.pos += 2;
        } else {
          this.add('\\', true);
          this.pos++;
        }
        continue;
      }
      if (c === '$') {
        this.readDollar(true);
        continue;
      }
      if (c === '`') throw new Unresolvable('substitution', 'Backticks inside double quotes run a command and insert its output.');
      if (c === '!') {
        this.checkHistory(true);
        this.add(c, true);
        this.pos++;
        continue;
      }
      // A run of plain characters is taken whole, as the character-by-character reading would.
      let end = this.pos + 1;
      while (end < t.length && !charIs(t, end, DOUBLE_QUOTED_SPECIAL)) end++;
      this.add(t.slice(this.pos, end), true);
      this.pos = end;
    }
    throw new Unresolvable('unbalanced-quote', 'A double quote is never closed.');
  }

  /** `$…` in a word: ANSI-C quoting, parameters (opaque), or substitutions (unresolved). */
  private readDollar(inDoubleQuotes: boolean): void {
    const t = this.text;
    const next = t[this.pos + 1];
    if (next === '(') {
      if (t[this.pos + 2] === '(') throw new Unresolvable('arithmetic', '`$((…))` is arithmetic expansion.');
      throw new Unresolvable('substitution', '`$(…)` runs a command and inserts its output.');
    }
    if (next === '[') throw new Unresolvable('arithmetic', '`$[…]` is arithmetic expansion.');
    if (!inDoubleQuotes && next === "'") {
      const decoded = decodeAnsiCQuote(t, this.pos + 2, this.zsh);
      if ('error' in decoded) {
        throw new Unresolvable(decoded.error === 'unterminated' ? 'unbalanced-quote' : decoded.error === 'shell-difference' ? 'shell-difference' : 'syntax', decoded.message);
      }
      this.add(decoded.value, true);
      this.pos = decoded.end;
      return;
    }
    if (!inDoubleQuotes && next === '"') throw new Unresolvable('dialect', '`$"…"` is a locale-translated string.');
    if (this.zsh && next !== undefined && (next === '=' || next === '~' || next === '^' || next === '+' || next.charCodeAt(0) >= 0x80)) {
      this.differs(`\`$${next}\` is an expansion in zsh, plain text in bash`);
    }
    if (next === '{') {
      const close = t.indexOf('}', this.pos + 2);
      if (close < 0) throw new Unresolvable('syntax', '`${` is never closed.');
      const body = t.slice(this.pos + 2, close);
      if (!SIMPLE_PARAMETER_BODY.test(body) || body === '') {
        throw new Unresolvable('syntax', `The parameter expansion \`\${${body.slice(0, 40)}}\` is outside what the gate reads.`);
      }
      // bash: a parameter name first (`${+x}`, `${~x}`, `${:-a}` are a "bad substitution" that stops the line).
      if (!/^[#!]?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(?:$|[^A-Za-z0-9_])/.test(body) && body !== '#' && body !== '!') {
        throw new Unresolvable('syntax', `\`\${${body.slice(0, 40)}}\` is a bad substitution in bash (and zsh reads it with flags of its own).`);
      }
      checkParameterBody(body);
      if (this.zsh && /^[A-Za-z_0-9]+[@,^]/.test(body)) this.differs(`\`\${${body.slice(0, 40)}}\` is a bad substitution in zsh`);
      this.expand('variable');
      this.pos = close + 1;
      return;
    }
    // `/^[A-Za-z_][A-Za-z0-9_]*/` over the next 256 characters, without the copy.
    const nameLength = nameLengthAt(t, this.pos + 1, Math.min(t.length, this.pos + 257));
    if (nameLength > 0) {
      if (this.zsh && t[this.pos + 1 + nameLength] === '[') this.differs(`\`$${t.slice(this.pos + 1, this.pos + 1 + nameLength)}[\` takes a subscript in zsh`);
      this.expand('variable');
      this.pos += 1 + nameLength;
      return;
    }
    if (next !== undefined && SPECIAL_PARAMETERS.includes(next)) {
      if (this.zsh && t[this.pos + 2] === '[') this.differs(`\`$${next}[\` takes a subscript in zsh`);
      // zsh's lexer takes `$'` as a quote wherever it stands: `$$'…'` is `$` and then `$'…'` there.
      if (this.zsh && !inDoubleQuotes && next === '$' && t[this.pos + 2] === "'") this.differs("`$$'` starts a `$'…'` quote in zsh");
      // zsh's lexer counts braces after an unquoted `$${` and stops the whole input when they do not close (`e $${`).
      if (this.zsh && !inDoubleQuotes && next === '$' && t[this.pos + 2] === '{') this.differs('`$${` counts braces in zsh: unclosed, the line does not parse');
      this.expand('variable');
      this.pos += 2;
      return;
    }
    // A `$` that starts no expansion is an ordinary character.
    this.add('$', inDoubleQuotes);
    this.pos++;
  }

  /**
   * An interactive bash (the terminal an agent types into) expands `!` unless it is followed by
   * a blank, `=`, the end of the text, or (inside double quotes) the closing quote.
   */
  private checkHistory(inDoubleQuotes: boolean): void {
    const next = this.text[this.pos + 1];
    if (next === undefined || next === ' ' || next === '\t' || next === '\n' || next === '=') return;
    if (inDoubleQuotes && next === '"') return;
    throw new Unresolvable('history-expansion', '`!` starts a history expansion in an interactive shell.');
  }

  /**
   * Bash deletes backslash-newline before it reads tokens, so `$\⏎(`, `&\⏎&` or `2\⏎>` are
   * `$(`, `&&` and `2>`. The resolver accepts a continuation only where it cannot join two
   * pieces into one token: next to a blank or at the end of the text.
   */
  private checkContinuation(): void {
    const before = this.text[this.pos - 1];
    const after = this.text[this.pos + 2];
    const blank = (c: string | undefined) => c === ' ' || c === '\t';
    if (this.pos === 0 || blank(before) || blank(after) || after === undefined) return;
    throw new Unresolvable('syntax', 'A backslash-newline joins two pieces of text into one token.');
  }

  /**
   * Whether the next word is exactly `word` (`!`, `time`, `-p`, `--`), unquoted: `word` is
   * there and a word end (or the end of the text) follows it. None of these words holds a
   * quote, a backslash, a `$` or a backtick, so this is "the next word, if made of plain
   * characters only, is `word`", read in place.
   */
  private atBareWord(word: string): boolean {
    const t = this.text;
    const after = this.pos + word.length;
    return t.startsWith(word, this.pos) && (after >= t.length || charIs(t, after, WORD_END));
  }

  private lineStartsWithCaret(): boolean {
    if (this.text[this.pos] !== '^') return false;
    const before = this.text.slice(0, this.pos).replace(/[ \t]+$/, '');
    return before === '' || before.endsWith('\n');
  }

  private skipBlanks(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t[this.pos];
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\\' && t[this.pos + 1] === '\n') {
        this.checkContinuation();
        this.pos += 2;
      }
      else break;
    }
  }

  private skipBlanksAndNewlines(): void {
    for (;;) {
      this.skipBlanks();
      if (this.text[this.pos] !== '\n') return;
      this.pos++;
      if (this.pendingBodies.length > 0) this.readPendingBodies();
    }
  }

  private atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  private atEndOrWordEnd(index: number): boolean {
    return index >= this.text.length || charIs(this.text, index, WORD_END);
  }

  private atWordEnd(): boolean {
    return this.atEnd() || charIs(this.text, this.pos, WORD_END);
  }
}

/**
 * `ASSIGNMENT_START.test(text.slice(pos))` without the copy: a name, then `=` or `+=`. bash sets
 * no limit on a name's length: a 300-character name followed by `=` is an assignment.
 */
function startsAssignment(text: string, pos: number): boolean {
  const k = pos + nameLengthAt(text, pos, text.length);
  if (k === pos) return false;
  if (text[k] === '=') return true;
  return text[k] === '+' && text[k + 1] === '=';
}

/** The length of the name (`[A-Za-z_][A-Za-z0-9_]*`) at `pos`, reading no further than `end`; 0 for none. */
function nameLengthAt(text: string, pos: number, end: number): number {
  if (pos >= end || !isNameStart(text.charCodeAt(pos))) return 0;
  let k = pos + 1;
  while (k < end && (isNameStart(text.charCodeAt(k)) || isDigitCode(text.charCodeAt(k)))) k++;
  return k - pos;
}

/** The one-character parameters `$0`…`$9`, `$@`, `$*`, `$#`, `$?`, `$$`, `$!`, `$-`. */
const SPECIAL_PARAMETERS = '0123456789@*#?$!-';

/** `[A-Za-z_]` */
function isNameStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

function isDigitCode(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function literal(word: Word | undefined): string {
  return word && word.kind === 'literal' ? word.value : '';
}

/**
 * The words an argument's braces make, as bash and zsh pass them on (`x{,.bak}` is `x x.bak`), or
 * `null` to keep the one word: it has no braces, holds something besides braces and the globs `*`
 * and `?`, looks like an assignment (`export A={x,y}` differs between the shells), or is not a form
 * both shells expand the same way ({@link braceWords}).
 */
function braceArguments(word: Word): Word[] | null {
  if (word.kind !== 'opaque' || !word.expansions.includes('brace') || !word.expansions.every((e) => e === 'brace' || e === 'glob')) return null;
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.raw)) return null;
  const made = braceWords(word.raw);
  if (made === null) return null;
  return made.map((text): Word => (/[*?]/.test(text) ? { kind: 'opaque', raw: text, expansions: ['glob'] } : { kind: 'literal', value: text, raw: text }));
}

/**
 * Whether bash would brace-expand this word: an unquoted `{` with a later unquoted `}` and an
 * unquoted `,` or `..` between them. Erring towards "yes" only makes a word opaque.
 */
function hasBraceExpansion(value: string, mask: string): boolean {
  let open = -1;
  let separator = false;
  for (let i = 0; i < value.length; i++) {
    if (mask[i] !== 'u') continue;
    const c = value[i];
    if (c === '{') {
      if (open < 0) open = i;
    } else if (open >= 0 && (c === ',' || (c === '.' && value[i + 1] === '.' && mask[i + 1] === 'u'))) {
      separator = true;
    } else if (c === '}' && open >= 0 && separator) {
      return true;
    }
  }
  return false;
}

/**
 * An unquoted `{` with a later unquoted `}` and `..` between them, some of whose dots are quoted:
 * zsh reads the sequence as written once quoting is gone (docs/decisions.md, "The zsh reading").
 */
function hasQuotedSequenceBrace(value: string, mask: string): boolean {
  for (let open = value.indexOf('{'); open >= 0; open = value.indexOf('{', open + 1)) {
    if (mask[open] !== 'u') continue;
    for (let close = value.indexOf('}', open + 1); close >= 0; close = value.indexOf('}', close + 1)) {
      if (mask[close] !== 'u') continue;
      if (value.slice(open + 1, close).includes('..')) return true;
      break;
    }
  }
  return false;
}

/** Whether `text` holds a `{` or a `[` between `start` and `end`. */
function hasBraceOrBracket(text: string, start: number, end: number): boolean {
  if (end - start > NATIVE_SCAN_FROM) {
    const raw = text.slice(start, end);
    return raw.includes('{') || raw.includes('[');
  }
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7b /* { */ || code === 0x5b /* [ */) return true;
  }
  return false;
}

/** An unquoted `[` followed later by a `]`: a bracket glob that may match files. */
function hasBracketPattern(value: string, mask: string): boolean {
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '[' && mask[i] === 'u') return value.indexOf(']', i + 1) > 0;
  }
  return false;
}

/** Whether `value` holds `char` where `mask` marks it unquoted. */
function hasUnquoted(value: string, mask: string, char: string): boolean {
  for (let i = value.indexOf(char); i >= 0; i = value.indexOf(char, i + 1)) if (mask[i] === 'u') return true;
  return false;
}

/** The index of the last `char` in `value` that `mask` marks unquoted, or -1. */
function lastUnquoted(value: string, mask: string, char: string): number {
  for (let i = value.lastIndexOf(char); i >= 0; i = value.lastIndexOf(char, i - 1)) if (mask[i] === 'u') return i;
  return -1;
}

/** The word ends with an unquoted `}` and has more unquoted `}` than `{` (zsh: `a}`, `{a}}`, `"{"a}`). */
function unbalancedClosingBrace(value: string, mask: string): boolean {
  if (!value.endsWith('}') || mask[value.length - 1] !== 'u') return false;
  let balance = 0;
  for (let i = 0; i < value.length; i++) {
    if (mask[i] !== 'u') continue;
    if (value[i] === '{') balance++;
    else if (value[i] === '}') balance--;
  }
  return balance < 0;
}
