import { getDefaultWritePaths, type FsReadRestrictionConfig, type FsWriteRestrictionConfig } from '@anthropic-ai/sandbox-runtime';
// Deep imports into the pinned library (0.0.78, no `exports` map, so a path under dist/ resolves):
// the package root exports the manager, not the Seatbelt wrapper it calls on macOS.
import { getJavaProxyAgentJarPathAsync } from '@anthropic-ai/sandbox-runtime/dist/sandbox/java-proxy-agent.js';
import { wrapCommandWithSandboxMacOS } from '@anthropic-ai/sandbox-runtime/dist/sandbox/macos-sandbox-utils.js';
import { removeTrailingGlobSuffix } from '@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js';
import { baseConfig, filesystemOf } from './sandbox';
import type { SandboxPolicy } from './sandboxPolicy';

/**
 * The command line the library runs on macOS for a policy: `env … /usr/bin/sandbox-exec -p
 * <Seatbelt profile> <shell> -c <command>` (D§13 "Containment"; docs/decisions.md "Containment:
 * the sandbox's policy"). It exists so the macOS path can be tested on any platform: the profile
 * is the library's, made by its `wrapCommandWithSandboxMacOS` (macos-sandbox-utils.js), a pure
 * function; nothing here writes SBPL. On another platform it runs with `process.platform` reading
 * `darwin` (see `asDarwin`), so the line is the one a Mac gets.
 *
 * Why not the manager itself: `SandboxManager.wrapWithSandbox` picks its backend from
 * `process.platform` and reads the process-wide configuration and proxy ports that
 * `initialize` set (one manager per process, shared with `Sandbox`). Driving it for darwin on
 * Linux means faking the platform across an `await` and overwriting the shared configuration,
 * and without `initialize` (which starts the proxy) the profile has no proxy port in it. So this
 * function does what the manager's `wrapWithSandbox` does for `macos` (0.0.78,
 * dist/sandbox/sandbox-manager.js) with the same inputs: the configuration `baseConfig` and
 * `filesystemOf` make for `Sandbox.contain`, turned into `readConfig`/`writeConfig` and the
 * network parameters. The unit test drives the real manager for darwin (no proxy) and checks
 * the two lines are the same, so a library update that changes that mapping fails there.
 *
 * What the library does for configuration the gate never sets (credential masking and
 * `credentials` denies, TLS termination) is left out; glob expansion is Linux's only.
 */

/** The library's proxy as the manager reports it after `initialize` (one mux port serves both). */
export interface SeatbeltProxy {
  httpPort: number;
  socksPort: number;
  /** The per-session token the proxy checks; the manager embeds it in the proxy variables. */
  authToken?: string;
}

export interface SeatbeltOptions {
  /** The running proxy; absent, the profile allows no network at all (no proxy to reach). */
  proxy?: SeatbeltProxy;
  /** The key violations are filed under (`Sandbox.contain`'s `commandId`). */
  commandId?: string;
  /** The shell the command runs in, looked up on PATH by the library; `Sandbox` uses /bin/bash. */
  shell?: string;
}

/** What `SandboxManager.wrapWithSandbox(command, shell, filesystemOf(policy))` returns on macOS. */
export async function seatbeltCommandLine(command: string, policy: SandboxPolicy, options: SeatbeltOptions = {}): Promise<string> {
  const config = baseConfig(policy.hosts);
  const custom = filesystemOf(policy).filesystem;
  // The manager: a per-call filesystem field wins over the configured one.
  const denyRead = custom?.denyRead ?? config.filesystem.denyRead;
  const allowRead = custom?.allowRead ?? config.filesystem.allowRead;
  const allowWrite = custom?.allowWrite ?? config.filesystem.allowWrite;
  const denyWrite = custom?.denyWrite ?? config.filesystem.denyWrite;
  const disabled = custom !== undefined ? (custom.disabled ?? false) : (config.filesystem.disabled ?? false);

  const proxy = options.proxy;
  // The manager resolves the JVM proxy agent when it starts the proxy, makes it readable and
  // names it in JAVA_TOOL_OPTIONS; without a proxy there is none.
  const javaAgentJarPath = proxy ? (await getJavaProxyAgentJarPathAsync(config.javaAgentJarPath)) ?? undefined : undefined;

  let readConfig: FsReadRestrictionConfig | undefined;
  let writeConfig: FsWriteRestrictionConfig | undefined;
  if (!disabled) {
    // On macOS the library keeps globs (Seatbelt matches them by regex) and only strips `/**`.
    writeConfig = {
      allowOnly: [...getDefaultWritePaths({ denyRead, allowRead }), ...allowWrite.map(removeTrailingGlobSuffix)],
      denyWithinAllow: denyWrite.map(removeTrailingGlobSuffix),
    };
    const allowWithinDeny = (allowRead ?? []).map(removeTrailingGlobSuffix);
    if (javaAgentJarPath !== undefined) allowWithinDeny.push(javaAgentJarPath);
    readConfig = { denyOnly: denyRead.map(removeTrailingGlobSuffix), allowWithinDeny, unlistableDenyDirs: [] };
  }

  // An allow list, even an empty one, means the network is restricted to the proxy.
  const needsNetworkRestriction = config.network.allowedDomains !== undefined;
  return asDarwin(() => wrapCommandWithSandboxMacOS({
    command,
    commandId: options.commandId,
    needsNetworkRestriction,
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
    degradeToDenyPaths: [],
    allowUnixSockets: config.network.allowUnixSockets,
    allowAllUnixSockets: config.network.allowAllUnixSockets,
    allowLocalBinding: config.network.allowLocalBinding,
    allowMachLookup: config.network.allowMachLookup,
    ignoreViolations: config.ignoreViolations,
    allowPty: config.allowPty,
    allowGitConfig: config.filesystem.allowGitConfig ?? false,
    gitSafeDirectories: config.git?.safeDirectories ?? [],
    enableWeakerNetworkIsolation: config.enableWeakerNetworkIsolation,
    allowAppleEvents: config.allowAppleEvents,
    binShell: options.shell ?? '/bin/bash',
  }));
}

/**
 * Runs `wrap` with `process.platform` reading `darwin`. The library's proxy variables ask the
 * platform (`generateProxyEnvVars`: `GIT_SSH_COMMAND` goes through `nc -X 5` on macOS, `socat` on
 * Linux); the rest of the macOS wrapper does not. The wrapper is synchronous, so no other code
 * runs while the platform reads `darwin`, and it is put back even when the wrapper throws.
 */
function asDarwin<T>(wrap: () => T): T {
  const platform = Object.getOwnPropertyDescriptor(process, 'platform');
  if (platform === undefined || process.platform === 'darwin') return wrap();
  Object.defineProperty(process, 'platform', { ...platform, value: 'darwin' });
  try {
    return wrap();
  } finally {
    Object.defineProperty(process, 'platform', platform);
  }
}
