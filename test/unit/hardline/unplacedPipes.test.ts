import * as assert from 'node:assert/strict';
import type { Word } from '../../../src/gate/reading/resolution';
import { pipelineText, unplacedSinkTexts, type PipedWords } from '../../../src/gate/hardline/unplacedPipes';
import { convertedPath, listedPaths } from '../../../src/gate/hardline/dataFlow';
import { windowsPathAsWsl } from '../../../src/gate/hardline/paths';
import { checkFuserKill } from '../../../src/gate/hardline/processes';

const words = (...values: string[]): Word[] => values.map((value) => ({ kind: 'literal', value, raw: /\s/.test(value) ? `'${value}'` : value }));
const piped = (argv: Word[], from: PipedWords | null = null): PipedWords => ({ argv, pipedFrom: from });
/** Only `rm` and `xargs` name programs here. */
const namesProgram = (word: Word): boolean => word.kind === 'literal' && (word.value === 'rm' || word.value === 'xargs');

describe('unplaced programs in a pipeline (hardline/unplacedPipes.ts)', () => {
  it('writes the pipeline up to a command back as its text', () => {
    const find = piped(words('find', '/var', '-type', 'f'));
    assert.equal(pipelineText(piped(words('sort'), find)), 'find /var -type f | sort');
  });

  it('reads an unplaced sink as xargs of its program suffix, and its shell text as a shell and a template fed the input', () => {
    const find = piped(words('find', '/var'));
    assert.deepEqual(unplacedSinkTexts(find, words('xe', 'rm', '-f'), namesProgram), ['find /var | xargs rm -f']);
    assert.deepEqual(unplacedSinkTexts(find, words('rush', 'rm -f {}'), namesProgram), ["find /var | rm -f {}", "find /var | parallel 'rm -f {}'"]);
  });

  it('adds nothing for a sink whose words name no program and hold no shell text', () => {
    assert.deepEqual(unplacedSinkTexts(piped(words('find', '/var')), words('mytool', '--count', '-v'), namesProgram), []);
  });
});

describe('paths other layers print or spell', () => {
  it('reads Windows drives in Cygwin and MSYS spellings, MSYS only before a drive-top folder of Windows', () => {
    assert.equal(windowsPathAsWsl('/cygdrive/c/Windows'), '/mnt/c/Windows');
    assert.equal(windowsPathAsWsl('/c/Users/dev'), '/mnt/c/Users/dev');
    assert.equal(windowsPathAsWsl('/d/Program Files/x'), '/mnt/d/Program Files/x');
    assert.equal(windowsPathAsWsl('C:\\Users\\dev'), '/mnt/c/Users/dev');
    assert.equal(windowsPathAsWsl('/c/tmp/build'), null);
    assert.equal(windowsPathAsWsl('/x'), null);
  });

  it('prints what wslpath and cygpath convert to the POSIX side, and nothing for their Windows-side forms', () => {
    assert.deepEqual(convertedPath(words('wslpath', 'C:\\Users\\dev')), { texts: ['/mnt/c/Users/dev'], exact: true });
    assert.deepEqual(convertedPath(words('cygpath', '-u', 'C:\\Windows')), { texts: ['/mnt/c/Windows'], exact: true });
    assert.equal(convertedPath(words('wslpath', '-w', '/home/dev')), null);
    assert.equal(convertedPath(words('realpath', 'C:\\Windows')), null);
  });

  it('lists a folder a locate regexp is anchored on, and nothing for one that narrows', () => {
    const listed = listedPaths(words('locate', '-r', '^/etc/'))?.map((word) => (word.kind === 'literal' ? word.value : word.raw));
    assert.deepEqual(listed, ['/etc', '/etc/*', '/etc/**']);
    assert.equal(listedPaths(words('locate', '-r', '^/home/dev/.*\\.pyc$')), null);
    assert.equal(listedPaths(words('locate', '-r', 'foo')), null);
  });
});

describe('fuser -k of the root folder (hardline/processes.ts)', () => {
  it('is every process, with or without -m; another file or -l is not', () => {
    assert.notEqual(checkFuserKill(words('-km', '/')), null);
    assert.notEqual(checkFuserKill(words('-k', '-9', '/')), null);
    assert.equal(checkFuserKill(words('-km', '/mnt/usb')), null);
    assert.equal(checkFuserKill(words('-v', '/')), null);
    assert.equal(checkFuserKill(words('-k', '8080/tcp')), null);
  });
});
