import path from 'node:path';
import type { AgentName } from './agents';

/**
 * Where each agent reads its user-level hooks from, and the entry that registers the gate there
 * (D§16). One row per agent; install.ts only reads, merges and writes these files.
 */
export interface Registration {
  /** The agent's user folder; `install --detect` registers agents whose folder exists. */
  folder: string;
  /** The JSON file the entry goes into. */
  file: string;
  /** The path of the list the entry is added to, from the file's root. */
  listPath: readonly string[];
  /** The entry for `command` with a timeout of `timeoutMs`. */
  entry(command: string, timeoutMs: number): Record<string, unknown>;
  /** The hook command strings of one entry of that list (to find the gate's own entries). */
  commandsOf(entry: unknown): string[];
  /** Keys the file must have for the entry to count (`version: 1` for the flat formats). */
  root?: Record<string, unknown>;
  /** Whether the whole file is the gate's own (removed on uninstall when nothing else is left). */
  ownFile: boolean;
  /**
   * Where the gate's entry goes: first (it decides before other hooks), or last where the agent
   * keys its trust by position (Codex: `hooks.json:pre_tool_use:GROUP:N`), so that the user's
   * own trusted hooks keep their keys.
   */
  position: 'first' | 'last';
  /**
   * The agent's session-start hook list, where it has one that runs before the session's first
   * tool call: `install` registers the warm command there (launcher.ts `warmCommand`, hookLoader.ts
   * `warm`), which starts the hook server, so that the first shell command of a session is a client
   * call (docs/agent-hooks.md, "A server from the session's start"). Its entries are read with
   * `commandsOf`. Absent: the first call of a session decides in its own process.
   */
  sessionStart?: { listPath: readonly string[]; entry(command: string): Record<string, unknown> };
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The session-start entry's timeout: the warm command returns after a Node start (it starts the
 * server and does not wait for it); the bound only caps a session start the hook could hold up.
 */
export const WARM_TIMEOUT_MS = 10_000;

/** `{matcher, hooks: [{type, command, timeout}]}` groups (Claude Code, Gemini CLI, Codex). */
function matcherGroup(matcher: string, unit: 'seconds' | 'milliseconds') {
  return {
    entry: (command: string, timeoutMs: number) => ({
      matcher,
      hooks: [{ type: 'command', command, timeout: unit === 'seconds' ? Math.ceil(timeoutMs / 1000) : timeoutMs }],
    }),
    commandsOf: (entry: unknown) => {
      const hooks = record(entry)?.hooks;
      return Array.isArray(hooks) ? hooks.map((h) => record(h)?.command).filter((c): c is string => typeof c === 'string') : [];
    },
  };
}

export function registrationFor(agent: AgentName, env: NodeJS.ProcessEnv, home: string): Registration {
  const absolute = (name: string, fallback: string): string => {
    const value = env[name];
    return value !== undefined && path.isAbsolute(value) ? value : fallback;
  };
  switch (agent) {
    case 'claude-code': {
      const folder = absolute('CLAUDE_CONFIG_DIR', path.join(home, '.claude'));
      // SessionStart without a matcher: every start (startup, resume, clear, compact).
      const group = matcherGroup('Bash', 'seconds');
      return {
        folder,
        file: path.join(folder, 'settings.json'),
        listPath: ['hooks', 'PreToolUse'],
        ownFile: false,
        position: 'first',
        ...group,
        sessionStart: { listPath: ['hooks', 'SessionStart'], entry: (command) => ({ hooks: [{ type: 'command', command, timeout: WARM_TIMEOUT_MS / 1000 }] }) },
      };
    }
    case 'gemini': {
      const folder = path.join(home, '.gemini');
      // Gemini's hook timeout is in milliseconds (Claude's and Codex's in seconds).
      return { folder, file: path.join(folder, 'settings.json'), listPath: ['hooks', 'BeforeTool'], ownFile: false, position: 'first', ...matcherGroup('run_shell_command', 'milliseconds') };
    }
    case 'codex': {
      const folder = absolute('CODEX_HOME', path.join(home, '.codex'));
      return { folder, file: path.join(folder, 'hooks.json'), listPath: ['hooks', 'PreToolUse'], ownFile: false, position: 'last', ...matcherGroup('Bash', 'seconds') };
    }
    case 'copilot': {
      const folder = absolute('COPILOT_HOME', path.join(home, '.copilot'));
      return {
        folder,
        file: path.join(folder, 'hooks', 'approvals-gate.json'),
        listPath: ['hooks', 'preToolUse'],
        root: { version: 1 },
        ownFile: true,
        position: 'first',
        entry: (command, timeoutMs) => ({ type: 'command', bash: command, timeoutSec: Math.ceil(timeoutMs / 1000) }),
        commandsOf: (entry) => {
          const command = record(entry)?.bash;
          return typeof command === 'string' ? [command] : [];
        },
      };
    }
    case 'cursor': {
      const folder = path.join(home, '.cursor');
      return {
        folder,
        file: path.join(folder, 'hooks.json'),
        listPath: ['hooks', 'beforeShellExecution'],
        root: { version: 1 },
        ownFile: false,
        position: 'first',
        entry: (command) => ({ command }),
        commandsOf: (entry) => {
          const command = record(entry)?.command;
          return typeof command === 'string' ? [command] : [];
        },
      };
    }
  }
}

/** Whether a registered command is the gate's session-start command for `agent` (`hook.js warm AGENT`, whichever copy). */
export function isGateWarmCommand(command: string, agent: AgentName): boolean {
  return new RegExp(`(?:^|[\\s/'"])hook\\.js['"]?\\s+warm\\s+${agent.replace('-', '\\-')}(?:\\s|$)`).test(command);
}

/** Whether a registered hook command is the gate's hook for `agent` (whichever copy it runs). */
export function isGateHookCommand(command: string, agent: AgentName): boolean {
  // The file name whole (`myhook.js hook …` is someone else's), then `hook AGENT`.
  return new RegExp(`(?:^|[\\s/'"])(?:approvals-gate|cli\\.js|hook\\.js)['"]?\\s+hook\\s+${agent.replace('-', '\\-')}(?:\\s|$)`).test(command);
}
