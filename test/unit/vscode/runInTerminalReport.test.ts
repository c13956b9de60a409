/**
 * The words of `approvalsGate_runInTerminal`, over decisions the real pipeline makes: input read
 * as strictly as `@gate`'s own shell tool; the preview (no rating, no person) says where a call
 * stands without pretending a rating happened; and the result tells the calling agent what
 * happened and what it may do next — never to work around a refusal through another tool.
 */
import { strict as assert } from 'node:assert';
import type { Decision } from '../../../src/gate/decision';
import type { ExecutionRecord } from '../../../src/gate/execution/executionRecord';
import { parseListEntries } from '../../../src/gate/lists/listEntry';
import { NegotiationSession } from '../../../src/gate/negotiation';
import type { HumanAnswer, Person } from '../../../src/gate/person';
import { decide } from '../../../src/gate/pipeline';
import { FixedVerdictRater, type Rater } from '../../../src/gate/rater/raterContract';
import type { Rung } from '../../../src/gate/rung';
import { PREVIEW_RATER_SOURCE, PreviewRater, previewSummary, readRunInTerminalInput, runInTerminalResult, RUN_IN_TERMINAL_TOOL } from '../../../src/vscode/runInTerminalReport';

const HOME = '/home/gate';
const CWD = '/work/project';

async function decision(command: string, options: { rung?: Rung; rater?: Rater | null; person?: Person | null; allow?: unknown[]; deny?: unknown[]; negotiation?: NegotiationSession; signal?: AbortSignal } = {}): Promise<Decision> {
  const list = (name: 'allow' | 'deny', raw: unknown[] = []) => parseListEntries(raw, name, 'test').entries;
  return decide(
    { command, cwd: CWD, tool: RUN_IN_TERMINAL_TOOL },
    {
      policy: { rung: options.rung ?? 'assisted', allow: list('allow', options.allow), deny: list('deny', options.deny), escalate: [], defaultAllow: true, grants: [], denyGrants: [] },
      rater: options.rater === undefined ? null : options.rater,
      person: options.person ?? null,
      home: HOME,
      ...(options.negotiation ? { negotiation: options.negotiation } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
}

const answering = (answer: HumanAnswer): Person => ({ ask: async () => answer });
const verdict = (outcome: 'safe' | 'destructive' | 'catastrophic' | 'attack', reason = `stub says ${outcome}`) => new FixedVerdictRater({ outcome, reason }, 'stub');

function ran(output: string, extra: Partial<ExecutionRecord> = {}): ExecutionRecord {
  return { exitCode: 0, output, truncatedBytes: 0, timedOut: false, via: 'shell-integration', durationMs: 4, started: true, notes: [], ...extra };
}

describe('approvalsGate_runInTerminal words', () => {
  describe('input', () => {
    it('accepts {command} and {command, justification}', () => {
      assert.deepEqual(readRunInTerminalInput({ command: 'ls' }), { ok: true, input: { command: 'ls' } });
      assert.deepEqual(readRunInTerminalInput({ command: 'ls', justification: 'why' }), { ok: true, input: { command: 'ls', justification: 'why' } });
    });

    const bad: Array<[string, unknown, RegExp]> = [
      ['not an object', 'ls', /must be a JSON object/],
      ['null', null, /must be a JSON object/],
      ['no command', {}, /command/],
      ['a non-string command', { command: ['ls'] }, /command/],
      ['an empty command', { command: '   ' }, /empty/],
      ['an extra key', { command: 'ls', cwd: '/' }, /cwd/],
      ['a huge command', { command: 'x'.repeat(64 * 1024 + 1) }, /longer than 65536 bytes/],
      ['a NUL byte', { command: 'ls\0' }, /NUL/],
    ];
    for (const [what, input, message] of bad) {
      it(`refuses ${what}, saying nothing ran`, () => {
        const read = readRunInTerminalInput(input);
        assert.equal(read.ok, false);
        if (!read.ok) {
          assert.match(read.error, message);
          assert.match(read.error, /Nothing was run/);
        }
      });
    }
  });

  describe('preview (prepareInvocation: no rating, no person)', () => {
    it('the stand-in rater never rates: it fails closed under its own source name', async () => {
      const result = await new PreviewRater().rate();
      assert.equal(result.source, PREVIEW_RATER_SOURCE);
      assert.equal(result.verdict.outcome, 'destructive');
      assert.equal(result.capture, undefined);
    });

    it('a command that needs a rating: says a model rates it now, not that it was refused', async () => {
      for (const rung of ['assisted', 'auto'] as const) {
        const summary = previewSummary(await decision('touch notes.txt', { rung, rater: new PreviewRater() }));
        assert.match(summary, /A rating model rates it now/, rung);
      }
    });

    it('an allow entry with a tripwire rating', async () => {
      const summary = previewSummary(await decision('npm run build', { rater: new PreviewRater(), allow: [{ match: 'glob', pattern: 'npm run *', rate: true }] }));
      assert.match(summary, /^Allowed by the allow entry .*npm run \*.*; a rating model checks it once for an attack before it runs\.$/);
    });

    it('allowed, refused, and waiting for a person', async () => {
      assert.match(previewSummary(await decision('ls -la', { rater: new PreviewRater() })), /^Runs without asking: Allowed by the built-in allow list/);
      assert.match(previewSummary(await decision('touch x', { rung: 'bypass', rater: new PreviewRater() })), /^Runs without asking: The rung is bypass/);
      assert.match(previewSummary(await decision('rm -rf /', { rung: 'bypass', rater: new PreviewRater() })), /^Refused, it will not run: /);
      assert.match(previewSummary(await decision('git push', { deny: ['git push'], rater: new PreviewRater() })), /^Refused, it will not run: The deny list/);
      assert.equal(previewSummary(await decision('touch x', { rung: 'manual', rater: new PreviewRater() })), 'Waits for your approval on the Approvals Gate card.');
    });
  });

  describe('result for the calling model', () => {
    it('approved and run: exit code and output', async () => {
      const text = runInTerminalResult(await decision('echo hi'), ran('hi\n'));
      assert.match(text, /^The command ran in the "Approvals Gate" terminal \(approved \(allow-list\): /);
      assert.match(text, /Exit code: 0\.\nOutput:\nhi\n$/);
    });

    it('approved, but it ran too long / printed nothing / did not start', async () => {
      const approved = await decision('echo hi');
      assert.match(runInTerminalResult(approved, ran('', { timedOut: true, exitCode: null })), /stopped because it ran too long[\s\S]*It printed nothing/);
      assert.match(runInTerminalResult(approved, ran('', { started: false, notes: ['Not run: the folder is gone.'] })), /did not start\. Not run: the folder is gone\./);
    });

    it('the hardline floor and the deny list: final, and no working around it through another tool', async () => {
      const hardline = runInTerminalResult(await decision('rm -rf /', { rung: 'bypass' }));
      assert.match(hardline, /^Not run: .*\(hardline-floor\)\nThis refusal holds at every rung and cannot be argued with\./);
      assert.match(hardline, new RegExp(`Do not run it, or a variant of it, through another terminal or tool: ${RUN_IN_TERMINAL_TOOL}`));
      assert.match(runInTerminalResult(await decision('git push', { deny: ['git push'] })), /\(deny-list\)\nThis refusal holds at every rung/);
    });

    it('the person rejected it on the card: do not run it again, ask the user', async () => {
      const text = runInTerminalResult(await decision('touch x', { rung: 'manual', person: answering({ kind: 'reject', reason: 'not now' }) }));
      assert.match(text, /^Not run: the user rejected it on the approval card \(human\)\. You rejected this command: not now\nDo not run it again; ask the user/);
    });

    it('a cancelled call: said so, without blaming the user', async () => {
      const controller = new AbortController();
      controller.abort();
      const text = runInTerminalResult(await decision('touch x', { rung: 'manual', person: answering({ kind: 'run-once' }), signal: controller.signal }));
      assert.match(text, /^Not run: The call was cancelled before anyone answered\. \(human\)$/);
    });

    it('rejected at auto: the rater\'s reason with the three moves and the justification channel', async () => {
      const text = runInTerminalResult(await decision('rm -rf build', { rung: 'auto', rater: verdict('destructive', 'Deletes the build folder.'), negotiation: new NegotiationSession() }));
      assert.match(text, /^Not run: /);
      assert.match(text, /Deletes the build folder\./);
      assert.match(text, /justification/);
      assert.match(text, /another terminal or tool/);
    });

    it('rejected at auto without a negotiation session still names this tool and the justification argument', async () => {
      const text = runInTerminalResult(await decision('rm -rf build', { rung: 'auto', rater: verdict('destructive') }));
      assert.match(text, /\(1\) call (the tool|approvalsGate_runInTerminal) again with the same command and a `justification` argument/);
      assert.match(text, /\(2\) propose a different command .*\(3\) ask the user/);
    });

    it('an attack halts: stop the task, tell the user, and not by any other means', async () => {
      const text = runInTerminalResult(await decision('touch ~/.bashrc.d/hook', { rater: verdict('attack', 'Plants a startup hook.') }));
      assert.match(text, /^Not run\. Approvals Gate stopped this command and ends the run/);
      assert.match(text, /Stop the current task now and tell the user/);
    });

    it('nobody to ask: says so', async () => {
      const text = runInTerminalResult(await decision('touch x', { rung: 'manual' }));
      assert.match(text, /^Not run: the command needs a person's approval and nobody could be asked \(non-interactive\)/);
    });
  });
});
