/**
 * What the agent's shell says when asked (askedShell.ts; docs/agent-hooks.md, "Which shell runs
 * the command"): the lister's output after whatever the start-up files print, read into names
 * as a snapshot's are; the start-up files that make the cache key.
 */
import { strict as assert } from 'node:assert';
import { readListing, startupFiles } from '../../../../src/cli/hooks/askedShell';

const MARK = 'approvals-gate-0123456789abcdef';
const listing = (functions: string[], aliases: string[], before = 'a banner\n') => `${before}\n${MARK}-functions\n${functions.join('\n')}\n${MARK}-aliases\n${aliases.join('\n')}\n${MARK}-end\n`;

describe("the agent's shell, asked: reading its answer", () => {
  it("reads bash's alias -p into the snapshot's form, names and texts", () => {
    const read = readListing(listing(['git', '_comp'], ["alias ll='ls -l'", "alias -- -x='rm -rf'", "alias two='echo one", "echo two'", "alias gs='git status'"]), MARK, 'bash');
    assert.ok(read.ok);
    assert.deepEqual([...read.functions], ['git', '_comp']);
    assert.equal(read.aliases.get('ll'), 'ls -l');
    assert.equal(read.aliases.get('-x'), 'rm -rf');
    assert.equal(read.aliases.get('two'), null, 'over two lines: named, text unknown');
    assert.equal(read.aliases.get('gs'), null, 'after an undecodable value: named, text unknown');
    assert.ok(!read.aliases.has('echo'));
  });

  it("reads zsh's alias, each line given the prefix as Claude Code's sed does", () => {
    const read = readListing(listing(['mkcd'], ["G='| grep'", 'run-help=man', "two=$'a\\nb'"]), MARK, 'zsh');
    assert.ok(read.ok);
    assert.equal(read.aliases.get('G'), '| grep');
    assert.equal(read.aliases.get('run-help'), 'man');
    assert.equal(read.aliases.get('two'), 'a\nb');
  });

  it('an answer that is not the list asked for is no answer', () => {
    const whole = listing(['git'], ["alias ll='ls -l'"]);
    for (const [why, text] of [
      ['no end (a start-up file ended the shell, or the time ran out)', whole.slice(0, whole.indexOf(`${MARK}-end`))],
      ['the marks out of order', whole.replace(`${MARK}-functions`, 'x').replace(`${MARK}-end`, `${MARK}-functions\n${MARK}-end`)],
      ['nothing at all', ''],
      ['an alias line that names nothing', listing([], ['echo hi'])],
    ] as const) {
      assert.equal(readListing(text, MARK, 'bash').ok, false, why);
    }
  });

  it('the start-up files of the cache key: the login files, the rc file, $ZDOTDIR and home for zsh', () => {
    const bash = startupFiles('bash', {}, '/home/u');
    for (const file of ['/etc/profile', '/etc/bash.bashrc', '/home/u/.bash_profile', '/home/u/.profile', '/home/u/.bashrc']) assert.ok(bash.includes(file), file);
    const zsh = startupFiles('zsh', { ZDOTDIR: '/home/u/.config/zsh' }, '/home/u');
    for (const file of ['/home/u/.config/zsh/.zshenv', '/home/u/.config/zsh/.zshrc', '/home/u/.zshrc', '/etc/zshenv']) assert.ok(zsh.includes(file), file);
  });
});
