/**
 * `matchAllowLists` looks long allow lists up through an index by program word. It must give the
 * same covering entry, segment by segment, as `matchAllow` over the lists concatenated: an entry
 * left out of the index for a segment it could cover would change a decision. Differential over
 * the eval corpus (with each line's own entries), generated commands and wrapped or absolute-path
 * mutations, plus cases that name what the index must keep.
 */
import { strict as assert } from 'node:assert';

import { DEFAULT_ALLOW_LIST } from '../../../src/gate/lists/defaultAllowList';
import { parseListEntries, type ListEntry } from '../../../src/gate/lists/listEntry';
import { matchAllow, matchAllowLists, type AllowMatch } from '../../../src/gate/lists/listMatcher';
import { readCommand } from '../../../src/gate/reading/reading';
import { generateCommands } from '../../support/commandGenerator';
import { loadCorpus } from '../../support/evalCorpus';

const HOME = '/home/tester';

function entries(raw: unknown[]): ListEntry[] {
  const parsed = parseListEntries(raw, 'allow', 'test');
  assert.deepEqual(parsed.errors, [], 'test entries must be valid');
  return parsed.entries;
}

/** Long enough to be indexed (16 or more): every kind of entry, a `~` program, an absolute path, wrappers, a duplicate. */
const LONG_LIST: ListEntry[] = (() => {
  const list = entries([
    'git log',
    { match: 'regexp', pattern: '^echo [a-z]+$' },
    '/bin/ls',
    'sudo ls',
    '~/bin/tool',
    { match: 'glob', pattern: 'cat *.txt' },
    { match: 'exact', pattern: 'make build && make test' },
    { match: 'exact', pattern: 'npm test' },
    { match: 'glob', pattern: 'node --ver*' },
    'timeout 5 grep',
    'env A=1 ls',
    'nice ls',
    { match: 'prefix', pattern: 'ls', writes: true },
    'sed -n',
    'find .',
    { match: 'regexp', pattern: 'status' },
    'git status',
    'xargs echo',
  ]);
  // The same entry object twice: the first place it stands is the one that counts.
  return [...list, list[0]!, list[16]!];
})();

const SHORT_LIST = entries(['git status', 'ls -la']);

function sameMatch(indexed: AllowMatch | null, plain: AllowMatch | null, command: string): void {
  if (plain === null || indexed === null) {
    assert.equal(indexed === null, plain === null, `${JSON.stringify(command)}: indexed ${indexed === null ? 'no match' : 'match'}, plain ${plain === null ? 'no match' : 'match'}`);
    return;
  }
  assert.equal(indexed.perSegment.length, plain.perSegment.length, command);
  indexed.perSegment.forEach((entry, k) => assert.equal(entry, plain.perSegment[k], `${JSON.stringify(command)} segment ${k}: ${entry.text} vs ${plain.perSegment[k]!.text}`));
}

function compare(command: string, lists: ReadonlyArray<readonly ListEntry[]>): void {
  const reading = readCommand(command, { home: HOME, shell: 'bash' });
  sameMatch(matchAllowLists(reading, lists), matchAllow(reading, lists.flat()), command);
}

const MUTATIONS: Array<(s: string) => string> = [
  (s) => s,
  (s) => `sudo ${s}`,
  (s) => `/bin/${s}`,
  (s) => `/usr/bin/${s}`,
  (s) => `timeout 5 ${s}`,
  (s) => `env A=1 ${s}`,
  (s) => `nice ${s}`,
  (s) => `${s} > out.txt`,
  (s) => `${s} && git status`,
  (s) => `~/bin/${s}`,
];

describe('allow lists looked up by program word (matchAllowLists)', () => {
  it('covers with the same entry as the concatenated lists, over the eval corpus with its own entries', function () {
    this.timeout(60_000);
    let matched = 0;
    for (const line of loadCorpus()) {
      // Some corpus entries are refused at load on purpose (they could never apply); the rest count.
      const own = line.allow ? parseListEntries(line.allow, 'allow', 'corpus').entries : [];
      for (const mutate of MUTATIONS) {
        const command = mutate(line.command);
        const reading = readCommand(command, { home: HOME, shell: 'bash' });
        for (const lists of [[own, LONG_LIST, DEFAULT_ALLOW_LIST], [SHORT_LIST, DEFAULT_ALLOW_LIST], [[], own]]) {
          const indexed = matchAllowLists(reading, lists);
          sameMatch(indexed, matchAllow(reading, lists.flat()), command);
          if (indexed) matched++;
        }
      }
    }
    // A differential where nothing matches would prove nothing.
    assert.ok(matched > 1000, `only ${matched} matches`);
  });

  it('covers with the same entry over generated commands', () => {
    for (const command of generateCommands(4242, 3000)) {
      compare(command, [LONG_LIST, DEFAULT_ALLOW_LIST]);
      compare(command.toLowerCase(), [DEFAULT_ALLOW_LIST]);
    }
  });

  const cases: Array<[command: string, expect: string[] | null]> = [
    ['/bin/ls -la', ['/bin/ls']],
    ['ls -la', ['ls']],
    ['sudo ls /etc', ['sudo ls']],
    ['timeout 5 grep -n x f', ['timeout 5 grep']],
    [`${HOME}/bin/tool --all`, ['~/bin/tool']],
    ['~/bin/tool --all', ['~/bin/tool']],
    ['cat notes.txt', ['cat *.txt']],
    ['make build && make test', ['make build && make test', 'make build && make test']],
    ['npm test', ['npm test']],
    ['node --version', ['node --ver*']],
    ['echo hello', ['^echo [a-z]+$']],
    ['git status', ['git status']],
    ['status', ['status']],
    ['git log --oneline', ['git log']],
    ['rm -rf x', null],
  ];
  for (const [command, expect] of cases) {
    it(`${JSON.stringify(command)} → ${expect === null ? 'no match' : expect.join(', ')}`, () => {
      const reading = readCommand(command, { home: HOME, shell: 'bash' });
      const match = matchAllowLists(reading, [[], LONG_LIST]);
      assert.deepEqual(match?.perSegment.map((entry) => entry.pattern) ?? null, expect);
      sameMatch(match, matchAllow(reading, LONG_LIST), command);
    });
  }

  it('keeps an index per home folder (a `~` entry names a different program under another home)', () => {
    const here = readCommand(`${HOME}/bin/tool`, { home: HOME, shell: 'bash' });
    const elsewhere = readCommand(`${HOME}/bin/tool`, { home: '/home/other', shell: 'bash' });
    assert.equal(matchAllowLists(here, [LONG_LIST])?.perSegment[0]?.pattern, '~/bin/tool');
    assert.equal(matchAllowLists(elsewhere, [LONG_LIST]), null);
    assert.equal(matchAllowLists(here, [LONG_LIST])?.perSegment[0]?.pattern, '~/bin/tool');
  });
});
