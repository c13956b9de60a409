/**
 * Whether an agent's OWN sandbox is on (`approvals-gate doctor`; docs/decisions.md, "The agents'
 * own sandboxes, in doctor"). As a hook the gate decides but does not run the command: the agent
 * does, so what the gate approves is contained only when the agent's sandbox is on (D§13).
 *
 * Read from the files each agent reads, in the order it layers them (a later layer wins), as
 * checked against the agents' own code and docs: Claude Code 2.1.328 (`sandbox.enabled`,
 * `allowUnsandboxedCommands`, `failIfUnavailable` in user, project, local and managed settings),
 * Gemini CLI 0.61.0 (`GEMINI_SANDBOX`, then `tools.sandbox` of the user and workspace settings),
 * Codex 0.169.0 (`sandbox_mode`, a profile's `sandbox_mode`, `default_permissions` in the system,
 * user and project `config.toml`). A flag on the agent's command line (`claude --sandbox`, `gemini
 * -s`, `codex --sandbox …`) is not visible here; the report says what the files say. Information
 * only: it never fails `doctor`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { AgentName } from './agents';
import { registrationFor } from './registrations';

/** One settings layer: where it is, and what it holds (or why it could not be read). */
type Layer = { file: string; value: Record<string, unknown> } | { file: string; error: string };

function readLayer(file: string, parse: (text: string) => unknown): Layer | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const value = parse(readFileSync(file, 'utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { file, error: 'not an object' };
    return { file, value: value as Record<string, unknown> };
  } catch (error) {
    return { file, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

function at(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The last layer that sets `keys`, with its value: later layers win, as the agents merge them. */
function lastSet(layers: readonly Layer[], keys: readonly string[]): { file: string; value: unknown } | undefined {
  let found: { file: string; value: unknown } | undefined;
  for (const layer of layers) {
    if ('error' in layer) continue;
    const value = at(layer.value, ...keys);
    if (value !== undefined) found = { file: layer.file, value };
  }
  return found;
}

function unreadable(layers: readonly Layer[]): string | undefined {
  const bad = layers.find((layer): layer is Extract<Layer, { error: string }> => 'error' in layer);
  return bad === undefined ? undefined : `cannot tell: ${bad.file} cannot be read (${bad.error})`;
}

const present = (layers: readonly (Layer | undefined)[]): Layer[] => layers.filter((layer): layer is Layer => layer !== undefined);

function claudeCode(env: NodeJS.ProcessEnv, home: string, cwd: string, platform: NodeJS.Platform): string {
  const user = registrationFor('claude-code', env, home).file;
  const managed = platform === 'darwin' ? '/Library/Application Support/ClaudeCode/managed-settings.json' : '/etc/claude-code/managed-settings.json';
  const layers = present([user, path.join(cwd, '.claude', 'settings.json'), path.join(cwd, '.claude', 'settings.local.json'), managed].map((file) => readLayer(file, JSON.parse)));
  const bad = unreadable(layers);
  if (bad !== undefined) return bad;
  const enabled = lastSet(layers, ['sandbox', 'enabled']);
  const turnOn = `"sandbox": {"enabled": true, "allowUnsandboxedCommands": false, "failIfUnavailable": true} in ${user} (or /sandbox in a session)`;
  if (enabled?.value !== true) return `OFF (sandbox.enabled is ${enabled === undefined ? 'not set' : `${JSON.stringify(enabled.value)} in ${enabled.file}`}): what the gate lets run, runs with your rights; turn it on with ${turnOn}`;
  const caveats: string[] = [];
  if (lastSet(layers, ['sandbox', 'allowUnsandboxedCommands'])?.value !== false) caveats.push('a command that fails in it may be run again outside it (sandbox.allowUnsandboxedCommands is not false)');
  if (lastSet(layers, ['sandbox', 'failIfUnavailable'])?.value !== true) caveats.push('if it cannot start, commands run uncontained (sandbox.failIfUnavailable is not true)');
  return `on (sandbox.enabled in ${enabled.file})${caveats.length > 0 ? `; but ${caveats.join('; ')}` : ''}`;
}

function gemini(env: NodeJS.ProcessEnv, home: string, cwd: string): string {
  const user = registrationFor('gemini', env, home).file;
  const turnOn = `"tools": {"sandbox": true} in ${user} (docker or podman), or GEMINI_SANDBOX=true`;
  const fromEnv = env['GEMINI_SANDBOX']?.trim().toLowerCase() ?? '';
  if (fromEnv.length > 0) {
    return fromEnv === '0' || fromEnv === 'false' ? `OFF (GEMINI_SANDBOX=${fromEnv} in this environment); turn it on with ${turnOn}` : `on (GEMINI_SANDBOX=${fromEnv} in this environment)`;
  }
  const layers = present([user, path.join(cwd, '.gemini', 'settings.json')].map((file) => readLayer(file, JSON.parse)));
  const bad = unreadable(layers);
  if (bad !== undefined) return bad;
  const sandbox = lastSet(layers, ['tools', 'sandbox']);
  const value = sandbox?.value;
  const on = typeof value === 'object' && value !== null ? at(value, 'enabled') === true : value === true || (typeof value === 'string' && !['', '0', 'false'].includes(value.toLowerCase()));
  if (!on) return `OFF (tools.sandbox is ${sandbox === undefined ? 'not set' : `${JSON.stringify(value)} in ${sandbox.file}`}): what the gate lets run, runs with your rights; turn it on with ${turnOn}`;
  const network = typeof value === 'object' && value !== null && at(value, 'networkAccess') !== false ? '; the network is open in it (tools.sandbox.networkAccess is not false)' : '';
  return `on (tools.sandbox in ${sandbox!.file})${network}`;
}

function codex(env: NodeJS.ProcessEnv, home: string, cwd: string): string {
  const user = path.join(registrationFor('codex', env, home).folder, 'config.toml');
  const project = path.join(cwd, '.codex', 'config.toml');
  const layers = present(['/etc/codex/config.toml', user, project].map((file) => readLayer(file, parseToml)));
  const bad = unreadable(layers);
  if (bad !== undefined) return bad;
  const profile = lastSet(layers, ['profile']);
  const mode = (typeof profile?.value === 'string' ? lastSet(layers, ['profiles', profile.value, 'sandbox_mode']) : undefined) ?? lastSet(layers, ['sandbox_mode']);
  const permissions = lastSet(layers, ['default_permissions']);
  const projectNote = layers.some((layer) => layer.file === project) ? ` (${project} counts only in a folder Codex trusts)` : '';
  const turnOn = `sandbox_mode = "workspace-write" and [sandbox_workspace_write] network_access = false in ${user}`;
  if (mode === undefined && permissions === undefined) return `on by default (no sandbox_mode set: Codex runs commands read-only, or workspace-write where you trusted the folder)${projectNote}`;
  const value = mode?.value ?? permissions!.value;
  const where = (mode ?? permissions)!.file;
  if (value === 'danger-full-access' || value === ':danger-full-access') return `OFF (${mode !== undefined ? 'sandbox_mode' : 'default_permissions'} = ${JSON.stringify(value)} in ${where}): what the gate lets run, runs with your rights; turn it on with ${turnOn}${projectNote}`;
  const network = value === 'workspace-write' && lastSet(layers, ['sandbox_workspace_write', 'network_access'])?.value === true ? '; the network is open in it ([sandbox_workspace_write] network_access = true)' : '';
  return `on (${mode !== undefined ? 'sandbox_mode' : 'default_permissions'} = ${JSON.stringify(value)} in ${where})${network}${projectNote}`;
}

/** The doctor's line on `agent`'s own sandbox, for commands run in `cwd`. */
export function agentSandboxReport(agent: AgentName, env: NodeJS.ProcessEnv, home: string, cwd: string, platform: NodeJS.Platform = process.platform): string {
  const what = (() => {
    switch (agent) {
      case 'claude-code':
        return claudeCode(env, home, cwd, platform);
      case 'gemini':
        return gemini(env, home, cwd);
      case 'codex':
        return codex(env, home, cwd);
      case 'copilot':
        return 'no setting of Copilot CLI the gate knows of: take it that commands run with your rights';
      case 'cursor':
        return "not in a file the gate can read (Cursor's sandboxed terminals are a setting of its own window)";
    }
  })();
  return `own sandbox: ${what}`;
}
