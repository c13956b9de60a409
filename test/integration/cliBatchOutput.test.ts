/**
 * `batch` as a process writing to a pipe (D§14): it reads its input only as fast as its reader
 * takes the answers — it does not queue its whole output in memory and write it at the end —
 * and a reader that goes away (`… | head`) ends it with one line on stderr, not a crash.
 */
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuiltCli } from '../support/evalCorpus';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const LINE = JSON.stringify({ command: 'git status', raterVerdict: { outcome: 'safe', reason: 'test' } });

describe('cli batch: output through a pipe', function () {
  this.timeout(60_000);
  const running: ChildProcess[] = [];
  before(() => ensureBuiltCli());
  afterEach(() => {
    for (const child of running.splice(0)) child.kill();
  });

  it('reads no further ahead than its reader takes the answers, and then answers every line', async () => {
    const child = spawn(process.execPath, [CLI, 'batch'], { stdio: ['pipe', 'pipe', 'pipe'] });
    running.push(child);
    // Nobody reads the answers at first: a batch that queued its output would still take the
    // whole input (40 blocks); a paced one stops once the pipe and its buffers are full.
    child.stdout.pause();
    const block = Buffer.from(`${LINE}\n`.repeat(1000));
    let accepted = 0;
    let written = 0;
    const stalled = new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 1500));
    for (let k = 0; k < 40; k++) {
      const more = child.stdin.write(block);
      written++;
      if (more) {
        accepted++;
        continue;
      }
      const waited = await Promise.race([new Promise<'drained'>((resolve) => child.stdin.once('drain', () => resolve('drained'))), stalled]);
      if (waited === 'stalled') break;
      accepted++;
    }
    assert.ok(accepted < 20, `the batch took ${accepted} of 40 blocks while nobody read its answers`);
    let answers = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) answers++;
    });
    child.stdout.resume();
    for (let k = written; k < 40; k++) {
      if (!child.stdin.write(block)) await new Promise((resolve) => child.stdin.once('drain', resolve));
    }
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0);
    assert.equal(answers, 40_000);
  });

  it('stops with one line on stderr when the reader goes away', async () => {
    const child = spawn(process.execPath, [CLI, 'batch'], { stdio: ['pipe', 'pipe', 'pipe'] });
    running.push(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdin.on('error', () => undefined);
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.end(`${LINE}\n`.repeat(100_000));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 1);
    assert.match(stderr, /^approvals-gate: cannot write the answers \(write EPIPE\); stopping\n$/);
  });
});
