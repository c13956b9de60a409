/**
 * The person's grants (D§11), as the pipeline consumes them (`policy.grants`, `policy.denyGrants`).
 *
 * - `session` ("Allow in this session") and `deny-session` ("Reject for this session") live in
 *   memory for the window and vanish with it.
 * - `always` ("Always allow in this workspace") is persisted in the extension's own per-workspace
 *   storage (`ExtensionContext.workspaceState`), never in a file inside the workspace, where an
 *   agent could write it. The stored shape and how it is read back are in storedGrants.ts.
 *
 * Every grant is the exact command text the pipeline passed (the original command, what runs),
 * turned into an exact list entry by `grantEntry`: it covers that command again and nothing
 * broader. Nothing here throws at the caller: a write that fails is logged, and the grant then
 * lasts for the session only — the person is told, and nothing is wider than they chose.
 *
 * Changes take effect in memory at once (the next call already sees them); writes are queued so
 * two quick answers cannot overwrite each other, and each write stores the latest state.
 */
import { grantEntry, type ListEntry } from '../lists/listEntry';
import { shownText } from '../settings/shownText';
import {
  GRANT_STORE_KEY,
  MAX_STORED_GRANTS,
  readStoredGrants,
  storedGrantProblem,
  storedGrantsValue,
  type StoreReading,
  type StoredGrant,
} from './storedGrants';

/** What `ExtensionContext.workspaceState` offers (a `vscode.Memento`). */
export interface GrantStorage {
  get(key: string): unknown;
  update(key: string, value: unknown): Promise<void>;
}

/** Where warnings go: a `LogOutputChannel` fits as is. */
export interface GrantLogger {
  warn(message: string): void;
  info?(message: string): void;
}

export type GrantScope = 'session' | 'always' | 'deny-session';

/** One grant as the list/revoke quick pick shows it. `command` is untrusted text: show it escaped. */
export interface Grant extends StoredGrant {
  scope: GrantScope;
}

export type GrantAddResult =
  /** `scope` is what was granted: `session` when an `always` grant could not be stored (see `note`). */
  | { ok: true; scope: GrantScope; persisted: boolean; note?: string }
  | { ok: false; reason: string };

/** The state of the persisted store, for the log and the debug dump. */
export type StoredState = StoreReading['state'];

export interface GrantStoreOptions {
  storage: GrantStorage;
  logger: GrantLogger;
  /** The clock, for `createdAt`; tests pass a fixed one. */
  now?: () => Date;
  /** The storage key; {@link GRANT_STORE_KEY} by default. */
  key?: string;
}

/** The default `source` of a grant made on the approval card. */
export const CARD_SOURCE = 'approval card';

/** How each scope's entries name themselves in decision records ("your grant … (session grant)"). */
const ENTRY_SOURCES: Readonly<Record<GrantScope, string>> = {
  session: 'session grant',
  always: 'always grant for this workspace',
  'deny-session': 'rejected for this session',
};

export class GrantStore {
  private readonly storage: GrantStorage;
  private readonly logger: GrantLogger;
  private readonly now: () => Date;
  private readonly key: string;
  private readonly grants: Record<GrantScope, Map<string, { grant: StoredGrant; entry: ListEntry }>> = {
    session: new Map(),
    always: new Map(),
    'deny-session': new Map(),
  };
  private state: StoredState;
  /** The tail of the write queue; every write runs after the previous one settles. */
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(options: GrantStoreOptions, reading: StoreReading) {
    this.storage = options.storage;
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
    this.key = options.key ?? GRANT_STORE_KEY;
    this.state = reading.state;
    for (const grant of reading.grants) this.put('always', grant);
  }

  /**
   * Reads the stored `always` grants (validated, migrated, or empty with a warning) and returns
   * the store. Never rejects. A migrated store is written back as the current version at once.
   */
  static async open(options: GrantStoreOptions): Promise<GrantStore> {
    const now = options.now ?? (() => new Date());
    let raw: unknown;
    let reading: StoreReading;
    try {
      raw = options.storage.get(options.key ?? GRANT_STORE_KEY);
      reading = readStoredGrants(raw, now);
    } catch (error) {
      reading = { state: 'corrupt', grants: [], warnings: [`The stored grants could not be read (${describeError(error)}); they are read as empty.`] };
    }
    for (const warning of reading.warnings) options.logger.warn(warning);
    const store = new GrantStore(options, reading);
    if (reading.state === 'migrated') await store.persist();
    return store;
  }

  /** The state of the persisted store as it was read (or `current` once written). */
  get storedState(): StoredState {
    return this.state;
  }

  /** The entries for the pipeline: `policy.grants` (session and always) and `policy.denyGrants`. */
  policyEntries(): { grants: ListEntry[]; denyGrants: ListEntry[] } {
    const entries = (scope: GrantScope) => [...this.grants[scope].values()].map((value) => value.entry);
    return { grants: [...entries('session'), ...entries('always')], denyGrants: entries('deny-session') };
  }

  /** Every grant, always first, each scope in the order granted. */
  list(): Grant[] {
    const order: GrantScope[] = ['always', 'session', 'deny-session'];
    return order.flatMap((scope) => [...this.grants[scope].values()].map(({ grant }) => ({ scope, ...grant })));
  }

  /**
   * Grants `command` exactly. `always` is persisted; when it cannot be (a newer version's store
   * is present, the store is full, the write fails) the grant holds for this session only and
   * the result says why. Granting what is already granted changes nothing.
   */
  async add(scope: GrantScope, command: string, source: string = CARD_SOURCE): Promise<GrantAddResult> {
    const grant: StoredGrant = { command, createdAt: this.now().toISOString(), source };
    const problem = storedGrantProblem(grant);
    if (problem) {
      this.logger.warn(`A grant was not stored: ${problem}.`);
      return { ok: false, reason: problem };
    }
    if (scope !== 'always') {
      this.put(scope, grant);
      return { ok: true, scope, persisted: false };
    }
    if (this.grants.always.has(command)) return { ok: true, scope, persisted: true };
    const sessionOnly = (note: string): GrantAddResult => {
      this.logger.warn(`${note} (${shownText(command, 80)})`);
      this.put('session', grant);
      return { ok: true, scope: 'session', persisted: false, note };
    };
    if (this.state === 'future') {
      return sessionOnly('The stored grants belong to a newer version of the extension; this grant lasts for this session only. Clear the stored grants to store new ones.');
    }
    if (this.grants.always.size >= MAX_STORED_GRANTS) {
      return sessionOnly(`This workspace already has ${MAX_STORED_GRANTS} stored grants; this one lasts for this session only. Revoke some to store new ones.`);
    }
    this.put('always', grant);
    if (await this.persist()) return { ok: true, scope, persisted: true };
    this.grants.always.delete(command);
    return sessionOnly('The grant could not be saved; it lasts for this session only.');
  }

  /**
   * Removes one grant. It stops applying at once; for `always` the store is rewritten (if that
   * fails the grant stays revoked in this window and the warning says it may return on reload).
   */
  async revoke(scope: GrantScope, command: string): Promise<boolean> {
    if (!this.grants[scope].delete(command)) return false;
    if (scope === 'always' && !(await this.persist())) {
      this.logger.warn(`The revoked grant (${shownText(command, 80)}) could not be removed from storage; it may return after a reload.`);
    }
    return true;
  }

  /** Forgets every `session` and `deny-session` grant. */
  clearSession(): void {
    this.grants.session.clear();
    this.grants['deny-session'].clear();
  }

  /**
   * Forgets every `always` grant and writes an empty current-version store — the one write that
   * may replace a newer version's store, because the user asked for it.
   */
  async clearAlways(): Promise<boolean> {
    this.grants.always.clear();
    return this.persist({ overwriteFuture: true });
  }

  // ── Internals ──────────────────────────────────────────────────────────────────────────────

  private put(scope: GrantScope, grant: StoredGrant): void {
    if (this.grants[scope].has(grant.command)) return;
    this.grants[scope].set(grant.command, { grant, entry: grantEntry(grant.command, ENTRY_SOURCES[scope]) });
  }

  /**
   * Queues a write of the current `always` grants; resolves whether it was written. The store
   * is read again first, so a newer version's store written meanwhile is not overwritten.
   */
  private persist(options: { overwriteFuture?: boolean } = {}): Promise<boolean> {
    const write = this.writes.then(async () => {
      try {
        if (!options.overwriteFuture) {
          const current = readStoredGrants(this.storage.get(this.key), this.now);
          if (current.state === 'future') {
            this.state = 'future';
            this.logger.warn('The stored grants now belong to a newer version of the extension; they were not overwritten.');
            return false;
          }
        }
        const grants = [...this.grants.always.values()].map(({ grant }) => grant);
        await this.storage.update(this.key, storedGrantsValue(grants));
        this.state = 'current';
        return true;
      } catch (error) {
        this.logger.warn(`The grants could not be saved: ${describeError(error)}.`);
        return false;
      }
    });
    this.writes = write;
    return write;
  }
}

function describeError(error: unknown): string {
  return shownText(error instanceof Error ? error.message : String(error), 200);
}
