import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHistoryEntry, ShellStatusParser, type ShellStatusRecord } from '../../../src/gate/execution/shellStatusRecords';
import { bashSingleQuote, shellInitScript } from '../../../src/gate/execution/terminalShellInit';

/**
 * The terminal's start-up file, run by a real interactive bash (`-i`, commands on stdin). VS Code's
 * shell-integration script is replaced by a stub that only says it was sourced: what is tested here
 * is our part — the clean state, the environment filter, history expansion off, the status records.
 */
function runInteractive(lines: string[], env: Record<string, string>, options: { keep?: string[]; fixed?: Record<string, string> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'approvals-gate-init-test-'));
  try {
    const stub = join(dir, 'integration stub.sh');
    writeFileSync(stub, 'echo STUB-SOURCED >&2\n__vsc_marker=1\n');
    const statusFile = join(dir, "status 'file'");
    const init = join(dir, 'init.bash');
    writeFileSync(init, shellInitScript({
      integrationScript: stub,
      statusFile,
      keepNames: options.keep ?? ['PATH', 'HOME', 'PWD', 'OLDPWD', 'SHLVL'],
      fixed: options.fixed ?? { PAGER: 'cat', ODD: "it's $(touch /tmp/never) `x`" },
    }));
    const result = spawnSync('/bin/bash', ['--noprofile', '--init-file', init, '-i'], {
      input: lines.join('\n') + '\n',
      env,
      cwd: dir,
      encoding: 'utf8',
      timeout: 10_000,
    });
    let records: ShellStatusRecord[] = [];
    try {
      records = new ShellStatusParser().push(readFileSync(statusFile, 'latin1'));
    } catch {
      records = [];
    }
    return { stdout: result.stdout, stderr: result.stderr, records, dir };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ENV = {
  PATH: '/usr/bin:/bin',
  HOME: '/nonexistent-home',
  OPENAI_API_KEY: 'sk-planted-in-the-terminal-host-0000000000',
  GIT_ASKPASS: '/editor/askpass.sh',
  'BASH_FUNC_ls%%': '() { echo HIJACKED; }',
};

describe('the terminal\'s start-up file (real bash)', () => {
  it('sources VS Code\'s script, filters the environment to the keep list, exports the fixed values', () => {
    const { stdout, stderr } = runInteractive(['env | sort'], ENV);
    assert.match(stderr, /STUB-SOURCED/);
    const names = stdout.split('\n').filter((l) => l.includes('=')).map((l) => l.slice(0, l.indexOf('=')));
    assert.ok(!names.includes('OPENAI_API_KEY'), 'a variable the terminal host added survived');
    assert.ok(!names.includes('GIT_ASKPASS'));
    assert.ok(!names.some((n) => n.startsWith('BASH_FUNC')));
    assert.match(stdout, /^PAGER=cat$/m);
    assert.match(stdout, /^ODD=it's \$\(touch \/tmp\/never\) `x`$/m, 'a fixed value is exported verbatim');
    assert.match(stdout, /^PATH=\/usr\/bin:\/bin$/m);
  });

  it('removes exported functions and aliases, so `ls` is ls', () => {
    const { stdout } = runInteractive(['type -t ls', 'alias'], ENV);
    assert.match(stdout, /^file$/m);
    assert.ok(!stdout.includes('HIJACKED'));
  });

  it('turns history expansion off: `!!` means itself', () => {
    const { stdout } = runInteractive(['echo first', 'echo X!!Y', 'echo "$-"'], ENV);
    assert.match(stdout, /^X!!Y$/m);
    assert.doesNotMatch(stdout, /^[^\n]*H[^\n]*$/m, 'the H flag is still set');
  });

  it('writes one record per prompt: status, folder, state, and the line bash ran exactly', () => {
    const { records, dir } = runInteractive(['true', '  echo  spaced  ', 'false', '(exit 7)'], ENV);
    assert.deepEqual(records.map((r) => [r.seq, r.status, r.historyNumber, r.historyText]), [
      [1, 0, null, ''],
      [2, 0, 1, 'true'],
      [3, 0, 2, '  echo  spaced  '],
      [4, 1, 3, 'false'],
      [5, 7, 4, '(exit 7)'],
    ]);
    assert.ok(records.every((r) => r.cwd === dir));
  });

  it('the state checksum stays put for ordinary commands and moves when the shell\'s state changes', () => {
    const { records } = runInteractive(['echo a', 'ls >/dev/null', 'true', 'export A=1', 'echo b', 'alias q=ls', 'f() { :; }', 'set -o noglob', 'umask 077', 'cd /'], ENV);
    const state = records.map((r) => r.state);
    assert.equal(new Set(state.slice(0, 4)).size, 1, 'ordinary commands changed the checksum');
    assert.notEqual(state[4], state[3], 'export');
    assert.equal(state[5], state[4], 'echo after export');
    assert.notEqual(state[6], state[5], 'alias');
    assert.notEqual(state[7], state[6], 'function');
    assert.notEqual(state[8], state[7], 'set -o');
    assert.notEqual(state[9], state[8], 'umask');
    assert.equal(records[10]!.cwd, '/', 'cd');
  });

  it('the checksum also moves for the directory stack, background jobs and unexported variables the gate reads', () => {
    const changes = ['pushd . >/dev/null', 'sleep 2 </dev/null >/dev/null 2>&1 &', 'PS0=\'$(id)\'', 'IFS=:', 'GLOBIGNORE=x', 'PATH=/tmp:$PATH', 'declare -i CDPATH', 'BASH_ENV=/tmp/e'];
    for (const change of changes) {
      const { records } = runInteractive(['echo a', 'PLAIN_UNREAD=1', change, 'echo b'], ENV);
      const state = records.map((r) => r.state);
      assert.equal(records.length, 5, `${change}: ${records.length} records`);
      assert.equal(new Set(state.slice(0, 3)).size, 1, `${change}: an unexported variable the gate does not read moved the checksum`);
      assert.notEqual(state[3], state[2], change);
    }
  });

  it('empties the hash table at every prompt, so `hash -p` does not reach the next line', () => {
    const { stdout } = runInteractive(['hash -p /bin/echo ls; hash -t ls', 'hash -t ls || echo NOT-HASHED', 'type -P ls'], ENV);
    assert.match(stdout, /^\/bin\/echo$/m, 'the same line sees its own hash -p');
    assert.match(stdout, /^NOT-HASHED$/m);
    assert.match(stdout, /^\/usr\/bin\/ls$|^\/bin\/ls$/m);
  });
});

describe('status records', () => {
  it('arrive in any pieces', () => {
    const text = '1\x000\x00/w\x00123 45\x00\x002\x003\x00/w/x y\x00678 9\x00   12  echo hi\x00';
    for (let cut = 0; cut <= text.length; cut++) {
      const parser = new ShellStatusParser();
      const records = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];
      assert.deepEqual(records, [
        { seq: 1, status: 0, cwd: '/w', state: '123 45', historyNumber: null, historyText: '' },
        { seq: 2, status: 3, cwd: '/w/x y', state: '678 9', historyNumber: 12, historyText: 'echo hi' },
      ], `cut at ${cut}`);
    }
  });

  it('a malformed record is skipped, not guessed at', () => {
    assert.deepEqual(new ShellStatusParser().push('x\x000\x00/\x00s\x00\x00'), []);
  });

  it('history entries keep their text exactly', () => {
    assert.deepEqual(parseHistoryEntry('    5  echo hi'), { number: 5, text: 'echo hi' });
    assert.deepEqual(parseHistoryEntry('123456  x'), { number: 123456, text: 'x' });
    assert.deepEqual(parseHistoryEntry('    7*  edited'), { number: 7, text: 'edited' });
    assert.deepEqual(parseHistoryEntry('    8    two leading  '), { number: 8, text: '  two leading  ' });
    assert.equal(parseHistoryEntry(''), null);
  });
});

describe('bashSingleQuote', () => {
  for (const text of ['plain', "it's", "''", '$(id) `id` $HOME \\ "', 'new\nline', '']) {
    it(JSON.stringify(text), () => {
      const result = spawnSync('/bin/bash', ['--noprofile', '--norc', '-c', `printf %s ${bashSingleQuote(text)}`], { encoding: 'utf8' });
      assert.equal(result.stdout, text);
    });
  }
});
