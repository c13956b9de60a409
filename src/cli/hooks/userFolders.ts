import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where the hook keeps the user's things (D§16), as the XDG base-directory rules place them:
 * settings under `$XDG_CONFIG_HOME` (default `~/.config`), the capture log under
 * `$XDG_STATE_HOME` (default `~/.local/state`). A relative XDG value is ignored, as the rules say.
 */
export interface UserFolders {
  home: string;
  /** `…/approvals-gate/settings.json`: user-level settings, the same keys as `approvalsGate.*`. */
  settingsFile: string;
  /** `…/approvals-gate/hook-capture.jsonl`: one redacted capture record per hook decision. */
  captureFile: string;
}

export function userFolders(env: NodeJS.ProcessEnv = process.env): UserFolders {
  const home = env.HOME !== undefined && path.isAbsolute(env.HOME) ? env.HOME : homedir();
  const base = (name: string, fallback: string): string => {
    const value = env[name];
    return value !== undefined && path.isAbsolute(value) ? value : path.join(home, fallback);
  };
  return {
    home,
    settingsFile: path.join(base('XDG_CONFIG_HOME', '.config'), 'approvals-gate', 'settings.json'),
    captureFile: path.join(base('XDG_STATE_HOME', '.local/state'), 'approvals-gate', 'hook-capture.jsonl'),
  };
}

/** `$XDG_CACHE_HOME/approvals-gate` (default `~/.cache/approvals-gate`): the hook's code cache. */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME !== undefined && path.isAbsolute(env.HOME) ? env.HOME : homedir();
  const value = env.XDG_CACHE_HOME;
  return path.join(value !== undefined && path.isAbsolute(value) ? value : path.join(home, '.cache'), 'approvals-gate');
}
