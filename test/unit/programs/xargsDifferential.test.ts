/**
 * xargs's option grammar, held to the real GNU xargs (docs/differential-testing.md, "xargs").
 *
 * Generated lines `xargs OPTIONS… COMMAND…` run in the program oracle with a little input on
 * stdin. The gate's wrapper peel (src/gate/programs/wrappers.ts) says where the wrapped command starts;
 * when it says it is sure (`exact`), every program xargs started must be that command: the same
 * program word and the same leading words (words after it that hold the replace string of `-I`
 * aside, which xargs fills from its input). Also a failure: xargs could not find or run (exit 126/127) the
 * program the gate named — it looked elsewhere (`--process-slot-var=PATH`) — and any approval of
 * a line that ran something under an entry for `xargs` (D§4.3: a wrapper's entry never covers
 * what it runs).
 *
 * `GATE_FUZZ_SEED` replays a seed; `GATE_XARGS_SEEDS` (how many seeds) and `GATE_XARGS_COUNT`
 * (lines per seed) make a bigger run. Every shrunk differential is kept in
 * test/fixtures/programs/xargs-regressions.txt and checked again on every run.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Segment, Word } from '../../../src/gate/reading/resolution';
import { appendedInputShapes } from '../../../src/gate/lists/listMatcher';
import { peelWrappers } from '../../../src/gate/programs/wrappers';
import { askGate, commandLine, type Configuration } from '../../support/askGate';
import { Prng, fuzzSeed } from '../../support/commandGenerator';
import { MARKER_PROGRAMS, createProgramOracle, type ProgramOracle, type ProgramRun } from '../../support/programOracle';

const STDIN = 'in1 in2\nin3\n';
const REGRESSIONS = path.join(__dirname, '..', '..', 'fixtures', 'programs', 'xargs-regressions.txt');

function literal(value: string): Word {
  return { kind: 'literal', value, raw: value };
}

// ---------------------------------------------------------------------------------------------
// Generating lines from xargs's own grammar (GNU findutils 4.9: getopt_long "+0a:E:e::i::I:l::L:n:prs:txP:d:o")
// ---------------------------------------------------------------------------------------------

const NUMBERS = ['1', '2', '0', 'x', '3'];
const VALUES: Record<string, readonly string[]> = {
  a: ['a.txt', 'missing.txt', 'in.txt'],
  E: ['in2', 'x', 'marker'],
  e: ['in2', 'x'],
  I: ['{}', 'R', 'marker', 'in'],
  i: ['{}', 'R', 'marker'],
  L: NUMBERS,
  l: NUMBERS,
  n: NUMBERS,
  P: ['1', '2', '0'],
  s: ['100', '5', '20000'],
  d: [' ', '\\n', 'x', 'n', '\\x20'],
  'process-slot-var': ['SLOT', 'PATH', 'HOME'],
};
const SHORT_FLAGS = '0rtx';
const SHORT_VALUE = 'aEILnPsd';
const SHORT_OPTIONAL = 'eil';
const LONG: ReadonlyArray<readonly [name: string, arity: 'flag' | 'arg' | 'optional', letter: string]> = [
  ['null', 'flag', '0'], ['arg-file', 'arg', 'a'], ['delimiter', 'arg', 'd'], ['eof', 'optional', 'e'],
  ['replace', 'optional', 'i'], ['max-lines', 'optional', 'l'], ['max-args', 'arg', 'n'], ['open-tty', 'flag', 'o'],
  ['max-procs', 'arg', 'P'], ['interactive', 'flag', 'p'], ['process-slot-var', 'arg', 'process-slot-var'],
  ['no-run-if-empty', 'flag', 'r'], ['max-chars', 'arg', 's'], ['verbose', 'flag', 't'], ['exit', 'flag', 'x'],
  ['show-limits', 'flag', 'show-limits'], ['help', 'flag', 'help'], ['version', 'flag', 'version'],
];
const COMMANDS: ReadonlyArray<readonly string[]> = [
  ['marker'], ['marker', 'a'], ['id', '-u'], ['marker', '{}'], ['marker', 'R', 'x'], ['{}'], ['R', 'x'],
  ['marker', '-n', '1'], ['--', 'marker'], ['-', 'marker'], ['echo'], [], ['in', 'x'], ['marker', 'in1'],
];

function valueFor(random: Prng, letter: string): string {
  return random.pick(VALUES[letter] ?? NUMBERS);
}

/** One option group: the words of one option as a person might write it. */
function optionGroup(random: Prng): string[] {
  switch (random.int(0, 6)) {
    case 0: // a short flag cluster, maybe ending in a letter that takes a value
    {
      let cluster = '-';
      for (let k = random.int(1, 3); k > 0; k--) cluster += random.pick([...SHORT_FLAGS, 'o', 'p']);
      if (random.chance(0.4)) {
        const letter = random.pick([...SHORT_VALUE, ...SHORT_OPTIONAL]);
        const value = valueFor(random, letter);
        return SHORT_OPTIONAL.includes(letter) || random.chance(0.5) ? [cluster + letter + (SHORT_OPTIONAL.includes(letter) && random.chance(0.5) ? '' : value)] : [cluster + letter, value];
      }
      return [cluster];
    }
    case 1: {
      const letter = random.pick([...SHORT_VALUE]);
      return random.chance(0.5) ? [`-${letter}`, valueFor(random, letter)] : [`-${letter}${valueFor(random, letter)}`];
    }
    case 2: {
      const letter = random.pick([...SHORT_OPTIONAL]);
      return random.chance(0.5) ? [`-${letter}`] : [`-${letter}${valueFor(random, letter)}`];
    }
    case 3:
    case 4: {
      const [name, arity, letter] = random.pick(LONG);
      // getopt_long takes unambiguous abbreviations; some of these are ambiguous on purpose.
      const spelled = random.chance(0.3) ? name.slice(0, random.int(1, name.length)) : name;
      if (arity === 'flag') return random.chance(0.1) ? [`--${spelled}=1`] : [`--${spelled}`];
      if (arity === 'optional') return random.chance(0.5) ? [`--${spelled}`] : [`--${spelled}=${valueFor(random, letter)}`];
      return random.chance(0.5) ? [`--${spelled}`, valueFor(random, letter)] : [`--${spelled}=${valueFor(random, letter)}`];
    }
    case 5:
      return [random.pick(['-q', '--bogus', '-', '--', '-J', '-0n1', '-rt'])];
    default:
      return [random.pick(['-0', '-r', '-t', '-x'])];
  }
}

export interface XargsLine {
  groups: string[][];
  command: string[];
}

function generateLine(random: Prng): XargsLine {
  const groups: string[][] = [];
  for (let k = random.int(0, 4); k > 0; k--) groups.push(optionGroup(random));
  return { groups, command: [...random.pick(COMMANDS)] };
}

function argvOf(line: XargsLine): string[] {
  return ['xargs', ...line.groups.flat(), ...line.command];
}

// ---------------------------------------------------------------------------------------------
// Judging one run
// ---------------------------------------------------------------------------------------------

const ENTRY_FOR_XARGS: Configuration = { name: 'manual, allow "xargs"', rung: 'manual', allow: ['xargs'], defaultAllow: true };

interface Verdict {
  exact: boolean;
  /** Null: no differential. */
  differential: string | null;
}

async function judge(argv: readonly string[], run: ProgramRun): Promise<Verdict> {
  const peeled = peelWrappers(argv.map(literal));
  const xargs = peeled.layers[0]!;
  const executed = run.executed;
  const approved = (await askGate(commandLine(argv), ENTRY_FOR_XARGS)).action === 'approve';
  if (approved && executed.length > 0) {
    // The xargs shape (docs/decisions.md): the default entry for a command whose words only read
    // covers it when xargs only appends input. Then every run must be that command with words
    // appended, and nothing else; any other approved run is a differential.
    const segment: Segment = { argv: argv.map(literal), assignments: [], redirects: [], connector: null, negated: false, timed: false, raw: commandLine(argv) };
    const shaped = appendedInputShapes(segment).length > 0;
    const command = xargs.inner.map((word) => (word.kind === 'literal' ? word.value : null));
    const appended = (record: readonly string[]): boolean => command.every((word, k) => record[k] === word);
    if (!shaped || !executed.every(appended)) return { exact: xargs.exact, differential: `approved under an entry for xargs, ran ${JSON.stringify(executed)}` };
  }
  if (!xargs.exact) return { exact: false, differential: null };
  const inner = xargs.inner.map((word) => (word.kind === 'literal' ? word.value : null));
  if (inner.length === 0) {
    // No command: xargs runs echo, or none for --help/--version.
    const other = executed.find((record) => record[0] !== 'echo');
    return { exact: true, differential: other ? `the gate read no command, xargs ran ${JSON.stringify(other)}` : null };
  }
  if (executed.length === 0) {
    // Only a program that is on the sandbox's PATH could have been found where the gate looks.
    const pathChanged = xargs.assignments.some((assignment) => assignment.name === 'PATH');
    if ((run.exitCode === 126 || run.exitCode === 127) && MARKER_PROGRAMS.includes(inner[0] ?? '') && !pathChanged) return { exact: true, differential: `xargs could not find or run ${JSON.stringify(inner[0])} (exit ${run.exitCode}): ${run.stderr.trim()}` };
    return { exact: true, differential: null };
  }
  // The replace string xargs fills from input, as the gate read it (a wrong reading shows below).
  let replace: string | null = null;
  for (const option of xargs.options) {
    if (option.name === 'I' || option.name === 'i') replace = option.value === null ? '{}' : option.value.kind === 'literal' ? option.value.value : null;
  }
  for (const record of executed) {
    for (let k = 0; k < inner.length; k++) {
      const expected = inner[k] ?? null;
      if (expected === null) return { exact: true, differential: `an opaque word in an exact reading` };
      // xargs fills input into the initial arguments, never into the program word.
      if (k > 0 && replace !== null && replace !== '' && expected.includes(replace)) continue;
      if (record[k] !== expected) {
        return { exact: true, differential: `word ${k}: the gate read ${JSON.stringify(inner)}, xargs ran ${JSON.stringify(record)}` };
      }
    }
  }
  return { exact: true, differential: null };
}

async function differentialOf(oracle: ProgramOracle, line: XargsLine): Promise<string | null> {
  const argv = argvOf(line);
  const run = await oracle.run(argv, { stdin: STDIN });
  if (run.status === 'spawn-error' || run.status === 'bad-record') throw new Error(`oracle failed on ${JSON.stringify(argv)}: ${run.detail}`);
  return (await judge(argv, run)).differential;
}

/** Greedy shrinking: drop option groups, then command words, while the line stays a differential. */
async function shrink(oracle: ProgramOracle, line: XargsLine): Promise<XargsLine> {
  let current = line;
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = 0; k < current.groups.length; k++) {
      const candidate = { groups: current.groups.filter((_, i) => i !== k), command: current.command };
      if ((await differentialOf(oracle, candidate)) !== null) {
        current = candidate;
        changed = true;
        break;
      }
    }
    if (!changed && current.command.length > 1) {
      const candidate = { groups: current.groups, command: current.command.slice(0, -1) };
      if ((await differentialOf(oracle, candidate)) !== null) {
        current = candidate;
        changed = true;
      }
    }
  }
  return current;
}

function readRegressions(): string[][] {
  return fs
    .readFileSync(REGRESSIONS, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => JSON.parse(line) as string[]);
}

describe('xargs against the real GNU xargs', function () {
  this.timeout(300_000);
  let oracle: ProgramOracle;
  before(() => {
    oracle = createProgramOracle({ programs: ['xargs'] });
  });
  after(() => oracle?.dispose());

  it('the oracle sees xargs run its command, with the input appended', async function () {
    const run = await oracle.run(['xargs', 'marker', 'a'], { stdin: STDIN });
    assert.deepEqual(run.executed, [['marker', 'a', 'in1', 'in2', 'in3']]);
    const replaced = await oracle.run(['xargs', '-I', 'R', 'marker', 'R', 'x'], { stdin: 'id\n' });
    assert.deepEqual(replaced.executed, [['marker', 'id', 'x']]);
    // The program word is not an initial argument: xargs runs `R` itself (and finds none).
    const programWord = await oracle.run(['xargs', '-I', 'R', 'R', 'x'], { stdin: 'id\n' });
    assert.deepEqual([programWord.executed, programWord.exitCode], [[], 127]);
  });

  it('every regression line reads exactly or is refused', async function () {
    const found: string[] = [];
    for (const argv of readRegressions()) {
      const run = await oracle.run(argv, { stdin: STDIN });
      const verdict = await judge(argv, run);
      if (verdict.differential !== null) found.push(`${JSON.stringify(argv)}: ${verdict.differential}`);
    }
    assert.deepEqual(found, []);
  });

  it('the floor sees the command after --show-limits, and no entry covers a slot variable', async function () {
    const floored = await askGate('xargs --show-limits rm -rf /', { name: 'bypass', rung: 'bypass', allow: [], defaultAllow: true });
    assert.equal(floored.stage, 'hardline-floor');
    const slot = await askGate('xargs --process-slot-var=PATH ls', { name: 'allow xargs ls', rung: 'manual', allow: ['xargs ls', 'ls'], defaultAllow: true });
    assert.notEqual(slot.action, 'approve');
  });

  it('generated lines: the gate\'s peel finds exactly the command xargs runs', async function () {
    const seeds = Number(process.env.GATE_XARGS_SEEDS ?? '1');
    const count = Number(process.env.GATE_XARGS_COUNT ?? '400');
    // A bigger run takes longer: about 25 ms a line on two cores, with room to spare.
    this.timeout(Math.max(300_000, seeds * count * 100));
    const first = fuzzSeed();
    const findings: string[] = [];
    let exact = 0;
    let executedRuns = 0;
    for (let s = 0; s < seeds; s++) {
      const seed = (first + s) >>> 0;
      const random = new Prng(seed);
      const lines = Array.from({ length: count }, () => generateLine(random));
      const results = await Promise.all(
        lines.map(async (line) => {
          const argv = argvOf(line);
          const run = await oracle.run(argv, { stdin: STDIN });
          return { line, run, verdict: await judge(argv, run) };
        }),
      );
      for (const { line, run, verdict } of results) {
        if (verdict.exact) exact++;
        if (run.executed.length > 0) executedRuns++;
        if (verdict.differential !== null) {
          const small = await shrink(oracle, line);
          findings.push(`seed ${seed}: ${JSON.stringify(argvOf(small))} — ${await differentialOf(oracle, small)}`);
        }
      }
    }
    console.log(`      ${oracle.version('xargs')}: seed ${first}, ${seeds} seed(s) × ${count} lines, ${exact} read exactly, ${executedRuns} ran a program, ${findings.length} differential(s)`);
    assert.deepEqual([...new Set(findings)], []);
  });
});
