/**
 * The resolver keeps, for the word it reads, where its unquoted characters are (runs of indexes)
 * instead of a character-by-character quoting mask, and builds the mask only for a word with a
 * `{` or `[`; `findHiddenCharacters` skips printable ASCII without asking `hiddenKind`;
 * `normaliseForDetection` returns text that no step would change as it is, and gives printable
 * ASCII with tabs and line breaks only the layout steps. These tests hold each to the plain
 * definition over many inputs.
 */
import { strict as assert } from 'node:assert';

import { findHiddenCharacters, hiddenKind } from '../../../src/gate/reading/hiddenCharacters';
import { normaliseForDetection, normaliseFully } from '../../../src/gate/reading/normalise';
import { resolve } from '../../../src/gate/reading/resolver';
import { generateCommands, Prng } from '../../support/commandGenerator';
import { loadCorpus } from '../../support/evalCorpus';

/** Pieces of a word: its text, the characters it adds to the value, and whether they are quoted. */
const PIECES: Array<[text: string, value: string, quoted: boolean]> = [
  ['a', 'a', false], ['b', 'b', false], ['{', '{', false], ['}', '}', false], [',', ',', false], ['.', '.', false], ['..', '..', false],
  ['[', '[', false], [']', ']', false], ['x/', 'x/', false], ['-', '-', false],
  ["'{'", '{', true], ["'a,b'", 'a,b', true], ["''", '', true], ["'['", '[', true], ["']'", ']', true], ["'..'", '..', true], ["'}'", '}', true],
  ['"{"', '{', true], ['"x,"', 'x,', true], ['""', '', true], ['"[a]"', '[a]', true], ['"$"', '$', true], ['"."', '.', true],
  ['\\{', '{', true], ['\\,', ',', true], ['\\[', '[', true], ['\\.', '.', true], ['\\}', '}', true],
  ["$'{'", '{', true], ["$'\\x5b'", '[', true], ["$''", '', true],
  // Long pieces, so that many words are longer than the resolver scans in a loop of its own.
  ['abcdefghijklmnopqrstuvwxyz0123456789', 'abcdefghijklmnopqrstuvwxyz0123456789', false],
  ["'quoted text that is rather long, with {braces} and [brackets]'", 'quoted text that is rather long, with {braces} and [brackets]', true],
];

/** Bash's rules on the full mask (as the resolver states them). */
function braceExpands(value: string, mask: string): boolean {
  let open = -1;
  let separator = false;
  for (let i = 0; i < value.length; i++) {
    if (mask[i] !== 'u') continue;
    const c = value[i];
    if (c === '{') {
      if (open < 0) open = i;
    } else if (open >= 0 && (c === ',' || (c === '.' && value[i + 1] === '.' && mask[i + 1] === 'u'))) {
      separator = true;
    } else if (c === '}' && open >= 0 && separator) {
      return true;
    }
  }
  return false;
}

function bracketGlob(value: string, mask: string): boolean {
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '[' && mask[i] === 'u') return value.indexOf(']', i + 1) > 0;
  }
  return false;
}

describe('resolver fast paths agree with the plain definitions', () => {
  it('brace and bracket patterns over 20,000 words of mixed quoting', () => {
    const random = new Prng(424242);
    let opaque = 0;
    let long = 0;
    for (let n = 0; n < 20000; n++) {
      let text = '';
      let value = '';
      let mask = '';
      const count = random.int(1, 9);
      for (let k = 0; k < count; k++) {
        const [pieceText, pieceValue, quoted] = random.pick(PIECES);
        text += pieceText;
        value += pieceValue;
        mask += (quoted ? 'q' : 'u').repeat(pieceValue.length);
      }
      if (text.length > 64) long++;
      const resolution = resolve(`echo ${text}`, { home: '/home/u', shell: 'bash' });
      assert.ok(resolution.resolved, `${text}: ${resolution.resolved ? '' : resolution.detail}`);
      const word = resolution.segments[0]!.argv[1]!;
      const expected = [...(braceExpands(value, mask) ? ['brace'] : []), ...(bracketGlob(value, mask) ? ['glob'] : [])];
      if (expected.length === 0) {
        assert.deepEqual(word, { kind: 'literal', value, raw: text }, text);
      } else {
        opaque++;
        assert.deepEqual(word, { kind: 'opaque', raw: text, expansions: expected }, text);
      }
    }
    assert.ok(opaque > 400, `only ${opaque} opaque words: the pieces should make many`);
    assert.ok(long > 2000 && long < 18000, `${long} of 20,000 words over 64 characters: both scans should be used`);
  });

  it('a word naming HOME makes later tildes opaque, one naming POSIXLY_CORRECT is refused, short or long', () => {
    const FILLER = ['a', 'x=', '/', 'HOM', 'OME', 'H', 'POSIXLY_CORREC', 'OSIXLY_CORRECT', 'abcdefghijklmnopqrstuvwxyz0123456789', '_'];
    const random = new Prng(2718);
    const seen = { home: 0, posix: 0, neither: 0, long: 0 };
    for (let n = 0; n < 5000; n++) {
      let word = '';
      const count = random.int(1, 8);
      for (let k = 0; k < count; k++) word += random.chance(0.08) ? random.pick(['HOME', 'POSIXLY_CORRECT']) : random.pick(FILLER);
      if (word.length > 64) seen.long++;
      const resolution = resolve(`echo ${word}; echo ~/x`, { home: '/home/u', shell: 'bash' });
      if (word.includes('POSIXLY_CORRECT')) {
        seen.posix++;
        assert.ok(!resolution.resolved && resolution.mechanisms.includes('dialect'), word);
        continue;
      }
      assert.ok(resolution.resolved, word);
      const tilde = resolution.segments[1]!.argv[1]!;
      if (word.includes('HOME')) {
        seen.home++;
        assert.equal(tilde.kind, 'opaque', `${word}: HOME may have changed, ~ is only known at run time`);
      } else {
        seen.neither++;
        assert.deepEqual(tilde, { kind: 'literal', value: '/home/u/x', raw: '~/x' }, word);
      }
    }
    assert.ok(seen.home > 300 && seen.posix > 300 && seen.neither > 300 && seen.long > 500, JSON.stringify(seen));
  });

  it('findHiddenCharacters finds exactly the code points hiddenKind names', () => {
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += codePoint < 0x3000 ? 1 : 97) {
      const text = String.fromCodePoint(codePoint);
      const kind = hiddenKind(codePoint);
      const found = findHiddenCharacters(`a${text}b`);
      assert.deepEqual(found.map((h) => [h.index, h.codePoint, h.kind]), kind === null ? [] : [[1, codePoint, kind]], `U+${codePoint.toString(16)}`);
    }
  });
});

describe('normaliseForDetection: text already in normal form is returned as it is', () => {
  const PIECES_ASCII = ['a', 'rm', ' ', '  ', '\t', '\n', '\r', '\\', '\\m', "'", '"', "''", '""', '\x1b[31m', '\0', '\x07', '\x7f', '~', '-', '.', '/', 'é', 'ｒ', '\u200b', '\u2028'];

  function check(text: string): void {
    assert.deepEqual(normaliseForDetection(text), normaliseFully(text), JSON.stringify(text));
  }

  it('on generated commands, the eval corpus and 20,000 random texts', () => {
    for (const command of generateCommands(99, 4000)) check(command);
    for (const c of loadCorpus()) check(c.command);
    const random = new Prng(31337);
    let unchanged = 0;
    let long = 0;
    for (let n = 0; n < 20000; n++) {
      // A third of the texts start with a long plain run, so that both scans see many.
      let text = random.chance(0.33) ? 'git log --oneline --graph --decorate --all -- src/gate/resolver.ts' : '';
      const count = random.int(0, 12);
      for (let k = 0; k < count; k++) text += random.pick(PIECES_ASCII);
      check(text);
      if (normaliseFully(text).text === text) unchanged++;
      if (text.length > 64) long++;
    }
    assert.ok(unchanged > 1000, `only ${unchanged} texts were already normal`);
    // Text over 64 characters is checked with native searches, shorter text in a loop: both are held to the definition.
    assert.ok(long > 2000 && long < 18000, `${long} of 20,000 texts over 64 characters`);
  });
});
