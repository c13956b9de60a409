/**
 * Table tests of the `zsh` and `any` readings (docs/decisions.md, "The zsh reading"), written from
 * what zsh 5.9 does with the text as the agents run it (`zsh -c`, default options plus
 * `NO_EXTENDED_GLOB`) and checked by hand against zsh and bash. The zsh differential
 * (test/unit/reading/zshDifferential.test.ts) holds the same contract against a real zsh.
 *
 * The contract: in `zsh` and `any` a command is resolved only where bash and zsh run the same
 * argv, so the same text is either resolved alike in all three readings, or unresolved (or an
 * opaque word) in `zsh` and `any`.
 */
import { strict as assert } from 'node:assert';

import { resolve } from '../../../src/gate/reading/resolver';
import type { ReadingShell, Resolution } from '../../../src/gate/reading/resolution';
import { fuzzSeed, generateCommands } from '../../support/commandGenerator';
import { loadCorpus } from '../../support/evalCorpus';

const HOME = '/home/gate';

function read(command: string, shell: ReadingShell): Resolution {
  return resolve(command, { home: HOME, shell });
}

function argvs(resolution: Resolution): Array<Array<string | null>> | string {
  if (!resolution.resolved) return `unresolved: ${resolution.mechanisms.join(', ')}`;
  return resolution.segments.map((segment) => segment.argv.map((word) => (word.kind === 'literal' ? word.value : null)));
}

/** Text bash reads one way and zsh another: resolved in bash, `shell-difference` in zsh and any. */
const DIFFERS: Array<[string, string]> = [
  ['=rm -rf /', 'EQUALS: `=rm` is the path of rm'],
  ['echo =ls', 'EQUALS in an argument'],
  ['A=x:=ls env', 'EQUALS after `:` in an assignment value'],
  ['noglob rm -rf /', 'precommand modifier'],
  ['nocorrect rm -rf ~', 'reserved word'],
  ['- rm -rf /usr', '`-` precommand modifier'],
  ['repeat 1 rm -rf /etc', 'reserved word'],
  ['foreach', 'reserved word'],
  ['end', 'reserved word'],
  ['{rm -rf /}', 'a brace group without `;`'],
  ['{a}', 'a brace group'],
  ['A=1 {a}', 'a brace group after an assignment'],
  ['echo a}', 'a `}` that closes a group: a parse error in zsh'],
  ['echo {a}}', 'one `}` too many'],
  ['echo "{"a}', 'a quoted `{` opens nothing'],
  ['echo }', 'a lone `}`'],
  ['> /dev/null', 'NULLCMD'],
  ['NULLCMD=shutdown; >/dev/null', 'NULLCMD set, then run'],
  ['< notes.md', 'READNULLCMD'],
  ['A=1 >f', 'assignments and a redirect only'],
  ['echo hi >! f', '`>!` clobbers in zsh'],
  ['echo hi >>! f', '`>>!`'],
  ['echo hi &>! f', '`&>!`'],
  ['sleep 1 &! echo b', '`&!` disowns'],
  ['sleep 1 &| echo b', '`&|` disowns'],
  ['time -p ls', '`-p` is the program zsh times'],
  ['time -- ls', '`--` is the program zsh times'],
  ['echo <1-3> x', 'numeric glob'],
  ['echo $=x', '`$=x` splits x'],
  ['echo $~x', '`$~x` globs x'],
  ['echo $^x', '`$^x` distributes x'],
  ['echo $+x', '`$+x` is 1 or 0'],
  ['echo $é', 'a name outside ASCII'],
  ['é=1 rm -rf /', 'an assignment in zsh, a program word in bash'],
  ['echo $x[1]', 'a subscript in zsh'],
  ['echo "$x[1]"', 'a subscript inside double quotes too'],
  ['echo $1[1]', 'a subscript of a positional parameter'],
  ["echo $'\\M-a'", 'meta escape'],
  ["echo $'\\C-a'", 'control escape'],
  ["echo $'\\~'", 'zsh drops the backslash'],
  ["echo $'\\8'", 'zsh drops the backslash'],
  ["echo $'\\401'", 'octal above \\377'],
  ['emulate sh -c "rm -rf /"', 'emulate runs text'],
  ['setopt extendedglob', 'changes how later text reads'],
  ['zmodload zsh/files', 'rm becomes a builtin'],
  ['autoload -U compinit', 'loads a function file'],
  ['r', 'runs an earlier command again'],
  ['sched +0 ls', 'runs a command later'],
  ['zpty w ls', 'runs a command'],
  ['hash ls=/tmp/x/ls', 'sets the file a name runs'],
  ['cd src lib', 'zsh replaces src by lib in the current folder'],
  ['cd +1', 'folder stack'],
  // Shrunk from the decision invariants (run-time data never helps, seed 1038420402).
  ['cd "$X"', 'a stack position at run time'],
  ['cd +1*', 'a glob that can match a stack position'],
  ['pushd -2', 'folder stack'],
  ['chdir /tmp', 'zsh cd'],
  ['integer x=y', 'arithmetic'],
  ["printf '%d' x", 'printf evaluates a numeric operand'],
  ['print -v x hi', 'assigns x'],
  ['shift n', 'arithmetic operand'],
  ['test x -eq 1', 'arithmetic operands'],
  ['command noglob ls', 'looked through `command`'],
  ['exec noglob rm -rf /', 'looked through `exec`'],
  ["echo ''=ls", 'EQUALS looks past empty quotes'],
  ['""=s', 'EQUALS in the program word'],
  ['1=x rm -rf /', 'assigns the positional parameter $1 in zsh'],
  ['A=1 & echo b', 'assignments alone before & are a parse error in zsh'],
  ['echo {a} >f', '`{a}` before a redirect is a descriptor variable in zsh'],
  ['-f', 'Codex hands a text starting `-` to zsh as options'],
  ["+''", 'an option of zsh\'s own'],
  ['echo ${a,}', 'a bad substitution in zsh'],
  ['echo ${a^}', 'a bad substitution in zsh'],
  ['echo \\{a,b}\\\n', 'a closing `}` before a line continuation'],
  ["echo $$'\\\\'", "zsh's lexer starts `$'…'` at the second `$`"],
  ['false | LANG= && echo yes', 'an assignment-only last pipeline element keeps the status before it in zsh'],
  ['ls | cd /tmp; ls', 'zsh runs the last pipeline element in its own shell'],
  ['echo a | read x; echo $x', 'the same for read'],
  ['declare - -R; echo e', 'zsh stops the line at a name it does not take'],
  ['echo a[', 'a bad pattern in zsh'],
  ['echo [a', 'a bad pattern in zsh'],
  ["')'\t[${VAR}", 'a bad pattern once VAR is in place'],
  ['export a-b; echo e', 'the same'],
  ['exec -a x - rm', 'looked through `exec -a NAME`'],
  ['! ! echo a', '`! !` is a parse error'],
  ['time time echo a', 'the second `time` is a command'],
  ['echo a 10> out.txt', 'one-digit descriptors only'],
  ["'' --all", 'an empty program word'],
  ['echo ${VAR@Q}', 'a bad substitution in zsh'],
  ['echo "$~~&a"', '`$~` inside double quotes'],
  ["echo $'\\q'", 'zsh drops the backslash of an unknown escape'],
];

/** zsh's parameter flags are a "bad substitution" in bash, which stops the line: unresolved in every reading. */
const BAD_IN_BASH = ['echo ${:-a}', 'echo ${=x}', 'echo ${~x}', 'echo ${+x}', 'echo ${^x} || echo b', 'echo ${(f)x}'];

/** Everyday text both shells read alike: resolved the same way in all three readings. */
const ALIKE: string[] = [
  'git status',
  'git log --oneline HEAD~3..HEAD',
  'ls -la src',
  'npm run build && npm test',
  'grep -rn "TODO" src | head -20',
  "echo 'a  b' c",
  "printf '%s\\n' a b",
  "echo $'a\\tb\\n'",
  'find . -name "*.ts" -exec wc -l {} \\;',
  'cd src && ls',
  '[ -f package.json ] && echo yes',
  '[ 1 -eq 2 ] || echo no',
  'echo ~/x ~',
  'cat a.txt > out.txt 2>&1',
  'echo {a}',
  'echo {}',
  'echo }a',
  'time ls',
  'A=1 B=2 env',
  'mkdir -p build/out && cp a.txt build/out/',
  'ls | wc -l',
  'echo a >| f',
  'echo a 2>&1',
  'ls 2>/dev/null',
  'exec ls',
  'echo "="ls',
  'echo 1=x',
  'echo {a} 2>f',
  'echo ${a:-,}',
  'git log | head -5 && ls',
  'echo "$$"',
  'export CI=1; echo e',
  'typeset -x A=1',
];

/** Text that stays resolved in zsh and any, with a word bash knows but zsh may expand: that word is opaque. */
const OPAQUE_IN_ZSH: Array<[string, number]> = [
  ["echo ''~", 1],
  ["echo ''~/a", 1],
  ['echo ~""', 1],
  ["echo ~'/x'", 1],
];

describe('the zsh and any readings', function () {
  describe('text zsh runs differently from bash is unresolved (shell-difference) in zsh and any', function () {
    for (const [command, why] of DIFFERS) {
      it(`${JSON.stringify(command)} (${why})`, function () {
        for (const shell of ['zsh', 'any'] as const) {
          const reading = read(command, shell);
          assert.ok(!reading.resolved, `${shell}: resolved as ${JSON.stringify(argvs(reading))}`);
          assert.ok(reading.mechanisms.includes('shell-difference'), `${shell}: ${reading.mechanisms.join(', ')}: ${reading.detail}`);
        }
      });
    }
  });

  it('a reserved word before a final line continuation, and the word after `>&-`, are unresolved in every reading', function () {
    for (const command of ['s;}\\\n', 'echo a; fi\\\n', 'echo a 2>&-x', 'sort 2>&--o/etc/passwd', 'echo a > 1>&2']) {
      for (const shell of ['bash', 'zsh', 'any'] as const) assert.ok(!read(command, shell).resolved, `${shell}: ${JSON.stringify(command)}`);
    }
  });

  it('zsh parameter flags are unresolved in every reading (bash stops the line at them)', function () {
    for (const command of BAD_IN_BASH) {
      for (const shell of ['bash', 'zsh', 'any'] as const) assert.ok(!read(command, shell).resolved, `${shell}: ${command}`);
    }
  });

  describe('everyday text reads the same in bash, zsh and any', function () {
    for (const command of ALIKE) {
      it(JSON.stringify(command), function () {
        const bash = argvs(read(command, 'bash'));
        assert.notEqual(typeof bash, 'string', `bash: ${String(bash)}`);
        assert.deepEqual(argvs(read(command, 'zsh')), bash);
        assert.deepEqual(argvs(read(command, 'any')), bash);
      });
    }
  });

  describe('a word zsh may expand where bash does not is opaque in zsh and any', function () {
    for (const [command, index] of OPAQUE_IN_ZSH) {
      it(JSON.stringify(command), function () {
        const bash = read(command, 'bash');
        assert.ok(bash.resolved && bash.segments[0]!.argv[index]!.kind === 'literal', 'bash reads it as literal text');
        for (const shell of ['zsh', 'any'] as const) {
          const reading = read(command, shell);
          assert.ok(reading.resolved, shell);
          assert.equal(reading.segments[0]!.argv[index]!.kind, 'opaque', shell);
        }
      });
    }
  });

  it('never widens bash: a command resolved in any is resolved in bash with the same segments, and zsh reads as any', function () {
    this.timeout(120_000);
    const seed = fuzzSeed();
    const commands = [...loadCorpus().map((c) => c.command), ...generateCommands(seed, 5000)];
    let resolvedInAny = 0;
    for (const command of commands) {
      const any = read(command, 'any');
      assert.deepEqual(read(command, 'zsh'), any, `zsh and any differ on ${JSON.stringify(command)}`);
      if (!any.resolved) continue;
      resolvedInAny++;
      const bash = read(command, 'bash');
      assert.ok(bash.resolved, `resolved in any, not in bash: ${JSON.stringify(command)} (seed ${seed})`);
      // A word may be opaque in any where bash knows it (zsh may expand it); a literal is the same literal.
      const anyArgv = argvs(any) as Array<Array<string | null>>;
      const bashArgv = argvs(bash) as Array<Array<string | null>>;
      const narrowed = anyArgv.map((argv, i) => argv.map((word, k) => (word === null ? null : bashArgv[i]![k])));
      assert.deepEqual(anyArgv, narrowed, `${JSON.stringify(command)} (seed ${seed})`);
      assert.deepEqual(anyArgv.map((argv) => argv.length), bashArgv.map((argv) => argv.length), `${JSON.stringify(command)} (seed ${seed})`);
      assert.deepEqual(any.segments.map((s) => [s.connector, s.negated, s.redirects.length, s.assignments.length]), bash.segments.map((s) => [s.connector, s.negated, s.redirects.length, s.assignments.length]));
    }
    assert.ok(resolvedInAny > commands.length / 5, `only ${resolvedInAny} of ${commands.length} resolved in any`);
  });
});
