/**
 * Parsing list entries (D§6): every form, every default, and every way an entry can be invalid.
 * Invalid entries must be reported by index and text and left out, never read as something
 * broader. Regexps are compiled with a linear-time engine; the catastrophic-backtracking case is
 * checked to finish quickly.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

import {
  CompiledRegexp,
  grantEntry,
  MAX_REGEXP_LENGTH,
  parseListEntries,
  type ListName,
  type MatchKind,
} from '../../../src/gate/lists/listEntry';

interface ValidCase {
  list: ListName;
  raw: unknown;
  match: MatchKind;
  rate: boolean;
  writes: boolean;
}
interface InvalidCase {
  list: ListName;
  raw: unknown;
  message: string;
}

const FIXTURE = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'lists', 'entries.json'), 'utf8')) as {
  valid: ValidCase[];
  invalid: InvalidCase[];
};

describe('parseListEntries', () => {
  describe('valid entries (fixture)', () => {
    for (const c of FIXTURE.valid) {
      it(`${c.list}: ${JSON.stringify(c.raw)}`, () => {
        const { entries, errors } = parseListEntries([c.raw], c.list, 'test source');
        assert.deepEqual(errors, []);
        assert.equal(entries.length, 1);
        const entry = entries[0]!;
        assert.equal(entry.list, c.list);
        assert.equal(entry.match, c.match);
        assert.equal(entry.rate, c.rate, 'rate');
        assert.equal(entry.writes, c.writes, 'writes');
        assert.equal(entry.source, 'test source');
        assert.equal(entry.text, typeof c.raw === 'string' ? c.raw : JSON.stringify(c.raw));
        assert.equal(entry.compiled.match, c.match);
      });
    }
  });

  describe('invalid entries are reported by index and left out (fixture)', () => {
    for (const c of FIXTURE.invalid) {
      it(`${c.list}: ${JSON.stringify(c.raw)}`, () => {
        // A valid entry on either side shows that only the bad one is dropped.
        const { entries, errors } = parseListEntries(['ls', c.raw, 'pwd'], c.list, 'src');
        assert.deepEqual(
          entries.map((e) => e.pattern),
          ['ls', 'pwd'],
        );
        assert.equal(errors.length, 1, JSON.stringify(errors));
        const error = errors[0]!;
        assert.equal(error.index, 1);
        assert.equal(error.list, c.list);
        assert.equal(error.source, 'src');
        assert.ok(error.message.includes(c.message), `message ${JSON.stringify(error.message)} should mention ${JSON.stringify(c.message)}`);
        assert.ok(error.entry.length > 0 || c.raw === '');
      });
    }
  });

  it('a missing list is empty and not an error', () => {
    assert.deepEqual(parseListEntries(undefined, 'allow', 's'), { entries: [], errors: [] });
    assert.deepEqual(parseListEntries(null, 'deny', 's'), { entries: [], errors: [] });
  });

  it('a list that is not an array is one error at index -1', () => {
    for (const raw of ['git status', 3, { match: 'prefix', pattern: 'ls' }, true]) {
      const { entries, errors } = parseListEntries(raw, 'allow', 's');
      assert.deepEqual(entries, []);
      assert.equal(errors.length, 1);
      assert.equal(errors[0]!.index, -1);
      assert.match(errors[0]!.message, /array/);
    }
  });

  it('never throws, even on objects whose properties throw or lie about their prototype', () => {
    const hostile = [
      {
        get match(): string {
          throw new Error('boom');
        },
        pattern: 'ls',
      },
      Object.create({ match: 'prefix', pattern: 'ls' }) as unknown,
      new Proxy({}, { ownKeys: () => { throw new Error('no keys'); } }),
      Symbol('x'),
      BigInt(1),
      () => 'ls',
    ];
    const { entries, errors } = parseListEntries(hostile, 'allow', 's');
    assert.deepEqual(entries, []);
    assert.deepEqual(
      errors.map((e) => e.index),
      [0, 1, 2, 3, 4, 5],
    );
  });

  it('shortens a huge invalid entry in the error but keeps the index', () => {
    const { errors } = parseListEntries([{ match: 'nope', pattern: 'x'.repeat(10_000) }], 'deny', 's');
    assert.equal(errors.length, 1);
    assert.ok(errors[0]!.entry.length <= 300);
  });

  describe('regexp limits', () => {
    it(`accepts ${MAX_REGEXP_LENGTH} characters and rejects ${MAX_REGEXP_LENGTH + 1}`, () => {
      const ok = `^${'a'.repeat(MAX_REGEXP_LENGTH - 1)}`;
      const long = `^${'a'.repeat(MAX_REGEXP_LENGTH)}`;
      assert.equal(parseListEntries([{ match: 'regexp', pattern: ok }], 'deny', 's').entries.length, 1);
      const { entries, errors } = parseListEntries([{ match: 'regexp', pattern: long }], 'deny', 's');
      assert.equal(entries.length, 0);
      assert.match(errors[0]!.message, /201 characters long; at most 200/);
    });

    it("cuts off nothing because nothing backtracks: ^(a+)+$ against 'a'×30+'!' answers no-match at once", () => {
      const regexp = new CompiledRegexp('^(a+)+$');
      // A backtracking engine would answer over-budget here; its time: `npm run bench`, section 2b.
      assert.equal(regexp.evaluate(`${'a'.repeat(30)}!`, false, 1000), 'no-match');
      assert.equal(regexp.evaluate(`${'a'.repeat(65_536)}!`, false, 1000), 'no-match');
      assert.equal(regexp.evaluate('a'.repeat(65_536), false, 1000), 'match');
    });

    it('anchors on request: whole-text matching for allow, search for deny', () => {
      const regexp = new CompiledRegexp('git log');
      assert.equal(regexp.evaluate('git log', true), 'match');
      assert.equal(regexp.evaluate('git log --output=x', true), 'no-match');
      assert.equal(regexp.evaluate('sudo git log --output=x', false), 'match');
    });

    it('reports an evaluation over its budget as such', () => {
      const regexp = new CompiledRegexp('^x');
      assert.equal(regexp.evaluate('x', false, -1), 'over-budget');
      assert.equal(regexp.evaluate('x', false, 1000), 'match');
    });
  });

  describe('pattern words', () => {
    const items = (raw: unknown, list: ListName = 'allow'): unknown => {
      const entry = parseListEntries([raw], list, 's').entries[0];
      assert.ok(entry, 'entry parsed');
      assert.ok(entry.compiled.match === 'prefix' || entry.compiled.match === 'glob');
      return entry.compiled.items;
    };

    it('splits shell-style: quotes group, backslash escapes, nothing expands', () => {
      assert.deepEqual(items(`grep -e 'a b' "c d" e\\ f ''`), [
        { kind: 'word', pieces: ['grep'], home: false },
        { kind: 'word', pieces: ['-e'], home: false },
        { kind: 'word', pieces: ['a b'], home: false },
        { kind: 'word', pieces: ['c d'], home: false },
        { kind: 'word', pieces: ['e f'], home: false },
        { kind: 'word', pieces: [''], home: false },
      ]);
    });

    it('reads a lone * as any words and an in-word * as a wildcard; a quoted * is a star', () => {
      assert.deepEqual(items({ match: 'glob', pattern: `npm run test:* * '*' x\\*` }), [
        { kind: 'word', pieces: ['npm'], home: false },
        { kind: 'word', pieces: ['run'], home: false },
        { kind: 'word', pieces: ['test:', ''], home: false },
        { kind: 'any-words' },
        { kind: 'word', pieces: ['*'], home: false },
        { kind: 'word', pieces: ['x*'], home: false },
      ]);
    });

    it('marks a leading unquoted ~ as the home folder, and only that', () => {
      assert.deepEqual(items(`cat ~/a ~ '~/b' a~`), [
        { kind: 'word', pieces: ['cat'], home: false },
        { kind: 'word', pieces: ['/a'], home: true },
        { kind: 'word', pieces: [''], home: true },
        { kind: 'word', pieces: ['~/b'], home: false },
        { kind: 'word', pieces: ['a~'], home: false },
      ]);
    });

    it('lets deny entries start with a wildcard', () => {
      assert.deepEqual(items({ match: 'glob', pattern: '* --force' }, 'deny'), [{ kind: 'any-words' }, { kind: 'word', pieces: ['--force'], home: false }]);
    });
  });

  it('grantEntry stores the exact command, never rated, never writing', () => {
    const grant = grantEntry('npm test && npm run lint', 'session');
    assert.equal(grant.list, 'grant');
    assert.equal(grant.match, 'exact');
    assert.equal(grant.pattern, 'npm test && npm run lint');
    assert.equal(grant.text, 'npm test && npm run lint');
    assert.equal(grant.rate, false);
    assert.equal(grant.writes, false);
    assert.equal(grant.source, 'session');
  });
});
