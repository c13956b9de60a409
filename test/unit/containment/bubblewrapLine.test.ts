/**
 * Reading the violation monitor's socket back from the manager's line (docs/decisions.md "The
 * sandbox's cost per command"): the closed-network line is only used when this is exact, so a
 * path it cannot read back verbatim keeps every command on the manager's route.
 */
import { strict as assert } from 'node:assert';
import { observeSocketIn } from '../../../src/gate/containment/bubblewrapLine';

describe('bubblewrapLine: observeSocketIn (D§13 containment)', () => {
  it('reads the socket bwrap names in SRT_OBSERVE_SOCK', () => {
    const line = 'bwrap --new-session --bind /tmp/srt-obs-Ab1/s0e.sock /tmp/srt-obs-Ab1/s0e.sock --setenv SRT_OBSERVE_SOCK /tmp/srt-obs-Ab1/s0e.sock --setenv SRT_ENCODED_CMD x= --unshare-net';
    assert.equal(observeSocketIn(line), '/tmp/srt-obs-Ab1/s0e.sock');
  });
  it('a line with no monitor: undefined (the library runs without it too)', () => {
    assert.equal(observeSocketIn('bwrap --new-session --unshare-net --ro-bind / / -- /bin/bash -c true'), undefined);
  });
  it('a quoted path (a temp folder with a space) cannot be read back exactly: null', () => {
    assert.equal(observeSocketIn("bwrap --setenv SRT_OBSERVE_SOCK '/tmp/my dir/srt-obs-1/s.sock' --unshare-net"), null);
  });
});
