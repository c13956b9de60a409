import { randomUUID } from 'node:crypto';
import { NegotiationSession } from '../gate/negotiation';

/**
 * The `@gate` chat sessions this window remembers: each has its own negotiation (D§9: one per
 * agent session, never shared between chats) and the full transcripts of its recent turns.
 *
 * How a request finds its session: VS Code hands a participant its history but no session id,
 * and rebuilds the history objects for every request (so they cannot key a map). Each response
 * therefore carries `{sessionId, turn}` in its `ChatResult.metadata`, which VS Code keeps with the
 * response and hands back in later requests' history. A request whose history has no such
 * response starts a new session. After a window reload the id is found again but the in-memory
 * state is gone: the session restarts its negotiation and rebuilds the conversation from the
 * visible text (`chatHistory.ts`).
 */

/** What a `@gate` response keeps in `ChatResult.metadata` (plain JSON). */
export interface GateChatMetadata {
  sessionId: string;
  /** The turn within the session (1-based); absent for `/rung` and `/explain`. */
  turn?: number;
  /** Why the agent's turn ended. */
  stoppedBy?: string;
  /** Commands the gate or the person turned down in this turn, for the follow-ups (at most a few). */
  refused?: string[];
}

export interface ChatSession {
  readonly id: string;
  readonly negotiation: NegotiationSession;
  /** Transcripts of recent turns, by turn number, as the agent loop returned them. */
  readonly turns: Map<number, readonly unknown[]>;
  nextTurn: number;
}

/** Sessions kept in memory; the least recently used is forgotten first. */
export const MAX_SESSIONS = 32;
/** Turn transcripts kept per session (older turns come back as text). */
export const MAX_TURNS_KEPT = 8;

export class ChatSessions {
  private readonly sessions = new Map<string, ChatSession>();

  constructor(private readonly maxSessions = MAX_SESSIONS) {}

  /** The session a request belongs to, from the metadata of its history's responses (latest first). */
  forHistory(metadata: ReadonlyArray<unknown>): ChatSession {
    let id: string | undefined;
    for (let i = metadata.length - 1; i >= 0 && !id; i--) id = sessionIdOf(metadata[i]);
    const session = this.get(id ?? randomUUID());
    // After a reload the turns already in the history keep their numbers; new ones come after them.
    for (const entry of metadata) {
      const turn = sessionIdOf(entry) === session.id ? turnOf(entry) : undefined;
      if (turn !== undefined && turn >= session.nextTurn) session.nextTurn = turn + 1;
    }
    return session;
  }

  /** Keeps a finished turn's transcript and drops the oldest beyond {@link MAX_TURNS_KEPT}. */
  keepTurn(session: ChatSession, turn: number, messages: readonly unknown[]): void {
    session.turns.set(turn, messages);
    for (const old of [...session.turns.keys()].sort((a, b) => a - b).slice(0, Math.max(0, session.turns.size - MAX_TURNS_KEPT))) {
      session.turns.delete(old);
    }
  }

  get size(): number {
    return this.sessions.size;
  }

  private get(id: string): ChatSession {
    let session = this.sessions.get(id);
    if (session) {
      this.sessions.delete(id); // re-inserted below: most recently used last
    } else {
      session = { id, negotiation: new NegotiationSession(), turns: new Map(), nextTurn: 1 };
    }
    this.sessions.set(id, session);
    while (this.sessions.size > this.maxSessions) this.sessions.delete(this.sessions.keys().next().value!);
    return session;
  }
}

/** The session id in one response's metadata, if it is one of ours. */
export function sessionIdOf(metadata: unknown): string | undefined {
  const id = (metadata as { sessionId?: unknown } | null | undefined)?.sessionId;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
}

/** The turn number in one response's metadata, if any. */
export function turnOf(metadata: unknown): number | undefined {
  const turn = (metadata as { turn?: unknown } | null | undefined)?.turn;
  return typeof turn === 'number' && Number.isInteger(turn) && turn > 0 ? turn : undefined;
}
