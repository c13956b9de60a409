/**
 * The persisted shape of the `always` grants (D§11) and how a stored value is read back.
 *
 * Stored under one key of the extension's per-workspace storage:
 *   `{ "schemaVersion": 1, "grants": [{ "command", "createdAt", "source" }] }`
 *
 * Reading never throws and never yields more than was validly written:
 * - nothing stored → empty, silently;
 * - version 1 → each grant validated on its own; a bad grant (wrong types, extra keys,
 *   `__proto__`, an empty or oversized command, a duplicate) is dropped with a warning;
 * - version 0 (a bare array of command strings, the shape before versioning) → migrated: each
 *   string becomes an exact-command grant; the caller writes the result back as version 1;
 * - anything else that is not a version-1 object (not JSON-shaped, unknown top-level keys, a
 *   missing or mistyped `grants`, a non-integer version) → **corrupt**: read as empty, with a
 *   warning; the next change overwrites it;
 * - an integer version above 1 → **future**: read as empty, with a warning, and never
 *   overwritten by this version (a newer extension wrote it, and downgrading must not destroy
 *   it); only the user's explicit "clear" replaces it.
 *
 * A grant is always the exact command text; a stored string is never read as a prefix, so a
 * migrated store can only be narrower than what its writer meant, never wider.
 */
import * as z from 'zod';
import { MAX_COMMAND_LENGTH } from '../reading/resolution';
import { shownText } from '../settings/shownText';

/** The storage key, in `ExtensionContext.workspaceState`. */
export const GRANT_STORE_KEY = 'approvalsGate.grants';
export const GRANT_SCHEMA_VERSION = 1;
/** Most `always` grants kept per workspace; the rest are dropped on load and refused on add. */
export const MAX_STORED_GRANTS = 1000;
/** Longest `source` label kept. */
export const MAX_GRANT_SOURCE_LENGTH = 200;
/** The `source` of grants carried over from a version-0 store. */
export const MIGRATED_SOURCE = 'migrated from version 0';

export interface StoredGrant {
  /** The exact command text a person allowed; compared whole, never as a prefix. */
  command: string;
  /** ISO 8601 UTC time the grant was made (or migrated). */
  createdAt: string;
  /** How the grant was made: `approval card`, `migrated from version 0`, … */
  source: string;
}

export interface StoredGrantsV1 {
  schemaVersion: typeof GRANT_SCHEMA_VERSION;
  grants: StoredGrant[];
}

export type StoreReading =
  | { state: 'empty'; grants: []; warnings: string[] }
  | { state: 'current'; grants: StoredGrant[]; warnings: string[] }
  | { state: 'migrated'; fromVersion: 0; grants: StoredGrant[]; warnings: string[] }
  | { state: 'corrupt'; grants: []; warnings: string[] }
  | { state: 'future'; version: number; grants: []; warnings: string[] };

const StoredGrantSchema = z.strictObject({
  command: z
    .string()
    .max(MAX_COMMAND_LENGTH, { error: `the command is longer than ${MAX_COMMAND_LENGTH} characters` })
    .refine((command) => command.trim() !== '', { error: 'the command is empty' }),
  createdAt: z.iso.datetime({ error: 'createdAt is not an ISO 8601 UTC time' }),
  source: z.string().max(MAX_GRANT_SOURCE_LENGTH, { error: `the source is longer than ${MAX_GRANT_SOURCE_LENGTH} characters` }),
});

/** The envelope; the grants are checked one by one afterwards so one bad grant loses only itself. */
const EnvelopeSchema = z.strictObject({
  schemaVersion: z.literal(GRANT_SCHEMA_VERSION),
  grants: z.array(z.unknown()),
});

const VersionProbe = z.looseObject({ schemaVersion: z.int().min(GRANT_SCHEMA_VERSION + 1).max(Number.MAX_SAFE_INTEGER) });

/** Reads whatever the storage holds. Never throws. `now` dates migrated grants. */
export function readStoredGrants(raw: unknown, now: () => Date): StoreReading {
  if (raw === undefined) return { state: 'empty', grants: [], warnings: [] };
  const json = asStoredJson(raw);
  if (json === undefined) return corrupt('the stored value is not JSON data');
  if (Array.isArray(json)) return migrateFromVersion0(json, now);
  const future = VersionProbe.safeParse(json);
  if (future.success) {
    return {
      state: 'future',
      version: future.data.schemaVersion,
      grants: [],
      warnings: [
        `The stored grants have schema version ${future.data.schemaVersion}, newer than this extension understands (${GRANT_SCHEMA_VERSION}). ` +
          'They are not used and are left untouched; new "always" grants last for this session only until you clear the stored grants.',
      ],
    };
  }
  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    const issue = envelope.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    return corrupt(shownText(`${where}${issue?.message ?? 'not a grant store'}`, 200));
  }
  const warnings: string[] = [];
  const grants = validGrants(envelope.data.grants, warnings);
  return { state: 'current', grants, warnings };
}

/** The value to write for these grants. */
export function storedGrantsValue(grants: readonly StoredGrant[]): StoredGrantsV1 {
  return { schemaVersion: GRANT_SCHEMA_VERSION, grants: grants.map((grant) => ({ command: grant.command, createdAt: grant.createdAt, source: grant.source })) };
}

/** Checks one grant before it is added (the same rules as on load). */
export function storedGrantProblem(grant: StoredGrant): string | null {
  const parsed = StoredGrantSchema.safeParse(grant);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid grant');
}

/**
 * Version 0: a bare array of command strings. Each valid string becomes an exact grant made
 * "now"; anything else in the array is dropped with a warning.
 */
function migrateFromVersion0(items: readonly unknown[], now: () => Date): StoreReading {
  const createdAt = now().toISOString();
  const warnings: string[] = [];
  const candidates = items.map((item) => (typeof item === 'string' ? { command: item, createdAt, source: MIGRATED_SOURCE } : item));
  const grants = validGrants(candidates, warnings);
  warnings.unshift(`Migrated ${grants.length} stored grant(s) from schema version 0 to ${GRANT_SCHEMA_VERSION}; each is the exact command, never a prefix.`);
  return { state: 'migrated', fromVersion: 0, grants, warnings };
}

function validGrants(items: readonly unknown[], warnings: string[]): StoredGrant[] {
  const grants: StoredGrant[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const parsed = StoredGrantSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
      warnings.push(`Dropped stored grant ${index}: ${shownText(`${where}${issue?.message ?? 'invalid'}`, 200)}.`);
      return;
    }
    if (seen.has(parsed.data.command)) {
      warnings.push(`Dropped stored grant ${index}: a duplicate of "${shownText(parsed.data.command, 80)}".`);
      return;
    }
    if (grants.length >= MAX_STORED_GRANTS) {
      warnings.push(`Dropped stored grant ${index}: at most ${MAX_STORED_GRANTS} grants are kept per workspace.`);
      return;
    }
    seen.add(parsed.data.command);
    grants.push(parsed.data);
  });
  return grants;
}

function corrupt(why: string): StoreReading {
  return { state: 'corrupt', grants: [], warnings: [`The stored grants are unreadable (${why}); they are read as empty and will be replaced by the next change.`] };
}

/**
 * The value as the JSON the storage would persist, or undefined when it is not JSON data.
 * Round-tripping drops everything that is not plain data (inherited properties, class identity,
 * functions), so no schema below ever reads a value through a prototype; a `__proto__` key
 * survives as an ordinary own key, which the strict schemas then refuse.
 */
function asStoredJson(raw: unknown): unknown {
  try {
    const text = JSON.stringify(raw);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}
