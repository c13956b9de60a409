import type { PolicyPath, SandboxPolicy } from './sandboxPolicy';

// Pure, no Node: src/protocol/containmentSummary.ts (the card) imports it, as does the capture log.

/** A list as how many it holds and its first few. */
export interface FirstFew<T> {
  count: number;
  first: T[];
}

/** A policy small enough for a card or a log record: each list's count and first entries. */
export interface PolicyDigest {
  writable: FirstFew<string>;
  notWritable: FirstFew<PolicyPath>;
  unreadable: FirstFew<PolicyPath>;
  hosts: FirstFew<string>;
}

/**
 * The policy as its four lists, each cut to its count and first `shown` entries, every text through
 * `path` (paths) or `text` (reasons, hosts): a workspace with four thousand protected places still
 * makes a small card (protocol/containmentSummary.ts) and a small capture record (D§12).
 */
export function policyDigest(policy: SandboxPolicy, limits: { shown: number; maxCount: number; path: (path: string) => string; text: (text: string) => string }): PolicyDigest {
  const few = <T, U>(items: readonly T[], shown: (item: T) => U): FirstFew<U> => ({ count: Math.min(items.length, limits.maxCount), first: items.slice(0, limits.shown).map(shown) });
  const place = (entry: PolicyPath): PolicyPath => ({ path: limits.path(entry.path), why: limits.text(entry.why) });
  return {
    writable: few(policy.writable, limits.path),
    notWritable: few(policy.notWritable, place),
    unreadable: few(policy.unreadable, place),
    hosts: few(policy.hosts, limits.text),
  };
}
