import { parseHostMessage, PROTOCOL_VERSION, type AckMessage, type CardAnswer, type SnapshotMessage, type WebviewMessage } from '../src/protocol/messages';
import { oneLinePreview } from './commandFrame';
import { OUTCOME_WORDS } from './cardWords';
import { renderCard, type CardHandle } from './cardElement';
import { el, append } from './dom';

/**
 * The card webview's state: the latest snapshot, which card is in front, and the decisions on
 * their way. Messages from the extension are validated with the protocol's schemas before
 * anything changes; an invalid one is dropped.
 *
 * Cards are immutable per id, so a new snapshot never rebuilds a card that is still pending
 * (what the person typed and where the focus is survive it); it only adds, removes and
 * reorders. When the card in front changes, focus moves to its Reject button.
 */
/** The User Timing mark name of `markCardShown`. */
export const CARD_SHOWN_MARK = 'approvals-gate:card-shown';

export class CardApp {
  private lastSeq = -1;
  private order: string[] = [];
  private total = 0;
  private current: string | null = null;
  private readonly handles = new Map<string, CardHandle>();
  private readonly summaries = new Map<string, string>();
  /** Request id → card id of each decision not yet acknowledged. */
  private readonly inFlight = new Map<string, string>();
  private requestCounter = 0;
  private readonly count: HTMLElement;
  private readonly queue: HTMLElement;
  private readonly stage: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly post: (message: WebviewMessage) => void,
    private readonly warn: (line: string) => void = () => {},
  ) {
    this.count = el('p', { class: 'queue-count', 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.queue = el('ol', { class: 'queue-list' });
    this.stage = el('main', { class: 'stage' });
    root.replaceChildren(
      el('header', { class: 'queue' }, this.count, el('nav', { 'aria-label': 'Pending commands' }, this.queue)),
      this.stage,
    );
    root.ownerDocument.addEventListener('keydown', (event) => this.onKey(event));
    this.render();
  }

  /** The handshake: ask the extension for a snapshot. */
  start(): void {
    this.post({ type: 'ready', protocol: PROTOCOL_VERSION });
  }

  /** One message from the extension (anything `window.postMessage` delivered). */
  receive(raw: unknown): void {
    const parsed = parseHostMessage(raw);
    if (!parsed.ok) {
      this.warn(`Approvals Gate card: dropped a message that failed validation: ${parsed.problem}`);
      return;
    }
    if (parsed.message.type === 'snapshot') this.applySnapshot(parsed.message);
    else this.applyAck(parsed.message);
  }

  private applySnapshot(snapshot: SnapshotMessage): void {
    if (snapshot.seq <= this.lastSeq) return;
    this.lastSeq = snapshot.seq;
    const ids = new Set(snapshot.cards.map((c) => c.id));
    for (const id of [...this.handles.keys()]) {
      if (!ids.has(id)) {
        this.handles.get(id)!.root.remove();
        this.handles.delete(id);
        this.summaries.delete(id);
      }
    }
    for (const [requestId, cardId] of this.inFlight) if (!ids.has(cardId)) this.inFlight.delete(requestId);
    for (const view of snapshot.cards) {
      if (this.handles.has(view.id)) continue;
      this.handles.set(view.id, renderCard(view, (answer) => this.decide(view.id, answer)));
      this.summaries.set(view.id, `${oneLinePreview(view.command)} (${OUTCOME_WORDS[view.outcome ?? 'unrated'].word}${view.attack ? ', attack warning' : ''})`);
    }
    this.order = snapshot.cards.map((c) => c.id);
    this.total = snapshot.total;
    const previous = this.current;
    if (this.current === null || !ids.has(this.current)) this.current = this.order[0] ?? null;
    this.render();
    if (this.current !== previous && this.current !== null) {
      this.handles.get(this.current)?.focusDefault();
      markCardShown(this.root.ownerDocument, this.current);
    }
  }

  private applyAck(ack: AckMessage): void {
    const cardId = this.inFlight.get(ack.requestId);
    if (cardId === undefined) return;
    this.inFlight.delete(ack.requestId);
    const handle = this.handles.get(cardId);
    if (!handle) return;
    if (ack.accepted) {
      handle.showStatus('Decision sent.', false);
      return;
    }
    handle.setBusy(false);
    handle.showStatus(ack.reason, true);
    if (cardId === this.current) handle.focusDefault();
  }

  private decide(cardId: string, answer: CardAnswer): void {
    const handle = this.handles.get(cardId);
    if (!handle || [...this.inFlight.values()].includes(cardId)) return;
    const requestId = `req-${++this.requestCounter}-${Math.random().toString(36).slice(2, 10)}`;
    this.inFlight.set(requestId, cardId);
    handle.setBusy(true);
    handle.showStatus('Sending your decision…', false);
    this.post({ type: 'decide', requestId, cardId, answer });
  }

  /** Escape rejects the card in front (D§10), with whatever reason was typed. */
  private onKey(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || this.current === null) return;
    const handle = this.handles.get(this.current);
    if (!handle) return;
    event.preventDefault();
    this.decide(this.current, handle.rejectAnswer());
  }

  private select(cardId: string): void {
    if (!this.handles.has(cardId)) return;
    this.current = cardId;
    this.render();
    this.handles.get(cardId)?.focusDefault();
  }

  private render(): void {
    const position = this.current === null ? 0 : this.order.indexOf(this.current) + 1;
    if (this.total === 0) {
      this.count.textContent = 'No commands are waiting for your decision.';
    } else {
      const listed = this.total > this.order.length ? ` (the first ${this.order.length} are listed)` : '';
      this.count.textContent = `Command ${position} of ${this.total} waiting for your decision${listed}`;
    }
    this.queue.replaceChildren();
    if (this.order.length > 1) {
      this.order.forEach((id, index) => {
        const item = el(
          'button',
          { type: 'button', class: 'queue-item', 'aria-current': id === this.current ? 'true' : undefined },
          `${index + 1}. ${this.summaries.get(id) ?? ''}`,
        );
        item.addEventListener('click', () => this.select(id));
        append(this.queue, el('li', {}, item));
      });
    }
    const shown = this.current === null ? undefined : this.handles.get(this.current);
    if (shown && this.stage.firstChild !== shown.root) this.stage.replaceChildren(shown.root);
    if (!shown) this.stage.replaceChildren();
  }
}

/**
 * A User Timing mark once the frame that draws a newly shown card has been painted: DevTools'
 * performance panel shows it, and `npm run bench` reads it to time "escalation → card visible"
 * without depending on how often a test driver polls. Detail: the card id. No-op without the API.
 */
function markCardShown(document: Document, cardId: string): void {
  const view = document.defaultView;
  if (!view || typeof view.requestAnimationFrame !== 'function' || typeof view.performance?.mark !== 'function') return;
  // The callback runs before the next paint; the timeout after it runs once that paint is done.
  view.requestAnimationFrame(() => view.setTimeout(() => view.performance.mark(CARD_SHOWN_MARK, { detail: { cardId } }), 0));
}
