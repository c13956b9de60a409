import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { describeStops, runContained } from '../gate/containment/containedRun';
import { Sandbox } from '../gate/containment/sandbox';
import { sandboxPolicyFor } from '../gate/containment/sandboxPolicy';
import { scrubEnvironment } from '../gate/execution/environmentScrub';
import { decide, recheckBeforeExecution } from '../gate/pipeline';
import type { CliOptions } from './options';
import { EXIT_CODES } from './explainCommand';
import { raterFromOptions, servicesFor } from './gateServices';

/**
 * `approvals-gate run [options] -- COMMAND` (D§14): decide as `explain` does, then run an
 * approved command with bash, in the OS sandbox whose policy is the decision's (D§13
 * "Containment"), with the scrubbed environment. The command's output passes through as it
 * comes; the gate's own lines go to stderr, prefixed `approvals-gate:`.
 *
 * Exit codes: the command's status when it ran (128+N when signal N ended it); `explain`'s 2, 3
 * or 4 when it was not approved; {@link SANDBOX_UNAVAILABLE} when it was approved but the sandbox
 * could not start, so nothing ran (fail closed: there is no uncontained fallback unless the
 * person says `--sandbox off`).
 */

/** Approved, but nothing ran: the sandbox could not start or wrap the command. */
export const SANDBOX_UNAVAILABLE = 5;

export async function runRun(options: CliOptions, err: (text: string) => void): Promise<number> {
  const command = options.words.join(' ');
  const decision = await decide({ command, cwd: options.cwd, shell: options.shell, tool: 'cli' }, servicesFor(options, raterFromOptions(options)));
  if (decision.action !== 'approve') {
    err(`approvals-gate: not run: ${decision.action} (${decision.stage}): ${decision.reason}`);
    return EXIT_CODES[decision.action];
  }
  // The exec-time recheck (docs/architecture.md): the hardline floor once more, right before running.
  const refusal = recheckBeforeExecution(command, options.home, options.cwd, 'bash');
  if (refusal) {
    err(`approvals-gate: not run: ${refusal.reason}`);
    return EXIT_CODES.reject;
  }
  const { env } = scrubEnvironment(process.env, []);
  if (options.sandbox === 'off') {
    err('approvals-gate: running without the sandbox (--sandbox off)');
    return runUncontained(command, options.cwd, env);
  }
  const policy = sandboxPolicyFor({
    command,
    cwd: options.cwd,
    home: options.home,
    decision,
    workspaceFolders: [options.cwd],
    packageRegistries: options.packageRegistries,
    approved: { paths: options.sandboxPaths, hosts: options.sandboxHosts },
  });
  const sandbox = Sandbox.shared();
  let result;
  try {
    result = await runContained({
      command,
      cwd: options.cwd,
      env,
      policy,
      sandbox,
      passThrough: { stdout: (chunk) => process.stdout.write(chunk), stderr: (chunk) => process.stderr.write(chunk) },
    });
  } finally {
    // The library's proxy and violation monitor would keep the CLI alive after the command.
    await sandbox.stop();
  }
  if (!result.started) {
    err(`approvals-gate: not run: ${result.reason}${result.fix ? `. To fix: ${result.fix}` : ''}`);
    return SANDBOX_UNAVAILABLE;
  }
  for (const line of describeStops(result.stops)) err(`approvals-gate: ${line}`);
  if (result.stops.length > 0) err('approvals-gate: to allow it for one run, add --sandbox-path PATH or --sandbox-host HOST');
  return statusOf(result.exitCode, result.signal);
}

/** `--sandbox off`: the same bash, the same environment, no sandbox. */
function runUncontained(command: string, cwd: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('/bin/bash', ['--noprofile', '--norc', '-c', command], { cwd, env, stdio: 'inherit' });
    child.on('error', () => resolve(SANDBOX_UNAVAILABLE));
    child.on('close', (code, signal) => resolve(statusOf(code, signal)));
  });
}

/** A shell's way of saying how a process ended. */
function statusOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return signal ? 128 + (constants.signals[signal] ?? 0) : 1;
}
