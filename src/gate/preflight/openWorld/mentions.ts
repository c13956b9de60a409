import { hostOfUrl, hostOfUrlPrefix } from './hostSyntax';
import type { Word } from '../../reading/resolution';

/**
 * What the open-world floor finds (D§7): one host, unreadable host or listening socket per
 * mention, and the small collector the readers use to add them. Its own module because every
 * part of the floor speaks it: the per-program readers and the text scan make mentions, the
 * wording turns them into the card's sentence.
 */

/** One host (or listening socket) a command names. */
export interface HostMention {
  /** The host as written (no user, port or path); `null` when the gate cannot read it. */
  host: string | null;
  /** The text it was read from (for an unreadable host: the opaque word as written). */
  source: string;
  /** What contacts it: `curl`, `git clone`, `redirect /dev/tcp`, `HTTPS_PROXY`, … */
  via: string;
  /** A socket that waits for others to connect (`nc -l`, `socat TCP-LISTEN:…`), not a host. */
  listener?: boolean;
}

/** Collects mentions, turning opaque words into unreadable hosts. */
export class Mentions {
  readonly list: HostMention[] = [];
  constructor(private readonly via: string) {}

  /** A word in a host position, read with `read` (`undefined`: names no host). */
  word(word: Word | null | undefined, read: (text: string) => string | null | undefined, via = this.via): void {
    if (!word) return;
    if (word.kind === 'opaque') {
      const known = read === hostOfUrl ? hostOfUrlPrefix(word.raw) : undefined;
      this.list.push(known ? { host: known, source: word.raw, via } : { host: null, source: word.raw, via });
      return;
    }
    const host = read(word.value);
    if (host === null) this.list.push({ host: null, source: word.value, via });
    else if (host !== undefined) this.list.push({ host, source: word.value, via });
  }

  host(host: string, source: string, via = this.via): void {
    this.list.push({ host, source, via });
  }

  unreadable(source: string, via = this.via): void {
    this.list.push({ host: null, source, via });
  }

  listener(source: string, via = this.via): void {
    this.list.push({ host: null, source, via, listener: true });
  }
}
