/**
 * Files a program empties or replaces whole by what its row reads in its words (`Form.empties`:
 * Vim's start-up Ex commands `-c '%d' -c 'wq!' FILE`, `ex -sc '%d|x' FILE`): judged as a
 * truncation of that file by the one critical-file arm (deletion.ts `checkCriticalFiles`, D§5).
 */
import type { PathPlace } from '../programs/pathResolver';
import type { SegmentRecord } from '../programs/segmentRecord';
import type { HardlineFinding } from './arms';
import { checkCriticalFiles } from './deletion';

/** `command`: the record of the program's argv, wrappers peeled. */
export function checkEmptiedFiles(command: SegmentRecord, place: PathPlace): HardlineFinding | null {
  if (command.argv.length < 3) return null;
  for (const form of command.forms.forms) {
    if (form.empties !== true || form.value === null) continue;
    const found = checkCriticalFiles(`${form.program} (${form.note})`, [form.value], place);
    if (found !== null) return found;
  }
  return null;
}
