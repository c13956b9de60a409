import { getDefaultWritePaths, type FsReadRestrictionConfig, type FsWriteRestrictionConfig } from '@anthropic-ai/sandbox-runtime';
// Deep imports into the pinned library (0.0.78, no `exports` map, so a path under dist/ resolves),
// as seatbeltProfile.ts does for macOS: the package root exports the manager, not the Linux
// wrapper it calls, nor the glob helpers it maps the configuration with.
import { getJavaProxyAgentJarPathAsync } from '@anthropic-ai/sandbox-runtime/dist/sandbox/java-proxy-agent.js';
import { wrapCommandWithSandboxLinux } from '@anthropic-ai/sandbox-runtime/dist/sandbox/linux-sandbox-utils.js';
import { expandReadDenyGlobLinux } from '@anthropic-ai/sandbox-runtime/dist/sandbox/read-deny-glob.js';
import { registerCommandText } from '@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-manager.js';
import { containsGlobChars, expandGlobPattern, removeTrailingGlobSuffix } from '@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js';
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';

/**
 * The command line the library runs on Linux for a policy (D§13 "Containment"; docs/decisions.md
 * "Containment: the sandbox's policy" and "The sandbox's cost per command"): `bwrap … -- bash -c
 * '<apply-seccomp> bash -c COMMAND'`, made by the library's own `wrapCommandWithSandboxLinux`
 * (linux-sandbox-utils.js) with the inputs the manager's `wrapWithSandbox` gives it for `linux`
 * (0.0.78, dist/sandbox/sandbox-manager.js): the configuration `baseConfig` and `filesystemOf`
 * make, turned into `readConfig`/`writeConfig` the way the manager turns them on Linux (a trailing
 * `/**` stripped, a write path that is still a glob dropped, a read deny that is a glob expanded).
 * Nothing here writes bwrap arguments.
 *
 * Why: the manager routes every command through its proxy, even with an empty allow list: two
 * `socat` bridges and a shell holding them start inside the sandbox before the command, about a
 * third of a contained command's time. With no host allowed there is nothing to reach, and the
 * library's wrapper, given no proxy sockets, closes the network with `--unshare-net` alone ("If
 * no sockets provided, network is completely blocked"). The manager cannot be asked for that
 * (`needsNetworkProxy` follows `needsNetworkRestriction`), so `Sandbox.contain` calls the wrapper
 * itself for a policy with no hosts (`closed: true` below) and keeps the manager for the rest.
 *
 * The mapping is checked against the manager: with the manager's proxy given (`proxy`), this
 * function's line is the manager's, byte for byte (test/integration/bubblewrapLine.test.ts), so a
 * library update that changes the mapping fails there.
 *
 * What the manager does for configuration the gate never sets (credential masking and
 * `credentials` denies, TLS termination, `git.safeDirectories`, `filesystem.disabled`) is left out.
 */

/** The manager's proxy on Linux, as it reports it after `initialize`. */
export interface LinuxProxy {
  httpSocketPath: string;
  socksSocketPath: string;
  httpPort?: number;
  socksPort?: number;
  authToken?: string;
}

export interface LinuxLineOptions {
  /** The library's configuration for the command (`baseConfig(policy.hosts)`). */
  config: SandboxRuntimeConfig;
  /** The per-command filesystem configuration (`filesystemOf(policy)`). */
  filesystem: Partial<SandboxRuntimeConfig['filesystem']>;
  /** The key violations are filed under (`Sandbox.contain`'s `commandId`). */
  commandId: string;
  /** What the violation log names the command by. */
  commandText: string;
  /** The violation monitor's socket (the manager's `linuxMonitor.observeSocketPath`), if it runs. */
  observeSocketPath: string | undefined;
  /** The manager's proxy, routed into the sandbox; absent, the network is closed with no bridge. */
  proxy?: LinuxProxy;
}

/** The wrapped line: what `SandboxManager.wrapWithSandbox(command, '/bin/bash', filesystem)` returns on Linux. */
export async function bubblewrapLine(command: string, options: LinuxLineOptions): Promise<string> {
  const { config, filesystem, proxy } = options;
  registerCommandText(command, { commandId: options.commandId, commandText: options.commandText });
  const denyRead = filesystem.denyRead ?? config.filesystem.denyRead;
  const allowRead = filesystem.allowRead ?? config.filesystem.allowRead;
  const allowWrite = filesystem.allowWrite ?? config.filesystem.allowWrite;
  const denyWrite = filesystem.denyWrite ?? config.filesystem.denyWrite;
  // The manager resolves the JVM proxy agent when it starts the proxy; without a proxy there is none.
  const javaAgentJarPath = proxy ? (await getJavaProxyAgentJarPathAsync(config.javaAgentJarPath)) ?? undefined : undefined;

  const writeConfig: FsWriteRestrictionConfig = {
    allowOnly: [...getDefaultWritePaths({ denyRead, allowRead }), ...stripWriteGlobs(allowWrite)],
    denyWithinAllow: stripWriteGlobs(denyWrite),
  };
  const expandedAllowRead = resolveReadPathEntries(allowRead ?? [], (pattern) => expandGlobPattern(pattern));
  if (javaAgentJarPath !== undefined) expandedAllowRead.push(javaAgentJarPath);
  const reExposedPaths = [...expandedAllowRead, ...writeConfig.allowOnly];
  const unlistableDenyDirs = new Set<string>();
  const readConfig: FsReadRestrictionConfig = {
    denyOnly: resolveReadPathEntries([...new Set(denyRead)], (pattern) => expandReadDenyGlobLinux(pattern, reExposedPaths, unlistableDenyDirs)),
    allowWithinDeny: expandedAllowRead,
    unlistableDenyDirs: [...unlistableDenyDirs],
  };

  return wrapCommandWithSandboxLinux({
    command,
    commandId: options.commandId,
    // An allow list, even an empty one, means the network is restricted; without the proxy (the
    // closed route) it is restricted whatever the configuration says, so the line never opens it.
    needsNetworkRestriction: proxy === undefined || config.network.allowedDomains !== undefined,
    httpSocketPath: proxy?.httpSocketPath,
    socksSocketPath: proxy?.socksSocketPath,
    httpProxyPort: proxy?.httpPort,
    socksProxyPort: proxy?.socksPort,
    proxyAuthToken: proxy?.authToken,
    caCertPath: undefined,
    javaAgentJarPath,
    readConfig,
    writeConfig,
    unsetEnvVars: [],
    setEnvVars: {},
    maskedFileBinds: [],
    maskedFileStoreDir: undefined,
    enableWeakerNestedSandbox: config.enableWeakerNestedSandbox,
    allowAllUnixSockets: config.network.allowAllUnixSockets,
    binShell: '/bin/bash',
    ripgrepConfig: config.ripgrep ?? { command: 'rg' },
    mandatoryDenySearchDepth: config.mandatoryDenySearchDepth ?? 3,
    allowGitConfig: config.filesystem.allowGitConfig ?? false,
    gitSafeDirectories: config.git?.safeDirectories ?? [],
    seccompConfig: config.seccomp,
    bwrapPath: config.bwrapPath,
    socatPath: config.socatPath,
    observeSocketPath: options.observeSocketPath,
  });
}

/**
 * The violation monitor's socket in a line the manager wrapped: bwrap binds it and names it in
 * `SRT_OBSERVE_SOCK`. `null` when the line names one this cannot read back exactly (a quoted
 * path), `undefined` when it names none (no monitor, or no seccomp helper to report to it).
 */
export function observeSocketIn(line: string): string | undefined | null {
  if (!line.includes('SRT_OBSERVE_SOCK')) return undefined;
  const match = /(?:^|\s)--setenv SRT_OBSERVE_SOCK ([A-Za-z0-9_./+=-]+)(?=\s)/.exec(line);
  return match ? match[1]! : null;
}

/** The manager's `stripWriteGlobs` on Linux: a trailing `/**` stripped, what is still a glob dropped. */
function stripWriteGlobs(paths: readonly string[]): string[] {
  return paths.map(removeTrailingGlobSuffix).filter((path) => !containsGlobChars(path));
}

/** The manager's `resolveReadPathEntries` on Linux (the gate gives it no literal paths). */
function resolveReadPathEntries(paths: readonly string[], expandGlob: (pattern: string) => string[]): string[] {
  return paths.flatMap((path) => {
    const stripped = removeTrailingGlobSuffix(path);
    return containsGlobChars(stripped) ? expandGlob(path) : [stripped];
  });
}
