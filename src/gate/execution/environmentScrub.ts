import { isSecretEnvName, redactText } from '../capture/redaction';

/**
 * The environment an approved command runs with (D§13): the editor's own environment minus
 * everything that would hand the command a credential, a channel back into the editor, or a hook
 * that runs code the gate never saw — plus a few fixed values so that no pager can stall the run.
 *
 * The same function serves both runners (terminal and child process), so a command sees the same
 * variables whichever path runs it. The user can let named variables through with
 * `approvalsGate.terminal.passEnvironment`; the fixed values always win.
 *
 * Names are compared exactly (Linux environment names are case-sensitive). Values are never
 * reported, only names and the reason each was removed.
 */

/** Why a variable was left out. */
export type RemovalReason =
  /** Its name says it holds a key, token, secret, password or credential. */
  | 'credential-name'
  /** Its value has the shape of one (a provider key prefix, a URL with a password, a bearer token, …). */
  | 'credential-value'
  /** It connects the command to the editor: VS Code's IPC handles, askpass helpers, Electron switches. */
  | 'editor-channel'
  /** Bash reads it at start-up and would run or change code before the command (`BASH_ENV`, exported functions, …). */
  | 'shell-startup'
  /** Set by the shell itself for the folder and nesting it is in; the child's shell sets its own. */
  | 'shell-state'
  /** A pager or one of less's input hooks: replaced by the fixed values below. */
  | 'pager-hook'
  /** Not a name a shell can use (`BASH_FUNC_x%%`, names with `-` or `.`): bash passes such entries on unseen. */
  | 'unusual-name';

export interface EnvironmentRemoval {
  name: string;
  reason: RemovalReason;
}

export interface ScrubbedEnvironment {
  /** The complete environment for the child, fixed values included. */
  env: Record<string, string>;
  /** What was left out and why, sorted by name. Names only, never values. */
  removed: EnvironmentRemoval[];
  /** Names kept only because `passEnvironment` listed them. */
  passed: string[];
}

/**
 * Values every approved command gets, whatever the editor's environment or `passEnvironment` say:
 * - every pager is `cat`, so `git log`, `man`, `systemctl`, `gh`, `psql` print and return instead
 *   of waiting for a key press until the timeout (AWS CLI v2 disables its pager with an empty value);
 * - `less`, when a command calls it directly, quits on output that fits one screen (`-F`), keeps
 *   colours raw (`-R`) and the screen as it was (`-X`); `LESSSECURE=1` turns off its shell escapes,
 *   `|` pipes, editor launch and the `LESSOPEN` input preprocessor, so output being paged cannot make
 *   less run a command;
 * - git never prompts for a user name or password on the terminal (it fails at once instead).
 */
export const FIXED_ENVIRONMENT: Readonly<Record<string, string>> = Object.freeze({
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  MANPAGER: 'cat',
  SYSTEMD_PAGER: 'cat',
  GH_PAGER: 'cat',
  PSQL_PAGER: 'cat',
  AWS_PAGER: '',
  LESS: '-FRX',
  LESSSECURE: '1',
  GIT_TERMINAL_PROMPT: '0',
});

/**
 * Provider credentials named in D§13, listed so the tests can hold each one to the rules. Every
 * one of them is also caught by the name rules; the list documents rather than decides.
 */
export const PROVIDER_CREDENTIAL_NAMES: readonly string[] = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'XAI_API_KEY',
  'MISTRAL_API_KEY',
  'GROQ_API_KEY',
  'HF_TOKEN',
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'GITLAB_TOKEN',
  'NPM_TOKEN',
  'NODE_AUTH_TOKEN',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AZURE_CLIENT_SECRET',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'PGPASSWORD',
  'MYSQL_PWD',
  'VAULT_TOKEN',
  'SSH_AUTH_SOCK',
];

/** A name a POSIX shell can read, export and unset. */
export const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Name fragments that mean a credential beyond what the redaction pass's name rule knows: webhook
 * URLs are bearer secrets, cookies are sessions, connection strings carry account keys, a DSN
 * carries a key in its user part.
 */
const EXTRA_CREDENTIAL_NAME = /WEBHOOK|COOKIE|CONNECTION_?STRING|(?:^|_)DSN(?:_|$)/;

/** VS Code, Electron and askpass helpers: each is a way for a command to reach back into the editor. */
const EDITOR_CHANNEL = /^(?:VSCODE_|ELECTRON_)|^(?:GIT|SSH|SUDO)_ASKPASS(?:_|$)/;

/** Read by bash (or sh) before the command runs; `PS0`/`PS4` expand command substitutions. */
const SHELL_STARTUP = new Set(['BASH_ENV', 'ENV', 'SHELLOPTS', 'BASHOPTS', 'PROMPT_COMMAND', 'PS0', 'PS4', 'CDPATH', 'GLOBIGNORE']);

/** The shell sets these for itself; inheriting the editor's values would only mislead. */
const SHELL_STATE = new Set(['PWD', 'OLDPWD', 'SHLVL', '_']);

/** less's input preprocessor and key-binding files (`LESSOPEN='|lesspipe %s'` runs a program per file). */
const LESS_HOOK = new Set(['LESSOPEN', 'LESSCLOSE', 'LESSKEY', 'LESSKEYIN', 'LESSKEY_SRC', 'LESSEDIT']);

/**
 * Why `name=value` must not reach an approved command, or `null` when it may. Order matters only
 * for the reason reported: the first rule that matches names it.
 */
export function removalReason(name: string, value: string): RemovalReason | null {
  if (!SHELL_NAME.test(name)) return 'unusual-name';
  const upper = name.toUpperCase();
  if (isSecretEnvName(name) || EXTRA_CREDENTIAL_NAME.test(upper)) return 'credential-name';
  if (EDITOR_CHANNEL.test(upper)) return 'editor-channel';
  if (SHELL_STARTUP.has(name)) return 'shell-startup';
  if (SHELL_STATE.has(name)) return 'shell-state';
  if (LESS_HOOK.has(name) || /PAGER$/.test(upper)) return 'pager-hook';
  if (looksLikeCredentialValue(value)) return 'credential-value';
  return null;
}

/**
 * Does the value have the shape of a secret? Asks the one redaction pass (D§12) with no known
 * literals: if its patterns would change the value, the value carries something they protect.
 */
export function looksLikeCredentialValue(value: string): boolean {
  if (value.length < 8) return false;
  return redactText(value, { literals: [] }) !== value;
}

/**
 * Builds the environment for an approved command from `parent` (the editor's `process.env`).
 * `passEnvironment` names are kept even when a rule would remove them (the user asked for them in
 * a setting that untrusted workspaces cannot set); names that are not shell names are ignored there.
 */
export function scrubEnvironment(
  parent: Readonly<Record<string, string | undefined>>,
  passEnvironment: readonly string[] = [],
): ScrubbedEnvironment {
  const pass = new Set(passEnvironment.filter((name) => typeof name === 'string' && SHELL_NAME.test(name)));
  const env: Record<string, string> = Object.create(null) as Record<string, string>;
  const removed: EnvironmentRemoval[] = [];
  const passed: string[] = [];
  for (const name of Object.keys(parent)) {
    const value = parent[name];
    if (typeof value !== 'string') continue;
    if (Object.prototype.hasOwnProperty.call(FIXED_ENVIRONMENT, name)) continue;
    const reason = removalReason(name, value);
    if (reason === null) {
      env[name] = value;
    } else if (pass.has(name)) {
      env[name] = value;
      passed.push(name);
    } else {
      removed.push({ name, reason });
    }
  }
  for (const [name, value] of Object.entries(FIXED_ENVIRONMENT)) env[name] = value;
  removed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  passed.sort();
  // A plain object from here on: callers spread it into spawn options and VS Code's terminal options.
  return { env: { ...env }, removed, passed };
}
