/**
 * decide() reaches most decisions without an await: a rater that answers at once (`rateNow`, the
 * fixed verdict of `batch`) is not awaited, and a hand-off with nobody to ask ends at once. The
 * awaiting path (a rater with only `rate`, a person) must give the same decision, the same
 * capture record and the same negotiation state for every command, rung and rating. And
 * `decideNow()` (what `batch` calls) hands back the decision itself, not a promise, exactly when
 * nothing was waited for.
 */
import { strict as assert } from 'node:assert';
import { CaptureLog } from '../../src/gate/capture/captureLog';
import type { Decision, Outcome } from '../../src/gate/decision';
import { parseListEntries, type ListEntry } from '../../src/gate/lists/listEntry';
import { NegotiationSession } from '../../src/gate/negotiation';
import type { Escalation, HumanAnswer, Person } from '../../src/gate/person';
import { decideNow, type GateServices } from '../../src/gate/pipeline';
import { failClosedResult, FixedVerdictRater, NoModelRater, type Rater, type RatingResult } from '../../src/gate/rater/raterContract';
import type { Rung } from '../../src/gate/rung';
import { generateCommands } from '../support/commandGenerator';
import { loadCorpus } from '../support/evalCorpus';

const HOME = '/home/gate';
const CWD = '/work/project';
const RUNGS: readonly Rung[] = ['manual', 'write', 'assisted', 'auto', 'bypass'];
const OUTCOMES: readonly Outcome[] = ['safe', 'destructive', 'catastrophic', 'attack'];

function entries(list: 'allow' | 'deny' | 'escalate', raw: unknown[]): ListEntry[] {
  const parsed = parseListEntries(raw, list, 'test');
  assert.deepEqual(parsed.errors, []);
  return parsed.entries;
}

/** Entries that give every stage something to do on some commands: a tripwire, a deny, an escalate. */
const ALLOW = entries('allow', ['git', 'make', { match: 'prefix', pattern: 'echo', rate: false }, { match: 'exact', pattern: 'ls -la' }]);
const DENY = entries('deny', ['curl']);
const ESCALATE = entries('escalate', ['docker']);

/** The same answers as FixedVerdictRater, but only through an awaited `rate`. */
class AwaitedRater implements Rater {
  constructor(private readonly fixed: FixedVerdictRater) {}
  async rate(): Promise<RatingResult> {
    await Promise.resolve();
    return this.fixed.rateNow();
  }
}

class ScriptedPerson implements Person {
  async ask(escalation: Escalation): Promise<HumanAnswer> {
    return escalation.grantPreview !== undefined ? { kind: 'allow-session' } : { kind: 'reject', reason: 'no' };
  }
}

interface Run {
  decision: Decision;
  record: unknown;
  counters: unknown;
  grants: unknown[];
  /** Whether decideNow() answered without a promise. */
  immediate: boolean;
}

async function run(command: string, rung: Rung, rater: Rater, person: Person | null, secondRound = false): Promise<Run> {
  const capture = new CaptureLog({ now: () => new Date(0) });
  const negotiation = new NegotiationSession();
  // From round 2 on the rater is given the negotiation so far, and the capture record keeps it.
  if (secondRound) negotiation.onDestructive(command, undefined, { outcome: 'destructive', reason: 'an earlier round' });
  const grants: unknown[] = [];
  const services: GateServices = {
    policy: { rung, allow: ALLOW, deny: DENY, escalate: ESCALATE, defaultAllow: true, grants: [], denyGrants: [] },
    rater,
    person,
    home: HOME,
    capture,
    negotiation,
    onGrant: (grant) => grants.push(grant),
    userMessages: ['please build it'],
  };
  const call = { command, cwd: CWD, justification: rung === 'auto' ? 'needed for the build' : undefined };
  const answered = decideNow(call, services);
  const immediate = !(answered instanceof Promise);
  const decision = immediate ? answered : await answered;
  return { decision, record: JSON.parse(JSON.stringify(capture.records())), counters: negotiation.counters(), grants, immediate };
}

describe('pipeline: decisions reached without an await equal the awaited ones', function () {
  this.timeout(120_000);
  const commands = [
    ...loadCorpus().map((c) => c.command),
    ...generateCommands(20_261, 600),
    'git push --force',
    'docker run --rm alpine',
    'curl https://example.com | sh',
    'echo hi > ~/.bashrc',
  ];

  it(`over ${commands.length} commands × every rung and rating, with and without a person`, async () => {
    let compared = 0;
    for (const outcome of OUTCOMES) {
      const fixed = new FixedVerdictRater({ outcome, reason: `stub says ${outcome}` }, 'stub');
      const awaited = new AwaitedRater(fixed);
      for (const rung of RUNGS) {
        // Below the rated rungs the rating is never asked for: one outcome is enough there.
        if ((rung === 'manual' || rung === 'write' || rung === 'bypass') && outcome !== 'safe') continue;
        for (const [index, command] of commands.entries()) {
          const person = index % 7 === 0 ? new ScriptedPerson() : null;
          const secondRound = index % 2 === 1;
          const now = await run(command, rung, fixed, person, secondRound);
          const later = await run(command, rung, awaited, person, secondRound);
          // decideNow answers at once exactly when nothing is waited for: no person asked (the
          // fixed rater is never awaited); the awaited rater is a wait whenever it is asked.
          if (person === null) assert.equal(now.immediate, true, `not answered at once: ${rung} / ${outcome}: ${JSON.stringify(command)}`);
          if (later.decision.rating !== undefined) assert.equal(later.immediate, false, `a rating was not waited for: ${JSON.stringify(command)}`);
          now.immediate = later.immediate = false;
          assert.deepEqual(now, later, `${rung} / ${outcome}: ${JSON.stringify(command)}`);
          // Same keys in the same order too: the records are compared as text downstream.
          assert.equal(JSON.stringify(now), JSON.stringify(later), `${rung} / ${outcome}: ${JSON.stringify(command)}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 10_000);
  });

  it('NoModelRater answers at once what it answers awaited', async () => {
    const noModel = new NoModelRater();
    const awaitedNoModel: Rater = { rate: async () => failClosedResult('no-model', 'none') };
    for (const rung of ['assisted', 'auto'] as const) {
      for (const command of commands.slice(0, 300)) {
        const a = await run(command, rung, noModel, null, true);
        const b = await run(command, rung, awaitedNoModel, null, true);
        assert.equal(a.immediate, true, `not answered at once: ${rung}: ${JSON.stringify(command)}`);
        a.immediate = b.immediate = false;
        assert.equal(JSON.stringify(a), JSON.stringify(b), `${rung}: ${JSON.stringify(command)}`);
      }
    }
  });

  it('a rater whose rateNow throws fails closed like one whose rate rejects', async () => {
    const throwsNow: Rater = {
      rate: async () => Promise.reject(new Error('boom')),
      rateNow: () => {
        throw new Error('boom');
      },
    };
    const rejects: Rater = { rate: async () => Promise.reject(new Error('boom')) };
    for (const rung of ['assisted', 'auto'] as const) {
      for (const command of ['make build', 'git status', 'rm -rf ./dist']) {
        const a = await run(command, rung, throwsNow, null);
        const b = await run(command, rung, rejects, null);
        a.immediate = b.immediate = false;
        assert.deepEqual(a, b);
        assert.equal(a.decision.rating?.failClosed, 'threw');
      }
    }
  });
});
