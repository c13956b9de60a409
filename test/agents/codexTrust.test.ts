/**
 * `codexHookTrust` against the real Codex: an untrusted hook is skipped without a word, and
 * the trust it returns, written into config.toml, makes a run without
 * `--dangerously-bypass-hook-trust` call the hook; a changed hook needs trusting again. Plus the
 * failure paths (it never hangs). The TOML editing alone: test/unit/cli/hooks/codexTrustToml.test.ts.
 */
import assert from 'node:assert/strict';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { codexHookTrust, withCodexTrust } from '../../src/cli/hooks/codexTrust';
import { startFakeModelServer, type FakeModelServer } from '../support/agents/fakeModelServer';
import {
  agentBin, agentConfigPaths, cleanEnv, describeRun, hookRegistration, newCaseRoot, removeCaseRoots, requireAgentStage, runAgent, runGateCli, shellQuote, writeAgentConfig,
} from '../support/agents/agentRunner';

describe('agents (real CLIs): Codex hook trust', function () {
  let server: FakeModelServer;

  before(async function () {
    requireAgentStage();
    server = await startFakeModelServer();
  });

  after(async function () {
    await server?.close();
    removeCaseRoots();
  });

  it('an untrusted hook is skipped; the trust from codexHookTrust makes Codex call it', async function () {
    const root = newCaseRoot('codex-trust');
    writeAgentConfig('codex', root.home, server);
    const paths = agentConfigPaths(root.home);
    // A harmless hook: it reads its input, notes the call, and answers nothing (= no objection).
    const calls = path.join(root.root, 'trust-hook-calls');
    writeFileSync(paths.codexHooks, JSON.stringify(hookRegistration('codex', `sh -c ${shellQuote(`cat >/dev/null; echo called >> ${calls}`)}`)));
    const callCount = () => (existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').filter(Boolean).length : 0);

    const untrusted = await runAgent({ agent: 'codex', server, root, command: `touch ${root.marker}`, bypassHookTrust: false });
    assert.equal(callCount(), 0, `an untrusted hook was called\n${describeRun(untrusted)}`);
    assert.ok(untrusted.markerExists, describeRun(untrusted));

    const started = Date.now();
    const entries = await codexHookTrust(agentBin('codex'), cleanEnv(root), root.ws);
    const ms = Date.now() - started;
    assert.equal(entries.length, 1, JSON.stringify(entries));
    const [entry] = entries;
    assert.ok(entry!.key.startsWith(paths.codexHooks) && entry!.key.length > paths.codexHooks.length, entry!.key);
    assert.match(entry!.trustedHash, /^sha256:[0-9a-f]{64}$/);
    assert.ok(entry!.command?.includes(calls), entry!.command);
    assert.ok(ms < 30_000, `${ms} ms`);
    const trust = (list: typeof entries) => writeFileSync(paths.codexConfig, withCodexTrust(readFileSync(paths.codexConfig, 'utf8'), list));
    trust(entries);

    const trusted = await runAgent({ agent: 'codex', server, root, command: `touch ${root.marker}`, bypassHookTrust: false });
    assert.equal(trusted.code, 0, describeRun(trusted));
    assert.equal(callCount(), 1, `the trusted hook was not called\n${describeRun(trusted)}`);
    assert.ok(trusted.markerExists, describeRun(trusted));
    assert.deepEqual(await codexHookTrust(agentBin('codex'), cleanEnv(root), root.ws), [], 'the hook is still listed as untrusted');

    // The hash covers the definition: a changed hook is skipped again, and listed as modified
    // under the same key; trusting it again replaces the hash (a second table for the key would
    // stop Codex from loading its config at all).
    writeFileSync(paths.codexHooks, JSON.stringify(hookRegistration('codex', `sh -c ${shellQuote(`cat >/dev/null; echo changed >> ${calls}`)}`)));
    const skipped = await runAgent({ agent: 'codex', server, root, command: `touch ${root.marker}`, bypassHookTrust: false });
    assert.equal(callCount(), 1, `a changed hook ran on its old trust\n${describeRun(skipped)}`);
    const changed = await codexHookTrust(agentBin('codex'), cleanEnv(root), root.ws);
    assert.equal(changed.length, 1, JSON.stringify(changed));
    assert.equal(changed[0]!.key, entry!.key);
    assert.equal(changed[0]!.trustStatus, 'modified');
    assert.notEqual(changed[0]!.trustedHash, entry!.trustedHash);
    trust(changed);
    const retrusted = await runAgent({ agent: 'codex', server, root, command: `touch ${root.marker}`, bypassHookTrust: false });
    assert.equal(retrusted.code, 0, describeRun(retrusted));
    assert.equal(callCount(), 2, `the re-trusted hook was not called\n${describeRun(retrusted)}`);
    assert.match(readFileSync(calls, 'utf8'), /changed/);
  });

  it("install codex trusts its own hook and leaves the trust of the user's other hooks alone", async function () {
    // Codex keys a hook's trust by its place (`hooks.json:pre_tool_use:<group>:<handler>`): an
    // install that puts its entry before the user's shifts theirs to a key with no trust, and
    // Codex then skips them without a word.
    const root = newCaseRoot('codex-install-trust');
    writeAgentConfig('codex', root.home, server);
    const paths = agentConfigPaths(root.home);
    const userHook = `sh -c ${shellQuote('cat >/dev/null')}`;
    writeFileSync(paths.codexHooks, JSON.stringify(hookRegistration('codex', userHook)));
    const trust = (list: Awaited<ReturnType<typeof codexHookTrust>>) => writeFileSync(paths.codexConfig, withCodexTrust(readFileSync(paths.codexConfig, 'utf8'), list));
    trust(await codexHookTrust(agentBin('codex'), cleanEnv(root), root.ws));
    const installed = runGateCli(root, ['install', 'codex']);
    assert.equal(installed.status, 0, installed.stdout + installed.stderr);
    const untrusted = await codexHookTrust(agentBin('codex'), cleanEnv(root), root.ws);
    const described = JSON.stringify(untrusted.map(({ key, trustStatus, command }) => ({ key: key.slice(paths.codexHooks.length), trustStatus, command })));
    assert.ok(!untrusted.some((entry) => entry.command === userHook), `after install the user's own hook is no longer trusted: ${described}`);
    assert.deepEqual(untrusted, [], `install left hooks untrusted (Codex skips them): ${described}`);
  });

  it('rejects, without hanging, when the app-server cannot start, exits, or never answers', async function () {
    const root = newCaseRoot('codex-trust-failures');
    await assert.rejects(codexHookTrust(path.join(root.root, 'no-such-codex'), cleanEnv(root), root.ws), /could not start/);
    const quits = path.join(root.root, 'quits');
    writeFileSync(quits, '#!/bin/sh\necho "not json-rpc"\nexit 3\n');
    chmodSync(quits, 0o755);
    await assert.rejects(codexHookTrust(quits, cleanEnv(root), root.ws), /exited \(3\) before answering/);
    const hangs = path.join(root.root, 'hangs');
    writeFileSync(hangs, '#!/bin/sh\nexec sleep 60\n');
    chmodSync(hangs, 0o755);
    const started = Date.now();
    await assert.rejects(codexHookTrust(hangs, cleanEnv(root), root.ws, { timeoutMs: 500 }), /no answer within 500 ms/);
    assert.ok(Date.now() - started < 5_000);
  });
});
