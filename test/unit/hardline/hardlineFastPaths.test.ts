/**
 * The hardline floor's fast paths give what the plain paths give: each is compared with the
 * plain computation over the evaluation corpus, generated commands and the hardline fixtures.
 * A fast path that skipped a case would be a hole in the floor, not a slowdown.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findForkBombInSkeleton, findShellForkBomb, unquotedSkeleton } from '../../../src/gate/hardline/forkBomb';
import { generateCommands } from '../../support/commandGenerator';
import { loadCorpus } from '../../support/evalCorpus';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'hardline');

/** A fixture's commands, with `«LF»`, `«TAB»`, `«U+…»` decoded as hardline.test.ts does. */
function fixtureLines(name: string): string[] {
  return readFileSync(join(FIXTURES, name), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) =>
      line.replace(/«(LF|CR|TAB|U\+([0-9A-Fa-f]{1,6}))»/g, (_match, code: string, hex: string | undefined) =>
        code === 'LF' ? '\n' : code === 'CR' ? '\r' : code === 'TAB' ? '\t' : String.fromCodePoint(parseInt(hex!, 16)),
      ),
    );
}

/** Every text to compare on, each also inside a group and behind a bomb-shaped prefix. */
function texts(): string[] {
  const base = [
    ...loadCorpus().map((c) => c.command),
    ...generateCommands(20240611, 3000),
    ...fixtureLines('must-refuse.txt'),
    ...fixtureLines('must-not-refuse.txt'),
    ':(){ :|:& };:',
    'f(){ f|f& }; f',
    'function b { b | b & } ; b',
    "bomb ( ) \n{\nbomb | bomb &\n}\nbomb",
    'g(){ g& g& }; g',
    'function h { h|h; }; h',
  ];
  const out: string[] = [];
  for (const text of base) out.push(text, `{ ${text}; }`, `x(){ x|x& };${text}`, `${text}\nx(){ x|x& }; x`);
  return out;
}

describe('hardline fast paths', () => {
  it('findShellForkBomb skips the skeleton only when the skeleton holds no fork bomb', () => {
    let bombs = 0;
    for (const text of texts()) {
      const plain = findForkBombInSkeleton(unquotedSkeleton(text));
      if (plain !== null) bombs++;
      assert.equal(findShellForkBomb(text), plain, JSON.stringify(text));
    }
    // The comparison must have seen bombs, or it proves nothing about the character check.
    assert.ok(bombs > 100, `only ${bombs} fork bombs among the texts`);
  });
});
