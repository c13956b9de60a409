/**
 * The card's summary of the sandbox's policy (D§13 "Containment"; docs/decisions.md "Containment:
 * the sandbox's policy"): counts and the first few of each list, the home folder as `~`, and no
 * host meaning no network.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxPolicyFor, type SandboxPolicy } from '../../../src/gate/containment/sandboxPolicy';
import { containmentSummary, tildePath } from '../../../src/protocol/containmentSummary';
import { ContainmentSummarySchema, LIMITS } from '../../../src/protocol/messages';

const HOME = '/home/gate';

function policy(extra: Partial<SandboxPolicy> = {}): SandboxPolicy {
  return { writable: [`${HOME}/proj`, '/tmp'], notWritable: [], unreadable: [], hosts: [], approved: { paths: [], hosts: [] }, ...extra };
}

describe('containment summary: the home folder as ~', () => {
  const table: Array<[string, string, string]> = [
    ['/home/gate/proj', HOME, '~/proj'],
    ['/home/gate', HOME, '~'],
    ['/home/gate/', `${HOME}/`, '~/'],
    ['/home/gate/.ssh', `${HOME}/`, '~/.ssh'],
    ['/home/gatekeeper/x', HOME, '/home/gatekeeper/x'],
    ['/tmp', HOME, '/tmp'],
    ['/etc/passwd', '/', '/etc/passwd'],
  ];
  for (const [path, home, shown] of table) {
    it(`${path} with home ${home} reads ${shown}`, () => assert.equal(tildePath(path, home), shown));
  }
});

describe('containment summary: counts and the first few', () => {
  it('names every place of a short list, with ~, and passes the schema', () => {
    const summary = containmentSummary(
      policy({
        notWritable: [{ path: `${HOME}/proj/.git/hooks`, why: 'version-control hooks' }],
        unreadable: [{ path: `${HOME}/.ssh`, why: 'SSH keys' }, { path: `${HOME}/.aws`, why: 'cloud credentials' }],
        hosts: ['registry.npmjs.org'],
      }),
      HOME,
    );
    assert.deepEqual(summary, {
      writable: { count: 2, first: ['~/proj', '/tmp'] },
      notWritable: { count: 1, first: [{ path: '~/proj/.git/hooks', why: 'version-control hooks' }] },
      unreadable: { count: 2, first: [{ path: '~/.ssh', why: 'SSH keys' }, { path: '~/.aws', why: 'cloud credentials' }] },
      hosts: { count: 1, first: ['registry.npmjs.org'] },
    });
    assert.ok(ContainmentSummarySchema.safeParse(summary).success);
  });

  it('counts a long list whole and names only the first few, so the card stays bounded', () => {
    const many = Array.from({ length: 4000 }, (_, i) => ({ path: `${HOME}/proj/pkg${i}/package.json`, why: 'package scripts' }));
    const summary = containmentSummary(policy({ notWritable: many, hosts: Array.from({ length: 70 }, (_, i) => `h${i}.example`) }), HOME);
    assert.equal(summary.notWritable.count, 4000);
    assert.equal(summary.notWritable.first.length, LIMITS.containmentShown);
    assert.equal(summary.notWritable.first[0]!.path, '~/proj/pkg0/package.json');
    assert.equal(summary.hosts.count, 70);
    assert.deepEqual(summary.hosts.first, ['h0.example', 'h1.example', 'h2.example', 'h3.example', 'h4.example']);
    assert.ok(ContainmentSummarySchema.safeParse(summary).success);
  });

  it('an empty host list is no network: a count of 0 and nothing named', () => {
    assert.deepEqual(containmentSummary(policy(), HOME).hosts, { count: 0, first: [] });
  });

  it('cuts a path longer than a card carries, visibly', () => {
    const long = `${HOME}/${'d'.repeat(LIMITS.textChars)}`;
    const summary = containmentSummary(policy({ writable: [long] }), HOME);
    assert.ok(summary.writable.first[0]!.length <= LIMITS.textChars);
    assert.match(summary.writable.first[0]!, /^~\/d+ … \[cut: \d+ characters in all\]$/);
    assert.ok(ContainmentSummarySchema.safeParse(summary).success);
  });

  it('summarises the policy sandboxPolicyFor reads from a real folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'gate-summary-'));
    try {
      const home = join(root, 'home');
      const proj = join(home, 'proj');
      mkdirSync(join(proj, '.git', 'hooks'), { recursive: true });
      mkdirSync(join(home, '.ssh'), { recursive: true });
      writeFileSync(join(proj, 'package.json'), '{}');
      const made = sandboxPolicyFor({
        command: 'npm test',
        cwd: proj,
        home,
        decision: { action: 'approve', stage: 'human', reason: 'a person approved it', resolution: { resolved: false, mechanisms: [] } },
        workspaceFolders: [proj],
        tempFolder: join(root, 'tmp'),
      });
      const summary = containmentSummary(made, home);
      assert.equal(summary.writable.first[0], '~/proj');
      assert.deepEqual(summary.notWritable.first.map((p) => p.path).sort(), ['~/proj/.git/hooks', '~/proj/package.json']);
      assert.ok(summary.unreadable.first.some((p) => p.path === '~/.ssh'));
      assert.deepEqual(summary.hosts, { count: 0, first: [] });
      assert.ok(ContainmentSummarySchema.safeParse(summary).success);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
