/**
 * Arm `mkfs` for storage erased through a service or a controller rather than a device path
 * (D§5 "Raw disks"; docs/decisions.md "Disks formatted over D-Bus and arrays deleted by their
 * controllers").
 *
 * A D-Bus call (`gdbus call`, `busctl call`, `dbus-send`, `qdbus`, or any client)
 * asking a storage service to format, erase or delete what it holds (D§5 "Raw disks";
 * docs/decisions.md "Disks formatted and erased over D-Bus"). A storage service is known by its
 * bus or interface name (UDisks2 and its `storaged` ancestor, LVM's `lvmdbus`, Stratis), or by an
 * object path under a block device or drive (`/org/freedesktop/UDisks2/block_devices/sda`).
 * Methods that only ask (`Get…`, `Introspect`, `Mount`, `Rescan`) are not read; the erasing verbs
 * are read by the last part of the method's name (`Block.Format`, `Partition.Delete`,
 * `Ata.SecurityEraseUnit`, `Vg.Remove`, `Lv.Remove`, `Pool.DestroyFilesystems`).
 */
import type { SegmentRecord } from '../programs/segmentRecord';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { leavesWordsUnplaced, rowFor } from '../programs/table';

/** A bus or interface name of a storage service. */
const STORAGE_BUS = /(?:^|\.)(?:udisks2?|storaged|lvmdbus\d*|stratis\w*|blivet\w*)(?:\.|$)/i;
/** A name of three or more dotted parts. */
const DOTTED = /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*){2,}$/;
/** An object path of a block device, a drive, a volume group or a pool. */
const STORAGE_OBJECT = /^\/\S*\/(?:block_devices|drives|vg|lv|pv|pool|filesystem)s?\//i;
/** The erasing verb at the end of a method's name (after its interface, or alone). */
const ERASING_METHOD = /^(?:format|delete|remove|erase|wipe|destroy\w*|securityeraseunit|zero\w*)$/i;

/** The erasing method these words call on a storage service, or null. */
function erasingStorageMethod(texts: readonly string[]): string | null {
  // A bus name is dotted (`org.freedesktop.UDisks2`): a package named `udisks2` is no call.
  if (!texts.some((text) => (DOTTED.test(text) && STORAGE_BUS.test(text)) || STORAGE_OBJECT.test(text))) return null;
  let afterPath = false;
  for (const text of texts) {
    if (text.startsWith('/')) afterPath = true;
    if (!/^[A-Za-z][\w.]*$/.test(text)) continue;
    // The method by its interface (`…Block.Format`), or alone after the object path (`dbus-send`'s, `qdbus`'s).
    if (!text.includes('.') && !afterPath) continue;
    const last = text.slice(text.lastIndexOf('.') + 1);
    if (ERASING_METHOD.test(last)) return text;
  }
  return null;
}

/**
 * A RAID controller's tool (Dell's `omconfig`/`perccli`, Broadcom's `storcli`/`MegaCli`, HPE's
 * `ssacli`, Microchip's `arcconf`, …) that no row places, asked to delete a virtual disk or to
 * reset or clear the controller's configuration: every array it holds is gone. Read by its words'
 * tokens (split at punctuation and case changes, `action=deletevdisk` too): an erasing verb with a
 * virtual disk's noun (`delete logicaldrive`, `/c0/vall del`, `-CfgLdDel`, `deletevdisk`), or a
 * reset or clear of the configuration beside a controller's noun (`controller action=resetconfig`,
 * `-CfgClr -aALL`). A verb without the noun, or the noun without a verb (`show`, `list`), is not
 * read. A program with a row is read by its row only.
 */
const CONTROLLER_VERBS = new Set(['delete', 'del', 'remove', 'destroy', 'erase', 'wipe', 'clear', 'clr']);
const VIRTUAL_DISK_NOUNS = new Set(['vdisk', 'vd', 'vall', 'virtualdisk', 'virtualdrive', 'ld', 'lall', 'logicaldrive', 'logicaldisk', 'raidset', 'raidarray', 'logicaldevice']);
const CONTROLLER_NOUNS = new Set(['controller', 'adapter', 'ctrl', 'hba', 'a0', 'aall', 'c0', 'call']);
const CONFIG_RESETS = /^(?:reset|clear|clr|delete|del|wipe|erase)(?:config|cfg|configuration)$|^cfg(?:clr|lddel|foreign)$/;
const COMPOUND = /^(?:delete|del|remove|destroy|erase|wipe|clear)(vdisk|vd|virtualdisk|virtualdrive|ld|logicaldrive|logicaldisk|array|raid)s?$/;

/**
 * A storage tool's erasing verb with the word that skips its confirmation (`noprompt`, `forced`,
 * `-force`, `-f`), aimed at a drive, an array or a controller: by a noun (`array`, `device`,
 * `intelssd`, `ctrl`) or by a controller's index before the verb (`sas2ircu 1 delete noprompt`).
 * The confirmation skipped is the tool's own warning that the data goes; without it, or without a
 * target, the verb is not read (`tool delete job`).
 */
const ERASING_VERBS = new Set(['delete', 'del', 'destroy', 'erase', 'wipe', 'clear', 'sanitize', 'format', 'secureerase']);
const CONFIRMATION_SKIPS = new Set(['noprompt', 'forced', 'force', 'f', 'nowarn', 'noconfirm']);
const DRIVE_NOUNS = /^(?:array|arrays|device|devices|drive|drives|disk|disks|physicaldrive|pd|\w*ssd|nvme|ctrl|controller|adapter|slot)$/;

function forcedDeviceErase(tokens: readonly string[]): string | null {
  const verbAt = tokens.findIndex((token) => ERASING_VERBS.has(token));
  if (verbAt < 0 || !tokens.some((token) => CONFIRMATION_SKIPS.has(token))) return null;
  const target = tokens.some((token) => DRIVE_NOUNS.test(token)) || tokens.slice(0, verbAt).some((token) => /^\d{1,2}$/.test(token));
  return target ? `${tokens[verbAt]} without its confirmation` : null;
}

function controllerErase(argv: SegmentRecord['argv']): string | null {
  const tokens: string[] = [];
  for (const word of argv.slice(1)) {
    const text = literalText(word);
    if (text === null || /\s/.test(text)) continue;
    // The whole word as well (`-CfgClr` is `cfgclr`), and each of its parts.
    tokens.push(text.replace(/^-+/, '').toLowerCase());
    tokens.push(...text.split(/[-_.=:,/]+|(?<=[a-z])(?=[A-Z])/).map((token) => token.toLowerCase()).filter((token) => token !== ''));
  }
  const compound = tokens.find((token) => COMPOUND.test(token));
  if (compound !== undefined) return compound;
  // storcli's and perccli's object paths name a virtual disk as `/cN/vM` or `/cN/vall`.
  const virtualDisk = tokens.some((token) => VIRTUAL_DISK_NOUNS.has(token)) || (tokens.some((token) => /^c\d+$/.test(token)) && tokens.some((token) => /^v\d+$/.test(token)));
  if (tokens.some((token) => CONTROLLER_VERBS.has(token)) && virtualDisk) return 'deleting a virtual disk';
  const forced = forcedDeviceErase(tokens);
  if (forced !== null) return forced;
  const reset = tokens.find((token) => CONFIG_RESETS.test(token));
  if (reset !== undefined && (reset.startsWith('cfg') || tokens.some((token) => CONTROLLER_NOUNS.has(token)))) return reset;
  return null;
}

/** The `mkfs` finding of a command that asks a storage service or controller to format, erase or delete what it holds, or null. */
export function checkStorageServices(command: SegmentRecord): HardlineFinding | null {
  const texts = command.argv.slice(1).map((word) => (literalText(word) ?? '').replace(/^--?[a-z-]+=/, ''));
  const program = literalText(command.argv[0]) ?? 'a D-Bus client';
  const method = erasingStorageMethod(texts);
  if (method !== null) return hardlineFinding('mkfs', `${program} calling ${method} on a storage service over D-Bus`);
  const name = commandName(command.argv[0]);
  if (name === null || (rowFor(name.name) !== null && !leavesWordsUnplaced(command.forms))) return null;
  const erase = controllerErase(command.argv);
  return erase === null ? null : hardlineFinding('mkfs', `${program} (a program no row places): ${erase}, which deletes a RAID controller's arrays`);
}
