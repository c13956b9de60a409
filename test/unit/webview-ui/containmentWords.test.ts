/**
 * The sandbox's policy on the card, in words (D§13 "Containment", D§10): one line per list, the
 * first few named and the rest counted; no host is no network.
 */
import { strict as assert } from 'node:assert';
import type { ContainmentSummary } from '../../../src/protocol/messages';
import { containmentLines } from '../../../webview-ui/cardWords';

const none = { count: 0, first: [] };

describe('card words: the sandbox policy', () => {
  it('names every place of short lists, and no host is no network', () => {
    const summary: ContainmentSummary = {
      writable: { count: 2, first: ['~/proj', '/tmp'] },
      notWritable: { count: 1, first: [{ path: '~/proj/.git/hooks', why: 'version-control hooks' }] },
      unreadable: { count: 2, first: [{ path: '~/.ssh', why: 'SSH keys' }, { path: '~/.aws', why: 'AWS credentials' }] },
      hosts: none,
    };
    assert.deepEqual(containmentLines(summary), [
      'writes only in ~/proj, /tmp',
      'cannot write 1 protected place inside them: ~/proj/.git/hooks (version-control hooks)',
      'cannot read 2 credential places: ~/.ssh (SSH keys), ~/.aws (AWS credentials)',
      'network: none (no network: no host can be reached)',
    ]);
  });

  it('counts what it does not name', () => {
    const summary: ContainmentSummary = {
      writable: { count: 7, first: ['~/a', '~/b'] },
      notWritable: { count: 40, first: [{ path: '~/a/package.json', why: 'package scripts' }] },
      unreadable: { count: 23, first: [{ path: '~/.ssh', why: 'SSH keys' }] },
      hosts: { count: 12, first: ['registry.npmjs.org', 'pypi.org'] },
    };
    assert.deepEqual(containmentLines(summary), [
      'writes only in ~/a, ~/b, and 5 more',
      'cannot write 40 protected places inside them: ~/a/package.json (package scripts), and 39 more',
      'cannot read 23 credential places: ~/.ssh (SSH keys), and 22 more',
      'network: only registry.npmjs.org, pypi.org, and 10 more',
    ]);
  });

  it('says so when nothing protected or secret was found, rather than leaving a line out', () => {
    const lines = containmentLines({ writable: { count: 1, first: ['/tmp'] }, notWritable: none, unreadable: none, hosts: { count: 1, first: ['example.com:8443'] } });
    assert.deepEqual(lines, [
      'writes only in /tmp',
      'cannot write: no protected place was found inside them',
      'cannot read: no credential place was found',
      'network: only example.com:8443',
    ]);
  });
});
