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
 * Flashers of a device on a cable (`esptool.py write_flash`, `st-flash write`, `dfu-util`,
 * `avrdude`) write another board, not this machine: the rows that know them place their words, and
 * a program with a row is not read here; a flasher without a row given a serial or USB port
 * (`stm32flash -w fw.bin /dev/ttyUSB0`) is one too.
 */
import type { SegmentRecord } from '../programs/segmentRecord';
import { privilegeWrapper } from '../programs/writeTargets';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { unplaced } from './protectedTrees';

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
