/**
 * The resolver's contract (D§4.2), checked against a real bash: for every command the resolver
 * reports as resolved, the literal argv of each segment is exactly what bash executes, and the
 * segments bash runs are the ones the connectors and `!` say it runs. A differential here is a
 * security bug in the resolver, never something to relax the test for.
 *
 * Inputs: the hand-written corpus `test/fixtures/resolver/differential-corpus.txt` and generated
 * strings (`GATE_FUZZ_SEED` replays a run; the seed is printed). The `any` reading is held to bash
 * (and zsh) in zshDifferential.test.ts; the comparison loop is test/support/shellDifferential.ts. How the oracle and the comparison
 * work: `docs/differential-testing.md`.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { resolve } from '../../../src/gate/reading/resolver';
import type { Connector, Segment, Word } from '../../../src/gate/reading/resolution';
import { alignExecution, expectedExecution, redirectSetup, showBytes, wordsMatch, type ProgramPathKind } from '../../support/argvAlignment';
import { createBashOracle, ORACLE_HOME, type BashOracle, type OracleRun, type RecorderMode } from '../../support/bashOracle';
import { fuzzSeed, generateCommands } from '../../support/commandGenerator';
import { checkCommands, failureText, readCorpus, report, shrinkFindings } from '../../support/shellDifferential';

const CORPUS_PATH = path.join(__dirname, '..', '..', 'fixtures', 'resolver', 'differential-corpus.txt');
const GENERATED_COUNT = 5000;

describe('bash differential (resolver vs real bash)', function () {
  // Well under a minute on an idle 2-core machine; the margin is for machines shared with other work.
  this.timeout(240_000);
  let oracle: BashOracle;

  before(function () {
    // Throws OracleUnavailableError with the reason when the machine cannot host the sandbox:
    // the suite then fails, it never passes without having compared anything.
    oracle = createBashOracle();
    console.log(`      bash ${oracle.bashVersion} in a chroot with its own pid and network namespaces, ${oracle.recorder} recorders`);
  });

  after(function () {
    oracle?.dispose();
  });

  describe('the oracle itself', function () {
    const show = (run: OracleRun): string[][] => run.records.map((record) => record.map(showBytes));

    it('records builtins, PATH programs and planted absolute programs byte for byte', async function () {
      const run = await oracle.run("echo 'a  b' c; ls -l; builtin command exec x; /bin/rm -rf /; printf '%s' $'\\xff'", 'succeed');
      assert.equal(run.status, 'ok', run.stderr);
      assert.deepEqual(show(run), [['echo', 'a  b', 'c'], ['ls', '-l'], ['builtin', 'command', 'exec', 'x'], ['/bin/rm', '-rf', '/'], ['printf', '%s', '<bytes ff>']]);
    });

    it('records what each command read on its standard input', async function () {
      const run = await oracle.run("cat <<'EOF'\nrm -rf /tmp/x\nEOF\ngrep -c rm <<< 'a b'; /bin/ls < in.txt; echo none", 'succeed');
      assert.equal(run.status, 'ok', run.stderr);
      assert.deepEqual(show(run), [['cat'], ['grep', '-c', 'rm'], ['/bin/ls'], ['echo', 'none']]);
      assert.deepEqual(run.stdins.map((input) => input.toString('utf8')), ['rm -rf /tmp/x\n', 'a b\n', 'in.txt\n', '']);
    });

    it('knows which program paths hold a recorder', function () {
      assert.equal(oracle.programPathKind('/bin/rm'), 'recorder');
      assert.equal(oracle.programPathKind('/bin//rm'), 'recorder');
      assert.equal(oracle.programPathKind('./run-me'), 'recorder');
      assert.equal(oracle.programPathKind(`${ORACLE_HOME}/x`), 'recorder');
      assert.equal(oracle.programPathKind('/usr/bin/nonexistent'), 'absent');
      assert.equal(oracle.programPathKind('src/tool'), 'absent');
      assert.equal(oracle.programPathKind('../../../../bin/rm'), 'recorder', '.. stays inside the sandbox');
      assert.equal(oracle.programPathKind('/.oracle/bash'), 'other');
    });

    it('makes every program fail in fail mode, so || branches run', async function () {
      const succeed = await oracle.run('true && echo yes || echo no', 'succeed');
      const fail = await oracle.run('true && echo yes || echo no', 'fail');
      assert.deepEqual(show(succeed), [['true'], ['echo', 'yes']]);
      assert.deepEqual(show(fail), [['true'], ['echo', 'no']]);
    });

    it('waits for background jobs before bash (PID 1 of the run) exits', async function () {
      const run = await oracle.run('(for i in 1 2 3 4 5 6 7 8 9 10; do echo $i; done) & echo main', 'succeed');
      assert.equal(run.status, 'ok');
      assert.deepEqual(show(run).map((argv) => argv.join(' ')).sort(), ['echo 1', 'echo 10', 'echo 2', 'echo 3', 'echo 4', 'echo 5', 'echo 6', 'echo 7', 'echo 8', 'echo 9', 'echo main']);
    });

    it('expands home and variables as bash does inside the sandbox', async function () {
      const run = await oracle.run('echo ~ ~/x ~root $VAR "$EMPTY"', 'succeed');
      assert.deepEqual(show(run), [['echo', ORACLE_HOME, `${ORACLE_HOME}/x`, '/root', 'a', 'b', '']]);
    });

    it('cannot touch the host: a path outside the sandbox neither runs nor gets written', async function () {
      const sentinel = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-oracle-sentinel-'));
      const file = path.join(sentinel, 'keep');
      fs.writeFileSync(file, 'keep');
      try {
        const run = await oracle.run(`/bin/rm -f ${file}; echo gone > ${file}; echo x >> ${file}`, 'succeed');
        assert.equal(fs.readFileSync(file, 'utf8'), 'keep');
        assert.deepEqual(show(run)[0], ['/bin/rm', '-f', file]);
      } finally {
        fs.rmSync(sentinel, { recursive: true, force: true });
      }
    });

    it('cannot signal a host process, even after unshadowing kill through POSIX mode', async function () {
      const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        const run = await oracle.run(`POSIXLY_CORRECT=1; unset -f kill; kill -STOP ${sleeper.pid}`, 'succeed');
        assert.equal(run.status, 'ok');
        assert.match(run.stderr, /No such process/);
        const state = fs.readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8').split(' ')[2];
        assert.notEqual(state, 'T', 'the host process was stopped from inside the sandbox');
      } finally {
        sleeper.kill('SIGKILL');
      }
    });

    it('reports a run that does not finish as a timeout, not as a pass', async function () {
      const quick = createBashOracle({ timeoutMs: 500, concurrency: 1 });
      try {
        const run = await quick.run('while true; do true; done', 'succeed');
        assert.equal(run.status, 'timeout');
      } finally {
        quick.dispose();
      }
    });
  });

  describe('the alignment', function () {
    const bytes = (...args: string[]): Buffer[] => args.map((a) => Buffer.from(a, 'utf8'));
    /** Segments written by hand, so these checks do not depend on the resolver under test. */
    const segment = (argv: Array<string | null>, connector: Connector | null = null, negated = false): Segment => ({
      argv: argv.map((value) => (value === null ? { kind: 'opaque', raw: '$X', expansions: ['variable'] } : { kind: 'literal', value, raw: value })),
      assignments: [],
      redirects: [],
      connector,
      negated,
      timed: false,
      raw: argv.join(' '),
    });

    it('treats an opaque word as zero or more arguments and literals as exact bytes', function () {
      const { argv } = segment(['echo', 'a', null, 'b']);
      assert.ok(wordsMatch(argv, bytes('echo', 'a', 'b')));
      assert.ok(wordsMatch(argv, bytes('echo', 'a', 'x', 'y', 'z', 'b')));
      assert.ok(!wordsMatch(argv, bytes('echo', 'a', 'x')));
      assert.ok(!wordsMatch(argv, bytes('echo', 'a ', 'b')));
      assert.ok(!wordsMatch(segment(['\u00ff']).argv, [Buffer.from([0xff])]), 'a decoded U+00FF is not the byte 0xff');
    });

    it('reports a wrong argv, a missing segment and an extra segment', function () {
      const segments = [segment(['echo', 'a'], '&&'), segment(['echo', 'b'])];
      assert.ok(alignExecution(segments, 'succeed', [bytes('echo', 'a'), bytes('echo', 'b')]).ok);
      assert.ok(!alignExecution(segments, 'succeed', [bytes('echo', 'a'), bytes('echo', 'c')]).ok);
      assert.ok(!alignExecution(segments, 'succeed', [bytes('echo', 'a')]).ok);
      assert.ok(!alignExecution(segments, 'fail', [bytes('echo', 'a'), bytes('echo', 'b')]).ok);
      assert.ok(alignExecution(segments, 'fail', [bytes('echo', 'a')]).ok);
    });

    it('follows || && chains, negation and assignment-only segments the way bash does', function () {
      // a || b && c; ! d && e; A=1 || f
      const segments = [
        segment(['a'], '||'), segment(['b'], '&&'), segment(['c'], ';'),
        segment(['d'], '&&', true), segment(['e'], ';'),
        segment([], '||'), segment(['f']),
      ];
      const runs = (mode: RecorderMode): string[] =>
        expectedExecution(segments, mode).pipelines.flat().map((s) => (s.argv[0]!.kind === 'literal' ? s.argv[0]!.value : '?'));
      assert.deepEqual(runs('succeed'), ['a', 'c', 'd']);
      assert.deepEqual(runs('fail'), ['a', 'b', 'd', 'e']);
    });

    it('matches a pipeline as a multiset but keeps sequential order', function () {
      const piped = [segment(['a'], '|'), segment(['b'], ';'), segment(['c'])];
      assert.ok(alignExecution(piped, 'succeed', [bytes('b'), bytes('a'), bytes('c')]).ok);
      assert.ok(!alignExecution(piped, 'succeed', [bytes('c'), bytes('a'), bytes('b')]).ok);
    });

    it('expects no record and a failure from a program path where nothing can run', function () {
      const segments = [segment(['src/tool', 'x'], '||'), segment(['echo', 'b'])];
      const lookup = (word: string): ProgramPathKind => (word === 'src/tool' ? 'absent' : 'recorder');
      assert.ok(alignExecution(segments, 'succeed', [bytes('echo', 'b')], lookup).ok);
      assert.ok(!alignExecution(segments, 'succeed', [bytes('src/tool', 'x')], lookup).ok);
    });

    it('lets a redirect with an opaque target fail to open: no record, a failing status', function () {
      const opaqueTarget: Word = { kind: 'opaque', raw: '$X', expansions: ['variable'] };
      const first = { ...segment(['echo', 'a'], '||'), redirects: [{ fd: null, op: '>', target: opaqueTarget, raw: '>$X' }] } as Segment;
      const segments = [first, segment(['echo', 'b'])];
      assert.ok(alignExecution(segments, 'succeed', [bytes('echo', 'a')]).ok, 'the target opened');
      assert.ok(alignExecution(segments, 'succeed', [bytes('echo', 'b')]).ok, 'the target failed: the || branch ran');
      assert.ok(!alignExecution(segments, 'succeed', [bytes('echo', 'a'), bytes('echo', 'b')]).ok);
      assert.ok(!alignExecution(segments, 'succeed', []).ok);
      const literal = [{ ...first, redirects: [{ fd: null, op: '>', target: { kind: 'literal', value: 'f', raw: 'f' }, raw: '>f' }] } as Segment, segment(['echo', 'b'])];
      assert.ok(!alignExecution(literal, 'succeed', [bytes('echo', 'b')]).ok, 'a literal target is expected to open');
    });

    it('plays redirects against the open descriptors: a copy of a closed one fails, an unknown one may', function () {
      const withRedirects = (raw: string, connector: Connector | null = null): Segment => {
        const parsed = resolve(`echo ${raw}`, { home: ORACLE_HOME, shell: 'bash' });
        assert.ok(parsed.resolved, raw);
        return { ...parsed.segments[0]!, connector };
      };
      assert.equal(redirectSetup(withRedirects('>f 2>&1')), 'opens');
      assert.equal(redirectSetup(withRedirects('>&- 2>&1')), 'fails');
      assert.equal(redirectSetup(withRedirects('2>&- >&2')), 'fails');
      assert.equal(redirectSetup(withRedirects('>&-', '|&')), 'fails', '|& appends 2>&1 after the closing');
      assert.equal(redirectSetup(withRedirects('>&-', '|')), 'opens');
      assert.equal(redirectSetup(withRedirects('2>&3')), 'may-fail');
      assert.equal(redirectSetup(withRedirects('3>f 2>&3')), 'opens');
      assert.equal(redirectSetup(withRedirects('2>&f')), 'fails', 'N>&word is an ambiguous redirect');
      assert.equal(redirectSetup(withRedirects('1>&f')), 'opens', 'bash reads 1>&word as >&word (seed 518)');
      assert.equal(redirectSetup(withRedirects('>&f')), 'opens', '>&word is &>word');
      assert.equal(redirectSetup(withRedirects('>$OUT')), 'may-fail');
    });

    it('lets background lists race with what follows', function () {
      const background = [segment(['a'], '&'), segment(['b'])];
      assert.ok(alignExecution(background, 'succeed', [bytes('b'), bytes('a')]).ok);
      assert.ok(!alignExecution(background, 'succeed', [bytes('b'), bytes('b')]).ok);
    });
  });

  describe('the generator', function () {
    it('gives the same strings for the same seed and different ones for another', function () {
      assert.deepEqual(generateCommands(7, 200), generateCommands(7, 200));
      assert.notDeepEqual(generateCommands(7, 200), generateCommands(8, 200));
    });

    it('takes its seed from GATE_FUZZ_SEED and refuses a malformed one', function () {
      assert.equal(fuzzSeed({ GATE_FUZZ_SEED: '1234' }), 1234);
      assert.equal(fuzzSeed({ GATE_FUZZ_SEED: '0x10' }), 16);
      assert.throws(() => fuzzSeed({ GATE_FUZZ_SEED: 'abc' }), /GATE_FUZZ_SEED/);
      assert.throws(() => fuzzSeed({ GATE_FUZZ_SEED: '-1' }), /GATE_FUZZ_SEED/);
      const fresh = fuzzSeed({});
      assert.ok(Number.isInteger(fresh) && fresh >= 0 && fresh < 2 ** 32);
    });

    it('covers every fragment the differential needs', function () {
      const text = generateCommands(99, GENERATED_COUNT).join('\u0000');
      const fragments = [
        "'", '"', "$'", '\\n', '\\t', '\\x41', '\\101', '\\u00e9', '\\cA', '\\e', "\\'", '\\\n', '\r', '\u2028', '\u0085',
        '\u00a0', '\u200b', '\u202e', '# ', 'time ', 'time -p ', '! ', '>', '>>', '<', '2>&1', '&>', '>|', '<>', '3>', '*', '{a,b}',
        '~', '~/x', '~root', 'a=~/x', '--opt=~/x', 'A=', '+=', 'a=(x y)', '<<EOF', '$VAR', '${VAR}', '$(', '`', ';', '&&', '||', '|',
        '|&', ' & ', '\n', '{ echo a; }', '(echo a)', 'if', "echo 'unclosed",
        // Round 2 (D§4.2): job words, braces in redirect targets, $"…", @ operators, ${!…}, here-docs
        // beside redirects, ! anywhere, coproc, hidden characters in quotes, arrays, declare -i.
        '%1', "'%git'", '>/tmp/{a,b}', '2>&1{a,b}', '{1..3}', 'x{a}', '$"', '${ONE@Q}', '@E}', '${ONE@A}', '@K}', '@P}',
        '${!ONE}', '${!O*}', '<<<', '<<EOF >out.txt', 'time -p ', '! ! ', 'coproc ', "'a\rb'", '"a\u200bb"', 'a+=(z)',
        'a[1]=x', 'declare -i', '\\}', '\\a',
        // Round 3: words starting NAME[, where bash reads a subscript up to its `]` or only text.
        'a[', 'a[ x ]=1', 'time[', 'builtin a[', '|& a[', 'time a[', 'value a[', '[ ', ' ]',
      ];
      for (const fragment of fragments) assert.ok(text.includes(fragment), `no generated string contains ${JSON.stringify(fragment)}`);
    });
  });

  it('agrees with bash on every resolved command of the hand-written corpus', async function () {
    const commands = readCorpus(fs.readFileSync(CORPUS_PATH, 'utf8'));
    assert.ok(commands.length >= 200, `corpus too small: ${commands.length}`);
    const tally = await checkCommands(oracle, commands, 'bash');
    console.log(`      ${report('corpus', tally)}`);
    assert.equal(tally.findings.length, 0, failureText(tally, ''));
    assert.ok(tally.resolved >= commands.length / 3, `only ${tally.resolved} of ${commands.length} corpus commands resolved`);
  });

  it(`agrees with bash on ${GENERATED_COUNT} generated strings, a quarter or more of them resolved`, async function () {
    const seed = fuzzSeed();
    const commands = generateCommands(seed, GENERATED_COUNT);
    const started = Date.now();
    const tally = await checkCommands(oracle, commands, 'bash');
    const seedNote = ` (seed ${seed}; replay with GATE_FUZZ_SEED=${seed})`;
    console.log(`      ${report('generated', tally, `${seedNote}, ${Date.now() - started} ms`)}`);
    if (tally.findings.length > 0) {
      const shrunk = await shrinkFindings(oracle, tally.findings, 'bash');
      const lines = shrunk.length > 0 ? `\nshrunk, as corpus lines:\n${shrunk.join('\n')}` : '';
      assert.fail(`${failureText(tally, seedNote)}${lines}`);
    }
    assert.ok(tally.resolved * 4 >= commands.length, `only ${tally.resolved} of ${commands.length} generated strings resolved${seedNote}`);
  });
});
