import { strict as assert } from 'node:assert';
import type { GatedOutcome } from '../../../src/agent/agentTool';
import { reportGatedOutcome } from '../../../src/agent/shellToolReport';
import { runShellCommandTool } from '../../../src/agent/tools/runShellCommand';
import type { Decision } from '../../../src/gate/decision';
import type { ExecutionRecord } from '../../../src/gate/execution/executionRecord';
import { NegotiationSession } from '../../../src/gate/negotiation';
import { decide } from '../../../src/gate/pipeline';
import { FixedVerdictRater } from '../../../src/gate/rater/raterContract';

/**
 * What the agent reads after a gated shell call (D§9, D§13): approved → exit code and output;
 * refused at `auto` → the rater's reason and the three moves; refused by a person, the deny list
 * or the hardline floor → why, and not to retry; nobody to ask → said; halt → the run ends.
 */

const resolution: Decision['resolution'] = { resolved: true, segments: [] };
const d = (partial: Omit<Decision, 'resolution'>): Decision => ({ resolution, ...partial }) as Decision;
const ran = (partial: Partial<ExecutionRecord> = {}): ExecutionRecord => ({
  exitCode: 0,
  output: 'hello\n',
  truncatedBytes: 0,
  timedOut: false,
  via: 'child-process',
  durationMs: 3,
  started: true,
  notes: [],
  ...partial,
});

describe('agent shell tool: what the model is told', () => {
  const table: Array<{ name: string; outcome: GatedOutcome; expect: RegExp[]; ok: boolean; halt?: boolean }> = [
    {
      name: 'approved and ran',
      outcome: { decision: d({ action: 'approve', stage: 'rater', outcome: 'safe', reason: 'The rater finds this safe: read-only.' }), execution: ran({ exitCode: 2, output: 'boom\n' }) },
      expect: [/^The command ran \(approved \(rater\): The rater finds this safe/, /Exit code: 2\./, /Output:\nboom/],
      ok: true,
    },
    {
      name: 'approved, timed out',
      outcome: { decision: d({ action: 'approve', stage: 'allow-list', reason: 'Allowed.' }), execution: ran({ exitCode: null, timedOut: true, output: '' }) },
      expect: [/stopped because it ran too long/, /printed nothing/],
      ok: true,
    },
    {
      name: 'approved, huge output is cut for the model',
      outcome: { decision: d({ action: 'approve', stage: 'bypass', reason: 'bypass' }), execution: ran({ output: `${'a'.repeat(100_000)}\nTHE END\n` }) },
      expect: [/Output \(the middle was cut, \d+ bytes\):/, /THE END/],
      ok: true,
    },
    {
      name: 'approved but the exec-time recheck refused (nothing started)',
      outcome: { decision: d({ action: 'approve', stage: 'human', reason: 'You allowed this command once.' }), execution: ran({ started: false, exitCode: null, output: '', notes: ['Not run: Refused at execution.'] }) },
      expect: [/did not start\. Not run: Refused at execution/],
      ok: false,
    },
    {
      name: 'refused at auto (negotiation message already holds the moves)',
      outcome: {
        decision: d({
          action: 'reject',
          stage: 'rater',
          outcome: 'destructive',
          reason: 'Command not run: refused by the rating model (rung `auto`).\nReason: deletes files\nWhat you can do: (1) call the tool again with the same command and a `justification` argument',
        }),
      },
      expect: [/^Command not run: refused by the rating model/, /justification/],
      ok: false,
    },
    {
      name: 'refused at auto without a session (moves added)',
      outcome: { decision: d({ action: 'reject', stage: 'preflight-floor', outcome: 'destructive', reason: 'The rater found it safe, but the gate does not let that stand.' }) },
      expect: [/^Command not run\. The rater found it safe/, /\(1\) call run_shell_command again with the same command and a `justification`/, /\(3\) ask the user/],
      ok: false,
    },
    {
      name: 'rejected by the person',
      outcome: { decision: d({ action: 'reject', stage: 'human', reason: 'You rejected this command: not on main' }) },
      expect: [/the user decided on the approval card\. You rejected this command: not on main/, /Do not run this command again/],
      ok: false,
    },
    {
      name: 'deny list',
      outcome: { decision: d({ action: 'reject', stage: 'deny-list', reason: 'The deny list refuses this command (git push, from approvalsGate.deny).' }) },
      expect: [/deny list refuses/, /do not retry/],
      ok: false,
    },
    {
      name: 'hardline floor',
      outcome: { decision: d({ action: 'reject', stage: 'hardline-floor', reason: 'Recursive deletion of the home folder.' }) },
      expect: [/hardline floor refuses this at every rung/, /Do not retry it/],
      ok: false,
    },
    {
      name: 'nobody to ask',
      outcome: { decision: d({ action: 'escalate', stage: 'non-interactive', reason: 'The rung is manual: shell commands wait for you.' }) },
      expect: [/there is nobody to ask here/, /Tell the user what you wanted to run/],
      ok: false,
    },
    {
      name: 'halt',
      outcome: { decision: d({ action: 'halt', stage: 'rater', outcome: 'attack', reason: 'The rater sees an attack: reads SSH keys.' }) },
      expect: [/Approvals Gate ended this run: The rater sees an attack/],
      ok: false,
      halt: true,
    },
  ];
  for (const row of table) {
    it(row.name, () => {
      const report = reportGatedOutcome(row.outcome);
      for (const pattern of row.expect) assert.match(report.text, pattern);
      assert.equal(report.ok, row.ok);
      assert.equal(report.halt === true, row.halt === true);
      assert.equal(report.decision, row.outcome.decision, 'the decision record travels with the result');
    });
  }

  it('with the real pipeline at auto: the first refusal tells the agent its three moves and how many refusals are left', async () => {
    const negotiation = new NegotiationSession();
    const services = {
      policy: { rung: 'auto' as const, allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] },
      rater: new FixedVerdictRater({ outcome: 'destructive', reason: 'It deletes the build folder.' }, 'stub'),
      person: null,
      home: '/home/gate',
    };
    const outcome = await runShellCommandTool.run(
      { command: 'rm -rf build' },
      {
        workspaceRoot: '/work/project',
        home: '/home/gate',
        rung: 'auto',
        negotiation,
        userMessages: ['clean up please'],
        person: null,
        signal: new AbortController().signal,
        runGated: async (call) => ({ decision: await decide({ command: call.command, cwd: call.cwd, tool: call.tool }, { ...services, negotiation: call.negotiation!, userMessages: call.userMessages }) }),
      },
    );
    assert.equal(outcome.decision?.action, 'reject');
    assert.match(outcome.text, /Reason: It deletes the build folder\./);
    assert.match(outcome.text, /\(1\) call the tool again with the same command and a `justification` argument/);
    assert.match(outcome.text, /2 more refusals and the command goes to the user/);
    assert.equal(negotiation.counters().consecutiveRejections, 1, 'the caller\'s session counted it');
  });
});
