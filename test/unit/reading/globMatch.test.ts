/**
 * The one glob matcher (`src/gate/reading/globMatch.ts`): a table of what it answers, and proof
 * that each caller's answers are the ones it had before the two matchers became one. The old
 * matchers are kept in `test/support/reference/globMatchers.ts` for that comparison only.
 */
import { strict as assert } from 'node:assert';
import { CHILD_NAME_GLOB } from '../../../src/gate/preflight/protectedWrite';
import { BASH_PATTERN, globMatch, type GlobOptions } from '../../../src/gate/reading/globMatch';
import { hardlineGlobMatches, writeFloorGlobMatches } from '../../support/reference/globMatchers';

/** Every string over `alphabet` of length 0 to `max`. */
function strings(alphabet: readonly string[], max: number): string[] {
  const out = [''];
  let layer = [''];
  for (let length = 1; length <= max; length++) {
    const next: string[] = [];
    for (const prefix of layer) for (const c of alphabet) next.push(prefix + c);
    for (const s of next) out.push(s);
    layer = next;
  }
  return out;
}

/** A small seeded generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pattern characters that mean something to either matcher, and ordinary ones of both cases. */
const PATTERN_ALPHABET = ['a', 'B', '*', '?', '[', ']', '!', '^', '-', '\\'];
const NAME_ALPHABET = ['a', 'b', 'A', 'B', '[', ']', '\\', '-', '!'];

const CALLERS: ReadonlyArray<{ caller: string; options: GlobOptions; old: (pattern: string, name: string) => boolean }> = [
  { caller: 'the write floor (CHILD_NAME_GLOB)', options: CHILD_NAME_GLOB, old: writeFloorGlobMatches },
  { caller: 'the hardline floor (BASH_PATTERN)', options: BASH_PATTERN, old: hardlineGlobMatches },
];

describe('globMatch', () => {
  describe('answers as stated', () => {
    const cases: Array<[string, string, GlobOptions, boolean]> = [
      ['*', '', BASH_PATTERN, true],
      ['*', '.hidden', BASH_PATTERN, true],
      ['?', '', BASH_PATTERN, false],
      ['a*b*c', 'aXbYc', BASH_PATTERN, true],
      ['a*b*c', 'aXbY', BASH_PATTERN, false],
      ['[a-c]x', 'bx', BASH_PATTERN, true],
      ['[!a-c]x', 'bx', BASH_PATTERN, false],
      ['[^a-c]x', 'dx', BASH_PATTERN, true],
      ['[]]', ']', BASH_PATTERN, true],
      ['[a-]', '-', BASH_PATTERN, true],
      ['[ab', '[ab', BASH_PATTERN, true],
      ['[ab', 'a', BASH_PATTERN, false],
      ['\\*', '*', BASH_PATTERN, true],
      ['\\*', 'x', BASH_PATTERN, false],
      ['a\\', 'a\\', BASH_PATTERN, true],
      ['[\\]]', '\\]', BASH_PATTERN, true],
      ['ETC', 'etc', BASH_PATTERN, false],
      // The differences between the callers, one option each.
      ['ETC', 'etc', CHILD_NAME_GLOB, true],
      ['[A-Z]sh', '.sh', CHILD_NAME_GLOB, false],
      ['[A-Z]sh', 'Zsh', CHILD_NAME_GLOB, true],
      ['\\*', '\\x', CHILD_NAME_GLOB, true],
      ['\\*', '*', CHILD_NAME_GLOB, false],
      ['[!]]', ']', BASH_PATTERN, false],
      ['[!]]', 'x', BASH_PATTERN, true],
      ['[!]]', 'x]', CHILD_NAME_GLOB, true],
      ['[!]', 'x', CHILD_NAME_GLOB, true],
      ['[!]', '[!]', BASH_PATTERN, true],
    ];
    for (const [pattern, name, options, expected] of cases) {
      const which = options === BASH_PATTERN ? 'BASH_PATTERN' : 'CHILD_NAME_GLOB';
      it(`globMatch(${JSON.stringify(pattern)}, ${JSON.stringify(name)}, ${which}) = ${expected}`, () => {
        assert.equal(globMatch(pattern, name, options), expected);
      });
    }
    // Its time on thousands of stars: `npm run bench`, section 2b (bench/parts.ts).
    it('answers no on many stars and a name without the last letter', () => {
      assert.equal(globMatch('*a'.repeat(2000) + 'b', 'a'.repeat(40), BASH_PATTERN), false);
      assert.equal(globMatch('*a'.repeat(2000) + 'b', `${'a'.repeat(2000)}b`, BASH_PATTERN), true);
    });
  });

  describe('each caller answers as its old matcher did', () => {
    const patterns = strings(PATTERN_ALPHABET, 4);
    const names = strings(NAME_ALPHABET, 3);
    for (const { caller, options, old } of CALLERS) {
      it(`${caller}: every pattern of up to 4 and name of up to 3 characters (${patterns.length} × ${names.length})`, () => {
        for (const pattern of patterns) {
          for (const name of names) {
            if (globMatch(pattern, name, options) !== old(pattern, name)) {
              assert.fail(`${caller}: ${JSON.stringify(pattern)} against ${JSON.stringify(name)}: new ${!old(pattern, name)}, old ${old(pattern, name)}`);
            }
          }
        }
      });
      it(`${caller}: 200,000 longer random patterns and names, non-ASCII case included`, () => {
        const next = random(0x61a7);
        const patternChars = [...PATTERN_ALPHABET, 'c', 'Z', '.', 'İ', 'ß', 'K', 'Σ', 'σ'];
        const nameChars = [...NAME_ALPHABET, 'c', 'z', '.', 'i̇', 'İ', 'ß', 'k', 'K', 'ς', 'σ'];
        const pick = (chars: readonly string[], length: number) => Array.from({ length }, () => chars[Math.floor(next() * chars.length)]!).join('');
        for (let k = 0; k < 200_000; k++) {
          const pattern = pick(patternChars, Math.floor(next() * 9));
          const name = pick(nameChars, Math.floor(next() * 7));
          if (globMatch(pattern, name, options) !== old(pattern, name)) {
            assert.fail(`${caller}: ${JSON.stringify(pattern)} against ${JSON.stringify(name)}: new ${!old(pattern, name)}, old ${old(pattern, name)}`);
          }
        }
      });
    }
  });
});
