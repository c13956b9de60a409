/**
 * A Windows program's words as written (src/gate/hardline/windowsWords.ts; docs/decisions.md
 * "Windows words as written"): bash strips an unquoted word's backslashes before cmd, reg or
 * robocopy sees it, and the floors read the path the agent wrote as well.
 */
import { strict as assert } from 'node:assert';
import { windowsWordsAsWritten, writtenText } from '../../../src/gate/hardline/windowsWords';
import type { Word } from '../../../src/gate/reading/resolution';

/** A literal word with the value bash gives it and the source text it was written as. */
function word(value: string, raw = value): Word {
  return { kind: 'literal', value, raw };
}

describe('writtenText', () => {
  it('keeps an unquoted backslash with the character it escapes', () => {
    assert.equal(writtenText(word('C:Users', 'C:\\Users')), 'C:\\Users');
    assert.equal(writtenText(word('%USERPROFILE%*', '%USERPROFILE%\\*')), '%USERPROFILE%\\*');
    // `\\` is one backslash to bash, two as written (a UNC start).
    assert.equal(writtenText(word('\\.PhysicalDrive1', '\\\\.\\PhysicalDrive1')), '\\\\.\\PhysicalDrive1');
  });

  it('drops quotes and keeps what quoting already kept', () => {
    assert.equal(writtenText(word('C:\\Users\\dev', "'C:\\Users'\\\\dev")), 'C:\\Users\\\\dev');
    assert.equal(writtenText(word('a b', 'a\\ b')), null);
    assert.equal(writtenText(word('x', 'x')), null);
  });

  it('reads no opaque word and no $-quoted text', () => {
    assert.equal(writtenText({ kind: 'opaque', raw: 'C:\\$X', expansions: ['variable'] }), null);
    assert.equal(writtenText(word('C:\\x', "$'C:\\\\x'")), null);
  });
});

describe('windowsWordsAsWritten', () => {
  it('rewrites the words after a Windows program only', () => {
    const argv = [word('cmd.exe'), word('/c'), word('rmdir'), word('C:Users', 'C:\\Users')];
    assert.deepEqual(windowsWordsAsWritten(argv)?.map((w) => (w.kind === 'literal' ? w.value : w.raw)), ['cmd.exe', '/c', 'rmdir', 'C:\\Users']);
    assert.equal(windowsWordsAsWritten([word('reg'), word('delete'), word('HKLMSYSTEM', 'HKLM\\SYSTEM')])?.[2]?.kind, 'literal');
  });

  it('leaves a Linux program\'s escaped words alone', () => {
    assert.equal(windowsWordsAsWritten([word('find'), word('.'), word('-name'), word('*.txt', '\\*.txt')]), null);
    assert.equal(windowsWordsAsWritten([word('cmd.exe'), word('/c'), word('dir')]), null);
  });
});

describe("Windows' doubled quotes (docs/decisions.md \"Every virtual machine's disks and power; Windows script hosts\")", () => {
  it('reads a word holding a doubled quote as written whole, literal or not', () => {
    const raw = 'vbscript:Execute("CreateObject(""WScript.Shell"").Run ""x"",0:close")';
    assert.equal(writtenText({ kind: 'opaque', raw, expansions: ['glob'] }), raw);
    assert.equal(writtenText(word('a""b'.replace(/"/g, ''), 'a""b')), 'a""b');
    // An empty argument or single-quoted text is no Windows quoting.
    assert.equal(writtenText(word('', '""')), null);
    assert.equal(writtenText(word('a""b', "'a\"\"b'")), null);
  });

  it('hands mshta, cscript and wscript their words as written', () => {
    const raw = 'vbscript:Execute("CreateObject(""WScript.Shell"").Run ""shutdown /s"",0:close")';
    const argv: Word[] = [word('mshta'), { kind: 'opaque', raw, expansions: ['glob'] }];
    assert.equal(windowsWordsAsWritten(argv)?.[1]?.kind, 'literal');
  });
});
