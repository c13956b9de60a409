/**
 * The shape check that runs before any schema sees an incoming message. A webview message is
 * untrusted: before zod reads it, this walk refuses anything that is not plain JSON-like data —
 * objects whose prototype is not `Object.prototype` (or null), accessor properties (a getter
 * would run code while being read), keys that reach into prototypes (`__proto__`,
 * `constructor`, `prototype`), nesting deeper than a message ever needs (a cycle is refused
 * this way too), and payloads larger than a message of this kind can honestly be.
 *
 * Browser-safe: no imports. Both sides of the protocol use it.
 */

/** Keys that never appear in a protocol message and that prototype-pollution payloads rely on. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface PlainDataLimits {
  /** Rough size budget: string lengths plus key lengths plus a few units per value. */
  maxUnits: number;
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
}

/**
 * Why `value` is not plain data within `limits`, or `null` when it is. Never throws and never
 * calls code on the value (no getters, no `toJSON`, no proxies' traps beyond reading descriptors).
 * Linear in the size of the value, and it stops as soon as the budget is spent.
 */
export function plainDataProblem(value: unknown, limits: PlainDataLimits): string | null {
  let units = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  try {
    while (stack.length > 0) {
      const item = stack.pop()!;
      const current = item.value;
      units += 4;
      if (typeof current === 'string') units += current.length;
      if (units > limits.maxUnits) return `the message is larger than ${limits.maxUnits} units`;
      if (current === null || typeof current === 'string' || typeof current === 'boolean') continue;
      if (typeof current === 'number') {
        if (!Number.isFinite(current)) return 'the message holds a number that is not finite';
        continue;
      }
      if (typeof current !== 'object') return `the message holds a ${typeof current}`;
      if (item.depth >= limits.maxDepth) return `the message is nested deeper than ${limits.maxDepth} levels`;
      const isArray = Array.isArray(current);
      const proto = Object.getPrototypeOf(current) as unknown;
      if (isArray ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) {
        return 'the message holds an object that is not plain data';
      }
      for (const key of Reflect.ownKeys(current)) {
        if (typeof key === 'symbol') return 'the message holds a symbol key';
        if (isArray && key === 'length') continue;
        if (FORBIDDEN_KEYS.has(key)) return `the message holds the key ${JSON.stringify(key)}`;
        const descriptor = Object.getOwnPropertyDescriptor(current, key);
        if (!descriptor || !('value' in descriptor)) return 'the message holds an accessor property';
        units += key.length;
        stack.push({ value: descriptor.value, depth: item.depth + 1 });
      }
    }
  } catch {
    // A revoked proxy or similar: whatever it is, it is not plain data.
    return 'the message could not be read as plain data';
  }
  return null;
}
