import { strict as assert } from 'node:assert';
import { Sandbox, globbedPolicyPath } from '../../../src/gate/containment/sandbox';
import type { SandboxPolicy } from '../../../src/gate/containment/sandboxPolicy';

const policy = (notWritable: string, unreadable = '/home/dev/.ssh'): SandboxPolicy => ({
  writable: ['/home/dev/ws', '/tmp'],
  notWritable: [{ path: notWritable, why: 'git hooks' }],
  unreadable: [{ path: unreadable, why: 'SSH keys' }],
  hosts: [],
  approved: { paths: [], hosts: [] },
});

describe('a policy path the sandbox would read as a pattern is not run (docs/decisions.md "A policy path the sandbox would read as a pattern")', () => {
  it('names the first path holding * ? [ or ]', () => {
    assert.equal(globbedPolicyPath(policy('/home/dev/ws/.git/hooks')), null);
    assert.equal(globbedPolicyPath(policy('/home/dev/ws/a[1]/.git/hooks')), '/home/dev/ws/a[1]/.git/hooks');
    assert.equal(globbedPolicyPath(policy('/home/dev/ws/.git/hooks', '/home/dev/proj?/.env')), '/home/dev/proj?/.env');
  });
  it('makes contain refuse before anything is wrapped or spawned', async () => {
    let spawned = false;
    await assert.rejects(
      new Sandbox().contain('true', policy('/home/dev/ws/a[1]/.git/hooks'), {}, async () => {
        spawned = true;
      }),
      /cannot protect \/home\/dev\/ws\/a\[1\]\/\.git\/hooks exactly/,
    );
    assert.equal(spawned, false);
  });
});
