/**
 * Glob operands (issue 16, docs/decisions.md "Glob operands"): a glob whose first character is
 * a plain literal other than `-` expands only to words that start with that character, so never
 * to an option. A prefix entry that ends before it covers it for a program whose row gives its
 * operands no role; everything else stays uncovered.
 */
import { strict as assert } from 'node:assert';

import { DEFAULT_ALLOW_LIST } from '../../../src/gate/lists/defaultAllowList';
import { parseListEntries } from '../../../src/gate/lists/listEntry';
import { matchAllow } from '../../../src/gate/lists/listMatcher';
import { readCommand } from '../../../src/gate/reading/reading';

const HOME = '/home/tester';
const entries = [...DEFAULT_ALLOW_LIST, ...parseListEntries(['cp', 'xxd', 'timeout', 'tar'], 'allow', 'test').entries];

function covered(command: string): boolean {
  return matchAllow(readCommand(command, { home: HOME }), entries) !== null;
}

describe('allow entries and glob operands', () => {
  for (const command of ['wc -l src/*.ts', 'ls src/*.ts', 'cat ./docs/*.md', 'grep -n TODO src/*.js', 'head -n 5 src/*.md', 'ls -d .*/', 'wc -l src/*.ts | sort -n', 'cat src/*.ts 2>/dev/null']) {
    it(`covered: ${command}`, () => assert.ok(covered(command)));
  }
  for (const [command, why] of [
    ['ls *', 'a glob that may expand to an option (a file named -R or --color=…)'],
    ['cat -- *', 'the shape after -- is not read'],
    ['grep -e src/* x', 'right after an option: may be its value'],
    ['xxd src/*', "xxd's second operand is its output file: the operands' count matters"],
    ['cp dest src/*', "cp's last operand is its target"],
    ['find src/* -name x', 'find reads its own language'],
    ['sed -n 1p src/*', 'sed reads its own language'],
    ['timeout 5 cat src/*', 'behind a wrapper'],
    ['tar cf out.tar src/*', 'tar has subcommand-like keys and roles'],
    ['cat src/{a,b}', 'a brace, not a glob'],
    ['cat $HOME/*', 'a variable'],
    ['cat ~/*', 'a tilde'],
    ['cat "src"/*.ts', 'a quoted first character is not read as a shape'],
    ['nosuchprogram src/*', 'no row'],
  ] as const) {
    it(`not covered: ${command} (${why})`, () => assert.equal(covered(command), false));
  }

  it('only a prefix entry of plain words that ends before the glob covers it', () => {
    const only = (texts: unknown[]) => parseListEntries(texts, 'allow', 'test').entries;
    const reading = readCommand('wc -l src/*.ts', { home: HOME });
    assert.notEqual(matchAllow(reading, only(['wc'])), null);
    assert.notEqual(matchAllow(reading, only(['wc -l'])), null);
    assert.equal(matchAllow(reading, only(['wc -l src/*.ts'])), null);
    assert.equal(matchAllow(reading, only([{ match: 'glob', pattern: 'wc *' }])), null);
    assert.equal(matchAllow(reading, only([{ match: 'regexp', pattern: '^wc .*$' }])), null);
  });
});
