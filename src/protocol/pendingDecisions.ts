import type { HumanAnswer, Escalation } from '../gate/person';
import { checkEditedAllowEntry, type EntryCheck } from './allowEntryCheck';
import { cardViewFor, type CardExtras } from './cardView';
import {
  attributableRequestId,
  CardViewSchema,
  LIMITS,
  parseWebviewMessage,
  type AckMessage,
  type CardAnswer,
  type CardView,
  type EditedAllowEntry,
  type SnapshotMessage,
} from './messages';

/**
 * The approval card's bookkeeping, without VS Code (so it is unit-tested under plain Node): the
 * queue of pending escalations, the validation of every incoming webview message, and the rule
 * that each card is decided exactly once. `src/vscode/approvalPanel.ts` wires it to a webview.
 *
 * What changes nothing (and is logged): a message that fails the protocol schema (wrong types,
 * extra keys, `__proto__`, oversized); a decision for a card that is not pending (unknown,
 * already decided, cancelled); an answer the card does not offer (a grant on a card without a
 * grant preview, anything but `run-anyway`/`reject` on the attack banner); an edited allow entry
 * the gate's own list matcher refuses.
 */

/**
 * The answer a pending escalation resolves with: the gate's `HumanAnswer`, where `allow-always`
 * may carry the entry written in the "Always allow…" editor (already checked by the gate's list
 * matcher). It is assignable to `HumanAnswer`, so the panel can be the pipeline's `Person`.
 */
export type PanelAnswer = Exclude<HumanAnswer, { kind: 'allow-always' }> | { kind: 'allow-always'; entry?: EditedAllowEntry };

/**
 * The answer on a sandbox-stop card (D§13; docs/decisions.md "A person can rerun what the sandbox
 * stopped"): rerun once with the card's additions, leave it (`reject`, with the reason typed, if
 * any), or `cancelled` (the call ended, the panel closed). Only a person's click on that card makes
 * `rerun-widened`; no timeout does.
 */
export type RerunAnswer = { kind: 'rerun-widened' } | { kind: 'reject'; reason?: string } | { kind: 'cancelled' };

/** What any card settles with, before it is handed to the caller that asked. */
type SettledAnswer = PanelAnswer | { kind: 'rerun-widened' };

/** What the panel host should send back after `receive`. */
export type Reply = { kind: 'snapshot' } | { kind: 'ack'; ack: AckMessage } | { kind: 'none' };

export interface PendingDecisionsOptions {
  /** One line per dropped or refused message, and per decision. Never receives raw message text. */
  log: (line: string) => void;
  /** Checks an edited allow entry before a decision carrying it is accepted. */
  checkEntry?: EntryCheck;
  /** New card ids (unguessable by default). */
  newId?: () => string;
}

interface Pending {
  view: CardView;
  escalation: Escalation;
  resolve: (answer: SettledAnswer) => void;
}

/** How many settled card ids are remembered, to tell "already decided" from "unknown" in the log. */
const SETTLED_MEMORY = 256;

export class PendingDecisions {
  /** Insertion order is queue order. */
  private readonly pending = new Map<string, Pending>();
  private readonly settled: string[] = [];
  private readonly listeners = new Set<() => void>();
  private seq = 0;
  private readonly log: (line: string) => void;
  private readonly checkEntry: EntryCheck;
  private readonly newId: () => string;

  constructor(options: PendingDecisionsOptions) {
    this.log = options.log;
    this.checkEntry = options.checkEntry ?? checkEditedAllowEntry;
    this.newId = options.newId ?? (() => `card-${globalThis.crypto.randomUUID()}`);
  }

  /** Number of pending cards. */
  get size(): number {
    return this.pending.size;
  }

  /** The pending cards in queue order. */
  cards(): CardView[] {
    return [...this.pending.values()].map((p) => p.view);
  }

  /**
   * Queues a card for `escalation`. The promise resolves exactly once: with the person's answer,
   * or `{kind: 'cancelled'}` when the card is cancelled. A card whose view fails the protocol
   * schema (a bug) is never shown and resolves `cancelled` at once: fail closed, never hang.
   */
  add(escalation: Escalation, extras: Omit<CardExtras, 'rerun'> = {}): { id: string; answer: Promise<PanelAnswer> } {
    const { id, answer } = this.queue(escalation, extras);
    // An escalation card never offers the rerun (CardViewSchema), so this cannot settle with it; if it did, nothing runs.
    return { id, answer: answer.then((settled): PanelAnswer => (settled.kind === 'rerun-widened' ? { kind: 'cancelled' } : settled)) };
  }

  /**
   * Queues a sandbox-stop card (`extras.rerun`): the command ran and the sandbox stopped it; the
   * card offers only a rerun with exactly `extras.rerun.adds`, or leaving it. Resolves once, like
   * {@link add}; a card that cannot be built resolves `cancelled` (no rerun).
   */
  addRerun(escalation: Escalation, extras: CardExtras & { rerun: NonNullable<CardExtras['rerun']> }): { id: string; answer: Promise<RerunAnswer> } {
    const { id, answer } = this.queue(escalation, extras);
    return {
      id,
      answer: answer.then((settled): RerunAnswer => {
        if (settled.kind === 'rerun-widened' || settled.kind === 'cancelled') return settled;
        if (settled.kind === 'reject') return settled.reason ? { kind: 'reject', reason: settled.reason } : { kind: 'reject' };
        // A sandbox-stop card offers nothing else (CardViewSchema): any other answer reruns nothing.
        return { kind: 'cancelled' };
      }),
    };
  }

  private queue(escalation: Escalation, extras: CardExtras): { id: string; answer: Promise<SettledAnswer> } {
    const id = this.newId();
    let view: CardView;
    try {
      const built = CardViewSchema.safeParse(cardViewFor(id, escalation, extras));
      if (!built.success) throw new Error(built.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      view = built.data;
    } catch (error) {
      this.log(`Card ${id} could not be built and its call is rejected: ${error instanceof Error ? error.message : String(error)}`);
      return { id, answer: Promise.resolve({ kind: 'cancelled' }) };
    }
    const answer = new Promise<SettledAnswer>((resolve) => {
      this.pending.set(id, { view, escalation, resolve });
    });
    this.changed();
    return { id, answer };
  }

  /** Resolves a pending card as `cancelled` and removes it. False when it was not pending. */
  cancel(id: string, why = 'the call was cancelled'): boolean {
    if (!this.settle(id, { kind: 'cancelled' })) return false;
    this.log(`Card ${id} closed: ${why}.`);
    this.changed();
    return true;
  }

  /** Cancels every pending card (the panel was closed, the extension is shutting down). */
  cancelAll(why: string): number {
    const ids = [...this.pending.keys()];
    for (const id of ids) this.settle(id, { kind: 'cancelled' });
    if (ids.length > 0) {
      this.log(`${ids.length} card(s) closed: ${why}.`);
      this.changed();
    }
    return ids.length;
  }

  /** The whole queue as the webview gets it. Every call takes the next `seq`. */
  snapshot(): SnapshotMessage {
    return { type: 'snapshot', seq: this.seq++, total: this.pending.size, cards: this.cards().slice(0, LIMITS.cardsPerSnapshot) };
  }

  /** Calls `listener` after every change of the queue. Returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Handles one message from the webview. Never throws. Returns what to send back: a snapshot
   * (after `ready`), an ack (after any decide that carries a well-formed request id), or nothing.
   */
  receive(raw: unknown): Reply {
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.log(`Dropped a webview message that failed validation: ${parsed.problem}`);
      const requestId = attributableRequestId(raw);
      return requestId ? refuse(requestId, 'The message was malformed and changed nothing.') : { kind: 'none' };
    }
    const message = parsed.message;
    if (message.type === 'ready') return { kind: 'snapshot' };

    const { requestId, cardId, answer } = message;
    const card = this.pending.get(cardId);
    if (!card) {
      const why = this.settled.includes(cardId) ? 'it was already decided or closed' : 'no such card is pending';
      this.log(`Refused a decision (${answer.kind}) for card ${cardId}: ${why}.`);
      return refuse(requestId, `This card is no longer waiting (${why}); nothing changed.`);
    }
    if (!card.view.offers.includes(answer.kind)) {
      this.log(`Refused a decision for card ${cardId}: the card does not offer ${answer.kind}.`);
      return refuse(requestId, 'This card does not offer that answer; nothing changed.');
    }
    if (answer.kind === 'allow-always' && answer.entry) {
      let problem: string | null;
      try {
        problem = this.checkEntry(answer.entry, card.escalation);
      } catch (error) {
        problem = `The entry could not be checked: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (problem !== null) {
        this.log(`Refused an edited allow entry for card ${cardId}: ${problem}`);
        return refuse(requestId, problem);
      }
    }
    this.settle(cardId, panelAnswer(answer));
    this.log(`Card ${cardId} decided: ${answer.kind}${answer.kind === 'allow-always' && answer.entry ? ` with a ${answer.entry.match} entry for ${answer.entry.scope} settings` : ''}.`);
    this.changed();
    return { kind: 'ack', ack: { type: 'ack', requestId, accepted: true, reason: 'Decision recorded.' } };
  }

  /** Removes a card and resolves its promise; false when it was not pending (so nothing resolves twice). */
  private settle(id: string, answer: SettledAnswer): boolean {
    const card = this.pending.get(id);
    if (!card) return false;
    this.pending.delete(id);
    this.settled.push(id);
    if (this.settled.length > SETTLED_MEMORY) this.settled.shift();
    card.resolve(answer);
    return true;
  }

  private changed(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (error) {
        this.log(`A card listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

function refuse(requestId: string, reason: string): Reply {
  return { kind: 'ack', ack: { type: 'ack', requestId, accepted: false, reason } };
}

/** The wire answer as the gate reads it: the typed confirmation and empty reasons dropped. */
function panelAnswer(answer: CardAnswer): SettledAnswer {
  switch (answer.kind) {
    case 'reject':
    case 'reject-session': {
      const reason = answer.reason?.trim();
      return reason ? { kind: answer.kind, reason } : { kind: answer.kind };
    }
    case 'run-anyway':
      return { kind: 'run-anyway' };
    case 'allow-always':
      return answer.entry ? { kind: 'allow-always', entry: { ...answer.entry } } : { kind: 'allow-always' };
    default:
      return { kind: answer.kind };
  }
}
