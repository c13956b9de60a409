/**
 * The runners' one contained path (D§13 "Containment"; docs/decisions.md "The terminal runs
 * contained commands"): `containedExecution` starts the sandbox or runs nothing and names the fix,
 * runs the wrapped command through the runner's own `run` (a child process, or the terminal), and
 * reports the stops and the policy the same way whichever runner ran it. A fake sandbox stands in
 * for the library here; test/integration/containedTerminalLine.test.ts runs the real one.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { containedExecution, containedTerminalLine } from '../../../src/gate/containment/containedRun';
import type { ContainedSpawn, Sandbox, SandboxAvailability, SandboxStop } from '../../../src/gate/containment/sandbox';
import type { SandboxPolicy } from '../../../src/gate/containment/sandboxPolicy';
import type { ExecutionRecord } from '../../../src/gate/execution/executionRecord';

const POLICY: SandboxPolicy = { writable: ['/work/app', '/tmp'], notWritable: [], unreadable: [], hosts: [], approved: { paths: [], hosts: [] } };
const SPAWN: ContainedSpawn = { file: '/bin/bash', args: ['--noprofile', '--norc', '-c', 'WRAPPED'], env: {}, commandId: 'c1', line: 'WRAPPED' };

function fakeSandbox(availability: SandboxAvailability, stops: SandboxStop[] = []): { sandbox: Sandbox; contained: string[] } {
  const contained: string[] = [];
  const sandbox = {
    start: async () => availability,
    contain: async <T>(command: string, _policy: SandboxPolicy, _env: unknown, use: (spawnable: ContainedSpawn) => Promise<T>) => {
      contained.push(command);
      return use(SPAWN);
    },
    stops: async () => stops,
  } as unknown as Sandbox;
  return { sandbox, contained };
}

const ran = (over: Partial<ExecutionRecord> = {}): ExecutionRecord => ({ exitCode: 1, output: 'x', truncatedBytes: 0, timedOut: false, via: 'shell-integration', durationMs: 5, started: true, notes: [], ...over });

describe('containment: the runners\' contained path', () => {
  it('a sandbox that cannot start runs nothing, and the record names the fix and the policy', async () => {
    const { sandbox, contained } = fakeSandbox({ ok: false, reason: 'the sandbox is missing bubblewrap', fix: 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap)' });
    let called = false;
    const record = await containedExecution({ command: 'ls', policy: POLICY, env: {}, via: 'shell-integration', sandbox }, async () => {
      called = true;
      return ran();
    });
    assert.equal(called, false, 'nothing ran');
    assert.deepEqual(contained, []);
    assert.equal(record.started, false);
    assert.equal(record.via, 'shell-integration');
    assert.match(record.notes.join(' '), /Not run: the sandbox is missing bubblewrap\. To fix: install bubblewrap/);
    assert.deepEqual(record.containment, POLICY);
  });

  it('a run: the runner gets the wrapped line, and the stops and the policy are added to its record', async () => {
    const stop: SandboxStop = { kind: 'write', target: '/etc/x', evidence: 'output' };
    const { sandbox, contained } = fakeSandbox({ ok: true }, [stop]);
    let line = '';
    const record = await containedExecution({ command: 'touch /etc/x', policy: POLICY, env: {}, via: 'shell-integration', sandbox }, async (spawnable) => {
      line = spawnable.line;
      return ran();
    });
    assert.deepEqual(contained, ['touch /etc/x']);
    assert.equal(line, 'WRAPPED');
    assert.deepEqual(record.sandboxStops, [stop]);
    assert.deepEqual(record.notes, ['The sandbox stopped a write to /etc/x (outside the places this command may write).']);
    assert.deepEqual(record.containment, POLICY);
    assert.equal(record.exitCode, 1, 'the status is the run\'s');
  });

  it('a run that did not start reports no stops (nothing ran to be stopped)', async () => {
    const { sandbox } = fakeSandbox({ ok: true }, [{ kind: 'write', target: '/etc/x', evidence: 'output' }]);
    const record = await containedExecution({ command: 'ls', policy: POLICY, env: {}, via: 'child-process', sandbox }, async () => ran({ started: false, exitCode: null }));
    assert.equal(record.sandboxStops, undefined);
  });

  it('a wrap that throws runs nothing and says so', async () => {
    const sandbox = { start: async () => ({ ok: true }), contain: async () => { throw new Error('no proxy'); } } as unknown as Sandbox;
    const record = await containedExecution({ command: 'ls', policy: POLICY, env: {}, via: 'child-process', sandbox }, async () => ran());
    assert.equal(record.started, false);
    assert.match(record.notes[0]!, /the sandbox could not wrap the command: no proxy/);
  });

  describe('the line the terminal types', () => {
    it('bash runs the private file; the approved command is a comment only', () => {
      // A command that would print if it ran: as a comment it must not.
      const line = containedTerminalLine('/nonexistent/it\'s private/contained-1.bash', 'echo RAN; $(echo RAN2)');
      assert.equal(line, `/bin/bash --noprofile --norc '/nonexistent/it'\\''s private/contained-1.bash' # echo RAN; $(echo RAN2)`);
      // bash reads the line: the file is one word (quoted), the rest is a comment (printing the word, not running it).
      const words = execFileSync('/bin/bash', ['--noprofile', '--norc', '-c', `printf '%s\\n' ${line.slice('/bin/bash '.length)}`], { encoding: 'utf8' });
      assert.equal(words, '--noprofile\n--norc\n/nonexistent/it\'s private/contained-1.bash\n');
    });
  });
});
