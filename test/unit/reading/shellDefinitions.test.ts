/**
 * The aliases and functions of the agent's own shell set-up (Claude Code's snapshots): which
 * names a snapshot defines, and a command run by one of them is unresolved (`shell-state`), with
 * an alias's text read by the floors. Snapshots whose names cannot be found are unknown, and then
 * every command is unresolved; an alias line that cannot be decoded costs only the names. The
 * fixtures are snapshots Claude Code 2.1.328 really wrote (docs/agent-hooks.md, "Which shell
 * runs the command"), with the user's and the install's paths replaced.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkHardline } from '../../../src/gate/hardline/hardline';
import { readCommand } from '../../../src/gate/reading/reading';
import { parseSnapshot, unionOfSnapshots, withShellDefinitions, type ShellDefinitions } from '../../../src/gate/reading/shellDefinitions';

const fixture = (shell: 'bash' | 'zsh') => readFileSync(path.join(__dirname, `../../fixtures/shellSnapshots/claude-code-2.1.328-${shell}.sh`), 'utf8');
const home = '/home/user';

function known(aliases: Record<string, string | null>, functions: string[] = []): ShellDefinitions {
  return { kind: 'known', aliases: new Map(Object.entries(aliases)), functions: new Set(functions), source: 'test' };
}

const read = (command: string, definitions: ShellDefinitions | undefined) => withShellDefinitions(readCommand(command, { home, shell: 'any' }), definitions);

describe("shell definitions: the agent's aliases and functions", () => {
  it("reads a real zsh and a real bash snapshot: the user's aliases and functions, not Claude Code's stand-ins", () => {
    const zsh = parseSnapshot(fixture('zsh'));
    assert.ok(zsh.ok);
    assert.deepEqual([...zsh.aliases].sort(), [['git', 'rm -rf'], ['ll', 'ls -l'], ['run-help', 'man'], ['which-command', 'whence']]);
    assert.deepEqual([...zsh.functions], ['mkcd']);
    const bash = parseSnapshot(fixture('bash'));
    assert.ok(bash.ok);
    assert.deepEqual([...bash.aliases].sort(), [['git', 'rm -rf'], ['ll', 'ls -l']]);
    assert.ok(bash.functions.has('mkcd') && bash.functions.has('gawkpath_append'), [...bash.functions].join(' '));
    for (const standIn of ['find', 'grep', 'rg', 'pkill']) assert.ok(!zsh.functions.has(standIn) && !bash.functions.has(standIn), standIn);
  });

  it('a function Claude Code appends that is not one of its known stand-ins counts', () => {
    const parsed = parseSnapshot(fixture('zsh').replace('# Shadow pkill', 'function curl {\n  command curl "$@"\n}\n# Shadow pkill'));
    assert.ok(parsed.ok);
    assert.ok(parsed.functions.has('curl'));
  });

  it('an alias a function body would define counts (a name too many, never one too few)', () => {
    const parsed = parseSnapshot(fixture('zsh').replace('mkcd () {\n', 'mkcd () {\n\talias deploy=\'make deploy\'\n'));
    assert.ok(parsed.ok);
    assert.ok(parsed.aliases.has('deploy'));
  });

  it('decodes the quoting the shells print for alias values', () => {
    const withAliases = (lines: string) => parseSnapshot(fixture('bash').replace('# Aliases\n', () => `# Aliases\n${lines}`));
    const parsed = withAliases("alias -- a='it'\\''s'\nalias -- b=$'x\\ty'\nalias -- c=plain\n");
    assert.ok(parsed.ok);
    assert.equal(parsed.aliases.get('a'), "it's");
    assert.equal(parsed.aliases.get('b'), 'x\ty');
    assert.equal(parsed.aliases.get('c'), 'plain');
  });

  it('what it cannot read exactly makes the snapshot unknown', () => {
    const bad = [
      ['not a snapshot', 'echo hi\n'],
      ['an alias line that names no alias', fixture('bash').replace('# Aliases\n', '# Aliases\nalias ll\n')],
      ['a line in the aliases that is no alias', fixture('zsh').replace('# Aliases\n', '# Aliases\necho hi\n')],
      ['an unreadable function header', fixture('zsh').replace('# Functions\n', "# Functions\n'a b' () {\n\ttrue\n}\n")],
      ['no Aliases section', fixture('zsh').replace('# Aliases\n', '')],
    ] as const;
    for (const [why, text] of bad) assert.equal(parseSnapshot(text).ok, false, why);
  });

  it('an alias it cannot decode costs only the names from there on, with unknown text', () => {
    // bash prints a value over two lines as it is; zsh's `alias` output gets "alias -- " on every line.
    const multi = parseSnapshot(fixture('bash').replace('# Aliases\n', "# Aliases\nalias -- ok='ls -l'\nalias -- two='echo one\necho two'\nalias -- gs='git status'\n"));
    assert.ok(multi.ok);
    assert.equal(multi.aliases.get('ok'), 'ls -l', 'before the undecodable line: exact');
    assert.equal(multi.aliases.get('two'), null);
    assert.equal(multi.aliases.get('gs'), null, 'after it, the line may be part of a value: the name counts, its text is unknown');
    assert.ok(!multi.aliases.has('echo'));
    const zshMulti = parseSnapshot(fixture('zsh').replace('# Aliases\n', "# Aliases\nalias -- two='echo one\nalias -- echo two'\nalias -- x=\"$(id)\"\n"));
    assert.ok(zshMulti.ok);
    assert.equal(zshMulti.aliases.get('two'), null);
    assert.equal(zshMulti.aliases.get('x'), null);
    assert.ok(zshMulti.functions.has('mkcd'), 'the functions are read as before');
    assert.equal(zshMulti.aliases.get('git'), null, "the fixture's own aliases come after the undecodable one");
    // Read as the agent's shell runs it: the undecodable alias is still not the program.
    const defs: ShellDefinitions = { kind: 'known', aliases: multi.aliases, functions: multi.functions, source: 's' };
    assert.equal(read('two', defs).resolution.resolved, false);
    assert.equal(read('gs', defs).resolution.resolved, false);
    assert.equal(read('ls', defs).resolution.resolved, true);
  });

  it('the union of the snapshots: none, or any one unknown, is unknown', () => {
    assert.equal(unionOfSnapshots([], 'f').kind, 'unknown');
    const good = { file: 'a', definitions: parseSnapshot(fixture('zsh')) };
    assert.equal(unionOfSnapshots([good, { file: 'b', definitions: { ok: false, why: 'x' } }], 'f').kind, 'unknown');
    const both = unionOfSnapshots([good, { file: 'b', definitions: parseSnapshot(fixture('bash')) }], 'f');
    assert.equal(both.kind, 'known');
    if (both.kind === 'known') assert.ok(both.functions.has('gawkpath_append') && both.aliases.has('run-help'));
  });

  it('a command run by a defined name is unresolved (shell-state); other names read as before', () => {
    const defs = known({ git: 'rm -rf', ll: 'ls -l' }, ['mkcd']);
    for (const command of ['git status', 'mkcd out', 'echo hi && ll', 'FOO=1 git log', 'ls | git apply']) {
      const reading = read(command, defs);
      assert.equal(reading.resolution.resolved, false, command);
      if (!reading.resolution.resolved) assert.equal(reading.resolution.mechanisms[0], 'shell-state', command);
    }
    for (const command of ['ls -la', 'command git status', 'echo git', 'sudo git status']) {
      assert.deepEqual(read(command, defs).resolution, readCommand(command, { home, shell: 'any' }).resolution, command);
    }
    assert.deepEqual(read('git status', undefined).resolution, readCommand('git status', { home, shell: 'any' }).resolution);
  });

  it("an alias's text goes to the floors, in resolved and unresolved commands alike", () => {
    const defs = known({ cleanup: 'rm -rf /', tidy: 'rm -rf' });
    assert.equal(checkHardline(readCommand('cleanup', { home, shell: 'any' })), null, 'the name alone is harmless');
    assert.notEqual(checkHardline(read('cleanup', defs)), null);
    assert.notEqual(checkHardline(read('tidy /', defs)), null, 'the alias text with the words after it');
    assert.notEqual(checkHardline(read('x=$(date); cleanup', defs)), null, 'unresolved: every defined name that appears');
  });

  it('unknown definitions leave every command unresolved', () => {
    const reading = read('ls', { kind: 'unknown', why: 'no snapshot' });
    assert.equal(reading.resolution.resolved, false);
    if (!reading.resolution.resolved) assert.match(reading.resolution.detail, /no snapshot/);
  });
});
