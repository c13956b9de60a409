import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, posix } from 'node:path';
import type { Decision } from '../decision';
import { credentialKind, credentialStorePaths } from '../hardline/paths';
import { preflightFindings } from '../preflight/preflight';
import { isWithin, namedProtectedReason } from '../preflight/protectedWrite';
import { readCommand } from '../reading/reading';

/**
 * The sandbox's policy for one approved command, as data (D§13 "Containment";
 * docs/decisions.md "Containment: the sandbox's policy"):
 *
 * - **writable**: the workspace folders and the temp folder, plus exactly the outside paths a
 *   person approved for this command;
 * - **not writable** inside those: the protected places of the protected-write floor (D§7: VCS
 *   hooks and config, editor settings and tasks, agents' configuration, package scripts, CI
 *   files, the gate's own settings), as `namedProtectedReason` in `preflight/protectedWrite.ts`
 *   names them — found on disk, because a sandbox denies concrete paths, not patterns;
 * - **unreadable**: the credential stores of the hardline floor's credential class
 *   (`credentialStorePaths`, `credentialKind` in `hardline/paths.ts`), and `.env` files of the
 *   folders beside the workspace;
 * - **hosts**: none, except the hosts the reading found in the command (the open-world floor's
 *   hosts) when the decision approved it, the package registries when the settings allow them,
 *   and the hosts a person approved for this command.
 *
 * Nothing here runs anything; `sandbox.ts` turns a policy into what to spawn.
 */

export interface PolicyPath {
  /** Absolute. */
  path: string;
  /** Why, in a few words, for the card, the log and the stopped-by-sandbox report. */
  why: string;
}

export interface SandboxPolicy {
  /** Folders (and files) the command may write, absolute. */
  writable: string[];
  /** Existing places inside `writable` it may not write. */
  notWritable: PolicyPath[];
  /** Places it may not read (nor write). */
  unreadable: PolicyPath[];
  /** Hosts it may connect to (`host` or `host:port`); empty means no network at all. */
  hosts: string[];
  /** What a person added for this command, kept apart so the card and the log can show it. */
  approved: { paths: string[]; hosts: string[] };
}

export interface SandboxPolicyInput {
  /** The command as it will run (the decision's command). */
  command: string;
  cwd: string;
  home: string;
  decision: Decision;
  /** The workspace folders, absolute (the CLI: the working folder). */
  workspaceFolders: readonly string[];
  /** The temp folder (default: the system's). */
  tempFolder?: string;
  /** `approvalsGate.sandboxPackageRegistries`: the package managers' registries may be reached. */
  packageRegistries?: boolean;
  /** Outside paths and hosts a person approved for this command (a rerun after a sandbox stop). */
  approved?: { paths?: readonly string[]; hosts?: readonly string[] };
}

/**
 * The registries of the common package managers, reachable when the user's settings allow them
 * (`approvalsGate.sandboxPackageRegistries`): what `npm install`, `pip install`, `cargo build`,
 * `go mod download` and `bundle install` fetch from by default.
 */
export const PACKAGE_REGISTRY_HOSTS: readonly string[] = [
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'pypi.org',
  'files.pythonhosted.org',
  'crates.io',
  'index.crates.io',
  'static.crates.io',
  'proxy.golang.org',
  'sum.golang.org',
  'rubygems.org',
];

/** How many directory entries the protected-place search looks at per writable folder. */
const SEARCH_BUDGET = 4000;
/** How deep it goes below a writable folder. */
const SEARCH_DEPTH = 4;

/** The policy for one approved command. Reads the disk (which protected places exist); never throws. */
export function sandboxPolicyFor(input: SandboxPolicyInput): SandboxPolicy {
  const temp = posix.resolve('/', input.tempFolder ?? tmpdir());
  const approvedPaths = [...new Set((input.approved?.paths ?? []).map((path) => posix.resolve(input.cwd, path)))];
  const approvedHosts = [...new Set(input.approved?.hosts ?? [])];
  const workspace = [...new Set(input.workspaceFolders.map((folder) => posix.resolve('/', folder)))];
  const writable = [...new Set([...workspace, temp, ...approvedPaths])];

  const notWritable: PolicyPath[] = [];
  const context = { cwd: input.cwd, home: input.home, workspace };
  for (const folder of [...workspace, temp]) {
    // The temp folder is shared with every other program; only its first level is looked at.
    for (const found of protectedPlacesUnder(folder, context, folder === temp ? 1 : SEARCH_DEPTH)) {
      // A path a person approved for this command is writable, protected or not.
      if (approvedPaths.some((path) => isWithin(found.path, path))) continue;
      if (!notWritable.some((known) => known.path === found.path)) notWritable.push(found);
    }
  }

  const unreadable: PolicyPath[] = [];
  for (const store of credentialStorePaths(input.home, listFolder)) {
    if (approvedPaths.some((path) => isWithin(store.path, path))) continue;
    unreadable.push({ path: store.path, why: store.what });
  }
  for (const env of envFilesBeside(workspace, input.home)) unreadable.push(env);

  const hosts: string[] = [];
  if (input.decision.action === 'approve') hosts.push(...hostsInCommand(input.command, input.cwd, input.home));
  if (input.packageRegistries) hosts.push(...PACKAGE_REGISTRY_HOSTS);
  hosts.push(...approvedHosts);

  return { writable, notWritable, unreadable, hosts: [...new Set(hosts)], approved: { paths: approvedPaths, hosts: approvedHosts } };
}

/** The hosts the open-world floor finds in the command (D§7): where it fetches from or sends to. */
export function hostsInCommand(command: string, cwd: string, home: string): string[] {
  try {
    const findings = preflightFindings(readCommand(command, { home, shell: 'bash' }), { cwd });
    return [...new Set(findings.filter((finding) => finding.arm === 'open-world').flatMap((finding) => finding.hosts ?? []))];
  } catch {
    // A reading that fails opens nothing.
    return [];
  }
}

/**
 * The protected places (D§7) that exist below `root`, breadth first, within a budget: a
 * protected folder is denied whole and not looked into. What does not exist yet is not here:
 * creating it is what the protected-write floor read the command for before it ran (and the
 * library's own mandatory list covers `.git/hooks`, `.git/config`, `.vscode`, the shell startup
 * files and `.mcp.json` even when absent).
 */
export function protectedPlacesUnder(root: string, context: { cwd: string; home: string; workspace?: readonly string[] }, depth: number): PolicyPath[] {
  const out: PolicyPath[] = [];
  let budget = SEARCH_BUDGET;
  let level: string[] = [root];
  for (let d = 0; d < depth && level.length > 0 && budget > 0; d++) {
    const next: string[] = [];
    for (const folder of level) {
      for (const entry of readEntries(folder)) {
        if (--budget < 0) break;
        const path = posix.join(folder, entry.name);
        const why = namedProtectedReason(path, context);
        if (why !== null) {
          out.push({ path, why });
          continue;
        }
        // `.git/hooks` and `.git/config` are protected, the rest of `.git` is not: look inside.
        if (entry.isDirectory()) next.push(path);
      }
    }
    level = next;
  }
  return out;
}

/**
 * `.env` files (credentialKind: not `.env.example` and other templates) in the home folder and
 * in the folders beside each workspace folder: another project's secrets are not this command's.
 */
function envFilesBeside(workspace: readonly string[], home: string): PolicyPath[] {
  const out: PolicyPath[] = [];
  const look = (folder: string) => {
    for (const entry of readEntries(folder)) {
      if (!entry.name.startsWith('.env')) continue;
      const path = posix.join(folder, entry.name);
      const what = credentialKind(path, home);
      if (what !== null && !workspace.some((ws) => isWithin(path, ws))) out.push({ path, why: what });
    }
  };
  look(home);
  for (const folder of workspace) {
    const parent = dirname(folder);
    if (parent === folder || parent === '/') continue;
    for (const sibling of readEntries(parent)) {
      const path = posix.join(parent, sibling.name);
      if (sibling.isDirectory() && !workspace.includes(path)) look(path);
    }
  }
  return out;
}

function readEntries(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

function listFolder(folder: string): string[] {
  return existsSync(folder) ? readEntries(folder).map((entry) => entry.name) : [];
}

