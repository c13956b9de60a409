import type { Rung } from '../gate/rung';

/**
 * What the agent is told will happen to its shell commands and its file writes at each rung
 * (D§2), in the second person. The model reads these in the system prompt and in the tool
 * descriptions, so it can tell the user what to expect and does not mistake a wait for a failure.
 */

/** What happens to a shell command at each rung. */
export const SHELL_COMMANDS_AT_RUNG: Readonly<Record<Rung, string>> = {
  manual:
    'every command waits for the user to approve it on an approval card; no model rates it. Expect to wait, and expect some commands to be rejected.',
  write:
    'every command waits for the user to approve it on an approval card; no model rates it (file writes through write_file do not wait).',
  assisted:
    'commands the user has allowed run at once; a rating model rates every other command. Commands it finds safe run at once; anything else waits for the user on an approval card.',
  auto:
    'commands the user has allowed run at once; a rating model rates every other command. Safe ones run. When it finds one destructive, you get its reasons back and may call again with the same command and a `justification`, propose a different command, or ask the user; after a few refusals the user decides.',
  bypass:
    'commands run without rating or asking, except those the deny list or the hardline floor refuse (those never run).',
};

/** What happens to a `write_file` call at each rung. */
export const FILE_WRITES_AT_RUNG: Readonly<Record<Rung, string>> = {
  manual: 'every write waits for the user to approve it on an approval card, which shows the whole content; nothing is written unless they approve.',
  write: 'writes happen without asking, except to protected paths (below).',
  assisted: 'writes happen without asking, except to protected paths (below).',
  auto: 'writes happen without asking, except to protected paths (below).',
  bypass: 'writes happen without asking, except to protected paths (below).',
};

/** Said at every rung: some things are never free. */
export const PROTECTED_PATHS_NOTE =
  "Writes to protected paths — the gate's own configuration, VS Code settings and tasks (.vscode/), git hooks and configuration, package.json and other package-manager files, shell startup files, CI pipelines — always go to the user, at every rung, and are refused when nobody can be asked.";

/** Said at every rung: an attack ends the run. */
export const ATTACK_NOTE =
  'A command whose structure looks hostile (reading credentials, raising privileges, weakening permissions, persistence, hiding what it does) ends your run.';
