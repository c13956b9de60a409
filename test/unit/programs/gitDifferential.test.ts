/**
 * git's configuration keys, held to the real git (docs/differential-testing.md, "git -c keys").
 *
 * Every candidate in test/fixtures/programs/git-config-keys.json is run as `git -c KEY=VALUE …`
 * in a sandboxed repository (test/support/gitProbe.ts). The test fails when git does otherwise
 * than the fixture says (a git upgrade: look again), when a key that ran a program is missing
 * from the gate's one list (src/gate/programs/gitConfigKeys.ts), when a value git gave to `/bin/sh -c` is
 * not read as shell text, and when the gate approves such a `-c` under an entry for `git` or
 * `git SUBCOMMAND`, or lets `rm -rf /` in its value pass the hardline floor at `bypass`.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GIT_PROGRAM_KEYS, gitConfigCode, gitProgramKey } from '../../../src/gate/programs/gitConfigKeys';
import { askGate, commandLine, type Configuration } from '../../support/askGate';
import { createGitProbeOracle, fill, probeArgv, runProbe, type GitProbe, type GitProbeOracle, type ProbeOutcome } from '../../support/gitProbe';

interface Fixture {
  git: string;
  probes: GitProbe[];
}

const FIXTURE = path.join(__dirname, '..', '..', 'fixtures', 'programs', 'git-config-keys.json');
const fixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Fixture;
/** `{S}` for the questions put to the gate (the gate never sees the sandbox). */
const ASKED_STATIC = '/tmp/gate-git-probe';

function configurations(subcommand: string): Configuration[] {
  return [
    { name: `manual, allow "git" and "git ${subcommand}"`, rung: 'manual', allow: ['git', `git ${subcommand}`], defaultAllow: false },
    { name: 'manual, default list', rung: 'manual', allow: [], defaultAllow: true },
  ];
}

describe('git -c keys against the real git', function () {
  this.timeout(120_000);
  let probes: GitProbeOracle;
  const outcomes = new Map<GitProbe, ProbeOutcome>();

  before(async function () {
    probes = createGitProbeOracle();
    const runs = await Promise.all(fixture.probes.map(async (probe) => [probe, await runProbe(probes, probe)] as const));
    for (const [probe, outcome] of runs) outcomes.set(probe, outcome);
    const executed = runs.filter(([, outcome]) => outcome.executed).length;
    console.log(`      ${probes.oracle.version('git')}: ${runs.length} keys tried, ${executed} ran a program`);
  });
  after(() => probes?.dispose());

  it('git does with each key what the fixture says, and never without it', function () {
    const wrong: string[] = [];
    for (const [probe, outcome] of outcomes) {
      const line = commandLine(probeArgv(probe, ASKED_STATIC));
      if (outcome.controlExecuted) wrong.push(`the run without ${probe.key} executed: ${line} ${JSON.stringify(outcome.run.executed)}`);
      if (outcome.executed !== probe.executes) {
        wrong.push(`${line}: git ${outcome.executed ? 'ran' : 'did not run'} a program (fixture: ${probe.executes}); records ${JSON.stringify(outcome.run.executed)}; stderr ${JSON.stringify(outcome.run.stderr.slice(0, 300))}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('every key that ran a program is in the gate\'s list', function () {
    const missing = fixture.probes.filter((probe) => outcomes.get(probe)!.executed && gitProgramKey(fill(probe.key, ASKED_STATIC)) === null);
    assert.deepEqual(missing.map((probe) => probe.key), []);
  });

  it('every value git gave to /bin/sh -c is read as shell text', function () {
    const wrong: string[] = [];
    for (const probe of fixture.probes) {
      if (!outcomes.get(probe)!.ranShell) continue;
      // A loaded file's own settings ran (include.path): the value is a path, not the text.
      if (gitProgramKey(fill(probe.key, ASKED_STATIC))?.use === 'loads') continue;
      const code = gitConfigCode(fill(probe.key, ASKED_STATIC), fill(probe.value, ASKED_STATIC));
      if (code?.kind !== 'shell-text') wrong.push(`${probe.key}=${probe.value}: ${JSON.stringify(code)}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('every row of the gate\'s list was tried, and ran or says why it could not be seen', function () {
    const untried: string[] = [];
    for (const row of GIT_PROGRAM_KEYS) {
      const tried = fixture.probes.filter((probe) => row.pattern.test(fill(probe.key, ASKED_STATIC).toLowerCase()));
      if (!tried.some((probe) => probe.executes || probe.unobserved !== undefined)) untried.push(String(row.pattern));
    }
    assert.deepEqual(untried, []);
  });

  it('the gate approves no -c key that ran a program, under an entry for git or the default list', async function () {
    const approved: string[] = [];
    for (const probe of fixture.probes.filter((p) => p.executes)) {
      const line = commandLine(probeArgv(probe, ASKED_STATIC));
      for (const configuration of configurations(probe.argv[0]!)) {
        const decision = await askGate(line, configuration);
        if (decision.action === 'approve') approved.push(`${configuration.name}: ${line}`);
      }
    }
    assert.deepEqual(approved, []);
  });

  it('rm -rf / as the program of a key that runs text is floored at bypass', async function () {
    const bypass: Configuration = { name: 'bypass, allow "git"', rung: 'bypass', allow: ['git'], defaultAllow: true };
    const missed: string[] = [];
    let asked = 0;
    for (const probe of fixture.probes.filter((p) => p.executes)) {
      const code = gitConfigCode(fill(probe.key, ASKED_STATIC), fill(probe.value, ASKED_STATIC));
      if (code?.kind !== 'shell-text') continue;
      // The probe's program `{P} x` (or `{S}/gateprobe x`) becomes the catastrophic payload.
      const swap = (text: string): string => text.replaceAll('{S}/gateprobe x', '/bin/rm -rf /').replaceAll('{P} x', 'rm -rf /');
      const payloadProbe = { ...probe, key: swap(probe.key), value: swap(probe.value) };
      if (payloadProbe.key === probe.key && payloadProbe.value === probe.value) continue;
      const line = commandLine(probeArgv(payloadProbe, ASKED_STATIC));
      asked++;
      const decision = await askGate(line, bypass);
      if (decision.stage !== 'hardline-floor') missed.push(`${line}: ${decision.stage} ${decision.action}`);
    }
    assert.ok(asked >= 25, `only ${asked} payload lines asked`);
    assert.deepEqual(missed, []);
  });

  it('git obeys GIT_CONFIG_COUNT/KEY/VALUE and GIT_CONFIG_PARAMETERS like -c, and the gate covers neither', async function () {
    const settings: Array<Record<string, string>> = [
      { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.pager', GIT_CONFIG_VALUE_0: './gateprobe x' },
      { GIT_CONFIG_PARAMETERS: "'core.pager'='./gateprobe x'" },
    ];
    for (const env of settings) {
      const outcome = await runProbe(probes, { key: 'core.abbrev', value: '12', argv: ['log'], tty: true, executes: true, env });
      assert.ok(outcome.executed, `git did not obey ${JSON.stringify(env)}: ${JSON.stringify(outcome.run.executed)}`);
      const assignments = Object.entries(env).map(([name, value]) => `${name}=${commandLine([value])}`).join(' ');
      for (const configuration of [...configurations('log'), { name: 'manual, allow "git log" with rate false', rung: 'manual' as const, allow: ['git log'], defaultAllow: true }]) {
        const decision = await askGate(`${assignments} git log`, configuration);
        assert.notEqual(decision.action, 'approve', `${configuration.name}: ${assignments} git log`);
      }
    }
  });
});

describe('git regressions (test/fixtures/programs/git-regressions.txt)', function () {
  const lines = fs
    .readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'programs', 'git-regressions.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));

  it('has lines', () => assert.ok(lines.length >= 10));

  for (const line of lines) {
    it(`floors ${line}`, async function () {
      for (const rung of ['manual', 'bypass'] as const) {
        const decision = await askGate(line, { name: rung, rung, allow: ['git'], defaultAllow: true });
        assert.equal(decision.stage, 'hardline-floor', `${rung}: ${decision.stage} ${decision.reason}`);
      }
    });
  }
});
