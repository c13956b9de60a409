/**
 * Command lines of network and storage appliances, handed as text to a program the gate cannot
 * read (D§5; docs/decisions.md "An appliance's command line"): NX-OS `dohost "…"`, EOS `FastCli -c
 * "…"`, Junos `cli -c "…"`, F5 `tmsh …`, and the same text inside a vendor library's call
 * (`cli('delete bootflash:…')`) or typed at such a shell. Switches and routers keep their boot images
 * and configuration on file systems named with a colon (`flash:`, `bootflash:`, `nvram:`,
 * `disk0:`); their command languages share the verbs that matter:
 *
 * - `delete`, `erase` or `format` of such a file system or a file on it: the device's boot storage,
 *   a raw-disk write (`delete /force /recursive flash:`, `format bootflash:`);
 * - `copy` of the running or startup configuration (or a file of the boot storage, or of
 *   `/config`) to a URL: the configuration holds the device's secrets (`copy running-config
 *   tftp://…`), a credential sent off the machine;
 * - `reload` with a time (`reload now`, `reload in 5`) and `request system reboot|halt|power-off`:
 *   the machine's power.
 *
 * Positive knowledge stays the rows': a program with a row that places every word is not read here.
 */
import type { SegmentRecord } from '../programs/segmentRecord';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { unplaced } from './protectedTrees';

/** An appliance's file system, as its command language names it (`bootflash:`, `flash:EOS.swi`, `disk0:/x`). */
const DEVICE_FILE_SYSTEM = /^(?:sup-)?(?:bootflash|flash\d*|nvram|disk\d+|slot\d+|usbflash\d*|usb\d+|harddisk\d*|bootdisk|cf\d*|sdcard|logflash|volatile):/i;
/** The configuration a device runs with or boots with. */
const CONFIGURATION = /^(?:running-config|startup-config|system:running-config|nvram:startup-config)$/i;
/** A URL a copy sends to. */
const URL = /^(?:tftp|ftp|sftp|scp|http|https|rcp):\/\//i;
/** Verbs that delete or erase what they name. */
const DELETING = /^(?:delete|del|erase|format|rmdir)$/i;

/** The running or startup configuration, a file of `/config`, or a configuration file on the boot storage (`flash:startup-config`). */
function isConfiguration(source: string): boolean {
  return CONFIGURATION.test(source) || source.startsWith('/config/') || (DEVICE_FILE_SYSTEM.test(source) && /conf|cfg/i.test(source));
}

/** The words of one command line: a text word split at its blanks, each word alone. */
function lineWords(texts: readonly string[]): string[] {
  return texts.flatMap((text) => text.split(/\s+/)).filter((word) => word !== '' && word !== '/force' && word !== '/recursive' && word !== 'no-prompt');
}

/** What an appliance's command line does, as a finding, or null. */
export function applianceLine(words: readonly string[], program: string): HardlineFinding | null {
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    const rest = words.slice(k + 1, k + 4);
    if (DELETING.test(word) && rest.some((next) => DEVICE_FILE_SYSTEM.test(next))) {
      return hardlineFinding('raw-device-write', `${program} "${word} ${rest.find((next) => DEVICE_FILE_SYSTEM.test(next))}": an appliance's boot storage deleted or erased`);
    }
    // `copy SOURCE URL`, Junos's `file copy SOURCE URL`: a configuration sent (a boot image or a log is no secret).
    const at = /^copy$/i.test(word) ? k + 1 : /^file$/i.test(word) && /^copy$/i.test(words[k + 1] ?? '') ? k + 2 : -1;
    if (at > 0 && isConfiguration(words[at] ?? '') && URL.test(words[at + 1] ?? '')) {
      return hardlineFinding('credential-exfiltration', `${program} "copy ${words[at]} ${words[at + 1]}": an appliance's configuration (its secrets) sent off the machine`);
    }
    if (/^file$/i.test(word) && /^delete$/i.test(words[k + 1] ?? '') && /^\/config\//.test(words[k + 2] ?? '')) {
      return hardlineFinding('raw-device-write', `${program} "file delete ${words[k + 2]}": an appliance's configuration deleted`);
    }
    if (/^reload$/i.test(word) && k === 0 && /^(?:now|in|at|force|cancel-not)$/i.test(words[1] ?? '') ) {
      return hardlineFinding('shutdown', `${program} "reload ${words[1]}": an appliance reloaded (its machine restarted)`);
    }
    if (/^request$/i.test(word) && /^system$/i.test(words[k + 1] ?? '') && /^(?:reboot|halt|power-off|logout)$/i.test(words[k + 2] ?? '')) {
      return hardlineFinding('shutdown', `${program} "request system ${words[k + 2]}": an appliance's machine ended`);
    }
  }
  return null;
}

/** A program the gate cannot read given an appliance's command line ({@link applianceLine}). */
export function checkApplianceCommands(record: SegmentRecord): HardlineFinding | null {
  const inside = record.inside;
  const name = commandName(inside.argv[0])?.name;
  if (name === undefined || !unplaced(inside, name)) return null;
  const texts = inside.argv.slice(1).map(literalText);
  if (texts.some((text) => text === null)) return null;
  // Its own words are one command line, its name first (`tmsh delete …`; `delete bootflash:x` read
  // from a string of code), and each text word is one (`-c "…"`).
  const own = applianceLine([name, ...lineWords(texts as string[])], name);
  if (own !== null) return own;
  for (const text of texts as string[]) {
    if (!/\s/.test(text)) continue;
    const found = applianceLine(lineWords([text]), name);
    if (found !== null) return found;
  }
  return null;
}
