/**
 * The decision invariants over the whole pipeline (D§6 "Invariants"; the definitions are in
 * test/support/decisionInvariants.ts). Each invariant runs under a fixed fast-check seed and one
 * random seed, printed so that a failure can be replayed with `GATE_INVARIANT_SEED=<seed>`.
 * `GATE_INVARIANT_SEEDS` (how many random seeds) and `GATE_INVARIANT_RUNS` (cases per seed and
 * invariant) make a longer run (docs/testing.md). Every shrunk counterexample found is kept as a
 * line of test/fixtures/invariants/regressions.jsonl and asked again below.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  allSeeds,
  check,
  compositionInvariant,
  confinedRunInvariant,
  CONFINED_RUNS,
  decideUnder,
  describeConfig,
  floorContexts,
  floorInvariant,
  harmlessPrefixes,
  harmlessPrefixInvariant,
  JOINS,
  joinable,
  manualEntry,
  PIPE_WRITERS,
  REACHING_OPTIONS,
  roleCases,
  roleInvariant,
  ROLE_PATHS,
  RUN_TIME_FORMS,
  runTimeDataInvariant,
  unplacedInvariant,
  seedPools,
  spelledWholeInvariant,
  SPELLED_VARIANTS,
  wrapperInvariant,
  wrapperPrefixes,
  writesInvariant,
  WRITE_OPERATORS,
  WRITE_TARGETS,
  type Config,
  type SeedPools,
  type Seed,
} from '../../support/decisionInvariants';

const FIXED_SEED = 28;
const replay = process.env.GATE_INVARIANT_SEED;
const randomSeeds = Number(process.env.GATE_INVARIANT_SEEDS ?? 1);
const RUNS = Number(process.env.GATE_INVARIANT_RUNS ?? 150);
const SEEDS: number[] = replay !== undefined ? [Number(replay)] : [FIXED_SEED, ...Array.from({ length: randomSeeds }, () => Math.floor(Math.random() * 2 ** 31))];
console.log(`decision invariants: fast-check seeds ${SEEDS.join(', ')}, ${RUNS} cases per seed and invariant (GATE_INVARIANT_SEED replays one)`);

interface Regression {
  invariant: 'writes' | 'composition' | 'wrapper' | 'floor' | 'run-time-data' | 'role' | 'unplaced' | 'harmless-prefix';
  command: string;
  config: Config;
  note: string;
}

const REGRESSIONS = path.resolve(__dirname, '..', '..', 'fixtures', 'invariants', 'regressions.jsonl');

function regressions(): Regression[] {
  return fs
    .readFileSync(REGRESSIONS, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('//'))
    .map((line) => JSON.parse(line) as Regression);
}

describe('decision invariants (the whole pipeline)', function () {
  this.timeout(600_000);
  let pools: SeedPools;
  let roles: Seed[];
  const approvedManual = () => pools.approved.filter((p) => p.config.rating === undefined && joinable(p.command));

  before(async function () {
    pools = await seedPools(allSeeds());
    roles = roleCases();
    // The seeds must be worth something: approved and refused commands under every configuration.
    for (const name of ['manual-default', 'manual-entry', 'assisted-safe'] as const) {
      assert.ok(pools.approved.filter((p) => p.config.name === name).length > 100, `few approved seeds under ${name}`);
      assert.ok(pools.refused.filter((p) => p.config.name === name).length > 100, `few refused seeds under ${name}`);
    }
    assert.ok(pools.floored.length > 300, `only ${pools.floored.length} floored seeds`);
    assert.ok(roles.length > 1000, `only ${roles.length} role forms`);
  });

  describe('the kept counterexamples', function () {
    for (const item of regressions()) {
      it(`${item.invariant}: ${JSON.stringify(item.command)} (${item.note})`, async function () {
        const decision = await decideUnder(item.command, item.config);
        if (item.invariant === 'floor') assert.equal(decision.stage, 'hardline-floor', `${item.command}: ${decision.reason}`);
        else assert.notEqual(decision.action, 'approve', `${item.command} under ${describeConfig(item.config)}: ${decision.reason}`);
      });
    }
  });

  for (const seed of SEEDS) {
    describe(`seed ${seed}`, function () {
      it('writes: a file-writing redirect or a writer in the pipe is never covered without writes: true', async function () {
        const bases = approvedManual();
        const arbitrary = fc.tuple(
          fc.constantFrom(...bases),
          fc.oneof(
            fc.record({ op: fc.constantFrom(...WRITE_OPERATORS), target: fc.constantFrom(...WRITE_TARGETS), front: fc.boolean() }),
            fc.record({ writer: fc.constantFrom(...PIPE_WRITERS) }),
          ),
        );
        assert.equal(await check(arbitrary, ([base, variant]) => writesInvariant(base, variant), seed, RUNS), null);
      });

      it('composition: a join of an approved and a refused command is never approved', async function () {
        const approvedOnes = pools.approved.filter((p) => joinable(p.command));
        const refusedCommands = [...new Set(pools.refused.map((p) => p.command))];
        const arbitrary = fc.tuple(fc.constantFrom(...approvedOnes), fc.constantFrom(...refusedCommands), fc.constantFrom(...JOINS), fc.boolean());
        assert.equal(await check(arbitrary, ([c, d, join, dFirst]) => compositionInvariant(c, d, join, dFirst), seed, RUNS), null);
      });

      it('wrappers never widen: a wrapper around a refused command is refused, even under an entry naming it', async function () {
        const refused = pools.refused.filter((p) => joinable(p.command));
        const arbitrary = fc.tuple(fc.constantFrom(...refused), fc.constantFrom(...wrapperPrefixes()), fc.boolean());
        assert.equal(await check(arbitrary, ([d, prefix, named]) => wrapperInvariant(d, prefix, named), seed, RUNS), null);
      });

      it('floors are monotone: a floored command stays floored behind every wrapper, shell text, cd, pipe and neighbour', async function () {
        const contexts = floorContexts();
        const floored = pools.floored.filter(joinable);
        const arbitrary = fc.tuple(fc.constantFrom(...floored), fc.integer({ min: 0, max: contexts.length - 1 }));
        assert.equal(await check(arbitrary, ([c, k]) => floorInvariant(c, contexts[k]!), seed, RUNS), null);
      });

      it('run-time data never helps: a literal word of an escalated command made "$X", $(…) or a glob never approves it', async function () {
        const arbitrary = fc.tuple(fc.constantFrom(...pools.escalated), fc.nat(64), fc.nat(RUN_TIME_FORMS.length - 1));
        assert.equal(await check(arbitrary, ([c, w, k]) => runTimeDataInvariant(c, w, k), seed, RUNS), null);
      });

      it('unplaced words never help: an option renamed to one its row lacks, or a program renamed to one without a row, never approves what was not approved', async function () {
        const arbitrary = fc.tuple(fc.constantFrom(...pools.refused), fc.nat(64), fc.boolean());
        assert.equal(await check(arbitrary, ([c, w, program]) => unplacedInvariant(c, w, program), seed, RUNS), null);
      });

      it('harmless prefixes never widen: a harmless environment prefix never covers a write, an executor or anything the entry would not', async function () {
        const roleSeeds = roles.map((role) => ({ command: role.command, config: manualEntry(role.entries) }));
        const writes = approvedManual()
          .filter((p) => p.config.name === 'manual-entry')
          .map((p) => ({ command: `${p.command} > out.txt`, config: p.config }));
        const arbitrary = fc.tuple(fc.constantFrom(...roleSeeds, ...writes, ...pools.refused), fc.constantFrom(...harmlessPrefixes()));
        assert.equal(await check(arbitrary, ([c, prefix]) => harmlessPrefixInvariant(c, prefix), seed, RUNS), null);
      });

      it('confinement only narrows: a container run covered by the runner\'s entry is not once an option reaching the host, or one no row places, is added', async function () {
        const arbitrary = fc.tuple(fc.constantFrom(...CONFINED_RUNS), fc.constantFrom(...REACHING_OPTIONS), fc.boolean());
        assert.equal(await check(arbitrary, ([run, option, writes]) => confinedRunInvariant(run, option, writes), seed, RUNS), null);
      });

      it('roles: an executor, loader, writer, network or destructive form is never covered by the entry for its program, on any cover path', async function () {
        const arbitrary = fc.tuple(fc.constantFrom(...roles), fc.nat(ROLE_PATHS.length - 1));
        assert.equal(await check(arbitrary, ([role, k]) => roleInvariant(role, k), seed, RUNS), null);
      });

      it('a prefix entry that spells the whole command covers no more than the exact entry (or the glob "C *") would', async function () {
        const arbitrary = fc.tuple(fc.constantFrom(...roles), fc.nat(SPELLED_VARIANTS.length - 1));
        assert.equal(await check(arbitrary, ([role, k]) => spelledWholeInvariant(role, k), seed, RUNS), null);
      });
    });
  }
});
