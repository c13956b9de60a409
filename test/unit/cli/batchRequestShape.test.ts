/**
 * `batch` reads most request lines without the schema library (`plainRequest`). That fast check
 * must accept exactly the lines the schema accepts, with the same values for every key the batch
 * reads; anything it does not accept goes to the schema, which names the problem.
 */
import { strict as assert } from 'node:assert';

import { BatchRequest, plainRequest } from '../../../src/cli/batchCommand';
import { Prng } from '../../support/commandGenerator';

const KNOWN_KEYS = ['id', 'command', 'rung', 'allow', 'deny', 'escalate', 'raterVerdict'] as const;

const VALUES: unknown[] = [
  undefined, null, true, false, 0, -1, 2.5, 1e300, '', 'ls', 'assisted', [], ['ls'], [{ match: 'exact', pattern: 'ls' }], {}, { outcome: 'safe', reason: 'r' }, [null],
];

function check(json: unknown): void {
  const fast = plainRequest(json);
  const schema = BatchRequest.safeParse(json);
  assert.equal(fast !== null, schema.success, `${JSON.stringify(json)}: fast ${fast !== null ? 'accepts' : 'refuses'}, schema ${schema.success ? 'accepts' : 'refuses'}`);
  if (fast === null || !schema.success) return;
  for (const key of KNOWN_KEYS) {
    assert.deepEqual(fast[key], schema.data[key], `${JSON.stringify(json)}: ${key}`);
    assert.equal(key in fast, key in schema.data, `${JSON.stringify(json)}: ${key} present`);
  }
}

describe('batch request lines: the fast shape check agrees with the schema', () => {
  it('on lines that are not objects', () => {
    for (const line of ['null', '1', '"ls"', '[]', '[{"command":"ls"}]', 'true']) check(JSON.parse(line));
  });

  it('on every value of every known key, one key at a time', () => {
    for (const key of KNOWN_KEYS) {
      for (const value of VALUES) {
        const request: Record<string, unknown> = { command: 'ls' };
        if (value === undefined) delete request[key];
        else request[key] = value;
        // Through JSON, as batch reads it (which drops undefined).
        check(JSON.parse(JSON.stringify(request)));
      }
    }
  });

  it('on unknown keys, `__proto__` included', () => {
    check(JSON.parse('{"command":"ls","note":"x","provenance":{"a":1}}'));
    check(JSON.parse('{"command":"ls","__proto__":{"rung":"bypass"}}'));
    check(JSON.parse('{"__proto__":{"command":"ls"}}'));
    check(JSON.parse('{"command":"ls","constructor":1,"toString":2}'));
  });

  it('on 5,000 random combinations', () => {
    const random = new Prng(99);
    let accepted = 0;
    for (let i = 0; i < 5000; i++) {
      const request: Record<string, unknown> = {};
      for (const key of KNOWN_KEYS) {
        if (random.chance(0.5)) request[key] = random.pick(VALUES);
      }
      if (random.chance(0.7)) request.command = random.pick(['ls', 'git status', '', 'rm -rf /']);
      const json = JSON.parse(JSON.stringify(request)) as unknown;
      check(json);
      if (plainRequest(json) !== null) accepted++;
    }
    // Both outcomes must occur, or the comparison says nothing.
    assert.ok(accepted > 200 && accepted < 4800, `accepted ${accepted}`);
  });
});
