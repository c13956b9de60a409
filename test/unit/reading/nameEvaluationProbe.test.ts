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
 *
 * The same probe runs in zsh 5.9 (its builtins, reserved words and parameter flags), read with
 * `shell: 'zsh'` and `shell: 'any'`; its set is kept in `name-evaluation-probe-zsh.txt`.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readCommand } from '../../../src/gate/reading/reading';
import type { ReadingShell } from '../../../src/gate/reading/resolution';
import { createBashOracle, createZshOracle, ORACLE_HOME, type BashOracle } from '../../support/bashOracle';

const MARK = 'GATE-PROBE-RAN';
// The probe prints the mark from two pieces, so an error message quoting the value does not show it.
const PROBE = `printf %s%s GATE- PROBE-RAN >&2`;
const VARIABLES = { x: `a[$(${PROBE})]`, y: `$(${PROBE})`, i: `a[$(${PROBE})]` };
const FIXTURE = path.join(__dirname, '..', '..', 'fixtures', 'reading', 'name-evaluation-probe.txt');
const ZSH_FIXTURE = path.join(__dirname, '..', '..', 'fixtures', 'reading', 'name-evaluation-probe-zsh.txt');

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

/** zsh: the bash operand lists, and the places where zsh's own builtins take arithmetic or names. */
const ZSH_OPERANDS: readonly string[] = [
  ...OPERANDS,
  '1 -eq "$x"',
  '"$x" -lt 1',
  '-P "$y"',
  '-v "$x" %s 1',
  '-A "$x" w',
  '-E "$x"',
  '-u "$x"',
  '-D "$x"',
  '-F "$x"',
  '-s "$x"',
  '"$x" w w',
  '-- "$x"',
];

/** zsh: parameter flags, qualifiers, modifiers and reserved words that take a value as a name, arithmetic or code. */
const ZSH_WORDS: readonly string[] = [
  'echo ${(P)x}', 'echo "${(P)x}"', 'echo ${(e)y}', 'echo ${(e)x}', 'echo "${(%)y}"', 'echo ${~y}', 'echo $((x))', 'echo $[x]',
  'echo $x[1]', 'echo "${x[(r)a]}"', 'echo ${y:s/a/b/}', 'echo $y(:h)', 'echo ${(Q)y}', 'echo ${(z)y}', 'echo ${x:-y}', 'echo ${#x}',
  'echo ${(P)#x}', 'echo ${+x}', 'echo ${^x}', 'echo $=y', "echo *(e:'$y':)", 'echo *(e:"$y":)', 'echo ${x[1,i]}', 'echo ${x:$i}',
  'echo ${x:0:i}', 'echo ${(l:i:)y}', 'echo ${(r:x:)y}', 'echo ${(j:$y:)x}', 'echo ${(s:$y:)x}',
  'repeat "$x" :', 'repeat $x :', '(( x ))', '(( $x ))', '[[ "$x" -eq 1 ]]', '[[ $x -lt 1 ]]', '[[ a == "$y" ]]',
  'for n in "$x"; do :; done', 'for n ("$x") :', 'foreach n ("$x") :; end', 'case "$x" in a) ;; esac', 'select n in "$x"; do break; done',
  'time "$x"', '! "$x"', 'nocorrect "$x"', 'noglob "$x"', '- "$x"', 'if "$x"; then :; fi', 'while "$x"; do break; done',
  'function "$x" { :; }', 'integer "$x"', 'float "$x"', 'integer n="$x"', 'float n="$x"', 'local -i n="$x"', 'typeset -i n; n="$x"',
  'a[x]=1', 'a[$x]=1', 'n[x]=1',
];

/** zsh: builtins that only stop or replace the probing shell, or wait on a terminal. */
const ZSH_NOT_PROBED = new Set([...NOT_PROBED, 'bye', 'r', 'fc', 'vared', 'ttyctl', 'zle', 'bindkey']);

/**
 * Runs every builtin of `oracle` with every operand list (and the `words`) under the real
 * builtins, with and without an array `a`; returns the forms that ran the probe, those of them the
 * resolver reads as resolved in any of `readings`, and runs that did not finish.
 */
async function probeShell(oracle: BashOracle, operands: readonly string[], words: readonly string[], notProbed: ReadonlySet<string>, readings: readonly ReadingShell[]): Promise<{ found: string[]; holes: string[]; failures: string[] }> {
  const commands: string[] = [...words];
  for (const builtin of oracle.builtins) {
    if (notProbed.has(builtin)) continue;
    for (const list of operands) commands.push(`${builtin} ${list}`);
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
        for (const shell of readings) {
          if (readCommand(command, { home: ORACLE_HOME, shell }).resolution.resolved) holes.push(`${line} (read as ${shell})`);
        }
      }),
    ),
  );
  return { found: found.sort(), holes: holes.sort(), failures };
}

/** Compares the forms found with the kept fixture (rewritten with GATE_UPDATE_PROBE_FIXTURE=1). */
function assertKept(found: readonly string[], fixture: string): void {
  if (process.env.GATE_UPDATE_PROBE_FIXTURE === '1') fs.writeFileSync(fixture, `${found.join('\n')}\n`);
  const kept = fs.readFileSync(fixture, 'utf8').split('\n').filter((line) => line !== '');
  assert.deepEqual(found, kept, 'the forms that run the probe changed: check them, then rewrite the fixture');
}

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
    const { found, holes, failures } = await probeShell(oracle, OPERANDS, WORDS, NOT_PROBED, ['bash']);
    assert.deepEqual(failures, [], 'every probe run finished');
    assert.deepEqual(holes.map((line) => line.replace(/ \(read as bash\)$/, '')), [], 'commands that ran the probe but read as resolved');
    assert.ok(found.length > 20, `only ${found.length} probe runs fired: the probe is not reaching bash`);
    assertKept(found, FIXTURE);
  });
});

describe('values that become code: every zsh builtin and reserved word probed in a real zsh', function () {
  this.timeout(900_000);
  let oracle: BashOracle;

  before(function () {
    oracle = createZshOracle({ timeoutMs: 5000 });
  });

  after(function () {
    oracle?.dispose();
  });

  it('the probe can run in zsh: a subscript of a name given to a builtin is evaluated, a plain echo is not', async () => {
    const runs = await oracle.runWithBuiltins('print -v "$x" 1', VARIABLES);
    assert.equal(runs.status, 'ok', runs.detail);
    assert.match(runs.stderr, new RegExp(MARK));
    const quiet = await oracle.runWithBuiltins('echo "$x" $x', VARIABLES);
    assert.equal(quiet.status, 'ok', quiet.detail);
    assert.doesNotMatch(quiet.stderr, new RegExp(MARK));
  });

  it('no command that runs the probe is read as resolved (zsh and any), and the set found is the one kept', async () => {
    const { found, holes, failures } = await probeShell(oracle, ZSH_OPERANDS, ZSH_WORDS, ZSH_NOT_PROBED, ['zsh', 'any']);
    assert.deepEqual(failures, [], 'every probe run finished');
    assert.deepEqual(holes, [], 'commands that ran the probe but read as resolved');
    assert.ok(found.length > 20, `only ${found.length} probe runs fired: the probe is not reaching zsh`);
    assertKept(found, ZSH_FIXTURE);
  });
});
