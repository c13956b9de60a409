/**
 * Arm `raw-device-write` for this machine's firmware written by a program the table cannot place
 * (D§5 "Raw disks"; docs/decisions.md "Firmware flashers and erased volumes without a row"):
 *
 * - a **flasher**: a program named for flashing (`sas2flash`, `nvflash`, `amdvbflash`, `mstflint`,
 *   `flint`, AMI's `afulnx`/`afuefi`) given a firmware image (`*.rom`, `*.bin`, `*.cap`, `*.fd`,
 *   `*.fw`, …) or a flashing word (`burn`, `write`, `program`, `erase`, `-e`, `--protectoff`), unless
 *   it only saves, reads, lists or verifies (`nvflash --save backup.rom`, `nvflash --list`);
 * - a **vendor's firmware package** run with root (`sudo ./R740_BIOS_2.19.1.BIN -q`): a program
 *   file named for the BIOS or firmware it installs, unless asked only to check, list or extract;
 * - a **macOS volume** (`/Volumes/NAME`, the whole volume) handed with root to a program without a
 *   row as the value of an option naming a volume, target, disk or device
 *   (`sudo createinstallmedia --volume /Volumes/X`): erased at worst, as a raw-disk write.
 *
 * - a **firmware store written** ({@link checkFirmwareStore}): a program no row places whose words
 *   name one of this machine's firmware stores (the SPI chip, the BIOS, UEFI and its variables,
 *   NVRAM/CMOS, an EEPROM, a ROM, the firmware, the boot loader) together with a verb that writes,
 *   erases or deletes (`chipsec_util spi write 0x0 bios.bin`, `chipsec_util uefi var-delete db
 *   GUID`, `efivar -w -n GUID-Name -f data`, `fwupdtool install-blob fw.bin`). What only reads,
 *   lists or dumps (`chipsec_util spi info`, `efivar -l`, `fwupdmgr get-devices`) names no such verb.
 *
 * Flashers of a device on a cable (`esptool.py write_flash`, `st-flash write`, `dfu-util`,
 * `avrdude`) write another board, not this machine: the rows that know them place their words, and
 * a program with a row is not read here; a flasher without a row given a serial or USB port
 * (`stm32flash -w fw.bin /dev/ttyUSB0`) is one too.
 */
import type { SegmentRecord } from '../programs/segmentRecord';
import { privilegeWrapper } from '../programs/writeTargets';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { tokens, unplaced } from './protectedTrees';

/** A program named for flashing: `…flash`, `…flint`, AMI's `afu…` update tools. */
const FLASHER_NAME = /^(?:[a-z0-9_.-]*flash[a-z0-9_-]*|[a-z0-9_-]*flint|afu(?:lnx|efi|win|dos|bsd)[a-z0-9_]*)$/i;
/** A serial or USB port a board on a cable is reached through (Linux, macOS, Windows spellings). */
const SERIAL_PORT = /^(?:\/dev\/(?:tty(?:USB|ACM|AMA|S)\d+|(?:tty|cu)\.[\w.-]+|serial\/by-(?:id|path)\/.+)|COM\d+)$/;
/** A firmware image, by its extension. */
const FIRMWARE_IMAGE = /\.(?:rom|bin|cap|fd|fw|hex|ima|upd|efi|hdr|mcs)$/i;
/** Words that flash or erase. */
const FLASHING_WORD = /^(?:burn|write|flash|program|erase|-e|--erase|-protectoff|--protectoff|-6|--overridesub|--overridetype|-f|-p)$/i;
/** Words that only save, read, list, query or verify. */
const LOOKING_WORD = /^(?:-?-?(?:save|read|dump|backup|list|listall|query|verify|info|version|help|check)|-r|-l|-c|-q|-h|-v|-\?|q|v|query|h)$/i;
/** A program file named for the BIOS or firmware it installs (Dell's `R740_BIOS_2.19.1.BIN`, `Network_Firmware_XYZ.BIN`). */
const FIRMWARE_PACKAGE = /(?:^|[_.-])(?:bios|uefi|firmware|fw)(?:[_.-]|$)/i;
/** A vendor package's options that only check, list, print or extract. */
const PACKAGE_LOOKS = /^(?:-c|-l|-v|-h|--help|--version|--extract(?:=.*)?|-e|--list|--check|-i|--info)$/i;
/** An option naming where a program writes: a volume, a target, a disk or a device. */
const VOLUME_OPTION = /^--?(?:volume|target|disk|device|drive|dest(?:ination)?)$/i;
/** A whole macOS volume (`/Volumes/NAME`). */
const WHOLE_VOLUME = /^\/Volumes\/[^/]+\/?$/;

/**
 * This machine's firmware stores, as a word's token (`spi`, `uefi`, `efivar`) or a name's start or
 * end (`efivar`, `nvramtool`, `biosutil`). `flash` is not one: it is as often a board on a cable
 * (`west flash --erase`); `blob` is a raw firmware image (`install-blob`).
 */
const FIRMWARE_NOUN = '(?:spi|bios|uefi|efi|efivars?|nvram|cmos|eeprom|rom|firmware|bootloader|blob)';
const NOUN_TOKEN = new RegExp(`^${FIRMWARE_NOUN}$`);
const NOUN_IN_NAME = new RegExp(`^${FIRMWARE_NOUN}|${FIRMWARE_NOUN}$`);
/** Verbs that write, erase or delete what they name. */
const STORE_VERB = '(?:write|writes|erase|delete|del|remove|program|burn|flash|wipe|clear|zap|overwrite|reflash)';
const VERB_TOKEN = new RegExp(`^${STORE_VERB}$`);
/** A noun and a verb run together in one token (`flasherase`, `spiwrite`, `writebios`, `romerase`). */
const JOINED = new RegExp(`^(?:(?:flash|${FIRMWARE_NOUN})${STORE_VERB}|${STORE_VERB}(?:flash|${FIRMWARE_NOUN}))$`);
/** Verbs that write only in the same word as a noun (`install-blob`, `update_bios`): alone they are everyday updates. */
const JOINED_ONLY_VERB = /^(?:install|load|update|set|put|replace)$/;
/** How many words after the program's name, options aside, may name the store or the verb (`chipsec_util uefi var-delete db`). */
const LEADING = 3;

/**
 * A program no row places that writes, erases or deletes a firmware store of this machine, by what
 * its words mean: a firmware noun (in its name, a leading operand or an option) and a writing verb
 * (a leading operand or an option: `-w` only when the name itself names the store, `efivar -w`),
 * or one word that says both (`flasherase`, `install-blob`). A serial or USB port among its words
 * is a board on a cable.
 */
export function checkFirmwareStore(record: SegmentRecord): HardlineFinding | null {
  const inside = record.inside;
  const program = commandName(inside.argv[0]);
  if (program === null || !unplaced(inside, program.name)) return null;
  const texts = inside.argv.slice(1).map((word) => literalText(word) ?? '');
  if (texts.some((text) => SERIAL_PORT.test(text))) return null;
  const nameTokens = tokens(program.name).filter((token) => token !== '');
  const nounInName = nameTokens.some((token) => NOUN_IN_NAME.test(token));
  const words: string[] = [];
  let operands = 0;
  for (const text of texts) {
    if (text.startsWith('-')) words.push(text);
    else if (operands++ < LEADING) words.push(text);
  }
  let noun = nounInName;
  let verb: string | null = null;
  for (const word of words) {
    // A file or path operand (`bios_patched.bin`, `fw/notes`) is what is written, not what it is written to.
    if (!word.startsWith('-') && /[./]/.test(word)) continue;
    const parts = tokens(word).filter((token) => token !== '');
    const hasNoun = parts.some((token) => NOUN_TOKEN.test(token));
    const hasVerb = parts.some((token) => VERB_TOKEN.test(token)) || (nounInName && /^-w$/.test(word));
    const both = parts.some((token) => JOINED.test(token)) || (hasNoun && parts.some((token) => JOINED_ONLY_VERB.test(token)));
    if (both) return hardlineFinding('raw-device-write', `${program.name} ${word}: a program no row places writing or erasing this machine's firmware`);
    if (hasNoun) noun = true;
    if (hasVerb && verb === null) verb = word;
  }
  if (noun && verb !== null) return hardlineFinding('raw-device-write', `${program.name} ${verb}: a program no row places writing or erasing this machine's firmware`);
  return null;
}

export function checkFirmwareFlasher(record: SegmentRecord): HardlineFinding | null {
  const inside = record.inside;
  const argv = inside.argv;
  const program = commandName(argv[0]);
  if (program === null) return null;
  if (!unplaced(inside, program.name)) return null;
  const texts = argv.slice(1).map((word) => literalText(word) ?? '');
  const privileged = privilegeWrapper(record.peeled.wrappers) !== undefined;
  // A serial or USB port among its words says where it writes: a board on a cable (`stm32flash -w
  // fw.bin /dev/ttyUSB0`), not this machine.
  if (FLASHER_NAME.test(program.name) && !texts.some((text) => LOOKING_WORD.test(text) || SERIAL_PORT.test(text))) {
    const image = texts.find((text) => FIRMWARE_IMAGE.test(text) && !text.startsWith('-'));
    const verb = texts.find((text) => FLASHING_WORD.test(text));
    if (image !== undefined || verb !== undefined) return hardlineFinding('raw-device-write', `${program.name} ${image ?? verb}: a flasher no row places writing this machine's firmware`);
  }
  if (!privileged) return null;
  const file = literalText(argv[0]) ?? '';
  const base = file.slice(file.lastIndexOf('/') + 1);
  if (file.includes('/') && FIRMWARE_PACKAGE.test(base) && !texts.some((text) => PACKAGE_LOOKS.test(text))) {
    return hardlineFinding('raw-device-write', `${base} run with root: a vendor's firmware package no row places`);
  }
  for (let k = 0; k < texts.length; k++) {
    const option = texts[k]!;
    const eq = option.indexOf('=');
    const [name, value] = eq > 0 ? [option.slice(0, eq), option.slice(eq + 1)] : [option, texts[k + 1] ?? ''];
    if (VOLUME_OPTION.test(name) && WHOLE_VOLUME.test(value)) return hardlineFinding('raw-device-write', `${program.name} ${name} ${value} run with root: the whole volume, erased at worst by a program no row places`);
  }
  return null;
}
