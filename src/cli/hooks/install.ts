import { accessSync, constants, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseShell, quote } from 'shell-quote';
import { AGENTS, type AgentName } from './agents';
import { isGateHookCommand, registrationFor, type Registration } from './registrations';
import { codexHookTrust, withCodexTrust, withoutCodexTrust } from './codexTrust';
import { acceptsConnection, privateFolder, releaseSocketAddress, serverSocket, socketAddress } from './hookServerWire';

/**
 * `install`, `uninstall` and `doctor` (D§16): the gate's entry in each agent's user-level hook
 * configuration. Every change is idempotent (installing twice changes nothing the second time),
 * keeps what else the file holds, writes a backup of the file it changes first, and says what it
 * changed. A file that cannot be read as JSON is never touched.
 */

export interface ManageContext {
  env: NodeJS.ProcessEnv;
  home: string;
  /** The hook command to register, without the agent name (`'/usr/bin/node' '/…/dist/cli.js'`). */
  gateCommand: string;
  timeoutMs: number;
  dryRun: boolean;
  now: () => Date;
}

export interface Change {
  agent: AgentName;
  file: string;
  /** What happened, in one line a person reads. */
  message: string;
  changed: boolean;
  /** The backup written before the change, when there was a file to back up. */
  backup?: string;
  ok: boolean;
}

/** The command the agent runs: the gate's command and `hook AGENT`. */
export function hookCommandFor(ctx: ManageContext, agent: AgentName): string {
  return `${ctx.gateCommand} hook ${agent}`;
}

/**
 * The gate command of this process, shell-quoted: this Node and the hook's own start file
 * (`hook.js`, beside the CLI in `dist/`), or this CLI file when there is none (run from source).
 */
export function currentGateCommand(cliFile: string): string {
  const hookFile = path.join(path.dirname(path.resolve(cliFile)), 'hook.js');
  return quote([process.execPath, existsSync(hookFile) && path.basename(cliFile) === 'cli.js' ? hookFile : path.resolve(cliFile)]);
}

type JsonFile = { kind: 'absent' } | { kind: 'read'; value: Record<string, unknown>; text: string } | { kind: 'broken'; why: string };

function readJsonFile(file: string): JsonFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'broken', why: error instanceof Error ? error.message : String(error) };
  }
  if (text.trim() === '') return { kind: 'read', value: {}, text };
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) return { kind: 'broken', why: `not valid JSON (${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset})` };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'broken', why: 'not a JSON object' };
  return { kind: 'read', value: value as Record<string, unknown>, text };
}

/** The list at `listPath`, created on the way when `create` is set; null when something else is in the way. */
function listAt(root: Record<string, unknown>, listPath: readonly string[], create: boolean): unknown[] | null | undefined {
  let node: Record<string, unknown> = root;
  for (const [i, key] of listPath.entries()) {
    const last = i === listPath.length - 1;
    let next = node[key];
    if (next === undefined) {
      if (!create) return undefined;
      next = last ? [] : {};
      node[key] = next;
    }
    if (last) return Array.isArray(next) ? next : null;
    if (next === null || typeof next !== 'object' || Array.isArray(next)) return null;
    node = next as Record<string, unknown>;
  }
  return null;
}

/** The entries of `list` that run the gate's hook for `agent`. */
function gateEntries(list: readonly unknown[], registration: Registration, agent: AgentName): unknown[] {
  return list.filter((entry) => registration.commandsOf(entry).some((command) => isGateHookCommand(command, agent)));
}

/** Where the copy of `file` goes before a change: beside it, named for the time. */
function backupPath(file: string, ctx: ManageContext): string {
  return `${file}.approvals-gate-backup-${ctx.now().toISOString().replace(/[:.]/g, '-')}`;
}

function writeWithBackup(file: string, before: JsonFile, value: Record<string, unknown> | null, ctx: ManageContext): string | undefined {
  if (ctx.dryRun) return undefined;
  mkdirSync(path.dirname(file), { recursive: true });
  let backup: string | undefined;
  if (before.kind === 'read') {
    backup = backupPath(file, ctx);
    copyFileSync(file, backup);
  }
  if (value === null) {
    rmSync(file, { force: true });
    return backup;
  }
  // Written beside the file and renamed into place: an interrupted write leaves the old file.
  const partial = `${file}.partial-${process.pid}`;
  writeFileSync(partial, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
  renameSync(partial, file);
  return backup;
}

export function install(agent: AgentName, ctx: ManageContext): Change {
  const registration = registrationFor(agent, ctx.env, ctx.home);
  const { file } = registration;
  const before = readJsonFile(file);
  if (before.kind === 'broken') return { agent, file, changed: false, ok: false, message: `${file} is ${before.why}; not touched — fix it, then install again` };
  const value: Record<string, unknown> = before.kind === 'read' ? structuredClone(before.value) : { ...(registration.root ?? {}) };
  const list = listAt(value, registration.listPath, true);
  if (!list) return { agent, file, changed: false, ok: false, message: `${file}: ${registration.listPath.join('.')} is not a list; not touched` };
  const wanted = registration.entry(hookCommandFor(ctx, agent), ctx.timeoutMs);
  const ours = gateEntries(list, registration, agent);
  if (ours.length === 1 && JSON.stringify(ours[0]) === JSON.stringify(wanted)) {
    return { agent, file, changed: false, ok: true, message: `${AGENTS[agent].label}: already registered in ${file}` };
  }
  // Older or duplicate entries of the gate go; the one wanted entry comes first (before other
  // hooks) or, where trust is keyed by position, last.
  const kept = list.filter((entry) => !ours.includes(entry));
  if (registration.position === 'first') list.splice(0, list.length, wanted, ...kept);
  else list.splice(0, list.length, ...kept, wanted);
  const backup = writeWithBackup(file, before, value, ctx);
  const verb = ctx.dryRun ? 'would register' : ours.length > 0 ? 'updated the registration' : 'registered';
  return { agent, file, changed: true, ok: true, ...(backup ? { backup } : {}), message: `${AGENTS[agent].label}: ${verb} \`${hookCommandFor(ctx, agent)}\` in ${file}${backup ? ` (backup: ${backup})` : ''}` };
}

export function uninstall(agent: AgentName, ctx: ManageContext): Change {
  const registration = registrationFor(agent, ctx.env, ctx.home);
  const { file } = registration;
  const before = readJsonFile(file);
  if (before.kind === 'absent') return { agent, file, changed: false, ok: true, message: `${AGENTS[agent].label}: not registered (${file} does not exist)` };
  if (before.kind === 'broken') return { agent, file, changed: false, ok: false, message: `${file} is ${before.why}; not touched` };
  const value = structuredClone(before.value);
  const list = listAt(value, registration.listPath, false);
  const ours = list ? gateEntries(list, registration, agent) : [];
  if (!list || ours.length === 0) return { agent, file, changed: false, ok: true, message: `${AGENTS[agent].label}: not registered in ${file}` };
  const keys = ours.map((entry) => codexTrustKey(registration, list.indexOf(entry)));
  list.splice(0, list.length, ...list.filter((entry) => !ours.includes(entry)));
  const empty = registration.ownFile && list.length === 0;
  const backup = writeWithBackup(file, before, empty ? null : value, ctx);
  if (agent === 'codex' && !ctx.dryRun) forgetCodexTrust(registration, keys, ctx);
  return { agent, file, changed: true, ok: true, ...(backup ? { backup } : {}), message: `${AGENTS[agent].label}: ${ctx.dryRun ? 'would remove' : 'removed'} the gate's hook from ${file}${backup ? ` (backup: ${backup})` : ''}` };
}

// ── Codex's trust (codexTrust.ts) ─────────────────────────────────────────────────────────────

/** Codex's trust key of the first hook of the `group`-th entry of hooks.json. */
function codexTrustKey(registration: Registration, group: number): string {
  return `${registration.file}:pre_tool_use:${group}:0`;
}

/** An executable `name` on the PATH of `env`, or undefined. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const folder of (env.PATH ?? '').split(':')) {
    if (folder === '') continue;
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/**
 * Records the gate's Codex hook as trusted, with the key and hash Codex itself reports (an
 * untrusted hook is skipped without a word). Only the gate's own hook is trusted; the user's
 * other hooks are left as Codex has them. The key's table is replaced, never added twice (a
 * duplicate key makes Codex refuse its whole config.toml).
 */
export async function trustCodexHook(ctx: ManageContext): Promise<Change> {
  const registration = registrationFor('codex', ctx.env, ctx.home);
  const config = path.join(registration.folder, 'config.toml');
  const fail = (message: string): Change => ({ agent: 'codex', file: config, changed: false, ok: false, message: `Codex CLI: ${message}` });
  const codex = findOnPath('codex', ctx.env);
  if (codex === undefined) return fail(`the hook is registered but NOT trusted: \`codex\` is not on PATH, so its trust cannot be asked for, and Codex skips an untrusted hook without a word. Install again where \`codex\` runs, or trust the hook in Codex.`);
  let untrusted;
  try {
    untrusted = await codexHookTrust(codex, ctx.env, ctx.home);
  } catch (error) {
    return fail(`the hook is registered but NOT trusted: codex app-server did not list the hooks (${error instanceof Error ? error.message : String(error)})`);
  }
  const ours = untrusted.filter((entry) => entry.key.startsWith(`${registration.file}:`) && entry.command !== undefined && isGateHookCommand(entry.command, 'codex'));
  if (ours.length === 0) return { agent: 'codex', file: config, changed: false, ok: true, message: `Codex CLI: the hook is trusted in ${config}` };
  if (ctx.dryRun) return { agent: 'codex', file: config, changed: true, ok: true, message: `Codex CLI: would trust the hook in ${config}` };
  let before = '';
  try {
    before = readFileSync(config, 'utf8');
  } catch {
    // No config.toml yet.
  }
  let backup: string | undefined;
  if (existsSync(config)) {
    backup = backupPath(config, ctx);
    copyFileSync(config, backup);
  }
  const partial = `${config}.partial-${process.pid}`;
  writeFileSync(partial, withCodexTrust(before, ours), { mode: 0o600 });
  renameSync(partial, config);
  return { agent: 'codex', file: config, changed: true, ok: true, ...(backup ? { backup } : {}), message: `Codex CLI: trusted the hook in ${config}${backup ? ` (backup: ${backup})` : ''}` };
}

/** Removes the trust tables of the gate's former Codex hook keys. */
function forgetCodexTrust(registration: Registration, keys: readonly string[], ctx: ManageContext): void {
  const config = path.join(registration.folder, 'config.toml');
  let text: string;
  try {
    text = readFileSync(config, 'utf8');
  } catch {
    return;
  }
  const after = withoutCodexTrust(text, keys);
  if (after === text) return;
  copyFileSync(config, backupPath(config, ctx));
  writeFileSync(config, after, { mode: 0o600 });
}

/** The agents whose user folder exists (`install --detect`). */
export function detectAgents(ctx: ManageContext): AgentName[] {
  return (Object.keys(AGENTS) as AgentName[]).filter((agent) => existsSync(registrationFor(agent, ctx.env, ctx.home).folder));
}

export interface DoctorReport {
  agent: AgentName;
  ok: boolean;
  lines: string[];
}

/** Commands `doctor` sends through the registered hook: one the gate lets run, one it always refuses. */
export const DOCTOR_HARMLESS = 'ls';
export const DOCTOR_REFUSED = 'rm -rf /';

/**
 * Is the hook registered, and does the registered command answer in the agent's format: a
 * harmless command is not blocked for a wrong reason (it may ask, by the user's settings) and a
 * command the floor refuses is blocked, as the agent will read the answers.
 */
export async function doctor(agent: AgentName, ctx: ManageContext): Promise<DoctorReport> {
  const adapter = AGENTS[agent];
  const registration = registrationFor(agent, ctx.env, ctx.home);
  const lines: string[] = [];
  const file = readJsonFile(registration.file);
  if (file.kind !== 'read') return { agent, ok: false, lines: [`${adapter.label}: not registered (${registration.file} ${file.kind === 'absent' ? 'does not exist' : `is ${file.why}`})`] };
  const list = listAt(file.value, registration.listPath, false) ?? [];
  const commands = gateEntries(list, registration, agent).flatMap((entry) => registration.commandsOf(entry).filter((c) => isGateHookCommand(c, agent)));
  if (commands.length === 0) return { agent, ok: false, lines: [`${adapter.label}: not registered in ${registration.file}`] };
  let ok = true;
  lines.push(`${adapter.label}: registered in ${registration.file}: ${commands[0]}`);
  for (const [command, expected] of [
    [DOCTOR_HARMLESS, ['run', 'ask', 'block']],
    [DOCTOR_REFUSED, ['block']],
  ] as const) {
    const input = JSON.stringify(adapter.sampleInput(command, ctx.home));
    const result = spawnSync('/bin/sh', ['-c', commands[0]!], { input, encoding: 'utf8', env: ctx.env, cwd: ctx.home, timeout: 60_000 });
    const verdict = result.error ? 'garbage' : adapter.readAnswer({ stdout: result.stdout ?? '', exitCode: result.status ?? -1 });
    const good = (expected as readonly string[]).includes(verdict);
    ok &&= good;
    lines.push(`  \`${command}\` → ${verdict === 'run' ? 'runs' : verdict === 'ask' ? 'asks' : verdict === 'block' ? 'blocked' : 'NOT A VALID ANSWER (the agent would run it)'}${good ? '' : '  ← wrong'}`);
  }
  lines.push(`  ${await hookServerStatus(commands[0]!, ctx.env)}`);
  if (agent === 'codex') {
    // Trusted is what Codex says: a hash out of date or a key of another hook is not trust.
    const codex = findOnPath('codex', ctx.env);
    let status: string;
    if (codex === undefined) {
      status = 'cannot tell whether Codex trusts it: `codex` is not on PATH';
    } else {
      try {
        const untrusted = await codexHookTrust(codex, ctx.env, ctx.home);
        const ours = untrusted.find((entry) => entry.command !== undefined && isGateHookCommand(entry.command, 'codex'));
        status = ours === undefined ? 'trusted' : `NOT trusted (${ours.trustStatus ?? 'untrusted'}): Codex skips it without a word; run \`approvals-gate install codex\` again`;
      } catch (error) {
        status = `cannot tell whether Codex trusts it: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    if (status !== 'trusted') ok = false;
    lines.push(`  ${status}`);
  }
  return { agent, ok, lines };
}

/**
 * What the hook server of the registered command's installation is doing, in words: the socket a
 * call of that `hook.js` asks (hookServerWire.ts), whether its folder lets a server be believed,
 * and whether one answers a connection now. Informational: a call with no server decides in its
 * own process, only slower.
 */
export async function hookServerStatus(command: string, env: NodeJS.ProcessEnv): Promise<string> {
  const words = parseShell(command).filter((word): word is string => typeof word === 'string');
  const loader = words.find((word) => path.basename(word) === 'hook.js');
  if (loader === undefined) return 'hook server: cannot tell (the registered command names no hook.js)';
  let socket: string | undefined;
  try {
    socket = serverSocket(env, path.join(path.dirname(loader), 'hook-main.js'));
  } catch (error) {
    return `hook server: cannot tell (${error instanceof Error ? error.message : String(error)})`;
  }
  if (socket === undefined) return 'hook server: off (APPROVALS_GATE_HOOK_SERVER, or this system); each call decides in its own process';
  const folder = path.dirname(socket);
  if (!existsSync(folder)) return `hook server: none yet (${folder} does not exist); the first call starts one`;
  if (!privateFolder(folder)) return `hook server: NOT USED: ${folder} must be a folder of this user with mode 0700 (chmod 700 it); each call decides in its own process, slower`;
  if (!existsSync(socket)) return `hook server: not running; the next call starts one (${socket})`;
  const address = socketAddress(socket);
  if (address === undefined) return `hook server: cannot tell (the socket's address does not fit: ${socket})`;
  const answers = await acceptsConnection(address);
  releaseSocketAddress(address);
  return answers ? `hook server: running (${socket})` : `hook server: a socket nobody answers on (${socket}); the next call replaces it`;
}
