/**
 * The warm-up decisions of a server started at a session's start (hookEntry.ts warmUpDecisions,
 * docs/performance.md §7): they run the real pipeline, floors included, and leave nothing behind.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { warmUpDecisions } from '../../../../src/cli/hooks/hookEntry';

describe('hook server warm-up decisions', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(path.join(tmpdir(), 'warm-up-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it('decides through the whole pipeline: the floor refuses rm -rf /, a listing is allowed by the default list', () => {
    const stages = warmUpDecisions(home);
    assert.equal(stages.length, 3);
    assert.equal(stages[0], 'allow-list');
    assert.equal(stages[2], 'hardline-floor');
  });

  it('writes nothing: no capture log, cache or settings file appears in the home', () => {
    warmUpDecisions(home);
    assert.deepEqual(readdirSync(home, { recursive: true }), []);
  });
});
