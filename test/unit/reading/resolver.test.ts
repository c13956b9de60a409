/**
 * Table tests of the resolver (D§4.2), independent of bash: every expectation is what bash's
 * manual says bash does with the text (quote removal, `$'…'` decoding, tilde expansion, reserved
 * words, redirections, assignments), or the mechanism that must make the command unresolved.
 * The bash differential test checks the same contract against a real bash; this file pins the
 * shape (connectors, negation, redirects, assignments) and the refusals by name.
 */
import { strict as assert } from 'node:assert';

import { resolve } from '../../../src/gate/reading/resolver';
import { MAX_COMMAND_LENGTH, MAX_SEGMENTS, type Connector, type Mechanism, type Redirect, type Resolution, type Segment } from '../../../src/gate/reading/resolution';
import { Prng } from '../../support/commandGenerator';

const HOME = '/home/gate';

/** What a resolved segment must look like; `null` in argv or a value marks an opaque word. */
interface ExpectedSegment {
  argv: Array<string | null>;
  connector?: Connector | null;
  negated?: boolean;
  timed?: boolean;
  redirects?: Array<{ fd: number | null; op: Redirect['op']; target: string | null }>;
  assignments?: Array<{ name: string; value: string | null; append?: boolean }>;
}

interface ResolvedCase {
  command: string;
  segments: ExpectedSegment[];
  why?: string;
}

function run(command: string): Resolution {
  return resolve(command, { home: HOME, shell: 'bash' });
}

function shape(segment: Segment): Required<ExpectedSegment> {
  return {
    argv: segment.argv.map((word) => (word.kind === 'literal' ? word.value : null)),
    connector: segment.connector,
    negated: segment.negated,
    timed: segment.timed,
    redirects: segment.redirects.map((r) => ({ fd: r.fd, op: r.op, target: r.target.kind === 'literal' ? r.target.value : null })),
    assignments: segment.assignments.map((a) => ({ name: a.name, value: a.value.kind === 'literal' ? a.value.value : null, append: a.append })),
  };
}

function expectedShape(expected: ExpectedSegment, isLast: boolean): Required<ExpectedSegment> {
  return {
    argv: expected.argv,
    connector: expected.connector === undefined ? (isLast ? null : ';') : expected.connector,
    negated: expected.negated ?? false,
    timed: expected.timed ?? false,
    redirects: expected.redirects ?? [],
    assignments: (expected.assignments ?? []).map((a) => ({ ...a, append: a.append ?? false })),
  };
}

function assertResolved(testCase: ResolvedCase): void {
  const resolution = run(testCase.command);
  assert.ok(resolution.resolved, `${JSON.stringify(testCase.command)} should resolve, got ${JSON.stringify(resolution)}`);
  assert.deepEqual(
    resolution.segments.map(shape),
    testCase.segments.map((segment, i) => expectedShape(segment, i === testCase.segments.length - 1)),
    `${JSON.stringify(testCase.command)}${testCase.why ? ` (${testCase.why})` : ''}`,
  );
}

function assertUnresolved(command: string, mechanism: Mechanism | null): void {
  let resolution: Resolution;
  assert.doesNotThrow(() => {
    resolution = run(command);
  }, `resolve threw on ${JSON.stringify(command)}`);
  assert.equal(resolution!.resolved, false, `${JSON.stringify(command)} must not resolve, got ${JSON.stringify(resolution!)}`);
  if (!resolution!.resolved && mechanism !== null) {
    assert.ok(
      resolution!.mechanisms.includes(mechanism),
      `${JSON.stringify(command)}: expected mechanism ${mechanism}, got ${JSON.stringify(resolution!.mechanisms)}`,
    );
  }
}

const plain = (...argv: Array<string | null>): ExpectedSegment[] => [{ argv }];

describe('ordinary uses of name-taking builtins and expansions stay resolved', () => {
  for (const command of [
    'echo "${x:-a}" "${x:1}" "${x:0:2}" "${#x}" "${x#a}" "${x@Q}" "${!}"',
    '[ "$a" = "$b" ]',
    '[ -n "$x" ] && test -f "$f"',
    "printf '%s\\n' \"$x\"",
    'printf -v out %s "$x"',
    'read -r line',
    'declare FOO="$x"',
    'export PATH="$PATH:/opt/bin"',
    'local n=1',
    'unset FOO BAR',
    "trap 'rm -f /tmp/x' EXIT",
    'mapfile -t lines',
    // alias without a word holding `=` only prints (bash 5.2 defines nothing then).
    'alias',
    'alias -p',
    'alias ll gs',
    'command alias -p',
    'alias | grep git',
  ]) {
    it(command, () => assert.ok(run(command).resolved, JSON.stringify(run(command))));
  }
});

describe('resolver', function () {
  describe('words: quoting, escapes and splicing', function () {
    const cases: ResolvedCase[] = [
      { command: 'echo hello world', segments: plain('echo', 'hello', 'world') },
      { command: "echo 'a b' \"c d\" e\\ f", segments: plain('echo', 'a b', 'c d', 'e f') },
      { command: "echo '' \"\" x", segments: plain('echo', '', '', 'x'), why: 'empty quotes are empty arguments' },
      { command: "echo 'it'\\''s'", segments: plain('echo', "it's") },
      { command: 'echo "a\\"b" "a\\\\b" "a\\nb" "\\$x" "\\`"', segments: plain('echo', 'a"b', 'a\\b', 'a\\nb', '$x', '`'), why: 'inside double quotes a backslash escapes only $ ` " \\ and newline' },
      { command: "echo \"a'b\" 'a\"b'", segments: plain('echo', "a'b", 'a"b') },
      { command: "echo 'a\\' \"a\\\\\"", segments: plain('echo', 'a\\', 'a\\') },
      { command: 'echo \\a\\b', segments: plain('echo', 'ab'), why: 'outside quotes a backslash keeps the next character and disappears' },
      { command: 'echo a\\;b a\\|b a\\&b a\\>b', segments: plain('echo', 'a;b', 'a|b', 'a&b', 'a>b') },
      { command: 'echo a\\ #b', segments: plain('echo', 'a #b'), why: '# inside a word does not start a comment' },
      { command: 'echo a#b', segments: plain('echo', 'a#b') },
      { command: "echo 'a;b' \"a|b\" 'a&&b'", segments: plain('echo', 'a;b', 'a|b', 'a&&b') },
      { command: 'r\\m -rf x', segments: plain('rm', '-rf', 'x') },
      { command: "r''m -rf x", segments: plain('rm', '-rf', 'x') },
      { command: 'r""m -rf x', segments: plain('rm', '-rf', 'x') },
      { command: "'r'm -rf x", segments: plain('rm', '-rf', 'x') },
      { command: "\"r\"'m' -rf x", segments: plain('rm', '-rf', 'x') },
      { command: '\\r\\m -rf x', segments: plain('rm', '-rf', 'x') },
      { command: "ec'h'o a'b'c", segments: plain('echo', 'abc') },
      { command: 'echo "a"\'b\'$\'c\'', segments: plain('echo', 'abc') },
      { command: 'echo é 日本語 ｒｍ', segments: plain('echo', 'é', '日本語', 'ｒｍ'), why: 'visible non-ASCII text is ordinary' },
      { command: 'ｒｍ -rf x', segments: plain('ｒｍ', '-rf', 'x'), why: 'bash runs the fullwidth name as written; NFKC is for detection only' },
      { command: 'echo\ta\t\tb', segments: plain('echo', 'a', 'b'), why: 'tab is a blank' },
      { command: 'echo "tab\tinside"', segments: plain('echo', 'tab\tinside') },
      { command: 'echo $ "$" a$ "a$"', segments: plain('echo', '$', '$', 'a$', 'a$'), why: 'a $ that starts no expansion is literal' },
      { command: "echo '$VAR' \\$VAR \"\\$VAR\"", segments: plain('echo', '$VAR', '$VAR', '$VAR') },
      { command: "echo '$(ls)' '`ls`'", segments: plain('echo', '$(ls)', '`ls`') },
      { command: "'A=1' env", segments: plain('A=1', 'env'), why: 'a quoted assignment is a word, here the program' },
      { command: 'A\\=1 env', segments: plain('A=1', 'env') },
      { command: '1A=x env', segments: plain('1A=x', 'env'), why: '1A is not a valid name, so this is not an assignment' },
      { command: 'env A=1 ls', segments: plain('env', 'A=1', 'ls'), why: 'after the program word, NAME=v is an argument' },
    ];
    for (const testCase of cases) it(testCase.command, () => assertResolved(testCase));
  });

  describe("$'…' (ANSI-C quoting)", function () {
    const cases: ResolvedCase[] = [
      { command: "echo $'a\\nb'", segments: plain('echo', 'a\nb') },
      { command: "echo $'\\t'", segments: plain('echo', '\t') },
      { command: "echo $'\\x41' $'\\x41\\x42' $'\\x41g'", segments: plain('echo', 'A', 'AB', 'Ag'), why: '\\xHH takes one or two hex digits' },
      { command: "echo $'\\101' $'\\1234'", segments: plain('echo', 'A', 'S4'), why: '\\nnn takes one to three octal digits' },
      { command: "echo $'a\\'b' $'a\\\\b' $'a\\\"b' $'\\?'", segments: plain('echo', "a'b", 'a\\b', 'a"b', '?') },
      { command: "echo $'' $'a'", segments: plain('echo', '', 'a') },
      { command: "e$'\\x63'ho hi", segments: plain('echo', 'hi') },
      { command: "$'\\x72'm -rf x", segments: plain('rm', '-rf', 'x') },
      { command: "echo $'$VAR' $'`ls`' $'$(ls)'", segments: plain('echo', '$VAR', '`ls`', '$(ls)'), why: 'no expansion inside $\'…\'' },
    ];
    for (const testCase of cases) it(testCase.command, () => assertResolved(testCase));

    // A locale-dependent or control-producing escape may be refused; if it is read, it must be
    // read as bash does in a UTF-8 locale.
    const exactOrRefused: Array<[string, string[]]> = [
      ["echo $'\\u00e9' $'\\U0001F600'", ['echo', 'é', '😀']],
      ["echo $'\\e' $'\\E'", ['echo', '\x1b', '\x1b']],
      ["echo $'\\cA' $'\\ca' $'\\c?'", ['echo', '\x01', '\x01', '\x7f']],
      ["echo $'a\\0b'", ['echo', 'a']],
      ["echo $'\\x' $'\\8' $'\\q'", ['echo', '\\x', '\\8', '\\q']],
      ["echo $'\\x{41}' $'\\u{41}'", ['echo', 'A', '\\u{41}']],
    ];
    for (const [command, argv] of exactOrRefused) {
      it(`${command} is read exactly or refused`, function () {
        const resolution = run(command);
        if (resolution.resolved) assert.deepEqual(resolution.segments.map((s) => shape(s).argv), [argv]);
      });
    }

    it("refuses $'…' that produces bytes that are not UTF-8 (\\xff, \\377): a JS string cannot say what bash passes", function () {
      for (const command of ["echo $'\\xff'", "echo $'\\377'", "echo a$'\\x80'b", "echo $'\\777'"]) assertUnresolved(command, null);
    });

    it("refuses an unterminated $'…'", function () {
      assertUnresolved("echo $'abc", 'unbalanced-quote');
    });
  });

  describe('tildes', function () {
    const cases: ResolvedCase[] = [
      { command: 'echo ~', segments: plain('echo', HOME) },
      { command: 'echo ~/x ~/', segments: plain('echo', `${HOME}/x`, `${HOME}/`) },
      { command: 'echo a ~', segments: plain('echo', 'a', HOME) },
      { command: "echo \"~\" '~' \\~", segments: plain('echo', '~', '~', '~'), why: 'a quoted tilde is not expanded' },
      { command: 'echo x~ a/~ :~', segments: plain('echo', 'x~', 'a/~', ':~'), why: 'only a leading tilde expands in an argument' },
      { command: 'echo --opt=~/x', segments: plain('echo', '--opt=~/x'), why: '--opt is not a valid name, so no assignment-style expansion' },
      { command: 'ls ~/"a b"', segments: plain('ls', `${HOME}/a b`) },
      { command: 'A=~/x env', segments: [{ argv: ['env'], assignments: [{ name: 'A', value: `${HOME}/x` }] }], why: 'assignments expand a tilde after =' },
      { command: 'A=x:~/y env', segments: [{ argv: ['env'], assignments: [{ name: 'A', value: `x:${HOME}/y` }] }], why: 'and after each : in an assignment' },
      { command: 'A="~/x" env', segments: [{ argv: ['env'], assignments: [{ name: 'A', value: '~/x' }] }] },
    ];
    for (const testCase of cases) it(testCase.command, () => assertResolved(testCase));

    it('treats ~user, ~+ and ~- as opaque (or refuses them): their value is not the home folder', function () {
      for (const [command, word] of [
        ['echo ~root', 1],
        ['echo ~root/x', 1],
        ['echo ~+', 1],
        ['echo ~-', 1],
        ['echo ~x/y', 1],
      ] as const) {
        const resolution = run(command);
        if (resolution.resolved) assert.equal(shape(resolution.segments[0]!).argv[word], null, command);
      }
    });

    it('does not read a NAME=~ argument as a literal "~": bash expands it (echo a=~/x prints a=/home/…)', function () {
      for (const [command, expanded] of [
        ['echo a=~/x', `a=${HOME}/x`],
        ['make PREFIX=~/x', `PREFIX=${HOME}/x`],
        ['export A=~/x', `A=${HOME}/x`],
      ] as const) {
        const resolution = run(command);
        if (resolution.resolved) {
          const word = shape(resolution.segments[0]!).argv[1];
          assert.ok(word === expanded || word === null, `${command}: got ${JSON.stringify(word)}, bash passes ${expanded}`);
        }
      }
    });

    it('ends a leading tilde-prefix at a colon in bash (bash 5: `-v ~:/h` passes the home folder); a line zsh may run keeps it opaque', function () {
      const bash = run('docker run -v ~:/h img');
      assert.ok(bash.resolved);
      assert.equal(shape(bash.segments[0]!).argv[3], `${HOME}:/h`);
      for (const shell of ['any', 'zsh'] as const) {
        const other = resolve('docker run -v ~:/h img', { home: HOME, shell });
        assert.ok(other.resolved);
        const word = other.segments[0]!.argv[3]!;
        assert.equal(word.kind, 'opaque', shell);
        if (word.kind === 'opaque') assert.deepEqual(word.expansions, [shell === 'zsh' ? 'tilde-user' : 'tilde'], shell);
      }
    });

    it('does not use the home folder for ~ once the command line has changed HOME', function () {
      for (const command of ['HOME=/tmp; echo ~', 'HOME=/tmp\necho ~/x', 'HOME=; ls ~', 'export HOME=/tmp; echo ~']) {
        const resolution = run(command);
        if (resolution.resolved) {
          const last = resolution.segments[resolution.segments.length - 1]!;
          const tildeWord = shape(last).argv[1];
          assert.ok(tildeWord !== undefined && (tildeWord === null || !tildeWord.startsWith(HOME)), `${JSON.stringify(command)}: ~ read as ${JSON.stringify(tildeWord)}`);
        }
      }
    });
  });

  describe('opaque words: parameters, globs, braces', function () {
    const cases: ResolvedCase[] = [
      { command: 'echo $VAR "$VAR" ${VAR} "${VAR}"', segments: plain('echo', null, null, null, null) },
      { command: 'echo $1 $@ "$@" $# $? $$', segments: plain('echo', null, null, null, null, null, null) },
      { command: 'echo a$VAR', segments: plain('echo', null) },
      { command: 'ls *.txt', segments: plain('ls', null) },
      { command: "ls '*.txt' \"*\" \\*", segments: plain('ls', '*.txt', '*', '*'), why: 'quoted glob characters are literal' },
      { command: 'ls a? [ab].txt', segments: plain('ls', null, null) },
      {
        command: 'echo {a,b} x{a,b}y {1..3} {a,{b,c}} A={x,y}',
        segments: plain('echo', 'a', 'b', 'xay', 'xby', null, null, null),
        why: 'a plain brace word is the words it makes (reading/braces.ts); a sequence, a nested group and an assignment-like word stay opaque',
      },
      { command: 'cp x.txt{,.bak}', segments: plain('cp', 'x.txt', 'x.txt.bak'), why: 'the row counts two operands, as cp gets them' },
      { command: 'rm -rf {a,b}*', segments: plain('rm', '-rf', null, null), why: 'each word a brace makes keeps its glob' },
      { command: "echo \\{a,b} '{a,b}'", segments: plain('echo', '{a,b}', '{a,b}') },
    ];
    for (const testCase of cases) it(testCase.command, () => assertResolved(testCase));

    it('refuses a program word that is not literal', function () {
      for (const command of ['$CMD a', '"$CMD" a', '*.sh', '{echo,a}', '~root/x', '$(echo ls)']) {
        assertUnresolved(command, command.startsWith('$(') ? 'substitution' : 'opaque-program');
      }
    });
  });

  describe('assignments', function () {
    const cases: ResolvedCase[] = [
      { command: 'A=1 env', segments: [{ argv: ['env'], assignments: [{ name: 'A', value: '1' }] }] },
      { command: 'A=1 B=2 env', segments: [{ argv: ['env'], assignments: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] }] },
      { command: 'A+=x env', segments: [{ argv: ['env'], assignments: [{ name: 'A', value: 'x', append: true }] }] },
      { command: 'A= env', segments: [{ argv: ['env'], assignments: [{ name: 'A', value: '' }] }] },
      { command: "A='x y' env", segments: [{ argv: ['env'], assignments: [{ name: 'A', value: 'x y' }] }] },
      { command: 'A=$VAR env', segments: [{ argv: ['env'], assignments: [{ name: 'A', value: null }] }] },
      { command: 'A=1', segments: [{ argv: [], assignments: [{ name: 'A', value: '1' }] }], why: 'an assignment alone runs no program' },
      { command: 'A=1 B=2', segments: [{ argv: [], assignments: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] }] },
      { command: "A=1 'B=2' env", segments: [{ argv: ['B=2', 'env'], assignments: [{ name: 'A', value: '1' }] }] },
      { command: 'a=b=c env', segments: [{ argv: ['env'], assignments: [{ name: 'a', value: 'b=c' }] }] },
      { command: 'GIT_PAGER=cat git log', segments: [{ argv: ['git', 'log'], assignments: [{ name: 'GIT_PAGER', value: 'cat' }] }] },
      {
        command: `${'a'.repeat(300)}=1 rm x`,
        segments: [{ argv: ['rm', 'x'], assignments: [{ name: 'a'.repeat(300), value: '1' }] }],
        why: 'bash sets no limit on the length of a name (it was read as the program `aaa…=1`)',
      },
    ];
    for (const testCase of cases) it(testCase.command, () => assertResolved(testCase));

    it('refuses array assignments', function () {
      for (const command of ['a=(1 2)', 'a=(1 2) env', 'a=() ls']) assertUnresolved(command, 'array-assignment');
    });
  });

  // Where an assignment may stand, bash reads `NAME[` up to its matching `]` as one piece, and
  // `NAME[…]=v` evaluates the subscript (`a[ x ]=1` with x='b[$(id)]' runs id). Checked in bash 5.2.
  describe('a word starting NAME[ before the program word', function () {
    it('is refused, wherever bash may read a subscript', function () {
      const commands = [
        'a[ x ]=1', 'a[x]=1', 'a[ x ]+=1', 'a[ x ]', 'a[x]', 'a[ x', 'a[; echo hi; ]', '_[ x ]=1', 'ab_9[ x ]=1',
        'time[ x ]=1', 'if[ x ]=1', `${'a'.repeat(300)}[ x ]=1`,
        'A=1 a[ x ]=1', 'A=$x a[ x ]', '>/dev/null a[ x ]=1', '2>&1 a[ x ]', 'A=1 2>/dev/null B=2 a[ x ]',
        'time a[ x ]=1', 'time -p -- a[ x ]', '! a[ x ]=1', 'true | a[ x ]=1', 'true |& a[ x ]=1',
        'true && a[ x ]', 'true || a[ x ]', 'true & a[ x ]', 'true; a[ x ]', 'true\na[ x ]',
      ];
      for (const command of commands) assertUnresolved(command, 'array-assignment');
    });
    const cases: ResolvedCase[] = [
      { command: 'echo a[ x ]', segments: plain('echo', 'a[', 'x', ']'), why: 'an argument: no subscript is read' },
      { command: 'echo > a[ x ]', segments: [{ argv: ['echo', 'x', ']'], redirects: [{ fd: null, op: '>', target: 'a[' }] }], why: 'a redirect target' },
      { command: 'builtin a[ x ]=1', segments: plain('builtin', 'a[', 'x', ']=1') },
      { command: 'command a[ x ]=1', segments: plain('command', 'a[', 'x', ']=1') },
      { command: 'a"["x]=1', segments: plain('a[x]=1'), why: 'a quoted `[` opens no subscript' },
      { command: 'a\\[ x ]=1', segments: plain('a[', 'x', ']=1') },
      { command: '9[ x ]=1', segments: plain('9[', 'x', ']=1'), why: 'not a name' },
      { command: 'a+[ x ]=1', segments: plain('a+[', 'x', ']=1') },
      { command: '[ x ]', segments: plain('[', 'x', ']') },
      { command: 'echo {a[ x ]}>f', segments: [{ argv: ['echo', '{a[', 'x', ']}'], redirects: [{ fd: null, op: '>', target: 'f' }] }], why: '`]}` is no fd variable' },
    ];
    for (const testCase of cases) it(testCase.command, () => assertResolved(testCase));
    it('is refused as a declaration operand', function () {
      for (const command of ['declare a[ x ]=1', 'local a[ x ]=1', 'export a[ x ]=1']) assertUnresolved(command, 'name-evaluation');
    });
  });

  describe('connectors, negation and time', function () {
    const cases: ResolvedCase[] = [
      { command: 'echo a; echo b', segments: [{ argv: ['echo', 'a'], connector: ';' }, { argv: ['echo', 'b'] }] },
      { command: 'echo a;echo b', segments: [{ argv: ['echo', 'a'], connector: ';' }, { argv: ['echo', 'b'] }] },
      { command: 'echo a && echo b', segments: [{ argv: ['echo', 'a'], connector: '&&' }, { argv: ['echo', 'b'] }] },
      { command: 'echo a||echo b', segments: [{ argv: ['echo', 'a'], connector: '||' }, { argv: ['echo', 'b'] }] },
      { command: 'echo a | cat', segments: [{ argv: ['echo', 'a'], connector: '|' }, { argv: ['cat'] }] },
      { command: 'echo a |& cat', segments: [{ argv: ['echo', 'a'], connector: '|&' }, { argv: ['cat'] }] },
      { command: 'echo a & echo b', segments: [{ argv: ['echo', 'a'], connector: '&' }, { argv: ['echo', 'b'] }] },
      { command: 'echo a\necho b', segments: [{ argv: ['echo', 'a'], connector: '\n' }, { argv: ['echo', 'b'] }] },
      { command: 'echo a;', segments: plain('echo', 'a'), why: 'a trailing ; ends the list' },
      { command: 'echo a &', segments: [{ argv: ['echo', 'a'], connector: '&' }], why: 'a trailing & still puts the command in the background' },
      {
        command: 'echo a && echo b || echo c | cat',
        segments: [
          { argv: ['echo', 'a'], connector: '&&' },
          { argv: ['echo', 'b'], connector: '||' },
          { argv: ['echo', 'c'], connector: '|' },
          { argv: ['cat'] },
        ],
      },
      { command: 'time echo a', segments: [{ argv: ['echo', 'a'], timed: true }] },
      { command: 'time -p echo a', segments: [{ argv: ['echo', 'a'], timed: true }] },
      { command: '! echo a', segments: [{ argv: ['echo', 'a'], negated: true }] },
      { command: '! time echo a', segments: [{ argv: ['echo', 'a'], negated: true, timed: true }] },
      { command: 'time ! echo a', segments: [{ argv: ['echo', 'a'], negated: true, timed: true }] },
      {
        command: '! echo a | cat && echo b',
        segments: [
          { argv: ['echo', 'a'], connector: '|', negated: true },
          { argv: ['cat'], connector: '&&', negated: true },
          { argv: ['echo', 'b'] },
        ],
        why: '! covers the whole pipeline and nothing after &&',
      },
      { command: 'time echo a | cat', segments: [{ argv: ['echo', 'a'], connector: '|', timed: true }, { argv: ['cat'], timed: true }] },
      { command: '\\time echo a', segments: plain('time', 'echo', 'a'), why: 'a quoted reserved word is an ordinary word' },
      { command: "'!' echo a", segments: plain('!', 'echo', 'a') },
      { command: 'echo time ! -p', segments: plain('echo', 'time', '!', '-p'), why: 'reserved words only count in command position' },
      { command: 'echo if then else fi for do done in case esac { } ]]', segments: plain('echo', 'if', 'then', 'else', 'fi', 'for', 'do', 'done', 'in', 'case', 'esac', '{', '}', ']]') },
      { command: "'if' a", segments: plain('if', 'a') },
      { command: '[ -f x ]', segments: plain('[', '-f', 'x', ']'), why: '[ is the test builtin, not [[' },
      { command: 'time -- echo a', segments: [{ argv: ['echo', 'a'], timed: true }], why: 'bash 5.2 takes -- as the end of time\'s options' },
    ];
    for (const testCase of cases) it(JSON.stringify(testCase.command), () => assertResolved(testCase));

    it('refuses lists that bash itself rejects as syntax errors', function () {
      for (const command of ['echo a ; ; echo b', 'echo a && && echo b', 'echo a &; echo b', '; echo a', '&& echo a', 'echo a ||', 'echo a |', 'echo a | | cat']) {
        assertUnresolved(command, null);
      }
    });
  });

  describe('redirects', function () {
    const r = (fd: number | null, op: Redirect['op'], target: string | null) => ({ fd, op, target });
    const cases: ResolvedCase[] = [
      { command: 'echo a > out.txt', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '>', 'out.txt')] }] },
      { command: 'echo a>>out.txt', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '>>', 'out.txt')] }] },
      { command: 'cat < in.txt', segments: [{ argv: ['cat'], redirects: [r(null, '<', 'in.txt')] }] },
      { command: 'echo a 2>&1', segments: [{ argv: ['echo', 'a'], redirects: [r(2, '>&', '1')] }] },
      { command: 'echo a &> out.txt', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '&>', 'out.txt')] }] },
      { command: 'echo a &>> out.txt', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '&>>', 'out.txt')] }] },
      { command: 'echo a >| out.txt', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '>|', 'out.txt')] }] },
      { command: 'echo a <> out.txt', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '<>', 'out.txt')] }] },
      { command: 'echo a 3> f', segments: [{ argv: ['echo', 'a'], redirects: [r(3, '>', 'f')] }] },
      { command: 'echo a >&2', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '>&', '2')] }] },
      { command: 'echo a2>out.txt', segments: [{ argv: ['echo', 'a2'], redirects: [r(null, '>', 'out.txt')] }], why: 'a digit glued to a word is part of the word' },
      { command: 'echo 2 >out.txt', segments: [{ argv: ['echo', '2'], redirects: [r(null, '>', 'out.txt')] }] },
      { command: '> out.txt echo a', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '>', 'out.txt')] }], why: 'a redirect may come first' },
      { command: 'echo a > out.txt b', segments: [{ argv: ['echo', 'a', 'b'], redirects: [r(null, '>', 'out.txt')] }] },
      { command: 'echo a > "out file"', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '>', 'out file')] }] },
      { command: 'echo a > $OUT', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '>', null)] }] },
      { command: 'echo a > ~/out', segments: [{ argv: ['echo', 'a'], redirects: [r(null, '>', `${HOME}/out`)] }] },
      { command: '> out.txt', segments: [{ argv: [], redirects: [r(null, '>', 'out.txt')] }], why: 'a redirect alone runs no program' },
      {
        command: 'echo a >/dev/null 2>&1 | cat',
        segments: [{ argv: ['echo', 'a'], connector: '|', redirects: [r(null, '>', '/dev/null'), r(2, '>&', '1')] }, { argv: ['cat'] }],
      },
    ];
    for (const testCase of cases) it(testCase.command, () => assertResolved(testCase));

    it('refuses heredocs, here-strings, process substitution and fd variables', function () {
      assertUnresolved('cat <<EOF\nhi\nEOF', 'heredoc');
      assertUnresolved("cat <<-'EOF'\n\thi\n\tEOF", 'heredoc');
      assertUnresolved('cat <<< word', 'here-string');
      assertUnresolved('cat <(ls)', 'process-substitution');
      assertUnresolved('echo a > >(cat)', 'process-substitution');
      assertUnresolved('exec {fd}>f', 'fd-variable');
      // bash also takes an array element, and evaluates its subscript (x='b[$(id)]' runs id).
      for (const command of ['echo hi {a[x]}>/dev/null', 'echo {a[1]}<in.txt', '{a["k"]}>f echo']) assertUnresolved(command, 'fd-variable');
    });

    it('refuses a redirect without a target', function () {
      for (const command of ['echo a >', 'echo a 2>', 'echo a > ;']) assertUnresolved(command, null);
    });
  });

  describe('mechanisms that make a command unresolved (D§4.2)', function () {
    const table: Array<[string, Mechanism]> = [
      ['echo $(ls)', 'substitution'],
      ['echo "$(ls)"', 'substitution'],
      ['echo `ls`', 'substitution'],
      ['echo "`ls`"', 'substitution'],
      ['A=$(ls) env', 'substitution'],
      ['echo a > $(echo f)', 'substitution'],
      ['cat <(ls)', 'process-substitution'],
      ['echo $((1+2))', 'arithmetic'],
      ['((x=1))', 'arithmetic'],
      ['echo $[1+2]', 'arithmetic'],
      ['eval echo a', 'eval'],
      ['source ./x', 'eval'],
      ['. ./x', 'eval'],
      ['\\eval echo a', 'eval'],
      ["'eval' echo a", 'eval'],
      ['e\\val echo a', 'eval'],
      ['builtin eval echo a', 'eval'],
      ['command eval echo a', 'eval'],
      ['builtin source ./x', 'eval'],
      ['command . ./x', 'eval'],
      // alias defines with any word holding `=` (or one that may: only known at run time).
      ['alias ll=ls', 'eval'],
      ["alias ll='rm -rf'", 'eval'],
      ['alias -p ll=ls', 'eval'],
      ['alias -- x=y', 'eval'],
      ['alias x =y', 'eval'],
      ['alias "$X"', 'eval'],
      ['alias ll *', 'eval'],
      ['command alias x=y', 'eval'],
      ['alias ll; alias x=y', 'eval'],
      ['$CMD a', 'opaque-program'],
      // A command word starting with % is a job: bash runs fg (bg with &) on it, quoted or not.
      ['%', 'job-control'],
      ['%1', 'job-control'],
      ['"%"', 'job-control'],
      ["'%git'", 'job-control'],
      ['\\%1', 'job-control'],
      ['x=1 %', 'job-control'],
      ['echo a; %', 'job-control'],
      ['% &', 'job-control'],
      ['command %', 'job-control'],
      ['command -p %1', 'job-control'],
      // Values that become code (the probe test finds the set; these are its shapes).
      ['echo "${!x}"', 'indirect-expansion'],
      ['echo ${!p*}', 'indirect-expansion'],
      ['echo "${y@P}"', 'prompt-expansion'],
      ['echo "${x:i}"', 'arithmetic'],
      ['echo ${x:0:n}', 'arithmetic'],
      ['let "$x"', 'arithmetic'],
      ['let i++', 'arithmetic'],
      ['test -v "$x"', 'name-evaluation'],
      ['[ -v "$x" ]', 'name-evaluation'],
      ['test "$op" "$x"', 'name-evaluation'],
      ['printf -v "$x" %s 1', 'name-evaluation'],
      ["printf -v 'a[$(id)]' %s 1", 'name-evaluation'],
      ['printf "$fmt" "$x"', 'name-evaluation'],
      ['read "$x"', 'name-evaluation'],
      ['read -r a "$x"', 'name-evaluation'],
      ['declare "$x=1"', 'name-evaluation'],
      ['typeset "$x"=1', 'name-evaluation'],
      ['declare -i n="$x"', 'name-evaluation'],
      ['declare -n r="$x"', 'name-evaluation'],
      ["declare 'a[$(id)]=1'", 'name-evaluation'],
      ['unset "$x"', 'name-evaluation'],
      ['command unset -v "$x"', 'name-evaluation'],
      ['trap "$x" EXIT', 'eval'],
      ['mapfile -C cb arr', 'eval'],
      ['compgen -C "$x"', 'eval'],
      ['compgen -W "$x"', 'eval'],
      ['fc -s', 'eval'],
      ['fc -e - ls', 'eval'],
      ['bind -x \'"\\C-t": id\'', 'eval'],
      ['(echo a)', 'subshell'],
      ['echo a; (echo b)', 'subshell'],
      ['{ echo a; }', 'group'],
      ['if true; then echo a; fi', 'control-flow'],
      ['for i in a b; do echo $i; done', 'control-flow'],
      ['while false; do echo a; done', 'control-flow'],
      ['until true; do echo a; done', 'control-flow'],
      ['case a in a) echo a;; esac', 'control-flow'],
      ['select x in a; do break; done', 'control-flow'],
      ['f() { echo a; }', 'function-definition'],
      ['function g { echo a; }', 'function-definition'],
      ['[[ -n x ]]', 'test-expression'],
      ['cat <<EOF\nhi\nEOF', 'heredoc'],
      ['cat <<< x', 'here-string'],
      ['coproc cat', 'coproc'],
      ['echo a !! b', 'history-expansion'],
      ['echo a # comment', 'comment'],
      ['# only a comment', 'comment'],
      ['echo a;# comment', 'comment'],
      ["echo 'unclosed", 'unbalanced-quote'],
      ['echo "unclosed', 'unbalanced-quote'],
      ['echo =(ls)', 'dialect'],
      ['a=(1 2)', 'array-assignment'],
      ['exec {fd}>f', 'fd-variable'],
    ];
    for (const [command, mechanism] of table) {
      it(`${JSON.stringify(command)} → ${mechanism}`, () => assertUnresolved(command, mechanism));
    }
  });

  describe('hidden characters', function () {
    const classes: Array<[string, string]> = [
      ['carriage return', '\r'],
      ['CRLF', '\r\n'],
      ['line separator U+2028', '\u2028'],
      ['paragraph separator U+2029', '\u2029'],
      ['next line U+0085', '\u0085'],
      ['no-break space', '\u00a0'],
      ['ideographic space', '\u3000'],
      ['en quad', '\u2000'],
      ['narrow no-break space', '\u202f'],
      ['zero-width space', '\u200b'],
      ['zero-width non-joiner', '\u200c'],
      ['zero-width joiner', '\u200d'],
      ['word joiner', '\u2060'],
      ['byte order mark', '\ufeff'],
      ['right-to-left override', '\u202e'],
      ['left-to-right embedding', '\u202a'],
      ['left-to-right isolate', '\u2066'],
      ['arabic letter mark', '\u061c'],
      ['soft hyphen', '\u00ad'],
      ['mongolian vowel separator', '\u180e'],
      ['tag character', '\u{e0041}'],
      ['control SOH', '\u0001'],
      ['escape', '\u001b'],
      ['delete', '\u007f'],
      ['backspace', '\u0008'],
      ['vertical tab', '\u000b'],
      ['form feed', '\u000c'],
      ['NUL', '\u0000'],
      ['C1 control CSI', '\u009b'],
    ];
    for (const [name, char] of classes) {
      it(`${name} anywhere makes the command unresolved`, function () {
        for (const command of [`echo a${char}b`, `${char}echo a`, `echo 'a${char}b'`, `echo "a${char}b"`, `r${char}m -rf x`, `echo a${char}`]) {
          assertUnresolved(command, 'hidden-characters');
        }
      });
    }

    it('a lone surrogate makes the command unresolved', function () {
      assertUnresolved('echo a\ud800b', 'hidden-characters');
      assertUnresolved('echo a\udc00', 'hidden-characters');
    });

    it('tab and newline are ordinary', function () {
      assertResolved({ command: 'echo\ta\nls', segments: [{ argv: ['echo', 'a'], connector: '\n' }, { argv: ['ls'] }] });
    });
  });

  describe('limits and bad input', function () {
    it(`resolves ${MAX_SEGMENTS} segments and refuses ${MAX_SEGMENTS + 1} (too-many-segments)`, function () {
      for (const joiner of [' ; ', ' | ', ' && ', '\n']) {
        const fits = run(Array(MAX_SEGMENTS).fill('true').join(joiner));
        assert.ok(fits.resolved, `${MAX_SEGMENTS} segments joined by ${JSON.stringify(joiner)} should resolve`);
        assert.equal(fits.segments.length, MAX_SEGMENTS);
        assertUnresolved(Array(MAX_SEGMENTS + 1).fill('true').join(joiner), 'too-many-segments');
      }
    });

    it(`resolves a command of exactly ${MAX_COMMAND_LENGTH} characters and refuses one more (too-long)`, function () {
      const exact = `echo ${'a'.repeat(MAX_COMMAND_LENGTH - 5)}`;
      assert.equal(exact.length, MAX_COMMAND_LENGTH);
      const fits = run(exact);
      assert.ok(fits.resolved, 'a command at the limit should resolve');
      assert.equal(fits.segments[0]!.argv[1]!.kind === 'literal' && fits.segments[0]!.argv[1]!.value.length, MAX_COMMAND_LENGTH - 5);
      assertUnresolved(`${exact}a`, 'too-long');
      assertUnresolved(`echo ${'a'.repeat(1024 * 1024)}`, 'too-long');
    });

    // Their time, at 8 and 64 KiB side by side: `npm run bench`, section 2b (bench/parts.ts).
    it('answers on long inputs that come close to the limit', function () {
      for (const body of ['a '.repeat(30_000), "'".repeat(60_000), '\\'.repeat(60_000), '$'.repeat(60_000), '"$'.repeat(30_000), '{'.repeat(60_000)]) {
        let resolution: Resolution | undefined;
        assert.doesNotThrow(() => {
          resolution = run(`echo ${body}`);
        });
        assert.ok(resolution!.resolved === true || resolution!.mechanisms.length > 0, `${JSON.stringify(body.slice(0, 6))}…: no resolution and no mechanism`);
      }
    });

    it('never throws on binary garbage (random bytes read as latin1) and always answers a valid shape', function () {
      const random = new Prng(0x5eed);
      for (let i = 0; i < 2000; i++) {
        const length = random.int(0, 300);
        const bytes = Buffer.alloc(length);
        for (let j = 0; j < length; j++) bytes[j] = random.int(0, 255);
        const command = bytes.toString('latin1');
        let resolution: Resolution | undefined;
        assert.doesNotThrow(() => {
          resolution = run(command);
        }, `threw on ${JSON.stringify(command)}`);
        assert.ok(resolution!.resolved === true || (resolution!.resolved === false && resolution!.mechanisms.length > 0), JSON.stringify(command));
      }
    });

    it('never throws on random printable shell text', function () {
      const random = new Prng(0xbad5);
      const alphabet = ` \t\n;&|<>()'"\`$\\{}[]*?~#!=-+:%,./ab01`;
      for (let i = 0; i < 3000; i++) {
        let command = '';
        const length = random.int(0, 80);
        for (let j = 0; j < length; j++) command += alphabet[random.int(0, alphabet.length - 1)];
        assert.doesNotThrow(() => run(command), `threw on ${JSON.stringify(command)}`);
      }
    });
  });
});
