import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scrubEnvironment } from '../../gate/execution/environmentScrub';
import { readAliasLines, type ShellDefinitions } from '../../gate/reading/shellDefinitions';
import { bubblewrapPath, runReadOnly } from './readOnlySandbox';

/**
 * The aliases and functions of Claude Code's shell when it has no snapshot to read (its first
 * command, before the snapshot is written): its shell, started as Claude Code starts it to write
 * a snapshot, asked for its definitions (D§16; docs/agent-hooks.md, "Which shell runs the
 * command"). Claude Code 2.1.328 runs `SHELL -c -l SCRIPT` where SCRIPT sources `~/.bashrc` or
 * `~/.zshrc` (when it exists) with stdin from /dev/null, then lists `declare -F`/`typeset +f` and
 * `alias -p`/`alias`; the same is done here, in a read-only sandbox without network
 * (readOnlySandbox.ts), with the scrubbed environment, under {@link ASK_TIMEOUT_MS}. Without
 * bubblewrap the start-up files are not run at all: unknown.
 *
 * What was learned is cached in the gate's state folder, keyed by the identity (path, size,
 * mtime, inode) of the shell and of every start-up file the shell reads, and dropped when any of
 * them changes or after {@link CACHE_MAX_AGE_MS} (a file a start-up file sources is not in the
 * key). A cache that cannot be read or does not match is ignored.
 */

export const ASK_TIMEOUT_MS = 1500;
/** A cached answer is asked again after this long, for the files the start-up files source. */
export const CACHE_MAX_AGE_MS = 10 * 60_000;
/** A failure (a timeout) is cached for less: the machine may only have been busy. */
const FAILURE_MAX_AGE_MS = 60_000;
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;
const CACHE_VERSION = 1;

export type ShellKind = 'bash' | 'zsh';

export interface AskedShell {
  /** The shell Claude Code will run (agentShell.ts `claudeCodeShellPath`). */
  file: string;
  kind: ShellKind;
  env: NodeJS.ProcessEnv;
  home: string;
  /** `…/approvals-gate/shell-definitions.json` in the state folder (userFolders.ts). */
  cacheFile: string;
  /** For tests: where bubblewrap is looked for, the time limit, the clock. */
  bwrapPlaces?: readonly string[];
  timeoutMs?: number;
  now?: () => number;
}

export type AskingOptions = Pick<AskedShell, 'bwrapPlaces' | 'timeoutMs' | 'now'>;

/** The definitions of the agent's shell, from the cache when it still holds, else asked. */
export function askedShellDefinitions(ask: AskedShell): ShellDefinitions {
  const now = (ask.now ?? Date.now)();
  const key = startupIdentities(ask);
  const cached = readCache(ask.cacheFile, key, now);
  if (cached !== undefined) return cached;
  const bwrap = bubblewrapPath(ask.bwrapPlaces);
  if (bwrap === undefined) {
    return { kind: 'unknown', why: `the gate does not run the shell's start-up files to learn their aliases and functions without bubblewrap (install it: apt-get install bubblewrap)` };
  }
  const asked = askShell(bwrap, ask);
  const at = new Date(now).toISOString();
  const definitions: ShellDefinitions = asked.ok
    ? { kind: 'known', aliases: asked.aliases, functions: asked.functions, source: `${ask.file} asked at ${at} (${asked.ms} ms)` }
    : { kind: 'unknown', why: `${ask.file} asked for its aliases and functions at ${at} gave no answer: ${asked.why}` };
  writeCache(ask.cacheFile, key, now, definitions);
  return definitions;
}

/**
 * The files the shell reads when Claude Code starts it (`-c -l`, then the rc file it sources),
 * with the folders the system files source from: bash's login files and `/etc/profile.d`, zsh's
 * under `$ZDOTDIR` (else home) and `/etc/zsh`. The shell itself counts too (its version prints
 * the lists).
 */
export function startupFiles(kind: ShellKind, env: NodeJS.ProcessEnv, home: string): string[] {
  const inFolder = (folder: string) => {
    try {
      return readdirSync(folder).sort().map((name) => path.join(folder, name));
    } catch {
      return [folder];
    }
  };
  if (kind === 'bash') {
    return ['/etc/profile', ...inFolder('/etc/profile.d'), '/etc/bash.bashrc', '/etc/bashrc', ...['.bash_profile', '.bash_login', '.profile', '.bashrc', '.bash_aliases'].map((name) => path.join(home, name))];
  }
  const zdot = env.ZDOTDIR !== undefined && path.isAbsolute(env.ZDOTDIR) ? env.ZDOTDIR : home;
  const user = ['.zshenv', '.zprofile', '.zshrc', '.zlogin'];
  return [...inFolder('/etc/zsh'), '/etc/zshenv', '/etc/zprofile', '/etc/zshrc', '/etc/zlogin', ...user.map((name) => path.join(zdot, name)), ...(zdot === home ? [] : user.map((name) => path.join(home, name)))];
}

/** The latest mtime among the start-up files (0 when none exists): a snapshot older than it was written from other files. */
export function newestStartupChange(kind: ShellKind, env: NodeJS.ProcessEnv, home: string): number {
  let newest = 0;
  for (const file of startupFiles(kind, env, home)) {
    try {
      newest = Math.max(newest, statSync(file).mtimeMs);
    } catch {
      // absent
    }
  }
  return newest;
}

function identity(file: string): string {
  try {
    const stat = statSync(file);
    return `${file}\t${stat.size}\t${stat.mtimeMs}\t${stat.ino}`;
  } catch {
    return `${file}\tabsent`;
  }
}

function startupIdentities(ask: AskedShell): string[] {
  return [identity(ask.file), ...startupFiles(ask.kind, ask.env, ask.home).map(identity)];
}

/** The rc file Claude Code sources in the snapshot script: in the home folder, whatever ZDOTDIR says. */
function rcFile(kind: ShellKind, home: string): string {
  return path.join(home, kind === 'zsh' ? '.zshrc' : '.bashrc');
}

type Listing = { ok: true; aliases: Map<string, string | null>; functions: Set<string> } | { ok: false; why: string };
type Asked = (Listing & { ok: true; ms: number }) | (Listing & { ok: false });

/** The names the lister needs: when the start-up files define one as a function, its answer means nothing. */
const LISTERS = ['builtin', 'printf', 'print', 'compgen', 'typeset', 'alias', 'source'];

function askShell(bwrap: string, ask: AskedShell): Asked {
  const mark = `approvals-gate-${randomBytes(8).toString('hex')}`;
  const rc = rcFile(ask.kind, ask.home);
  let exists = false;
  try {
    exists = statSync(rc).isFile();
  } catch {
    // no rc file: Claude Code then writes a snapshot with its own part only
  }
  const quoted = `'${rc.replace(/'/g, `'\\''`)}'`;
  const say = ask.kind === 'zsh' ? '\\builtin print -r --' : "\\builtin printf '%s\\n'";
  const script = [
    exists ? `source ${quoted} < /dev/null` : '',
    `${say} ''`,
    `${say} ${mark}-functions`,
    ask.kind === 'zsh' ? '\\builtin typeset +f' : '\\builtin compgen -A function',
    `${say} ${mark}-aliases`,
    ask.kind === 'zsh' ? '\\builtin alias' : '\\builtin alias -p',
    `${say} ${mark}-end`,
  ].join('\n');
  // As Claude Code's snapshot shell: the agent's environment with SHELL, GIT_EDITOR and
  // CLAUDECODE set (credentials scrubbed: the start-up files need none to define names).
  const env: Record<string, string> = { ...scrubEnvironment(ask.env).env, SHELL: ask.file, GIT_EDITOR: 'true', CLAUDECODE: '1', TMPDIR: '/tmp' };
  const zdot = ask.env.ZDOTDIR;
  const result = runReadOnly(bwrap, {
    argv: [ask.file, '-c', '-l', script, ask.kind],
    env,
    cwd: isFolder(ask.home) ? ask.home : '/',
    timeoutMs: ask.timeoutMs ?? ASK_TIMEOUT_MS,
    maxBytes: MAX_OUTPUT_BYTES,
    keep: [ask.home, ...(zdot !== undefined && path.isAbsolute(zdot) ? [zdot] : [])],
  });
  if (!result.ok) return result;
  const listed = readListing(result.stdout, mark, ask.kind);
  if (!listed.ok) return listed;
  const lister = LISTERS.find((name) => listed.functions.has(name));
  if (lister !== undefined) return { ok: false, why: `the start-up files define a function \`${lister}\`, which the gate uses to list them` };
  return { ...listed, ms: result.ms };
}

function isFolder(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The lister's output after what the start-up files printed: function names one per line, then
 * the aliases, put in the form Claude Code writes in a snapshot (`alias -- NAME=VALUE`, by its
 * own sed: bash's `alias -p` lines lose their `alias `/`alias -- `, zsh's lines have none; every
 * line of zsh's output gets the prefix, a line that starts bash's gets it).
 */
export function readListing(stdout: string, mark: string, kind: ShellKind): Listing {
  const lines = stdout.split('\n');
  const at = (what: string) => lines.lastIndexOf(`${mark}-${what}`);
  const [functionsAt, aliasesAt, endAt] = [at('functions'), at('aliases'), at('end')];
  if (functionsAt < 0 || !(functionsAt < aliasesAt && aliasesAt < endAt)) return { ok: false, why: 'its answer is not the list the gate asked for (the start-up files may have ended the shell)' };
  const functions = new Set(lines.slice(functionsAt + 1, aliasesAt).filter((line) => line !== ''));
  const aliasLines = lines.slice(aliasesAt + 1, endAt).map((line) => {
    if (kind === 'zsh') return `alias -- ${line}`;
    if (line.startsWith('alias -- ')) return line;
    return line.startsWith('alias ') ? `alias -- ${line.slice('alias '.length)}` : line;
  });
  const aliases = readAliasLines(aliasLines);
  if (!aliases.ok) return { ok: false, why: aliases.why };
  return { ok: true, aliases: aliases.aliases, functions };
}

interface CacheFile {
  v: number;
  key: string[];
  at: number;
  definitions: { kind: 'known'; aliases: Array<[string, string | null]>; functions: string[]; source: string } | { kind: 'unknown'; why: string };
}

function readCache(file: string, key: readonly string[], now: number): ShellDefinitions | undefined {
  let cache: CacheFile;
  try {
    cache = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
  } catch {
    return undefined;
  }
  // Anything not exactly as written is ignored (and asked again): fail closed.
  if (typeof cache !== 'object' || cache === null || cache.v !== CACHE_VERSION || !Array.isArray(cache.key) || typeof cache.at !== 'number') return undefined;
  if (cache.key.length !== key.length || cache.key.some((entry, i) => entry !== key[i])) return undefined;
  const d = cache.definitions as unknown;
  if (typeof d !== 'object' || d === null) return undefined;
  const age = now - cache.at;
  const definitions = d as CacheFile['definitions'];
  if (definitions.kind === 'unknown') {
    if (typeof definitions.why !== 'string' || age < 0 || age > FAILURE_MAX_AGE_MS) return undefined;
    return { kind: 'unknown', why: `${definitions.why} (cached)` };
  }
  if (definitions.kind !== 'known' || age < 0 || age > CACHE_MAX_AGE_MS || typeof definitions.source !== 'string') return undefined;
  if (!Array.isArray(definitions.functions) || !definitions.functions.every((name) => typeof name === 'string')) return undefined;
  if (!Array.isArray(definitions.aliases) || !definitions.aliases.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && (typeof entry[1] === 'string' || entry[1] === null))) return undefined;
  return { kind: 'known', aliases: new Map(definitions.aliases), functions: new Set(definitions.functions), source: `${definitions.source}, cached` };
}

/** Written to a temporary file beside it and renamed: a reader sees the old file or the new one. Best effort. */
function writeCache(file: string, key: readonly string[], now: number, definitions: ShellDefinitions): void {
  const cache: CacheFile = {
    v: CACHE_VERSION,
    key: [...key],
    at: now,
    definitions: definitions.kind === 'known' ? { kind: 'known', aliases: [...definitions.aliases], functions: [...definitions.functions], source: definitions.source } : definitions,
  };
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // Alias texts may hold what the user would not show: the file is the user's alone.
    writeFileSync(temporary, JSON.stringify(cache), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // Not cached: the next call asks again.
    rmSync(temporary, { force: true });
  }
}
