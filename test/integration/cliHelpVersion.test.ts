/**
 * `approvals-gate --version` and `--help` as a user types them, through the built CLI: the version
 * is package.json's, `--help` of any command but `hook` prints the usage and exits 0, and a
 * `--help` after `--` is the command to explain, not a request for help.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuiltCli } from '../support/evalCorpus';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const cli = (args: readonly string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input: '', timeout: 30_000 });

describe('cli: --version and --help', function () {
  this.timeout(60_000);
  before(() => ensureBuiltCli());

  for (const flag of ['--version', '-V']) {
    it(`${flag} prints package.json's version and exits 0`, () => {
      const run = cli([flag]);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout, `${VERSION}\n`);
    });
  }

  for (const args of [['--help'], ['-h'], ['help'], ['install', '--help'], ['doctor', '-h'], ['explain', '--rung', 'manual', '--help']]) {
    it(`${args.join(' ')} prints the usage and exits 0`, () => {
      const run = cli(args);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /^Usage:\n {2}approvals-gate explain/);
      assert.match(run.stdout, /approvals-gate --version \| --help/);
    });
  }

  it('no arguments: the usage, exit 1', () => {
    const run = cli([]);
    assert.equal(run.status, 1);
    assert.match(run.stdout, /^Usage:/);
  });

  it('--help after -- is the command explained', () => {
    const run = cli(['explain', '--', '--help']);
    assert.doesNotMatch(run.stdout, /^Usage:/);
    assert.match(run.stdout, /^command +"--help"/);
  });

  it('hook --help is not help: the hook refuses, as with any word that is not an agent', () => {
    const run = cli(['hook', '--help']);
    assert.equal(run.status, 2);
    assert.doesNotMatch(run.stdout, /Usage:/);
  });
});
