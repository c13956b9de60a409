/**
 * Input xargs puts inside the command's words (docs/decisions.md, "Input xargs puts inside the
 * command's words"): with `-I R`, `-i[R]`, `--replace[=R]` (and BSD `-J R`) each input line fills
 * the words holding R. Such a word is run-time data in its place: when the inner program's row gives
 * it no role and it cannot become an option, the inner command is covered as with appended input,
 * by a prefix entry of plain words that ends before it. R in the program word, in an option word
 * or an option's value, a row that gives operands a role (a deleter, a copier), or an option that
 * cancels the replacement keeps the command at its worst. The floors' reading of xargs input is
 * unchanged (`ls -d /usr/* | xargs -I{} rm -rf {}` stays refused at bypass).
 */
import { strict as assert } from 'node:assert';

import { DEFAULT_ALLOW_LIST } from '../../../src/gate/lists/defaultAllowList';
import { parseListEntries } from '../../../src/gate/lists/listEntry';
import { appendedInputShapes, matchAllow } from '../../../src/gate/lists/listMatcher';
import { decide } from '../../../src/gate/pipeline';
import { readCommand } from '../../../src/gate/reading/reading';

const HOME = '/home/tester';
const defaults = [...DEFAULT_ALLOW_LIST, ...parseListEntries(['cp', 'rm -rf', 'curl', 'chmod'], 'allow', 'test').entries];

function read(command: string): ReturnType<typeof readCommand> {
  return readCommand(command, { home: HOME, shell: 'bash' });
}

function covered(command: string, list = defaults): boolean {
  return matchAllow(read(command), list) !== null;
}

const only = (texts: unknown[]) => parseListEntries(texts, 'allow', 'test').entries;

describe('allow entries and input xargs puts inside the words', () => {
  for (const command of [
    'xargs -I{} echo pkg: {}',
    'xargs -I {} echo item {}',
    'xargs -I{} wc -l src/{}',
    'xargs -I{} cat /sys/block/{}/queue/rotational',
    'xargs -i echo {}',
    'xargs --replace echo {}',
    'xargs --replace=X echo X',
    'xargs -iX echo X',
    'xargs -0 -r -P4 -I{} wc -l ./{}',
    'xargs -I{} grep -n TODO src/{}',
    'xargs -I{} shuf -- {}',
    'xargs -J % echo %',
  ]) {
    it(`covered: ${command}`, () => assert.ok(covered(command)));
  }
  for (const [command, why] of [
    ['xargs -I{} rm -rf {}', 'a deleter: its operands have a role'],
    ['xargs -I{} echo done', 'no word holds input: left at its worst'],
    ['xargs --replace cat', 'no word holds input'],
    ['xargs -I{} rm -rf ./{}', 'a deleter, even when the word starts as an operand'],
    ['xargs -I{} cp {} docs/', "cp's operands have roles (its last is the target)"],
    ['xargs -I{} {} --version', 'the replace string is the program word'],
    ['xargs -I{} echo{} x', 'the replace string is part of the program word'],
    ['xargs -I{} sh -c "echo {}"', 'sh reads its own language'],
    ['xargs -I{} curl -o {} https://example.com', "the word is -o's value, a writer form"],
    ['xargs -I{} curl https://example.com/{}', "curl's options and operands have roles (network)"],
    ['xargs -I{} shuf {}', 'the word may become an option of a row whose options have roles'],
    ['xargs -I{} shuf -{}', 'an option word'],
    ['xargs -I{} -n1 echo {}', '-n after -I cancels the replacement: the input is appended instead'],
    ['xargs -n1 -I{} echo {}', '-n and -I together: left out'],
    ['xargs -I{} -L1 echo {}', '-L cancels the replacement'],
    ['xargs -I{} -i echo {}', 'two replace options'],
    ['xargs -I "" echo x', 'an empty replace string'],
    ['xargs -I{} -p echo {}', '-p reads the terminal'],
    ['xargs -I{} --process-slot-var=X echo {}', 'sets a variable'],
    ['xargs -I{} echo {} "$X"', 'a word only known at run time'],
    ['xargs -J % shuf %', '-J puts any words there, options among them'],
    ['xargs -I{} nosuchprogram {}', 'no row'],
    ['xargs -I{} timeout 5 echo {}', 'a wrapper inside'],
    ['xargs -I{} echo {} > out.txt', 'a write'],
  ] as const) {
    it(`not covered: ${command} (${why})`, () => assert.equal(covered(command), false));
  }

  it('only a prefix entry of plain words that ends before the first word holding input covers the command', () => {
    const reading = read('xargs -I{} echo pkg: {}');
    assert.notEqual(matchAllow(reading, only(['echo'])), null);
    assert.notEqual(matchAllow(reading, only(['echo pkg:'])), null);
    assert.equal(matchAllow(reading, only(['echo pkg: {}'])), null);
    assert.equal(matchAllow(reading, only(['echo other'])), null);
    assert.equal(matchAllow(reading, only([{ match: 'glob', pattern: 'echo *' }])), null);
    assert.equal(matchAllow(reading, only([{ match: 'regexp', pattern: '^echo .*$' }])), null);
    assert.equal(matchAllow(read('xargs -I{} wc -l src/{}'), only(['wc -l src/{}'])), null);
    assert.notEqual(matchAllow(read('xargs -I{} wc -l src/{}'), only(['wc -l'])), null);
  });

  it("keeps the inner command's carve-outs: an option word with a role must be spelled", () => {
    // `grep` has no option with a role; curl does: -o writes, and the entry for curl alone does not spell it.
    assert.equal(covered('xargs -I{} curl -o out.html https://example.com/x'), false);
  });

  it('names the shape that let the words holding input through', () => {
    const shapes = (command: string): string[] => {
      const { resolution } = read(command);
      assert.ok(resolution.resolved);
      return resolution.segments.flatMap(appendedInputShapes);
    };
    assert.deepEqual(shapes('xargs -I{} wc -l src/{}'), ['xargs puts each line of its input into src/{}, an operand of wc that only holds data']);
    assert.deepEqual(shapes('xargs -J % echo %'), ["xargs puts the words of its input in place of % in echo's words, and none of echo's options or operands has a role"]);
    assert.deepEqual(shapes('xargs -I{} rm -rf {}'), []);
  });

  it('leaves the floors as they were: a listing into a deleter through -I stays refused at bypass', async () => {
    for (const command of ['ls -d /usr/* | xargs -I{} rm -rf {}', 'find ~ -maxdepth 1 | xargs -I{} rm -rf {}']) {
      const decision = await decide(
        { command, cwd: '/work/project' },
        { policy: { rung: 'bypass', allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] }, rater: null, person: null, home: HOME },
      );
      assert.equal(decision.stage, 'hardline-floor', `${command}: ${decision.reason}`);
    }
  });
});
