/**
 * The Python and JavaScript code readers (src/gate/programs/languages/) and the hardline floor,
 * held to the real `python3` and `node`.
 *
 * Each generated program (test/support/languagePrograms.ts) runs as `python3 -I -c CODE` or
 * `node -e CODE` in the program oracle's sandbox (test/support/programOracle.ts), where every
 * program it starts is a recorder and its working folder (also its HOME) is watched. A run
 * "executed a catastrophic payload" when it started `rm -rf TARGET` (directly, or as `sh -c` text)
 * with TARGET `/`, `/etc`, `/usr` or its home folder, or when it removed its home folder's own
 * files. The floor is asked about the same command line at bypass (checkHardline): a catastrophic
 * run it let through is a differential, and fails the suite. A refused run that did nothing
 * catastrophic is friction, counted and reported (the approximate fallback refuses code it cannot
 * follow whenever one of its literals reads as a catastrophic command).
 *
 * `GATE_FUZZ_SEED` picks the first seed, `GATE_DIFF_SEEDS` how many, `GATE_DIFF_PER_SEED` how many
 * programs per seed (default one seed × 300). The long form for the note:
 * `GATE_DIFF_SEEDS=20 GATE_DIFF_PER_SEED=1000`.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { checkHardline } from '../../../src/gate/hardline/hardline';
import { readCommand } from '../../../src/gate/reading/reading';
import { commandLine } from '../../support/askGate';
import { fuzzSeed } from '../../support/commandGenerator';
import { languagePrograms, type LanguageProgram } from '../../support/languagePrograms';
import { createProgramOracle, type ProgramOracle, type ProgramRun } from '../../support/programOracle';

/** The argv a program runs as. */
function argvOf(program: LanguageProgram): string[] {
  return program.language === 'python' ? ['python3', '-I', '-c', program.code] : ['node', '-e', program.code];
}

/** True when the run started `rm -rf TARGET` (or `sh -c 'rm -rf TARGET'`) for a catastrophic target, or emptied its home. */
export function executedCatastrophe(run: ProgramRun, home: string): boolean {
  const targets = new Set(['/', '/etc', '/usr', home, `${home}/`, '~']);
  for (const argv of run.executed) {
    const name = (argv[0] ?? '').split('/').pop();
    let words: string[] = argv.slice(1);
    if ((name === 'sh' || name === 'bash') && argv[1] === '-c') words = (argv[2] ?? '').trim().split(/\s+/).slice(1);
    else if (name !== 'rm') continue;
    if ((name === 'rm' || /^rm\b/.test((argv[2] ?? '').trim())) && words.includes('-rf') && words.some((word) => targets.has(word))) return true;
  }
  // Removing the home folder's own files (the run's folder: `in.txt` sits at its top).
  return run.wrote.includes('in.txt');
}

interface Result {
  line: string;
  /** The program meant to run a catastrophic payload and did not (a program that failed: the generator's fault). */
  missed: boolean;
  stderr: string;
  shape: string;
  catastrophicRun: boolean;
  refused: boolean;
  differential: string | null;
}

async function checkProgram(oracle: ProgramOracle, program: LanguageProgram): Promise<Result> {
  const argv = argvOf(program);
  let home = '';
  const run = await oracle.run(argv, { setup: (folders) => (home = folders.sandbox) });
  const line = commandLine(argv);
  const refused = checkHardline(readCommand(line, { home: '/home/agent', shell: 'any' }), '/home/agent/project') !== null;
  const catastrophicRun = executedCatastrophe(run, home);
  let differential: string | null = null;
  if (run.status === 'spawn-error' || run.status === 'bad-record') differential = `oracle ${run.status}: ${run.detail ?? run.stderr}`;
  else if (catastrophicRun && !refused) differential = `the floor approved a run that executed ${JSON.stringify(run.executed)} and wrote ${JSON.stringify(run.wrote)}`;
  return { line, missed: program.catastrophic !== null && !catastrophicRun, stderr: run.stderr, shape: program.shape, catastrophicRun, refused, differential };
}

function positiveInteger(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(text)}`);
  return value;
}

describe('code readers differential (Python and JavaScript readers and the floor vs real python3 and node)', function () {
  this.timeout(3_600_000);
  let oracle: ProgramOracle;
  let savedPath: string | undefined;

  before(function () {
    // The host's python3 itself (not a version manager's shim script): its standard library is
    // copied in at the path it was built for.
    savedPath = process.env.PATH;
    process.env.PATH = '/usr/bin:/bin';
    try {
      const stdlib = execFileSync('python3', ['-I', '-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], { encoding: 'utf8', env: process.env }).trim();
      oracle = createProgramOracle({ programs: ['python3', 'node'], extraPaths: [stdlib], timeoutMs: 20_000 });
    } finally {
      process.env.PATH = savedPath;
    }
    console.log(`      ${oracle.version('python3')}, node ${oracle.version('node')} in the program oracle's sandbox`);
  });

  after(function () {
    oracle?.dispose();
  });

  it('the oracle sees what a program runs and deletes', async function () {
    let home = '';
    const system = await oracle.run(['python3', '-I', '-c', 'import os; os.system("rm -rf /")'], { setup: (f) => (home = f.sandbox) });
    assert.deepEqual(system.executed.map((argv) => argv.slice(1)), [['-c', 'rm -rf /']]);
    assert.equal(executedCatastrophe(system, home), true);
    const spawn = await oracle.run(['node', '-e', 'require("child_process").spawnSync("rm", ["-rf", require("os").homedir()])'], { setup: (f) => (home = f.sandbox) });
    assert.equal(executedCatastrophe(spawn, home), true, JSON.stringify(spawn));
    const rmtree = await oracle.run(['python3', '-I', '-c', 'import shutil, os; shutil.rmtree(os.path.expanduser("~"), ignore_errors=True)'], { setup: (f) => (home = f.sandbox) });
    assert.equal(executedCatastrophe(rmtree, home), true, JSON.stringify(rmtree));
    const benign = await oracle.run(['node', '-e', 'require("child_process").execSync("rm -rf ./build"); require("fs").rmSync("sub", { recursive: true })'], { setup: (f) => (home = f.sandbox) });
    assert.equal(executedCatastrophe(benign, home), false, JSON.stringify(benign));
    assert.ok(benign.executed.length === 1 && benign.wrote.includes('sub/deep.txt'));
  });

  it('generated programs: no catastrophic run approved by the floor', async function () {
    const first = fuzzSeed();
    const seeds = positiveInteger(process.env.GATE_DIFF_SEEDS, 1, 'GATE_DIFF_SEEDS');
    const perSeed = positiveInteger(process.env.GATE_DIFF_PER_SEED, 300, 'GATE_DIFF_PER_SEED');
    const differentials: string[] = [];
    let runs = 0;
    let catastrophic = 0;
    let refusedCatastrophic = 0;
    let friction = 0;
    let missed = 0;
    const missedSamples: string[] = [];
    const frictionByShape = new Map<string, number>();
    for (let s = 0; s < seeds; s++) {
      const seed = (first + s) >>> 0;
      const programs = languagePrograms(seed, perSeed);
      const results = await Promise.all(programs.map((program) => checkProgram(oracle, program)));
      for (const result of results) {
        runs++;
        if (result.missed) {
          missed++;
          if (missedSamples.length < 3) missedSamples.push(`${result.line} -> ${result.stderr.trim().split('\n').pop()}`);
        }
        if (result.catastrophicRun) {
          catastrophic++;
          if (result.refused) refusedCatastrophic++;
        } else if (result.refused && !result.missed) {
          friction++;
          frictionByShape.set(result.shape, (frictionByShape.get(result.shape) ?? 0) + 1);
        }
        if (result.differential !== null && differentials.length < 20) differentials.push(`[seed ${seed}] ${result.line}\n        ${result.differential}`);
      }
    }
    const shapes = [...frictionByShape].sort((a, b) => b[1] - a[1]).map(([shape, n]) => `${shape} ${n}`).join(', ');
    console.log(
      `      seeds ${first}..${(first + seeds - 1) >>> 0} × ${perSeed}: ${runs} programs run, ${catastrophic} executed a catastrophic payload (${refusedCatastrophic} refused by the floor), ` +
        `${runs - catastrophic} did not (${missed} meant to and failed); friction (a benign program refused): ${friction}${shapes === '' ? '' : ` (${shapes})`}`,
    );
    if (missedSamples.length > 0) console.log(`      e.g. ${missedSamples.join('\n      e.g. ')}`);
    assert.deepEqual(differentials, []);
    // The comparison compared something: about half the programs carry a catastrophic payload.
    assert.ok(catastrophic > runs / 5, `only ${catastrophic} of ${runs} runs executed a catastrophic payload: the oracle or the generator is broken`);
  });
});
