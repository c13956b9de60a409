/**
 * The extension's gated path, wired for plain-Node tests of the surfaces that use it (the
 * language-model tool, `@gate`): the real `GatedExecution` (real pipeline, real capture log) and
 * the real `RaterProvider`, with a recording runner instead of a terminal and a scripted person
 * instead of the card. Load it only after the `vscode` stand-in is installed.
 */
import type { CaptureLog as CaptureLogType } from '../../src/gate/capture/captureLog';
import type { ExecutionRecord } from '../../src/gate/execution/executionRecord';
import type { Escalation, HumanAnswer } from '../../src/gate/person';
import type { GatePolicy } from '../../src/gate/policy';
import type { Rung } from '../../src/gate/rung';
import type { GatedExecution as GatedExecutionType } from '../../src/vscode/gatedExecution';
import type { RaterProvider as RaterProviderType } from '../../src/vscode/raterProvider';

export const HOME = '/home/gate-test';

/** A card that waits: the test answers it, or the call's signal withdraws it. */
export class ScriptedPanel {
  readonly asked: Array<{ escalation: Escalation; signal: AbortSignal | undefined; withdrawn: boolean }> = [];
  private pending: Array<{ id: string; resolve: (answer: HumanAnswer) => void }> = [];
  private count = 0;
  /** When set, every card is answered at once with this. */
  autoAnswer: HumanAnswer | undefined;
  shown = 0;

  private readonly listeners = new Set<() => void>();

  ask(escalation: Escalation, signal?: AbortSignal): Promise<HumanAnswer> {
    const entry = { escalation, signal, withdrawn: false };
    this.asked.push(entry);
    if (signal?.aborted) return Promise.resolve({ kind: 'cancelled' });
    if (this.autoAnswer) return Promise.resolve(this.autoAnswer);
    return new Promise((resolve) => {
      const id = `card-${++this.count}`;
      const settle = (answer: HumanAnswer) => {
        this.pending = this.pending.filter((p) => p.id !== id);
        this.changed();
        resolve(answer);
      };
      this.pending.push({ id, resolve: settle });
      this.changed();
      signal?.addEventListener('abort', () => {
        entry.withdrawn = true;
        settle({ kind: 'cancelled' });
      }, { once: true });
    });
  }

  /** Answers the oldest open card. */
  answer(answer: HumanAnswer): void {
    const first = this.pending[0];
    if (!first) throw new Error('no card is open');
    first.resolve(answer);
  }

  pendingIds(): string[] {
    return this.pending.map((p) => p.id);
  }

  /** Like the real panel's: called after every change of the queue. */
  onDidChangePending(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  show(): void {
    this.shown += 1;
  }

  /** Resolves once a card is open. */
  async waitForCard(timeoutMs = 5_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.pending.length === 0) {
      if (Date.now() > until) throw new Error('no card opened');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

export class RecordingRunner {
  readonly ran: Array<{ command: string; cwd: string }> = [];
  output = (command: string) => `${command.replace(/^echo /, '')}\n`;
  async run(command: string, cwd: string): Promise<ExecutionRecord> {
    this.ran.push({ command, cwd });
    return { exitCode: 0, output: this.output(command), truncatedBytes: 0, timedOut: false, via: 'shell-integration', durationMs: 1, started: true, notes: [] };
  }
}

export const silentLog = {
  lines: [] as string[],
  info(line: string) {
    this.lines.push(line);
  },
  warn(line: string) {
    this.lines.push(line);
  },
  error(line: string) {
    this.lines.push(line);
  },
};

export interface Wiring {
  gate: GatedExecutionType;
  rater: RaterProviderType;
  capture: CaptureLogType;
  panel: ScriptedPanel;
  runner: RecordingRunner;
  setRung(rung: Rung): void;
  rung(): Rung;
}

export async function wireGate(): Promise<Wiring> {
  const { GatedExecution } = await import('../../src/vscode/gatedExecution');
  const { RaterProvider } = await import('../../src/vscode/raterProvider');
  const { CaptureLog } = await import('../../src/gate/capture/captureLog');
  let rung: Rung = 'assisted';
  const capture = new CaptureLog();
  const panel = new ScriptedPanel();
  const runner = new RecordingRunner();
  const secrets = { get: async () => undefined, store: async () => undefined, delete: async () => undefined, onDidChange: () => ({ dispose() {} }) };
  const rater = new RaterProvider(() => ({ baseUrl: '', model: '', timeoutMs: 2_000 }), secrets as never, silentLog as never);
  // The lazy bundle is `dist/rater.js` in the product; here the same module from source.
  const raterModule = await import('../../src/vscode/raterModule');
  rater.load = () => raterModule;
  const policy = (): GatePolicy => ({ rung, allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] });
  const gate = new GatedExecution({
    policy,
    rater: () => rater.current(),
    person: panel,
    runner,
    capture,
    home: HOME,
    storeGrant: async () => undefined,
    log: silentLog as never,
  });
  return { gate, rater, capture, panel, runner, setRung: (next) => (rung = next), rung: () => rung };
}
