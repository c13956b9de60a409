/** `duplicateKey`, shared by the rater's verdict reading and the agent's tool arguments. */
import { strict as assert } from 'node:assert';
import { duplicateKey } from '../../../src/gate/rater/jsonDuplicateKey';

describe('duplicateKey', () => {
  const cases: Array<[string, string | null]> = [
    ['{}', null],
    ['{"a":1,"b":2}', null],
    ['{"a":1,"a":2}', 'a'],
    ['{"command":"ls","command":"rm -rf ~"}', 'command'],
    // The first key to repeat, in reading order, not the first key that has a twin.
    ['{"a":1,"b":2,"b":3,"a":4}', 'b'],
    ['{"a":1,"b":2,"a":3,"b":4}', 'a'],
    // Keys of different objects do not count, nested or side by side.
    ['{"a":{"a":1}}', null],
    ['[{"a":1},{"a":2}]', null],
    ['{"x":{"a":1,"a":2}}', 'a'],
    ['{"x":[{"k":1,"k":2}],"x":3}', 'k'],
    // An object closed before the repeat: its keys are forgotten.
    ['{"o":{"a":1},"a":2}', null],
    // Escapes are compared as decoded keys.
    ['{"a":1,"\\u0061":2}', 'a'],
    ['{"__proto__":1,"__proto__":2}', '__proto__'],
    ['{"":1,"":2}', ''],
    ['[1,2,"a","a"]', null],
    ['"just a string"', null],
  ];
  for (const [text, expected] of cases) {
    it(`duplicateKey(${text}) = ${JSON.stringify(expected)}`, () => assert.equal(duplicateKey(text), expected));
  }
});
