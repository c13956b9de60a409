/**
 * The settings in force (D§6, D§13): the values of every `approvalsGate.*` setting per scope, as
 * `WorkspaceConfiguration.inspect()` reports them, combined under workspace trust into one
 * record the gate can use, plus what was wrong and what was ignored.
 *
 * Rules, each chosen so that nothing a settings file says can widen approval by accident:
 * - **Invalid values are named and ignored, never widened.** A single-valued setting falls back
 *   to the next scope's valid value (folder → workspace → user → default); a list drops the bad
 *   entries one by one and keeps the rest. Where dropping a value could narrow the guard (a bad
 *   `deny` or `escalate` entry, `rung` or `defaultAllow`; an unknown `approvalsGate.*` name, which
 *   may be a misspelt deny list) the problem `refuses`: the caller refuses every command
 *   ({@link settingsRefusal}).
 * - **Untrusted workspace**: the workspace and folder values of every restricted setting
 *   (settingsSchema.ts: `rung`, `allow`, `defaultAllow`, `rater.baseUrl`, `rater.model`,
 *   `agent.*`, `terminal.passEnvironment`) are ignored — not validated, not reported as
 *   problems, listed in `ignoredBecauseUntrusted`. They are ignored even when they would narrow
 *   (a workspace `rung: manual`): one simple rule, the same one VS Code applies to
 *   `restrictedConfigurations`, and the user's own value still holds.
 * - **Narrowing lists always apply**: `deny` and `escalate` from every scope, trusted or not
 *   (more refusals are always safe).
 * - **Lists combine**: `allow` and `terminal.passEnvironment` = user ∪ trusted workspace ∪
 *   trusted folder; `deny` and `escalate` = the union of all scopes.
 *
 * Pure: no VS Code API. The extension builds the scope values with {@link scopeValuesFromInspect}.
 */
import type { ListEntry } from '../lists/listEntry';
import type { GatePolicy } from '../policy';
import { readPolicySettings, type SettingProblem } from './policySettings';
import type { Rung } from '../rung';
import {
  LIST_SETTING_KEYS,
  RESTRICTION_REASONS,
  didYouMean,
  invalidValueRefuses,
  unknownSettingNames,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  SETTING_PREFIX,
  isUnsetValue,
  readEnvironmentNames,
  readScalarSetting,
  settingName,
  type ScalarSettingKey,
  type ScalarSettingValue,
  type SandboxSetting,
  type SettingKey,
} from './settingsSchema';
import { shownText, shownValue } from './shownText';

/** Where a value can be set, narrowest last (VS Code's precedence: folder over workspace over user). */
export const SETTING_SCOPES = ['user', 'workspace', 'workspaceFolder'] as const;
export type SettingScope = (typeof SETTING_SCOPES)[number];

/** How entry sources and problems name a scope. */
export const SCOPE_LABELS: Readonly<Record<SettingScope, string>> = {
  user: 'user settings',
  workspace: 'workspace settings',
  workspaceFolder: 'folder settings',
};

/**
 * The values per scope. Keys are setting names with or without the `approvalsGate.` prefix
 * (`rung`, `approvalsGate.rater.baseUrl`); when both spellings are present the prefixed one is
 * read. An absent scope or key, `null`, and `""` for a URL or model name mean "not set".
 */
export interface ScopeValues {
  user?: Readonly<Record<string, unknown>>;
  workspace?: Readonly<Record<string, unknown>>;
  workspaceFolder?: Readonly<Record<string, unknown>>;
}

export interface ScopedSettingProblem extends SettingProblem {
  scope: SettingScope;
}

/** Where a single-valued setting's effective value came from. */
export type SettingOrigin = SettingScope | 'default';

export interface EffectiveSettings {
  rung: Rung;
  allow: ListEntry[];
  deny: ListEntry[];
  escalate: ListEntry[];
  defaultAllow: boolean;
  rater: { baseUrl: string | null; model: string | null; timeoutMs: number };
  agent: { baseUrl: string | null; model: string | null };
  terminal: { timeoutMs: number; passEnvironment: string[] };
  /** D§13 "Containment": whether approved commands run in the OS sandbox, and whether it lets the package registries through. */
  sandbox: { mode: SandboxSetting; packageRegistries: boolean };
  /** The scope each single-valued setting was taken from. */
  origin: Record<ScalarSettingKey, SettingOrigin>;
}

export interface SettingsReading {
  settings: EffectiveSettings;
  /**
   * Every invalid value, by setting and scope. Those with `refuses` make the gate refuse every
   * command ({@link settingsRefusal}); the others were ignored.
   */
  problems: ScopedSettingProblem[];
  /** Full names of the settings whose workspace or folder value was ignored (untrusted workspace). */
  ignoredBecauseUntrusted: string[];
}

export interface TrustState {
  /** `vscode.workspace.isTrusted`. */
  trusted: boolean;
}

/** Combines the scopes into the settings in force. Never throws. */
export function effectiveSettings(scopes: ScopeValues, trust: TrustState): SettingsReading {
  const problems: ScopedSettingProblem[] = [];
  const ignored = new Set<SettingKey>();
  const readable = readScopes(scopes, problems);

  /** The value a scope gives a key, or undefined when the scope may not be used for it. */
  const usable = (scope: SettingScope, key: SettingKey): { present: boolean; value: unknown } => {
    const found = lookUp(readable[scope], key);
    if (!found.present || isUnsetValue(key, found.value)) return { present: false, value: undefined };
    if (scope !== 'user' && !trust.trusted && RESTRICTION_REASONS[key] !== undefined) {
      ignored.add(key);
      return { present: false, value: undefined };
    }
    return found;
  };

  const origin = {} as Record<ScalarSettingKey, SettingOrigin>;
  const scalar = <K extends ScalarSettingKey>(key: K): ScalarSettingValue<K> | (typeof SETTING_DEFAULTS)[K] => {
    // Narrowest scope first; an invalid value hands over to the next scope, never to a guess.
    for (const scope of [...SETTING_SCOPES].reverse()) {
      const { present, value } = usable(scope, key);
      if (!present) continue;
      const reading = readScalarSetting(key, value);
      if (reading.kind === 'valid') {
        origin[key] = scope;
        return reading.value;
      }
      if (reading.kind === 'invalid') {
        const refuses = invalidValueRefuses(key);
        problems.push({ setting: settingName(key), scope, message: `${reading.message} (got ${shownValue(withoutUserInfo(value))})${refuses ? '' : '; ignored'}`, ...(refuses ? { refuses } : {}) });
      }
    }
    origin[key] = 'default';
    return SETTING_DEFAULTS[key];
  };

  const lists: Record<(typeof LIST_SETTING_KEYS)[number], ListEntry[]> = { allow: [], deny: [], escalate: [] };
  const passEnvironment: string[] = [];
  for (const scope of SETTING_SCOPES) {
    const listValues: Record<string, unknown> = {};
    for (const key of LIST_SETTING_KEYS) {
      const { present, value } = usable(scope, key);
      if (present) listValues[key] = value;
    }
    if (Object.keys(listValues).length > 0) {
      const policy = readPolicySettings(listValues, SCOPE_LABELS[scope]);
      for (const key of LIST_SETTING_KEYS) lists[key].push(...policy[key]);
      // Entry texts are quoted in the messages: escape them so an entry cannot forge a log line.
      for (const problem of policy.problems) problems.push({ ...problem, scope, message: `${shownText(problem.message, 400).replace(/\.$/, '')}${problem.refuses ? '' : '; ignored'}` });
    }
    const environment = usable(scope, 'terminal.passEnvironment');
    if (environment.present) {
      const read = readEnvironmentNames(environment.value);
      for (const name of read.names) if (!passEnvironment.includes(name)) passEnvironment.push(name);
      for (const message of read.errors) problems.push({ setting: settingName('terminal.passEnvironment'), scope, message: `${message}; ignored` });
    }
  }

  const settings: EffectiveSettings = {
    rung: scalar('rung'),
    ...lists,
    defaultAllow: scalar('defaultAllow'),
    rater: { baseUrl: scalar('rater.baseUrl'), model: scalar('rater.model'), timeoutMs: scalar('rater.timeoutMs') },
    agent: { baseUrl: scalar('agent.baseUrl'), model: scalar('agent.model') },
    terminal: { timeoutMs: scalar('terminal.timeoutMs'), passEnvironment },
    sandbox: { mode: scalar('sandbox'), packageRegistries: scalar('sandboxPackageRegistries') },
    origin,
  };
  return {
    settings,
    problems,
    ignoredBecauseUntrusted: SETTING_KEYS.filter((key) => ignored.has(key)).map(settingName),
  };
}

/**
 * Why the gate refuses every command with these settings, naming each value to fix, or `null`
 * when none of the problems refuses. `where` names a problem's place (a file and line:column, a
 * scope); the default names the scope.
 */
export function settingsRefusal(problems: readonly ScopedSettingProblem[], where: (problem: ScopedSettingProblem) => string = (p) => SCOPE_LABELS[p.scope]): string | null {
  const refusing = problems.filter((p) => p.refuses);
  if (refusing.length === 0) return null;
  const listed = refusing.map((p) => `${where(p)}: ${p.setting}${p.index !== undefined ? ` entry ${p.index}` : ''}: ${p.message}`).join('; ');
  return `The gate's settings cannot be used as written, so it refuses every command until they are fixed (a value it cannot read may be one meant to stop commands): ${listed}`;
}

/** The pipeline's policy from the settings in force and the grant store's entries. */
export function gatePolicy(settings: EffectiveSettings, grants: { grants: readonly ListEntry[]; denyGrants: readonly ListEntry[] }): GatePolicy {
  return {
    rung: settings.rung,
    allow: settings.allow,
    deny: settings.deny,
    escalate: settings.escalate,
    defaultAllow: settings.defaultAllow,
    grants: grants.grants,
    denyGrants: grants.denyGrants,
  };
}

/** What `WorkspaceConfiguration.inspect(key)` returns, as far as this module needs it. */
export interface InspectedSetting {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/**
 * The scope values for every setting, from `vscode.workspace.getConfiguration('approvalsGate')`'s
 * `inspect` (pass `key => configuration.inspect(key)`). Default values are left out on purpose:
 * the defaults are {@link SETTING_DEFAULTS}, whatever package.json says.
 */
export function scopeValuesFromInspect(inspect: (key: SettingKey) => InspectedSetting | undefined): ScopeValues {
  const user: Record<string, unknown> = {};
  const workspace: Record<string, unknown> = {};
  const workspaceFolder: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const inspected = inspect(key);
    if (!inspected) continue;
    if (inspected.globalValue !== undefined) user[key] = inspected.globalValue;
    if (inspected.workspaceValue !== undefined) workspace[key] = inspected.workspaceValue;
    if (inspected.workspaceFolderValue !== undefined) workspaceFolder[key] = inspected.workspaceFolderValue;
  }
  return { user, workspace, workspaceFolder };
}

/**
 * The names under the `approvalsGate` section of VS Code's configuration that are no setting of
 * the gate's (`approvalsGate.denny`), each with the scopes that set it: refusing problems, as in
 * {@link effectiveSettings}. `section` is `vscode.workspace.getConfiguration('approvalsGate')`,
 * which holds every key the settings files give under the section, known or not, with dotted
 * names nested (`rater: {baseUrl}`); its functions are skipped. `inspect` is that object's own.
 * `extra` are further known names (the hooks' `hooks.trustedFolders`).
 */
export function unknownSectionNames(section: object, inspect: (name: string) => InspectedSetting | undefined, extra: readonly string[] = []): ScopedSettingProblem[] {
  const known: readonly string[] = [...SETTING_KEYS, ...extra];
  const names: string[] = [];
  const walk = (record: object, path: string): void => {
    for (const key of Object.keys(record)) {
      const descriptor = Object.getOwnPropertyDescriptor(record, key);
      if (!descriptor || !('value' in descriptor) || typeof descriptor.value === 'function') continue;
      const name = path === '' ? key : `${path}.${key}`;
      if (known.includes(name)) continue;
      const value: unknown = descriptor.value;
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && known.some((k) => k.startsWith(`${name}.`))) walk(value, name);
      else names.push(name);
    }
  };
  walk(section, '');
  const problems: ScopedSettingProblem[] = [];
  for (const name of names) {
    const inspected = inspect(name);
    const scopes: SettingScope[] = [];
    if (inspected?.globalValue !== undefined) scopes.push('user');
    if (inspected?.workspaceValue !== undefined) scopes.push('workspace');
    if (inspected?.workspaceFolderValue !== undefined) scopes.push('workspaceFolder');
    const full = SETTING_PREFIX + name;
    for (const scope of scopes.length > 0 ? scopes : (['user'] as const)) {
      problems.push({ setting: shownText(full, 80), scope, message: `unknown setting${shownText(didYouMean(full), 120)}`, refuses: true });
    }
  }
  return problems;
}

// ── Helpers ────────────────────────────────────────────────────────────────────────────────

/** A scope's record, once checked to be an object; a scope that is not one is reported and skipped. */
function readScopes(scopes: ScopeValues, problems: ScopedSettingProblem[]): Partial<Record<SettingScope, Readonly<Record<string, unknown>>>> {
  const readable: Partial<Record<SettingScope, Readonly<Record<string, unknown>>>> = {};
  for (const scope of SETTING_SCOPES) {
    const record = scopes[scope] as unknown;
    if (record === undefined || record === null) continue;
    if (typeof record !== 'object' || Array.isArray(record)) {
      problems.push({ setting: SETTING_PREFIX.slice(0, -1), scope, message: 'expected an object of settings', refuses: true });
      continue;
    }
    readable[scope] = record as Readonly<Record<string, unknown>>;
    // An unknown name may be a misspelt deny list: it refuses, like a deny list that cannot be read.
    for (const name of unknownSettingNames(record as Readonly<Record<string, unknown>>, { bare: false })) {
      problems.push({ setting: shownText(name, 80), scope, message: `unknown setting${shownText(didYouMean(name), 120)}`, refuses: true });
    }
  }
  return readable;
}

/**
 * A key's own data value in a scope record (`approvalsGate.key` first, then `key`). Inherited
 * properties are never read (a record with a polluted prototype gains nothing) and getters never
 * run: an accessor counts as absent.
 */
function lookUp(record: Readonly<Record<string, unknown>> | undefined, key: SettingKey): { present: boolean; value: unknown } {
  if (!record) return { present: false, value: undefined };
  for (const name of [SETTING_PREFIX + key, key]) {
    const descriptor = Object.getOwnPropertyDescriptor(record, name);
    if (descriptor && 'value' in descriptor) return { present: true, value: descriptor.value as unknown };
  }
  return { present: false, value: undefined };
}

/** A URL's user name and password are never repeated in a problem message. */
function withoutUserInfo(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\/\/[^/?#\s]*@/g, '//<redacted>@') : value;
}
