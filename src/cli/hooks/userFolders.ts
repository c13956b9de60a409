import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where the hook keeps the user's things (D§16), as the XDG base-directory rules place them:
 * settings under `$XDG_CONFIG_HOME` (default `~/.config`), the capture log under
 * `$XDG_STATE_HOME` (default `~/.local/state`), the code cache under `$XDG_CACHE_HOME` (default
 * `~/.cache`). A relative XDG value is ignored, as the rules say.
 */
export interface UserFolders {
  home: string;
  /** `…/approvals-gate/settings.json`: user-level settings, the same keys as `approvalsGate.*`. */
  settingsFile: string;
  /** `…/approvals-gate/hook-capture.jsonl`: one redacted capture record per hook decision. */
  captureFile: string;
  /** `…/approvals-gate/shell-definitions.json` (state): what the agent's shell said it defines (askedShell.ts). */
  shellCacheFile: string;
}

function homeOf(env: NodeJS.ProcessEnv): string {
  return env.HOME !== undefined && path.isAbsolute(env.HOME) ? env.HOME : homedir();
}

/** `$NAME/approvals-gate`, or `~/FALLBACK/approvals-gate` when NAME is unset or relative. */
function gateFolder(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name];
  return path.join(value !== undefined && path.isAbsolute(value) ? value : path.join(homeOf(env), fallback), 'approvals-gate');
}

export function userFolders(env: NodeJS.ProcessEnv = process.env): UserFolders {
  return {
    home: homeOf(env),
    settingsFile: path.join(gateFolder(env, 'XDG_CONFIG_HOME', '.config'), 'settings.json'),
    captureFile: path.join(gateFolder(env, 'XDG_STATE_HOME', '.local/state'), 'hook-capture.jsonl'),
    shellCacheFile: path.join(gateFolder(env, 'XDG_STATE_HOME', '.local/state'), 'shell-definitions.json'),
  };
}

/**
 * Where `install` keeps the hook it registers (`~/.local/share/approvals-gate`, `$XDG_DATA_HOME`
 * honoured): one folder per installed build, and the agents' files as they were before the first
 * install (install.ts).
 */
export function dataFolder(env: NodeJS.ProcessEnv = process.env): string {
  return gateFolder(env, 'XDG_DATA_HOME', '.local/share');
}

/** The hook's code cache folder (`~/.cache/approvals-gate`). */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  return gateFolder(env, 'XDG_CACHE_HOME', '.cache');
}
