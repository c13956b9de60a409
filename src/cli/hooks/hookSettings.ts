import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { effectiveSettings, type EffectiveSettings } from '../../gate/settings/effectiveSettings';
import { SETTING_PREFIX } from '../../gate/settings/settingsSchema';
import { parseRung, RUNGS, type Rung } from '../../gate/rung';

/**
 * The settings a hook decides with (D§16): the user's file and the project's, combined by the
 * same rules the extension applies to user and workspace settings (effectiveSettings.ts).
 *
 * - **User level** (`~/.config/approvals-gate/settings.json`): the `approvalsGate.*` keys of VS
 *   Code's settings (bare names work too, as in a `--config` file). It may widen.
 * - **Project level** (`<project>/.vscode/settings.json`, only its `approvalsGate.*` keys): an
 *   agent can write files in its own project, so unless the user listed the folder in
 *   `approvalsGate.hooks.trustedFolders` (user file only) it may only narrow: its `deny` and
 *   `escalate` entries apply, a rung lower than the user's applies, and everything that would
 *   widen (`allow`, `defaultAllow`, a higher rung, the rater's address) is ignored and named.
 * - **A file that exists but cannot be read as JSON blocks every command**, with a reason that
 *   names it: it may hold the deny entries the user relies on, so deciding without it could
 *   approve what the user refused. Invalid values inside a readable file are named and ignored.
 */
export interface HookSettings {
  settings: EffectiveSettings;
  /** Set when a settings file is unreadable: every command is refused with this reason. */
  blocked?: string;
  /** Invalid values, each named and ignored. */
  problems: string[];
  /** Project values that were ignored because the folder is not trusted. */
  ignored: string[];
  /** The project folder the project file was looked for in, and whether the user trusts it. */
  project?: { folder: string; trusted: boolean };
}

/** The user-file key listing project folders whose settings may widen. */
export const TRUSTED_FOLDERS_SETTING = `${SETTING_PREFIX}hooks.trustedFolders`;

/** The project settings file inside a project folder. */
export function projectSettingsFile(folder: string): string {
  return path.join(folder, '.vscode', 'settings.json');
}

type FileReading = { kind: 'absent' } | { kind: 'read'; values: Record<string, unknown> } | { kind: 'broken'; reason: string };

/** A JSON-with-comments settings file: absent, read as an object, or broken (with why). */
export function readSettingsFile(file: string): FileReading {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'broken', reason: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) return { kind: 'broken', reason: `${file} is not valid JSON (${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset})` };
  if (value === undefined && text.trim() === '') return { kind: 'read', values: {} };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'broken', reason: `${file} is not a JSON object of settings` };
  return { kind: 'read', values: value as Record<string, unknown> };
}

export function readHookSettings(userFile: string, projectFolder: string | undefined): HookSettings {
  const problems: string[] = [];
  const user = readSettingsFile(userFile);
  if (user.kind === 'broken') return blockedSettings(`The gate's settings file is broken (${user.reason}), so the gate refuses every command until it is fixed`);
  const userValues = user.kind === 'read' ? { ...user.values } : {};
  const trustedFolders = readTrustedFolders(userValues[TRUSTED_FOLDERS_SETTING], problems);
  delete userValues[TRUSTED_FOLDERS_SETTING];

  let projectValues: Record<string, unknown> | undefined;
  let project: HookSettings['project'];
  if (projectFolder !== undefined) {
    const file = projectSettingsFile(projectFolder);
    const reading = readSettingsFile(file);
    if (reading.kind === 'broken') return blockedSettings(`The project's settings file is broken (${reading.reason}), so the gate refuses every command until it is fixed`);
    if (reading.kind === 'read') {
      // Only the gate's own keys: a bare `allow` in a project's settings belongs to someone else.
      projectValues = Object.fromEntries(Object.entries(reading.values).filter(([name]) => name.startsWith(SETTING_PREFIX)));
    }
    project = { folder: projectFolder, trusted: isInside(projectFolder, trustedFolders) };
  }

  const trusted = project?.trusted ?? false;
  const reading = effectiveSettings({ user: userValues, ...(projectValues ? { workspace: projectValues } : {}) }, { trusted });
  for (const p of reading.problems) problems.push(`${p.setting} (${p.scope === 'user' ? userFile : projectSettingsFile(projectFolder ?? '.')}): ${p.message}`);
  const settings = reading.settings;
  const ignored = [...reading.ignoredBecauseUntrusted];
  // A lower rung narrows: the one restricted setting an untrusted project may still set.
  const projectRung = projectValues !== undefined && !trusted ? parseRung(projectValues[`${SETTING_PREFIX}rung`]) : null;
  if (projectRung !== null && rungIndex(projectRung) < rungIndex(settings.rung)) {
    settings.rung = projectRung;
    settings.origin.rung = 'workspace';
    const at = ignored.indexOf(`${SETTING_PREFIX}rung`);
    if (at >= 0) ignored.splice(at, 1);
  }
  return { settings, problems, ignored, ...(project ? { project } : {}) };
}

function rungIndex(rung: Rung): number {
  return RUNGS.indexOf(rung);
}

function blockedSettings(reason: string): HookSettings {
  return { settings: effectiveSettings({}, { trusted: false }).settings, blocked: reason, problems: [], ignored: [] };
}

/** `approvalsGate.hooks.trustedFolders`: absolute folder paths; anything else is named and ignored. */
function readTrustedFolders(value: unknown, problems: string[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push(`${TRUSTED_FOLDERS_SETTING}: expected a list of absolute folder paths; ignored`);
    return [];
  }
  const folders: string[] = [];
  for (const entry of value) {
    if (typeof entry === 'string' && path.isAbsolute(entry)) folders.push(entry);
    else problems.push(`${TRUSTED_FOLDERS_SETTING}: ${JSON.stringify(entry)} is not an absolute folder path; ignored`);
  }
  return folders;
}

/**
 * Whether `folder` is one of `trusted` or inside one, compared after resolving symlinks (a link
 * inside a trusted folder that points elsewhere is not trusted; a folder that does not exist is
 * compared as written).
 */
export function isInside(folder: string, trusted: readonly string[]): boolean {
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  const target = real(folder);
  return trusted.some((root) => {
    const base = real(root);
    const relative = path.relative(base, target);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
}
