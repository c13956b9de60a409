/**
 * `batch` reads its next chunk of input only once stdout has taken the answers to the last
 * one (`pacedInput`): memory stays bounded when the reader is slower than the gate. The wait
 * must end when the output drains, when it closes, and with the error when it fails — never
 * hang, never drop or reorder a chunk.
 */
import { strict as assert } from 'node:assert';
import { Writable } from 'node:stream';
import { pacedInput } from '../../../src/cli/pacedInput';

/** A writable whose writes complete only when the test releases them. */
class HeldWritable extends Writable {
  readonly held: Array<() => void> = [];
  constructor() {
    super({ highWaterMark: 4 });
  }
  override _write(_chunk: unknown, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.held.push(() => done());
  }
  release(): void {
    for (const done of this.held.splice(0)) done();
  }
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

async function* chunks(...items: string[]): AsyncGenerator<string> {
  for (const item of items) yield item;
}

describe('batch input paced by its output', () => {
  it('reads the next chunk only after the output drained, and passes every chunk in order', async () => {
    const output = new HeldWritable();
    const seen: string[] = [];
    let answered = 0;
    const reading = (async () => {
      for await (const chunk of pacedInput(chunks('a', 'b', 'c'), output, () => {
        answered++;
        output.write('answers over the high-water mark');
      })) {
        seen.push(chunk as string);
      }
    })();
    await turns(5);
    assert.deepEqual(seen, ['a'], 'read on while the output was still full');
    assert.equal(answered, 1);
    output.release();
    await turns(5);
    assert.deepEqual(seen, ['a', 'b']);
    output.release();
    await turns(5);
    output.release();
    await reading;
    assert.deepEqual(seen, ['a', 'b', 'c']);
    assert.equal(answered, 3);
  });

  it('does not wait while the output keeps up', async () => {
    const output = new Writable({ write: (_chunk, _encoding, done) => done() });
    const seen: unknown[] = [];
    for await (const chunk of pacedInput(chunks('a', 'b', 'c'), output, () => output.write('x'))) seen.push(chunk);
    assert.deepEqual(seen, ['a', 'b', 'c']);
  });

  it('stops waiting when the output closes', async () => {
    const output = new HeldWritable();
    const seen: unknown[] = [];
    const reading = (async () => {
      for await (const chunk of pacedInput(chunks('a', 'b'), output, () => output.write('answers over the high-water mark'))) seen.push(chunk);
    })();
    await turns(5);
    assert.deepEqual(seen, ['a']);
    output.destroy();
    await reading;
    assert.deepEqual(seen, ['a', 'b']);
  });

  it('throws the output\'s error instead of waiting for ever', async () => {
    const output = new HeldWritable();
    output.on('error', () => undefined);
    const reading = (async () => {
      for await (const chunk of pacedInput(chunks('a', 'b'), output, () => output.write('answers over the high-water mark'))) void chunk;
    })();
    await turns(5);
    output.destroy(new Error('EPIPE: the reader went away'));
    await assert.rejects(reading, /the reader went away/);
  });
});
