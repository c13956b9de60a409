/**
 * The panel host's wiring, under plain Node with a minimal stand-in for the `vscode` module:
 * the page it serves, the ready → snapshot handshake, acks, abort signals, cancel, closing the
 * panel. (The queue and validation rules themselves are in
 * test/unit/protocol/pendingDecisions.test.ts; the real VS Code run is the e2e suite's.)
 */
import { strict as assert } from 'node:assert';
import Module from 'node:module';
import type { Escalation } from '../../../src/gate/person';
import { readCommand } from '../../../src/gate/reading/reading';
import type { HostMessage, SnapshotMessage } from '../../../src/protocol/messages';
import type { ApprovalPanel as ApprovalPanelType } from '../../../src/vscode/approvalPanel';

type Listener<T> = (value: T) => void;

class FakePanel {
  visible = true;
  title = '';
  disposed = false;
  revealed = 0;
  readonly posted: HostMessage[] = [];
  private readonly receivers: Array<Listener<unknown>> = [];
  private readonly disposers: Array<Listener<void>> = [];
  readonly webview = {
    html: '',
    options: {} as Record<string, unknown>,
    cspSource: 'https://fake.vscode-cdn.net',
    asWebviewUri: (uri: { path: string }) => ({ toString: () => `https://fake.vscode-cdn.net${uri.path}` }),
    postMessage: (message: HostMessage) => {
      this.posted.push(structuredClone(message));
      return Promise.resolve(true);
    },
    onDidReceiveMessage: (listener: Listener<unknown>) => {
      this.receivers.push(listener);
      return { dispose() {} };
    },
  };
  constructor(readonly viewType: string, readonly options: Record<string, unknown>) {}
  onDidDispose(listener: Listener<void>) {
    this.disposers.push(listener);
    return { dispose() {} };
  }
  onDidChangeViewState() {
    return { dispose() {} };
  }
  reveal() {
    this.revealed++;
  }
  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    for (const listener of this.disposers) listener();
  }
  /** What the webview would post. */
  fromWebview(message: unknown) {
    for (const listener of this.receivers) listener(message);
  }
  snapshots(): SnapshotMessage[] {
    return this.posted.filter((m): m is SnapshotMessage => m.type === 'snapshot');
  }
}

const panels: FakePanel[] = [];
const fakeVscode = {
  ViewColumn: { Beside: -2 },
  Uri: { joinPath: (base: { path: string }, ...parts: string[]) => ({ path: [base.path, ...parts].join('/') }) },
  window: {
    createWebviewPanel: (viewType: string, title: string, _show: unknown, options: Record<string, unknown>) => {
      const panel = new FakePanel(viewType, options);
      panel.title = title;
      panels.push(panel);
      return panel;
    },
  },
};

function escalation(command: string, extra: Partial<Escalation> = {}): Escalation {
  const reading = readCommand(command, { home: '/home/gate', shell: 'bash' });
  return { reading, stage: 'rater', reason: 'destructive', outcome: 'destructive', grantPreview: reading.normalised, ...extra };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('approval panel host (vscode stand-in)', () => {
  let ApprovalPanel: typeof ApprovalPanelType;
  const moduleInternals = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const originalResolve = moduleInternals._resolveFilename;
  const FAKE_PATH = '/virtual/vscode-stand-in.js';

  before(async () => {
    moduleInternals._resolveFilename = function (request: string, ...rest: unknown[]) {
      return request === 'vscode' ? FAKE_PATH : originalResolve.call(this, request, ...rest);
    };
    const fake = new Module(FAKE_PATH);
    fake.exports = fakeVscode;
    fake.loaded = true;
    require.cache[FAKE_PATH] = fake;
    ({ ApprovalPanel } = await import('../../../src/vscode/approvalPanel'));
  });

  after(() => {
    moduleInternals._resolveFilename = originalResolve;
    delete require.cache[FAKE_PATH];
  });

  let logs: string[];
  let host: ApprovalPanelType;
  beforeEach(() => {
    panels.length = 0;
    logs = [];
    host = new ApprovalPanel({ extensionUri: { path: '/ext' } as never, log: (line) => logs.push(line), recentCommands: () => ['npm test'] });
  });
  afterEach(() => host.dispose());

  it('opens one locked-down panel with the strict page, and answers ready with a snapshot', async () => {
    const answer = host.ask(escalation('rm -rf build'));
    assert.equal(panels.length, 1);
    const panel = panels[0]!;
    assert.deepEqual(panel.options.localResourceRoots, [{ path: '/ext/dist' }, { path: '/ext/media' }]);
    assert.equal(panel.options.enableScripts, true);
    assert.equal(panel.options.enableCommandUris, false);
    assert.match(panel.webview.html, /default-src 'none'; script-src 'nonce-[A-Za-z0-9+/=]{24}'/);
    assert.match(panel.webview.html, /src="https:\/\/fake\.vscode-cdn\.net\/ext\/dist\/webview\.js"/);
    assert.match(panel.webview.html, /<link rel="stylesheet" nonce="[^"]+" href="https:\/\/fake\.vscode-cdn\.net\/ext\/media\/card\.css">/);
    assert.equal(panel.title, 'Approvals Gate (1 waiting)');
    assert.equal(panel.posted.length, 0, 'nothing is posted before the webview is ready');
    panel.fromWebview({ type: 'ready', protocol: 1 });
    await tick();
    const [snapshot] = panel.snapshots();
    assert.equal(snapshot!.cards.length, 1);
    assert.deepEqual(snapshot!.cards[0]!.recentCommands, ['npm test']);
    const cardId = snapshot!.cards[0]!.id;
    panel.fromWebview({ type: 'decide', requestId: 'req-1', cardId, answer: { kind: 'run-once' } });
    assert.deepEqual(await answer, { kind: 'run-once' });
    await tick();
    assert.deepEqual(panel.posted.slice(-2).map((m) => m.type), ['snapshot', 'ack']);
    assert.deepEqual(panel.snapshots().at(-1)!.cards, []);
    assert.deepEqual(panel.posted.at(-1), { type: 'ack', requestId: 'req-1', accepted: true, reason: 'Decision recorded.' });
  });

  it('a forged message is dropped, logged and acked as refused; the call still waits', async () => {
    const answer = host.ask(escalation('rm -rf build'));
    const panel = panels[0]!;
    panel.fromWebview({ type: 'ready', protocol: 1 });
    const cardId = host.pendingIds()[0]!;
    panel.fromWebview({ type: 'decide', requestId: 'req-9', cardId, answer: { kind: 'run-anyway', typed: 'run anyway' } });
    await tick();
    assert.deepEqual(panel.posted.at(-1), { type: 'ack', requestId: 'req-9', accepted: false, reason: 'This card does not offer that answer; nothing changed.' });
    assert.equal(host.pendingIds().length, 1);
    assert.match(logs.join('\n'), /does not offer run-anyway/);
    host.cancel(cardId);
    assert.deepEqual(await answer, { kind: 'cancelled' });
  });

  it('an aborted signal removes the card and resolves cancelled; an already-aborted one never shows a card', async () => {
    const controller = new AbortController();
    const answer = host.ask(escalation('rm -rf build'), controller.signal);
    const panel = panels[0]!;
    panel.fromWebview({ type: 'ready', protocol: 1 });
    controller.abort();
    assert.deepEqual(await answer, { kind: 'cancelled' });
    await tick();
    assert.deepEqual(panel.snapshots().at(-1)!.cards, []);
    assert.equal(panel.title, 'Approvals Gate');
    const aborted = new AbortController();
    aborted.abort();
    assert.deepEqual(await host.ask(escalation('ls'), aborted.signal), { kind: 'cancelled' });
    assert.equal(host.pendingIds().length, 0);
  });

  it('closing the panel rejects every pending call; the next ask opens a new panel', async () => {
    const a = host.ask(escalation('rm -rf a'));
    const b = host.ask(escalation('rm -rf b'));
    assert.equal(panels.length, 1, 'one panel for the whole queue');
    panels[0]!.dispose();
    assert.deepEqual(await Promise.all([a, b]), [{ kind: 'cancelled' }, { kind: 'cancelled' }]);
    assert.match(logs.join('\n'), /approval panel was closed/);
    void host.ask(escalation('rm -rf c'));
    assert.equal(panels.length, 2);
  });

  it('dispose rejects pending calls and refuses new ones', async () => {
    const a = host.ask(escalation('rm -rf a'));
    host.dispose();
    assert.deepEqual(await a, { kind: 'cancelled' });
    assert.deepEqual(await host.ask(escalation('rm -rf b')), { kind: 'cancelled' });
  });

  it('adopts a panel restored after a reload: locked-down options, a fresh page, the queue; the next card uses it', async () => {
    const restored = new FakePanel(ApprovalPanel.viewType, {});
    restored.webview.options = { enableScripts: true, enableCommandUris: true, localResourceRoots: [] };
    restored.webview.html = '<p>old page</p>';
    host.adopt(restored as never);
    assert.deepEqual(restored.webview.options, { enableScripts: true, enableForms: false, enableCommandUris: false, localResourceRoots: [{ path: '/ext/dist' }, { path: '/ext/media' }] });
    assert.match(restored.webview.html, /default-src 'none'; script-src 'nonce-/);
    assert.equal(restored.title, 'Approvals Gate');
    restored.fromWebview({ type: 'ready', protocol: 1 });
    await tick();
    assert.deepEqual(restored.snapshots().at(-1)!.cards, []);
    const answer = host.ask(escalation('rm -rf build'));
    assert.equal(panels.length, 0, 'no new panel is created while the restored one is open');
    assert.equal(restored.revealed, 1, 'a first card brings the panel forward with the focus');
    assert.equal(restored.title, 'Approvals Gate (1 waiting)');
    await tick();
    const cardId = restored.snapshots().at(-1)!.cards[0]!.id;
    restored.fromWebview({ type: 'decide', requestId: 'req-9', cardId, answer: { kind: 'reject' } });
    assert.deepEqual(await answer, { kind: 'reject' });
  });

  it('a second restored panel is closed; after dispose a restored panel is closed too', () => {
    const first = new FakePanel(ApprovalPanel.viewType, {});
    const second = new FakePanel(ApprovalPanel.viewType, {});
    host.adopt(first as never);
    host.adopt(second as never);
    assert.equal(first.disposed, false);
    assert.equal(second.disposed, true);
    host.dispose();
    const late = new FakePanel(ApprovalPanel.viewType, {});
    host.adopt(late as never);
    assert.equal(late.disposed, true);
  });
});
