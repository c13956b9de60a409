/**
 * The `$'…'` decoders (`src/gate/reading/ansiCQuote.ts`): a table of what each makes of the
 * escapes, and proof that both give the outputs they gave before they shared one escape reader.
 * The old decoders are kept in `test/support/reference/ansiCDecoders.ts` for that comparison only.
 */
import { strict as assert } from 'node:assert';
import { approximateAnsiCQuote, decodeAnsiCQuote } from '../../../src/gate/reading/ansiCQuote';
import { oldApproximateAnsiCQuote, oldDecodeAnsiCQuote } from '../../support/reference/ansiCDecoders';

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

/** Characters that start, end or continue an escape, and a few that do not. */
const BODY_ALPHABET = ["'", '\\', 'n', 'c', 'x', 'u', 'U', '0', '7', '8', 'F', 'g', '?', 'é'];

function sameOutputs(body: string): void {
  // The decoders are called just after the opening quote, inside a longer text.
  const text = `a $'${body}`;
  assert.deepEqual(decodeAnsiCQuote(text, 4), oldDecodeAnsiCQuote(text, 4), `decodeAnsiCQuote on ${JSON.stringify(text)}`);
  assert.deepEqual(approximateAnsiCQuote(text, 4), oldApproximateAnsiCQuote(text, 4), `approximateAnsiCQuote on ${JSON.stringify(text)}`);
}

describe('ANSI-C quoting', () => {
  describe('what each decoder makes of an escape', () => {
    const cases: Array<[string, string | { error: string }, string]> = [
      // [body (after `$'`), exact decoding, approximate decoding]
      ["a\\tb'", 'a\tb', 'a\tb'],
      ["\\x41\\101\\u0041'", 'AAA', 'AAA'],
      ["\\e[0m'", '\x1b[0m', '\x1b[0m'],
      ["\\z'", '\\z', '\\z'],
      ["\\x'", { error: 'unsupported' }, '\\x'],
      ["\\u00e9'", { error: 'unsupported' }, 'é'],
      ["\\xc3\\xa9'", 'é', 'Ã©'],
      ["\\xff'", { error: 'unsupported' }, 'ÿ'],
      ["a\\0b'", { error: 'unsupported' }, 'a'],
      ["\\cA'", { error: 'unsupported' }, '\x01'],
      ["\\'x'", "'x", "'x"],
      ['open', { error: 'unterminated' }, 'open'],
    ];
    for (const [body, exact, approximate] of cases) {
      it(`$'${body}: exact ${JSON.stringify(exact)}, approximate ${JSON.stringify(approximate)}`, () => {
        const decoded = decodeAnsiCQuote(body, 0);
        if (typeof exact === 'string') assert.deepEqual(decoded, { value: exact, end: body.length });
        else assert.equal('error' in decoded && decoded.error, exact.error);
        assert.equal(approximateAnsiCQuote(body, 0).text, approximate);
      });
    }
  });

  describe('both decoders give the outputs they gave before the merge', () => {
    const bodies = strings(BODY_ALPHABET, 5);
    it(`every body of up to 5 characters over ${BODY_ALPHABET.join(' ')} (${bodies.length})`, () => {
      for (const body of bodies) sameOutputs(body);
    });
    it('100,000 longer random bodies with hex runs, NULs, surrogates and high code points', () => {
      const next = random(0xa5c1);
      const chars = [...BODY_ALPHABET, '1', '4', 'a', 'A', 'f', 'E', 'e', 'b', 'v', '"', '\0', '\ud83d', '\ude00', '😀', 'Ω', '\u0085', ' '];
      for (let k = 0; k < 100_000; k++) {
        const length = Math.floor(next() * 16);
        sameOutputs(Array.from({ length }, () => chars[Math.floor(next() * chars.length)]!).join(''));
      }
    });
    it('every \\u and \\U escape of up to eight hex digits at the edges of the ranges', () => {
      for (const digits of ['0', '7f', '80', 'ff', 'd800', 'dfff', 'ffff', '10000', '10ffff', '110000', 'ffffffff', '0000007f']) {
        for (const letter of ['u', 'U', 'x']) sameOutputs(`\\${letter}${digits}'`);
      }
    });
  });
});
