import { DEFAULT_ALLOW_LIST } from '../../../src/gate/lists/defaultAllowList';
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

import { describeProgram, programsMarkdown } from '../../../src/gate/programs/describe';

const ROOT = join(__dirname, '..', '..', '..');

describe('the program table in words', () => {
  it('docs/programs.md is what `npm run docs:programs` writes (regenerate it when a row changes)', () => {
    assert.equal(readFileSync(join(ROOT, 'docs', 'programs.md'), 'utf8'), programsMarkdown() + '\n');
  });

  it('describes a row with its grammar, roles and notes', () => {
    const text = describeProgram('/usr/bin/sudo');
    assert.ok(text !== null);
    assert.match(text, /^sudo — runs a command as another user/);
    assert.match(text, /does not peel/);
    assert.match(text, /executor: -s, -i — sudo -s \/ -i starts a root shell/);
    assert.equal(describeProgram('no-such-program-here'), null);
  });

  it('`approvals-gate programs NAME` prints the row, and says when there is none', function () {
    this.timeout(60000);
    const cli = join(ROOT, 'dist', 'cli.js');
    const found = spawnSync(process.execPath, [cli, 'programs', 'timeout'], { encoding: 'utf8' });
    assert.equal(found.status, 0, found.stderr);
    assert.match(found.stdout, /^timeout — runs a command with a time limit/);
    assert.match(found.stdout, /peels: an entry for the wrapped command covers it/);
    const missing = spawnSync(process.execPath, [cli, 'programs', 'no-such-program-here'], { encoding: 'utf8' });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /has no row in the program table/);
    // What the gate does with such a program (docs/decisions.md, "An entry for a program without a
    // row covers its work in the workspace"), not the older "covers every argument".
    assert.match(missing.stderr, /at their worst/);
    assert.doesNotMatch(missing.stderr, /covers every argument/);
  });

  it('`approvals-gate programs --default` prints the default allow list, one entry a line', function () {
    this.timeout(60000);
    const listed = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'programs', '--default'], { encoding: 'utf8' });
    assert.equal(listed.status, 0, listed.stderr);
    assert.deepEqual(listed.stdout.trimEnd().split('\n'), DEFAULT_ALLOW_LIST.map((entry) => entry.text));
    assert.ok(listed.stdout.split('\n').includes('git stash list'));
  });
});
