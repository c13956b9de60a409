/**
 * An entry for a program the table has no row for covers its work in the workspace, not what its
 * words could reach beyond it (docs/decisions.md "An entry for a program without a row covers its
 * work in the workspace"; programs/unplacedReach.ts).
 */
import { strict as assert } from 'node:assert';

import { parseListEntries } from '../../../src/gate/lists/listEntry';
import { matchAllow } from '../../../src/gate/lists/listMatcher';
import { readCommand } from '../../../src/gate/reading/reading';

const HOME = '/home/tester';

function covered(line: string, entry: string): boolean {
  const entries = parseListEntries([entry], 'allow', 'test').entries;
  assert.equal(entries.length, 1, entry);
  return matchAllow(readCommand(line, { home: HOME, shell: 'bash' }), entries) !== null;
}

describe('an entry for a program without a row', () => {
  const beyond: Array<[string, string]> = [
    ['frobrun -b /:/host img rm -rf /host/etc', 'frobrun'],
    ['frobrun --bind=/home/tester:/h img ls /h', 'frobrun'],
    ['frobrun ~/.ssh/id_ed25519', 'frobrun'],
    ['frobrun ../../elsewhere', 'frobrun'],
    ['frobrun --out /dev/sdb', 'frobrun'],
    ["frobrun -e 'runCommand(\"rm\", \"-rf\", \"/etc\")'", 'frobrun'],
    ['frobrun "$TARGET"', 'frobrun'],
    ['frobrun src/*.c', 'frobrun'],
    ['sudo frobrun status', 'sudo frobrun'],
    ['frobrun C:/Users/dev', 'frobrun'],
    // The temp folders are anyone's: a file there may be a plugin or configuration it loads.
    ['frobrun --cache=/tmp/frob run main.nf', 'frobrun'],
    ['typedoc --plugin /tmp/typedoc-plugin.mjs src/index.ts', 'typedoc'],
    ['frobrun -c /var/tmp/frob.conf', 'frobrun'],
  ];
  for (const [line, entry] of beyond) {
    it(`does not cover words reaching past the workspace: ${line}`, () => assert.equal(covered(line, entry), false));
  }

  const inside: Array<[string, string]> = [
    ['frobrun build', 'frobrun'],
    ['frobrun --verbose check src/lib ./out', 'frobrun'],
    ['frobrun fetch https://example.com/a.tgz', 'frobrun'],
    ['frobrun run 2>/dev/null', 'frobrun'],
    ['frobrun --out=/dev/null check', 'frobrun'],
  ];
  for (const [line, entry] of inside) {
    it(`covers its work in the workspace: ${line}`, () => assert.equal(covered(line, entry), true));
  }
});
