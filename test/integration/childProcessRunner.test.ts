import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sandbox } from '../../src/gate/containment/sandbox';
import { sandboxPolicyFor } from '../../src/gate/containment/sandboxPolicy';
import { cutMarker } from '../../src/gate/execution/outputCap';
import { runInChildProcess, type ChildProcessRunOptions } from '../../src/vscode/childProcessRunner';
import { alive } from '../support/processes';
import { HAVE_BUBBLEWRAP } from '../support/bubblewrap';

/** The child-process runner against real bash: no VS Code involved. */

let work: string;
const HOME = '/home/gate-test';

function options(extra: Partial<ChildProcessRunOptions> = {}): ChildProcessRunOptions {
  return {
    timeoutMs: 10_000,
    home: HOME,
    environment: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME, LANG: 'C.UTF-8' },
    ...extra,
  };
}

/** Is the process with this pid still there? */

async function eventually(check: () => boolean, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('child-process runner (real bash)', function () {
  this.timeout(30_000);

  beforeEach(() => {
    work = realpathSync(mkdtempSync(join(tmpdir(), 'approvals-gate-runner-')));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  describe('exit codes come from the process', () => {
    const cases: [string, number][] = [['true', 0], ['false', 1], ["bash -c 'exit 3'", 3], ['exit 42', 42], ['echo "!!"; (exit 5)', 5]];
    for (const [command, code] of cases) {
      it(`${command} → ${code}`, async () => {
        const record = await runInChildProcess(command, work, options());
        assert.equal(record.exitCode, code);
        assert.equal(record.via, 'child-process');
        assert.equal(record.started, true);
        assert.equal(record.timedOut, false);
      });
    }

    it('a process ended by a signal has no exit code, and names the signal', async () => {
      const record = await runInChildProcess('kill -TERM $$', work, options());
      assert.equal(record.exitCode, null);
      assert.equal(record.signal, 'SIGTERM');
    });
  });

  it('captures stdout and stderr, with terminal sequences removed', async () => {
    const record = await runInChildProcess("echo out; echo err >&2; printf '\\033[31mred\\033[0m\\r\\n\\033]633;D;0\\007done\\n'", work, options());
    assert.equal(record.output.split('\n').sort().join('\n'), ['', 'done', 'err', 'out', 'red'].join('\n'));
  });

  it('runs the exact string: several lines, a here-document, `!!`', async () => {
    const record = await runInChildProcess("cat <<'EOF'\nline 1 !!\nline 2\nEOF\necho last", work, options());
    assert.equal(record.output, 'line 1 !!\nline 2\nlast\n');
    assert.equal(record.exitCode, 0);
  });

  it('honours the working folder', async () => {
    const record = await runInChildProcess('pwd; touch made-here', work, options());
    assert.equal(record.output, `${work}\n`);
    assert.ok(existsSync(join(work, 'made-here')));
  });

  it('gives the command the scrubbed environment, visible through `env`', async () => {
    const hook = join(work, 'bash-env-hook.sh');
    const hookRan = join(work, 'BASH_ENV-RAN');
    writeFileSync(hook, `touch ${hookRan}\n`);
    const record = await runInChildProcess('env; echo "type-of-ls=$(type -t ls)"', work, options({
      environment: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME,
        OPENAI_API_KEY: 'sk-proj-planted0000000000000000000000',
        GITHUB_TOKEN: 'ghp_planted00000000000000000000000000000',
        NPM_TOKEN: 'npm_planted000000000000000000000000000000',
        DATABASE_URL: 'postgres://app:s3cretpassword@db/app',
        VSCODE_IPC_HOOK_CLI: '/tmp/vscode-ipc.sock',
        GIT_ASKPASS: '/editor/askpass.sh',
        BASH_ENV: hook,
        'BASH_FUNC_ls%%': '() { echo HIJACKED; }',
        LESSOPEN: '| lesspipe %s',
        PAGER: 'less',
        ORDINARY: 'kept',
      },
      passEnvironment: ['GITHUB_TOKEN'],
    }));
    const env = new Map(record.output.split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    for (const name of ['OPENAI_API_KEY', 'NPM_TOKEN', 'DATABASE_URL', 'VSCODE_IPC_HOOK_CLI', 'GIT_ASKPASS', 'BASH_ENV', 'LESSOPEN']) {
      assert.equal(env.get(name), undefined, `${name} reached the command`);
    }
    assert.equal(env.get('GITHUB_TOKEN'), 'ghp_planted00000000000000000000000000000', 'passEnvironment let it through');
    assert.equal(env.get('ORDINARY'), 'kept');
    assert.equal(env.get('PAGER'), 'cat');
    assert.equal(env.get('GIT_PAGER'), 'cat');
    assert.equal(env.get('LESSSECURE'), '1');
    assert.equal(env.get('type-of-ls'), 'file', 'an exported function replaced ls');
    assert.ok(!record.output.includes('HIJACKED'));
    assert.equal(existsSync(hookRan), false, 'BASH_ENV was sourced');
  });

  describe('timeout and cancellation stop the whole process group', () => {
    it('sleep 30 & sleep 30: both sleeps end at the timeout', async () => {
      const pids = join(work, 'pids');
      const started = Date.now();
      const record = await runInChildProcess(`sleep 30 & echo $! > ${pids}; sleep 30 & echo $! >> ${pids}; wait`, work, options({ timeoutMs: 1000 }));
      assert.equal(record.timedOut, true);
      assert.equal(record.exitCode, null);
      assert.ok(Date.now() - started < 6000, `took ${Date.now() - started} ms`);
      assert.match(record.notes.join(' '), /Stopped after 1000 ms/);
      const both = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
      assert.equal(both.length, 2);
      assert.ok(await eventually(() => both.every((pid) => !alive(pid))), 'a sleep survived the timeout');
    });

    it('a process that ignores SIGTERM gets SIGKILL', async () => {
      const pid = join(work, 'pid');
      const started = Date.now();
      const record = await runInChildProcess(`trap '' TERM; sleep 30 & echo $! > ${pid}; wait`, work, options({ timeoutMs: 500, killGraceMs: 300 }));
      assert.equal(record.timedOut, true);
      assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
      const sleeper = Number(readFileSync(pid, 'utf8'));
      assert.ok(await eventually(() => !alive(sleeper)), 'the TERM-proof sleep survived');
    });

    it('cancelling stops it too, and is not reported as a timeout', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      const started = Date.now();
      const record = await runInChildProcess('sleep 30', work, options({ signal: controller.signal }));
      assert.equal(record.timedOut, false);
      assert.equal(record.exitCode, null);
      assert.match(record.notes.join(' '), /cancelled/);
      assert.ok(Date.now() - started < 5000);
    });

    it('background processes left behind are stopped when the command ends', async () => {
      const pid = join(work, 'pid');
      const started = Date.now();
      const record = await runInChildProcess(`sleep 30 & echo $! > ${pid}; echo started`, work, options());
      assert.equal(record.exitCode, 0);
      assert.equal(record.output, 'started\n');
      assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
      const sleeper = Number(readFileSync(pid, 'utf8'));
      assert.ok(await eventually(() => !alive(sleeper)), 'the background sleep outlived the command');
    });
  });

  it('reads nothing from stdin: a command waiting for input gets end-of-file', async () => {
    const record = await runInChildProcess('cat; read -r line; echo "read=$?"', work, options({ timeoutMs: 5000 }));
    assert.equal(record.timedOut, false);
    assert.equal(record.output, 'read=1\n');
  });

  it('caps the output: head and tail kept, the cut counted', async () => {
    const record = await runInChildProcess("printf 'START\\n'; head -c 300000 /dev/zero | tr '\\0' x; printf '\\nEND\\n'", work, options({ cap: { headBytes: 100, tailBytes: 100 } }));
    assert.equal(record.exitCode, 0);
    assert.ok(record.output.startsWith('START\n'));
    assert.ok(record.output.endsWith('\nEND\n'));
    assert.ok(record.output.includes(cutMarker(record.truncatedBytes)));
    assert.equal(record.truncatedBytes, 'START\n'.length + 300_000 + '\nEND\n'.length - (record.output.length - cutMarker(record.truncatedBytes).length));
    assert.ok(record.truncatedBytes > 299_000);
  });

  describe('the exec-time hardline recheck refuses before anything runs', () => {
    for (const tail of ['rm -rf /', 'sudo rm -rf --no-preserve-root /', 'rm -fr ~', 'rm -r -f "$HOME"', ':(){ :|:& };:']) {
      it(`touch SENTINEL; ${tail}`, async () => {
        const sentinel = join(work, 'SENTINEL');
        const record = await runInChildProcess(`touch ${sentinel}; ${tail}`, work, options());
        assert.ok(record.refused, 'the recheck did not refuse');
        assert.equal(record.refused.stage, 'hardline-floor');
        assert.equal(record.started, false);
        assert.equal(record.exitCode, null);
        assert.equal(existsSync(sentinel), false, 'something ran');
      });
    }
  });

  it('a missing working folder: nothing runs, and it says why', async () => {
    const record = await runInChildProcess('touch x', join(work, 'missing'), options());
    assert.equal(record.started, false);
    assert.match(record.notes.join(' '), /does not exist/);
  });

  it('bash that cannot be started: nothing runs, and it says why', async () => {
    const record = await runInChildProcess('true', work, options({ bash: join(work, 'no-bash-here') }));
    assert.equal(record.started, false);
    assert.match(record.notes.join(' '), /could not be started/);
  });
});

/** The same runner with `containment` (D§13): the command runs inside the OS sandbox. */
describe('child-process runner, contained (real bubblewrap)', function () {
  this.timeout(60_000);
  let root: string;
  let workspace: string;
    before(function () {
    if (!HAVE_BUBBLEWRAP) this.skip();
  });
  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'approvals-gate-contained-')));
    workspace = join(root, 'work');
    mkdirSync(workspace);
    mkdirSync(join(root, 'tmp'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  // The runner starts the process's one sandbox (proxy, violation monitor): stop it, or its
  // servers keep the test process alive after the last test.
  after(() => Sandbox.shared().stop());

  const policy = (command: string) =>
    sandboxPolicyFor({ command, cwd: workspace, home: HOME, decision: { action: 'approve', stage: 'bypass', reason: 'test', resolution: { resolved: true, segments: [] } }, workspaceFolders: [workspace], tempFolder: join(root, 'tmp') });

  it('runs in the workspace and reports no stops', async () => {
    const command = 'echo ok > made.txt && cat made.txt';
    const record = await runInChildProcess(command, workspace, options({ containment: { policy: policy(command) } }));
    assert.equal(record.exitCode, 0, record.output);
    assert.equal(record.output, 'ok\n');
    assert.deepEqual(record.sandboxStops, []);
  });

  it('a write outside the policy is stopped and named in the record', async () => {
    const target = join(root, 'outside.txt');
    const command = `echo x > ${target}`;
    const record = await runInChildProcess(command, workspace, options({ containment: { policy: policy(command) } }));
    assert.notEqual(record.exitCode, 0);
    assert.ok(!existsSync(target));
    assert.ok(record.sandboxStops?.some((stop) => stop.kind === 'write' && stop.target === target), JSON.stringify(record.sandboxStops));
    assert.ok(record.notes.some((note) => note.includes(`stopped a write to ${target}`)), record.notes.join('\n'));
  });

  it('a timeout ends the command inside the sandbox too', async () => {
    const command = 'sleep 31.25';
    const record = await runInChildProcess(command, workspace, options({ timeoutMs: 1500, killGraceMs: 300, containment: { policy: policy(command) } }));
    assert.equal(record.timedOut, true);
    assert.ok(await eventually(() => spawnSync('pgrep', ['-f', 'sleep 31.25']).status !== 0, 5000), 'the sandboxed sleep is gone');
  });

  it('a sandbox that cannot start runs nothing and names the fix (fail closed)', async () => {
    const broken = { start: () => Promise.resolve({ ok: false, reason: 'the sandbox is missing bubblewrap (bwrap) not installed', fix: 'install bubblewrap' }) } as unknown as Sandbox;
    const command = 'touch ran';
    const record = await runInChildProcess(command, workspace, options({ containment: { policy: policy(command), sandbox: broken } }));
    assert.equal(record.started, false);
    assert.match(record.notes.join('\n'), /missing bubblewrap.*To fix: install bubblewrap/);
    assert.ok(!existsSync(join(workspace, 'ran')));
  });
});
