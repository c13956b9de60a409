/**
 * `approvalsGate_runInTerminal` wired to the real gated path (pipeline, capture log, rater
 * provider) under a `vscode` stand-in, with a recording runner and a scripted card: the preview
 * neither rates, nor asks, nor records; `invoke` honours the rung; malformed input runs nothing;
 * cancelling the token withdraws the card and nothing runs; and at `auto` the window-wide
 * negotiation hands a repeated argument to a person.
 */
import { strict as assert } from 'node:assert';
import type { Rater, RatingResult } from '../../../src/gate/rater/raterContract';
import { FixedVerdictRater } from '../../../src/gate/rater/raterContract';
import { wireGate, silentLog, type Wiring } from '../../support/gateWiring';
import * as standIn from '../../support/vscodeLmStandIn';

type Tool = {
  prepareInvocation: (options: { input: unknown }, token: unknown) => Promise<{ invocationMessage: { value: string } }>;
  invoke: (options: { input: unknown; toolInvocationToken: undefined }, token: unknown) => Promise<{ content: Array<{ value: string }> }>;
};

class CountingRater implements Rater {
  calls = 0;
  async rate(): Promise<RatingResult> {
    this.calls += 1;
    return { verdict: { outcome: 'safe', reason: 'counted' }, source: 'counting' };
  }
}

describe('approvalsGate_runInTerminal (vscode stand-in, real gated path)', () => {
  let wiring: Wiring;
  let tool: Tool;
  let registration: { dispose(): void };

  before(() => standIn.install());
  after(() => standIn.uninstall());

  beforeEach(async () => {
    standIn.workspace.workspaceFolders = [{ uri: { fsPath: '/work/sample' } }];
    wiring = await wireGate();
    const { registerRunInTerminalTool } = await import('../../../src/vscode/runInTerminalTool');
    registration = registerRunInTerminalTool({ gate: wiring.gate, rater: wiring.rater, log: silentLog as never });
    tool = standIn.registered.tools.get('approvalsGate_runInTerminal') as unknown as Tool;
  });
  afterEach(() => registration.dispose());

  const token = () => new standIn.CancellationTokenSource();
  const invoke = async (input: unknown, source = token()) => (await tool.invoke({ input, toolInvocationToken: undefined }, source.token)).content.map((p) => p.value).join('');

  it('registers under its contributed name', () => {
    assert.ok(tool, 'registerTool was not called with approvalsGate_runInTerminal');
    assert.equal(typeof tool.prepareInvocation, 'function');
  });

  it('the preview shows the deterministic decision, and never rates, asks or records', async () => {
    const spy = new CountingRater();
    const preview = await wiring.rater.within({ fallback: spy, override: undefined }, () => tool.prepareInvocation({ input: { command: 'touch notes.txt' } }, token().token));
    assert.match(preview.invocationMessage.value, /A rating model rates it now/);
    const allowed = await tool.prepareInvocation({ input: { command: 'ls -la' } }, token().token);
    assert.match(allowed.invocationMessage.value, /Runs without asking/);
    const refused = await tool.prepareInvocation({ input: { command: 'rm -rf /' } }, token().token);
    assert.match(refused.invocationMessage.value, /Refused, it will not run/);
    assert.equal(spy.calls, 0, 'the preview called a rater');
    assert.equal(wiring.panel.asked.length, 0);
    assert.equal(wiring.capture.records().length, 0, 'the preview left a capture record');
    assert.deepEqual(wiring.runner.ran, []);
  });

  it('an allowed command runs in the workspace folder and its output comes back', async () => {
    const text = await invoke({ command: 'echo hello-tool' });
    assert.deepEqual(wiring.runner.ran, [{ command: 'echo hello-tool', cwd: '/work/sample' }]);
    assert.match(text, /Exit code: 0\.\nOutput:\nhello-tool\n$/);
    assert.equal(wiring.capture.records().at(-1)?.tool, 'approvalsGate_runInTerminal');
  });

  it('at bypass an unlisted command runs; the hardline floor still refuses', async () => {
    wiring.setRung('bypass');
    assert.match(await invoke({ command: 'touch made-at-bypass' }), /approved \(bypass\)/);
    assert.match(await invoke({ command: 'rm -rf /' }), /\(hardline-floor\)/);
    assert.deepEqual(wiring.runner.ran.map((r) => r.command), ['touch made-at-bypass']);
  });

  it('malformed input: a tool error, and nothing runs', async () => {
    wiring.setRung('bypass');
    for (const input of [{ command: 5 }, { cmd: 'ls' }, 'ls', { command: 'ls', extra: 1 }]) {
      assert.match(await invoke(input), /^Invalid arguments: .*Nothing was run/);
    }
    assert.deepEqual(wiring.runner.ran, []);
    assert.equal(wiring.capture.records().length, 0);
  });

  it('at manual a command waits on the card; cancelling the token withdraws it and nothing runs', async () => {
    wiring.setRung('manual');
    const source = token();
    const pending = invoke({ command: 'touch waited' }, source);
    await wiring.panel.waitForCard();
    source.cancel();
    const text = await pending;
    assert.match(text, /^Not run: The call was cancelled before anyone answered/);
    assert.equal(wiring.panel.asked[0]!.withdrawn, true);
    assert.deepEqual(wiring.panel.pendingIds(), []);
    assert.deepEqual(wiring.runner.ran, []);
  });

  it('at manual the person approving runs it; rejecting hands the reason back', async () => {
    wiring.setRung('manual');
    const approved = invoke({ command: 'touch approved' });
    await wiring.panel.waitForCard();
    wiring.panel.answer({ kind: 'run-once' });
    assert.match(await approved, /approved \(human\)/);
    const rejected = invoke({ command: 'touch rejected' });
    await wiring.panel.waitForCard();
    wiring.panel.answer({ kind: 'reject', reason: 'wrong folder' });
    assert.match(await rejected, /the user rejected it on the approval card \(human\)\. You rejected this command: wrong folder/);
    assert.deepEqual(wiring.runner.ran.map((r) => r.command), ['touch approved']);
  });

  it('at auto, refusals come back with the justification channel; the third in a row goes to a person', async () => {
    wiring.setRung('auto');
    const destructive = new FixedVerdictRater({ outcome: 'destructive', reason: 'It deletes files.' }, 'stub');
    await wiring.rater.within({ fallback: destructive }, async () => {
      const first = await invoke({ command: 'rm -rf build' });
      assert.match(first, /It deletes files\./);
      assert.match(first, /justification/);
      await invoke({ command: 'rm -rf build', justification: 'It is generated output.' });
      assert.equal(wiring.panel.asked.length, 0);
      const third = invoke({ command: 'rm -rf build', justification: 'Really, it is generated.' });
      await wiring.panel.waitForCard();
      assert.ok(wiring.panel.asked[0]!.escalation.transcript?.length, 'the card shows the negotiation transcript');
      wiring.panel.answer({ kind: 'reject' });
      assert.match(await third, /rejected it on the approval card \(human, destructive\)/);
    });
    assert.deepEqual(wiring.runner.ran, []);
  });
});
