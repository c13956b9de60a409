/**
 * The probe for values that become code (D§4.2): instead of trusting a list, every builtin of the
 * sandbox bash is run, with its REAL implementation, on operands whose value is `a[$(probe)]`
 * (a name with a subscript; bash evaluates a subscript, command substitutions included, wherever
 * it evaluates a name or arithmetic), with and without an indexed array `a` declared first. The
 * probe is a builtin `printf` to stderr, so nothing outside the sandbox can be touched. A run in
 * which the probe ran while the resolver reads the command as resolved is a hole.
 *
 * The forms found to run the probe are kept in `test/fixtures/reading/name-evaluation-probe.txt`;
 * the test also fails when bash's set changes (rewrite it with GATE_UPDATE_PROBE_FIXTURE=1).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readCommand } from '../../../src/gate/reading/reading';
import { createBashOracle, ORACLE_HOME, type BashOracle } from '../../support/bashOracle';

const MARK = 'GATE-PROBE-RAN';
// The probe prints the mark from two pieces, so an error message quoting the value does not show it.
const PROBE = `printf %s%s GATE- PROBE-RAN >&2`;
const VARIABLES = { x: `a[$(${PROBE})]`, y: `$(${PROBE})`, i: `a[$(${PROBE})]` };
const FIXTURE = path.join(__dirname, '..', '..', 'fixtures', 'reading', 'name-evaluation-probe.txt');

/** Operand lists tried after each builtin: the opaque operand at each position, after the options that take names. */
const OPERANDS: readonly string[] = [
  '"$x"',
  '"$x" w',
  'w "$x"',
  'w w "$x"',
  '"$x=1"',
  '-v "$x"',
  '-v "$x" %s 1',
  '-p "$x"',
  '-a "$x"',
  '-n "$x"',
  '-i "n=$x"',
  '-n r="$x"',
  '-R "$x"',
  '-C "$x"',
  '"$x" EXIT',
];

/** Words with parameter expansions: the forms in which bash evaluates a value as code. */
const WORDS: readonly string[] = [
  'echo "${!x}"', 'echo ${!x}', 'echo "${!x@}"', 'echo "${y@P}"', 'echo "${y@Q}"', 'echo "${y@E}"', 'echo "${y@A}"',
  'echo "${y@K}"', 'echo "${y@a}"', 'echo "${y@U}"', 'echo "${x:i}"', 'echo "${x:0:i}"', 'echo "${x:1}"', 'echo "${x:0:1}"',
  'echo "${x:-y}"', 'echo "${#x}"', 'echo "${x#a}"', 'echo "${x/a/b}"', 'echo "${x^^}"',
];

/** Builtins whose run would only stop or replace the probing shell (nothing to learn about operands). */
const NOT_PROBED = new Set(['suspend', 'exit', 'logout', 'exec', 'return', 'break', 'continue', 'coproc']);

describe('values that become code: every builtin probed in a real bash', function () {
  this.timeout(600_000);
  let oracle: BashOracle;

  before(function () {
    oracle = createBashOracle({ timeoutMs: 5000 });
  });

  after(function () {
    oracle?.dispose();
  });

  it('the probe can run: a command substitution in a subscript is seen, a plain echo is not', async () => {
    const runs = await oracle.runWithBuiltins('printf -v "$x" %s 1', VARIABLES);
    assert.equal(runs.status, 'ok', runs.detail);
    assert.match(runs.stderr, new RegExp(MARK));
    const quiet = await oracle.runWithBuiltins('echo "$x"', VARIABLES);
    assert.doesNotMatch(quiet.stderr, new RegExp(MARK));
  });

  it('no command that runs the probe is read as resolved, and the set found is the one kept', async () => {
    const commands: string[] = [...WORDS];
    for (const builtin of oracle.builtins) {
      if (NOT_PROBED.has(builtin)) continue;
      for (const operands of OPERANDS) commands.push(`${builtin} ${operands}`);
    }
    const found: string[] = [];
    const holes: string[] = [];
    const failures: string[] = [];
    await Promise.all(
      commands.flatMap((command) =>
        ['', 'declare -a a=(1); '].map(async (setup) => {
          const run = await oracle.runWithBuiltins(`${setup}${command}`, VARIABLES);
          if (run.status !== 'ok') {
            failures.push(`${command}: ${run.status} ${run.detail ?? ''}`);
            return;
          }
          if (!run.stderr.includes(MARK)) return;
          const line = `${setup === '' ? '' : '[array] '}${command}`;
          found.push(line);
          if (readCommand(command, { home: ORACLE_HOME, shell: 'bash' }).resolution.resolved) holes.push(line);
        }),
      ),
    );
    assert.deepEqual(failures, [], 'every probe run finished');
    assert.deepEqual(holes.sort(), [], 'commands that ran the probe but read as resolved');
    found.sort();
    assert.ok(found.length > 20, `only ${found.length} probe runs fired: the probe is not reaching bash`);
    if (process.env.GATE_UPDATE_PROBE_FIXTURE === '1') fs.writeFileSync(FIXTURE, `${found.join('\n')}\n`);
    const kept = fs.readFileSync(FIXTURE, 'utf8').split('\n').filter((line) => line !== '');
    assert.deepEqual(found, kept, 'the forms that run the probe changed: check them, then rewrite the fixture');
  });
});
