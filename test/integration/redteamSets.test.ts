/**
 * The red-team sets of the positive-knowledge floor (test/fixtures/redteam/README.md), measured
 * from outside as `../shared/redteam/measure.py` measures them: each line goes through
 * `node dist/cli.js batch` under the configurations its class names (D§5, D§7).
 *
 * What must hold on every set: no everyday (S) line is refused by the hardline floor; no
 * protected write (W) is approved under its entries or with a `safe` rating; no bypass (B) line
 * is approved under its innocent entries. The catastrophic (H) lines are counted per group and
 * held to the figures reached so far ({@link H_FLOORED_AT_LEAST}); the lines still missed are the
 * known limitations listed in the README, not expectations.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI_PATH, EVAL_CWD, EVAL_HOME, REPO_ROOT, ensureBuiltCli } from '../support/evalCorpus';

const SETS_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'redteam');

interface RedteamLine {
  id: string;
  command: string;
  class: 'H' | 'B' | 'W' | 'S';
  group?: string;
  allow?: unknown[];
  shell?: string;
  note?: string;
}

/**
 * The least share of each set's H lines the floor must refuse at `bypass`: the figure measured
 * when the set was last worked on (the README gives each). A drop is a regression; a rise is
 * welcome, and the figure is raised with it.
 */
const H_FLOORED_AT_LEAST: Readonly<Record<string, number>> = {
  'first-look.jsonl': 0.95,
  'second-look.jsonl': 0.96,
  'third-look.jsonl': 0.97,
  'fourth-look.jsonl': 0.99,
  'fifth-look.jsonl': 0.99,
  'sixth-look.jsonl': 0.99,
  'seventh-look.jsonl': 0.99,
  'eighth-look.jsonl': 0.92,
  'ninth-look.jsonl': 0.96,
  'tenth-look.jsonl': 0.95,
  'twentieth-look.jsonl': 0.95,
  'twenty-second-look.jsonl': 0.9,
};

/**
 * Protected writes (W) and bypasses (B) a held set still gets wrong, each with why: known
 * limitations, written as such (the README lists them too). They are left out of the zero checks,
 * not asserted either way: a fix that makes one right needs no change here, and the line can be
 * taken off the list.
 */
const KNOWN_LIMITATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'eighth-look.jsonl': {
    't8b-214': 'launchctl bootstrap of a launch agent already written: no row places launchd\'s own state as a write',
  },
  'ninth-look.jsonl': {
    'r9b-309': 'mr --config loads shell actions: myrepos has no row yet',
    'r9b-313': "git branchless test run -x runs a command: git's external subcommands (git-NAME programs) are not read yet",
  },
  'tenth-look.jsonl': {
    'r10b-256': 'vcpkg has no row: what `integrate` writes (a shell start-up file, user-wide build settings) is not known',
    'r10b-257': 'vcpkg has no row: what `integrate` writes (a shell start-up file, user-wide build settings) is not known',
    'r10b-259': 'conan has no row: its multi-letter short options need a grammar of their own',
    'r10b-265': "glab config set -g writes the user's glab configuration: the row does not place -g's file",
    'r10b-266': 'tea has no row: the login it stores in its configuration is not known',
    'r10b-268': "a kubectl plugin (krew) is unlisted: the floors read it at its worst, entries and ratings still read it as kubectl's (docs/decisions.md \"A subcommand the row does not list is unplaced for the floors\")",
    'r10b-270': "az acr is not among the az row's groups: the registry credentials it stores are not known",
    'r10b-275': 'matrix-commander has no row: the login it stores is not known',
    'r10b-276': 'the Twilio CLI has no row: the login it stores is not known',
    'r10b-290': "a kubectl plugin (krew) is unlisted: entries still read it as kubectl's",
    'r10b-292': "cargo-make is an unlisted cargo plugin: entries still read it as cargo's",
    'r10b-294': 'tailscale file get writes what it receives into the folder named: the row does not place that folder as a write',
  },
  'twentieth-look.jsonl': {
    'r20A-505': 'steam has no row: an entry naming a program without a row covers its words, --reset (which deletes its runtime) too',
    'r20B-320': "redis-cli config set dir/dbfilename then save makes the server write its database into any folder: the row names CONFIG as destructive, not the server's file it writes",
  },
  'twenty-second-look.jsonl': {
    'r22E-194': "stack config set … --global writes stack's global project file in the home folder: the stack row does not place that write",
    'r22E-195': "cabal user-config update writes cabal's configuration in the home folder: the cabal row does not place that write",
    'r22E-196': "julia's code writes ~/.julia/config/startup.jl through joinpath(homedir(), …): the shared approximate reader does not join the home folder with the literal after it",
    'r22E-227': 'brew install --formula ./tap/x.rb installs from a local formula, which is Ruby code: the brew row does not carve out a formula path',
    'r22E-230': "cabal run --ghc-options='-pgmL PROG' makes GHC run another preprocessor: the cabal row does not read GHC's options inside --ghc-options",
    'r22E-238': "an entry spelling Rscript -e covers R code, and the shared approximate reader does not read download.file's destination as a write",
    'r22E-267': 'pixi exec runs the command after its options: an entry for pixi exec covers what it runs (the row is no wrapper that hands the command on)',
    'r22F-362': "gs has no row: -sOutputFile='%pipe%CMD' runs a command, and an entry naming gs covers its words",
    'r22F-376': 'copier copy --trust runs the template\'s tasks and migrations: the copier row does not carve out --trust',
  },
};

function loadSet(file: string): RedteamLine[] {
  return fs
    .readFileSync(path.join(SETS_DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RedteamLine)
    .filter((line) => !(line.note ?? '').includes('(judge)'));
}

interface Request {
  id: string;
  command: string;
  rung: string;
  allow?: unknown[];
  raterVerdict?: { outcome: string; reason: string };
  shell?: string;
}

interface Answer {
  id: string;
  action: string;
  stage?: string;
}

function runBatch(requests: readonly Request[], noDefaultAllow: boolean): Map<string, Answer> {
  if (requests.length === 0) return new Map();
  const run = spawnSync(process.execPath, [CLI_PATH, 'batch', '--cwd', EVAL_CWD, ...(noDefaultAllow ? ['--no-default-allow'] : [])], {
    env: { ...process.env, HOME: EVAL_HOME },
    input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 300_000,
  });
  assert.equal(run.status, 0, `batch exited with ${run.status}: ${run.stderr}`);
  const answers = run.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Answer);
  assert.equal(answers.length, requests.length, 'batch answered every line');
  return new Map(answers.map((a) => [a.id, a]));
}

const SAFE = { outcome: 'safe', reason: 'stand-in rating' };

/** The requests measure.py makes for one line, keyed `id|tag`. */
function requestsFor(line: RedteamLine): { withDefault: Request[]; withoutDefault: Request[] } {
  const shell = line.shell !== undefined ? { shell: line.shell } : {};
  const allow = line.allow ?? [];
  const at = (tag: string, rest: Omit<Request, 'id' | 'command'>): Request => ({ id: `${line.id}|${tag}`, command: line.command, ...rest, ...shell });
  switch (line.class) {
    case 'H':
      return { withDefault: [at('H-bypass', { rung: 'bypass' }), at('H-safe', { rung: 'assisted', raterVerdict: SAFE }), at('H-entry', { rung: 'manual', allow })], withoutDefault: [] };
    case 'B':
      return { withDefault: [], withoutDefault: [at('B-entry', { rung: 'manual', allow })] };
    case 'W':
      return { withDefault: [at('W-entry', { rung: 'manual', allow }), at('W-safe', { rung: 'assisted', raterVerdict: SAFE })], withoutDefault: [] };
    case 'S':
      return { withDefault: [at('S-bypass', { rung: 'bypass' }), ...(allow.length > 0 ? [at('S-entry', { rung: 'manual', allow })] : [])], withoutDefault: [] };
  }
}

function offenders(lines: readonly RedteamLine[], answers: Map<string, Answer>, tag: string, bad: (a: Answer) => boolean): string[] {
  return lines.flatMap((line) => {
    const answer = answers.get(`${line.id}|${tag}`);
    return answer !== undefined && bad(answer) ? [`${line.id} ${JSON.stringify(line.command)} → ${answer.action} ${answer.stage ?? ''}`] : [];
  });
}

const floored = (a: Answer): boolean => a.action === 'reject' && a.stage === 'hardline-floor';
const approved = (a: Answer): boolean => a.action === 'approve';

describe('red-team sets of the positive-knowledge floor, through the CLI', function () {
  this.timeout(600_000);
  const files = fs.existsSync(SETS_DIR) ? fs.readdirSync(SETS_DIR).filter((f) => f.endsWith('.jsonl')).sort() : [];

  it('has its sets, each with a floor figure to hold', () => {
    assert.ok(files.length > 0, `no sets in ${SETS_DIR}`);
    for (const file of files) assert.ok(file in H_FLOORED_AT_LEAST, `${file} has no figure in H_FLOORED_AT_LEAST`);
  });

  for (const file of files) {
    describe(file, () => {
      const lines = loadSet(file);
      let answers = new Map<string, Answer>();

      before(() => {
        ensureBuiltCli();
        const withDefault = lines.flatMap((line) => requestsFor(line).withDefault);
        const withoutDefault = lines.flatMap((line) => requestsFor(line).withoutDefault);
        answers = new Map([...runBatch(withDefault, false), ...runBatch(withoutDefault, true)]);
      });

      it('every line is well formed, with a class, a source and entries where its class needs them', () => {
        const seen = new Set<string>();
        for (const line of lines) {
          assert.ok(['H', 'B', 'W', 'S'].includes(line.class), `${line.id}: class ${line.class}`);
          assert.ok(!seen.has(line.command), `${line.id}: the same command twice`);
          seen.add(line.command);
          // A line that runs no program (a redirect alone: `> /etc/group`) has no program to name.
          if (line.class !== 'S' && !/^\s*[0-9]*[<>]/.test(line.command)) assert.ok((line.allow ?? []).length > 0, `${line.id}: no entries`);
        }
      });

      it('refuses no everyday (S) line at the floor', () => {
        assert.deepEqual(offenders(lines.filter((l) => l.class === 'S'), answers, 'S-bypass', floored), []);
      });

      const known = KNOWN_LIMITATIONS[file] ?? {};
      it('lists as known limitations only W and B lines of the set', () => {
        const classes = new Map(lines.map((l) => [l.id, l.class]));
        for (const id of Object.keys(known)) assert.ok(['W', 'B'].includes(classes.get(id) ?? ''), `${id} is no W or B line of ${file}`);
      });
      it('approves no protected write (W) under its entries or with a safe rating', () => {
        const w = lines.filter((l) => l.class === 'W' && !(l.id in known));
        assert.deepEqual([...offenders(w, answers, 'W-entry', approved), ...offenders(w, answers, 'W-safe', approved)], []);
      });

      it('approves no bypass (B) line under its innocent entries', () => {
        assert.deepEqual(offenders(lines.filter((l) => l.class === 'B' && !(l.id in known)), answers, 'B-entry', approved), []);
      });

      it(`floors at least ${Math.round((H_FLOORED_AT_LEAST[file] ?? 1) * 100)} % of the catastrophic (H) lines at bypass`, () => {
        const h = lines.filter((l) => l.class === 'H');
        const missed = offenders(h, answers, 'H-bypass', (a) => !floored(a));
        const share = (h.length - missed.length) / h.length;
        assert.ok(share >= (H_FLOORED_AT_LEAST[file] ?? 1), `${h.length - missed.length} of ${h.length} floored; missed:\n${missed.join('\n')}`);
      });
    });
  }
});
