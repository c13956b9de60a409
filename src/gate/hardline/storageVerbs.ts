/**
 * Arm `mkfs` for a storage manager the table cannot place that says it destroys what holds data
 * (D§5 "Raw disks", "Positive knowledge"; docs/decisions.md "Storage managers' destroying verbs").
 * Volume managers and cluster file systems name their objects, not device paths: `mmdelfs fs0`
 * (IBM Storage Scale deletes a file system), `mmdelnsd`, `mmdelvdisk`, `vxdestroy_lvmroot`,
 * `vxdg destroy datadg`, `juicefs destroy META UUID`. With no row to say what such a word
 * touches, a **storage noun** (file system, disk, vdisk, NSD, disk or volume group, pool, volume,
 * slot, LUN, partition, array) together with a **destroying verb** is the disk at its worst:
 *
 * - in the program's name, the verb then the noun after a short vendor prefix (`mm` + `del` +
 *   `fs`, `vx` + `destroy` + `lvmroot`, AIX's `rmfs`);
 * - or as its verb word (one of the first two operands): a word that says both (`delete-volume`,
 *   `destroy-pool`, `write-slot`), or a destroying verb (`destroy`, `delete`, `init`, `format`,
 *   `wipe` …) with the noun in the program's name (`vxdisk init`) or in the word beside it
 *   (`gluster volume delete`).
 *
 * A verb alone (`delete`, `rm`) is everyday work and stays the other arms'; `rm`/`remove` with only
 * the program's name for a noun too (`ipfs files rm x` forgets a file), and `init` in a name
 * (`mkinitfs` builds an initramfs).
 */
import type { SegmentRecord } from '../programs/segmentRecord';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { isHardlineProgram } from './programArms';
import { tokens, unplaced } from './protectedTrees';

/** What holds data: file systems, disks and their groups, pools, volumes, slots, LUNs, partitions, arrays. */
const NOUN = '(?:filesystem|fs|vdisk|disk|disks|osd|nsd|diskgroup|dg|volgroup|vg|zpool|pool|volume|vol|slot|lun|lvmroot|lvm|pv|lv|partition|array|raid|datastore)';
/** Verbs that destroy what they name. */
const NAME_VERB = '(?:del|delete|destroy|rm|remove|wipe|erase|zap|format|nuke|purge)';

/** The program's name: a vendor prefix of up to four letters, the verb, the noun, then its end or a separator. */
const DESTROYING_NAME = new RegExp(`^[a-z0-9]{0,4}?${NAME_VERB}[-_.]?${NOUN}s?(?:$|[-_.])`);

/** A word that says both verb and noun (`write-slot`, `delete-volume`, `destroy_pool`, `volume-delete`). */
const BOTH_IN_WORD = new RegExp(`^(?:(?:${NAME_VERB}|write|init|initialize)[-_]${NOUN}s?|${NOUN}s?[-_](?:${NAME_VERB}|init|initialize))$`);
/** Verbs that destroy with a noun given elsewhere (the program's name, the word beside): not `rm`/`remove`. */
const VERB_WORD = /^(?:destroy|delete|del|wipe|erase|zap|format|reformat|nuke|purge|init|initialize)$/;
/** A noun as a word of its own (`gluster volume delete`). */
const NOUN_WORD = new RegExp(`^${NOUN}s?$`);
/** A name that ends in a noun after a short prefix (`vxdisk`, `vxdg`, `juicefs`, `stratisd`). */
const NOUN_NAME = new RegExp(`^[a-z0-9]{0,8}?${NOUN}s?$`);
/**
 * Verbs that make a new store (`init`, `format`): with the noun only in the program's name they
 * destroy only when that noun is a device (`vxdisk init c2t1d0`); a file system's or a pool's tool
 * creates a new one with them (`ipfs init`, `juicefs format META NAME`).
 */
const CREATING_VERB = /^(?:init|initialize|format|reformat)$/;
const DEVICE_NAME = /^[a-z0-9]{0,8}?(?:disk|vdisk|lun|partition|nsd|pv)s?$/;

/** Keys whose true value erases disks (`erase=true`, `secure_erase=true`, `--wipe-disks=yes`). */
const ERASING_KEY_TOKEN = /^(?:erase|wipe|wipefs|zap|shred|sanitize)$/;
const TRUE_VALUE = /^(?:true|yes|1|on|y)$/i;

/**
 * A `KEY=VALUE` word (or `--KEY=VALUE`) whose key says it erases (`erase`, `wipe`, `zap`) and whose
 * value is true: `maas … machine release ID erase=true secure_erase=true` erases the machine's
 * disks (docs/decisions.md "Bare disk names in commands that make a store").
 */
function erasingSwitch(text: string): boolean {
  const eq = text.indexOf('=');
  if (eq <= 0 || text.length > 128) return false;
  return TRUE_VALUE.test(text.slice(eq + 1)) && tokens(text.slice(0, eq)).some((token) => ERASING_KEY_TOKEN.test(token));
}

/** The first operands of the words (options skipped), as far as literal. */
function leadingOperands(words: readonly (string | null)[]): (string | null)[] {
  const out: (string | null)[] = [];
  for (const text of words) {
    if (out.length >= 2) break;
    if (text !== null && text.startsWith('-')) continue;
    out.push(text === null ? null : text.toLowerCase());
  }
  return out;
}

export function checkStorageDestroyer(record: SegmentRecord): HardlineFinding | null {
  const inside = record.inside;
  const name = commandName(inside.argv[0])?.name;
  // A program an arm reads by its name has its own rules (`wipefs` alone only lists signatures).
  if (name === undefined || !unplaced(inside, name) || isHardlineProgram(name)) return null;
  const lower = name.toLowerCase();
  if (DESTROYING_NAME.test(lower)) return hardlineFinding('mkfs', `${name}, a program the gate cannot read, says by its name that it destroys a file system, disk, volume or pool`);
  const texts = inside.argv.slice(1).map(literalText);
  const switched = texts.find((text) => text !== null && erasingSwitch(text));
  if (switched !== undefined) return hardlineFinding('mkfs', `${name} ${switched}, a program the gate cannot read, told to erase the disks it releases or rebuilds`);
  const [first, second] = leadingOperands(texts);
  const nounInName = NOUN_NAME.test(lower);
  for (const [verb, beside] of [[first, second], [second, first]] as const) {
    if (verb === null || verb === undefined) continue;
    const nounBeside = beside !== null && beside !== undefined && NOUN_WORD.test(beside);
    const byName = nounInName && (!CREATING_VERB.test(verb) || DEVICE_NAME.test(lower));
    const said = BOTH_IN_WORD.test(verb) || (VERB_WORD.test(verb) && (byName || nounBeside));
    if (said) return hardlineFinding('mkfs', `${name} ${verb}, a program the gate cannot read, given a verb that destroys a file system, disk, volume or pool`);
  }
  return null;
}

/** Verbs that make a new store on what they are given (`disk fs create`, `zpool create`, `osd create`, `disk initialize`). */
const CREATING_TOKEN = /^(?:create|init|initialize|format|new|add|mk|make|setup)$/;
/** Option and key names whose value is a disk or device (`--disk sdc`, `--devices sdb,sdc`, `disk=nvme0n1`, `source=sdb`). */
const DEVICE_KEY_TOKEN = /^(?:disks?|devices?|dev|drives?|members?|source|data|vdevs?|osd)$/;

/**
 * A program no row places that makes a new store (docs/decisions.md "Bare disk names in commands
 * that make a store"): a creating verb among its first words (`create`, `init`, `format`, `add`),
 * with a storage noun there or in its name (`disk fs create`, `zpool create`, `osd create`), or an
 * option or key naming a disk or device (`--disk`, `--devices`, `disk=`). A store made on a disk
 * erases it, so a bare kernel name there (`sdc`, `nvme0n1`) is the device it writes.
 */
export function createsStorage(argv: readonly (string | null)[]): boolean {
  const words: string[] = [];
  let operands = 0;
  for (const text of argv.slice(1)) {
    if (text === null) continue;
    if (text.startsWith('-') || text.includes('=')) words.push(text.replace(/=.*$/s, ''));
    else if (operands++ < 3) words.push(text.toLowerCase());
  }
  const leading = words.filter((word) => !word.startsWith('-'));
  if (!leading.some((word) => tokens(word).some((token) => CREATING_TOKEN.test(token)))) return false;
  const name = (argv[0] ?? '').toLowerCase();
  const noun = NOUN_NAME.test(name.slice(name.lastIndexOf('/') + 1)) || leading.some((word) => tokens(word).some((token) => NOUN_WORD.test(token)));
  return noun || words.some((word) => tokens(word).some((token) => DEVICE_KEY_TOKEN.test(token)));
}
