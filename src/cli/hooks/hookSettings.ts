import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { getNodeValue, parseTree, printParseErrorCode, stripComments, type ParseError } from 'jsonc-parser';
import { effectiveSettings, settingsRefusal, type EffectiveSettings, type ScopedSettingProblem } from '../../gate/settings/effectiveSettings';
import { didYouMean, SETTING_PREFIX, unknownSettingNames } from '../../gate/settings/settingsSchema';
import { shownValue } from '../../gate/settings/shownText';
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
 *   names it, line and column: it may hold the deny entries the user relies on, so deciding
 *   without it could approve what the user refused. For the same reason so does a value that
 *   would narrow the guard if it were dropped (effectiveSettings.ts `settingsRefusal`): an
 *   unknown `approvalsGate.*` name (or an unknown bare name in the gate's own user file), a
 *   `deny` or `escalate` value that is not a list or has an invalid entry, an unreadable `rung`
 *   or `defaultAllow`. Other invalid values (an allow entry, a rater address…) are dropped with a
 *   warning naming file, line and column, which `doctor`, stderr and the card show.
 */
export interface HookSettings {
  settings: EffectiveSettings;
  /** Set when a settings file is unreadable: every command is refused with this reason. */
  blocked?: string;
  /** Invalid values that were dropped (each `FILE:LINE:COLUMN: setting: what`): warnings. */
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

type FileReading =
  | { kind: 'absent' }
  | {
      kind: 'read';
      values: Record<string, unknown>;
      /** `FILE:LINE:COLUMN` of a top-level key (the last one of that name, which is the one read), or of entry `index` of its list; `FILE` when not found. */
      at(name: string, index?: number): string;
    }
  | { kind: 'broken'; reason: string };

/**
 * A JSON-with-comments settings file, read as VS Code reads settings.json (comments and trailing
 * commas allowed): absent, read as an object, or broken (with why, at which line and column).
 */
export function readSettingsFile(file: string): FileReading {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'broken', reason: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
  return readSettingsText(text, file);
}

/** {@link readSettingsFile} for text already read; `file` names it in reasons and positions. */
export function readSettingsText(text: string, file: string): FileReading {
  // No settings at all (only space and comments) is an empty object, as in VS Code.
  if (stripComments(text).trim() === '') return { kind: 'read', values: {}, at: () => file };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const position = (offset: number): string => {
    const before = text.slice(0, offset).split(/\r\n|\r|\n/);
    return `${file}:${before.length}:${before[before.length - 1]!.length + 1}`;
  };
  if (errors.length > 0) return { kind: 'broken', reason: `${position(errors[0]!.offset)}: not valid JSON (${printParseErrorCode(errors[0]!.error)})` };
  if (tree === undefined) return { kind: 'broken', reason: `${file} is not a JSON object of settings` };
  const value: unknown = getNodeValue(tree);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'broken', reason: `${position(tree.offset)}: not a JSON object of settings` };
  const at = (name: string, index?: number): string => {
    const property = [...(tree.children ?? [])].reverse().find((p) => p.children?.[0]?.value === name);
    if (!property) return file;
    const listed = property.children?.[1];
    const entry = index !== undefined && listed?.type === 'array' ? listed.children?.[index] : undefined;
    return position((entry ?? property).offset);
  };
  return { kind: 'read', values: value as Record<string, unknown>, at };
}

/** The known names of the hook's user file besides the settings themselves. */
export const HOOK_ONLY_KEYS: readonly string[] = ['hooks.trustedFolders'];

export function readHookSettings(userFile: string, projectFolder: string | undefined): HookSettings {
  const user = readSettingsFile(userFile);
  if (user.kind === 'broken') return blockedSettings(`The gate's settings file is broken (${user.reason}), so the gate refuses every command until it is fixed`);
  const userValues = user.kind === 'read' ? { ...user.values } : {};
  const found: ScopedSettingProblem[] = [];
  // The user file is the gate's own: a bare unknown name is a misspelt setting of the gate's
  // (the prefixed ones effectiveSettings names itself).
  for (const name of unknownSettingNames(userValues, { bare: true, extra: HOOK_ONLY_KEYS })) {
    if (!name.startsWith(SETTING_PREFIX)) found.push({ setting: name, scope: 'user', message: `unknown setting${didYouMean(name, HOOK_ONLY_KEYS)}`, refuses: true });
  }
  const trustedProblems: string[] = [];
  const trustedKey = Object.prototype.hasOwnProperty.call(userValues, TRUSTED_FOLDERS_SETTING) ? TRUSTED_FOLDERS_SETTING : 'hooks.trustedFolders';
  const trustedFolders = readTrustedFolders(userValues[trustedKey], trustedProblems);
  delete userValues[TRUSTED_FOLDERS_SETTING];
  delete userValues['hooks.trustedFolders'];

  let projectValues: Record<string, unknown> | undefined;
  let project: HookSettings['project'];
  let projectReading: FileReading | undefined;
  const ignored: string[] = [];
  if (projectFolder !== undefined) {
    const file = projectSettingsFile(projectFolder);
    projectReading = readSettingsFile(file);
    if (projectReading.kind === 'broken') return blockedSettings(`The project's settings file is broken (${projectReading.reason}), so the gate refuses every command until it is fixed`);
    if (projectReading.kind === 'read') {
      // Only the gate's own keys: a bare `allow` in a project's settings belongs to someone else.
      projectValues = Object.fromEntries(Object.entries(projectReading.values).filter(([name]) => name.startsWith(SETTING_PREFIX)));
      // Read from the user's file only; in a project it is a known name that says nothing.
      if (TRUSTED_FOLDERS_SETTING in projectValues) {
        delete projectValues[TRUSTED_FOLDERS_SETTING];
        ignored.push(TRUSTED_FOLDERS_SETTING);
      }
    }
    project = { folder: projectFolder, trusted: isInside(projectFolder, trustedFolders) };
  }

  const trusted = project?.trusted ?? false;
  const reading = effectiveSettings({ user: userValues, ...(projectValues ? { workspace: projectValues } : {}) }, { trusted });
  found.push(...reading.problems);
  const settings = reading.settings;
  ignored.push(...reading.ignoredBecauseUntrusted);
  // A lower rung narrows: the one restricted setting an untrusted project may still set. So an
  // unreadable one refuses, like any value that would narrow the guard if dropped.
  const projectRungValue = projectValues !== undefined && !trusted ? projectValues[`${SETTING_PREFIX}rung`] : undefined;
  const projectRung = projectRungValue !== undefined && projectRungValue !== null ? parseRung(projectRungValue) : null;
  if (projectRungValue !== undefined && projectRungValue !== null && projectRung === null) {
    found.push({ setting: `${SETTING_PREFIX}rung`, scope: 'workspace', message: `unknown rung ${shownValue(projectRungValue)}; expected one of ${RUNGS.join(', ')}`, refuses: true });
  }
  if (projectRung !== null && rungIndex(projectRung) < rungIndex(settings.rung)) {
    settings.rung = projectRung;
    settings.origin.rung = 'workspace';
    const at = ignored.indexOf(`${SETTING_PREFIX}rung`);
    if (at >= 0) ignored.splice(at, 1);
  }

  /** Where a problem is: the file, line and column of the key (or list entry) as written. */
  const where = (problem: ScopedSettingProblem): string => {
    const reading = problem.scope === 'user' ? user : projectReading;
    const file = problem.scope === 'user' ? userFile : projectSettingsFile(projectFolder ?? '.');
    if (reading?.kind !== 'read') return file;
    const bare = problem.setting.startsWith(SETTING_PREFIX) ? problem.setting.slice(SETTING_PREFIX.length) : problem.setting;
    const written = Object.prototype.hasOwnProperty.call(reading.values, problem.setting) || problem.scope !== 'user' ? problem.setting : bare;
    return reading.at(written, problem.index);
  };
  const refusal = settingsRefusal(found, where);
  const problems = [
    ...found.filter((p) => !p.refuses).map((p) => `${where(p)}: ${p.setting}${p.index !== undefined ? ` entry ${p.index}` : ''}: ${p.message}`),
    ...trustedProblems.map((p) => `${user.kind === 'read' ? user.at(trustedKey) : userFile}: ${p}`),
  ];
  return { settings, problems, ignored, ...(project ? { project } : {}), ...(refusal !== null ? { blocked: refusal } : {}) };
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

/**
 * `doctor`'s report on the settings a hook would decide with (the user's file and, as a project,
 * `projectFolder`): ok only when nothing refuses and nothing was dropped, so `doctor` exits
 * non-zero on either, and each line says what to fix.
 */
export function settingsReport(hook: HookSettings, userFile: string): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  const places = hook.project ? `${userFile} and ${projectSettingsFile(hook.project.folder)}` : userFile;
  if (hook.blocked !== undefined) {
    lines.push(`settings: FAIL — every command is refused until this is fixed: ${hook.blocked}`);
    lines.push(`  fix: correct or remove each value named above (in ${places}); names are the approvalsGate.* settings of docs/settings-and-grants.md, and deny/escalate are lists of entries.`);
  }
  for (const problem of hook.problems) lines.push(`settings: WARN — dropped: ${problem}`);
  if (hook.problems.length > 0) lines.push('  fix: correct or remove each dropped value; until then the gate asks about what it would have allowed.');
  if (hook.ignored.length > 0) lines.push(`settings: note — ignored in this untrusted project: ${hook.ignored.join(', ')}`);
  const ok = hook.blocked === undefined && hook.problems.length === 0;
  if (ok) lines.push(`settings: ok (${places})`);
  return { ok, lines };
}
