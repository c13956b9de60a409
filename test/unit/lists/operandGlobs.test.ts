/**
 * Glob operands (docs/decisions.md "Glob operands"): a prefix entry that ends before a
 * glob covers it for a program whose row gives its operands no role, when either the row gives no
 * option a role (whatever the glob becomes only reads and prints: `ls *`, `cat ~/*`) or the glob
 * can only be operands — its first character is a plain literal other than `-`, or it stands after
 * the `--` that ends the options (`wc -l src/*.ts`, `shuf -- *`). Everything else stays uncovered.
 */
import { strict as assert } from 'node:assert';

import { DEFAULT_ALLOW_LIST } from '../../../src/gate/lists/defaultAllowList';
import { parseListEntries } from '../../../src/gate/lists/listEntry';
import { appendedInputShapes, globShapes, matchAllow } from '../../../src/gate/lists/listMatcher';
import { readCommand } from '../../../src/gate/reading/reading';
import type { Segment } from '../../../src/gate/reading/resolution';

const HOME = '/home/tester';
const entries = [...DEFAULT_ALLOW_LIST, ...parseListEntries(['cp', 'xxd', 'timeout', 'tar'], 'allow', 'test').entries];

function covered(command: string): boolean {
  return matchAllow(readCommand(command, { home: HOME, shell: 'bash' }), entries) !== null;
}

describe('allow entries and glob operands', () => {
  for (const command of [
    'wc -l src/*.ts', 'ls src/*.ts', 'cat ./docs/*.md', 'grep -n TODO src/*.js', 'head -n 5 src/*.md', 'ls -d .*/', 'wc -l src/*.ts | sort -n', 'cat src/*.ts 2>/dev/null',
    // rows whose options have no role: any word a glob becomes only reads and prints
    'ls *', 'ls -d */', 'cat -- *', 'cat ~/*', 'cat "src"/*.ts', 'grep -e src/* x', 'wc -l *',
    // after the `--` that ends the options of a row whose options have roles
    'shuf -- *', 'iconv -f utf-8 -- *', 'base64 -- src/*', 'rg foo -- *', 'rg -n -i foo -- * .github/*',
    // one double-quoted variable the shell keeps (never a secret)
    'basename "$PWD"', 'ls "$HOME"', 'cat "${HOME}"', 'shuf -- "$PWD"', 'echo $PATH', 'echo ${LD_LIBRARY_PATH}',
  ]) {
    it(`covered: ${command}`, () => assert.ok(covered(command)));
  }
  for (const [command, why] of [
    ['shuf *', 'may expand to an option of a row whose options have roles (a file named -o…)'],
    ['iconv -f utf-8 *', 'may expand to --output=…'],
    ['base64 -d *', 'may expand to -o…'],
    ['rg foo *', 'rg reads --pre, and a file may be named --pre=x'],
    ['rg -e -- *', "the -- is -e's pattern, so no end of options"],
    ['rg --frobnicate foo -- *', 'a flag rg does not define: the reading is not sure'],
    ['rg foo $DIR', 'a variable that may hold any words'],
    ['rg --pre sh foo -- *', 'rg --pre runs a program'],
    ['sort *', 'sort -o writes'],
    ['xxd src/*', "xxd's second operand is its output file: the operands' count matters"],
    ['cp dest src/*', "cp's last operand is its target"],
    ['find src/* -name x', 'find reads its own language'],
    ['sed -n 1p src/*', 'sed reads its own language'],
    ['timeout 5 cat src/*', 'behind a wrapper'],
    ['tar cf out.tar src/*', 'tar has subcommand-like keys and roles'],
    ['cat src/{a,{b,c}}', 'a nested brace, which the gate does not unfold'],
    ['cat $HOME/*', 'a variable'],
    ['nosuchprogram src/*', 'no row'],
    ['echo "$GH_TOKEN"', 'any other variable may hold a secret'],
    ['echo "$PWD$X"', 'more than the one variable'],
    ['echo "$@"', 'the positional parameters, any number of words'],
    ['shuf -- $PATH', 'unquoted: split and globbed, any words, for a row whose options have roles'],
    ['echo $GH_TOKEN', 'unquoted, and not a variable known to hold no secret'],
    ['shuf "$PWD"', 'may be an option of a row whose options have roles'],
    ['xxd "$PWD"', 'operands with roles'],
  ] as const) {
    it(`not covered: ${command} (${why})`, () => assert.equal(covered(command), false));
  }

  /** The shapes one reader names over every segment of a resolved command. */
  const shapesOf = (read: (segment: Segment) => string[]) => (command: string): string[] => {
    const { resolution } = readCommand(command, { home: HOME, shell: 'bash' });
    assert.ok(resolution.resolved);
    return resolution.segments.flatMap(read);
  };

  it('names the shape that let each glob through', () => {
    const shapes = shapesOf(globShapes);
    assert.deepEqual(shapes('wc -l src/*.ts'), ['src/*.ts can only be operands (every name it becomes starts with "s")']);
    assert.deepEqual(shapes('ls */'), ["*/ may become any words, and none of ls's options or operands has a role"]);
    assert.deepEqual(shapes('shuf -- *'), ['* can only be operands (it comes after --)']);
    assert.deepEqual(shapes('rg foo -- *'), ['* can only be operands (it comes after --)']);
    assert.deepEqual(shapes('shuf *'), [], 'not covered: no shape');
    assert.deepEqual(shapes('cat a'), []);
    assert.deepEqual(shapes('basename "$PWD"'), ['"$PWD" is one word holding folders or a name (no secret), and none of basename\'s options or operands has a role']);
  });

  it('names the xargs shape for a command that only reads whatever words it gets', () => {
    const shapes = shapesOf(appendedInputShapes);
    assert.deepEqual(shapes("find src -name '*.ts' | xargs wc -l"), ["xargs adds words read from its input to wc, and none of wc's options or operands has a role"]);
    assert.deepEqual(shapes('xargs rm'), []);
    assert.deepEqual(shapes('xargs -I{} cp {} docs/'), []);
    assert.deepEqual(shapes('wc -l a'), []);
  });

  it('only a prefix entry of plain words that ends before the glob covers it', () => {
    const only = (texts: unknown[]) => parseListEntries(texts, 'allow', 'test').entries;
    const reading = readCommand('wc -l src/*.ts', { home: HOME, shell: 'bash' });
    assert.notEqual(matchAllow(reading, only(['wc'])), null);
    assert.notEqual(matchAllow(reading, only(['wc -l'])), null);
    assert.equal(matchAllow(reading, only(['wc -l src/*.ts'])), null);
    assert.equal(matchAllow(reading, only([{ match: 'glob', pattern: 'wc *' }])), null);
    assert.equal(matchAllow(reading, only([{ match: 'regexp', pattern: '^wc .*$' }])), null);
  });
});
