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
import { formatMs, median, table, timeRepeated } from './stats';

const HOME = '/home/dev';
const CWD = '/home/dev/project';
const SIZES = [8 * 1024, 64 * 1024] as const;
/** An 8× bigger input may cost up to this factor more and still count as linear (noise slack). */
const LINEAR_GROWTH_LIMIT = 16;

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

/** Section 2b of `npm run bench`: every part's median time at 8 and 64 KiB, and its growth. */
export async function partsSection(): Promise<void> {
  console.log('\n── 2b. the parts on adversarial input (moved here from timed unit tests) ──');
  const rows: string[][] = [['part', '8 KiB', '64 KiB', '64/8 growth', 'time ∝ size^k', 'linear?']];
  let allLinear = true;
  for (const part of PARTS) {
    const times: number[] = [];
    for (const size of SIZES) {
      const run = part.prepare(size);
      times.push(median(await timeRepeated(run, 2, 7)));
    }
    const [at8, at64] = times as [number, number];
    // Below the timer's resolution the ratio says nothing; count such a part as linear.
    const growth = at8 > 0.01 ? at64 / at8 : 1;
    const linear = growth <= LINEAR_GROWTH_LIMIT;
    allLinear &&= linear;
    rows.push([part.name, formatMs(at8), formatMs(at64), `${growth.toFixed(1)}×`, `k = ${(Math.log(Math.max(growth, 1)) / Math.log(8)).toFixed(2)}`, linear ? 'yes' : 'NO']);
  }
  console.log(table(rows));
  console.log(`  every part grows about linearly (64 KiB / 8 KiB ≤ ${LINEAR_GROWTH_LIMIT}×): ${allLinear ? 'MET' : 'NOT MET'}`);
}
