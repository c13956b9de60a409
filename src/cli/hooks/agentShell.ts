import { accessSync, constants, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ReadingShell } from '../../gate/reading/resolution';
import { describeDefinitions, parseSnapshot, unionOfSnapshots, type ShellDefinitions, type SnapshotDefinitions } from '../../gate/reading/shellDefinitions';
import type { AgentName } from './agents';
import { askedShellDefinitions, newestStartupChange, type AskingOptions, type ShellKind } from './askedShell';
import { registrationFor } from './registrations';
import { bubblewrapPath } from './readOnlySandbox';
import { userFolders } from './userFolders';

/**
 * Which shell each agent runs its shell tool's command in, as far as the hook process can see it
 * for sure (its environment is the agent's; the findings and sources are in docs/agent-hooks.md, "Which shell runs the command").
 * `undefined` means not known for sure: the command is read as `any` (bash and zsh alike).
 *
 * - Claude Code (2.1.328): the first executable of `$CLAUDE_CODE_SHELL`, `$SHELL` (each only if
 *   its path contains "bash" or "zsh"), then zsh and bash (bash first when `$SHELL` names bash)
 *   found on PATH and in /bin, /usr/bin, /usr/local/bin, /opt/homebrew/bin. Known for sure when
 *   the path it picks is named exactly `bash` or `zsh`, and no `CLAUDE_CODE_SHELL_PREFIX` wraps it.
 * - Codex (0.169.0): the model picks the shell of each `exec_command` call (its `shell`
 *   argument; default the user's login shell from the password database), and the hook's input
 *   does not carry it: never known for sure.
 * - Gemini CLI (0.61.0): `bash -c` off Windows (`getShellConfiguration`).
 * - Copilot CLI (1.0.102): its `bash` tool runs bash whatever `$SHELL` says (observed); the
 *   `powershell` tool is neither shell.
 * - Cursor: the user's terminal shell, which the hook cannot see for sure.
 */
export interface ShellProbe {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** Whether `file` is an executable file (X_OK), as Claude Code checks it. */
  executable(file: string): boolean;
}

export const SYSTEM_PROBE: Omit<ShellProbe, 'env'> = {
  platform: process.platform,
  executable(file) {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  },
};

/** The shell of the agent's shell tool, when known for sure; `tool` is Copilot's tool name. */
export function agentShell(agent: AgentName, probe: ShellProbe, tool?: string): ReadingShell | undefined {
  switch (agent) {
    case 'claude-code':
      return claudeCodeShell(probe);
    case 'gemini':
      return probe.platform === 'win32' ? undefined : 'bash';
    case 'copilot':
      return probe.platform !== 'win32' && tool === 'bash' ? 'bash' : undefined;
    case 'codex':
    case 'cursor':
      return undefined;
  }
}

/** Claude Code's own name for a shell path: "zsh" or "bash" by the file name, else by the whole path. */
function claudeKind(file: string): 'zsh' | 'bash' | undefined {
  for (const text of [path.basename(file).replace(/\.exe$/i, ''), file]) {
    if (text.includes('zsh')) return 'zsh';
    if (text.includes('bash')) return 'bash';
  }
  return undefined;
}

/** The path Claude Code runs its Bash tool's commands with, or undefined when it cannot be told. */
export function claudeCodeShellPath(probe: ShellProbe): string | undefined {
  const { env } = probe;
  const named = [env.CLAUDE_CODE_SHELL, env.SHELL].filter((value): value is string => value !== undefined && (value.includes('bash') || value.includes('zsh')));
  const bashFirst = claudeKind(env.SHELL ?? '') === 'bash';
  const order = bashFirst ? ['bash', 'zsh'] : ['zsh', 'bash'];
  const onPath = (name: string) => (env.PATH ?? '').split(':').filter((dir) => path.isAbsolute(dir)).map((dir) => path.join(dir, name)).find((file) => probe.executable(file));
  const dirs = ['/bin', '/usr/bin', '/usr/local/bin', '/opt/homebrew/bin'];
  const candidates: Array<string | undefined> = [...named, onPath(order[0]!), ...order.flatMap((name) => dirs.map((dir) => `${dir}/${name}`)), onPath(order[1]!)];
  for (const candidate of candidates) {
    if (candidate === undefined || candidate === '') continue;
    // A name that is not a path is run with --version to test it: not for the hook to guess.
    if (!path.isAbsolute(candidate)) return undefined;
    if (probe.executable(candidate)) return candidate;
  }
  return undefined;
}

function claudeCodeShell(probe: ShellProbe): ReadingShell | undefined {
  if (probe.platform === 'win32') return undefined;
  // A prefix command runs the shell command line itself: what it does with it is not known.
  if ((probe.env.CLAUDE_CODE_SHELL_PREFIX ?? '') !== '') return undefined;
  const file = claudeCodeShellPath(probe);
  if (file === undefined) return undefined;
  const name = path.basename(file);
  return name === 'bash' || name === 'zsh' ? name : undefined;
}

/** Claude Code's shell snapshots: `<config dir>/shell-snapshots/snapshot-<shell>-<ms>-<random>.sh`. */
export function claudeSnapshotFolder(env: NodeJS.ProcessEnv, home: string): string {
  return path.join(registrationFor('claude-code', env, home).folder, 'shell-snapshots');
}

/** Largest snapshot read; a larger one is unknown (Claude Code keeps at most 1000 aliases). */
const MAX_SNAPSHOT_BYTES = 4 * 1024 * 1024;

/**
 * The aliases and functions of Claude Code's shell: the union over every snapshot in its folder.
 * The hook input does not say which snapshot is its session's (the file name carries the shell,
 * the time and a random part, no session id), so every live session's definitions count.
 * `$BASH_ENV` set (bash reads that file before the command, and it is no part of the snapshot):
 * unknown. No snapshot at all (a session's first command: Claude Code writes it after that
 * command's hook), or one whose names cannot be found: the shell is asked instead
 * (askedShell.ts), which stands in for such a snapshot only when it is of the same shell and no
 * start-up file changed since it was written. Functions exported in the environment
 * (`BASH_FUNC_name%%`, which bash imports) count as well.
 */
export function claudeShellDefinitions(env: NodeJS.ProcessEnv, home: string, cacheFile: string, asking: AskingOptions = {}): ShellDefinitions {
  const found = snapshotsOrAsked(env, home, cacheFile, asking);
  if (found.kind === 'unknown') return found;
  const exported = Object.keys(env).flatMap((name) => /^BASH_FUNC_(.+)%%$/.exec(name)?.[1] ?? []);
  return exported.length === 0 ? found : { ...found, functions: new Set([...found.functions, ...exported]) };
}

function snapshotsOrAsked(env: NodeJS.ProcessEnv, home: string, cacheFile: string, asking: AskingOptions): ShellDefinitions {
  const folder = claudeSnapshotFolder(env, home);
  if ((env.BASH_ENV ?? '') !== '') return { kind: 'unknown', why: `BASH_ENV is set (${env.BASH_ENV}), and bash runs that file before each command` };
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => /^snapshot-.*\.sh$/.test(name)).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') return { kind: 'unknown', why: `${folder} cannot be read (${code ?? String(error)})` };
    names = [];
  }
  const parsed = names.map((name) => ({ name, file: path.join(folder, name), definitions: snapshotFile(path.join(folder, name)) }));
  const snapshots: ShellDefinitions =
    names.length === 0 ? { kind: 'unknown', why: `there is no shell snapshot in ${folder} (Claude Code writes one after a session's first command)` } : unionOfSnapshots(parsed, `${names.length} snapshot(s) in ${folder}`);
  if (snapshots.kind === 'known') return snapshots;
  const shell = askableShell(env);
  if (typeof shell === 'string') return { kind: 'unknown', why: `${snapshots.why}; ${shell}` };
  const unreadable = parsed.filter((snapshot) => !snapshot.definitions.ok);
  const stale = unreadable.find((snapshot) => !snapshot.name.startsWith(`snapshot-${shell.kind}-`) || snapshotTime(snapshot.file) < newestStartupChange(shell.kind, env, home));
  if (stale !== undefined) return { kind: 'unknown', why: `${snapshots.why}; the shell cannot stand in for ${stale.file}, which is of another shell or older than a change to the start-up files` };
  const asked = askedShellDefinitions({ ...shell, env, home, cacheFile, ...asking });
  if (asked.kind === 'unknown') return { kind: 'unknown', why: `${snapshots.why}; ${asked.why}` };
  if (unreadable.length === 0) return { ...asked, source: `${asked.source}, no shell snapshot` };
  const readable = unionOfSnapshots(parsed.filter((snapshot) => snapshot.definitions.ok), `the readable snapshots in ${folder}`);
  if (readable.kind === 'unknown') return asked;
  const aliases = new Map(readable.aliases);
  for (const [name, value] of asked.aliases) aliases.set(name, aliases.has(name) && aliases.get(name) !== value ? null : value);
  return { kind: 'known', aliases, functions: new Set([...readable.functions, ...asked.functions]), source: `${readable.source} and ${asked.source} for ${unreadable.length} it cannot read` };
}

/** The shell Claude Code starts to write a snapshot, or why it cannot be asked. */
function askableShell(env: NodeJS.ProcessEnv): { file: string; kind: ShellKind } | string {
  // Bubblewrap is Linux's: elsewhere the start-up files are not run (docs/decisions.md, "The agent's shell, asked when there is no snapshot").
  if (process.platform !== 'linux') return `the gate asks the shell only on Linux, inside bubblewrap (this is ${process.platform})`;
  if ((env.CLAUDE_CODE_SHELL_PREFIX ?? '') !== '') return 'CLAUDE_CODE_SHELL_PREFIX wraps the shell, so the gate does not ask it';
  const file = claudeCodeShellPath({ ...SYSTEM_PROBE, env });
  const kind = file === undefined ? undefined : claudeKind(file);
  if (file === undefined || kind === undefined) return 'the shell Claude Code runs cannot be told, so it is not asked';
  return { file, kind };
}

/** When Claude Code wrote a snapshot: the milliseconds in its name, else the file's mtime. */
function snapshotTime(file: string): number {
  const fromName = /^snapshot-[a-z]+-(\d{12,})-/.exec(path.basename(file))?.[1];
  if (fromName !== undefined) return Number(fromName);
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function snapshotFile(file: string): SnapshotDefinitions {
  try {
    const size = statSync(file).size;
    if (size > MAX_SNAPSHOT_BYTES) return { ok: false, why: `it is larger than ${MAX_SNAPSHOT_BYTES} bytes` };
    return parseSnapshot(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A session that ended removes its snapshot: one gone since the listing is no longer sourced.
    if (code === 'ENOENT') return { ok: true, aliases: new Map(), functions: new Set() };
    return { ok: false, why: code ?? String(error) };
  }
}

/** What `doctor` says about an agent's shell: the shell the hook reads in, and for Claude Code its snapshots. */
export function shellReport(agent: AgentName, env: NodeJS.ProcessEnv, home: string, registeredCommand: string): string[] {
  const given = /\s--shell[= ](bash|zsh|any)\b/.exec(registeredCommand)?.[1];
  const shell = agentShell(agent, { ...SYSTEM_PROBE, env }, agent === 'copilot' ? 'bash' : undefined);
  const lines = [
    given !== undefined
      ? `reads commands as ${given} (--shell on the registered command)`
      : shell !== undefined
        ? `reads commands as ${shell}: ${SHELL_SOURCES[agent]}${agent === 'claude-code' ? ` (${claudeCodeShellPath({ ...SYSTEM_PROBE, env })}, from this environment's SHELL and PATH)` : ''}`
        : `reads commands as any (bash and zsh alike): ${SHELL_SOURCES[agent]}`,
  ];
  if (agent === 'claude-code') {
    const definitions = claudeShellDefinitions(env, home, userFolders(env).shellCacheFile);
    lines.push(`aliases and functions: ${describeDefinitions(definitions)}`);
    const bwrap = bubblewrapPath();
    lines.push(
      bwrap !== undefined
        ? `without a snapshot (a session's first command), the shell is asked in a read-only sandbox without network (${bwrap}) and the answer cached in ${userFolders(env).shellCacheFile}`
        : "without a snapshot (a session's first command), every command is unresolved: bubblewrap is not installed, and the gate does not run the shell's start-up files without it (install it: apt-get install bubblewrap)",
    );
  }
  return lines;
}

const SHELL_SOURCES: Readonly<Record<AgentName, string>> = {
  'claude-code': 'Claude Code runs its Bash tool in the shell it picks from CLAUDE_CODE_SHELL, SHELL, then zsh and bash',
  gemini: 'Gemini CLI runs run_shell_command with bash -c',
  codex: "Codex's model picks the shell of each call, and the hook is not told which",
  copilot: "Copilot CLI's bash tool runs bash",
  cursor: "Cursor runs commands in the user's terminal shell, which the hook cannot see",
};
