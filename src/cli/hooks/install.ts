import { shellReport } from './agentShell';
import { accessSync, chmodSync, constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { spawnSync } from 'node:child_process';
import { applyEdits, modify, parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseShell } from 'shell-quote';
import { AGENT_NAMES, AGENTS, type AgentName } from './agents';
import { ANSWER_END_VARIABLE } from './answerFrame';
import { launcherCommand, warmCommand } from './launcher';
import { buildOf, inNpxCache, installCopy, missingHookFiles, pruneCopies, readManifest, sourceFolderOf, versionOf, type CopyManifest } from './installCopy';
import { dataFolder } from './userFolders';
import { isGateHookCommand, isGateWarmCommand, registrationFor, type Registration } from './registrations';
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
  /** The Node the hook runs with (this one). */
  node: string;
  /** The folder of the hook files to install (`dist/` beside the CLI, links resolved). */
  source: string;
  timeoutMs: number;
  dryRun: boolean;
  now: () => Date;
  /** The copy made for this run (installCopy.ts), once the first agent is installed. */
  copy?: { folder: string; manifest: CopyManifest; reused: boolean };
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

/** The context of this process: this Node, and the hook files beside the CLI file it runs (links resolved). */
export function currentSource(cliFile: string): { node: string; source: string } {
  return { node: process.execPath, source: sourceFolderOf(cliFile) };
}

/**
 * The installed copy of the hook files for this run: made (or found) once, then the same for
 * every agent. Throws, with a sentence that says what to do, when there is nothing to copy.
 */
export function hookCopy(ctx: ManageContext): { folder: string; manifest: CopyManifest; reused: boolean } {
  if (ctx.copy) return ctx.copy;
  const missing = missingHookFiles(ctx.source);
  if (missing.length > 0) {
    throw new Error(`${ctx.source} has no built hook (${missing.join(', ')} missing): run \`npm run build\` in the checkout, or install the package, then install again`);
  }
  ctx.copy = installCopy(ctx.source, ctx.env, ctx.now(), ctx.dryRun);
  // The copy is what gets registered; a path inside npx's cache never is (npm deletes it when it likes).
  if (inNpxCache(ctx.copy.folder)) throw new Error(`the copy would lie in npx's cache (${ctx.copy.folder}); set XDG_DATA_HOME to a lasting folder`);
  return ctx.copy;
}

/** The command the agent runs: the launcher (launcher.ts) around the installed copy's `hook.js`. */
export function hookCommandFor(ctx: ManageContext, agent: AgentName): string {
  return launcherCommand(agent, ctx.node, path.join(hookCopy(ctx).folder, 'hook.js'), ctx.timeoutMs);
}

/** The session-start command for `agent` (registrations.ts `sessionStart`): starts the installed copy's hook server. */
export function warmCommandFor(ctx: ManageContext, agent: AgentName): string {
  return warmCommand(agent, ctx.node, path.join(hookCopy(ctx).folder, 'hook.js'));
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

/** The entries of the session-start list `list` that run the gate's warm command for `agent`. */
function warmEntries(list: readonly unknown[], registration: Registration, agent: AgentName): unknown[] {
  return list.filter((entry) => registration.commandsOf(entry).some((command) => isGateWarmCommand(command, agent)));
}

/** The gate's warm entries in `root`'s session-start list (none where the agent has no such list). */
function warmEntriesIn(root: Record<string, unknown>, registration: Registration, agent: AgentName): unknown[] {
  if (!registration.sessionStart) return [];
  const list = listAt(root, registration.sessionStart.listPath, false);
  return Array.isArray(list) ? warmEntries(list, registration, agent) : [];
}

/** The list paths of a registration the gate edits: its hook's and, where there is one, the session start's. */
function listPaths(registration: Registration): Array<readonly string[]> {
  return [registration.listPath, ...(registration.sessionStart ? [registration.sessionStart.listPath] : [])];
}

/**
 * The file's content with `wanted` as the gate's one entry: older or duplicate entries of the
 * gate go; the wanted entry comes first (before other hooks) or, where trust is keyed by
 * position, last. With `warm` (the session-start entry), the same in the session-start list,
 * first; without it that list is left as it is. Null when a list's place holds something else.
 */
function withEntry(before: Record<string, unknown>, registration: Registration, agent: AgentName, wanted: unknown, warm?: unknown): { value: Record<string, unknown>; replaced: number } | null {
  const value = structuredClone(before);
  const list = listAt(value, registration.listPath, true);
  if (!list) return null;
  const ours = gateEntries(list, registration, agent);
  const kept = list.filter((entry) => !ours.includes(entry));
  if (registration.position === 'first') list.splice(0, list.length, wanted, ...kept);
  else list.splice(0, list.length, ...kept, wanted);
  if (warm !== undefined && registration.sessionStart) {
    const starts = listAt(value, registration.sessionStart.listPath, true);
    if (!starts) return null;
    const oldWarm = warmEntries(starts, registration, agent);
    starts.splice(0, starts.length, warm, ...starts.filter((entry) => !oldWarm.includes(entry)));
  }
  return { value, replaced: ours.length };
}

/** Where the copy of `file` goes before a change: beside it, named for the time. */
function backupPath(file: string, ctx: ManageContext): string {
  return `${file}.approvals-gate-backup-${ctx.now().toISOString().replace(/[:.]/g, '-')}`;
}

/** How many of its backups the gate keeps beside a file. */
export const KEPT_BACKUPS = 3;

/** The gate's backups of `file`, oldest first (their names sort by time). */
function backupsOf(file: string): string[] {
  const prefix = `${path.basename(file)}.approvals-gate-backup-`;
  try {
    return readdirSync(path.dirname(file)).filter((name) => name.startsWith(prefix)).sort().map((name) => path.join(path.dirname(file), name));
  } catch {
    return [];
  }
}

/** Removes the gate's older backups of `file`, keeping the newest `keep`. */
function pruneBackups(file: string, keep: number): void {
  const all = backupsOf(file);
  for (const backup of all.slice(0, Math.max(0, all.length - keep))) rmSync(backup, { force: true });
}

/** The permission bits of a file, or undefined when there is none. */
function modeOf(file: string): number | undefined {
  try {
    return statSync(file).mode & 0o7777;
  } catch {
    return undefined;
  }
}

/** Writes `text` to `file` through a file beside it renamed into place (an interrupted write leaves the old file), with `mode`. */
function writeAtomically(file: string, text: string | Buffer, mode: number): void {
  const partial = `${file}.partial-${process.pid}`;
  writeFileSync(partial, text, { mode });
  chmodSync(partial, mode);
  renameSync(partial, file);
}

/**
 * The file's text with `value` in it, changed where the gate's list is and nowhere else: the
 * list (and the root keys the agent needs) edited in place with jsonc-parser, in the file's own
 * indentation and line ends, so comments and layout elsewhere stay. When the edited text does not
 * read back as `value` (an odd file), the whole file is written as JSON instead.
 */
function jsonText(before: JsonFile, value: Record<string, unknown>, registration: Registration): string {
  const whole = JSON.stringify(value, null, 2) + '\n';
  if (before.kind !== 'read' || before.text.trim() === '') return whole;
  const { text } = before;
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  const formattingOptions = { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
  try {
    let edited = text;
    for (const key of Object.keys(registration.root ?? {})) {
      if (!(key in before.value)) edited = applyEdits(edited, modify(edited, [key], value[key], { formattingOptions }));
    }
    for (const listPath of listPaths(registration)) {
      let list: unknown = value;
      for (const key of listPath) list = (list as Record<string, unknown> | undefined)?.[key];
      // A list the change did not make (the session start's, on uninstall from an older install).
      if (list === undefined) continue;
      edited = applyEdits(edited, modify(edited, [...listPath], list, { formattingOptions }));
    }
    const errors: ParseError[] = [];
    const reread: unknown = parseJsonc(edited, errors, { allowTrailingComma: true });
    return errors.length === 0 && isDeepStrictEqual(reread, value) ? edited : whole;
  } catch {
    return whole;
  }
}

function writeWithBackup(file: string, before: JsonFile, value: Record<string, unknown> | null, ctx: ManageContext, registration: Registration): string | undefined {
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
  // The file keeps its mode; a new one is the user's alone.
  writeAtomically(file, jsonText(before, value, registration), modeOf(file) ?? 0o600);
  pruneBackups(file, KEPT_BACKUPS);
  return backup;
}

// ── The agents' files as they were before the gate's first install ──────────────────────────

/**
 * Before its first change to an agent's file (one that holds no entry of the gate), `install`
 * keeps the file as it was (bytes and mode, or that it did not exist, and the folders it had to
 * make) in `originals/` of the data folder. `uninstall` puts those bytes back when the file holds
 * nothing else new since (the install's change applied to the original gives the file as it is
 * now); otherwise it removes the gate's entry and keeps everything else.
 */
interface Original {
  file: string;
  existed: boolean;
  /** The bytes, base64. */
  content?: string;
  mode?: number;
  /** Folders `install` made for the file, deepest first. */
  madeFolders: string[];
}

function originalPath(env: NodeJS.ProcessEnv, file: string): string {
  return path.join(dataFolder(env), 'originals', `${createHash('sha256').update(file).digest('hex').slice(0, 16)}.json`);
}

function readOriginal(env: NodeJS.ProcessEnv, file: string): Original | undefined {
  try {
    const value = JSON.parse(readFileSync(originalPath(env, file), 'utf8')) as Original;
    return value.file === file && typeof value.existed === 'boolean' && Array.isArray(value.madeFolders) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `file` as it is now, unless an original of it is kept already and `replace` is not set
 * (it is when the file holds no entry of the gate: whatever was kept is from an earlier install).
 */
function keepOriginal(ctx: ManageContext, file: string, replace = false): void {
  if (ctx.dryRun || (!replace && readOriginal(ctx.env, file))) return;
  const madeFolders: string[] = [];
  for (let folder = path.dirname(file); !existsSync(folder) && folder !== path.dirname(folder); folder = path.dirname(folder)) madeFolders.push(folder);
  const original: Original = existsSync(file)
    ? { file, existed: true, content: readFileSync(file).toString('base64'), mode: modeOf(file)!, madeFolders }
    : { file, existed: false, madeFolders };
  const target = originalPath(ctx.env, file);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  writeAtomically(target, JSON.stringify(original) + '\n', 0o600);
}

function forgetOriginal(env: NodeJS.ProcessEnv, file: string): void {
  rmSync(originalPath(env, file), { force: true });
}

/** Removes the folders `install` made for a file, deepest first, while they are empty. */
function removeMadeFolders(original: Original): void {
  for (const folder of original.madeFolders) {
    try {
      if (readdirSync(folder).length > 0) return;
      rmdirSync(folder);
    } catch {
      return;
    }
  }
}

export function install(agent: AgentName, ctx: ManageContext): Change {
  const registration = registrationFor(agent, ctx.env, ctx.home);
  const { file } = registration;
  const before = readJsonFile(file);
  if (before.kind === 'broken') return { agent, file, changed: false, ok: false, message: `${file} is ${before.why}; not touched — fix it, then install again` };
  const current: Record<string, unknown> = before.kind === 'read' ? before.value : { ...(registration.root ?? {}) };
  const command = hookCommandFor(ctx, agent);
  const wanted = registration.entry(command, ctx.timeoutMs);
  const warm = registration.sessionStart?.entry(warmCommandFor(ctx, agent));
  const list = listAt(structuredClone(current), registration.listPath, false);
  const ours = Array.isArray(list) ? gateEntries(list, registration, agent) : [];
  const oursWarm = warmEntriesIn(current, registration, agent);
  const same = (entries: unknown[], entry: unknown) => entries.length === 1 && JSON.stringify(entries[0]) === JSON.stringify(entry);
  if (same(ours, wanted) && (warm === undefined || same(oursWarm, warm))) {
    return { agent, file, changed: false, ok: true, message: `${AGENTS[agent].label}: already registered in ${file}` };
  }
  const next = withEntry(current, registration, agent, wanted, warm);
  if (!next) return { agent, file, changed: false, ok: false, message: `${file}: ${listPaths(registration).map((p) => p.join('.')).join(' or ')} is not a list; not touched` };
  if (ours.length === 0) keepOriginal(ctx, file, true);
  const backup = writeWithBackup(file, before, next.value, ctx, registration);
  const verb = ctx.dryRun ? 'would register' : next.replaced > 0 ? 'updated the registration' : 'registered';
  const copy = hookCopy(ctx);
  return {
    agent,
    file,
    changed: true,
    ok: true,
    ...(backup ? { backup } : {}),
    message: `${AGENTS[agent].label}: ${verb} the hook${warm ? ` (and ${registration.sessionStart!.listPath.at(-1)}, which starts its server)` : ''} in ${file}${backup ? ` (backup: ${backup})` : ''}, running ${path.join(copy.folder, 'hook.js')} (version ${copy.manifest.version}, build ${copy.manifest.build}, copied from ${copy.manifest.source}${inNpxCache(copy.manifest.source) ? ", which is npx's cache: the copy stays when npm empties it" : ''})`,
  };
}

export function uninstall(agent: AgentName, ctx: ManageContext): Change {
  const registration = registrationFor(agent, ctx.env, ctx.home);
  const { file } = registration;
  const before = readJsonFile(file);
  if (before.kind === 'absent') return { agent, file, changed: false, ok: true, message: `${AGENTS[agent].label}: not registered (${file} does not exist)` };
  if (before.kind === 'broken') return { agent, file, changed: false, ok: false, message: `${file} is ${before.why}; not touched` };
  const value = structuredClone(before.value);
  const found = listAt(value, registration.listPath, false);
  const list = Array.isArray(found) ? found : [];
  const ours = gateEntries(list, registration, agent);
  const oursWarm = warmEntriesIn(value, registration, agent);
  if (ours.length === 0 && oursWarm.length === 0) return { agent, file, changed: false, ok: true, message: `${AGENTS[agent].label}: not registered in ${file}` };
  const keys = ours.map((entry) => codexTrustKey(registration, list.indexOf(entry)));
  list.splice(0, list.length, ...list.filter((entry) => !ours.includes(entry)));
  if (oursWarm.length > 0 && registration.sessionStart) {
    const starts = listAt(value, registration.sessionStart.listPath, false) as unknown[];
    starts.splice(0, starts.length, ...starts.filter((entry) => !oursWarm.includes(entry)));
  }
  const label = AGENTS[agent].label;
  // As it was before the first install, byte for byte, when nothing else changed since.
  const original = readOriginal(ctx.env, file);
  if (original && ours.length === 1 && oursWarm.length <= 1 && unchangedSinceInstall(original, registration, agent, ours[0], oursWarm[0], before.value)) {
    if (!ctx.dryRun) {
      if (original.existed) writeAtomically(file, Buffer.from(original.content ?? '', 'base64'), original.mode ?? 0o600);
      else rmSync(file, { force: true });
      for (const backup of backupsOf(file)) rmSync(backup, { force: true });
      if (!original.existed) removeMadeFolders(original);
      forgetOriginal(ctx.env, file);
      if (agent === 'codex') forgetCodexTrust(registration, keys, ctx);
    }
    const how = original.existed ? `${file} is as it was before the install` : `${file} removed (it did not exist before the install)`;
    return { agent, file, changed: true, ok: true, message: `${label}: ${ctx.dryRun ? 'would remove' : 'removed'} the gate's hook; ${how}` };
  }
  const empty = registration.ownFile && list.length === 0 && Array.isArray(found);
  const backup = writeWithBackup(file, before, empty ? null : value, ctx, registration);
  if (!ctx.dryRun) {
    if (empty && original) removeMadeFolders(original);
    forgetOriginal(ctx.env, file);
    if (agent === 'codex') forgetCodexTrust(registration, keys, ctx);
  }
  const note = original ? ' (the file changed since the install, so only the entry was taken out)' : '';
  return { agent, file, changed: true, ok: true, ...(backup ? { backup } : {}), message: `${label}: ${ctx.dryRun ? 'would remove' : 'removed'} the gate's hook from ${file}${note}${backup ? ` (backup: ${backup})` : ''}` };
}

/** Whether the install's change, applied to the original file, gives the file as it is now (so nothing else changed since). */
function unchangedSinceInstall(original: Original, registration: Registration, agent: AgentName, entry: unknown, warm: unknown, now: Record<string, unknown>): boolean {
  let before: Record<string, unknown>;
  if (original.existed) {
    const text = Buffer.from(original.content ?? '', 'base64').toString('utf8');
    const errors: ParseError[] = [];
    const parsed: unknown = text.trim() === '' ? {} : parseJsonc(text, errors, { allowTrailingComma: true });
    if (errors.length > 0 || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
    before = parsed as Record<string, unknown>;
  } else {
    before = { ...(registration.root ?? {}) };
  }
  const installed = withEntry(before, registration, agent, entry, warm);
  return installed !== null && isDeepStrictEqual(installed.value, now);
}

/**
 * The copy folders the agents' registrations run (any agent's, links resolved), so that
 * {@link pruneCopies} removes only what nothing runs.
 */
export function copiesInUse(ctx: Pick<ManageContext, 'env' | 'home'>): Set<string> {
  const inUse = new Set<string>();
  for (const agent of AGENT_NAMES) {
    const registration = registrationFor(agent, ctx.env, ctx.home);
    const file = readJsonFile(registration.file);
    if (file.kind !== 'read') continue;
    const list = listAt(file.value, registration.listPath, false) ?? [];
    for (const entry of [...gateEntries(list, registration, agent), ...warmEntriesIn(file.value, registration, agent)]) {
      for (const command of registration.commandsOf(entry)) {
        const hook = registeredHookFile(command);
        if (hook !== undefined) inUse.add(path.dirname(hook));
      }
    }
  }
  return inUse;
}

/** After install or uninstall: the copies nobody runs go. Says which. */
export function pruneUnusedCopies(ctx: ManageContext): string[] {
  if (ctx.dryRun) return [];
  const removed = pruneCopies(ctx.env, copiesInUse(ctx));
  // Nothing installed and no original kept: the gate's data folder goes too.
  for (const folder of [path.join(dataFolder(ctx.env), 'originals'), dataFolder(ctx.env)]) {
    try {
      if (readdirSync(folder).length === 0) rmdirSync(folder);
    } catch {
      // Not there, or not empty.
    }
  }
  return removed;
}

/** The `hook.js` a registered command runs, or undefined. */
export function registeredHookFile(command: string): string | undefined {
  const words = parseShell(command).filter((word): word is string => typeof word === 'string');
  return words.find((word) => path.basename(word) === 'hook.js');
}

/** Whether a registered command is the launcher (launcher.ts), not a bare `node …/hook.js` that fails open. */
export function isLauncherCommand(command: string): boolean {
  return command.startsWith('/bin/sh -c ') && command.includes(ANSWER_END_VARIABLE);
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
  keepOriginal(ctx, config);
  let backup: string | undefined;
  if (existsSync(config)) {
    backup = backupPath(config, ctx);
    copyFileSync(config, backup);
  }
  writeAtomically(config, withCodexTrust(before, ours), modeOf(config) ?? 0o600);
  pruneBackups(config, KEPT_BACKUPS);
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
  // As it was before the first install when only the gate's trust tables (and blank lines) differ.
  const original = readOriginal(ctx.env, config);
  forgetOriginal(ctx.env, config);
  const originalText = original?.existed ? Buffer.from(original.content ?? '', 'base64') : undefined;
  if (original && (originalText ? originalText.toString('utf8').replace(/\s+/g, '') === after.replace(/\s+/g, '') : after.trim() === '')) {
    if (originalText) writeAtomically(config, originalText, original.mode ?? 0o600);
    else rmSync(config, { force: true });
    for (const backup of backupsOf(config)) rmSync(backup, { force: true });
    if (!originalText) removeMadeFolders(original);
    return;
  }
  if (after === text) return;
  copyFileSync(config, backupPath(config, ctx));
  writeAtomically(config, after, modeOf(config) ?? 0o600);
  pruneBackups(config, KEPT_BACKUPS);
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
  const hookFile = registeredHookFile(commands[0]!);
  lines.push(`${adapter.label}: registered in ${registration.file}${hookFile ? `: runs ${hookFile}` : `: ${commands[0]}`}`);
  const installation = installationReport(agent, commands[0]!, ctx);
  ok &&= installation.ok;
  lines.push(...installation.lines.map((line) => `  ${line}`));
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
  if (registration.sessionStart) lines.push(`  ${sessionStartStatus(file.value, registration, agent, hookFile)}`);
  lines.push(...shellReport(agent, ctx.env, ctx.home, commands[0]!).map((line) => `  ${line}`));
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
 * Whether the session-start entry that starts the hook server is there, and runs the same copy as
 * the hook (information, not a failure: without it the first call of a session decides in its own
 * process, slower, and as safely).
 */
function sessionStartStatus(root: Record<string, unknown>, registration: Registration, agent: AgentName, hookFile: string | undefined): string {
  const where = registration.sessionStart!.listPath.join('.');
  const warm = warmEntriesIn(root, registration, agent).flatMap((entry) => registration.commandsOf(entry).filter((c) => isGateWarmCommand(c, agent)));
  const again = `run \`approvals-gate install ${agent}\` again`;
  if (warm.length === 0) return `session start: nothing in ${where} starts the hook server, so the first call of each session decides in its own process (slower); ${again}`;
  const runs = registeredHookFile(warm[0]!);
  if (runs !== hookFile) return `session start: ${where} starts the server of ANOTHER copy (${runs ?? 'no hook.js'}), so the first call of each session decides in its own process (slower); ${again}`;
  return `session start: ${where} starts the hook server, so the first call of a session is answered by it`;
}

/**
 * What the registered command runs: the launcher or not, its Node, the installed copy (version,
 * build, where it came from), and whether its source now holds another build, or this CLI is
 * another build. A missing piece is a failure (every command is refused until install runs
 * again); a newer build elsewhere is information.
 */
export function installationReport(agent: AgentName, command: string, ctx: ManageContext): { ok: boolean; lines: string[] } {
  const again = `run \`approvals-gate install ${agent}\` again`;
  if (!isLauncherCommand(command)) return { ok: false, lines: [`registered WITHOUT the launcher: if its files go, ${AGENTS[agent].label} runs every command unchecked; ${again}`] };
  const words = parseShell(command).filter((word): word is string => typeof word === 'string');
  const hookFile = registeredHookFile(command);
  const node = hookFile !== undefined ? words[words.indexOf(hookFile) - 1] : undefined;
  if (hookFile === undefined || node === undefined) return { ok: false, lines: [`the registered command names no hook.js; ${again}`] };
  const lines: string[] = [];
  let ok = true;
  if (!existsSync(node)) {
    ok = false;
    lines.push(`its Node ${node} is MISSING: every command is refused; ${again} with the Node you use now`);
  }
  const folder = path.dirname(hookFile);
  const missing = missingHookFiles(folder);
  const manifest = readManifest(folder);
  if (missing.length > 0) {
    lines.push(`the installed copy ${folder} is MISSING ${missing.join(', ')}: every command is refused; ${again}`);
    return { ok: false, lines };
  }
  if (manifest === undefined) {
    lines.push(`${folder} is not an installed copy (no ${'manifest.json'}): moving or rebuilding it affects the hook; ${again}`);
    return { ok: false, lines };
  }
  const described = (version: string, build: string) => `version ${version}, build ${build}`;
  lines.push(`installed: ${described(manifest.version, manifest.build)} in ${folder}, copied from ${manifest.source} at ${manifest.installedAt}`);
  try {
    if (buildOf(folder) !== manifest.build) {
      ok = false;
      lines.push(`the installed copy was CHANGED since it was installed; ${again}`);
    }
  } catch (error) {
    ok = false;
    lines.push(`the installed copy cannot be read (${error instanceof Error ? error.message : String(error)}); ${again}`);
  }
  const newer = (source: string, who: string): void => {
    if (!existsSync(source) || missingHookFiles(source).length > 0) {
      lines.push(`${who} ${source} has no build now (the installed copy does not need it)`);
      return;
    }
    const build = buildOf(source);
    if (build === manifest.build) {
      lines.push(`${who} ${source} holds the same build`);
      return;
    }
    const builtAt = statSync(path.join(source, 'hook-main.js')).mtime;
    const when = builtAt.getTime() > Date.parse(manifest.installedAt) ? 'a NEWER build' : 'another build';
    lines.push(`${who} ${source} holds ${when} (${described(versionOf(source), build)}, built ${builtAt.toISOString()}): run \`approvals-gate install ${agent}\` from it to use it`);
  };
  newer(manifest.source, 'its source');
  if (ctx.source !== manifest.source && missingHookFiles(ctx.source).length === 0) newer(ctx.source, 'this approvals-gate');
  return { ok, lines };
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
