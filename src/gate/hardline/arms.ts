/**
 * The hardline arms (D§5) and the words a refusal uses. A refusal names what it refused in plain
 * words and nothing else: it offers the agent no alternative and no way to appeal, because the
 * floor is not negotiable at any rung.
 */

export type HardlineArm =
  | 'recursive-delete-root'
  | 'mkfs'
  | 'raw-device-write'
  | 'fork-bomb'
  | 'recursive-chmod-root'
  | 'kill-all'
  | 'shutdown'
  | 'credential-exfiltration';

export const HARDLINE_ARMS: readonly HardlineArm[] = [
  'recursive-delete-root',
  'mkfs',
  'raw-device-write',
  'fork-bomb',
  'recursive-chmod-root',
  'kill-all',
  'shutdown',
  'credential-exfiltration',
];

/** A refusal before it becomes a decision's `HardlineRecord`. */
export interface HardlineFinding {
  arm: HardlineArm;
  detail: string;
}

const ARM_WORDS: Readonly<Record<HardlineArm, string>> = {
  'recursive-delete-root': 'recursive deletion of the root folder, a system folder or the home folder',
  mkfs: 'formatting or erasing a disk',
  'raw-device-write': 'writing straight onto a raw disk device',
  'fork-bomb': 'a fork bomb',
  'recursive-chmod-root': 'recursively changing owner or permissions of the root folder or a system folder',
  'kill-all': 'killing every process on the machine',
  shutdown: 'shutting down or rebooting the machine',
  'credential-exfiltration': 'sending credentials off the machine',
};

/** Builds the refusal for an arm; `what` says what exactly was seen, e.g. "rm -r on /usr". */
export function hardlineFinding(arm: HardlineArm, what: string): HardlineFinding {
  return {
    arm,
    detail: `Hardline floor (${arm}): ${ARM_WORDS[arm]} — ${what}. This refusal is fixed: no rung, list, grant or approval lifts it.`,
  };
}
