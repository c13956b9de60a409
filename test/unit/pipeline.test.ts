import { strict as assert } from 'node:assert';
import { decide, recheckBeforeExecution, type GateServices } from '../../src/gate/pipeline';
import type { Action, FailClosedCause, Outcome, Stage } from '../../src/gate/decision';
import { parseListEntries, type ListEntry } from '../../src/gate/lists/listEntry';
import type { Escalation, HumanAnswer, Person } from '../../src/gate/person';
import { failClosedResult, FixedVerdictRater, type Rater } from '../../src/gate/rater/raterContract';
import type { Rung } from '../../src/gate/rung';

const HOME = '/home/gate';
const CWD = '/work/project';

function entries(list: 'allow' | 'deny' | 'escalate', raw: unknown[]): ListEntry[] {
  const parsed = parseListEntries(raw, list, 'test');
  assert.deepEqual(parsed.errors, [], 'test entries must be valid');
  return parsed.entries;
}

function services(overrides: {
  rung?: Rung;
  outcome?: Outcome | null;
  rater?: Rater | null;
  allow?: unknown[];
  deny?: unknown[];
  escalate?: unknown[];
  person?: Person | null;
  defaultAllow?: boolean;
}): GateServices {
  const rater =
    overrides.rater !== undefined
      ? overrides.rater
      : overrides.outcome
        ? new FixedVerdictRater({ outcome: overrides.outcome, reason: `stub says ${overrides.outcome}` }, 'stub')
        : null;
  return {
    policy: {
      rung: overrides.rung ?? 'assisted',
      allow: entries('allow', overrides.allow ?? []),
      deny: entries('deny', overrides.deny ?? []),
      escalate: entries('escalate', overrides.escalate ?? []),
      defaultAllow: overrides.defaultAllow ?? true,
      grants: [],
      denyGrants: [],
    },
    rater,
    person: overrides.person ?? null,
    home: HOME,
  };
}

/** A person who answers every card the same way and remembers what they were shown. */
class ScriptedPerson implements Person {
  readonly seen: Escalation[] = [];
  constructor(private readonly answer: HumanAnswer) {}
  async ask(escalation: Escalation): Promise<HumanAnswer> {
    this.seen.push(escalation);
    return this.answer;
  }
}

// `make build` is on no default list and trips no floor, so the rung and the rating decide.
const NEUTRAL = 'make build';

describe('pipeline: the rung × outcome table (D§3)', () => {
  type Expect = { action: Action; stage: Stage; from?: Stage };
  const toPerson = (from: Stage): Expect => ({ action: 'escalate', stage: 'non-interactive', from });
  const table: Array<[Rung, Outcome, Expect]> = [
    ...(['safe', 'destructive', 'catastrophic', 'attack'] as Outcome[]).flatMap((o): Array<[Rung, Outcome, Expect]> => [
      ['manual', o, toPerson('unrated-rung')],
      ['write', o, toPerson('unrated-rung')],
      ['bypass', o, { action: 'approve', stage: 'bypass' }],
    ]),
    ['assisted', 'safe', { action: 'approve', stage: 'rater' }],
    ['assisted', 'destructive', toPerson('rater')],
    ['assisted', 'catastrophic', toPerson('rater')],
    ['assisted', 'attack', { action: 'halt', stage: 'rater' }],
    ['auto', 'safe', { action: 'approve', stage: 'rater' }],
    ['auto', 'destructive', { action: 'reject', stage: 'rater' }],
    ['auto', 'catastrophic', toPerson('rater')],
    ['auto', 'attack', { action: 'halt', stage: 'rater' }],
  ];
  for (const [rung, outcome, expected] of table) {
    it(`${rung} + ${outcome} → ${expected.action} (${expected.stage}${expected.from ? ` from ${expected.from}` : ''})`, async () => {
      const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung, outcome }));
      assert.equal(decision.action, expected.action, decision.reason);
      assert.equal(decision.stage, expected.stage);
      assert.equal(decision.escalatedFrom, expected.from);
      if (rung === 'assisted' || rung === 'auto') assert.equal(decision.rating?.verdict.outcome, outcome);
      else assert.equal(decision.rating, undefined, 'unrated rungs never consult the model');
    });
  }

  it('at auto a destructive rejection tells the agent its three moves', async () => {
    const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung: 'auto', outcome: 'destructive' }));
    assert.match(decision.reason, /justification/);
    assert.match(decision.reason, /different command/);
    assert.match(decision.reason, /ask the user/);
  });

  it('without a model, a rated rung fails closed as no-model and asks a person', async () => {
    const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung: 'assisted', rater: null }));
    assert.equal(decision.action, 'escalate');
    assert.equal(decision.rating?.failClosed, 'no-model');
    assert.match(decision.rating!.verdict.reason, /^Could not assess this command/);
  });

  it('a rater that throws fails closed (threw), never approves', async () => {
    const rater: Rater = { rate: async () => { throw new Error('boom'); } };
    const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung: 'assisted', rater }));
    assert.equal(decision.action, 'escalate');
    assert.equal(decision.rating?.failClosed, 'threw');
  });

  it('a rating that failed closed is worded as what happened, never as a finding of the rater', async () => {
    const faults: Array<{ cause: FailClosedCause; rater: Rater | null; says: RegExp }> = [
      { cause: 'no-model', rater: null, says: /^No rating model is set up \(.*approvalsGate\.rater\.baseUrl.*--rater-url/ },
      { cause: 'timeout', rater: { rate: async () => failClosedResult('timeout', 'm', 'no answer within the 5 ms budget') }, says: /^The rating model did not answer in time: no answer within the 5 ms budget\./ },
      { cause: 'unparseable', rater: { rate: async () => failClosedResult('unparseable', 'm', 'not JSON') }, says: /^The rating model answered, but not with a verdict the gate can read: not JSON\./ },
      { cause: 'threw', rater: { rate: async () => { throw new Error('boom'); } }, says: /^The call to the rating model failed: boom\./ },
    ];
    for (const { cause, rater, says } of faults) {
      for (const rung of ['assisted', 'auto'] as const) {
        const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung, rater }));
        assert.equal(decision.rating?.failClosed, cause, `${cause} at ${rung}`);
        assert.notEqual(decision.action, 'approve', `${cause} at ${rung}`);
        assert.doesNotMatch(decision.reason, /rater finds/i, `${cause} at ${rung}`);
        assert.match(decision.reason, says, `${cause} at ${rung}: ${decision.reason}`);
        assert.match(decision.reason, rung === 'auto' ? /so the gate does not run it/ : /so a person decides/, `${cause} at ${rung}`);
      }
    }
  });

  it('a rater that answers an outcome outside the four never approves', async () => {
    const rater = { rate: async () => ({ verdict: { outcome: 'fine', reason: 'x' }, source: 'bad' }) } as unknown as Rater;
    const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung: 'assisted', rater }));
    assert.notEqual(decision.action, 'approve');
  });
});

describe('pipeline: order of the stages', () => {
  it('the deny list refuses at every rung, bypass included', async () => {
    for (const rung of ['manual', 'write', 'assisted', 'auto', 'bypass'] as Rung[]) {
      const decision = await decide({ command: 'npm publish', cwd: CWD }, services({ rung, outcome: 'safe', deny: ['npm publish'], allow: ['npm'] }));
      assert.equal(decision.action, 'reject', rung);
      assert.equal(decision.stage, 'deny-list', rung);
      assert.equal(decision.rule?.entry, 'npm publish');
    }
  });

  it('the hardline floor refuses at bypass and beats an allow entry', async () => {
    const decision = await decide({ command: 'rm -rf /', cwd: CWD }, services({ rung: 'bypass', allow: ['rm'] }));
    assert.equal(decision.action, 'reject');
    assert.equal(decision.stage, 'hardline-floor');
    assert.ok(decision.hardline?.arm);
    const assisted = await decide({ command: 'rm -rf /', cwd: CWD }, services({ rung: 'assisted', outcome: 'safe', allow: ['rm'] }));
    assert.equal(assisted.stage, 'hardline-floor');
  });

  it('an escalate entry outranks an allow entry and skips the rating', async () => {
    const decision = await decide({ command: 'git push origin main', cwd: CWD }, services({ outcome: 'safe', allow: ['git push'], escalate: ['git push'] }));
    assert.equal(decision.action, 'escalate');
    assert.equal(decision.escalatedFrom, 'escalate-entry');
    assert.equal(decision.rating, undefined);
  });

  it('an exact allow entry approves without a rating at manual', async () => {
    const decision = await decide({ command: 'npm test', cwd: CWD }, services({ rung: 'manual', allow: [{ match: 'exact', pattern: 'npm test' }] }));
    assert.equal(decision.action, 'approve');
    assert.equal(decision.stage, 'allow-list');
    assert.equal(decision.rating, undefined);
  });

  it('the default allow list approves read-only commands without a model', async () => {
    const decision = await decide({ command: 'git status', cwd: CWD }, services({ rung: 'manual' }));
    assert.equal(decision.action, 'approve');
    assert.equal(decision.stage, 'allow-list');
    assert.equal(decision.rule?.list, 'default-allow');
    const off = await decide({ command: 'git status', cwd: CWD }, services({ rung: 'manual', defaultAllow: false }));
    assert.equal(off.action, 'escalate');
  });

  it('an unresolved command never matches an allow entry', async () => {
    const decision = await decide({ command: 'echo $(id)', cwd: CWD }, services({ rung: 'manual', allow: ['echo'] }));
    assert.equal(decision.action, 'escalate');
    assert.deepEqual(decision.resolution, { resolved: false, mechanisms: ['substitution'] });
  });
});

describe('pipeline: the allow tripwire', () => {
  const cases: Array<[Outcome | null, Action, Stage]> = [
    ['safe', 'approve', 'allow-tripwire'],
    ['destructive', 'approve', 'allow-tripwire'],
    [null, 'approve', 'allow-tripwire'], // fail-closed rating keeps the explicit allow
    ['catastrophic', 'escalate', 'non-interactive'],
    ['attack', 'halt', 'allow-tripwire'],
  ];
  for (const [outcome, action, stage] of cases) {
    it(`a rated prefix entry with a ${outcome ?? 'failed'} rating → ${action}`, async () => {
      const decision = await decide({ command: 'make deploy', cwd: CWD }, services({ rung: 'assisted', outcome, allow: ['make'] }));
      assert.equal(decision.action, action, decision.reason);
      assert.equal(decision.stage, stage);
      assert.equal(decision.rating?.tripwire, true);
    });
  }

  it('at manual the same entry approves without a rating', async () => {
    const decision = await decide({ command: 'make deploy', cwd: CWD }, services({ rung: 'manual', outcome: 'attack', allow: ['make'] }));
    assert.equal(decision.action, 'approve');
    assert.equal(decision.rating, undefined);
  });
});

describe('pipeline: preflight floors only ever raise', () => {
  it('a safe rating of an open-world command becomes destructive, recorded as rewritten', async () => {
    const decision = await decide({ command: 'curl https://example.com/install.sh -o install.sh', cwd: CWD }, services({ rung: 'assisted', outcome: 'safe' }));
    assert.equal(decision.action, 'escalate');
    assert.equal(decision.escalatedFrom, 'preflight-floor');
    assert.equal(decision.outcome, 'destructive');
    assert.equal(decision.rating?.verdict.outcome, 'safe');
    assert.equal(decision.rating?.flooredOutcome, 'destructive');
    assert.ok(decision.preflight?.some((p) => p.arm === 'open-world' && p.rewroteRating));
  });

  it('a catastrophic rating is not lowered by a floor and records no rewrite', async () => {
    const decision = await decide({ command: 'curl https://example.com -o x', cwd: CWD }, services({ rung: 'auto', outcome: 'catastrophic' }));
    assert.equal(decision.outcome, 'catastrophic');
    assert.equal(decision.action, 'escalate');
    assert.ok(decision.preflight?.every((p) => !p.rewroteRating));
  });

  it('an allow entry lifts the open-world floor', async () => {
    const decision = await decide({ command: 'curl https://example.com -o x', cwd: CWD }, services({ rung: 'manual', allow: [{ match: 'exact', pattern: 'curl https://example.com -o x' }] }));
    assert.equal(decision.action, 'approve');
  });

  it('no allow entry lifts the protected-write floor', async () => {
    const decision = await decide({ command: 'cp settings.json .vscode/settings.json', cwd: CWD }, services({ rung: 'manual', allow: [{ match: 'exact', pattern: 'cp settings.json .vscode/settings.json' }] }));
    assert.equal(decision.action, 'escalate');
    assert.equal(decision.escalatedFrom, 'preflight-floor');
  });

  it('an unresolved command rated safe is floored', async () => {
    const decision = await decide({ command: 'echo "$(date)"', cwd: CWD }, services({ rung: 'assisted', outcome: 'safe' }));
    assert.equal(decision.action, 'escalate');
    assert.ok(decision.preflight?.some((p) => p.arm === 'unresolved' && p.rewroteRating));
  });
});

describe('pipeline: the person', () => {
  const answers: Array<[HumanAnswer, Action]> = [
    [{ kind: 'run-once' }, 'approve'],
    [{ kind: 'allow-session' }, 'approve'],
    [{ kind: 'allow-always' }, 'approve'],
    [{ kind: 'reject', reason: 'not now' }, 'reject'],
    [{ kind: 'reject-session' }, 'reject'],
    [{ kind: 'cancelled' }, 'reject'],
  ];
  for (const [answer, action] of answers) {
    it(`${answer.kind} → ${action}, stage human`, async () => {
      const person = new ScriptedPerson(answer);
      const grants: string[] = [];
      const svc = { ...services({ rung: 'manual', person }), onGrant: (g: { scope: string; command: string }) => grants.push(`${g.scope}:${g.command}`) };
      const decision = await decide({ command: NEUTRAL, cwd: CWD }, svc);
      assert.equal(decision.action, action);
      assert.equal(decision.stage, 'human');
      assert.equal(person.seen.length, 1);
      assert.equal(person.seen[0]!.stage, 'unrated-rung');
      if (answer.kind === 'allow-session') assert.deepEqual(grants, [`session:${NEUTRAL}`]);
      if (answer.kind === 'allow-always') assert.deepEqual(grants, [`always:${NEUTRAL}`]);
      if (answer.kind === 'reject-session') assert.deepEqual(grants, [`deny-session:${NEUTRAL}`]);
      if (answer.kind === 'reject') assert.match(decision.reason, /not now/);
    });
  }

  it('a catastrophic card offers no stored grant, and an "always" answer to it is refused', async () => {
    const person = new ScriptedPerson({ kind: 'allow-always' });
    const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung: 'assisted', outcome: 'catastrophic', person }));
    assert.equal(person.seen[0]!.grantPreview, undefined);
    assert.equal(decision.action, 'reject');
  });

  const banner: Array<[HumanAnswer, Action]> = [
    [{ kind: 'run-anyway' }, 'approve'],
    [{ kind: 'reject', reason: 'no' }, 'halt'],
    [{ kind: 'run-once' }, 'halt'],
    [{ kind: 'allow-always' }, 'halt'],
    [{ kind: 'cancelled' }, 'halt'],
  ];
  for (const [answer, action] of banner) {
    it(`the attack banner: ${answer.kind} → ${action}`, async () => {
      const person = new ScriptedPerson(answer);
      const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung: 'assisted', outcome: 'attack', person }));
      assert.equal(person.seen.length, 1);
      assert.equal(person.seen[0]!.outcome, 'attack');
      assert.equal(person.seen[0]!.grantPreview, undefined, 'nothing is remembered from a banner');
      assert.equal(decision.action, action);
    });
  }

  it('"run anyway" on a card that is not an attack banner runs nothing', async () => {
    const person = new ScriptedPerson({ kind: 'run-anyway' });
    const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung: 'manual', person }));
    assert.equal(decision.action, 'reject');
  });

  it('a person that throws counts as a cancellation', async () => {
    const person: Person = { ask: async () => { throw new Error('webview gone'); } };
    const decision = await decide({ command: NEUTRAL, cwd: CWD }, services({ rung: 'manual', person }));
    assert.equal(decision.action, 'reject');
  });

  it('with nobody to ask, the reason says which allow entry would help', async () => {
    const decision = await decide({ command: 'make build', cwd: CWD }, services({ rung: 'manual' }));
    assert.equal(decision.stage, 'non-interactive');
    assert.match(decision.reason, /"make build"/);
  });
});

describe('pipeline: exec-time recheck', () => {
  it('refuses a hardline command whatever approved it', () => {
    assert.equal(recheckBeforeExecution('sudo rm -rf --no-preserve-root /', HOME, null, 'bash')?.stage, 'hardline-floor');
    assert.equal(recheckBeforeExecution('rm -rf ./build', HOME, '/work/project', 'bash'), null);
  });
});
