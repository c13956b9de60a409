/**
 * A program the gate cannot read, run with raised rights, that says it destroys (D§5 "Positive
 * knowledge"; docs/decisions.md "A program the gate cannot read, run as root, that says it
 * destroys"). No row says what `sudo purevol destroy vol1`, `sudo vxdg destroy datadg` or
 * `sudo mmdelfs gpfs0 -p` touches; run as root with a word that says it destroys, wipes, erases,
 * formats or ends the machine's power, the worst it can do is the machine's storage or power, and
 * the floor takes it so. Without raised rights such a word stays the other arms' (a protected
 * root given, a device named): everyday tools clean and delete their own things.
 */
import { privilegeWrapper } from '../programs/writeTargets';
import type { SegmentRecord } from '../programs/segmentRecord';
import { hardlineFinding, type HardlineArm, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { AFTER_POWER } from './hostPower';
import { tokens, unplaced } from './protectedTrees';

/**
 * The words that say so, with the arm each belongs to. Read in the program's name and in words
 * that are no option, and as a long option's whole name (`--destroy`); not `remove`, `delete` or
 * `clean` (package and cache removal as root is everyday), and not `--format` (an output format).
 */
const DESTROYING: Readonly<Record<string, HardlineArm>> = {
  destroy: 'recursive-delete-root',
  eradicate: 'recursive-delete-root',
  obliterate: 'recursive-delete-root',
  nuke: 'recursive-delete-root',
  wipe: 'raw-device-write',
  erase: 'raw-device-write',
  zap: 'raw-device-write',
  shred: 'raw-device-write',
  zeroize: 'raw-device-write',
  sanitize: 'raw-device-write',
  format: 'mkfs',
  reformat: 'mkfs',
  poweroff: 'shutdown',
  reboot: 'shutdown',
  halt: 'shutdown',
  shutdown: 'shutdown',
  fence: 'shutdown',
};


/** The destroying word among these texts (program name first), or null. */
function destroyingWord(name: string, texts: ReadonlyArray<string | null>): string | null {
  const said: string[] = [...tokens(name)];
  for (const text of texts) {
    if (text === null || text.length > 64) continue;
    if (text.startsWith('--')) {
      const option = text.slice(2).split('=')[0]!.toLowerCase();
      if (Object.prototype.hasOwnProperty.call(DESTROYING, option) && option !== 'format') return option;
      continue;
    }
    if (!text.startsWith('-')) said.push(...tokens(text));
  }
  for (let k = 0; k < said.length; k++) {
    const token = said[k]!;
    if (Object.prototype.hasOwnProperty.call(DESTROYING, token)) return token;
    if (token === 'power' && AFTER_POWER.has(said[k + 1] ?? '')) return 'poweroff';
  }
  return null;
}

/** `record`: a segment's record with its wrappers (`sudo`, `doas`, `pkexec` …) still on. */
export function checkPrivilegedUnknown(record: SegmentRecord): HardlineFinding | null {
  const raisedBy = privilegeWrapper(record.peeled.wrappers);
  if (raisedBy === undefined) return null;
  const inside = record.inside;
  const name = commandName(inside.argv[0])?.name;
  if (name === undefined || !unplaced(inside, name)) return null;
  const word = destroyingWord(name, inside.argv.slice(1).map(literalText));
  if (word === null) return null;
  return hardlineFinding(DESTROYING[word]!, `${name}, a program the gate cannot read, run through ${raisedBy} and given a word that says it destroys (${word})`);
}
