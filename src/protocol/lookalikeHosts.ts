import { asciiForm, hostMentions, hostMentionsInText, urlHostsIn } from '../gate/preflight/openWorld';
import type { CommandReading } from '../gate/reading/reading';
import type { HostMark } from './messages';

/**
 * Look-alike hosts for the card (D§10): hosts written with non-ASCII letters (`pаypal.com` with
 * a Cyrillic `а`), each with the punycode form a resolver would actually look up.
 *
 * Computed in the extension, not the browser: the gate already knows which words are hosts
 * (`openWorld.ts`, the same reading the preflight floor uses) and Node's `domainToASCII` is the
 * IDNA the rest of the gate trusts. The webview only shows the ranges and the ASCII text.
 *
 * Extension-side only (imports `node:url` through the gate); the webview never imports this.
 */

export interface LookalikeHosts {
  hosts: Array<{ host: string; ascii: string | null }>;
  /** Where each host occurs verbatim in `text`, sorted, not overlapping. */
  marks: HostMark[];
}

/** Most distinct look-alike hosts listed on one card. */
const MAX_HOSTS = 64;
/** Most marked occurrences on one card. */
const MAX_MARKS = 10_000;

/**
 * The look-alike hosts of a command and where they occur in `text` (the command as the card
 * shows it). A host that occurs only in a form the text does not contain verbatim (split by
 * quotes, say) is still listed, just not marked inline.
 */
export function lookalikeHosts(reading: CommandReading, text: string): LookalikeHosts {
  const found = new Map<string, string | null>();
  const consider = (host: string | null) => {
    if (host === null || found.size >= MAX_HOSTS || !/[^\x00-\x7f]/.test(host) || found.has(host)) return;
    // A non-ASCII host is never its own ASCII form, so `null` here means no valid form exists.
    found.set(host, asciiForm(host));
  };
  const { resolution } = reading;
  if (resolution.resolved) {
    for (const segment of resolution.segments) for (const mention of hostMentions(segment)) consider(mention.host);
  } else {
    for (const mention of hostMentionsInText(reading.original)) consider(mention.host);
  }
  for (const host of urlHostsIn(reading.original)) consider(host);

  const marks: HostMark[] = [];
  for (const [host, ascii] of found) {
    for (let at = text.indexOf(host); at >= 0 && marks.length < MAX_MARKS; at = text.indexOf(host, at + host.length)) {
      marks.push({ start: at, end: at + host.length, ascii });
    }
  }
  marks.sort((a, b) => a.start - b.start || b.end - a.end);
  const disjoint: HostMark[] = [];
  for (const mark of marks) {
    const last = disjoint[disjoint.length - 1];
    if (!last || mark.start >= last.end) disjoint.push(mark);
  }
  return { hosts: [...found].map(([host, ascii]) => ({ host, ascii })), marks: disjoint };
}
