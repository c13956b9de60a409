/**
 * The Linux line without the proxy's bridges (D§13 "Containment"; docs/decisions.md "The
 * sandbox's cost per command"): `bubblewrapLine` feeds the library's own Linux wrapper the way
 * the manager does, so with the manager's proxy it gives the manager's line byte for byte; without
 * it, a command that may reach no host runs with the network closed by `--unshare-net` alone, no
 * socat and no proxy variables, and the policy's files are as they were. Real bubblewrap.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxManager } from '@anthropic-ai/sandbox-runtime';
import { bubblewrapLine } from '../../src/gate/containment/bubblewrapLine';
import { runContained } from '../../src/gate/containment/containedRun';
import { Sandbox, baseConfig, filesystemOf, type ContainedSpawn } from '../../src/gate/containment/sandbox';
import { sandboxPolicyFor, type SandboxPolicy } from '../../src/gate/containment/sandboxPolicy';
import type { Decision } from '../../src/gate/decision';
import { HAVE_BUBBLEWRAP } from '../support/bubblewrap';

const APPROVED: Decision = { action: 'approve', stage: 'bypass', reason: 'test', resolution: { resolved: true, segments: [] } };

describe('bubblewrapLine: the closed-network line without the bridges (D§13 containment)', function () {
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
    assert.deepEqual(await Sandbox.shared().start(), { ok: true }, 'the sandbox must start on this machine');
    server = createServer((socket) => socket.end('served'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Sandbox.shared().stop();
  });
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gate-bwline-'));
    home = join(root, 'home');
    workspace = join(root, 'work', 'app');
    temp = join(root, 'tmp');
    for (const dir of [join(home, '.ssh'), join(workspace, '.git', 'hooks'), join(workspace, '.vscode'), temp]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(home, '.ssh', 'id_ed25519'), 'PRIVATE-KEY-MATERIAL');
    writeFileSync(join(workspace, '.vscode', 'tasks.json'), '{}');
    writeFileSync(join(workspace, 'package.json'), '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const policyFor = (command: string, hosts: string[] = []): SandboxPolicy =>
    sandboxPolicyFor({ command, cwd: workspace, home, decision: APPROVED, workspaceFolders: [workspace], tempFolder: temp, approved: { hosts } });

  /** The line `Sandbox.contain` hands the caller for `command`, by the default route or the manager's. */
  async function lineOf(command: string, policy: SandboxPolicy, viaManager = false): Promise<string> {
    return Sandbox.shared().contain(command, policy, {}, async (spawnable: ContainedSpawn) => spawnable.line, { viaManager });
  }

  async function run(command: string, policy: SandboxPolicy) {
    const result = await runContained({ command, cwd: workspace, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home }, policy });
    assert.ok(result.started, JSON.stringify(result));
    return result;
  }

  it('with the manager\'s proxy, the line is the manager\'s, byte for byte (the mapping is the library\'s)', async () => {
    for (const hosts of [[], ['example.com']]) {
      const command = `cat package.json > '${temp}/it'`;
      const policy = policyFor(command, hosts);
      const config = baseConfig(policy.hosts);
      SandboxManager.updateConfig(config);
      const fromManager = await SandboxManager.wrapWithSandbox(command, '/bin/bash', filesystemOf(policy), undefined, { commandId: 'same-id', commandText: command });
      SandboxManager.cleanupAfterCommand();
      const observe = /--setenv SRT_OBSERVE_SOCK (\S+)/.exec(fromManager)?.[1];
      const ours = await bubblewrapLine(command, {
        config,
        filesystem: filesystemOf(policy).filesystem ?? {},
        commandId: 'same-id',
        commandText: command,
        observeSocketPath: observe,
        proxy: {
          httpSocketPath: SandboxManager.getLinuxHttpSocketPath()!,
          socksSocketPath: SandboxManager.getLinuxSocksSocketPath()!,
          httpPort: SandboxManager.getProxyPort(),
          socksPort: SandboxManager.getSocksProxyPort(),
          authToken: SandboxManager.getProxyAuthToken(),
        },
      });
      SandboxManager.cleanupAfterCommand();
      assert.equal(ours, fromManager, `hosts ${JSON.stringify(hosts)}`);
    }
  });

  it('a policy with no host: --unshare-net, no socat bridge, no proxy variables; the same mounts as the manager\'s line', async () => {
    const policy = policyFor('true');
    const fast = await lineOf('true', policy);
    const managed = await lineOf('true', policy, true);
    assert.match(fast, /--unshare-net/);
    assert.doesNotMatch(fast, /socat|HTTP_PROXY|claude-http|TCP-LISTEN/);
    assert.match(managed, /socat/, 'the manager\'s route keeps its bridges');
    // Everything before the network options is the same, and so is every mount.
    const mounts = (line: string) => [...line.matchAll(/--(?:ro-bind|bind|tmpfs|dev|proc) (\S+)(?: (\S+))?/g)].map((match) => match[0]).filter((mount) => !/claude-(?:http|socks)/.test(mount));
    assert.deepEqual(mounts(fast), mounts(managed));
    assert.ok(mounts(fast).some((mount) => mount.includes(join(workspace, '.git', 'hooks'))), 'the hooks are mounted read-only');
  });

  it('a policy with a host goes the manager\'s way (its proxy enforces the list)', async () => {
    assert.match(await lineOf('true', policyFor('true', ['example.com'])), /socat/);
  });

  it('no host: a server on the host\'s loopback is unreachable, the protected places stay read-only, the credentials hidden, the workspace writable', async () => {
    const connect = await run(`exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3`, policyFor('x'));
    assert.notEqual(connect.exitCode, 0);
    assert.ok(!connect.output.includes('served'), connect.output);

    const hook = join(workspace, '.git', 'hooks', 'pre-commit');
    const tasks = join(workspace, '.vscode', 'tasks.json');
    const protectedWrite = await run(`echo x > ${hook}; echo x > ${tasks}; echo x > ${join(workspace, 'package.json')}`, policyFor('x'));
    assert.notEqual(protectedWrite.exitCode, 0);
    assert.ok(!existsSync(hook));
    assert.equal(readFileSync(tasks, 'utf8'), '{}');
    assert.equal(readFileSync(join(workspace, 'package.json'), 'utf8'), '{}');

    const key = await run(`cat ${join(home, '.ssh', 'id_ed25519')}`, policyFor('x'));
    assert.ok(!key.output.includes('PRIVATE-KEY-MATERIAL'), key.output);

    const work = await run('echo made > out.txt && cat out.txt', policyFor('x'));
    assert.equal(work.exitCode, 0, work.output);
    assert.equal(work.output, 'made\n');
  });
});
