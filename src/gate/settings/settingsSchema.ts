/**
 * Every `approvalsGate.*` setting (D§13): its name, its default, how one value is validated, and
 * whether a workspace may set it while the workspace is untrusted.
 *
 * The three lists (`allow`, `deny`, `escalate`) are not validated here: their entries are parsed
 * by `readPolicySettings` / `parseListEntries`, the same code the CLI uses, so a list entry means
 * the same thing wherever it is written. Every other setting has a zod schema below. A value that
 * fails its schema is reported by setting name and ignored (effectiveSettings.ts falls back to
 * the next scope or the default); nothing is ever coerced into something broader.
 *
 * **Restricted settings** are those whose workspace value a cloned repository could use against
 * the person who opened it. They are ignored in an untrusted workspace, and they are what
 * `capabilities.untrustedWorkspaces.restrictedConfigurations` in package.json must list
 * ({@link RESTRICTED_SETTING_NAMES}).
 */
import * as z from 'zod';
import { parseRung, DEFAULT_RUNG, RUNGS, type Rung } from '../rung';
import { findHiddenCharacters } from '../reading/hiddenCharacters';
import { shownValue } from './shownText';

/** `approvalsGate.sandbox` (D§13 "Containment"); here rather than in containment/ so reading settings never loads the sandbox library. */
export const SANDBOX_SETTINGS = ['on', 'off'] as const;
export type SandboxSetting = (typeof SANDBOX_SETTINGS)[number];

export const SETTING_PREFIX = 'approvalsGate.';

export const SETTING_KEYS = [
  'rung',
  'allow',
  'deny',
  'escalate',
  'defaultAllow',
  'rater.baseUrl',
  'rater.model',
  'rater.timeoutMs',
  'agent.baseUrl',
  'agent.model',
  'terminal.timeoutMs',
  'terminal.passEnvironment',
  'sandbox',
  'sandboxPackageRegistries',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** The lists parsed by `readPolicySettings`. */
export const LIST_SETTING_KEYS = ['allow', 'deny', 'escalate'] as const;
export type ListSettingKey = (typeof LIST_SETTING_KEYS)[number];

/** Settings holding one value, each validated by its schema in {@link SCALAR_SCHEMAS}. */
export type ScalarSettingKey = Exclude<SettingKey, ListSettingKey | 'terminal.passEnvironment'>;

/** The full name as it appears in settings.json. */
export function settingName(key: SettingKey): string {
  return SETTING_PREFIX + key;
}

/** The rater's default budget; equal to `DEFAULT_RATER_TIMEOUT_MS` (kept apart so reading
 * settings never loads LangChain; a test holds the two equal). */
export const DEFAULT_RATER_TIMEOUT_MS = 30_000;
/**
 * Bounds of the rater budget setting: under a second no real model answers (every rating would
 * fail closed, which is safe but useless); past ten minutes a person is waiting on nothing
 * (the CLI's `--rater-timeout-ms` has the same upper bound).
 */
export const MIN_RATER_TIMEOUT_MS = 1_000;
export const MAX_RATER_TIMEOUT_MS = 600_000;
/** Default limit on one approved command in the terminal runner, and its bounds (1 s to 1 h). */
export const DEFAULT_TERMINAL_TIMEOUT_MS = 120_000;
export const MIN_TERMINAL_TIMEOUT_MS = 1_000;
export const MAX_TERMINAL_TIMEOUT_MS = 3_600_000;
/** Longest URL and model name accepted. */
export const MAX_URL_LENGTH = 2048;
export const MAX_MODEL_NAME_LENGTH = 200;
/** Most names `terminal.passEnvironment` may list; the rest are reported and ignored. */
export const MAX_PASS_ENVIRONMENT_NAMES = 256;

/** Why a setting is restricted in an untrusted workspace (shown in the docs and the log). */
export const RESTRICTION_REASONS: Readonly<Partial<Record<SettingKey, string>>> = {
  rung: 'a higher rung asks less',
  allow: 'an allow entry runs commands without asking',
  defaultAllow: 'turning the built-in allow list on runs more commands without asking',
  'rater.baseUrl': 'a rater under the workspace\'s control could call everything safe, and would receive the API key',
  'rater.model': 'the workspace could pick a model that calls everything safe',
  'agent.baseUrl': 'the agent\'s file writes run without asking at `write` and above, and the server would receive the API key',
  'agent.model': 'the agent\'s file writes run without asking at `write` and above',
  'terminal.passEnvironment': 'a passed name lets credentials into approved commands',
  sandbox: 'turning the sandbox off runs approved commands uncontained',
  'sandboxPackageRegistries': 'every approved command could reach the package registries',
};

/** Settings a workspace cannot set while untrusted, in {@link SETTING_KEYS} order. */
export const RESTRICTED_SETTING_KEYS: readonly SettingKey[] = SETTING_KEYS.filter((key) => RESTRICTION_REASONS[key] !== undefined);
/** The list `capabilities.untrustedWorkspaces.restrictedConfigurations` must hold. */
export const RESTRICTED_SETTING_NAMES: readonly string[] = RESTRICTED_SETTING_KEYS.map(settingName);

// ── Schemas ────────────────────────────────────────────────────────────────────────────────

const RungSchema = z.string({ error: `expected one of ${RUNGS.join(', ')}` }).transform((value, context): Rung => {
  const rung = parseRung(value);
  if (rung) return rung;
  context.addIssue({ code: 'custom', message: `unknown rung; expected one of ${RUNGS.join(', ')}` });
  return z.NEVER;
});

/** An http(s) endpoint without credentials in it (the key lives in SecretStorage, never in settings). */
const EndpointSchema = z
  .string({ error: 'expected a URL such as http://127.0.0.1:11434/v1' })
  .max(MAX_URL_LENGTH, { error: `expected at most ${MAX_URL_LENGTH} characters` })
  .transform((value, context): string => {
    const text = value.trim();
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'not a valid URL (expected something like http://127.0.0.1:11434/v1)' });
      return z.NEVER;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      context.addIssue({ code: 'custom', message: 'the URL must use http or https' });
      return z.NEVER;
    }
    if (url.username !== '' || url.password !== '') {
      context.addIssue({ code: 'custom', message: 'the URL carries a user name or password; use "Set API key" instead' });
      return z.NEVER;
    }
    return text;
  });

const ModelNameSchema = z
  .string({ error: 'expected a model name' })
  .max(MAX_MODEL_NAME_LENGTH, { error: `expected at most ${MAX_MODEL_NAME_LENGTH} characters` })
  .transform((value) => value.trim())
  .refine((value) => findHiddenCharacters(value).length === 0, { error: 'the name contains invisible or control characters' });

function wholeMilliseconds(min: number, max: number) {
  const expected = `expected a whole number of milliseconds from ${min} to ${max}`;
  return z.int({ error: expected }).min(min, { error: expected }).max(max, { error: expected });
}

/** The schema of each single-valued setting. Invalid means ignored, never widened. */
export const SCALAR_SCHEMAS = {
  rung: RungSchema,
  defaultAllow: z.boolean({ error: 'expected true or false' }),
  'rater.baseUrl': EndpointSchema,
  'rater.model': ModelNameSchema,
  'rater.timeoutMs': wholeMilliseconds(MIN_RATER_TIMEOUT_MS, MAX_RATER_TIMEOUT_MS),
  'agent.baseUrl': EndpointSchema,
  'agent.model': ModelNameSchema,
  'terminal.timeoutMs': wholeMilliseconds(MIN_TERMINAL_TIMEOUT_MS, MAX_TERMINAL_TIMEOUT_MS),
  sandbox: z.enum(SANDBOX_SETTINGS, { error: `expected one of ${SANDBOX_SETTINGS.join(', ')}` }),
  'sandboxPackageRegistries': z.boolean({ error: 'expected true or false' }),
} as const satisfies Record<ScalarSettingKey, z.ZodType>;

export type ScalarSettingValue<K extends ScalarSettingKey> = z.output<(typeof SCALAR_SCHEMAS)[K]>;

/** An environment variable name as POSIX shells accept it. */
const ENVIRONMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** Defaults: what applies when no scope sets a valid value. `null` means "not configured". */
export const SETTING_DEFAULTS = {
  rung: DEFAULT_RUNG,
  defaultAllow: true,
  'rater.baseUrl': null,
  'rater.model': null,
  'rater.timeoutMs': DEFAULT_RATER_TIMEOUT_MS,
  'agent.baseUrl': null,
  'agent.model': null,
  'terminal.timeoutMs': DEFAULT_TERMINAL_TIMEOUT_MS,
  // D§13 "Containment": on, and where it cannot start (Windows, no bubblewrap) nothing runs and the
  // record names the fix; `off` is the person's explicit choice (docs/decisions.md, "The terminal runs
  // contained commands").
  sandbox: 'on',
  'sandboxPackageRegistries': false,
} as const satisfies { [K in ScalarSettingKey]: ScalarSettingValue<K> | null };

// ── Reading one value ──────────────────────────────────────────────────────────────────────

export type ScalarReading<K extends ScalarSettingKey> =
  | { kind: 'unset' }
  | { kind: 'valid'; value: ScalarSettingValue<K> }
  | { kind: 'invalid'; message: string };

/**
 * Whether a value stands for "not set": absent, `null`, or an empty string for the text
 * settings (a package.json default of `""` means nothing is configured). Unset is not a problem.
 */
export function isUnsetValue(key: SettingKey, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'string' && value.trim() === '' && (key.endsWith('.baseUrl') || key.endsWith('.model'));
}

/** Validates one value of a single-valued setting. Never throws. */
export function readScalarSetting<K extends ScalarSettingKey>(key: K, value: unknown): ScalarReading<K> {
  if (isUnsetValue(key, value)) return { kind: 'unset' };
  let parsed;
  try {
    parsed = SCALAR_SCHEMAS[key].safeParse(value);
  } catch (error) {
    return { kind: 'invalid', message: `the value could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (parsed.success) return { kind: 'valid', value: parsed.data as ScalarSettingValue<K> };
  return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? 'invalid value' };
}

/**
 * Validates `terminal.passEnvironment`: a list of environment variable names let through the
 * credential scrub. Invalid names are dropped one by one (never read as a pattern); a value that
 * is not a list passes nothing.
 */
export function readEnvironmentNames(value: unknown): { names: string[]; errors: string[] } {
  const names: string[] = [];
  const errors: string[] = [];
  if (value === undefined || value === null) return { names, errors };
  if (!Array.isArray(value)) return { names, errors: ['expected a list of environment variable names'] };
  value.forEach((item: unknown, index) => {
    if (index >= MAX_PASS_ENVIRONMENT_NAMES) {
      if (index === MAX_PASS_ENVIRONMENT_NAMES) errors.push(`only the first ${MAX_PASS_ENVIRONMENT_NAMES} names are read; the rest are ignored`);
      return;
    }
    if (typeof item === 'string' && ENVIRONMENT_NAME.test(item)) {
      if (!names.includes(item)) names.push(item);
    } else {
      errors.push(`entry ${index} (${shownValue(item)}) is not an environment variable name (letters, digits and _, not starting with a digit)`);
    }
  });
  return { names, errors };
}

// ── What an unusable value means ───────────────────────────────────────────────────────────

/**
 * Settings whose invalid value refuses every command instead of being dropped (docs/settings-
 * and-grants.md, "Values the gate cannot use"): dropping it could let run what the user meant to
 * stop. A `deny` or `escalate` list that is not a list, or one bad entry in it, may be the one
 * entry the user relies on; an unreadable `rung` falls back to `assisted`, which is wider than
 * `manual` or `write`; an unreadable `defaultAllow` falls back to `true`, the built-in list on.
 * Every other invalid value is dropped with a warning: without it the gate asks more, never less
 * (an allow entry, a rater address — no rater means every rating fails closed —, a timeout, an
 * environment name, a trusted folder).
 */
export const REFUSING_SETTING_KEYS: readonly SettingKey[] = ['rung', 'deny', 'escalate', 'defaultAllow'];

/** Whether an invalid value of `key` refuses every command (see {@link REFUSING_SETTING_KEYS}). */
export function invalidValueRefuses(key: SettingKey): boolean {
  return REFUSING_SETTING_KEYS.includes(key);
}

/**
 * Groups of dotted setting names: a bare key that starts with one of these is one of the gate's
 * (`rater.modle` is a typo of ours; `editor.fontSize` is VS Code's).
 */
const SETTING_GROUPS = ['rater.', 'agent.', 'terminal.', 'hooks.'];

/**
 * The names in a settings record that look like the gate's but are no setting it knows.
 * `approvalsGate.X` is ours whatever X is. With `bare` (a file that is the gate's own: the hook's
 * user file, a `--config` file), a name without the prefix is ours too when it has no dot or
 * starts with one of the dotted groups; other dotted names (`editor.fontSize`) belong to
 * whoever else reads a settings.json. `extra` are further known names without the prefix.
 */
export function unknownSettingNames(record: Readonly<Record<string, unknown>>, options: { bare: boolean; extra?: readonly string[] }): string[] {
  const known = new Set<string>([...SETTING_KEYS, ...(options.extra ?? [])]);
  const unknown: string[] = [];
  for (const name of Object.keys(record)) {
    if (name.startsWith(SETTING_PREFIX)) {
      if (!known.has(name.slice(SETTING_PREFIX.length))) unknown.push(name);
    } else if (options.bare && !known.has(name) && (!name.includes('.') || SETTING_GROUPS.some((group) => name.startsWith(group)))) {
      unknown.push(name);
    }
  }
  return unknown;
}

/** ` (did you mean approvalsGate.deny?)` for a name within two edits of a known one, else ''. */
export function didYouMean(name: string, extra: readonly string[] = []): string {
  const prefixed = name.startsWith(SETTING_PREFIX);
  const bare = prefixed ? name.slice(SETTING_PREFIX.length) : name;
  let best: { key: string; distance: number } | null = null;
  for (const key of [...SETTING_KEYS, ...extra]) {
    const distance = editDistance(bare.toLowerCase(), key.toLowerCase());
    if (distance <= 2 && (best === null || distance < best.distance)) best = { key, distance };
  }
  return best === null ? '' : ` (did you mean ${prefixed ? SETTING_PREFIX : ''}${best.key}?)`;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}
