import { closeSync, existsSync, lstatSync, openSync, readdirSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';
import { credentialKind, credentialStorePaths } from '../hardline/paths';
import { isWithin, namedProtectedReason } from '../preflight/protectedWrite';
import { globbedPolicyPath } from './sandbox';
import type { SandboxStop } from './sandbox';
import type { SandboxPolicy } from './sandboxPolicy';

/**
 * A person's rerun of what the sandbox stopped (D§13 "Containment": "the card offers one
 * person-only rerun with that path or host added"; docs/decisions.md "A person can rerun what the
 * sandbox stopped").
 *
 * {@link rerunOfferFor} reads the stops of one contained run and says what a rerun would add:
 * exactly the paths the stops name (writable) and exactly the hosts they name (reachable), nothing
 * broader (no parent folder, no wildcard, no port dropped). It fails closed: when any stop names a
 * place that must never be opened this way — a protected place of D§7 (VCS hooks and config, editor
 * tasks, agents' configuration, the gate's own settings, shell start-up files…), a credential store,
 * a place the policy keeps unwritable or unreadable, a folder holding one of those, a path the
 * sandbox library would read as a pattern, or a connection with no host named — no rerun is offered
 * at all, and `refused` says why for each. A rerun that still could not write the protected place
 * would only fail again, and a command that reached for one is not a command to widen.
 *
 * {@link widenedPolicy} is the rerun's policy: a copy of the original with the offer added. It
 * applies to that one rerun; nothing is stored (no allow entry, no grant, no rating).
 */

/** What a rerun adds to the policy its command ran under. */
export interface RerunAdds {
  /** Absolute paths made writable for the rerun, exactly as the stops named them. */
  paths: string[];
  /** Hosts (`host` or `host:port`) made reachable for the rerun, exactly as the stops named them. */
  hosts: string[];
  /**
   * The paths of `paths` that do not exist yet: the gate creates each as an empty file right before
   * the rerun, because the sandbox can only make a place writable that exists (the library skips a
   * missing one); so the rerun can write exactly that file and nothing beside it.
   */
  creates: string[];
}

/** One stop that cannot be offered, and why (for the card, the agent and the log). */
export interface RefusedStop {
  target: string;
  why: string;
}

export type RerunOffer = { offered: true; adds: RerunAdds } | { offered: false; refused: RefusedStop[] };

export interface RerunContext {
  /** The command's folder and the home folder, as the protected-write floor reads paths (D§7). */
  cwd: string;
  home: string;
}

/** Entries a folder to be made writable may hold (all levels) before it is refused unchecked. */
const FOLDER_CHECK_BUDGET = 2000;

/** A host as the stops name one: a DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * What a person may rerun the command with, from its stops under `policy`. Offered only when every
 * stop can be added and at least one adds something; otherwise `refused` lists why (a stop the
 * policy already allows is no reason to rerun). Pure but for reading the disk (links, folders).
 */
export function rerunOfferFor(stops: readonly SandboxStop[], policy: SandboxPolicy, context: RerunContext): RerunOffer {
  const paths: string[] = [];
  const hosts: string[] = [];
  const creates: string[] = [];
  const refused: RefusedStop[] = [];
  for (const stop of stops) {
    if (stop.kind === 'read') {
      // A hidden place is a credential store (or another project's `.env`): never opened by a rerun.
      refused.push({ target: stop.target, why: `it is a credential place the sandbox keeps unreadable (${whyUnreadable(stop.target, policy, context.home)})` });
      continue;
    }
    if (stop.kind === 'network') {
      const problem = hostProblem(stop.target);
      if (problem !== null) refused.push({ target: stop.target, why: problem });
      else if (!policy.hosts.includes(stop.target) && !hosts.includes(stop.target)) hosts.push(stop.target);
      continue;
    }
    const already = policy.writable.some((folder) => isWithin(stop.target, folder));
    const problem = pathProblem(stop.target, policy, context, already);
    if (problem !== null) refused.push({ target: stop.target, why: problem });
    else if (!already && !paths.includes(stop.target)) {
      paths.push(stop.target);
      if (!exists(stop.target)) creates.push(stop.target);
    }
  }
  if (refused.length > 0) return { offered: false, refused };
  if (paths.length === 0 && hosts.length === 0) return { offered: false, refused: stops.map((stop) => ({ target: stop.target, why: 'the policy already allows it, so a rerun would add nothing' })) };
  return { offered: true, adds: { paths, hosts, creates } };
}

/**
 * Right before the rerun: the offer made again from the same stops must be the one the person saw
 * (a link or folder planted while the card waited changes it, and then nothing reruns), and each
 * path of `creates` is created as an empty file, exclusively (an existing file or link there is an
 * error, never followed). Returns why the rerun cannot go ahead, or null.
 */
export function prepareRerun(stops: readonly SandboxStop[], policy: SandboxPolicy, context: RerunContext, shown: RerunAdds): string | null {
  const again = rerunOfferFor(stops, policy, context);
  if (!again.offered) return describeRefusedRerun(again.refused);
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);
  if (!same(again.adds.paths, shown.paths) || !same(again.adds.hosts, shown.hosts) || !same(again.adds.creates, shown.creates)) {
    return 'The places the rerun would add changed while the card waited; nothing was rerun.';
  }
  for (const path of shown.creates) {
    try {
      closeSync(openSync(path, 'wx', 0o600));
    } catch (error) {
      return `The rerun could not create ${path} for the sandbox to make writable: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return null;
}

/**
 * The rerun's policy: `original` plus exactly `adds` — the paths writable, the hosts reachable, both
 * recorded as what a person approved. Every protected place and credential store of the original
 * stays as it was. `original` is not changed.
 */
export function widenedPolicy(original: SandboxPolicy, adds: Pick<RerunAdds, 'paths' | 'hosts'>): SandboxPolicy {
  const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];
  return {
    writable: union(original.writable, adds.paths),
    notWritable: original.notWritable.map((entry) => ({ ...entry })),
    unreadable: original.unreadable.map((entry) => ({ ...entry })),
    hosts: union(original.hosts, adds.hosts),
    approved: { paths: union(original.approved.paths, adds.paths), hosts: union(original.approved.hosts, adds.hosts) },
  };
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The rerun offer in one sentence per refused stop, for the agent, the log and the card. */
export function describeRefusedRerun(refused: readonly RefusedStop[]): string {
  return `No rerun with a wider sandbox is offered: ${refused.map((r) => `${r.target}: ${r.why}`).join('; ')}.`;
}

/** Why `target` cannot be made writable for a rerun, or null. */
function pathProblem(target: string, policy: SandboxPolicy, context: RerunContext, alreadyWritable: boolean): string | null {
  if (!posix.isAbsolute(target) || posix.normalize(target) !== target || target.includes('\0')) {
    return 'it is not a plain absolute path';
  }
  // The library reads `* ? [ ]` as a pattern (docs/decisions.md "A policy path the sandbox would read as a pattern").
  if (globbedPolicyPath({ writable: [target], notWritable: [], unreadable: [], hosts: [], approved: { paths: [], hosts: [] } }) !== null) {
    return 'its path holds a glob character (* ? [ ]), which the sandbox library reads as a pattern';
  }
  // Tools keep their configuration and start-up files in dot-files and dot-folders, and no list of
  // them is complete (D§7): none is opened by a rerun, listed or not.
  const dotted = target.split('/').find((component) => component.startsWith('.'));
  if (dotted !== undefined) return `it is in or is a dot-file or dot-folder (${dotted}), where tools keep their configuration (D§7)`;
  // The path as written and as the links on disk resolve it: a link must not lead into a protected place.
  for (const path of new Set([target, resolvedOnDisk(target)])) {
    const problem = placeProblem(path, policy, context);
    if (problem !== null) return path === target ? problem : `it leads (through a link) to ${path}: ${problem}`;
  }
  return alreadyWritable ? null : folderProblem(target, policy, context);
}

/** Why a place may not be opened by a rerun: protected (D§7), a credential store, or kept closed by the policy. */
function placeProblem(path: string, policy: SandboxPolicy, context: RerunContext): string | null {
  const named = namedProtectedReason(path, { cwd: context.cwd, home: context.home });
  if (named !== null) return `it is a protected place (${named}; D§7)`;
  const credential = credentialKind(path, context.home);
  if (credential !== null) return `it is a credential place (${credential})`;
  const closed = policy.notWritable.find((entry) => isWithin(path, entry.path)) ?? policy.unreadable.find((entry) => isWithin(path, entry.path));
  if (closed) return `the sandbox keeps ${closed.path} closed (${closed.why})`;
  // A folder above a credential store or a closed place would open what lies below it.
  const below = [...credentialStorePaths(context.home), ...policy.notWritable.map((e) => ({ path: e.path, what: e.why })), ...policy.unreadable.map((e) => ({ path: e.path, what: e.why }))].find(
    (store) => isWithin(store.path, path),
  );
  if (below) return `it holds ${below.path} (${below.what})`;
  if (isWithin(context.home, path)) return 'it holds the home folder';
  return null;
}

/** An existing folder is checked whole (within a budget): nothing below it may be protected. */
function folderProblem(target: string, policy: SandboxPolicy, context: RerunContext): string | null {
  let stat;
  try {
    stat = lstatSync(target);
  } catch {
    // Not there yet: it is what the command creates, as a file the gate makes empty before the
    // rerun (`prepareRerun`) — which needs its folder. A missing folder is refused, not made.
    return existsSync(posix.dirname(target)) ? null : `its folder ${posix.dirname(target)} does not exist, and the sandbox can only make writable a place that exists`;
  }
  if (!stat.isDirectory()) return null;
  let budget = FOLDER_CHECK_BUDGET;
  const queue = [target];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return `${folder} could not be read to check it for protected places`;
    }
    for (const entry of entries) {
      if (--budget < 0) return `it is a folder with more than ${FOLDER_CHECK_BUDGET} entries, too many to check each for a protected place`;
      const path = posix.join(folder, entry.name);
      const problem = placeProblem(path, policy, context);
      if (problem !== null) return `it holds ${path}, and ${problem}`;
      if (entry.isDirectory()) queue.push(path);
    }
  }
  return null;
}

/** `path` with the links of its longest existing ancestor resolved (the rest appended as written). */
function resolvedOnDisk(path: string): string {
  let existing = path;
  const rest: string[] = [];
  while (existing !== '/' && !existsSync(existing)) {
    rest.unshift(posix.basename(existing));
    existing = posix.dirname(existing);
  }
  try {
    return posix.join(realpathSync(existing), ...rest);
  } catch {
    return path;
  }
}

function hostProblem(target: string): string | null {
  if (target === 'the network') return 'the command found no network, and no host was named to add';
  if (target.includes('*')) return 'a wildcard host is never added';
  if (!HOST.test(target)) return 'it is not a host name the sandbox can allow exactly';
  return null;
}

function whyUnreadable(target: string, policy: SandboxPolicy, home: string): string {
  return policy.unreadable.find((entry) => entry.path === target)?.why ?? credentialKind(target, home) ?? 'hidden by the policy';
}
