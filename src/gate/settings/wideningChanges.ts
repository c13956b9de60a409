/**
 * Noticing settings changes that would widen approval (D§13). An agent that can edit
 * `.vscode/settings.json` — or the user's settings file — can try to approve itself; VS Code
 * applies such an edit silently. So the extension remembers the widening-relevant part of the
 * settings the person last accepted (a **fingerprint**, kept in the extension's own storage),
 * and when the settings in force would newly allow something, it asks before applying it.
 *
 * Widening, and therefore asked about: a new allow entry (or an existing one made unrated or
 * allowed to write), a rung higher on the ladder, `defaultAllow` turned on, the rater endpoint
 * or model changed (to anything, unset included: whoever answers "safe" has changed), the agent
 * endpoint or model changed, a new name in `terminal.passEnvironment`, the OS sandbox turned off or
 * opened to the package registries. Everything else —
 * removing entries, a lower rung, new deny or escalate entries, timeouts — applies at once.
 *
 * The flow the extension follows (all pure here):
 * 1. `held = holdBackWidening(current, accepted)`; the gate runs on `held.settings`.
 * 2. Store `wideningFingerprint(held.settings)` as the new accepted fingerprint: narrowing is
 *    accepted at once, so re-adding a removed entry later is asked about again.
 * 3. If `held.heldBack` is not empty, ask the person (modal, listing the summaries). On "apply",
 *    store `wideningFingerprint(current)` and run on `current`. Changes made through the
 *    extension's own UI (status-bar rung, "Always allow…") store the new fingerprint themselves.
 *
 * A missing or unreadable accepted fingerprint counts as the defaults' fingerprint: on first run
 * anything beyond the defaults is asked about once.
 */
import * as z from 'zod';
import type { ListEntry, MatchKind } from '../lists/listEntry';
import { MAX_COMMAND_LENGTH } from '../reading/resolution';
import { RUNGS, type Rung } from '../rung';
import type { EffectiveSettings } from './effectiveSettings';
import { MAX_MODEL_NAME_LENGTH, MAX_URL_LENGTH, SANDBOX_SETTINGS, SETTING_DEFAULTS, settingName, type SandboxSetting } from './settingsSchema';
import { shownText } from './shownText';

export const FINGERPRINT_SCHEMA_VERSION = 1;
/** Most allow entries a stored fingerprint may hold (a larger one is read as unreadable). */
export const MAX_FINGERPRINT_ENTRIES = 10_000;

/** What makes an allow entry what it is (its source and spelling aside). */
export interface AllowEntryIdentity {
  match: MatchKind;
  pattern: string;
  rate: boolean;
  writes: boolean;
}

/** The widening-relevant part of the settings in force; plain JSON, stored by the extension. */
export interface WideningFingerprint {
  schemaVersion: typeof FINGERPRINT_SCHEMA_VERSION;
  rung: Rung;
  defaultAllow: boolean;
  /** Sorted, without duplicates. */
  allow: AllowEntryIdentity[];
  rater: { baseUrl: string | null; model: string | null };
  agent: { baseUrl: string | null; model: string | null };
  /** Sorted, without duplicates. */
  passEnvironment: string[];
  /**
   * The OS sandbox (D§13 "Containment"). Absent in fingerprints stored before it existed: those
   * read as what ran then (off: commands ran uncontained; no registries), so keeping the default
   * asks nothing, and a later turning off after it was on is asked about.
   */
  sandbox?: { mode: SandboxSetting; packageRegistries: boolean };
}

export type WideningKind =
  | 'rung-raised'
  | 'allow-entry-added'
  | 'default-allow-enabled'
  | 'rater-endpoint-changed'
  | 'agent-endpoint-changed'
  | 'environment-passed'
  | 'sandbox-widened';

export interface WideningChange {
  kind: WideningKind;
  /** The full setting name. */
  setting: string;
  /** One line for the confirmation dialog; setting values appear escaped and shortened. */
  summary: string;
}

/** The fingerprint of the settings in force. */
export function wideningFingerprint(settings: EffectiveSettings): WideningFingerprint {
  const allow = new Map<string, AllowEntryIdentity>();
  for (const entry of settings.allow) {
    const identity = identityOf(entry);
    allow.set(identityKey(identity), identity);
  }
  return {
    schemaVersion: FINGERPRINT_SCHEMA_VERSION,
    rung: settings.rung,
    defaultAllow: settings.defaultAllow,
    allow: [...allow.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, identity]) => identity),
    rater: { baseUrl: settings.rater.baseUrl, model: settings.rater.model },
    agent: { baseUrl: settings.agent.baseUrl, model: settings.agent.model },
    passEnvironment: [...new Set(settings.terminal.passEnvironment)].sort(),
    sandbox: { mode: settings.sandbox.mode, packageRegistries: settings.sandbox.packageRegistries },
  };
}

/** The fingerprint of the defaults: what counts as accepted before anything was. */
export const DEFAULT_FINGERPRINT: WideningFingerprint = Object.freeze({
  schemaVersion: FINGERPRINT_SCHEMA_VERSION,
  rung: SETTING_DEFAULTS.rung,
  defaultAllow: SETTING_DEFAULTS.defaultAllow,
  allow: [],
  rater: { baseUrl: SETTING_DEFAULTS['rater.baseUrl'], model: SETTING_DEFAULTS['rater.model'] },
  agent: { baseUrl: SETTING_DEFAULTS['agent.baseUrl'], model: SETTING_DEFAULTS['agent.model'] },
  passEnvironment: [],
  sandbox: { mode: SETTING_DEFAULTS.sandbox, packageRegistries: SETTING_DEFAULTS['sandboxPackageRegistries'] },
}) as WideningFingerprint;

const Endpoint = z.strictObject({
  baseUrl: z.string().max(MAX_URL_LENGTH).nullable(),
  model: z.string().max(MAX_MODEL_NAME_LENGTH).nullable(),
});
const FingerprintSchema = z.strictObject({
  schemaVersion: z.literal(FINGERPRINT_SCHEMA_VERSION),
  rung: z.enum(RUNGS),
  defaultAllow: z.boolean(),
  allow: z
    .array(
      z.strictObject({
        match: z.enum(['exact', 'prefix', 'glob', 'regexp']),
        pattern: z.string().max(MAX_COMMAND_LENGTH),
        rate: z.boolean(),
        writes: z.boolean(),
      }),
    )
    .max(MAX_FINGERPRINT_ENTRIES),
  rater: Endpoint,
  agent: Endpoint,
  passEnvironment: z.array(z.string().max(128)).max(1000),
  sandbox: z.strictObject({ mode: z.enum(SANDBOX_SETTINGS), packageRegistries: z.boolean() }).optional(),
});

/**
 * A stored fingerprint, validated; `null` when it is absent or unreadable in any way (the
 * caller then compares against {@link DEFAULT_FINGERPRINT}, which asks about more, not less).
 */
export function parseWideningFingerprint(raw: unknown): WideningFingerprint | null {
  let json: unknown;
  try {
    const text = JSON.stringify(raw);
    if (text === undefined) return null;
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = FingerprintSchema.safeParse(json);
  return parsed.success ? (parsed.data as WideningFingerprint) : null;
}

/** What `current` would newly allow compared with what was accepted. Empty: nothing to ask. */
export function wideningChanges(previousAccepted: WideningFingerprint | null, current: WideningFingerprint): WideningChange[] {
  const accepted = previousAccepted ?? DEFAULT_FINGERPRINT;
  const changes: WideningChange[] = [];
  if (RUNGS.indexOf(current.rung) > RUNGS.indexOf(accepted.rung)) {
    changes.push({ kind: 'rung-raised', setting: settingName('rung'), summary: `The rung would rise from ${accepted.rung} to ${current.rung}.` });
  }
  const covers = coverage(accepted.allow);
  for (const entry of current.allow) {
    if (covers(entry)) continue;
    changes.push({ kind: 'allow-entry-added', setting: settingName('allow'), summary: `New allow entry: ${describeEntry(entry)}.` });
  }
  if (current.defaultAllow && !accepted.defaultAllow) {
    changes.push({ kind: 'default-allow-enabled', setting: settingName('defaultAllow'), summary: 'The built-in allow list of read-only commands would be turned on.' });
  }
  changes.push(...endpointChanges('rater', accepted.rater, current.rater));
  changes.push(...endpointChanges('agent', accepted.agent, current.agent));
  const acceptedNames = new Set(accepted.passEnvironment);
  for (const name of current.passEnvironment) {
    if (acceptedNames.has(name)) continue;
    changes.push({ kind: 'environment-passed', setting: settingName('terminal.passEnvironment'), summary: `Approved commands would receive the environment variable ${shownText(name, 128)}.` });
  }
  const acceptedSandbox = sandboxOf(accepted);
  const currentSandbox = sandboxOf(current);
  if (currentSandbox.mode === 'off' && acceptedSandbox.mode === 'on') {
    changes.push({ kind: 'sandbox-widened', setting: settingName('sandbox'), summary: 'Approved commands would run without the OS sandbox (approvalsGate.sandbox off).' });
  }
  if (currentSandbox.packageRegistries && !acceptedSandbox.packageRegistries) {
    changes.push({ kind: 'sandbox-widened', setting: settingName('sandboxPackageRegistries'), summary: 'Contained commands could reach the package registries.' });
  }
  return changes;
}

/**
 * The settings in force with every unaccepted widening taken out, and what was taken out: allow
 * entries not accepted are dropped, the rung is capped at the accepted one, `defaultAllow` stays
 * off if it was, endpoints revert to the accepted ones, unaccepted environment names are not
 * passed. Narrowing in `current` is kept. Run the gate on this until the person confirms.
 */
export function holdBackWidening(current: EffectiveSettings, previousAccepted: WideningFingerprint | null): { settings: EffectiveSettings; heldBack: WideningChange[] } {
  const accepted = previousAccepted ?? DEFAULT_FINGERPRINT;
  const heldBack = wideningChanges(accepted, wideningFingerprint(current));
  if (heldBack.length === 0) return { settings: current, heldBack };
  const covers = coverage(accepted.allow);
  const acceptedNames = new Set(accepted.passEnvironment);
  const rung = RUNGS.indexOf(current.rung) > RUNGS.indexOf(accepted.rung) ? accepted.rung : current.rung;
  const settings: EffectiveSettings = {
    ...current,
    rung,
    allow: current.allow.filter((entry) => covers(identityOf(entry))),
    defaultAllow: current.defaultAllow && accepted.defaultAllow,
    rater: { ...current.rater, ...(sameEndpoint(accepted.rater, current.rater) ? {} : accepted.rater) },
    agent: sameEndpoint(accepted.agent, current.agent) ? current.agent : { ...accepted.agent },
    terminal: { ...current.terminal, passEnvironment: current.terminal.passEnvironment.filter((name) => acceptedNames.has(name)) },
    sandbox: {
      mode: current.sandbox.mode === 'off' && sandboxOf(accepted).mode === 'on' ? 'on' : current.sandbox.mode,
      packageRegistries: current.sandbox.packageRegistries && sandboxOf(accepted).packageRegistries,
    },
  };
  return { settings, heldBack };
}

function sandboxOf(fingerprint: WideningFingerprint): { mode: SandboxSetting; packageRegistries: boolean } {
  return fingerprint.sandbox ?? { mode: 'off', packageRegistries: false };
}

// ── Helpers ────────────────────────────────────────────────────────────────────────────────

function identityOf(entry: ListEntry): AllowEntryIdentity {
  return { match: entry.match, pattern: entry.pattern, rate: entry.rate, writes: entry.writes };
}

function identityKey(identity: AllowEntryIdentity): string {
  return JSON.stringify([identity.match, identity.pattern, identity.rate, identity.writes]);
}

/**
 * Whether an entry is within what was accepted: the same match and pattern, and no broader —
 * rated if the accepted one was, writing only if the accepted one could. (Making an entry rated
 * or taking away `writes` narrows it and is not asked about.)
 */
function coverage(accepted: readonly AllowEntryIdentity[]): (entry: AllowEntryIdentity) => boolean {
  const byPattern = new Map<string, AllowEntryIdentity[]>();
  for (const identity of accepted) {
    const key = JSON.stringify([identity.match, identity.pattern]);
    byPattern.set(key, [...(byPattern.get(key) ?? []), identity]);
  }
  return (entry) =>
    (byPattern.get(JSON.stringify([entry.match, entry.pattern])) ?? []).some(
      (known) => (entry.rate || !known.rate) && (!entry.writes || known.writes),
    );
}

function describeEntry(entry: AllowEntryIdentity): string {
  const notes = [entry.rate ? 'rated' : 'not rated', ...(entry.writes ? ['may write files'] : [])];
  return `${entry.match} "${shownText(entry.pattern, 200)}" (${notes.join(', ')})`;
}

type Endpoint = { baseUrl: string | null; model: string | null };

function sameEndpoint(a: Endpoint, b: Endpoint): boolean {
  return a.baseUrl === b.baseUrl && a.model === b.model;
}

function endpointChanges(which: 'rater' | 'agent', accepted: Endpoint, current: Endpoint): WideningChange[] {
  if (sameEndpoint(accepted, current)) return [];
  const shown = (endpoint: Endpoint) =>
    endpoint.baseUrl === null && endpoint.model === null
      ? '(not configured)'
      : `${endpoint.model === null ? '(no model)' : `"${shownText(endpoint.model, 100)}"`} at ${endpoint.baseUrl === null ? '(no URL)' : shownText(endpoint.baseUrl, 200)}`;
  const kind: WideningKind = which === 'rater' ? 'rater-endpoint-changed' : 'agent-endpoint-changed';
  const setting = settingName(accepted.baseUrl !== current.baseUrl ? `${which}.baseUrl` : `${which}.model`);
  const who = which === 'rater' ? 'The model that rates commands' : 'The agent\'s model';
  return [{ kind, setting, summary: `${who} would change from ${shown(accepted)} to ${shown(current)}.` }];
}
