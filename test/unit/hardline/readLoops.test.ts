import * as assert from 'node:assert/strict';
import { readLoopBodies } from '../../../src/gate/hardline/readLoops';

/** A producer reading that knows one lister: `ls -d /usr/*` prints, at worst, `/usr/*`. */
const values = (producer: string): string[] | null => (producer === 'ls -d /usr/*' ? ['/usr/*'] : producer === 'echo a b' ? ["'a b'"] : null);

describe('loops over what a producer prints (hardline/readLoops.ts)', () => {
  it('puts each printed value where the loop variable is expanded', () => {
    assert.deepEqual(readLoopBodies('ls -d /usr/* | while read f; do rm -rf "$f"; done', values), [' rm -rf /usr/*; ']);
    assert.deepEqual(readLoopBodies('while IFS= read -r -d \'\' f; do rm -rf -- "${f}"; done < <(ls -d /usr/*)', values), [' rm -rf -- /usr/*; ']);
    assert.deepEqual(readLoopBodies('for d in $(ls -d /usr/*); do rm -rf $d/x; done', values), [' rm -rf /usr/*/x; ']);
    assert.deepEqual(readLoopBodies('cd /; echo a b | while read x; do mv $x /tmp; done', values), [" mv 'a b' /tmp; "]);
  });

  it('reads nothing for a producer it does not know, a file fed in, or read -a', () => {
    assert.deepEqual(readLoopBodies('cat list | while read f; do rm -rf "$f"; done', values), []);
    assert.deepEqual(readLoopBodies('while read f; do rm -rf "$f"; done < list.txt', values), []);
    assert.deepEqual(readLoopBodies('ls -d /usr/* | while read -a f; do rm -rf "$f"; done', values), []);
    assert.deepEqual(readLoopBodies('ls -d /usr/*', values), []);
  });
});
