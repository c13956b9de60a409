/**
 * The sandbox with real bubblewrap (D§13 "Containment"; docs/decisions.md "Containment: the
 * sandbox's policy"): commands approved at `bypass` that reach outside the policy are stopped and
 * reported as stopped by the sandbox; the same commands with the path or host a person approved
 * succeed; ordinary workspace work runs unchanged inside.
 *
 * Needs bubblewrap, socat and ripgrep (scripts/ensureSystem.mjs installs them for `npm test`).
 * Everything lives in a folder under the system temp folder, and the policy's temp folder is a
 * subfolder of it, so the fake home and the "outside" folder are outside what is writable.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runContained, type ContainedRun } from '../../src/gate/containment/containedRun';
import { Sandbox } from '../../src/gate/containment/sandbox';
import { sandboxPolicyFor } from '../../src/gate/containment/sandboxPolicy';
import { scrubEnvironment } from '../../src/gate/execution/environmentScrub';
import { askGate } from '../support/askGate';
import { HAVE_BUBBLEWRAP } from '../support/bubblewrap';

describe('sandbox: real bubblewrap (D§13 containment)', function () {
  if (!HAVE_BUBBLEWRAP) {
    it('needs bubblewrap on Linux (scripts/ensureSystem.mjs installs it)', function () {
      this.skip();
    });
    return;
  }
  this.timeout(120000);
  let root: string;
  let home: string;
  let workspace: string;
  let temp: string;
  let server: Server;
  let port: number;

  before(async () => {
    const availability = await Sandbox.shared().start();
    assert.deepEqual(availability, { ok: true }, 'the sandbox must start on this machine');
    server = createServer((_request, response) => response.end('served'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // The library's proxy and its socat bridge keep the process alive until stopped: without this
    // the mocha run never ends.
    await Sandbox.shared().stop();
  });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gate-sandbox-'));
    home = join(root, 'home');
    workspace = join(root, 'work', 'app');
    temp = join(root, 'tmp');
    for (const dir of [join(home, '.ssh'), join(home, 'planted', 'inner'), workspace, temp, join(root, 'outside')]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(home, '.ssh', 'id_ed25519'), 'PRIVATE-KEY-MATERIAL');
    writeFileSync(join(home, 'planted', 'inner', 'file'), 'keep me');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Decide at bypass as the CLI does, build the policy, run contained. */
  async function run(command: string, approved?: { paths?: string[]; hosts?: string[] }): Promise<Extract<ContainedRun, { started: true }>> {
    const decision = await askGate(command, { name: 'bypass', rung: 'bypass', allow: [], defaultAllow: true });
    assert.equal(decision.action, 'approve', `bypass approves ${command}: ${decision.reason}`);
    const policy = sandboxPolicyFor({ command, cwd: workspace, home, decision, workspaceFolders: [workspace], tempFolder: temp, ...(approved ? { approved } : {}) });
    const { env } = scrubEnvironment({ ...process.env, HOME: home, NO_UPDATE_NOTIFIER: '1' }, []);
    const result = await runContained({ command, cwd: workspace, env, policy });
    assert.ok(result.started, `started: ${JSON.stringify(result)}`);
    return result;
  }

  describe('stopped by the sandbox, and reported so', () => {
    it('a write outside the workspace', async () => {
      const target = join(root, 'outside', 'out.txt');
      const result = await run(`echo x > ${target}`);
      assert.notEqual(result.exitCode, 0);
      assert.ok(!existsSync(target), 'the file was not written');
      assert.ok(result.stops.some((stop) => stop.kind === 'write' && stop.target === target), JSON.stringify(result.stops));
    });

    it('deleting a planted folder in the home folder', async () => {
      const result = await run(`rm -rf ${join(home, 'planted')}`);
      assert.notEqual(result.exitCode, 0);
      assert.equal(readFileSync(join(home, 'planted', 'inner', 'file'), 'utf8'), 'keep me');
      assert.ok(result.stops.some((stop) => stop.kind === 'write' && stop.target.startsWith(join(home, 'planted'))), JSON.stringify(result.stops));
    });

    it('reading a key in the home folder\'s .ssh', async () => {
      const result = await run(`cat ${join(home, '.ssh', 'id_ed25519')}`);
      assert.ok(!result.output.includes('PRIVATE-KEY-MATERIAL'), result.output);
      assert.ok(result.stops.some((stop) => stop.kind === 'read' && stop.target === join(home, '.ssh')), JSON.stringify(result.stops));
    });

    // The address comes from a file, so the reading finds no host and the decision approves none
    // (a host the command names literally is in the policy of an approved command).
    it('a connection to a 127.0.0.1 server the decision did not approve (direct and through the proxy)', async () => {
      writeFileSync(join(workspace, 'url.txt'), `http://127.0.0.1:${port}/`);
      for (const command of ['curl -fsS --max-time 10 "$(cat url.txt)"', `curl -fsS --max-time 10 --noproxy '' "$(cat url.txt)"`]) {
        const result = await run(command);
        assert.notEqual(result.exitCode, 0, command);
        assert.ok(!result.output.includes('served'), result.output);
        assert.ok(result.stops.some((stop) => stop.kind === 'network' && stop.target === `127.0.0.1:${port}`), `${command}: ${JSON.stringify(result.stops)} ${result.output}`);
      }
    });
  });

  describe('the same commands with the path or host approved', () => {
    it('a write to an approved outside folder', async () => {
      const target = join(root, 'outside', 'out.txt');
      const result = await run(`echo x > ${target}`, { paths: [join(root, 'outside')] });
      assert.equal(result.exitCode, 0, result.output);
      assert.equal(readFileSync(target, 'utf8'), 'x\n');
      assert.deepEqual(result.stops, []);
    });

    it('deleting the planted folder with the home folder approved', async () => {
      const result = await run(`rm -rf ${join(home, 'planted')}`, { paths: [home] });
      assert.equal(result.exitCode, 0, result.output);
      assert.ok(!existsSync(join(home, 'planted')));
    });

    it('reading the key with .ssh approved', async () => {
      const result = await run(`cat ${join(home, '.ssh', 'id_ed25519')}`, { paths: [join(home, '.ssh')] });
      assert.equal(result.exitCode, 0, result.output);
      assert.equal(result.output, 'PRIVATE-KEY-MATERIAL');
    });

    it('the 127.0.0.1 server with its host approved (through the proxy)', async () => {
      // Through the proxy: clients skip it for loopback and private addresses (the library's
      // NO_PROXY), and inside the sandbox those lead nowhere (docs/decisions.md, Containment).
      writeFileSync(join(workspace, 'url.txt'), `http://127.0.0.1:${port}/`);
      const result = await run(`curl -fsS --max-time 10 --noproxy '' "$(cat url.txt)"`, { hosts: [`127.0.0.1:${port}`] });
      assert.equal(result.exitCode, 0, result.output);
      assert.equal(result.output, 'served');
    });
  });

  describe('workspace work runs unchanged inside', () => {
    it('npm test of a small package', async () => {
      writeFileSync(join(workspace, 'package.json'), JSON.stringify({ name: 'sample', version: '1.0.0', scripts: { test: 'node -e "require(\'fs\').writeFileSync(\'tested.txt\', \'ok\'); console.log(\'tests ran\')"' } }));
      const result = await run('npm test');
      assert.equal(result.exitCode, 0, result.output);
      assert.match(result.output, /tests ran/);
      assert.equal(readFileSync(join(workspace, 'tested.txt'), 'utf8'), 'ok');
    });

    it('git init && git commit', async () => {
      writeFileSync(join(workspace, 'README.md'), 'hello\n');
      const result = await run('git init -q && git add README.md && git -c user.name=Gate -c user.email=gate@example.invalid commit -q -m first && git log --oneline');
      assert.equal(result.exitCode, 0, result.output);
      assert.match(result.output, /first/);
    });

    it('python3 -m pytest', async () => {
      writeFileSync(join(workspace, 'test_sample.py'), 'def test_adds():\n    assert 1 + 1 == 2\n');
      const result = await run('python3 -m pytest -q -p no:cacheprovider');
      assert.equal(result.exitCode, 0, result.output);
      assert.match(result.output, /1 passed/);
    });
  });
});
