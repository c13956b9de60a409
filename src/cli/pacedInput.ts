import type { Writable } from 'node:stream';

/**
 * The chunks of `input`, each read only once `output` has taken the answers to the one before.
 *
 * A pipe write from Node is queued when the pipe is full, and `batch` answers faster than most
 * readers read: without this, a batch fed a large file kept its whole output (tens of MB for
 * 50,000 lines) queued in memory and wrote it out at the end. Now, after each chunk's lines
 * are answered, `answered()` hands them to the output (`LineWriter.flush`), and the next chunk
 * is read once the output has drained below its high-water mark: memory stays bounded and
 * answers reach the reader as they are made. An output that closes or fails ends the wait (the
 * failure is thrown), so a reader that goes away never leaves the batch hanging.
 */
export async function* pacedInput(input: AsyncIterable<unknown>, output: Writable, answered: () => void): AsyncGenerator<unknown, void, undefined> {
  for await (const chunk of input) {
    yield chunk;
    answered();
    if (output.writableNeedDrain) await drained(output);
  }
}

function drained(output: Writable): Promise<void> {
  if (output.destroyed || output.writableEnded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (): void => {
      stop();
      resolve();
    };
    const failed = (error: Error): void => {
      stop();
      reject(error);
    };
    const stop = (): void => {
      output.off('drain', done);
      output.off('close', done);
      output.off('error', failed);
    };
    output.on('drain', done);
    output.on('close', done);
    output.on('error', failed);
  });
}
