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
