/**
 * The working folder along a line (pathResolver.ts, placesOfSegments), held to the real bash
 * (docs/differential-testing.md, "The working folder along a line").
 *
 * Generated lines of `cd`, `pushd`, `popd`, `true`, `false` and markers, joined by `;`, `&&`, `||`
 * and `|`, some negated with `!`, run in a folder with links (absolute and relative) to a folder
 * outside it. Each marker prints bash's physical folder (`pwd -P`) when it runs. A line fails when
 * a marker ran in a folder the gate did not list for it (through links, as the floors ask), unless
 * the gate said that folder is not pinned down. The gate may list more folders than bash reaches
 * (a `cd` that may fail leaves both); never fewer.
 *
 * Some lines run with a CDPATH exported, as an agent's shell may have it (the gate's own terminals
 * scrub it); the gate is then given the same CDPATH.
 *
 * `GATE_FUZZ_SEED` replays a seed; `GATE_CD_COUNT` makes a bigger run. Shrunk findings are the
 * regression lines below.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { landingPaths, placesOfSegments, startPlace } from '../../../src/gate/programs/pathResolver';
import { resolve } from '../../../src/gate/reading/resolver';
import { Prng, fuzzSeed } from '../../support/commandGenerator';

/** Lines that once disagreed with bash (the folder each marker really ran in was not listed). */
const REGRESSIONS = [
  // `..` after a link, as the kernel takes it: -P, and a logical path that does not exist.
  'cd -P l/.. && mark 1',
  'cd l/../x && mark 1',
  'cd rl/../x && mark 1',
  // A `cd` skipped with a status of 0 narrows nothing after it.
  'cd -L src/up/b; mark 1 || cd -L src && mark 2',
  'mark 1 || cd /nope || cd -L nope && cd src/deep; mark 2',
];

interface Tree {
  root: string;
  work: string;
  home: string;
}

function makeTree(): Tree {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(tmpdir(), 'gate-cd-')));
  const work = path.join(root, 'ws');
  for (const folder of ['ws/src/deep', 'evil/sub/inner', 'evil/x', 'a/b', 'home']) fs.mkdirSync(path.join(root, folder), { recursive: true });
  fs.symlinkSync(path.join(root, 'evil', 'sub'), path.join(work, 'l'));
  fs.symlinkSync('../evil/sub', path.join(work, 'rl'));
  fs.symlinkSync('../../a', path.join(work, 'src', 'up'));
  return { root, work, home: path.join(root, 'home') };
}

function folderWords(tree: Tree): string[] {
  return ['sub', 'src', 'src/deep', '..', '../..', 'l', 'rl', 'l/..', 'l/../x', 'rl/../x', 'x', 'nope', 'nope/..', 'l/inner/../..', 'src/up/b', 'src/up/..', `${tree.root}/a`, tree.work, '~', '-'];
}

function generate(prng: Prng, tree: Tree): string {
  const words = folderWords(tree);
  const parts: string[] = [];
  const count = prng.int(2, 7);
  let marks = 0;
  for (let k = 0; k < count; k++) {
    let command: string;
    const kind = prng.int(0, 9);
    if (kind <= 3) command = `cd ${prng.pick(['', '', '-P ', '-L '])}${prng.pick(words)}`;
    else if (kind === 4) command = `pushd ${prng.pick(words.filter((w) => w !== '-'))} >/dev/null`;
    else if (kind === 5) command = 'popd >/dev/null';
    else if (kind === 6) command = prng.pick(['true', 'false']);
    else command = `mark ${++marks}`;
    // `!` starts a pipeline, never a part after `|`.
    if (prng.chance(0.1) && parts[parts.length - 1] !== ' | ') command = `! ${command}`;
    parts.push(command);
    if (k < count - 1) parts.push(prng.weighted<string>([[4, ' && '], [3, '; '], [2, ' || '], [1, ' | ']]));
  }
  parts.push(`${parts.length > 0 ? '; ' : ''}mark ${++marks}`);
  return parts.join('');
}

/** The folder bash was in at each marker that ran: marker number → physical folder. */
function bashMarks(line: string, tree: Tree, cdpath?: string): Map<string, string> {
  const script = `mark() { echo "M$1 $(pwd -P)"; }\n${line}\n`;
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: tree.home, LC_ALL: 'C', ...(cdpath !== undefined ? { CDPATH: cdpath } : {}) };
  const run = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { cwd: tree.work, env, encoding: 'utf8', timeout: 10_000 });
  assert.equal(run.error, undefined, `bash did not run: ${run.error?.message}`);
  const marks = new Map<string, string>();
  for (const out of run.stdout.split('\n')) {
    const match = /^M([0-9]+) (\/.*)$/.exec(out);
    if (match) marks.set(match[1]!, match[2]!);
  }
  return marks;
}

/** What is wrong with the gate's folders for the line, or null when every marker is listed. */
function disagreement(line: string, tree: Tree, cdpath?: string): string | null {
  const resolution = resolve(line, { home: tree.home, shell: 'bash' });
  if (!resolution.resolved) return `the resolver did not read it (${resolution.mechanisms.join(', ')})`;
  const places = placesOfSegments(resolution.segments, startPlace(tree.home, tree.work, true, cdpath));
  const marks = bashMarks(line, tree, cdpath);
  for (let k = 0; k < resolution.segments.length; k++) {
    const argv = resolution.segments[k]!.argv.map((word) => word.raw);
    if (argv[0] !== 'mark') continue;
    const ran = marks.get(argv[1]!);
    if (ran === undefined) continue;
    const place = places[k]!;
    const landing = landingPaths('.', place, true);
    if (place.unknownFolder || landing.unknown) continue;
    if (!landing.paths.includes(ran)) return `mark ${argv[1]} ran in ${ran}; the gate listed ${JSON.stringify(landing.paths)}`;
  }
  return null;
}

describe('path resolver: the working folder along a line, against the real bash', function () {
  this.timeout(120_000);
  let tree: Tree;
  before(() => {
    tree = makeTree();
  });
  after(() => fs.rmSync(tree.root, { recursive: true, force: true }));

  for (const line of REGRESSIONS) {
    it(`regression: ${line}`, () => assert.equal(disagreement(line, tree), null));
  }
  // A relative `cd` with the user's CDPATH exported lands below an entry first (agent hooks).
  for (const line of ['cd sub && mark 1', 'cd x; mark 1', 'pushd sub >/dev/null && mark 1']) {
    it(`regression, CDPATH=ROOT/evil: ${line}`, () => assert.equal(disagreement(line, tree, `${tree.root}/evil`), null));
  }

  it('lists every folder bash runs a marker in, for generated lines', () => {
    const seed = fuzzSeed();
    const prng = new Prng(seed);
    const count = Number(process.env.GATE_CD_COUNT ?? 300);
    const failures: string[] = [];
    let marksSeen = 0;
    // An agent's shell may carry the user's CDPATH (the gate's own terminals scrub it).
    const cdpaths = [undefined, undefined, undefined, `${tree.root}/evil`, `:${tree.root}/evil`, `${tree.root}/evil/sub:${tree.root}/a`, '.', 'src', `${tree.work}/l`];
    for (let k = 0; k < count && failures.length < 5; k++) {
      const line = generate(prng, tree);
      const cdpath = prng.pick(cdpaths);
      marksSeen += bashMarks(line, tree, cdpath).size;
      const wrong = disagreement(line, tree, cdpath);
      if (wrong !== null) failures.push(`CDPATH=${cdpath ?? '(unset)'} ${line}\n    ${wrong}`);
    }
    assert.deepEqual(failures, [], `seed ${seed} (GATE_FUZZ_SEED=${seed} replays it)`);
    // The generator must reach markers, or the check checks nothing.
    assert.ok(marksSeen > count, `only ${marksSeen} markers ran in ${count} lines`);
  });

  it('narrows the folder after `cd X &&` to X, and keeps both after `;`, `||` and a negated cd', () => {
    const last = (line: string): string[] => {
      const resolution = resolve(line, { home: tree.home, shell: 'bash' });
      assert.ok(resolution.resolved);
      const places = placesOfSegments(resolution.segments, startPlace(tree.home, tree.work, true));
      return [...places[places.length - 1]!.folders];
    };
    assert.deepEqual(last('cd src && cd .. && mark 1'), [tree.work]);
    assert.deepEqual(last('cd src && true && mark 1'), [`${tree.work}/src`]);
    assert.deepEqual(last('cd src; mark 1'), [tree.work, `${tree.work}/src`]);
    assert.deepEqual(last('cd src && true || mark 1'), [tree.work, `${tree.work}/src`]);
    assert.deepEqual(last('! cd src && mark 1'), [tree.work, `${tree.work}/src`]);
    assert.deepEqual(last('cd src | true && mark 1'), [tree.work]);
    assert.deepEqual(last('true || cd src && mark 1'), [tree.work, `${tree.work}/src`]);
    assert.deepEqual(last('true && cd src && mark 1'), [`${tree.work}/src`]);
  });
});
