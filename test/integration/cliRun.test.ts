/**
 * `approvals-gate run` through the built CLI (D§14): a command that is not approved does not
 * run and exits as `explain` would; an approved one runs inside the sandbox and exits with its own
 * status; a write outside the policy is stopped and named on stderr; `--sandbox-path` lets it
 * through; a sandbox that cannot start runs nothing (exit 5) and names the fix.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuiltCli } from '../support/evalCorpus';
import { HAVE_BUBBLEWRAP } from '../support/bubblewrap';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

describe('cli: approvals-gate run', function () {
  this.timeout(120_000);
  let root: string;
  let work: string;
  let outside: string;
  const run = (args: readonly string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [CLI, 'run', '--cwd', work, ...args], {
      encoding: 'utf8',
      input: '',
      timeout: 60_000,
      // The temp folder is writable inside: keep it apart from the "outside" folder.
      env: { ...process.env, TMPDIR: join(root, 'tmp'), ...env },
    });

  before(() => ensureBuiltCli());
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gate-cli-run-'));
    work = join(root, 'work');
    outside = join(root, 'outside');
    for (const dir of [work, outside, join(root, 'tmp')]) mkdirSync(dir, { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a command that goes to a person is not run: exit 2', () => {
    const result = run(['--rung', 'manual', '--', 'touch ran']);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /not run: escalate/);
    assert.ok(!existsSync(join(work, 'ran')));
  });

  it('a denied command is not run: exit 3', () => {
    const result = run(['--rung', 'bypass', '--deny', 'touch', '--', 'touch ran']);
    assert.equal(result.status, 3, result.stderr);
    assert.ok(!existsSync(join(work, 'ran')));
  });

  it('--sandbox is a run option only', () => {
    const result = spawnSync(process.execPath, [CLI, 'explain', '--sandbox', 'off', '--', 'ls'], { encoding: 'utf8' });
    assert.equal(result.status, 1);
  });

  describe('with bubblewrap', function () {
    before(function () {
      if (!HAVE_BUBBLEWRAP) this.skip();
    });

    it('an approved command runs contained, with its output and its exit status', () => {
      const result = run(['--rung', 'bypass', '--', 'echo hello && touch ran && exit 7']);
      assert.equal(result.status, 7, result.stderr);
      assert.equal(result.stdout, 'hello\n');
      assert.ok(existsSync(join(work, 'ran')));
    });

    it('a write outside the folder is stopped and named; --sandbox-path lets it through', () => {
      const target = join(outside, 'out.txt');
      const stopped = run(['--rung', 'bypass', '--', `echo x > ${target}`]);
      assert.notEqual(stopped.status, 0);
      assert.ok(!existsSync(target));
      assert.match(stopped.stderr, new RegExp(`approvals-gate: The sandbox stopped a write to ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      assert.match(stopped.stderr, /--sandbox-path/);
      const allowed = run(['--rung', 'bypass', '--sandbox-path', outside, '--', `echo x > ${target}`]);
      assert.equal(allowed.status, 0, allowed.stderr);
      assert.equal(readFileSync(target, 'utf8'), 'x\n');
    });

    it('--sandbox off runs the same command uncontained, and says so', () => {
      const target = join(outside, 'out.txt');
      const result = run(['--rung', 'bypass', '--sandbox', 'off', '--', `echo x > ${target}`]);
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stderr, /without the sandbox/);
      assert.ok(existsSync(target));
    });
  });

  it('a sandbox that cannot start runs nothing: exit 5, with the fix', () => {
    // No bubblewrap (nor anything else) on PATH.
    const result = run(['--rung', 'bypass', '--', 'touch ran'], { PATH: join(root, 'empty') });
    assert.equal(result.status, 5, result.stderr);
    assert.match(result.stderr, /not run: .*bubblewrap|not run: .*ripgrep/);
    assert.match(result.stderr, /To fix: install/);
    assert.ok(!existsSync(join(work, 'ran')));
  });
});
