/**
 * A person's rerun of what the sandbox stopped (D§13 "Containment"; docs/decisions.md "A person can
 * rerun what the sandbox stopped"): the rerun adds exactly the paths and hosts the stops name, never
 * a protected place (D§7) or a credential store, never a glob; one refused stop means no rerun; the
 * original policy is left as it was.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRefusedRerun, prepareRerun, rerunOfferFor, widenedPolicy, type RerunOffer } from '../../../src/gate/containment/rerunWidening';
import type { SandboxStop } from '../../../src/gate/containment/sandbox';
import type { SandboxPolicy } from '../../../src/gate/containment/sandboxPolicy';

const HOME = '/home/dev';
const WS = '/home/dev/ws';
const CONTEXT = { cwd: WS, home: HOME };
const POLICY: SandboxPolicy = {
  writable: [WS, '/var/tmp/ws-temp'],
  notWritable: [{ path: `${WS}/.git/hooks`, why: 'git hooks' }],
  unreadable: [{ path: `${HOME}/.ssh`, why: 'SSH keys' }],
  hosts: ['registry.npmjs.org'],
  approved: { paths: [], hosts: [] },
};
/** A folder outside the policy that exists (a missing folder is refused: the sandbox can only open what exists). */
const OUTSIDE = realpathSync(mkdtempSync(join(tmpdir(), 'rerun-widening-outside-')));
after(() => rmSync(OUTSIDE, { recursive: true, force: true }));
const OUT = `${OUTSIDE}/out.bin`;
const write = (target: string): SandboxStop => ({ kind: 'write', target, evidence: 'output' });
const net = (target: string): SandboxStop => ({ kind: 'network', target, evidence: 'violation-log' });

function refusedWhy(offer: RerunOffer): string {
  assert.equal(offer.offered, false, JSON.stringify(offer));
  return offer.offered ? '' : offer.refused.map((r) => `${r.target}: ${r.why}`).join(' | ');
}

describe('rerun widening: what a rerun after a sandbox stop may add (D§13 containment)', () => {
  it('offers exactly the stopped paths and hosts, nothing broader', () => {
    const offer = rerunOfferFor([write(OUT), net('api.example.com:443'), write(OUT)], POLICY, CONTEXT);
    assert.deepEqual(offer, { offered: true, adds: { paths: [OUT], hosts: ['api.example.com:443'], creates: [OUT] } });
    writeFileSync(OUT, '');
    assert.deepEqual(rerunOfferFor([write(OUT)], POLICY, CONTEXT), { offered: true, adds: { paths: [OUT], hosts: [], creates: [] } }, 'an existing file is not created');
    rmSync(OUT);
  });

  it('a path whose folder does not exist is refused: the sandbox can only make writable what exists', () => {
    assert.match(refusedWhy(rerunOfferFor([write('/opt/no-such-folder-here/out.bin')], POLICY, CONTEXT)), /folder .* does not exist/);
  });

  it('before the rerun: the offer must be unchanged, and a missing file is created empty, exclusively', () => {
    const stops = [write(OUT)];
    const offer = rerunOfferFor(stops, POLICY, CONTEXT);
    assert.ok(offer.offered);
    assert.equal(prepareRerun(stops, POLICY, CONTEXT, { paths: [`${OUTSIDE}/else`], hosts: [], creates: [] }), 'The places the rerun would add changed while the card waited; nothing was rerun.');
    assert.equal(existsSync(OUT), false);
    assert.equal(prepareRerun(stops, POLICY, CONTEXT, offer.adds), null);
    assert.equal(readFileSync(OUT, 'utf8'), '');
    assert.match(prepareRerun(stops, POLICY, CONTEXT, offer.adds) ?? '', /changed while the card waited/, 'the file exists now: the offer differs');
    rmSync(OUT);
  });

  it('the widened policy is the original plus the adds; the original is unchanged', () => {
    const before = JSON.parse(JSON.stringify(POLICY)) as SandboxPolicy;
    const widened = widenedPolicy(POLICY, { paths: ['/opt/cache/out.bin'], hosts: ['api.example.com:443'] });
    assert.deepEqual(POLICY, before, 'the original policy is not changed');
    assert.deepEqual(widened.writable, [WS, '/var/tmp/ws-temp', '/opt/cache/out.bin']);
    assert.deepEqual(widened.hosts, ['registry.npmjs.org', 'api.example.com:443']);
    assert.deepEqual(widened.notWritable, POLICY.notWritable, 'every protected place stays unwritable');
    assert.deepEqual(widened.unreadable, POLICY.unreadable, 'every credential store stays unreadable');
    assert.deepEqual(widened.approved, { paths: ['/opt/cache/out.bin'], hosts: ['api.example.com:443'] });
    widened.notWritable.push({ path: '/x', why: 'y' });
    assert.equal(POLICY.notWritable.length, 1, 'the widened policy shares no list with the original');
  });

  const refusedPaths: Array<[string, string, RegExp]> = [
    ['git hooks inside the workspace', `${WS}/.git/hooks/pre-commit`, /protected place|dot-f/],
    ['git configuration', `${WS}/.git/config`, /protected place|dot-f/],
    ['editor tasks', `${WS}/.vscode/tasks.json`, /protected place|dot-f/],
    ['an agent\'s configuration', `${WS}/.claude/settings.json`, /protected place|dot-f/],
    ['the gate\'s own settings (user settings of the editor)', `${HOME}/.config/Code/User/settings.json`, /protected place|dot-f/],
    ['a shell start-up file', `${HOME}/.bashrc`, /protected place|dot-f/],
    ['an SSH key', `${HOME}/.ssh/id_ed25519`, /protected|credential|dot-f/],
    ['the AWS credentials', `${HOME}/.aws/credentials`, /credential|protected|dot-f/],
    ['the home folder itself (it holds every store)', HOME, /holds/],
    ['the root folder', '/', /holds/],
    ['a glob character', '/opt/a[1]/out', /glob character/],
    ['a star', '/opt/*/out', /glob character/],
    ['a relative path', 'out.txt', /plain absolute path/],
    ['a path with ..', '/opt/../etc/passwd', /plain absolute path/],
  ];
  for (const [what, target, why] of refusedPaths) {
    it(`refuses ${what}: no rerun is offered, and it says why`, () => {
      assert.match(refusedWhy(rerunOfferFor([write(target)], POLICY, CONTEXT)), why);
    });
  }

  it('one refused stop means no rerun at all, even beside a stop it could add (fail closed)', () => {
    const offer = rerunOfferFor([write(OUT), write(`${WS}/.git/hooks/post-checkout`)], POLICY, CONTEXT);
    assert.equal(offer.offered, false);
    assert.match(describeRefusedRerun(offer.offered ? [] : offer.refused), /^No rerun with a wider sandbox is offered: .*\.git\/hooks\/post-checkout: /);
  });

  it('a hidden credential place (a read stop) is never offered', () => {
    assert.match(refusedWhy(rerunOfferFor([{ kind: 'read', target: `${HOME}/.ssh`, evidence: 'output' }], POLICY, CONTEXT)), /credential place .*SSH keys/);
  });

  it('a connection with no host named, a wildcard or a malformed host is never offered', () => {
    assert.match(refusedWhy(rerunOfferFor([net('the network')], POLICY, CONTEXT)), /no host was named/);
    assert.match(refusedWhy(rerunOfferFor([net('*.example.com')], POLICY, CONTEXT)), /wildcard/);
    assert.match(refusedWhy(rerunOfferFor([net('evil.com/x y')], POLICY, CONTEXT)), /not a host name/);
  });

  it('a stop the policy already allows adds nothing: no rerun', () => {
    assert.match(refusedWhy(rerunOfferFor([net('registry.npmjs.org'), write(`${WS}/out.txt`)], POLICY, CONTEXT)), /add nothing/);
    assert.match(refusedWhy(rerunOfferFor([], POLICY, CONTEXT)), /^$/);
  });

  describe('on disk', () => {
    let root: string;
    beforeEach(() => {
      root = realpathSync(mkdtempSync(join(tmpdir(), 'rerun-widening-')));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('a link that leads into a protected place is refused', () => {
      const hooks = join(root, 'ws', '.git', 'hooks');
      mkdirSync(hooks, { recursive: true });
      symlinkSync(hooks, join(root, 'innocent'));
      const policy = { ...POLICY, writable: [join(root, 'ws')] };
      assert.match(refusedWhy(rerunOfferFor([write(join(root, 'innocent', 'pre-commit'))], policy, { ...CONTEXT, cwd: join(root, 'ws') })), /leads \(through a link\)/);
    });

    it('an existing folder is offered only when nothing below it is protected', () => {
      const plain = join(root, 'out');
      mkdirSync(join(plain, 'sub'), { recursive: true });
      writeFileSync(join(plain, 'sub', 'data.bin'), '');
      assert.deepEqual(rerunOfferFor([write(plain)], POLICY, CONTEXT), { offered: true, adds: { paths: [plain], hosts: [], creates: [] } });
      const project = join(root, 'other');
      mkdirSync(join(project, 'tools'), { recursive: true });
      writeFileSync(join(project, 'tools', 'package.json'), '{}');
      assert.match(refusedWhy(rerunOfferFor([write(project)], POLICY, CONTEXT)), /holds .*package\.json/);
    });
  });
});
