/**
 * tar's option reading, held to the real GNU tar (docs/differential-testing.md, "tar").
 *
 * Judged on the executed side only: tar extract and create write files by design (the archive,
 * the members), and that is what an entry for `tar` is written for; running a program is not.
 * So a generated line fails when the real tar started a program and either the gate approves it
 * under an entry for `tar` or the default list, or the payload reader (which feeds the hardline
 * floor and the deny lists) did not report the text tar ran.
 *
 * Also: the option table of src/gate/programs/tarOptions.ts against the real tar's `--help`, and every
 * abbreviation of every program-running long option against the real tar.
 *
 * `GATE_FUZZ_SEED` replays a seed; `GATE_TAR_SEEDS`/`GATE_TAR_COUNT` make a bigger run. Shrunk
 * findings are kept in test/fixtures/programs/tar-regressions.txt (one JSON argv a line).
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { executedPayloads } from '../../../src/gate/programs/executorPayloads';
import { argvRecord } from '../../../src/gate/programs/segmentRecord';
import { TAR_LONG_OPTIONS, TAR_SHORT_WITH_VALUE } from '../../../src/gate/programs/tarOptions';
import { askGate, commandLine, type Configuration } from '../../support/askGate';
import { Prng, fuzzSeed } from '../../support/commandGenerator';
import { createProgramOracle, type ProgramOracle, type ProgramRun, type RunFolders } from '../../support/programOracle';

const REGRESSIONS = path.join(__dirname, '..', '..', 'fixtures', 'programs', 'tar-regressions.txt');

/** Every run starts with a.tar (a.txt and f) and `big`, large enough for several 20 KiB volumes. */
function setup(folders: RunFolders): void {
  fs.writeFileSync(path.join(folders.host, 'big'), 'x'.repeat(100_000));
  execFileSync('tar', ['cf', 'a.tar', 'a.txt', 'f'], { cwd: folders.host, stdio: 'ignore' });
}

const CONFIGURATIONS: Configuration[] = [
  { name: 'manual, allow "tar"', rung: 'manual', allow: ['tar'], defaultAllow: false },
  { name: 'manual, default list', rung: 'manual', allow: [], defaultAllow: true },
];

/** What a record ran: the text of `/bin/sh -c TEXT`, else the program word. */
function ranText(record: readonly string[]): string {
  return /(^|\/)sh$/.test(record[0] ?? '') && record[1] === '-c' ? (record[2] ?? '') : (record[0] ?? '');
}

async function differential(argv: readonly string[], run: ProgramRun): Promise<string | null> {
  if (run.executed.length === 0) return null;
  for (const configuration of CONFIGURATIONS) {
    const decision = await askGate(commandLine(argv), configuration);
    if (decision.action === 'approve') return `approved under ${configuration.name}, ran ${JSON.stringify(run.executed)}`;
  }
  // The pipeline's own payload reader, as the floor and the deny entries get it.
  const texts = executedPayloads(argvRecord(argv.map((value) => ({ kind: 'literal' as const, value, raw: value })))).map((payload) =>
    payload.kind === 'shell-text' ? payload.text : payload.argv.map((word) => word.raw).join(' '),
  );
  for (const record of run.executed) {
    const ran = ranText(record);
    if (!texts.some((text) => text.includes(ran))) return `ran ${JSON.stringify(record)}, the payload reader reported ${JSON.stringify(texts)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Generating lines
// ---------------------------------------------------------------------------------------------

const VALUES: Record<string, readonly string[]> = {
  f: ['a.tar', 'b.tar', 'a.tar'],
  I: ['marker x', 'marker'],
  F: ['marker x', 'id'],
  L: ['20'],
  b: ['1', '20'],
  C: ['sub', '.'],
  g: ['snap'],
};
const FLAGS = ['v', 'O', 'M', 'k', 'p'];
const LONG: ReadonlyArray<readonly [string, readonly string[] | null]> = [
  ['to-command', ['marker y', 'id']],
  ['checkpoint-action', ['exec=marker y', 'dot', 'echo=hi', 'exec=id']],
  ['checkpoint', null],
  ['use-compress-program', ['marker z', 'marker']],
  ['info-script', ['marker i']],
  ['new-volume-script', ['marker n']],
  ['rsh-command', ['marker r']],
  ['force-local', null],
  ['to-stdout', null],
  ['totals', null],
  ['verbose', null],
  ['file', ['a.tar', 'b.tar']],
  ['tape-length', ['20']],
  ['multi-volume', null],
];

interface TarLine {
  /** Option groups; the first may be an old-style key with its values. */
  groups: string[][];
  operands: string[];
}

function keyGroup(random: Prng, mode: string): string[] {
  const letters = [mode];
  for (let k = random.int(0, 2); k > 0; k--) letters.push(random.pick(FLAGS));
  // Few value letters: tar refuses most piles of them (two -I, -I with -M, a second -f).
  for (let k = random.int(0, 2); k > 0; k--) letters.push(random.pick(['b', 'C', 'g', 'I', 'F', 'L']));
  if (random.chance(0.7) && !letters.includes('f')) letters.splice(random.int(1, letters.length), 0, 'f');
  const values = letters.filter((letter) => TAR_SHORT_WITH_VALUE.includes(letter)).map((letter) => random.pick(VALUES[letter]!));
  // Old-style (`xvfI a.tar prog`), a dashed cluster with its values after it (`-xvf a.tar`), or
  // the mode as a long option (`--list`: exact, though it starts `--listed-incremental`).
  if (random.chance(0.2)) {
    const long = { t: 'list', x: 'extract', c: 'create' }[mode]!;
    return [`--${long}`, ...(letters.length > 1 ? [`-${letters.slice(1).join('')}`] : []), ...values];
  }
  const key = random.chance(0.6) ? letters.join('') : `-${letters.join('')}`;
  return [key, ...values];
}

function optionGroup(random: Prng, runner = false): string[] {
  if (runner) {
    // An option that runs a program, in whichever spelling (`-I`, `-F`, or a long one).
    if (random.chance(0.3)) {
      const letter = random.pick(['I', 'F']);
      return random.chance(0.5) ? [`-${letter}`, 'marker s'] : [`-${letter}marker s`];
    }
    return optionGroupOf(random, random.pick(LONG.filter(([, values]) => values?.some((value) => value.includes('marker')))));
  }
  if (random.chance(0.3)) {
    const letter = random.pick(Object.keys(VALUES));
    const value = random.pick(VALUES[letter]!);
    return random.chance(0.5) ? [`-${letter}`, value] : [`-${letter}${value}`];
  }
  return optionGroupOf(random, random.pick(LONG));
}

function optionGroupOf(random: Prng, [name, values]: readonly [string, readonly string[] | null]): string[] {
  const spelled = random.chance(0.4) ? name.slice(0, random.int(2, name.length)) : name;
  if (values === null) return random.chance(0.2) && name === 'checkpoint' ? ['--checkpoint=1'] : [`--${spelled}`];
  const value = random.pick(values);
  return random.chance(0.5) ? [`--${spelled}=${value}`] : [`--${spelled}`, value];
}

function generateLine(random: Prng): TarLine {
  const mode = random.pick(['t', 'x', 'c', 'x']);
  const groups = [keyGroup(random, mode)];
  for (let k = random.int(0, 2); k > 0; k--) groups.push(optionGroup(random));
  if (random.chance(0.7)) groups.splice(random.int(1, groups.length), 0, optionGroup(random, true));
  // Multi-volume scripts run at the end of each volume: a volume size makes several.
  if (random.chance(0.3)) groups.push(['-M', '-L', '20']);
  // Checkpoints only run their action when there are checkpoints.
  if (random.chance(0.3)) groups.push(['--checkpoint=1']);
  const operands = mode === 'c' ? [random.pick(['big', 'a.txt'])] : [];
  return { groups, operands };
}

function argvOf(line: TarLine): string[] {
  return ['tar', ...line.groups.flat(), ...line.operands];
}

async function findingOf(oracle: ProgramOracle, argv: readonly string[]): Promise<string | null> {
  const run = await oracle.run(argv, { setup });
  if (run.status === 'spawn-error' || run.status === 'bad-record') throw new Error(`oracle failed on ${JSON.stringify(argv)}: ${run.detail}`);
  return differential(argv, run);
}

async function shrink(oracle: ProgramOracle, line: TarLine): Promise<TarLine> {
  let current = line;
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = current.groups.length - 1; k >= 1; k--) {
      const candidate = { ...current, groups: current.groups.filter((_, i) => i !== k) };
      if ((await findingOf(oracle, argvOf(candidate))) !== null) {
        current = candidate;
        changed = true;
        break;
      }
    }
  }
  return current;
}

// ---------------------------------------------------------------------------------------------
// tar's own --help, parsed
// ---------------------------------------------------------------------------------------------

interface HelpTable {
  long: Map<string, 'flag' | 'value' | 'optional'>;
  shortWithValue: Set<string>;
}

function readHelp(): HelpTable {
  const help = execFileSync('tar', ['--help'], { encoding: 'utf8', env: { LC_ALL: 'C', PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  const long = new Map<string, 'flag' | 'value' | 'optional'>();
  const shortWithValue = new Set<string>();
  for (const line of help.split('\n')) {
    // `  -F, --info-script=NAME, --new-volume-script=NAME   description`: every name before the description.
    const match = /^\s+(-[A-Za-z0-9], )?(--\S.*?)(\s{2,}|$)/.exec(line);
    if (!match) continue;
    for (const option of match[2]!.matchAll(/--([a-z0-9-]+)(\[=|=)?/g)) {
      const arity = option[2] === '[=' ? 'optional' : option[2] === '=' ? 'value' : 'flag';
      long.set(option[1]!, arity);
      if (match[1] !== undefined && arity === 'value') shortWithValue.add(match[1][1]!);
    }
  }
  return { long, shortWithValue };
}

describe('tar against the real GNU tar', function () {
  this.timeout(300_000);
  let oracle: ProgramOracle;
  before(() => {
    oracle = createProgramOracle({ programs: ['tar'] });
  });
  after(() => oracle?.dispose());

  it('the option table agrees with tar --help', function () {
    const help = readHelp();
    assert.ok(help.long.size > 100, `only ${help.long.size} options read from tar --help`);
    for (const [name, arity] of Object.entries(TAR_LONG_OPTIONS)) assert.equal(help.long.get(name), arity, `--${name}`);
    assert.deepEqual([...help.shortWithValue].sort().join(''), [...TAR_SHORT_WITH_VALUE].sort().join(''));
    // A tar option whose name starts one of the table's is read by exact name, so it must be there.
    for (const name of help.long.keys()) {
      const startsOne = Object.keys(TAR_LONG_OPTIONS).some((known) => known !== name && known.startsWith(name));
      if (startsOne) assert.ok(name in TAR_LONG_OPTIONS, `--${name} is a prefix of a table option but not in the table`);
    }
  });

  it('every abbreviation tar accepts for an option that runs a program is read as that option', async function () {
    // Each option in a line where tar gets to run it.
    const contexts: Record<string, (option: string) => string[]> = {
      'to-command': (option) => ['tar', '-xf', 'a.tar', `${option}=marker p`],
      'checkpoint-action': (option) => ['tar', '-tf', 'a.tar', '--checkpoint=1', `${option}=exec=marker p`],
      'use-compress-program': (option) => ['tar', '-tf', 'a.tar', `${option}=marker p`],
      'info-script': (option) => ['tar', '-cM', '-L', '20', '-f', 'b.tar', `${option}=marker p`, 'big'],
      'new-volume-script': (option) => ['tar', '-cM', '-L', '20', '-f', 'b.tar', `${option}=marker p`, 'big'],
    };
    const lines = Object.entries(contexts).flatMap(([name, line]) => Array.from({ length: name.length }, (_, k) => line(`--${name.slice(0, k + 1)}`)));
    const runs = await Promise.all(lines.map(async (argv) => ({ argv, run: await oracle.run(argv, { setup }) })));
    const wrong: string[] = [];
    let accepted = 0;
    for (const { argv, run } of runs) {
      if (run.executed.length === 0) continue;
      accepted++;
      const finding = await differential(argv, run);
      if (finding !== null) wrong.push(`${JSON.stringify(argv)}: ${finding}`);
    }
    console.log(`      ${oracle.version('tar')}: ${accepted} abbreviations ran a program`);
    assert.ok(accepted >= 30, `only ${accepted} abbreviations ran`);
    assert.deepEqual(wrong, []);
  });

  it('every regression line is refused and its command reported', async function () {
    const lines = fs
      .readFileSync(REGRESSIONS, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => JSON.parse(line) as string[]);
    assert.ok(lines.length > 0);
    const found: string[] = [];
    for (const argv of lines) {
      const run = await oracle.run(argv, { setup });
      if (run.executed.length === 0) found.push(`${JSON.stringify(argv)} no longer runs a program in the oracle`);
      const finding = await differential(argv, run);
      if (finding !== null) found.push(`${JSON.stringify(argv)}: ${finding}`);
      // The same line with `rm -rf /` for a command tar runs is floored at every rung.
      const ran = new Set(run.executed.map(ranText));
      const payload = argv.map((word) => (/^marker( x)?$/.test(word) && [...ran].some((text) => word.startsWith(text)) ? 'rm -rf /' : word));
      if (payload.join('\0') === argv.join('\0')) continue;
      const decision = await askGate(commandLine(payload), { name: 'bypass', rung: 'bypass', allow: ['tar'], defaultAllow: true });
      if (decision.stage !== 'hardline-floor') found.push(`${JSON.stringify(payload)} not floored at bypass: ${decision.stage}`);
    }
    assert.deepEqual(found, []);
  });

  it('generated lines: no approved run executes, no executed text goes unreported', async function () {
    const seeds = Number(process.env.GATE_TAR_SEEDS ?? '1');
    const count = Number(process.env.GATE_TAR_COUNT ?? '200');
    this.timeout(Math.max(300_000, seeds * count * 150));
    const first = fuzzSeed();
    const findings = new Set<string>();
    let executed = 0;
    for (let s = 0; s < seeds; s++) {
      const seed = (first + s) >>> 0;
      const random = new Prng(seed);
      const lines = Array.from({ length: count }, () => generateLine(random));
      const results = await Promise.all(
        lines.map(async (line) => {
          const argv = argvOf(line);
          const run = await oracle.run(argv, { setup });
          return { line, run, finding: await differential(argv, run) };
        }),
      );
      for (const { line, run, finding } of results) {
        if (run.executed.length > 0) executed++;
        if (finding !== null) {
          const small = argvOf(await shrink(oracle, line));
          findings.add(`seed ${seed}: ${JSON.stringify(small)} — ${await findingOf(oracle, small)}`);
        }
      }
    }
    console.log(`      seed ${first}: ${seeds} seed(s) × ${count} lines, ${executed} ran a program, ${findings.size} differential(s)`);
    assert.deepEqual([...findings], []);
  });
});
