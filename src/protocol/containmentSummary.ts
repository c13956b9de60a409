import { policyDigest } from '../gate/containment/policyDigest';
import type { SandboxPolicy } from '../gate/containment/sandboxPolicy';
import { bounded } from './boundedText';
import { LIMITS, type ContainmentSummary } from './messages';

/**
 * The card's summary of a sandbox's policy (D§13 "Containment"; docs/decisions.md "Containment:
 * the sandbox's policy"): for each list, how many and the first few (`LIMITS.containmentShown`),
 * so a policy with four thousand protected places still makes a small card. Paths in the home
 * folder read as `~/…`. Pure: the policy was read from the disk when it was made.
 */
export function containmentSummary(policy: SandboxPolicy, home: string): ContainmentSummary {
  return policyDigest(policy, { shown: LIMITS.containmentShown, maxCount: LIMITS.containmentCount, path: (path) => bounded(tildePath(path, home)), text: bounded });
}

/** `path` with the home folder written `~` (the home folder itself is `~`); other paths as they are. */
export function tildePath(path: string, home: string): string {
  const root = home.replace(/\/+$/, '');
  // A home of `/` (or none) would make every path look like one in the home folder.
  if (root === '') return path;
  if (path === root) return '~';
  return path.startsWith(`${root}/`) ? `~${path.slice(root.length)}` : path;
}
