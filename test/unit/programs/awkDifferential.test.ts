/**
 * The awk reader (`src/gate/programs/awk.ts`) held to the real mawk and gawk: generated awk
 * command lines run sandboxed (test/support/programOracle.ts) and, for each, the gate is asked
 * whether it would run `awk|mawk|gawk ARGS` without asking. A run that EXECUTED a program or WROTE
 * a file while the gate approved it is a differential — a security bug in the reader, never
 * something to relax the test for. So is a run that did either while the reader reported no form
 * that could, and a literal command text the reader reported that differs from the `sh -c` text
 * the real awk ran (the hardline floor reads that text). Refusals of pure runs are counted and
 * printed as friction. docs/differential-testing.md has the figures and how to run it.
 *
 * `GATE_DIFF_SEEDS` (default 2) × `GATE_DIFF_PER_SEED` (default 500) programs that each awk
 * accepted; `GATE_FUZZ_SEED` replays one seed. Failures are shrunk by fast-check; keep each as a
 * line of test/fixtures/programs/awk-regressions.txt.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

import fc from 'fast-check';

import { readAwkCommand, type AwkForm } from '../../../src/gate/programs/awk';
import { askGate, commandLine, configurationsFor } from '../../support/askGate';
import { createProgramOracle, MARKER_PROGRAMS, type ProgramOracle, type ProgramRun } from '../../support/programOracle';

const REGRESSIONS_PATH = path.join(__dirname, '..', '..', 'fixtures', 'programs', 'awk-regressions.txt');
const AWKS = ['mawk', 'gawk'] as const;
type RealAwk = (typeof AWKS)[number];
/** The names the gate is asked about, and which real runs each must answer for. */
const GATE_NAMES: ReadonlyArray<{ name: string; answersFor: readonly RealAwk[] }> = [
  { name: 'awk', answersFor: ['mawk', 'gawk'] },
  { name: 'mawk', answersFor: ['mawk'] },
  { name: 'gawk', answersFor: ['gawk'] },
];
const BATCH = 50;
/** `GATE_DIFF_SHOW_FRICTION=1` prints each pure run the gate refused, with its reason. */
const SHOW_FRICTION = process.env.GATE_DIFF_SHOW_FRICTION === '1';

function envInteger(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// The generator: awk command lines from fragments
// ---------------------------------------------------------------------------------------------

/** Payload commands: only marker programs (recorders in the sandbox), with shell punctuation. */
const payloadCommand = fc.oneof(
  fc.constantFrom(...MARKER_PROGRAMS),
  fc.constantFrom('touch x', 'echo hi', 'rm -rf ~', 'echo a|cat', 'id >&2', 'date; id', 'echo "q"', 'ls -l', 'marker a b'),
);

/** An awk string literal for `content`, with some characters written as escapes. */
function awkString(content: string, escapes: readonly number[]): string {
  let out = '';
  [...content].forEach((c, k) => {
    const style = escapes[k % escapes.length] ?? 0;
    if (c === '"' || c === '\\') out += '\\' + c;
    else if (style === 1 && /[a-z]/.test(c)) out += '\\' + c.charCodeAt(0).toString(8);
    else if (style === 2 && /[a-z]/.test(c)) out += '\\x' + c.charCodeAt(0).toString(16);
    else if (style === 3 && c === ' ') out += '\\t';
    else out += c;
  });
  return `"${out}"`;
}

const escapes = fc.array(fc.constantFrom(0, 0, 0, 0, 1, 2, 3), { minLength: 1, maxLength: 4 });
const stringLiteral = (content: fc.Arbitrary<string>): fc.Arbitrary<string> => fc.tuple(content, escapes).map(([c, e]) => awkString(c, e));

/** Data strings that look like danger: pipes, redirections, slashes, comment signs. */
const dataString = fc.oneof(
  stringLiteral(fc.constantFrom('a|b', 'x > y', '>>', '/', '#', 'system("id")', '|&', ';', ' ', 'q/r', '\\/', 'print > "f"')),
  fc.constantFrom('"\\/"', '"\\q"', '"a\\"b"', '"#"', '"/*"', '"\\\\"'),
);

const regexp = fc.constantFrom(
  '/a|b/', '/x>y/', '/"/', '/\\//', '/[/]/', '/[]/]/', '/[^/]+/', '/=/', '/#/', '/[[:alpha:]/]/', '/a\\/b/', '/>>/', '/|&/', '/[\\/]/', '/system/', '/^x$/',
);

/** A command expression: literal, concatenation, variable (set by -v), parenthesised. */
const commandExpression = fc.oneof(
  { weight: 5, arbitrary: stringLiteral(payloadCommand) },
  { weight: 1, arbitrary: payloadCommand.map((c) => `"${c.slice(0, 2)}" "${c.slice(2)}"`.replace(/\\/g, '\\\\')) },
  { weight: 1, arbitrary: fc.constant('cmd') },
  { weight: 1, arbitrary: stringLiteral(payloadCommand).map((s) => `(${s})`) },
);

const outputFile = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('"out"', '"o.txt"', '"sub/new"') },
  { weight: 3, arbitrary: fc.constantFrom('"/dev/stderr"', '"/dev/stdout"', '"/dev/null"') },
  { weight: 1, arbitrary: fc.constantFrom('"-"', '$2', 'outfile', '"o" "x"', '("out")', '$1 ".log"') },
);

const atom = fc.oneof(
  fc.constantFrom('$1', '$2', '$3', '$0', 'NR', 'NF', 'x', 'n', '1', '100', '2.5', 'a[1]', '$NF', 'length($0)', 'substr($0, 1, 2)', 'int(x)', 'ARGV[1]'),
  dataString,
);

const expression: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: atom },
    { weight: 1, arbitrary: regexp },
    { weight: 2, arbitrary: fc.tuple(tie('expr'), fc.constantFrom(' > ', ' < ', ' >= ', ' == ', ' != ', ' / ', '/', ' * ', ' + ', ' ', ' ~ ', ' && ', ' || ', ' \\\n/ '), tie('expr')).map(([a, op, b]) => a + op + b) },
    { weight: 1, arbitrary: tie('expr').map((e) => `(${e})`) },
    { weight: 1, arbitrary: fc.tuple(tie('expr'), regexp).map(([e, r]) => `${e} ~ ${r}`) },
    { weight: 1, arbitrary: fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([a, b, c]) => `${a} ? ${b} : ${c}`) },
    { weight: 1, arbitrary: tie('expr').map((e) => `!${e}`) },
  ),
})).expr;

const printArguments = fc.oneof(
  fc.constant(''),
  expression.map((e) => ` ${e}`),
  fc.tuple(expression, expression).map(([a, b]) => ` ${a}, ${b}`),
  fc.tuple(expression, expression).map(([a, b]) => ` (${a} > ${b})`),
  fc.tuple(expression, expression).map(([a, b]) => ` ${a},\n ${b}`),
  fc.tuple(expression, expression).map(([a, b]) => ` (${a}, ${b})`),
);

const printKeyword = fc.constantFrom('print', 'print', 'printf "%s\\n",', 'printf');

const statement: fc.Arbitrary<string> = fc.letrec<{ stmt: string }>((tie) => ({
  stmt: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    // print and printf, with and without redirection and pipes
    { weight: 4, arbitrary: fc.tuple(printKeyword, printArguments).map(([p, a]) => (p === 'printf' ? `printf("%s\\n"${a === '' ? ', $0' : ',' + a.replace(/\\?\n/g, ' ')})` : `${p}${p.endsWith(',') && a === '' ? ' $0' : a}`)) },
    { weight: 3, arbitrary: fc.tuple(printArguments, fc.constantFrom(' > ', ' >> ', '>'), outputFile).map(([a, r, f]) => `print${a}${r}${f}`) },
    { weight: 2, arbitrary: fc.tuple(printArguments, fc.constantFrom(' | ', '|'), commandExpression).map(([a, p, c]) => `print${a}${p}${c}`) },
    { weight: 1, arbitrary: fc.tuple(expression, outputFile).map(([e, f]) => `printf("%s\\n", ${e}) > ${f}`) },
    // gawk's coprocesses (mawk refuses `|&`)
    { weight: 1, arbitrary: fc.tuple(printArguments, commandExpression, fc.boolean()).map(([a, c, out]) => (out ? `print${a} |& ${c}` : `${c} |& getline x`)) },
    // system()
    { weight: 3, arbitrary: commandExpression.map((c) => `system(${c})`) },
    { weight: 1, arbitrary: commandExpression.map((c) => `r = system(${c})`) },
    { weight: 1, arbitrary: fc.constant('system("")') },
    // getline
    { weight: 2, arbitrary: fc.tuple(commandExpression, fc.constantFrom('', ' v', ' $2')).map(([c, v]) => `${c} | getline${v}`) },
    // One literal or a variable only: mawk reads `"a" "b" | getline` as `"a" ("b" | getline)`,
    // which would never end this loop.
    { weight: 1, arbitrary: fc.oneof(stringLiteral(payloadCommand), fc.constant('cmd')).map((c) => `while ((${c} | getline l) > 0) n++`) },
    { weight: 2, arbitrary: fc.constantFrom('getline l < "in.txt"', 'getline < "f"', 'while ((getline line < "a.txt") > 0) n++', '(getline line) > 0', 'getline x < ("f")', 'getline', 'getline v') },
    // close, fflush
    { weight: 1, arbitrary: fc.oneof(commandExpression.map((c) => `close(${c})`), fc.constantFrom('fflush()', 'close("out")', 'fflush("")')) },
    // assignments, division and regexps side by side
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom('x', 'n', 'a[1]', '$2', 'y'), fc.constantFrom(' = ', ' += ', ' /= ', '='), expression).map(([v, op, e]) => `${v}${op}${e}`) },
    { weight: 1, arbitrary: fc.tuple(expression, tie('stmt')).map(([e, s]) => `if (${e}) ${s}`) },
    { weight: 1, arbitrary: fc.tuple(expression, tie('stmt'), tie('stmt')).map(([e, s, t]) => `if (${e}) ${s}; else ${t}`) },
    { weight: 1, arbitrary: fc.tuple(tie('stmt'), regexp).map(([s, r]) => `x = 1 / 2; ${s}; y = 3 / 4 ~ ${r}`) },
    { weight: 1, arbitrary: tie('stmt').map((s) => `x = /"/; ${s}; z = "/"`) },
    { weight: 1, arbitrary: tie('stmt').map((s) => `{ ${s} }`) },
  ),
})).stmt;

const separator = fc.constantFrom('; ', ';', '\n', ';\n', ' # c "/ system("id") |\n', ' \\\n; ');

const statements = fc.array(fc.tuple(statement, separator), { minLength: 1, maxLength: 3 }).map((list) => list.map(([s, sep], k) => (k === list.length - 1 ? s : s + sep)).join(''));

const pattern = fc.oneof(
  fc.constantFrom('$3 > 100', 'NR > 1', 'NR==1', '!/x/', '$0 ~ /x>y/', '/a|b/', 'NF', '(x > 1)', 'length > 3', '$1 == "a|b"', 'NR % 2 == 0', '/"/', '/[/]/'),
  expression,
);

const item = fc.oneof(
  { weight: 3, arbitrary: statements.map((s) => `BEGIN { ${s} }`) },
  { weight: 1, arbitrary: statements.map((s) => `END { ${s} }`) },
  { weight: 3, arbitrary: fc.tuple(pattern, statements).map(([p, s]) => `${p} { ${s} }`) },
  { weight: 1, arbitrary: pattern },
  { weight: 2, arbitrary: statements.map((s) => `{ ${s} }`) },
);

const program = fc.array(fc.tuple(item, fc.constantFrom('\n', ' ', '\n# comment with "quote and /slash\n', ';')), { minLength: 1, maxLength: 3 }).map((items) => ({
  items: items.map(([i]) => i),
  text: items.map(([i, sep], k) => (k === items.length - 1 ? i : i + sep)).join(''),
}));

const optionSet = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(['-F:'], ['-F', '|'], ['-F|'], ['-v', 'x=1'], ['-v', 'n=2'], ['-v', 'outfile=out'], ['-vx=3']) },
    { weight: 4, arbitrary: payloadCommand.map((c) => ['-v', `cmd=${c}`]) },
    // gawk's sandbox and writing options, mawk's -W (each awk refuses some of them)
    { weight: 1, arbitrary: fc.constantFrom(['-S'], ['--sandbox'], ['-W', 'interactive'], ['-W', 'sandbox'], ['-W', 'dump'], ['-d'], ['-o'], ['-W', 'version']) },
  ),
  { maxLength: 2 },
);

interface GeneratedCase {
  args: string[];
}

const generatedCase: fc.Arbitrary<GeneratedCase> = fc
  .record({
    options: optionSet,
    program,
    viaSources: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    dashDash: fc.boolean(),
    files: fc.array(fc.constantFrom('in.txt', 'f', 'a.txt', 'x=1', 'sub/deep.txt'), { maxLength: 2 }),
  })
  .map(({ options, program: p, viaSources, dashDash, files }) => {
    const args = options.flat();
    if (viaSources) {
      // gawk: each item its own -e text (mawk refuses -e: such runs are not accepted by it).
      for (const text of p.items) args.push('-e', text);
      return { args: [...args, ...(files.length > 0 ? files : ['in.txt'])] };
    }
    if (dashDash) args.push('--');
    return { args: [...args, p.text, ...(files.length > 0 ? files : ['in.txt'])] };
  });

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

interface Tally {
  /** Runs each awk accepted (no syntax or option error). */
  accepted: Record<RealAwk, number>;
  executed: Record<RealAwk, number>;
  wrote: Record<RealAwk, number>;
  timeouts: number;
  /** Exact command texts checked against the `sh -c` text the real awk ran. */
  textsChecked: number;
  /** Per gate name: pure accepted runs refused under an allow entry for that name. */
  friction: Record<string, number>;
  /** Per gate name: pure accepted runs asked about. */
  pure: Record<string, number>;
  seen: Set<string>;
}

function newTally(): Tally {
  return {
    accepted: { mawk: 0, gawk: 0 },
    executed: { mawk: 0, gawk: 0 },
    wrote: { mawk: 0, gawk: 0 },
    timeouts: 0,
    textsChecked: 0,
    friction: { awk: 0, mawk: 0, gawk: 0 },
    pure: { awk: 0, mawk: 0, gawk: 0 },
    seen: new Set(),
  };
}

/** A run the program accepted: it ended by itself, and either succeeded or did something. */
function accepted(run: ProgramRun): boolean {
  if (run.status === 'timeout') return run.executed.length > 0 || run.wrote.length > 0;
  return run.status === 'ok' && (run.exitCode === 0 || run.executed.length > 0 || run.wrote.length > 0);
}

function acted(run: ProgramRun): boolean {
  return run.executed.length > 0 || run.wrote.length > 0;
}

const RUNS_COMMANDS: ReadonlySet<string> = new Set(['executor', 'unreadable', 'loader']);
const WRITES_FILES: ReadonlySet<string> = new Set(['executor', 'writer', 'unreadable', 'loader']);

/**
 * The differentials of one case, as messages (empty: none). `count` adds the case to the tally
 * (the first time it is seen: fast-check's shrinking re-runs cases).
 */
async function compareCase(oracle: ProgramOracle, args: readonly string[], tally: Tally | null): Promise<string[]> {
  const key = JSON.stringify(args);
  const count = tally !== null && !tally.seen.has(key);
  if (count) tally.seen.add(key);
  const runs = await Promise.all(AWKS.map((awk) => oracle.run([awk, ...args])));
  const byAwk: Record<RealAwk, ProgramRun> = { mawk: runs[0]!, gawk: runs[1]! };
  const problems: string[] = [];
  const show = (awk: RealAwk): string => `${awk} ${JSON.stringify(args)} → executed ${JSON.stringify(byAwk[awk].executed)}, wrote ${JSON.stringify(byAwk[awk].wrote)}, exit ${byAwk[awk].exitCode}, stderr ${JSON.stringify(byAwk[awk].stderr.slice(0, 300))}`;

  for (const awk of AWKS) {
    const run = byAwk[awk];
    if (count) {
      if (accepted(run)) tally.accepted[awk]++;
      else if (process.env.GATE_DIFF_SHOW_REJECTED === '1') console.log(`      rejected: ${show(awk)}`);
      if (run.executed.length > 0) tally.executed[awk]++;
      if (run.wrote.length > 0) tally.wrote[awk]++;
      if (run.status === 'timeout') {
        tally.timeouts++;
        if (SHOW_FRICTION) console.log(`      timeout: ${show(awk)}`);
      }
    }
    if (run.status === 'spawn-error' || run.status === 'bad-record') problems.push(`oracle failure (${run.status}: ${run.detail ?? ''}): ${show(awk)}`);
    // The reader itself, in the dialect of this awk and in the union reading `awk` uses.
    for (const reader of [awk, 'awk']) {
      const forms = readAwkCommand(args, reader).forms;
      if (run.executed.length > 0 && !forms.some((f) => RUNS_COMMANDS.has(f.kind))) problems.push(`reader (${reader}) reported no executor form: ${show(awk)}`);
      if (run.wrote.length > 0 && !forms.some((f) => WRITES_FILES.has(f.kind))) problems.push(`reader (${reader}) reported no writer form: ${show(awk)}`);
      const textProblem = checkTexts(forms, run);
      if (textProblem !== null) problems.push(`reader (${reader}) ${textProblem}: ${show(awk)}`);
      else if (count && run.executed.length > 0 && exactTexts(forms) !== null) tally.textsChecked++;
    }
  }

  for (const { name, answersFor } of GATE_NAMES) {
    const command = commandLine([name, ...args]);
    const dangerous = answersFor.filter((awk) => acted(byAwk[awk]));
    const pure = answersFor.every((awk) => accepted(byAwk[awk]) && !acted(byAwk[awk]));
    // A run that did nothing and that awk refused cannot be a differential, nor friction; the
    // default list is only asked about runs that acted (awk is not on it, friction there is moot).
    if (dangerous.length === 0 && !pure) continue;
    for (const configuration of configurationsFor(name)) {
      if (dangerous.length === 0 && configuration.allow.length === 0) continue;
      const decision = await askGate(command, configuration);
      if (decision.action === 'approve' && dangerous.length > 0) {
        problems.push(`the gate approved ${JSON.stringify(command)} under "${configuration.name}": ${dangerous.map(show).join(' | ')}`);
      }
      if (count && pure && configuration.allow.length > 0) {
        tally.pure[name]!++;
        if (decision.action !== 'approve') {
          tally.friction[name]!++;
          if (SHOW_FRICTION) {
            const form = readAwkCommand(args, name).forms[0];
            console.log(`      friction ${name}: ${JSON.stringify(args)} — ${form === undefined ? decision.reason : `${form.kind} ${form.construct} ${form.detail ?? ''}`}`);
          }
        }
      }
    }
  }
  return problems;
}

/** The exact command texts, when every executor form has one; else null (nothing to compare). */
function exactTexts(forms: readonly AwkForm[]): string[] | null {
  const executors = forms.filter((f) => f.kind !== 'writer' && f.kind !== 'network' && f.kind !== 'credentials');
  if (executors.length === 0 || executors.some((f) => f.kind !== 'executor' || f.text === null)) return null;
  return executors.map((f) => f.text!);
}

/**
 * Every `sh -c X` the run started must be one of the reader's exact texts, when it reported only
 * exact ones (the hardline floor reads them as the commands that run).
 */
function checkTexts(forms: readonly AwkForm[], run: ProgramRun): string | null {
  const texts = exactTexts(forms);
  if (texts === null) return null;
  for (const record of run.executed) {
    const shell = record.length === 3 && /^(\/bin\/)?sh$/.test(record[0]!) && record[1] === '-c';
    if (!shell) return `reported exact texts ${JSON.stringify(texts)} but the run started ${JSON.stringify(record)}`;
    if (!texts.includes(record[2]!)) return `reported exact texts ${JSON.stringify(texts)} but the run ran sh -c ${JSON.stringify(record[2])}`;
  }
  return null;
}

/** The regression file: one JSON array of arguments (after the awk name) per line; `#` lines are notes. */
function readRegressions(): string[][] {
  return fs
    .readFileSync(REGRESSIONS_PATH, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line, index) => {
      const value: unknown = JSON.parse(line);
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error(`regression line ${index + 1} must be a JSON array of strings`);
      return value as string[];
    });
}

function seedsToRun(): number[] {
  const replay = process.env.GATE_FUZZ_SEED?.trim();
  if (replay) {
    const seed = Number(replay);
    if (!Number.isInteger(seed) || seed < 0) throw new Error(`GATE_FUZZ_SEED must be a non-negative integer, got ${JSON.stringify(replay)}`);
    return [seed];
  }
  const count = envInteger('GATE_DIFF_SEEDS', 2);
  return Array.from({ length: count }, (_, k) => 0xa11c0 + k);
}

describe('awk differential (real mawk and gawk)', function () {
  let oracle: ProgramOracle;

  before(function () {
    oracle = createProgramOracle({ programs: [...AWKS], timeoutMs: 4000 });
  });

  after(function () {
    oracle?.dispose();
  });

  it('the oracle sees what awk runs and writes, and the harness can fail', async function () {
    const runs = await Promise.all([
      oracle.run(['mawk', 'BEGIN{system("id"); print 1 > "out"}']),
      oracle.run(['gawk', 'BEGIN{"date" |& getline d; print 1 | "cat"}']),
      oracle.run(['mawk', '$3 > 100 {print}', 'in.txt']),
    ]);
    assert.deepEqual(runs[0]!.executed, [['sh', '-c', 'id']]);
    assert.deepEqual(runs[0]!.wrote, ['out']);
    assert.equal(runs[1]!.executed.length, 2);
    assert.deepEqual([runs[2]!.executed, runs[2]!.wrote, runs[2]!.exitCode], [[], [], 0]);
    // A reading that missed the form must be caught: hand the checker a wrong exact text.
    assert.match(checkTexts([{ kind: 'executor', construct: 'system()', text: 'not-id' }], runs[0]!) ?? '', /ran sh -c "id"/);
  });

  it('every regression line: real mawk and gawk against the reader and the gate', async function () {
    const lines = readRegressions();
    assert.ok(lines.length > 0, 'the regression file is empty');
    const problems = (await Promise.all(lines.map((args) => compareCase(oracle, args, null)))).flat();
    assert.deepEqual(problems, []);
  });

  it('generated programs: no approved run executes or writes, and literal texts are exact', async function () {
    const perSeed = envInteger('GATE_DIFF_PER_SEED', 500);
    const seeds = seedsToRun();
    // 35-38 s on a quiet 2-core machine, past mocha's 60 s default on a loaded one: a budget that
    // grows with the work asked for, as the find differential's does.
    this.timeout(Math.max(240_000, seeds.length * perSeed * 150));
    const tally = newTally();
    const failures: string[] = [];
    for (const seed of seeds) {
      const start = { mawk: tally.accepted.mawk, gawk: tally.accepted.gawk, generated: tally.seen.size };
      // Batches until each awk accepted perSeed programs of this seed (bounded by the programs
      // generated, in case the generator drifts towards programs the awks refuse).
      for (let batch = 0; tally.seen.size - start.generated < perSeed * 4; batch++) {
        if (tally.accepted.mawk - start.mawk >= perSeed && tally.accepted.gawk - start.gawk >= perSeed) break;
        let lastFailing: string[] = [];
        const result = await fc.check(
          fc.asyncProperty(fc.array(generatedCase, { minLength: 1, maxLength: BATCH, size: 'max' }), async (cases) => {
            const problems = (await Promise.all(cases.map((c) => compareCase(oracle, c.args, tally)))).flat();
            if (problems.length > 0) lastFailing = problems;
            return problems.length === 0;
          }),
          { seed: (seed * 7919 + batch) | 0, numRuns: 1, endOnFailure: false },
        );
        if (result.failed) {
          // Shrinking only keeps failing candidates, so the last failing one is the shrunk case.
          const shrunk = (result.counterexample?.[0] ?? []).map((c) => JSON.stringify(c.args));
          failures.push(`seed ${seed} batch ${batch}: shrunk to ${shrunk.join(' , ')}\n  ${lastFailing.join('\n  ')}`);
          if (failures.length >= 5) break;
        }
      }
      if (failures.length >= 5) break;
    }
    const line = (awk: RealAwk): string => `${awk} (${oracle.version(awk)}): ${tally.accepted[awk]} accepted, ${tally.executed[awk]} executed, ${tally.wrote[awk]} wrote`;
    console.log(`      awk differential: seeds ${seeds.join(',')}; ${tally.seen.size} programs generated`);
    console.log(`      ${line('mawk')}\n      ${line('gawk')}`);
    console.log(`      exact command texts checked against sh -c: ${tally.textsChecked}; timeouts: ${tally.timeouts}`);
    console.log(`      friction (pure runs refused under an allow entry): ${GATE_NAMES.map(({ name }) => `${name} ${tally.friction[name]}/${tally.pure[name]}`).join(', ')}`);
    assert.deepEqual(failures, []);
    for (const awk of AWKS) assert.ok(tally.accepted[awk] >= Math.min(perSeed, 50) * seeds.length, `${awk} accepted only ${tally.accepted[awk]} programs`);
    assert.ok(tally.executed.mawk > 0 && tally.wrote.mawk > 0 && tally.executed.gawk > 0 && tally.wrote.gawk > 0, 'the generator must produce runs that execute and write');
  });
});
