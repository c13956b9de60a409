import { strict as assert } from 'node:assert';
import { capOutput, cutMarker, DEFAULT_OUTPUT_CAP, OutputCap } from '../../../src/gate/execution/outputCap';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** A deterministic pseudo-random sequence, so a failing split can be reproduced. */
function* randoms(seed: number): Generator<number> {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield x / 2147483648;
  }
}

describe('output cap: head + tail with a marker (D§13)', () => {
  it('keeps output within the limits exactly, with nothing cut', () => {
    for (const text of ['', 'hello\n', 'x'.repeat(100), '€'.repeat(10)]) {
      assert.deepEqual(capOutput(text, { headBytes: 40, tailBytes: 60 }), { output: text, truncatedBytes: 0, totalBytes: bytes(text) });
    }
  });

  it('keeps output of exactly head + tail bytes whole, even with a character across the seam', () => {
    const text = 'a'.repeat(39) + '€' + 'b'.repeat(58); // € (3 bytes) straddles byte 40
    assert.equal(bytes(text), 100);
    assert.deepEqual(capOutput(text, { headBytes: 40, tailBytes: 60 }), { output: text, truncatedBytes: 0, totalBytes: 100 });
  });

  it('cuts the middle and says how much', () => {
    const text = 'H'.repeat(1000) + 'M'.repeat(5000) + 'T'.repeat(1000);
    const { output, truncatedBytes, totalBytes } = capOutput(text, { headBytes: 1000, tailBytes: 1000 });
    assert.equal(totalBytes, 7000);
    assert.equal(truncatedBytes, 5000);
    assert.equal(output, 'H'.repeat(1000) + cutMarker(5000) + 'T'.repeat(1000));
    assert.match(output, /cut 5000 bytes of output here/);
  });

  it('the default keeps 64 KiB: 16 KiB from the start, 48 KiB from the end', () => {
    assert.equal(DEFAULT_OUTPUT_CAP.headBytes + DEFAULT_OUTPUT_CAP.tailBytes, 64 * 1024);
    const text = 'x'.repeat(200_000);
    const { output, truncatedBytes } = capOutput(text);
    assert.equal(truncatedBytes, 200_000 - 64 * 1024);
    assert.equal(output.length, 64 * 1024 + cutMarker(truncatedBytes).length);
  });

  it('prefers to cut at a line break near the limit', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${String(i).padStart(3, '0')} ${'.'.repeat(50)}\n`).join('');
    const { output, truncatedBytes } = capOutput(lines, { headBytes: 1000, tailBytes: 1000 });
    const [head, tail] = output.split(cutMarker(truncatedBytes));
    assert.ok(head!.endsWith('\n'), 'the head ends with a whole line');
    assert.match(tail!, /^line \d{3} /, 'the tail starts with a whole line');
    assert.equal(bytes(head!) + bytes(tail!) + truncatedBytes, bytes(lines));
  });

  it('never splits a multi-byte character, and counts every byte it dropped', () => {
    for (const char of ['é', '€', '𝄞']) {
      for (let head = 1; head <= 9; head++) {
        const text = char.repeat(50);
        const { output, truncatedBytes } = capOutput(text, { headBytes: head, tailBytes: head + 1 });
        assert.ok(!output.includes('\ufffd'), `${char} head ${head}: a replacement character appeared`);
        const [kept1, kept2] = output.split(cutMarker(truncatedBytes));
        assert.equal(bytes(kept1!) + bytes(kept2!) + truncatedBytes, bytes(text), `${char} head ${head}`);
        assert.ok(kept1!.length === 0 || kept1 === char.repeat(kept1!.length / char.length));
      }
    }
  });

  it('streaming in any chunks gives the same result as all at once', () => {
    const random = randoms(7);
    const alphabet = ['a', 'b', '\n', 'é', '€', '𝄞', ' '];
    for (let round = 0; round < 200; round++) {
      let text = '';
      const length = Math.floor(random.next().value! * 3000);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random.next().value! * alphabet.length)];
      const limits = { headBytes: Math.floor(random.next().value! * 700), tailBytes: Math.floor(random.next().value! * 700) };
      const cap = new OutputCap(limits);
      for (let at = 0; at < text.length;) {
        const size = 1 + Math.floor(random.next().value! * 300);
        cap.push(text.slice(at, at + size));
        at += size;
      }
      assert.deepEqual(cap.finish(), capOutput(text, limits), `round ${round}`);
    }
  });

  it('a single chunk larger than the whole cap keeps its start and its end', () => {
    const text = 'S'.repeat(10) + 'x'.repeat(1_000_000) + 'E'.repeat(10);
    const { output, truncatedBytes } = capOutput(text, { headBytes: 10, tailBytes: 10 });
    assert.equal(output, 'S'.repeat(10) + cutMarker(1_000_000) + 'E'.repeat(10));
    assert.equal(truncatedBytes, 1_000_000);
  });

  it('stays fast and bounded on 50 MB pushed in 4 KiB chunks', () => {
    const cap = new OutputCap();
    const chunk = 'y'.repeat(4095) + '\n';
    const started = Date.now();
    for (let i = 0; i < 12_800; i++) cap.push(chunk);
    cap.push('THE END\n');
    const { output, truncatedBytes, totalBytes } = cap.finish();
    assert.equal(totalBytes, 12_800 * 4096 + 8);
    assert.ok(output.endsWith('THE END\n'));
    assert.ok(bytes(output) - bytes(cutMarker(truncatedBytes)) <= 64 * 1024);
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
  });

  it('a zero head keeps only the end', () => {
    const { output, truncatedBytes } = capOutput('0123456789', { headBytes: 0, tailBytes: 3 });
    assert.equal(output, cutMarker(7) + '789');
    assert.equal(truncatedBytes, 7);
  });

  it('refuses negative limits', () => {
    assert.throws(() => new OutputCap({ headBytes: -1, tailBytes: 10 }), RangeError);
  });
});
