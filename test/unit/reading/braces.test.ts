/**
 * Brace words (src/gate/reading/braces.ts): the words the gate reads a plain brace word as are the
 * words the real bash and the real zsh pass on (docs/decisions.md, "A brace word is the words it
 * makes"). Every word over a small alphabet that the reader unfolds is printed by both shells, with
 * globbing off so that `*` stays as written, and compared word for word.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { braceWords, MAX_BRACE_WORDS } from '../../../src/gate/reading/braces';

/** Every string over `alphabet` of length 1 to `max`. */
function strings(alphabet: readonly string[], max: number): string[] {
  const out: string[] = [];
  let layer = [''];
  for (let length = 1; length <= max; length++) {
    layer = layer.flatMap((prefix) => alphabet.map((c) => prefix + c));
    for (const s of layer) out.push(s);
  }
  return out;
}

/** What `shell` passes on for each word, one `\0`-ended record of `\1`-separated words per word. */
function shellWords(shell: 'bash' | 'zsh', words: readonly string[]): string[][] {
  const off = shell === 'bash' ? 'set -f' : 'setopt noglob';
  const script = [off, ...words.map((word) => `printf '%s\\1' ${word}; printf '\\0'`)].join('\n');
  const ran = spawnSync(shell, ['-c', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  assert.equal(ran.status, 0, `${shell} failed: ${ran.stderr}`);
  const records = ran.stdout.split('\0').slice(0, -1);
  assert.equal(records.length, words.length, `${shell} printed ${records.length} records for ${words.length} words`);
  // zsh passes an empty word on where bash drops it: the reader unfolds no word that makes one.
  return records.map((record) => record.split('\u0001').slice(0, -1));
}

describe('brace words (held to real bash and zsh)', function () {
  it('unfolds the forms both shells expand alike, and nothing else', function () {
    const cases: Array<[string, string[] | null]> = [
      ['x.txt{,.bak}', ['x.txt', 'x.txt.bak']],
      ['{a,b}{c,d}', ['ac', 'ad', 'bc', 'bd']],
      ['src/{a,b}/*.ts', ['src/a/*.ts', 'src/b/*.ts']],
      ['{.git,x}', ['.git', 'x']],
      ['{-rf,/}', ['-rf', '/']],
      ['plain', null],
      ['{a}', null],
      ['{1..3}', null],
      ['{a,{b,c}}', null],
      ['{a,b', null],
      ['a}{b,c}', null],
      ['{,a}', null],
      ['{x,=ls}', null],
      ['"{a,b}"', null],
      ['{$HOME,x}', null],
      ['~/{a,b}', null],
      ['[{a,b}]', null],
    ];
    for (const [text, words] of cases) assert.deepEqual(braceWords(text), words, text);
    const many = '{a,b}'.repeat(7);
    assert.equal(braceWords(many), null, `${many} makes more than ${MAX_BRACE_WORDS} words`);
  });

  for (const shell of ['bash', 'zsh'] as const) {
    it(`reads every unfolded word over a small alphabet as ${shell} does`, function () {
      if (spawnSync(shell, ['--version']).status !== 0) this.skip();
      this.timeout(120_000);
      const words = strings(['a', ',', '{', '}', '.', '-', '=', '*'], 6).filter((word) => braceWords(word) !== null);
      assert.ok(words.length > 2000, `only ${words.length} words unfolded: the alphabet no longer exercises the reader`);
      const real = shellWords(shell, words);
      const differ = words.filter((word, k) => JSON.stringify(braceWords(word)) !== JSON.stringify(real[k]));
      assert.deepEqual(differ.slice(0, 10).map((word) => `${word}: gate ${JSON.stringify(braceWords(word))}, ${shell} ${JSON.stringify(real[words.indexOf(word)])}`), []);
    });
  }
});
