import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OUTPUT_END_OSC, OutputEndMarkerScanner, outputEndMarker } from '../../../src/gate/execution/outputEndMarker';
import { ShellStatusParser } from '../../../src/gate/execution/shellStatusRecords';
import { shellInitScript } from '../../../src/gate/execution/terminalShellInit';

const TOKEN = '0123456789abcdef0123456789abcdef';

/** Feeds `chunks` to a fresh scanner; what came out as output, and the sequence number found. */
function scan(chunks: readonly string[], token = TOKEN): { output: string; seq: number | null } {
  const scanner = new OutputEndMarkerScanner(token);
  let output = '';
  for (const chunk of chunks) output += scanner.push(chunk);
  if (scanner.seq === null) output += scanner.end();
  return { output, seq: scanner.seq };
}

describe('the end-of-output marker', () => {
  it('ends the output at the marker, with its sequence number, in chunks cut anywhere', () => {
    const stream = `\x1b]633;C\x07hello\r\nworld\r\n${outputEndMarker(TOKEN, 42)}\x1b]633;D;0\x07prompt$ `;
    for (let a = 0; a <= stream.length; a++) {
      for (let b = a; b <= stream.length; b += 7) {
        const result = scan([stream.slice(0, a), stream.slice(a, b), stream.slice(b)]);
        assert.deepEqual(result, { output: '\x1b]633;C\x07hello\r\nworld\r\n', seq: 42 }, `cut at ${a}, ${b}`);
      }
    }
  });

  it('a marker with another token, a malformed number or no terminator is output', () => {
    const other = outputEndMarker('f'.repeat(32), 7);
    const texts = [
      other,
      `\x1b]${OUTPUT_END_OSC};${TOKEN};\x07`, // no number
      `\x1b]${OUTPUT_END_OSC};${TOKEN};12x\x07`,
      `\x1b]${OUTPUT_END_OSC};${TOKEN};${'9'.repeat(20)}\x07`, // longer than any sequence number
      `\x1b]${OUTPUT_END_OSC};${TOKEN};12`, // the stream ended inside it
    ];
    for (const text of texts) {
      assert.deepEqual(scan(['a', text, 'b']), { output: `a${text}b`, seq: null }, JSON.stringify(text));
      assert.deepEqual(scan([`a${text}`]), { output: `a${text}`, seq: null }, JSON.stringify(text));
    }
  });

  it('the genuine marker after an imitation still ends the output', () => {
    const imitation = outputEndMarker('0'.repeat(32), 99);
    assert.deepEqual(scan([`x${imitation}y`, outputEndMarker(TOKEN, 3), 'after']), { output: `x${imitation}y`, seq: 3 });
  });

  it('holds back only what may begin a marker', () => {
    const scanner = new OutputEndMarkerScanner(TOKEN);
    assert.equal(scanner.push('plain text\x1b[0m'), 'plain text\x1b[0m');
    assert.equal(scanner.push('abc\x1b]74'), 'abc');
    assert.equal(scanner.push('1;not ours\x07'), '\x1b]741;not ours\x07');
    assert.equal(scanner.seq, null);
  });

  it('after the marker nothing more is output', () => {
    const scanner = new OutputEndMarkerScanner(TOKEN);
    assert.equal(scanner.push(`done\n${outputEndMarker(TOKEN, 5)}`), 'done\n');
    assert.equal(scanner.push('late background output'), '');
    assert.equal(scanner.end(), '');
    assert.equal(scanner.seq, 5);
  });

  it('refuses a token that could not be written into the start-up file verbatim', () => {
    assert.throws(() => new OutputEndMarkerScanner("abc'; rm -rf ~; '"));
    assert.throws(() => shellInitScript({ integrationScript: '/x', statusFile: '/s', keepNames: [], fixed: {}, outputEndToken: 'ABC' }));
  });
});

describe('the start-up file with the marker and the reader handshake (real bash)', function () {
  this.timeout(20_000);
  /**
   * A stub in place of VS Code's script that does what matters here the way VS Code does: a DEBUG
   * trap that prints the command-start sequence once per command line (also at the first command
   * of PROMPT_COMMAND when no line ran), and a one-command prompt hook.
   */
  const STUB = [
    '__stub_in_command=1',
    '__stub_preexec() { if [[ $__stub_in_command == 0 ]]; then __stub_in_command=1; builtin printf "<C>"; fi; }',
    'trap \'__stub_preexec "$_"\' DEBUG',
    '__stub_prompt_cmd() { __stub_in_command=0; }',
    'PROMPT_COMMAND=__stub_prompt_cmd',
  ].join('\n');

  const WAIT = 2;

  /** Runs `lines` in the terminal's start-up file with `answers` already waiting in the FIFO. */
  function run(lines: string[], answers: string[]) {
    const dir = mkdtempSync(join(tmpdir(), 'approvals-gate-marker-test-'));
    try {
      const stub = join(dir, 'stub.sh');
      writeFileSync(stub, `${STUB}\n`);
      const fifo = join(dir, 'ready');
      assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
      const statusFile = join(dir, 'status');
      const init = join(dir, 'init.bash');
      writeFileSync(init, shellInitScript({ integrationScript: stub, statusFile, keepNames: ['PATH', 'PWD'], fixed: {}, outputEndToken: TOKEN, readerReadyFifo: fifo, readerWaitSeconds: WAIT }));
      // fd 7 keeps the FIFO open, so the answers stay in it until the shell reads them.
      const script = `exec 7<>'${fifo}'; printf '%s\\n' ${answers.join(' ')} >&7; exec /bin/bash --noprofile --init-file '${init}' -i`;
      const started = Date.now();
      const result = spawnSync('/bin/bash', ['-c', script], { input: lines.join('\n') + '\n', env: { PATH: '/usr/bin:/bin' }, cwd: dir, encoding: 'utf8', timeout: 30_000 });
      return { stdout: result.stdout, ms: Date.now() - started, records: new ShellStatusParser().push(readFileSync(statusFile, 'latin1')) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('prints the marker after each record, and runs each line once the answer for its prompt is in', () => {
    // The line typed at prompt 1 takes answer 1 (0 is stale), the one at prompt 2 takes 2 (5 is for no prompt).
    const { stdout, ms, records } = run(['echo one', 'echo two'], ['0', '1', '5', '2']);
    assert.deepEqual(records.map((r) => [r.seq, r.historyText]), [[1, ''], [2, 'echo one'], [3, 'echo two']]);
    for (const seq of [1, 2, 3]) assert.ok(stdout.includes(outputEndMarker(TOKEN, seq)), `marker ${seq} missing`);
    assert.ok(stdout.indexOf('<C>') < stdout.indexOf('one'), 'the line ran before its start was printed');
    assert.ok(stdout.indexOf(outputEndMarker(TOKEN, 2)) < stdout.indexOf('two'));
    assert.ok(ms < WAIT * 1000, `a wait ran out (${ms} ms) although every line had its answer`);
  });

  it('an answer for another prompt does not let a line run; the wait is bounded', () => {
    // Answer 2 comes first: the first line must skip it and take 1; the second line then has none left.
    const { stdout, ms } = run(['echo one', 'echo two'], ['2', '1']);
    assert.match(stdout, /one[\s\S]*two/);
    assert.ok(ms >= WAIT * 1000, `the second line did not wait (${ms} ms): it took an answer meant for another prompt`);
    assert.ok(ms < (WAIT + 3) * 1000, `waited ${ms} ms`);
  });
});
