import { strict as assert } from 'node:assert';
import { bashSyntaxProblem } from '../../../src/gate/execution/bashSyntax';
import { MAX_TYPED_COMMAND_LENGTH, terminalTypingProblem } from '../../../src/gate/execution/terminalTyping';

describe('which commands may be typed into the terminal', () => {
  describe('typed as they are', () => {
    const typeable = [
      'ls -la',
      'git status && git diff --stat',
      "echo 'a b' \"c $HOME\" | tr a-z A-Z",
      'npm test -- --grep "terminal"',
      'echo X!!Y ^a^b', // history expansion is off in the terminal, so `!` and `^` are safe
      'cat <<< "here-string"',
      'printf \'\\033]633;D;0\\007\'', // escapes written as text are just text
      ' leading and trailing spaces ',
      'x'.repeat(MAX_TYPED_COMMAND_LENGTH),
    ];
    for (const command of typeable) {
      it(JSON.stringify(command.slice(0, 60)), () => assert.equal(terminalTypingProblem(command), null));
    }
  });

  describe('run as a child process instead', () => {
    const cases: [string, RegExp][] = [
      ['echo one\necho two', /several lines/],
      ['echo one\recho two', /several lines/],
      ['echo a\tb', /tab/],
      ['echo safe\x15rm -rf ~/x', /control character \\x15/],
      ['echo \x1b[201~', /control character \\x1b/],
      ['echo \x9b', /control character \\x9b/],
      ['echo \x7f', /control character \\x7f/],
      ['echo héllo', /non-ASCII.*U\+00E9/],
      ['echo \u202e', /non-ASCII.*U\+202E/],
      ['echo a \\', /backslash/],
      ['cat <<EOF', /here-document/],
      ['cat <<-EOF', /here-document/],
      ['', /empty/],
      ['   ', /empty/],
      ['x'.repeat(MAX_TYPED_COMMAND_LENGTH + 1), /longer than/],
    ];
    for (const [command, reason] of cases) {
      it(JSON.stringify(command.slice(0, 40)), () => assert.match(terminalTypingProblem(command) ?? 'typed', reason));
    }
  });

  describe('bash -n decides whether the input is complete', () => {
    for (const command of ['echo ok', 'if true; then echo y; fi', 'for f in *; do echo "$f"; done', 'echo $(date) `id -u`', 'a && b || c | d']) {
      it(`complete: ${command}`, async () => assert.equal(await bashSyntaxProblem(command), null));
    }
    const incomplete: [string, RegExp][] = [
      ['echo "abc', /unexpected EOF while looking for matching/],
      ["echo 'abc", /unexpected EOF while looking for matching/],
      ['if true; then', /unexpected end of file/],
      ['echo $(ls', /unexpected EOF/],
      ['ls |', /unexpected end of file/],
      ['case x in', /unexpected end of file|syntax error/],
      ['echo )', /syntax error/],
    ];
    for (const [command, complaint] of incomplete) {
      it(`incomplete: ${command}`, async () => assert.match((await bashSyntaxProblem(command)) ?? 'complete', complaint));
    }

    it('never runs the command it reads', async () => {
      const marker = `/tmp/approvals-gate-syntax-${process.pid}-${Date.now()}`;
      assert.equal(await bashSyntaxProblem(`touch ${marker}`), null);
      const { existsSync } = await import('node:fs');
      assert.equal(existsSync(marker), false);
    });

    it('says so when bash cannot be started', async () => {
      assert.match((await bashSyntaxProblem('echo ok', { bash: '/nonexistent/bash' })) ?? 'started', /could not be started/);
    });
  });
});
