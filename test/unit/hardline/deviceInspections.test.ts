/**
 * A program without a row that says of itself that it only looks at a device
 * (src/gate/hardline/deviceInspections.ts): by a read verb ending its name or an asking option, and no
 * option that may act.
 */
import { strict as assert } from 'node:assert';
import { onlyInspects } from '../../../src/gate/hardline/deviceInspections';
import type { Word } from '../../../src/gate/reading/resolution';

function argv(...words: string[]): Word[] {
  return words.map((value) => ({ kind: 'literal', value, raw: value }));
}

describe('onlyInspects', () => {
  it('reads a program named for a read verb', () => {
    assert.equal(onlyInspects(argv('bcache-super-show', '/dev/sdb'), 'bcache-super-show'), true);
    assert.equal(onlyInspects(argv('disk_info', '/dev/sdb'), 'disk_info'), true);
    assert.equal(onlyInspects(argv('showdisk', '/dev/sdb'), 'showdisk'), false);
    // The name does not vouch for an option that may act.
    assert.equal(onlyInspects(argv('disk-scan', '--write', '/dev/sdb'), 'disk-scan'), false);
  });

  it('reads a program given asking options only', () => {
    assert.equal(onlyInspects(argv('ntfsresize', '--info', '-v', '/dev/sdb1'), 'ntfsresize'), true);
    assert.equal(onlyInspects(argv('frob', '--dry-run', '/dev/sdb1'), 'frob'), true);
  });

  it('keeps the worst reading for any other option, a valued one, or none', () => {
    assert.equal(onlyInspects(argv('frob', '/dev/sdb1'), 'frob'), false);
    // Short options mean different things to different programs: `-n` is a dry run to one and a
    // count of overwriting passes to another (`frob -n 3 /dev/sdb`).
    assert.equal(onlyInspects(argv('frob', '-n', '3', '/dev/sdb1'), 'frob'), false);
    assert.equal(onlyInspects(argv('frob', '--list', '-w', '/dev/sdb'), 'frob'), false);
    assert.equal(onlyInspects(argv('frob', '--dry-run=false', '/dev/sdb'), 'frob'), false);
    assert.equal(onlyInspects(argv('frob', '-i', '/dev/sdb'), 'frob'), false);
    assert.equal(onlyInspects([...argv('frob', '--dry-run'), { kind: 'opaque', raw: '$OPTS', expansions: ['variable'] }, ...argv('/dev/sdb')], 'frob'), false);
    assert.equal(onlyInspects([...argv('frob', '--dry-run'), { kind: 'opaque', raw: '/dev/$DISK', expansions: ['variable'] }], 'frob'), true);
  });
});
