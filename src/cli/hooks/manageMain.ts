import { existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AGENT_NAMES, agentNamed, type AgentName } from './agents';
import { currentSource, detectAgents, doctor, install, pruneUnusedCopies, trustCodexHook, uninstall, type Change, type ManageContext } from './install';
import { agentSandboxReport } from './agentSandbox';
import { registeredTimeoutMs } from './hookCommand';
import { registrationFor } from './registrations';
import { readHookSettings, settingsReport } from './hookSettings';
import { readHookCapture } from './hookCapture';
import { userFolders } from './userFolders';
import { buildDebugDump, dumpedSettings } from '../../gate/capture/debugDump';
import { collectSecretLiterals } from '../../gate/capture/redaction';
import { GATE_VERSION } from '../version';

/** `install`, `uninstall`, `doctor` and `export`: exit 0 when everything asked for is in order, 1 otherwise. */
export async function manageMain(argv: readonly string[]): Promise<number> {
  const [verb, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: { detect: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, out: { type: 'string' } },
    });
  } catch (error) {
    process.stderr.write(`approvals-gate ${verb}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const { values, positionals } = parsed;
  const folders = userFolders(process.env);
  if (verb === 'export') return exportDump(folders, values.out);

  const unknown = positionals.filter((name) => !agentNamed(name));
  if (unknown.length > 0) {
    process.stderr.write(`approvals-gate ${verb}: unknown agent ${unknown.map((n) => JSON.stringify(n)).join(', ')} (one of ${AGENT_NAMES.join(', ')})\n`);
    return 1;
  }
  const settings = readHookSettings(folders.settingsFile, undefined);
  const ctx: ManageContext = {
    env: process.env,
    home: folders.home,
    ...currentSource(process.argv[1] ?? 'approvals-gate'),
    timeoutMs: registeredTimeoutMs(settings.settings.rater.timeoutMs),
    dryRun: values['dry-run'] ?? false,
    now: () => new Date(),
  };
  let agents = positionals as AgentName[];
  if (verb === 'install' && values.detect) {
    agents = detectAgents(ctx);
    if (agents.length === 0) process.stdout.write('No agent found: none of ~/.claude, ~/.gemini, ~/.codex, ~/.copilot, ~/.cursor exists.\n');
  } else if (verb === 'doctor' && agents.length === 0) {
    agents = [...AGENT_NAMES];
  } else if (agents.length === 0) {
    process.stderr.write(`approvals-gate ${verb}: name the agent(s): ${AGENT_NAMES.join(', ')}${verb === 'install' ? ', or --detect' : ''}\n`);
    return 1;
  }
  let ok = true;
  if (verb === 'doctor') {
    // The settings a hook in this folder would decide with: a refusal or a dropped value fails.
    const report = settingsReport(readHookSettings(folders.settingsFile, process.cwd()), folders.settingsFile);
    ok = report.ok;
    process.stdout.write(report.lines.join('\n') + '\n');
  }
  for (const agent of agents) {
    if (verb === 'doctor') {
      const report = await doctor(agent, ctx);
      ok &&= report.ok;
      process.stdout.write(report.lines.join('\n') + '\n');
      // The agent runs what the gate approves: is it contained there (information, never a failure)?
      if (existsSync(registrationFor(agent, ctx.env, ctx.home).folder)) process.stdout.write(`  ${agentSandboxReport(agent, ctx.env, ctx.home, process.cwd())}\n`);
      continue;
    }
    let changes: Change[];
    try {
      changes = verb === 'install' ? [install(agent, ctx)] : [uninstall(agent, ctx)];
    } catch (error) {
      process.stderr.write(`approvals-gate ${verb} ${agent}: ${error instanceof Error ? error.message : String(error)}\n`);
      ok = false;
      continue;
    }
    // Codex runs only a trusted hook: recording the trust is part of installing it.
    if (verb === 'install' && agent === 'codex' && changes[0]!.ok) changes.push(await trustCodexHook(ctx));
    for (const change of changes) {
      ok &&= change.ok;
      (change.ok ? process.stdout : process.stderr).write(change.message + '\n');
    }
  }
  // The installed copies no agent runs any more go (an older build, or all of them after uninstall).
  if (verb === 'install' || verb === 'uninstall') {
    try {
      for (const folder of pruneUnusedCopies(ctx)) process.stdout.write(`Removed the installed copy ${folder} (no agent runs it now)\n`);
    } catch (error) {
      process.stderr.write(`approvals-gate ${verb}: could not remove old installed copies: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  return ok ? 0 : 1;
}

/** `export [--out FILE]`: the same debug dump the extension writes, from the hook's capture log. */
function exportDump(folders: ReturnType<typeof userFolders>, out: string | undefined): number {
  const { capture, skipped } = readHookCapture(folders.captureFile);
  const settings = readHookSettings(folders.settingsFile, undefined);
  const s = settings.settings;
  const dump = buildDebugDump(
    {
      extension: { id: 'approvals-gate-cli', version: GATE_VERSION },
      vscodeVersion: 'none (agent hooks)',
      settings: dumpedSettings(s, s.rung),
      ignoredBecauseUntrusted: [],
      rung: s.rung,
      grants: { session: [], always: [], denySession: [] },
      capture,
      exportedAt: new Date(),
    },
    { literals: collectSecretLiterals(process.env) },
  );
  const text = JSON.stringify(dump, null, 2) + '\n';
  if (settings.blocked) process.stderr.write(`approvals-gate export: ${settings.blocked}\n`);
  for (const problem of settings.problems) process.stderr.write(`approvals-gate export: settings value dropped: ${problem}\n`);
  if (skipped > 0) process.stderr.write(`approvals-gate export: ${skipped} unreadable line(s) of ${folders.captureFile} skipped\n`);
  if (out === undefined) {
    process.stdout.write(text);
  } else {
    writeFileSync(out, text, { mode: 0o600 });
    process.stdout.write(`Wrote the debug dump (${capture.records.length} decisions) to ${out}\n`);
  }
  return 0;
}
