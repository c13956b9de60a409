import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { CaptureLog } from '../gate/capture/captureLog';
import type { Escalation, Person } from '../gate/person';
import type { EntryCheck } from '../protocol/allowEntryCheck';
import type { CardExtras } from '../protocol/cardView';
import type { HostMessage } from '../protocol/messages';
import { PendingDecisions, type PanelAnswer, type RerunAnswer } from '../protocol/pendingDecisions';
import { cardPageHtml } from './cardPage';

/**
 * The approval card's host (D§10): one webview panel, revealed beside the editor, that shows
 * every pending escalation. It is the pipeline's `Person`: `await panel.ask(escalation)`.
 *
 * The queue, the message validation and the decide-once rule live in `PendingDecisions`
 * (vscode-free, unit-tested); this class only wires it to VS Code:
 * - the page is `cardPageHtml` with a fresh nonce per load: strict CSP, no inline script,
 *   the script only from this extension's `dist/`, the stylesheet only from its `media/`;
 * - every message from the webview goes through `PendingDecisions.receive` (zod, strict,
 *   bounded); what fails is dropped and logged; each decide gets an ack;
 * - the webview gets whole snapshots: after its `ready`, and after every change of the queue;
 * - closing the panel cancels every pending card (each call is rejected): a person who closes
 *   the card has not approved anything;
 * - a call whose `AbortSignal` fires, or that `cancel(cardId)` names, leaves the queue and
 *   resolves `{kind: 'cancelled'}`.
 */

export interface ApprovalPanelOptions {
  /** The extension's root; the webview loads `dist/webview.js` and `media/card.css` from it. */
  extensionUri: vscode.Uri;
  /** One line per dropped message, refusal, decision and cancellation (the LogOutputChannel). */
  log: (line: string) => void;
  /** Recent commands for the "Always allow…" preview, most recent last. */
  recentCommands?: () => readonly string[];
  /** Overrides the check of an edited allow entry (default: the gate's list parser and matcher). */
  checkEntry?: EntryCheck;
}

export class ApprovalPanel implements Person, vscode.Disposable {
  static readonly viewType = 'approvalsGate.approvalCard';

  private panel: vscode.WebviewPanel | undefined;
  /** The webview said `ready` since it last loaded: snapshots can reach it. */
  private webviewReady = false;
  private disposed = false;
  private readonly pending: PendingDecisions;

  constructor(private readonly options: ApprovalPanelOptions) {
    this.pending = new PendingDecisions({ log: options.log, ...(options.checkEntry ? { checkEntry: options.checkEntry } : {}) });
    this.pending.onChange(() => this.queueChanged());
  }

  /**
   * Shows a card for `escalation` and waits for the person. Resolves exactly once: with the
   * answer, or `{kind: 'cancelled'}` when `signal` aborts, `cancel` names the card, the panel
   * is closed or the host is disposed. Never rejects.
   */
  ask(escalation: Escalation, signal?: AbortSignal, extras: Omit<CardExtras, 'rerun'> = {}): Promise<PanelAnswer> {
    if (this.disposed || signal?.aborted) return Promise.resolve({ kind: 'cancelled' });
    return this.shown(() => this.pending.add(escalation, { recentCommands: this.options.recentCommands?.() ?? [], ...extras }), signal);
  }

  /**
   * Shows a sandbox-stop card (D§13; docs/decisions.md "A person can rerun what the sandbox
   * stopped") and waits for the person: `rerun-widened` only from their click on that card, never
   * from a timeout (there is none) or from anything an agent sends. Resolves once, like `ask`.
   */
  askRerun(escalation: Escalation, signal: AbortSignal | undefined, extras: CardExtras & { rerun: NonNullable<CardExtras['rerun']> }): Promise<RerunAnswer> {
    if (this.disposed || signal?.aborted) return Promise.resolve({ kind: 'cancelled' });
    return this.shown(() => this.pending.addRerun(escalation, extras), signal);
  }

  /** Queues a card, ties it to `signal`, reveals the panel. */
  private shown<T>(add: () => { id: string; answer: Promise<T> }, signal?: AbortSignal): Promise<T> {
    const wasEmpty = this.pending.size === 0;
    const { id, answer } = add();
    if (signal) {
      const onAbort = () => this.pending.cancel(id, 'the call was cancelled');
      signal.addEventListener('abort', onAbort, { once: true });
      void answer.then(() => signal.removeEventListener('abort', onAbort));
    }
    if (this.pending.size > 0) this.reveal(!wasEmpty);
    return answer;
  }

  /** Closes a pending card; its call resolves `cancelled`. False when it was not pending. */
  cancel(cardId: string): boolean {
    return this.pending.cancel(cardId);
  }

  /** Calls `listener` after every change of the queue: a card added, decided, withdrawn or cancelled. */
  onDidChangePending(listener: () => void): vscode.Disposable {
    return new vscode.Disposable(this.pending.onChange(listener));
  }

  /** Ids of the pending cards, in queue order. */
  pendingIds(): string[] {
    return this.pending.cards().map((card) => card.id);
  }

  /** "Approvals Gate: Show pending approvals": brings the panel forward (an empty queue shows as such). */
  show(): void {
    if (!this.disposed) this.reveal(false);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pending.cancelAll('the extension is shutting down');
    this.panel?.dispose();
    this.panel = undefined;
  }

  /**
   * Takes over a panel VS Code restored after a window reload (the tab was open when the window
   * went away). It gets a fresh page and the queue as it is now — empty, since the calls that were
   * waiting ended with the old extension host. Keeping the tab means its webview is set up while the
   * window loads rather than when the next card is due: in code-server a new webview after a reload
   * is held about a second (docs/approval-card.md). A second restored panel is closed.
   */
  adopt(panel: vscode.WebviewPanel): void {
    if (this.disposed || this.panel) {
      panel.dispose();
      return;
    }
    panel.webview.options = this.webviewOptions();
    this.attach(panel);
  }

  /** Creates the panel beside the editor, or brings it forward. A first card takes focus (Reject). */
  private reveal(preserveFocus: boolean): void {
    if (this.panel) {
      // A first card takes the focus even when the (empty) panel is already on screen.
      if (!this.panel.visible || !preserveFocus) this.panel.reveal(undefined, preserveFocus);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      ApprovalPanel.viewType,
      this.title(),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus },
      { ...this.webviewOptions(), retainContextWhenHidden: false },
    );
    this.attach(panel);
  }

  /** The locked-down webview: files from `dist/` and `media/` only, no forms, no command links. */
  private webviewOptions(): vscode.WebviewOptions {
    return { enableScripts: true, enableForms: false, enableCommandUris: false, localResourceRoots: [this.folder('dist'), this.folder('media')] };
  }

  private folder(name: 'dist' | 'media'): vscode.Uri {
    return vscode.Uri.joinPath(this.options.extensionUri, name);
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    panel.title = this.title();
    this.webviewReady = false;
    panel.onDidDispose(() => {
      if (this.panel !== panel) return;
      this.panel = undefined;
      this.webviewReady = false;
      this.pending.cancelAll('the approval panel was closed');
    });
    // Without retained context a hidden webview is torn down; it says `ready` again when shown.
    panel.onDidChangeViewState(() => {
      if (!panel.visible) this.webviewReady = false;
    });
    panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw));
    panel.webview.html = cardPageHtml({
      cspSource: panel.webview.cspSource,
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.folder('dist'), 'webview.js')).toString(),
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.folder('media'), 'card.css')).toString(),
      nonce: randomBytes(18).toString('base64'),
    });
  }

  private receive(raw: unknown): void {
    const reply = this.pending.receive(raw);
    if (reply.kind === 'snapshot') {
      this.webviewReady = true;
      this.post(this.pending.snapshot());
    } else if (reply.kind === 'ack') {
      this.post(reply.ack);
    }
  }

  private queueChanged(): void {
    if (!this.panel) return;
    this.panel.title = this.title();
    if (this.webviewReady) this.post(this.pending.snapshot());
  }

  private title(): string {
    const waiting = this.pending.size;
    return waiting === 0 ? 'Approvals Gate' : `Approvals Gate (${waiting} waiting)`;
  }

  private post(message: HostMessage): void {
    const panel = this.panel;
    if (!panel) return;
    panel.webview.postMessage(message).then(
      (delivered) => {
        if (!delivered) this.options.log(`A ${message.type} message did not reach the approval card (the webview is not listening).`);
      },
      (error: unknown) => this.options.log(`Posting a ${message.type} message to the approval card failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

/** The card, logging to the extension's log; its "Always allow…" preview runs over the commands captured so far. */
export function createApprovalPanel(extensionUri: vscode.Uri, capture: CaptureLog, log: vscode.LogOutputChannel): ApprovalPanel {
  return new ApprovalPanel({
    extensionUri,
    log: (line) => log.info(`card: ${line}`),
    recentCommands: () => capture.records().map((r) => r.command),
  });
}

/** The card's tab survives a window reload like any editor (see `ApprovalPanel.adopt`). */
export function registerApprovalPanelSerializer(panel: ApprovalPanel): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(ApprovalPanel.viewType, {
    deserializeWebviewPanel: async (restored) => panel.adopt(restored),
  });
}
