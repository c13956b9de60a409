/**
 * What was worked out lately for an argv, by the argv's identity (argvs are never changed). The
 * stages of one decision ask about the same segment's argv one after another, so the last few
 * are enough; a small ring, unlike a WeakMap, leaves the garbage collector nothing to trace.
 */
import type { Word } from '../reading/resolution';

export class RecentArgvs<T> {
  private readonly keys: Array<readonly Word[] | undefined>;
  private readonly values: Array<T | undefined>;
  private next = 0;

  constructor(private readonly size = 16) {
    this.keys = new Array<readonly Word[] | undefined>(size).fill(undefined);
    this.values = new Array<T | undefined>(size).fill(undefined);
  }

  get(argv: readonly Word[]): T | undefined {
    for (let k = 0; k < this.size; k++) if (this.keys[k] === argv) return this.values[k];
    return undefined;
  }

  set(argv: readonly Word[], value: T): void {
    this.keys[this.next] = argv;
    this.values[this.next] = value;
    this.next = (this.next + 1) % this.size;
  }
}
