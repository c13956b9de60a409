/**
 * The parts of the gate on adversarial input, each at 8 and 64 KiB, and how their time grows
 * (docs/performance.md, "Size growth"). These were timed assertions in the unit tests ("stays
 * linear", "64 KiB … in well under the budget"); a busy CI machine made them fail on noise, so the
 * figures live here, side by side in one run, and the unit tests keep only what the parts answer
 * (mocha's timeout still stops a part that hangs).
 *
 * Each input is built to the requested size from a unit that aims where a scanner could go
 * quadratic or a regexp could backtrack: runs of quotes, `$`, `{`, stars, `://`, look-alike tags.
 */
import { parseListEntries, CompiledRegexp, type ListEntry, type ListName } from '../src/gate/lists/listEntry';
import { matchAllow, matchBlocking } from '../src/gate/lists/listMatcher';
import { urlHostsIn } from '../src/gate/preflight/openWorld';
import { preflightFindings } from '../src/gate/preflight/preflight';
import { CHILD_NAME_GLOB } from '../src/gate/preflight/protectedWrite';
import { expandedVariables } from '../src/gate/preflight/scriptEnvLeak';
import { neutraliseTagLookAlikes } from '../src/gate/rater/commandFence';
import { BASH_PATTERN, globMatch } from '../src/gate/reading/globMatch';
import { readCommand } from '../src/gate/reading/reading';
import { resolve } from '../src/gate/reading/resolver';
import { checkHardline } from '../src/gate/hardline/hardline';
import { hardlineAdversarialInputs, unresolvedTextReading } from '../test/support/hardlineAdversarial';
import { formatMs, table, timeRepeated } from './stats';

const HOME = '/home/dev';
const CWD = '/home/dev/project';
const SIZES = [8 * 1024, 64 * 1024] as const;
/**
 * Time ∝ size^k with k at most this counts as linear (the goal D§16 and docs/performance.md set:
 * k ≤ 1.1, an 8× bigger input costing at most 8^1.1 ≈ 9.8× more).
 */
const LINEAR_GROWTH_EXPONENT = 1.1;
/** Runs before timing: until the JIT has settled on the part (at least this many, or this long). */
const WARMUP_RUNS = 20;
const WARMUP_MS = 300;
const TIMED_RUNS = 9;

interface Part {
  name: string;
  /** What runs, on an input of about `size` characters built inside (untimed). */
  prepare(size: number): () => unknown;
}

/** `unit` repeated to about `size` characters. */
const fill = (unit: string, size: number): string => unit.repeat(Math.max(1, Math.floor(size / unit.length)));

function entries(raw: unknown[], list: ListName): ListEntry[] {
  const parsed = parseListEntries(raw, list, 'bench');
  if (parsed.errors.length > 0) throw new Error(`bench entries are invalid: ${parsed.errors.map((e) => e.message).join('; ')}`);
  return parsed.entries;
}
const ALLOW = entries(['ls', 'git status', { match: 'glob', pattern: 'npm run *' }, { match: 'regexp', pattern: '^echo [a-z ]+$' }], 'allow');
const DENY = entries(['git push', { match: 'glob', pattern: '* --force' }, { match: 'exact', pattern: 'make deploy' }, { match: 'regexp', pattern: '(a|aa)+$' }], 'deny');

const read = (command: string) => readCommand(command, { home: HOME, shell: 'bash' });

const resolverParts: Part[] = [
  ['words', 'a '],
  ['single quotes', "'"],
  ['backslashes', '\\'],
  ['dollars', '$'],
  ['quote-dollar pairs', '"$'],
  ['open braces', '{'],
].map(([label, unit]) => ({
  name: `resolver: echo + ${label}`,
  prepare: (size: number) => {
    const command = `echo ${fill(unit!, size - 5)}`;
    return () => resolve(command, { home: HOME, shell: 'bash' });
  },
}));

/** The hardline floor on each of its adversarial shapes, read exactly and as text (both paths, one figure). */
const hardlineParts: Part[] = hardlineAdversarialInputs(1024).map(([label], index) => ({
  name: `hardline: ${label}`,
  prepare: (size: number) => {
    const text = hardlineAdversarialInputs(size)[index]![1];
    const readings = [read(text), unresolvedTextReading(text, HOME)];
    return () => readings.map((reading) => checkHardline(reading));
  },
}));

const PARTS: readonly Part[] = [
  ...resolverParts,
  ...hardlineParts,
  {
    name: 'globMatch: many stars (bash pattern)',
    prepare: (size) => {
      const pattern = `${fill('*a', size - 1)}b`;
      return () => globMatch(pattern, 'a'.repeat(40), BASH_PATTERN);
    },
  },
  {
    name: 'globMatch: many stars (protected names)',
    prepare: (size) => {
      const pattern = `${fill('*a', size - 1)}b`;
      return () => globMatch(pattern, 'a'.repeat(40), CHILD_NAME_GLOB);
    },
  },
  { name: 'urlHostsIn: a run of ://', prepare: (size) => ((text) => () => urlHostsIn(text))(fill('a://', size)) },
  { name: 'expandedVariables: ${ run', prepare: (size) => ((text) => () => expandedVariables(text))(fill('${', size)) },
  { name: 'expandedVariables: $A run', prepare: (size) => ((text) => () => expandedVariables(text))(fill('$A', size)) },
  ...[
    ['angle brackets', '<'],
    ['repeated entities', '&amp;'],
    ['a near-miss tag repeated', '</command_to_evaluat'],
    ['zero-width characters', '<\u200b'],
  ].map(([label, unit]) => ({
    name: `command fence: ${label}`,
    prepare: (size: number) => ((text) => () => neutraliseTagLookAlikes(text))(fill(unit!, size)),
  })),
  {
    name: 'allow + deny lists: many words',
    prepare: (size) => ((reading) => () => [matchAllow(reading, ALLOW), matchBlocking(reading, DENY)])(read(`ls ${fill('a ', size - 3)}`.trim())),
  },
  {
    name: 'allow + deny lists: many segments',
    prepare: (size) => ((reading) => () => [matchAllow(reading, ALLOW), matchBlocking(reading, DENY)])(read(`${fill('git status && ', size - 2)}ls`)),
  },
  {
    name: 'allow + deny lists: unresolved',
    prepare: (size) => ((reading) => () => [matchAllow(reading, ALLOW), matchBlocking(reading, DENY)])(read(`echo $(x) ${fill('git push --force ', size - 10)}`)),
  },
  {
    name: 'regexp entry: ^(a+)+$ on a…a!',
    prepare: (size) => {
      const regexp = new CompiledRegexp('^(a+)+$');
      const text = `${'a'.repeat(size - 1)}!`;
      return () => regexp.evaluate(text, false, 1000);
    },
  },
  {
    name: 'preflight: URLs (resolved)',
    prepare: (size) => {
      const words: string[] = [];
      while (words.join(' ').length < size - 64) words.push(`https://h${words.length}.example/p`);
      const reading = read(`curl ${words.join(' ')}`);
      return () => preflightFindings(reading, { cwd: CWD });
    },
  },
  {
    name: 'preflight: unresolved, every arm',
    prepare: (size) => {
      const reading = read(`curl $(echo ${fill('https://a.example/x', size / 2)}) ${fill('node $TOKEN > ~/.bashrc; ', size / 2)}`.slice(0, size));
      return () => preflightFindings(reading, { cwd: CWD });
    },
  },
  {
    name: 'preflight: protected writes',
    prepare: (size) => {
      const files: string[] = [];
      while (files.join(' ').length < size - 64) files.push(`.vscode/f${files.length}.json`);
      const reading = read(`sed -i s/a/b/ ${files.join(' ')}`);
      return () => preflightFindings(reading, { cwd: CWD });
    },
  },
];

/**
 * Warms `run` up, then its least time over TIMED_RUNS. A part is a deterministic function of its
 * input, so its least time is its cost; the median of a few runs right after loading (as before)
 * mixed in the JIT's tiers and other processes' noise, which made linear parts read as k ≈ 1.4–1.7.
 */
async function leastTime(run: () => unknown): Promise<number> {
  const warmUntil = performance.now() + WARMUP_MS;
  for (let i = 0; i < WARMUP_RUNS && performance.now() < warmUntil; i++) await run();
  return Math.min(...(await timeRepeated(run, 0, TIMED_RUNS)));
}

/** Section 2b of `npm run bench`: every part's least time at 8 and 64 KiB, and its growth. */
export async function partsSection(): Promise<void> {
  console.log('\n── 2b. the parts on adversarial input (moved here from timed unit tests) ──');
  const rows: string[][] = [['part', '8 KiB', '64 KiB', '64/8 growth', 'time ∝ size^k', 'linear?']];
  let allLinear = true;
  for (const part of PARTS) {
    const times: number[] = [];
    for (const size of SIZES) {
      const run = part.prepare(size);
      times.push(await leastTime(run));
    }
    const [at8, at64] = times as [number, number];
    // Below the timer's resolution the ratio says nothing; count such a part as linear.
    const growth = at8 > 0.01 ? at64 / at8 : 1;
    const k = Math.log(Math.max(growth, 1)) / Math.log(8);
    const linear = k <= LINEAR_GROWTH_EXPONENT;
    allLinear &&= linear;
    rows.push([part.name, formatMs(at8), formatMs(at64), `${growth.toFixed(1)}×`, `k = ${k.toFixed(2)}`, linear ? 'yes' : 'NO']);
  }
  console.log(table(rows));
  console.log(`  least time of ${TIMED_RUNS} runs after warming up; every part grows about linearly (k ≤ ${LINEAR_GROWTH_EXPONENT}): ${allLinear ? 'MET' : 'NOT MET'}`);
}
