/**
 * The sed reader held to the real GNU sed (docs/differential-testing.md, "sed").
 *
 * Generated sed invocations (fragments of every construct the reader claims to read, then
 * mutated character by character) run in the program oracle: a sandboxed GNU sed whose `/bin/sh`
 * is a recorder, in a folder compared before and after. For every invocation sed accepted:
 * - the gate, under an entry `sed` at `manual` and under the default list, must not approve one
 *   that executed a program or wrote a file (the security property);
 * - the reader must have reported an executor form for every run that executed, a writer form for
 *   every run that wrote (or found the script unreadable), and where all its executor forms are
 *   exact `e COMMAND` texts, each command sed ran must be one of them (what the floor reads is
 *   what runs).
 * The other direction (refused though sed ran nothing) is counted and printed as friction.
 *
 * Size: GATE_DIFF_SEEDS (default 1) seeds × GATE_DIFF_PER_SEED (default 600) accepted
 * invocations; GATE_FUZZ_SEED replays one seed. Every differential found is kept, shrunk, in
 * test/fixtures/programs/sed-regressions.txt and runs first.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

import fc from 'fast-check';

import { readSedInvocation, type SedReading } from '../../../src/gate/programs/sed';
import { askGate, commandLine, configurationsFor } from '../../support/askGate';
import { sedInvocation } from '../../support/sedInvocations';
import { createProgramOracle, type ProgramOracle, type ProgramRun } from '../../support/programOracle';

const REGRESSIONS = path.join(__dirname, '../../fixtures/programs/sed-regressions.txt');
const SEEDS = Number(process.env.GATE_DIFF_SEEDS ?? 1);
const PER_SEED = Number(process.env.GATE_DIFF_PER_SEED ?? 600);

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

/** sed reports a script or usage error with exit status 1 and a message; `q1` exits 1 silently. */
function accepted(run: ProgramRun): boolean {
  if (run.status === 'timeout') return true;
  if (run.status !== 'ok') return false;
  return !(run.exitCode === 1 && run.stderr.trim() !== '') && run.exitCode !== 4;
}

interface Tally {
  accepted: number;
  rejectedBySed: number;
  executed: number;
  wrote: number;
  refusedPure: number;
  unreadable: number;
}

function newTally(): Tally {
  return { accepted: 0, rejectedBySed: 0, executed: 0, wrote: 0, refusedPure: 0, unreadable: 0 };
}

/** The commands `/bin/sh -c` was given in a run. */
function shellCommands(run: ProgramRun): string[] {
  return run.executed.filter((argv) => argv[0] === 'sh' && argv[1] === '-c').map((argv) => argv[2] ?? '');
}

/** Every way the gate and the reader can disagree with what sed did; empty when they agree. */
async function compare(argv: string[], run: ProgramRun, tally: Tally = newTally()): Promise<string[]> {
  const problems: string[] = [];
  const reading: SedReading = readSedInvocation(argv.slice(1));
  const executed = run.executed.length > 0;
  const wrote = run.wrote.length > 0;
  tally.accepted++;
  if (executed) tally.executed++;
  if (wrote) tally.wrote++;
  if (!reading.readable) tally.unreadable++;
  const executes = reading.forms.filter((f) => f.kind === 'executes');
  if (reading.readable) {
    if (executed && executes.length === 0) problems.push(`reader: no executor form, sed ran ${JSON.stringify(run.executed)}`);
    if (wrote && !reading.forms.some((f) => f.kind === 'writes')) problems.push(`reader: no writer form, sed wrote ${JSON.stringify(run.wrote)}`);
    if (executes.length > 0 && executes.every((f) => f.exact && f.text !== null)) {
      const texts = new Set(executes.map((f) => f.text));
      for (const ran of shellCommands(run)) {
        if (!texts.has(ran)) problems.push(`reader: sed ran ${JSON.stringify(ran)}, the reader said ${JSON.stringify([...texts])}`);
      }
    }
  }
  const command = commandLine(argv);
  for (const configuration of configurationsFor('sed')) {
    const decision = await askGate(command, configuration);
    if (decision.action !== 'approve' && !executed && !wrote && configuration.allow.length > 0) tally.refusedPure++;
    if (decision.action === 'approve' && (executed || wrote)) {
      problems.push(`gate: approved under ${configuration.name} (stage ${decision.stage}) though sed ${executed ? `ran ${JSON.stringify(run.executed)}` : ''} ${wrote ? `wrote ${JSON.stringify(run.wrote)}` : ''}`);
    }
  }
  return problems;
}

function describe_(argv: string[], run: ProgramRun, problems: string[]): string {
  return `${JSON.stringify(argv)}\n  exit ${run.exitCode} ${run.status}; stderr ${JSON.stringify(run.stderr.slice(0, 200))}\n  ${problems.join('\n  ')}`;
}

/** Regression lines: a JSON array of argv words per line (`#` starts a comment line). */
function loadRegressions(): string[][] {
  return fs
    .readFileSync(REGRESSIONS, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => JSON.parse(line) as string[]);
}

describe('sed reader against the real GNU sed', function () {
  this.timeout(1_800_000);
  let oracle: ProgramOracle;

  before(function () {
    oracle = createProgramOracle({ programs: ['sed'], timeoutMs: 1500 });
    console.log(`      ${oracle.version('sed').replace(/^.*\(GNU sed\)/, 'GNU sed')}, recorder: ${oracle.recorder}`);
  });

  after(function () {
    oracle?.dispose();
  });

  it('the oracle sees what sed runs and writes (self-check)', async function () {
    const ran = await oracle.run(['sed', 'e marker', 'f']);
    assert.deepEqual(shellCommands(ran), ['marker', 'marker']);
    const wrote = await oracle.run(['sed', '-n', 'w out', 'f']);
    assert.deepEqual(wrote.wrote, ['out']);
    const pure = await oracle.run(['sed', 's/x/y/', 'f']);
    assert.deepEqual([pure.executed, pure.wrote], [[], []]);
    const refused = await oracle.run(['sed', '--sandbox', 'e marker', 'f']);
    assert.equal(accepted(refused), false, 'sed rejects e under --sandbox');
  });

  it('the regression lines: no differential', async function () {
    const failures: string[] = [];
    for (const argv of loadRegressions()) {
      const run = await oracle.run(argv);
      const problems = await compare(argv, run);
      if (problems.length > 0) failures.push(describe_(argv, run, problems));
    }
    assert.deepEqual(failures, []);
  });

  const seeds = process.env.GATE_FUZZ_SEED ? [Number(process.env.GATE_FUZZ_SEED)] : Array.from({ length: SEEDS }, (_unused, k) => 20261202 + k);
  for (const seed of seeds) {
    it(`generated invocations (seed ${seed}, ${PER_SEED} that sed accepts): no differential`, async function () {
      const tally = newTally();
      await fc.assert(
        fc.asyncProperty(sedInvocation, async (argv) => {
          const run = await oracle.run(argv);
          if (!accepted(run)) {
            tally.rejectedBySed++;
            fc.pre(false);
          }
          const problems = await compare(argv, run, tally);
          if (problems.length > 0) throw new Error(describe_(argv, run, problems));
        }),
        { seed, numRuns: PER_SEED, maxSkipsPerRun: 20, endOnFailure: false },
      );
      console.log(
        `      seed ${seed}: ${tally.accepted} accepted by sed (${tally.rejectedBySed} rejected), ${tally.executed} executed, ${tally.wrote} wrote; ` +
          `friction: ${tally.refusedPure} pure ones not approved under the entry (${tally.unreadable} unreadable to the reader)`,
      );
      assert.ok(tally.accepted >= PER_SEED, `only ${tally.accepted} of ${PER_SEED} accepted`);
    });
  }
});
