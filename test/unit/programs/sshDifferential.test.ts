/**
 * ssh, scp and sftp options, held to the real OpenSSH client (docs/differential-testing.md, "ssh").
 *
 * 1. The probes of test/fixtures/programs/ssh-options.json: the real program starts a program
 *    exactly when the fixture says; the gate approves none of those under an entry for the
 *    program or the default list (except `-J`, which starts ssh itself); every `-o` command it
 *    ran is reported by the payload reader, and with `rm -rf /` for it the line is floored.
 * 2. Generated spellings of `-o ProxyCommand=…` (clusters, attached or separate, key case,
 *    blanks and `=` between key and command, after the host): when ssh runs the command, the
 *    payload reader reports exactly the text ssh handed to `/bin/sh -c exec …`.
 *
 * `GATE_FUZZ_SEED` replays a seed, `GATE_SSH_COUNT` sets how many spellings.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { executedPayloads } from '../../../src/gate/programs/executorPayloads';
import { argvRecord } from '../../../src/gate/programs/segmentRecord';
import { askGate, commandLine, type Configuration } from '../../support/askGate';
import { Prng, fuzzSeed } from '../../support/commandGenerator';
import type { ProgramOracle, ProgramRun } from '../../support/programOracle';
import { createSshOracle, runSshProbe, sshProbeArgv, type SshProbe } from '../../support/sshProbe';

interface Fixture {
  probes: SshProbe[];
}

const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'programs', 'ssh-options.json'), 'utf8')) as Fixture;

function configurations(program: string): Configuration[] {
  return [
    { name: `manual, allow "${program}"`, rung: 'manual', allow: [program], defaultAllow: false },
    { name: 'manual, default list', rung: 'manual', allow: [], defaultAllow: true },
  ];
}

function payloadTexts(argv: readonly string[]): string[] {
  return executedPayloads(argvRecord(argv.map((value) => ({ kind: 'literal' as const, value, raw: value })))).map((payload) =>
    payload.kind === 'shell-text' ? payload.text : payload.argv.map((word) => word.raw).join(' '),
  );
}

/** The command ssh ran through `/bin/sh -c 'exec CMD'` (ProxyCommand), or null. */
function proxyText(record: readonly string[]): string | null {
  if (!/(^|\/)sh$/.test(record[0] ?? '') || record[1] !== '-c') return null;
  const text = record[2] ?? '';
  return text.startsWith('exec ') ? text.slice(5) : text;
}

/** Where a `-o` setting's command is: `-o KEY=CMD` with CMD holding `marker`. */
function commandSetting(probe: SshProbe): number {
  return probe.argv.findIndex((word, k) => probe.argv[k - 1] === '-o' && /^(ProxyCommand|LocalCommand|KnownHostsCommand)=marker/.test(word));
}

describe('ssh, scp and sftp against the real OpenSSH client', function () {
  this.timeout(120_000);
  let oracle: ProgramOracle;
  const runs = new Map<SshProbe, ProgramRun>();

  before(async function () {
    oracle = createSshOracle();
    const done = await Promise.all(fixture.probes.map(async (probe) => [probe, await runSshProbe(oracle, probe)] as const));
    for (const [probe, run] of done) runs.set(probe, run);
    const executed = done.filter(([, run]) => run.executed.length > 0).length;
    console.log(`      ${oracle.version('ssh')}: ${done.length} probes, ${executed} started a program`);
  });
  after(() => oracle?.dispose());

  it('each probe starts a program exactly when the fixture says', function () {
    const wrong: string[] = [];
    for (const [probe, run] of runs) {
      const executed = run.executed.length > 0;
      if (executed !== probe.executes) wrong.push(`${JSON.stringify(sshProbeArgv(probe))}: ${executed ? 'ran' : 'ran nothing'} ${JSON.stringify(run.executed)} ${run.stderr.slice(0, 200)}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('the gate approves no probe that started another program', async function () {
    const approved: string[] = [];
    for (const probe of fixture.probes.filter((p) => p.executes && p.ownProgram !== true)) {
      const argv = sshProbeArgv(probe);
      for (const configuration of configurations(argv[0]!)) {
        if ((await askGate(commandLine(argv), configuration)).action === 'approve') approved.push(`${configuration.name}: ${commandLine(argv)}`);
      }
    }
    assert.deepEqual(approved, []);
  });

  it('every command a -o setting ran, or would run after connecting, is read and floored', async function () {
    const wrong: string[] = [];
    let asked = 0;
    for (const probe of fixture.probes.filter((p) => p.executes || p.unobserved !== undefined)) {
      const at = commandSetting(probe);
      if (at === -1) continue;
      const argv = sshProbeArgv(probe);
      const command = probe.argv[at]!.slice(probe.argv[at]!.indexOf('=') + 1);
      if (!payloadTexts(argv).includes(command)) wrong.push(`${commandLine(argv)}: the payload reader missed ${command}`);
      const ran = runs.get(probe)!.executed.map(proxyText);
      if (probe.executes && !ran.includes(command)) wrong.push(`${commandLine(argv)}: ssh ran ${JSON.stringify(ran)}, not ${command}`);
      const floored = [...probe.argv];
      floored[at] = floored[at]!.replace(command, 'rm -rf /');
      asked++;
      const decision = await askGate(commandLine(sshProbeArgv({ ...probe, argv: floored })), { name: 'bypass', rung: 'bypass', allow: [], defaultAllow: true });
      if (decision.stage !== 'hardline-floor') wrong.push(`${floored.join(' ')} not floored at bypass: ${decision.stage}`);
    }
    assert.ok(asked >= 5, `only ${asked} settings asked`);
    assert.deepEqual(wrong, []);
  });

  it('generated spellings of -o ProxyCommand: the payload reader reports what ssh runs', async function () {
    const count = Number(process.env.GATE_SSH_COUNT ?? '150');
    const seed = fuzzSeed();
    const random = new Prng(seed);
    const flags = '46AaCfGgKkNnqsTtVvXxYy';
    const lines: string[][] = [];
    for (let n = 0; n < count; n++) {
      const key = random.pick(['ProxyCommand', 'proxycommand', 'PROXYCOMMAND', 'ProxyCOMMAND']);
      const separator = random.pick(['=', ' ', ' = ', '\t', '==', '  ', '= ']);
      const command = random.pick([`marker v${n}`, `"marker v${n}"`, `marker v${n} %h %p`, `-marker v${n}`]);
      const setting = `${random.pick(['', ' ', '\t'])}${key}${separator}${command}`;
      let cluster = '-';
      for (let k = random.int(0, 2); k > 0; k--) cluster += random.pick([...flags]);
      const option = random.chance(0.5) ? [`${cluster}o`, setting] : [`${cluster}o${setting}`];
      const before = random.chance(0.7);
      lines.push(['ssh', '-o', 'BatchMode=yes', ...(before ? option : []), 'probe.invalid', ...(before ? [] : option), 'true']);
    }
    const results = await Promise.all(lines.map(async (argv) => ({ argv, run: await oracle.run(argv) })));
    const wrong: string[] = [];
    let ran = 0;
    for (const { argv, run } of results) {
      // ssh fills in %h and %p before it runs the command; the reader reports the text as written.
      const texts = payloadTexts(argv).map((text) => text.replaceAll('%h', 'probe.invalid').replaceAll('%p', '22'));
      for (const record of run.executed) {
        const text = proxyText(record);
        if (text === null) continue;
        ran++;
        if (!texts.includes(text)) wrong.push(`${JSON.stringify(argv)}: ssh ran ${JSON.stringify(text)}, the reader reported ${JSON.stringify(texts)}`);
      }
      if (run.executed.length > 0 && (await askGate(commandLine(argv), configurations('ssh')[0]!)).action === 'approve') wrong.push(`${JSON.stringify(argv)}: approved under "ssh"`);
    }
    console.log(`      seed ${seed}: ${count} spellings, ${ran} ran their command, ${wrong.length} differential(s)`);
    assert.ok(ran > count / 4, `only ${ran} of ${count} spellings ran`);
    assert.deepEqual(wrong, []);
  });
});

describe('ssh regressions (test/fixtures/programs/ssh-regressions.txt)', function () {
  const lines = fs
    .readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'programs', 'ssh-regressions.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));

  it('has lines', () => assert.ok(lines.length >= 7));

  for (const line of lines) {
    it(`floors and refuses ${line}`, async function () {
      const program = line.split(' ')[0]!;
      for (const rung of ['manual', 'bypass'] as const) {
        const decision = await askGate(line, { name: rung, rung, allow: [program], defaultAllow: true });
        assert.equal(decision.stage, 'hardline-floor', `${rung}: ${decision.stage} ${decision.reason}`);
      }
      const innocent = line.replace('rm -rf /', 'id');
      const decision = await askGate(innocent, { name: `allow ${program}`, rung: 'manual', allow: [program], defaultAllow: false });
      assert.notEqual(decision.action, 'approve', innocent);
    });
  }
});
