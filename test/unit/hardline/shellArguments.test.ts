import * as assert from 'node:assert/strict';
import type { Word } from '../../../src/gate/reading/resolution';
import { shellTextWithArguments } from '../../../src/gate/hardline/shellArguments';

const words = (...values: string[]): Word[] => values.map((value) => ({ kind: 'literal', value, raw: value }));
const glob = (raw: string): Word => ({ kind: 'opaque', raw, expansions: ['glob'] });

describe("a shell's -c text with its arguments (hardline/shellArguments.ts)", () => {
  it('puts the words after the text where $0, $1…, $@ and $* are expanded', () => {
    assert.equal(shellTextWithArguments(words('sh', '-c', 'rm -rf "$1"', '_', '/usr')), 'rm -rf /usr');
    assert.equal(shellTextWithArguments(words('bash', '-c', 'rm -rf "$@"; echo $0', 'me', '/etc', 'my dir')), "rm -rf /etc 'my dir'; echo me");
    assert.equal(shellTextWithArguments([...words('sh', '-c', 'rm -rf ${1}', '_'), glob('/usr/*')]), 'rm -rf /usr/*');
    assert.equal(shellTextWithArguments(words('sh', '-c', 'rm -rf "$2"', '_', 'a')), 'rm -rf ');
  });

  it('reads nothing without arguments, without positional parameters, or for a program that is no shell', () => {
    assert.equal(shellTextWithArguments(words('sh', '-c', 'rm -rf "$1"')), null);
    assert.equal(shellTextWithArguments(words('sh', '-c', 'rm -rf build', '_', '/usr')), null);
    assert.equal(shellTextWithArguments(words('sh', 'script.sh', '/usr')), null);
    assert.equal(shellTextWithArguments(words('env', 'A=1', 'ls', '$1')), null);
  });
});
