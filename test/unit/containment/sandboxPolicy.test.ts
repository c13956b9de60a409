import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Decision } from '../../../src/gate/decision';
import { PACKAGE_REGISTRY_HOSTS, sandboxPolicyFor, type SandboxPolicyInput } from '../../../src/gate/containment/sandboxPolicy';
import { filesystemOf, stopsFrom } from '../../../src/gate/containment/sandbox';

const APPROVED: Decision = { action: 'approve', stage: 'bypass', reason: 'bypass', resolution: { resolved: true, segments: [] } };

describe('containment: the sandbox policy (D§13, docs/decisions.md "Containment")', () => {
  let root: string;
  let home: string;
  let workspace: string;
  let temp: string;
  const input = (extra: Partial<SandboxPolicyInput> = {}): SandboxPolicyInput => ({
    command: 'true', cwd: workspace, home, decision: APPROVED, workspaceFolders: [workspace], tempFolder: temp, ...extra,
  });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'policy-'));
    home = join(root, 'home');
    workspace = join(root, 'projects', 'app');
    temp = join(root, 'tmp');
    for (const dir of [home, workspace, temp, join(workspace, '.git', 'hooks'), join(workspace, '.vscode'), join(workspace, 'src'), join(workspace, 'packages', 'lib', '.claude'), join(workspace, 'node_modules', '.bin'), join(home, '.ssh'), join(home, '.aws'), join(home, '.config', 'google-chrome'), join(root, 'projects', 'other')]) {
      mkdirSync(dir, { recursive: true });
    }
    writeFileSync(join(workspace, 'package.json'), '{}');
    writeFileSync(join(workspace, '.git', 'config'), '');
    writeFileSync(join(workspace, '.git', 'HEAD'), '');
    writeFileSync(join(workspace, 'src', 'index.ts'), '');
    writeFileSync(join(workspace, '.env'), 'A=1');
    writeFileSync(join(root, 'projects', 'other', '.env'), 'SECRET=1');
    writeFileSync(join(root, 'projects', 'other', '.env.example'), 'SECRET=');
    writeFileSync(join(home, '.ssh', 'id_ed25519'), 'KEY');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writable: the workspace folders and the temp folder, nothing else', () => {
    assert.deepEqual(sandboxPolicyFor(input()).writable, [workspace, temp]);
  });

  it('subtracts the protected places that exist in the workspace (D§7), at any depth searched', () => {
    const denied = sandboxPolicyFor(input()).notWritable.map((entry) => entry.path).sort();
    for (const path of ['.git/hooks', '.git/config', '.vscode', 'package.json', 'packages/lib/.claude', 'node_modules/.bin']) {
      assert.ok(denied.includes(join(workspace, path)), `${path} should be not writable; got ${denied.join(', ')}`);
    }
    assert.ok(!denied.includes(join(workspace, 'src')), 'ordinary folders stay writable');
    assert.ok(!denied.includes(join(workspace, '.git', 'HEAD')), 'the rest of .git stays writable (git commit writes it)');
  });

  it('denies reading the credential stores of the hardline floor\'s credential class', () => {
    const unreadable = sandboxPolicyFor(input()).unreadable.map((entry) => entry.path);
    for (const path of ['.ssh', '.aws', '.gnupg', '.config/gcloud', '.docker/config.json', '.npmrc', '.git-credentials', '.local/share/keyrings', '.config/1Password', '.config/google-chrome']) {
      assert.ok(unreadable.includes(join(home, path)), `${path} should be unreadable`);
    }
  });

  it('denies .env files beside the workspace, not its own, not templates', () => {
    const unreadable = sandboxPolicyFor(input()).unreadable.map((entry) => entry.path);
    assert.ok(unreadable.includes(join(root, 'projects', 'other', '.env')));
    assert.ok(!unreadable.includes(join(root, 'projects', 'other', '.env.example')));
    assert.ok(!unreadable.includes(join(workspace, '.env')));
  });

  it('hosts: those the reading found in an approved command, none otherwise', () => {
    assert.deepEqual(sandboxPolicyFor(input({ command: 'curl -fsS https://example.com/x && git status' })).hosts, ['example.com']);
    assert.deepEqual(sandboxPolicyFor(input({ command: 'ls -la' })).hosts, []);
    const escalated: Decision = { ...APPROVED, action: 'escalate', stage: 'non-interactive' };
    assert.deepEqual(sandboxPolicyFor(input({ command: 'curl https://example.com', decision: escalated })).hosts, []);
  });

  it('package registries only when the settings allow them', () => {
    assert.deepEqual(sandboxPolicyFor(input({ command: 'npm ci' })).hosts, []);
    assert.deepEqual(sandboxPolicyFor(input({ command: 'npm ci', packageRegistries: true })).hosts, [...PACKAGE_REGISTRY_HOSTS]);
  });

  it('a person\'s approval adds exactly that path and host', () => {
    const outside = join(root, 'outside');
    const policy = sandboxPolicyFor(input({ approved: { paths: [outside, join(home, '.ssh')], hosts: ['127.0.0.1:8080'] } }));
    assert.deepEqual(policy.writable, [workspace, temp, outside, join(home, '.ssh')]);
    assert.deepEqual(policy.hosts, ['127.0.0.1:8080']);
    assert.ok(!policy.unreadable.some((entry) => entry.path === join(home, '.ssh')), 'an approved path is readable too');
    assert.deepEqual(policy.approved, { paths: [outside, join(home, '.ssh')], hosts: ['127.0.0.1:8080'] });
  });

  it('maps to the library\'s configuration: only existing unreadable places are mounted over', () => {
    const policy = sandboxPolicyFor(input());
    const fs = filesystemOf(policy).filesystem!;
    assert.deepEqual(fs.allowWrite, [workspace, temp]);
    assert.ok(fs.denyWrite!.includes(join(workspace, '.git', 'hooks')));
    assert.ok(fs.denyRead!.includes(join(home, '.ssh')));
    assert.ok(!fs.denyRead!.includes(join(home, '.gnupg')), 'absent: nothing to mount over');
  });
});

describe('containment: what the sandbox stopped', () => {
  const policy = {
    writable: ['/work/app', '/tmp'],
    notWritable: [{ path: '/work/app/.git/hooks', why: 'git hooks' }],
    unreadable: [{ path: '/home/u/.ssh', why: 'the SSH keys folder' }],
    hosts: ['example.com'],
    approved: { paths: [], hosts: [] },
  };

  it('names a write outside the policy from EROFS output and from the violation log', () => {
    assert.deepEqual(stopsFrom([], 'bash: line 1: /home/u/out.txt: Read-only file system\n', 'echo x > /home/u/out.txt', policy), [
      { kind: 'write', target: '/home/u/out.txt', evidence: 'output' },
    ]);
    assert.deepEqual(stopsFrom(['deny openat /etc/x'], '', 'x', policy), [{ kind: 'write', target: '/etc/x', evidence: 'violation-log' }]);
    assert.deepEqual(stopsFrom([], "rm: cannot remove '/work/app/.git/hooks/pre-commit': Read-only file system", 'rm -rf .git/hooks', policy).map((s) => s.target), ['/work/app/.git/hooks/pre-commit']);
    // A bash started by its path names itself first (the sandbox's inner bash is `/bin/bash -c`): who complains, not what was refused.
    assert.deepEqual(stopsFrom([], '/bin/bash: line 1: /home/u/out.txt: Read-only file system\n', 'echo x > /home/u/out.txt', policy).map((s) => s.target), ['/home/u/out.txt']);
    // A path alone at the start of the line is still the refused one.
    assert.deepEqual(stopsFrom([], '/home/u/out.txt: Read-only file system\n', 'echo x > /home/u/out.txt', policy).map((s) => s.target), ['/home/u/out.txt']);
  });

  it('ignores a refused write inside the writable places (the command\'s own EACCES)', () => {
    assert.deepEqual(stopsFrom([], 'cp: cannot create regular file \'/work/app/ro\': Permission denied', 'cp a ro', policy), []);
  });

  it('names a refused connection from the proxy log and from the client\'s error', () => {
    assert.deepEqual(stopsFrom(['deny network-outbound 10.1.2.3:443 (host is not on the allow list)'], '', 'x', policy), [{ kind: 'network', target: '10.1.2.3:443', evidence: 'violation-log' }]);
    assert.deepEqual(stopsFrom([], 'curl: (7) Failed to connect to 127.0.0.1 port 8080 after 0 ms', 'curl http://127.0.0.1:8080', policy), [{ kind: 'network', target: '127.0.0.1:8080', evidence: 'output' }]);
  });

  it('names a read of an unreadable place', () => {
    assert.deepEqual(stopsFrom([], 'cat: /home/u/.ssh/id_rsa: No such file or directory', 'cat /home/u/.ssh/id_rsa', policy), [{ kind: 'read', target: '/home/u/.ssh', evidence: 'output' }]);
  });

  it('nothing stopped: nothing reported', () => {
    assert.deepEqual(stopsFrom([], 'ok\n', 'echo ok', policy), []);
  });
});
