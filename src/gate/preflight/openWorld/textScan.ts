import { hasReader } from './hostReaders';
import { urlHostsIn } from './hostSyntax';
import type { HostMention } from './mentions';

/**
 * The open-world floor's text scan (D§7), for commands the resolver could not read: a rough,
 * linear look at the words of the text for a network program's name, and at every `scheme://host`
 * and `/dev/tcp/host` in it. The unresolved floor already holds such a command; this only names
 * the hosts on the card. Kept apart from the readers because it reads text, not argv, and must
 * stay linear on any input.
 */

/**
 * The text fallback for unresolved commands: when a network program's name appears as a word,
 * every `scheme://host` and `/dev/tcp/host` in the text, or else an unreadable host for that
 * program. Linear in the text; used only where the unresolved floor already holds, to name
 * the hosts on the card.
 */
export function hostMentionsInText(text: string): HostMention[] {
  const out: HostMention[] = [];
  const programs: string[] = [];
  let fetcher: string | null = null;
  // Every host read below comes from a `scheme://` or a `/dev/tcp/`; most texts hold neither.
  const urls = text.includes('://');
  // The words of {@link roughWords}, read in place: only each word's basename is cut out.
  const length = text.length;
  for (let start = 0; start < length; ) {
    if (isRoughSeparator(text.charCodeAt(start))) {
      start++;
      continue;
    }
    let end = start + 1;
    let base = start;
    for (; end < length; end++) {
      const code = text.charCodeAt(end);
      if (isRoughSeparator(code)) break;
      if (code === SLASH) base = end + 1;
    }
    if (text.charCodeAt(start) === SLASH) base = Math.max(base, start + 1);
    const name = text.slice(base, end).toLowerCase();
    start = end;
    if (hasReader(name) && !programs.includes(name)) programs.push(name);
    if (fetcher === null && FETCHERS.has(name)) fetcher = name;
    // Without a URL the programs' names are not listed: knowing that there is one, and the first fetcher, is enough.
    if (!urls && fetcher !== null && programs.length > 0) break;
  }
  if (text.includes('/dev/')) {
    for (const match of text.matchAll(/\/dev\/(tcp|udp)\/([^/\s'"`;|&<>()]+)/g)) {
      out.push({ host: match[2]!, source: match[0], via: `redirect /dev/${match[1]}` });
    }
  }
  if (programs.length === 0) return out;
  if (urls) {
    const via = programs.join(', ');
    for (const host of urlHostsIn(text)) out.push({ host, source: host, via });
  }
  // Only a program whose every use contacts a host (not git, npm or docker) is taken to
  // contact one the gate cannot read when no host is written.
  if (out.length === 0 && fetcher !== null) out.push({ host: null, source: `the arguments of ${fetcher}`, via: fetcher });
  return out;
}

/** Programs that contact a host whenever they do anything. */
const FETCHERS = new Set([
  'curl', 'wget', 'wget2', 'http', 'https', 'xh', 'xhs', 'aria2c', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh',
  'scp', 'sftp', 'ftp', 'tftp', 'lftp', 'ping', 'ping6', 'dig', 'nslookup',
]);

const SLASH = 0x2f;

/** The characters {@link roughWords} splits at: `\s` (as a JavaScript pattern reads it) and ``;&|()<>`'"{}$``. */
function isRoughSeparator(code: number): boolean {
  if (code < 0x80) return ROUGH_SEPARATORS[code] === 1;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

const ROUGH_SEPARATORS = (() => {
  const table = new Uint8Array(0x80);
  for (const c of ' \t\n\v\f\r;&|()<>`\'"{}$') table[c.charCodeAt(0)] = 1;
  return table;
})();

/** Words of a text split on blanks, shell operators and quotes: a rough, linear reading. */
export function roughWords(text: string): string[] {
  return text.split(/[\s;&|()<>`'"{}$]+/).filter((w) => w.length > 0);
}
