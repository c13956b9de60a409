/**
 * The resolver's contract (D§4.2) in zsh, checked against a real zsh 5.9 as the agents run it
 * (Claude Code's `eval` under `NO_EXTENDED_GLOB`, Codex's `zsh -lc`): every command read with
 * `shell: 'zsh'` as resolved runs exactly the segments and argv it reports; every command read
 * with `shell: 'any'` as resolved does so in zsh AND in bash. A differential here is a security bug
 * in the resolver, never something to relax the test for.
 *
 * Inputs: the bash corpus, `test/fixtures/resolver/zsh-differential-corpus.txt` and generated
 * strings (`GATE_FUZZ_SEED` replays a run). How it works: `docs/differential-testing.md`.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Connector, ReadingShell, Segment, Word } from '../../../src/gate/reading/resolution';
import { alignExecution, mayFailToExpand, redirectSetup, showBytes, type AlignmentOptions } from '../../support/argvAlignment';
import { createBashOracle, createZshOracle, ORACLE_HOME, ZSH_RESERVED_BUILTINS, type BashOracle, type OracleRun, type RecorderMode } from '../../support/bashOracle';
import { fuzzSeed, generateCommands } from '../../support/commandGenerator';
import { checkCommands, failureText, readCorpus, report, shrinkFindings, type Tally } from '../../support/shellDifferential';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'resolver');
const GENERATED_COUNT = 5000;

/** The commands of both corpora. */
function corpus(): string[] {
  return [
    ...readCorpus(fs.readFileSync(path.join(FIXTURES, 'differential-corpus.txt'), 'utf8')),
    ...readCorpus(fs.readFileSync(path.join(FIXTURES, 'zsh-differential-corpus.txt'), 'utf8')),
  ];
}

/** Runs `commands` read as `shell` against every oracle that reading must hold in. */
async function checkReading(oracles: ReadonlyArray<BashOracle>, commands: readonly string[], shell: ReadingShell): Promise<Array<{ oracle: BashOracle; tally: Tally }>> {
  const out: Array<{ oracle: BashOracle; tally: Tally }> = [];
  for (const oracle of oracles) out.push({ oracle, tally: await checkCommands(oracle, commands, shell) });
  return out;
}

describe('zsh differential (resolver vs real zsh, and `any` vs zsh and bash)', function () {
  // The generated legs run 5,000 strings in zsh (two invocations) and in bash.
  this.timeout(600_000);
  let zsh: BashOracle;
  let bash: BashOracle;

  before(function () {
    // Throws OracleUnavailableError with the reason when the machine cannot host the sandbox.
    zsh = createZshOracle();
    bash = createBashOracle();
    console.log(`      zsh ${zsh.bashVersion} and bash ${bash.bashVersion} in chroots with their own pid and network namespaces, ${zsh.recorder} recorders`);
  });

  after(function () {
    zsh?.dispose();
    bash?.dispose();
  });

  describe('the zsh oracle itself', function () {
    const show = (run: OracleRun): string[][] => run.records.map((record) => record.map(showBytes));

    it('records builtins, PATH programs, planted programs and zsh-only forms byte for byte, in both invocations', async function () {
      for (const invocation of zsh.invocations) {
        const run = await zsh.run("echo 'a  b' c; ls -l; builtin command exec x; /bin/rm -rf /; printf '%s' $'\\xff'; =rm x; {echo b}", 'succeed', invocation);
        assert.equal(run.status, 'ok', run.stderr);
        assert.deepEqual(show(run).slice(0, 5), [['echo', 'a  b', 'c'], ['ls', '-l'], ['builtin', 'command', 'exec', 'x'], ['/bin/rm', '-rf', '/'], ['printf', '%s', '<bytes ff>']], invocation);
        assert.deepEqual(show(run).slice(5), [], `${invocation}: =rm finds no rm on PATH, so the line stops there in zsh`);
        assert.match(run.stderr, /rm not found/);
        assert.deepEqual(show(await zsh.run('{echo b}; A=/bin/rm; echo $A(:h) =/bin/rm', 'succeed', invocation)), [['echo', 'b'], ['echo', '/bin', '/bin/rm']]);
      }
    });

    it('shadows every builtin but the modifiers it keeps real; reserved typeset words run unrecorded', async function () {
      assert.ok(zsh.builtins.length >= 100, `only ${zsh.builtins.length} builtins`);
      const run = await zsh.run('export A=1; \\export B=2; noglob echo *; \\noglob echo *; eval "echo e"', 'succeed');
      assert.deepEqual(show(run), [['export', 'B=2'], ['noglob', 'echo', '*'], ['echo', '*'], ['echo', 'e']]);
    });

    it('runs the Claude Code form under eval and the Codex form as -c: an expansion error stops eval and -c alike', async function () {
      for (const invocation of zsh.invocations) {
        const run = await zsh.run('echo a; rm *.zzz; echo b; echo *.zzz; echo c', 'succeed', invocation);
        assert.deepEqual(show(run), [['echo', 'a'], ['echo', 'b']], `${invocation}: a forked program fails alone, a builtin stops the line`);
        assert.match(run.stderr, /no matches found/);
      }
    });

    it('makes every program fail in fail mode, and waits for background and disowned jobs', async function () {
      assert.deepEqual(show(await zsh.run('true && echo yes || echo no', 'fail')), [['true'], ['echo', 'no']]);
      const run = await zsh.run('(for i in 1 2 3; do echo $i; done) &! echo main & echo last', 'succeed');
      assert.deepEqual(show(run).map((argv) => argv.join(' ')).sort(), ['echo 1', 'echo 2', 'echo 3', 'echo last', 'echo main']);
    });

    it('a write through a planted program path breaks no later run (seed 515: `echo a >& ./run-me`)', async function () {
      const writes = await zsh.run('echo a >& ./run-me; echo b > /bin/ls; echo c >> /usr/bin/env', 'succeed');
      assert.equal(writes.status, 'ok', writes.stderr);
      const later = await zsh.run('./run-me x; /bin/ls y; /usr/bin/env z', 'succeed');
      assert.equal(later.status, 'ok', later.stderr);
      assert.deepEqual(show(later), [['./run-me', 'x'], ['/bin/ls', 'y'], ['/usr/bin/env', 'z']], later.stderr);
    });

    it('cannot touch the host: a path outside the sandbox neither runs nor gets written', async function () {
      const sentinel = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-zsh-oracle-sentinel-'));
      const file = path.join(sentinel, 'keep');
      fs.writeFileSync(file, 'keep');
      try {
        const run = await zsh.run(`/bin/rm -f ${file}; echo gone > ${file}; echo x >>! ${file}`, 'succeed');
        assert.equal(fs.readFileSync(file, 'utf8'), 'keep');
        assert.deepEqual(show(run)[0], ['/bin/rm', '-f', file]);
      } finally {
        fs.rmSync(sentinel, { recursive: true, force: true });
      }
    });

    it('cannot signal a host process, even with the real kill builtin', async function () {
      const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        const run = await zsh.runWithBuiltins(`kill -STOP ${sleeper.pid}`, {});
        assert.equal(run.status, 'ok');
        assert.match(run.stderr, /no such process/i);
        const state = fs.readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8').split(' ')[2];
        assert.notEqual(state, 'T', 'the host process was stopped from inside the sandbox');
      } finally {
        sleeper.kill('SIGKILL');
      }
    });

    it('expands home, variables and NULLCMD as zsh does inside the sandbox', async function () {
      assert.deepEqual(show(await zsh.run('echo ~ ~/x ~root $VAR "$EMPTY" $EMPTY', 'succeed')), [['echo', ORACLE_HOME, `${ORACLE_HOME}/x`, '/root', 'a b', '']]);
      assert.deepEqual(show(await zsh.run('NULLCMD=shutdown; >/dev/null', 'succeed')), [['shutdown']]);
    });
  });

  describe('the zsh alignment', function () {
    const bytes = (...args: string[]): Buffer[] => args.map((a) => Buffer.from(a, 'utf8'));
    const glob: Word = { kind: 'opaque', raw: '*.zzz', expansions: ['glob'] };
    const literal = (value: string): Word => ({ kind: 'literal', value, raw: value });
    /** Segments written by hand, so these checks do not depend on the resolver under test. */
    const segment = (argv: Word[], connector: Connector | null = null): Segment => ({
      argv,
      assignments: [],
      redirects: [],
      connector,
      negated: false,
      timed: false,
      raw: argv.map((w) => w.raw).join(' '),
    });
    const options: AlignmentOptions = { shell: 'zsh', builtins: ['echo', 'export'], unrecordedWords: ZSH_RESERVED_BUILTINS };
    const align = (segments: Segment[], records: Buffer[][], mode: RecorderMode = 'succeed') => alignExecution(segments, mode, records, undefined, options).ok;

    it('knows which words can fail to expand', function () {
      assert.ok(mayFailToExpand(glob));
      assert.ok(mayFailToExpand({ kind: 'opaque', raw: '~nouser', expansions: ['tilde-user'] }));
      assert.ok(mayFailToExpand({ kind: 'opaque', raw: '${x?}', expansions: ['variable'] }));
      assert.ok(!mayFailToExpand({ kind: 'opaque', raw: '$VAR', expansions: ['variable'] }));
      assert.ok(!mayFailToExpand({ kind: 'opaque', raw: '{a,b}', expansions: ['brace'] }));
      assert.ok(!mayFailToExpand(literal('a[')));
    });

    it('a builtin whose word fails to expand stops the line; a forked program fails alone', function () {
      const builtinFirst = [segment([literal('echo'), glob], ';'), segment([literal('ls')])];
      assert.ok(align(builtinFirst, [bytes('echo', 'a.txt'), bytes('ls')]), 'the glob matched');
      assert.ok(align(builtinFirst, []), 'no match: nothing after the builtin runs');
      assert.ok(!align(builtinFirst, [bytes('ls')]), 'a failed builtin expansion never lets the line go on');
      const programFirst = [segment([literal('rm'), glob], '||'), segment([literal('ls')])];
      assert.ok(align(programFirst, [bytes('ls')]), 'no match: rm alone fails, so the || branch runs');
      assert.ok(!align(programFirst, []), 'a forked program does not stop the line');
      assert.ok(!align([segment([literal('rm'), literal('x')], ';'), segment([literal('ls')])], [bytes('ls')]), 'literal words never fail');
    });

    it('a failed ~user or ${x?} stops the line even for a forked program, as zsh expands them before it forks', function () {
      const tilde: Word = { kind: 'opaque', raw: '~nouser', expansions: ['tilde-user'] };
      const segments = [segment([literal('rm'), tilde], '||'), segment([literal('ls')])];
      assert.ok(align(segments, []), 'the expansion failed: nothing runs');
      assert.ok(align(segments, [bytes('rm', '/home/nouser')]), 'it expanded');
      assert.ok(!align(segments, [bytes('ls')]), 'never rm failing alone');
      const piped = [segment([literal('rm'), tilde], '|'), segment([literal('ls')])];
      assert.ok(align(piped, [bytes('ls')]), 'a member of a pipeline but the last fails alone');
    });

    it('lets the members of a pipeline stopped by its last builtin have run or not', function () {
      const piped = [segment([literal('ls')], '|'), segment([literal('echo'), glob], ';'), segment([literal('cat')])];
      assert.ok(align(piped, []));
      assert.ok(align(piped, [bytes('ls')]));
      assert.ok(!align(piped, [bytes('ls'), bytes('cat')]));
      assert.ok(!align(piped, [bytes('cat')]));
      const background = [segment([literal('sed')], '&'), segment([literal('ls')], '|'), segment([literal('echo'), glob])];
      assert.ok(align(background, [bytes('ls'), bytes('sed')]), 'with a & the member that ran may come before the background job');
      assert.ok(align(background, [bytes('sed')]));
      assert.ok(!align(background, [bytes('ls'), bytes('ls')]));
    });

    it('a parameter in a word with ~ or = can fail before the fork ($EMPTY~root, $EMPTY=cmd)', function () {
      assert.ok(mayFailToExpand({ kind: 'opaque', raw: '$x=~root', expansions: ['variable'] }));
      assert.ok(mayFailToExpand({ kind: 'opaque', raw: '"$x"=ls', expansions: ['variable'] }));
    });

    it('expects no record from a reserved typeset word, with either status, but one from a quoted one', function () {
      const reserved = [segment([literal('export'), literal('A=1')], '&&'), segment([literal('ls')])];
      assert.ok(align(reserved, [bytes('ls')]));
      assert.ok(align(reserved, []));
      assert.ok(!align(reserved, [bytes('export', 'A=1'), bytes('ls')]));
      const quoted = [{ ...segment([{ kind: 'literal', value: 'export', raw: '\\export' }, literal('A=1')]) }];
      assert.ok(align(quoted, [bytes('export', 'A=1')]));
      assert.ok(!align(quoted, []));
    });

    it('lets an input file that no run starts with fail to open, in both shells', function () {
      const reading = (target: string): Segment => ({ ...segment([literal('cat')]), redirects: [{ fd: null, op: '<', target: literal(target), raw: `<${target}` }] });
      assert.equal(redirectSetup(reading('in.txt')), 'opens');
      assert.equal(redirectSetup(reading('/dev/null'), options), 'opens');
      assert.equal(redirectSetup(reading('1-3')), 'may-fail');
      assert.equal(redirectSetup(reading('f'), options), 'may-fail', 'an earlier segment may have written it');
    });

    it('opens the file of N>&word in zsh where bash calls it ambiguous', function () {
      const withRedirect: Segment = { ...segment([literal('echo')]), redirects: [{ fd: 2, op: '>&', target: literal('f'), raw: '2>&f' }] };
      assert.equal(redirectSetup(withRedirect, options), 'opens');
      assert.equal(redirectSetup(withRedirect), 'fails');
    });
  });

  describe('the generator', function () {
    it('covers every zsh fragment the differential needs', function () {
      const text = generateCommands(99, GENERATED_COUNT).join('\u0000');
      const fragments = [
        '=ls', 'noglob ', 'nocorrect ', '- ', 'repeat 2 ', '{a}', '{a;}', '(:h)', '(N)', '(/)', '>!', '>>!', '$=x', '${~x}', '${^VAR}', '${:-a}',
        '${(f)VAR}', '$x[1]', '"$VAR[1]"', '~""', 'for d (a) ', 'foreach', ' end', 'time -p', "$'\\M-a'", "$'\\~'", "$'\\C-a'", '&|', '&!',
        '<1-3>', '^', '#', 'a=~/x', '--opt=~/x', '[', 'a[', 'NULLCMD=', '> f', '< in.txt', 'emulate sh -c', 'zsh -c', 'builtin ', 'command ',
        'exec ', 'coproc', '|&', '{1..3}', '{a,}', '{,a}', '*(e:', '$((1/2.))', '$[1]', '${#}', '$#x', '$+x',
      ];
      for (const fragment of fragments) assert.ok(text.includes(fragment), `no generated string contains ${JSON.stringify(fragment)}`);
    });
  });

  it('agrees with zsh (zsh reading) and with zsh and bash (any reading) on both corpora', async function () {
    const commands = corpus();
    const failures: string[] = [];
    for (const [shell, oracles] of [['zsh', [zsh]], ['any', [zsh, bash]]] as const) {
      for (const { oracle, tally } of await checkReading(oracles, commands, shell)) {
        console.log(`      ${report(`corpus, ${shell} reading vs ${oracle.shell}`, tally)}`);
        if (tally.findings.length > 0) failures.push(`${shell} reading vs ${oracle.shell}: ${failureText(tally, '')}`);
      }
    }
    assert.deepEqual(failures, []);
  });

  it(`agrees on ${GENERATED_COUNT} generated strings: zsh reading vs zsh, any reading vs zsh and bash`, async function () {
    const seed = fuzzSeed();
    const commands = generateCommands(seed, GENERATED_COUNT);
    const seedNote = ` (seed ${seed}; replay with GATE_FUZZ_SEED=${seed})`;
    const failures: string[] = [];
    for (const [shell, oracles] of [['zsh', [zsh]], ['any', [zsh, bash]]] as const) {
      for (const { oracle, tally } of await checkReading(oracles, commands, shell)) {
        console.log(`      ${report(`generated, ${shell} reading vs ${oracle.shell}`, tally, seedNote)}`);
        // Not a vacuous pass: the zsh reading refuses more than bash's, but a tenth of the strings stay inside it.
        if (tally.resolved * 10 < commands.length) failures.push(`${shell} reading: only ${tally.resolved} of ${commands.length} generated strings resolved${seedNote}`);
        if (tally.findings.length === 0) continue;
        const shrunk = await shrinkFindings(oracle, tally.findings, shell);
        failures.push(`${shell} reading vs ${oracle.shell}: ${failureText(tally, seedNote)}${shrunk.length > 0 ? `\nshrunk, as corpus lines:\n${shrunk.join('\n')}` : ''}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});
