import { domainToASCII } from 'node:url';
import type { HostMention } from './mentions';

/**
 * The wording of an open-world finding (D§7): the hosts list and the one-sentence reason on the
 * card, with the notes a person needs to spot a look-alike (the punycode form of a host with
 * non-ASCII letters, the scripts mixed in one label). Kept apart from the readers: what a command
 * names is decided there; here it is only said.
 */

/** Letters of scripts that look alike, for the mixed-script note. */
const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Japanese', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
];

/** The scripts mixed within one label of the host (`pаypal`: Latin and Cyrillic), or `[]`. */
export function mixedScripts(host: string): string[] {
  // ASCII letters are all Latin: nothing to mix, and most hosts stop here.
  if (/^[\x00-\x7f]*$/.test(host)) return [];
  const mixed = new Set<string>();
  for (const label of host.split('.')) {
    const seen = new Set<string>();
    for (const char of label) {
      if (!/\p{L}/u.test(char)) continue;
      const script = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other';
      seen.add(script);
    }
    if (seen.size > 1) for (const s of seen) mixed.add(s);
  }
  return [...mixed];
}

/** The ASCII (punycode) form of a host when it differs from what is written, else `null`. */
export function asciiForm(host: string): string | null {
  if (/^[\x21-\x7e]*$/.test(host)) return null;
  const ascii = domainToASCII(host);
  if (ascii === '' || ascii === host.toLowerCase()) return null;
  return ascii;
}

/** How many hosts a reason lists before it counts the rest (the `hosts` list keeps them all). */
const MAX_LISTED = 12;

/**
 * The hosts list and the one-sentence reason of an open-world finding, or `null` when the
 * mentions name nothing. Hosts keep their first-seen order, deduplicated without regard to
 * ASCII case; a host with non-ASCII letters is followed by its punycode form.
 */
export function describeHostMentions(mentions: readonly HostMention[]): { hosts: string[]; reason: string } | null {
  if (mentions.length === 0) return null;
  const hosts: string[] = [];
  const seenHosts = new Set<string>();
  // A Map keeps this linear: a 64 KiB command may name thousands of hosts.
  const items = new Map<string, { text: string; vias: string[]; note?: string }>();
  const addItem = (key: string, text: string, via: string, note?: string) => {
    const existing = items.get(key);
    if (existing) {
      if (!existing.vias.includes(via)) existing.vias.push(via);
    } else {
      items.set(key, { text, vias: [via], ...(note ? { note } : {}) });
    }
  };
  for (const mention of mentions) {
    if (mention.listener) {
      addItem(`listen:${mention.source}`, `a listening socket on ${mention.source}`, mention.via);
      continue;
    }
    if (mention.host === null) {
      addItem(`unreadable:${mention.source}`, clip(mention.source), mention.via, 'a host the gate cannot read');
      continue;
    }
    const key = mention.host.toLowerCase();
    const ascii = asciiForm(mention.host);
    if (!seenHosts.has(key)) {
      seenHosts.add(key);
      hosts.push(mention.host);
      if (ascii && !seenHosts.has(ascii)) {
        seenHosts.add(ascii);
        hosts.push(ascii);
      }
    }
    const notes: string[] = [];
    if (ascii) notes.push(`ASCII form ${ascii}`);
    const scripts = mixedScripts(mention.host);
    if (scripts.length > 0) notes.push(`mixes ${scripts.join(' and ')} letters`);
    addItem(`host:${key}`, notes.length > 0 ? `${mention.host} [${notes.join('; ')}]` : mention.host, mention.via);
  }
  const all = [...items.values()];
  const listed = all
    .slice(0, MAX_LISTED)
    .map((item) => `${item.text} (${[...item.vias, ...(item.note ? [item.note] : [])].join(', ')})`)
    .join('; ');
  const more = all.length > MAX_LISTED ? `; and ${all.length - MAX_LISTED} more` : '';
  return { hosts, reason: `This command names a host: ${listed}${more}.` };
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
