/**
 * `coveringEntry` passes over most allow entries without working out the segment's view: a
 * prefix or glob entry of plain words is compared with the argv word for word first, and a
 * regexp entry's literal start with the argv text as it would render, word by word. Each short
 * cut must give exactly the entry the definition gives (every entry in order, the view first,
 * the word automaton, the whole argv text): a short cut that lets an entry through widens what
 * runs unasked. Differential over the eval corpus, generated commands and mutations that put
 * quoting, empty words, wrappers, redirects and opaque words where the short cuts look.
 */
import { strict as assert } from 'node:assert';

import { DEFAULT_ALLOW_LIST } from '../../../src/gate/lists/defaultAllowList';
import { parseListEntries, type ListEntry } from '../../../src/gate/lists/listEntry';
import { matchAllow, matchAllowLists, matchAllowPlainly, type AllowMatch } from '../../../src/gate/lists/listMatcher';
import { readCommand } from '../../../src/gate/reading/reading';
import { generateCommands } from '../../support/commandGenerator';
import { loadCorpus } from '../../support/evalCorpus';

const HOME = '/home/tester';

function entries(raw: unknown[]): ListEntry[] {
  const parsed = parseListEntries(raw, 'allow', 'test');
  assert.deepEqual(parsed.errors, [], 'test entries must be valid');
  return parsed.entries;
}

/** Every kind of entry, and regexps whose literal start ends inside a word, at a space, past the argv. */
const MIXED: ListEntry[] = entries([
  'git log',
  'git commit -m',
  "grep -e 'a b'",
  "echo ''",
  'echo hello',
  'ls \\*',
  '~/bin/tool',
  '/bin/ls',
  'sudo ls',
  'timeout 5 grep',
  'env A=1 ls',
  { match: 'prefix', pattern: 'ls', writes: true },
  { match: 'prefix', pattern: 'cat', writes: false },
  { match: 'glob', pattern: 'cat *.txt' },
  { match: 'glob', pattern: 'git * --oneline' },
  { match: 'glob', pattern: 'node --ver*' },
  { match: 'glob', pattern: 'echo *' },
  { match: 'glob', pattern: 'npm run test:*' },
  { match: 'glob', pattern: 'git status' },
  { match: 'glob', pattern: 'rm' },
  { match: 'glob', pattern: 'sed -n *p *', writes: true },
  { match: 'exact', pattern: 'npm test' },
  { match: 'exact', pattern: 'make build && make test' },
  { match: 'regexp', pattern: '^git branch( -a)?$' },
  { match: 'regexp', pattern: '^git ' },
  { match: 'regexp', pattern: '^gi.*' },
  { match: 'regexp', pattern: '^echo a b$' },
  { match: 'regexp', pattern: "^echo 'a b'$" },
  { match: 'regexp', pattern: '^echo  x' },
  { match: 'regexp', pattern: '^sudo ls( .*)?$' },
  { match: 'regexp', pattern: '^ls -la /tmp/x y z$' },
  { match: 'regexp', pattern: '^cat=' },
  { match: 'regexp', pattern: '^rm -rf$' },
  { match: 'regexp', pattern: 'status' },
]);

const MUTATIONS: Array<(s: string) => string> = [
  (s) => s,
  (s) => `sudo ${s}`,
  (s) => `/bin/${s}`,
  (s) => `timeout 5 ${s}`,
  (s) => `env A=1 ${s}`,
  (s) => `${s} > out.txt`,
  (s) => `${s} 2>/dev/null`,
  (s) => `${s} ''`,
  (s) => `${s} 'a b'`,
  (s) => `${s} "$X"`,
  (s) => `${s} && git status`,
  (s) => `~/bin/${s}`,
  (s) => s.split(' ').slice(0, 2).join(' '),
];

const EXTRA = [
  'git branch', 'git branch -a', 'git branchx', 'git  branch -a', "git 'branch'", 'git branch ""', 'git', 'gi', 'gitx status',
  'echo a b', "echo 'a b'", 'echo a', 'echo', "echo ''", "'' echo", 'echo  x', 'echo x', 'ls -la /tmp/x y z', 'ls -la /tmp/x y',
  "ls '*'", 'ls *', 'cat=1', "cat= x", 'rm -rf', 'rm -rf x', 'rm', "grep -e 'a b' f", 'grep -e a b', 'git log --oneline',
  'git show x --oneline', 'npm run test:unit', 'npm run test: unit', 'node --version', 'node --ver', 'sed -n 1p f',
  'sed -n 1p f > o', 'git commit -m "fix: a b"', '$X status', 'git $X', 'sudo ls -la', 'sudo -u root ls',
];

function same(fast: AllowMatch | null, plain: AllowMatch | null, label: string): void {
  assert.equal(fast === null, plain === null, `${label}: short cuts ${fast === null ? 'no match' : 'match'}, definition ${plain === null ? 'no match' : 'match'}`);
  if (fast === null || plain === null) return;
  assert.equal(fast.perSegment.length, plain.perSegment.length, label);
  fast.perSegment.forEach((entry, k) => assert.equal(entry, plain.perSegment[k], `${label} segment ${k}: ${entry.text} vs ${plain.perSegment[k]!.text}`));
}

function compare(command: string, lists: ReadonlyArray<readonly ListEntry[]>): boolean {
  const reading = readCommand(command, { home: HOME, shell: 'bash' });
  const plain = matchAllowPlainly(reading, lists.flat());
  same(matchAllowLists(reading, lists), plain, JSON.stringify(command));
  same(matchAllow(reading, lists.flat()), plain, JSON.stringify(command));
  return plain !== null;
}

describe('allow short cuts agree with the definition (matchAllowPlainly)', () => {
  it('over the eval corpus with its own entries, mutated', function () {
    this.timeout(120_000);
    let matched = 0;
    for (const line of loadCorpus()) {
      const own = line.allow ? parseListEntries(line.allow, 'allow', 'corpus').entries : [];
      for (const mutate of MUTATIONS) {
        const command = mutate(line.command);
        for (const lists of [[own, MIXED, DEFAULT_ALLOW_LIST], [DEFAULT_ALLOW_LIST], [own]]) if (compare(command, lists)) matched++;
      }
    }
    // A differential where nothing matches would prove nothing.
    assert.ok(matched > 1000, `only ${matched} matches`);
  });

  it('over generated commands', () => {
    let matched = 0;
    for (const command of generateCommands(7331, 3000)) {
      for (const variant of [command, command.toLowerCase()]) {
        if (compare(variant, [MIXED, DEFAULT_ALLOW_LIST])) matched++;
        if (compare(variant, [DEFAULT_ALLOW_LIST, MIXED])) matched++;
      }
    }
    assert.ok(matched > 100, `only ${matched} matches`);
  });

  it('where a literal start or plain words end inside, at or past a word', () => {
    let matched = 0;
    for (const base of EXTRA) {
      for (const mutate of MUTATIONS) {
        const command = mutate(base);
        if (compare(command, [MIXED])) matched++;
        // One entry at a time: the first covering entry of a long list hides the rest.
        for (const entry of MIXED) if (compare(command, [[entry]])) matched++;
      }
    }
    assert.ok(matched > 300, `only ${matched} matches`);
  });
});
