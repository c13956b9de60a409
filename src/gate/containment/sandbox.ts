import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SandboxManager, type SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import { isWithin } from '../preflight/protectedWrite';
import { bubblewrapLine, observeSocketIn } from './bubblewrapLine';
import type { PolicyPath, SandboxPolicy } from './sandboxPolicy';

/**
 * The OS sandbox every command the gate runs goes through (D§13 "Containment";
 * docs/decisions.md "Containment: the sandbox's policy"): `@anthropic-ai/sandbox-runtime`,
 * which is bubblewrap with a seccomp filter and a filtering proxy on Linux and Seatbelt on macOS.
 *
 * Fail closed: when the setting is `on` and the sandbox cannot start, nothing runs, and the
 * reason names what to install or change. There is no silent fallback to an uncontained run.
 *
 * The library keeps one manager per process (its proxy, its network allow list, the mount
 * points it makes for paths that do not exist yet), so commands take turns here: one contained
 * command runs at a time, and its hosts are the proxy's allow list while it runs. A second
 * command waits for the first to end.
 */

/** Whether the sandbox can run here; when it cannot, why and what would fix it. */
export type SandboxAvailability = { ok: true } | { ok: false; reason: string; fix: string };

/** What to spawn for one contained command: `file` with `args`, in the caller's cwd, with `env`. */
export interface ContainedSpawn {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** The key the library files this command's violations under. */
  commandId: string;
  /**
   * The library's wrapped command line, the script `args` hand to bash (`bash --noprofile --norc -c
   * line`): what the terminal runs from a private file instead of typing it (`containedTerminalLine`).
   */
  line: string;
}

/** One thing the sandbox stopped: a write, a read or a connection outside the policy. */
export interface SandboxStop {
  kind: 'write' | 'read' | 'network';
  /** The path (absolute) or `host:port` that was denied. */
  target: string;
  /** How the gate knows: the sandbox's own violation log, or the command's error output. */
  evidence: 'violation-log' | 'output';
}

/** The first thing a person must do for the sandbox to run on this platform, or null. */
function platformProblem(platform: NodeJS.Platform): SandboxAvailability | null {
  if (platform === 'linux' || platform === 'darwin') return null;
  if (platform === 'win32') {
    return {
      ok: false,
      reason: 'the gate\'s sandbox does not run on Windows',
      fix: 'run VS Code in WSL (Remote - WSL) so commands run on Linux, or set approvalsGate.sandbox to "off" to run commands uncontained',
    };
  }
  return { ok: false, reason: `the gate's sandbox does not run on ${platform}`, fix: 'set approvalsGate.sandbox to "off" to run commands uncontained' };
}

/** Where each missing Linux dependency comes from. */
const LINUX_FIXES: ReadonlyArray<[RegExp, string]> = [
  [/bubblewrap|bwrap/i, 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)'],
  [/socat/i, 'install socat (Debian/Ubuntu: apt-get install socat; Fedora: dnf install socat)'],
  [/ripgrep|\brg\b/i, 'install ripgrep (Debian/Ubuntu: apt-get install ripgrep; Fedora: dnf install ripgrep)'],
  [/seccomp/i, 'use an x64 or arm64 machine (the seccomp helper ships for those), or set approvalsGate.sandbox to "off"'],
];

/** The fix for what a failed start says, in the user's terms. */
export function fixFor(message: string): string {
  const fixes = LINUX_FIXES.filter(([pattern]) => pattern.test(message)).map(([, fix]) => fix);
  if (/user namespace|uid map|unshare|Operation not permitted|setting up uid/i.test(message)) {
    fixes.push('allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 and later sysctl kernel.apparmor_restrict_unprivileged_userns=0), or, inside a container, run it with user namespaces allowed');
  }
  return fixes.length > 0 ? fixes.join('; ') : 'see the reason above, or set approvalsGate.sandbox to "off" to run commands uncontained';
}

/**
 * The process's sandbox. `start` initialises the library once and proves it with a real
 * contained `true`; every later call gets the same answer.
 */
export class Sandbox {
  private static instance: Sandbox | undefined;
  private started: Promise<SandboxAvailability> | undefined;
  private turn: Promise<void> = Promise.resolve();
  private runs = 0;
  /**
   * The violation monitor's socket, read off the start probe's line (the manager keeps it to
   * itself): `undefined` when that line had none, absent until read or when it could not be read,
   * which keeps every command on the manager's path.
   */
  private observe: { socket: string | undefined } | undefined;

  /** The one sandbox of this process (the library's manager is a process singleton). */
  static shared(): Sandbox {
    return (Sandbox.instance ??= new Sandbox());
  }

  /** Start the library once (proxy, violation monitor) and run a contained `true`. Never throws. */
  start(): Promise<SandboxAvailability> {
    return (this.started ??= this.startOnce());
  }

  private async startOnce(): Promise<SandboxAvailability> {
    const problem = platformProblem(process.platform);
    if (problem) return problem;
    try {
      const deps = SandboxManager.checkDependencies();
      if (deps.errors.length > 0) {
        const reason = `the sandbox is missing ${deps.errors.join(', ')}`;
        return { ok: false, reason, fix: fixFor(reason) };
      }
      await SandboxManager.initialize(baseConfig([]), undefined, true);
      this.observe = undefined;
      const probe = await this.contain('true', { writable: [], notWritable: [], unreadable: [], hosts: [], approved: { paths: [], hosts: [] } }, {}, async (spawnable) => {
        const socket = observeSocketIn(spawnable.line);
        if (socket !== null) this.observe = { socket };
        const { code, stderr } = await runToEnd(spawnable);
        return code === 0 ? null : stderr.trim() || `exit status ${code}`;
      });
      if (probe !== null) return { ok: false, reason: `the sandbox could not start a command: ${probe}`, fix: fixFor(probe) };
      return { ok: true };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: `the sandbox could not start: ${message}`, fix: fixFor(message) };
    }
  }

  /**
   * Stop the library's proxy and violation monitor (they keep a process alive): the CLI calls
   * this after its one command. A later `start` starts afresh.
   */
  async stop(): Promise<void> {
    if (this.started === undefined) return;
    await this.turn;
    this.started = undefined;
    await SandboxManager.reset();
  }

  /**
   * Run `use` with what to spawn for `command` under `policy`; commands take their turn (see
   * above). `env` is the environment the command gets (already scrubbed, D§13); the library
   * adds its proxy variables. The caller spawns, waits for the end, and returns; after that
   * the mount points made for this command are removed. Call only after `start` said ok.
   * A policy with no host runs without the proxy's bridges on Linux (`closedNetworkLine`);
   * `route.viaManager` keeps it on the manager's path (the bench and the tests compare the two).
   */
  async contain<T>(command: string, policy: SandboxPolicy, env: Readonly<Record<string, string>>, use: (spawnable: ContainedSpawn) => Promise<T>, route: { viaManager?: boolean } = {}): Promise<T> {
    // Fail closed on a path the library would read as a pattern (and on Linux drop from its
    // write-denials): the protected place inside it would be writable, or the store readable.
    const globbed = globbedPolicyPath(policy);
    if (globbed !== null) throw new Error(`the sandbox cannot protect ${globbed} exactly: its path holds a glob character (* ? [ ]), which the sandbox library reads as a pattern`);
    const previous = this.turn;
    let release!: () => void;
    this.turn = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      const config = baseConfig(policy.hosts);
      SandboxManager.updateConfig(config);
      const commandId = `approvals-gate-${process.pid}-${++this.runs}`;
      const wrapped = (route.viaManager ? null : await this.closedNetworkLine(command, policy, config, commandId)) ?? (await SandboxManager.wrapWithSandbox(command, '/bin/bash', filesystemOf(policy), undefined, { commandId, commandText: command }));
      try {
        return await use({ file: '/bin/bash', args: ['--noprofile', '--norc', '-c', wrapped], env: { ...env }, commandId, line: wrapped });
      } finally {
        SandboxManager.cleanupAfterCommand();
      }
    } finally {
      release();
    }
  }

  /**
   * The line for a command that may reach no host, on Linux: the library's own wrapper without
   * the proxy bridges (`bubblewrapLine.ts`; docs/decisions.md "The sandbox's cost per command"),
   * the network closed by `--unshare-net` alone. `null` sends the command the manager's way:
   * another platform, a host allowed, the monitor's socket unknown, or a wrap that threw (the
   * manager's wrap then meets the same problem and says so). Never a looser line.
   */
  private async closedNetworkLine(command: string, policy: SandboxPolicy, config: SandboxRuntimeConfig, commandId: string): Promise<string | null> {
    if (process.platform !== 'linux' || policy.hosts.length > 0 || this.observe === undefined) return null;
    try {
      return await bubblewrapLine(command, { config, filesystem: filesystemOf(policy).filesystem ?? {}, commandId, commandText: command, observeSocketPath: this.observe.socket });
    } catch {
      return null;
    }
  }

  /**
   * What the sandbox stopped for this command: the violation log's writes and refused
   * connections, and what the command's own error output shows of a write outside the policy
   * (EROFS, EACCES), a read of an unreadable place, or a connection that found no network.
   * Call after the command ended; `waitMs` gives the violation log time to arrive.
   */
  async stops(spawnable: ContainedSpawn, policy: SandboxPolicy, command: string, output: string, waitMs = 0): Promise<SandboxStop[]> {
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    const lines = SandboxManager.getSandboxViolationStore().getViolationsForCommand(spawnable.commandId).map((violation) => violation.line);
    return stopsFrom(lines, output, command, policy);
  }
}

/** The library's configuration with the network allow list of one command. */
export function baseConfig(hosts: readonly string[]): SandboxRuntimeConfig {
  return {
    // No ask callback and a strict list: a host not on it is refused, never asked about.
    network: { allowedDomains: [...hosts], deniedDomains: [], strictAllowlist: true },
    filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
    // The library searches the process's own working folder (not the command's) for protected
    // files with ripgrep before every command; the policy's own search of the workspace
    // (sandboxPolicy.ts, protectedPlacesUnder) is what finds them, so the library looks only one
    // level deep (in the extension host its working folder is not the workspace at all).
    mandatoryDenySearchDepth: 1,
  };
}

/**
 * A path of the policy holding a glob character, or null (docs/decisions.md "The sandbox's cost per
 * command", and "A policy path the sandbox would read as a pattern"). The library expands such a
 * read-denial as a pattern and, on Linux, silently drops such a write-denial, so a protected place
 * below a folder named `a[1]` would be writable inside the sandbox: no such policy is run.
 */
export function globbedPolicyPath(policy: SandboxPolicy): string | null {
  const paths = [...policy.writable, ...policy.notWritable.map((entry) => entry.path), ...policy.unreadable.map((entry) => entry.path)];
  return paths.find((path) => /[*?[\]]/.test(path)) ?? null;
}

/** The policy as the library's per-command filesystem configuration. */
export function filesystemOf(policy: SandboxPolicy): Partial<SandboxRuntimeConfig> {
  return {
    filesystem: {
      allowWrite: [...policy.writable],
      denyWrite: policy.notWritable.map((entry) => entry.path),
      // Only what exists is mounted over: a path that is not there holds nothing to read.
      denyRead: policy.unreadable.map((entry) => entry.path).filter((path) => existsSync(path)),
    },
  };
}

/** Spawn and collect; for the start probe. */
function runToEnd(spawnable: ContainedSpawn): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(spawnable.file, spawnable.args, { env: spawnable.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) => resolve({ code: null, stderr: error.message }));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** Error words that say a write was refused by the file system. */
const WRITE_REFUSED = /Read-only file system|Permission denied|Operation not permitted|EROFS|EACCES|EPERM/;
/** Error words a connection that found no network (or a refusing proxy) prints. */
const CONNECTION_REFUSED = /Failed to connect to (\S+) port (\d+)|Could not resolve (?:host|proxy): (\S+)|CONNECT tunnel failed, response 403|blocked-by-sandbox-runtime|Connection refused|Network is unreachable/;

/**
 * The stops in the violation log lines (`deny openat /path`, `deny network-outbound host:port …`)
 * and in the command's output; each target once. Pure, for the unit tests.
 */
export function stopsFrom(violationLines: readonly string[], output: string, command: string, policy: SandboxPolicy): SandboxStop[] {
  const stops: SandboxStop[] = [];
  const add = (stop: SandboxStop) => {
    if (!stops.some((known) => known.kind === stop.kind && known.target === stop.target)) stops.push(stop);
  };
  for (const line of violationLines) {
    const network = /network-outbound\s+(\S+)/.exec(line);
    if (network) {
      add({ kind: 'network', target: network[1]!, evidence: 'violation-log' });
      continue;
    }
    const path = /^deny\s+\S+\s+(\/.*)$/.exec(line.trim());
    if (path && !writableUnder(path[1]!, policy)) add({ kind: 'write', target: path[1]!, evidence: 'violation-log' });
  }
  for (const line of output.split('\n')) {
    if (WRITE_REFUSED.test(line)) {
      for (const path of pathsIn(line)) if (!writableUnder(path, policy)) add({ kind: 'write', target: path, evidence: 'output' });
    }
    const connection = CONNECTION_REFUSED.exec(line);
    if (connection) {
      const host = connection[1] !== undefined ? `${connection[1]}:${connection[2]}` : connection[3] ?? hostNamedIn(command) ?? 'the network';
      if (!policy.hosts.includes(host) && !policy.hosts.includes(host.replace(/:\d+$/, ''))) add({ kind: 'network', target: host, evidence: 'output' });
    }
  }
  // An unreadable place is masked (an empty folder, an empty file): the command sees no error of
  // the sandbox's, only nothing. Any mention of one, in what ran or what it printed, is a stop.
  for (const place of policy.unreadable) {
    if (mentions(output, place) || mentions(command, place)) add({ kind: 'read', target: place.path, evidence: 'output' });
  }
  return stops;
}

/** True when the policy lets the command write `path`. */
function writableUnder(path: string, policy: SandboxPolicy): boolean {
  if (policy.notWritable.some((entry) => isWithin(path, entry.path))) return false;
  return policy.writable.some((folder) => isWithin(path, folder)) || path.startsWith('/dev/') || path.startsWith('/proc/');
}

/**
 * Absolute paths in an error line (`bash: /x/y: Read-only file system`, `rm: cannot remove '/x'`).
 * A path that opens the line as the program's name (`/bin/bash: line 1: /x/y: Read-only file
 * system`, as a bash started by its path reports; the sandbox's inner bash is) is who complains,
 * not what was refused, when the line names another path after it.
 */
function pathsIn(line: string): string[] {
  const paths = [...line.matchAll(/(?:^|[\s'"‘`(])(\/[^\s'"’`:)]+)/g)].map((match) => ({ at: match.index, path: match[1]!.replace(/[.,;]+$/, '') }));
  const speaker = paths.length > 1 && paths[0]!.at === 0 && line.startsWith(`${paths[0]!.path}: `);
  return (speaker ? paths.slice(1) : paths).map((found) => found.path);
}

function mentions(text: string, place: PolicyPath): boolean {
  return text.includes(place.path + '/') || text.includes(place.path + ' ') || text.includes(place.path + ':') || text.endsWith(place.path) || text.includes(place.path + "'") || text.includes(place.path + '"');
}

function hostNamedIn(command: string): string | null {
  const match = /\b(?:https?:\/\/)?((?:\d{1,3}\.){3}\d{1,3}|[a-z0-9-]+(?:\.[a-z0-9-]+)+):(\d+)/i.exec(command);
  return match ? `${match[1]}:${match[2]}` : null;
}
