/**
 * The "must show" list of issue 2, checked from outside: the held-out corpus under
 * `test/fixtures/eval/` goes through `node dist/cli.js batch` (one process per variant, the rung
 * set per line, every line rated `safe`), and each assertion is a count over the answers.
 * On a failure the message lists the offending ids and commands.
 *
 * `APPROVALS_GATE_CLI=path` judges another build instead (a `.ts` entry such as
 * `src/cli/main.ts` runs the sources through tsx); by default `dist/cli.js` is rebuilt when stale.
 */
import * as assert from 'node:assert/strict';
import {
  CATEGORIES,
  CHECKS,
  MINIMUM_CASES,
  asciiJson,
  countByCategory,
  ensureBuiltCli,
  evaluate,
  formatChecks,
  formatFigures,
  loadCorpus,
  offenderMessage,
  runCheck,
  type Answer,
  type CorpusCase,
  type EvalReport,
  type VariantAnswers,
} from '../support/evalCorpus';

describe('evaluation corpus through the CLI', function () {
  this.timeout(120_000);

  describe('the corpus itself', () => {
    const cases = loadCorpus();
    const counts = countByCategory(cases);

    for (const category of CATEGORIES) {
      it(`holds at least ${MINIMUM_CASES[category]} ${category} commands`, () => {
        assert.ok(counts[category] >= MINIMUM_CASES[category], `${category}: ${counts[category]} cases`);
      });
    }

    it('names a provenance and a note on every line, and no command twice', () => {
      const seen = new Map<string, string>();
      for (const c of cases) {
        assert.ok(c.provenance.length > 5, `${c.source}: provenance`);
        assert.ok(c.note.length > 2, `${c.source}: note`);
        const key = `${c.category}\u0000${c.command}`;
        assert.ok(!seen.has(key), `${c.source}: same command as ${seen.get(key)}`);
        seen.set(key, c.source);
      }
    });

    it('survives the stdin encoding unchanged (CR, U+2028, NUL and other hidden characters included)', () => {
      for (const c of cases) {
        const line = asciiJson({ command: c.command });
        assert.ok(/^[\x20-\x7e]*$/.test(line), `${c.source}: encoded line is not printable ASCII`);
        assert.equal((JSON.parse(line) as { command: string }).command, c.command, c.source);
      }
    });
  });

  describe('the checks count what they claim', () => {
    // A check that cannot fail proves nothing: feed it made-up answers on both sides of its target.
    const fake = (category: CorpusCase['category'], n: number): CorpusCase[] =>
      Array.from({ length: n }, (_, i) => ({ id: `${category}-${i}`, category, command: `cmd ${i}`, note: 'n', provenance: 'p', source: 's' }));
    const answersFor = (cases: CorpusCase[], pick: (i: number) => Answer): Map<string, VariantAnswers> => {
      const byCase: VariantAnswers = new Map();
      cases.forEach((c, i) => byCase.set(c.id, new Map((['manual', 'write', 'assisted', 'auto', 'bypass'] as const).map((r) => [r, pick(i)]))));
      return new Map([['safe', byCase], ['safe+entries', byCase], ['entries-only', byCase]]);
    };
    const zeroApprovals = CHECKS.find((c) => c.name.startsWith('hardline: 0 approvals below bypass with a safe rating'))!;
    const floorRate = CHECKS.find((c) => c.name.startsWith('hardline: at least 95 %'))!;

    it('a single approval fails a zero-approval check and is listed', () => {
      const cases = fake('hardline', 10);
      const result = runCheck(zeroApprovals, cases, answersFor(cases, (i) => ({ action: i === 3 ? 'approve' : 'reject', stage: 'hardline-floor' })));
      assert.equal(result.passed, false);
      assert.equal(result.count, 4, 'one approval at each of four rungs');
      assert.deepEqual([...new Set(result.offenders.map((o) => o.id))], ['hardline-3']);
    });

    it('a floor rate of 94 % fails and 95 % passes', () => {
      const cases = fake('hardline', 100);
      const at = (n: number) => runCheck(floorRate, cases, answersFor(cases, (i) => ({ action: 'reject', stage: i < n ? 'hardline-floor' : 'bypass' })));
      assert.equal(at(94).passed, false);
      assert.equal(at(94).offenders.length, 6);
      assert.equal(at(95).passed, true);
    });
  });

  describe('must show (node dist/cli.js batch)', () => {
    let report: EvalReport | undefined;

    before(function () {
      const cliPath = process.env.APPROVALS_GATE_CLI;
      if (cliPath === undefined) ensureBuiltCli();
      report = evaluate(cliPath === undefined ? {} : { cliPath });
    });

    after(() => {
      if (!report) return;
      console.log(`\n${formatFigures(report)}\n\n${formatChecks(report, 15)}\n(${report.cases.length} commands, ${report.elapsedMs} ms)\n`);
    });

    for (const check of CHECKS) {
      it(check.name, () => {
        assert.ok(report, 'the evaluation did not run');
        const result = report.results.find((r) => r.check === check)!;
        assert.ok(result.passed, offenderMessage(result));
      });
    }
  });
});
