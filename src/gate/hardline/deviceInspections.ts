/**
 * A program without a row that says of itself that it only looks at the devices it is given
 * (D§5, docs/decisions.md "A program without a row that says it only looks"): its name ends in a
 * read verb (`bcache-super-show`, `foo-info`, `bar_dump`) or one of the options it is given asks
 * rather than acts (`--dry-run`, `--no-act`, `--info`, `--query`, `--list`), and every option it
 * is given is such an option or one that only changes what is printed. Its device words are then
 * read, not written: a miss is preferred to refusing everyday inspection of a disk (`ntfsresize
 * --info /dev/sdb1`). An option with a value (`--dry-run=false`) or any other option keeps the
 * worst reading; so do short options (`-n` is a dry run to some programs and a count of
 * overwriting passes to others). A program whose first operand is an action says the same when
 * that action only reads or prints (`integritysetup dump /dev/sdb`, `blkzone report /dev/sdd`,
 * `foo-tool smart-log /dev/nvme0`); a writing or unknown action keeps the worst reading.
 */
import type { Word } from '../reading/resolution';
import { literalText } from './commandName';

/** The last part of a name, after `-`, `_` or `.`, that only reads or prints. */
const READ_NAME = /^[a-z0-9][\w.-]*[-_.](?:show|info|dump|stat|stats|status|list|ls|query|inspect|probe|scan|identify|print)$/i;
/**
 * A first operand (the program's action) that only reads or prints: a read verb, or a query of
 * what the device is (its capacity, size, geometry, health), alone or after `-`/`_` (`smart-log`,
 * `zone_report`). `check` and `test` are left out: some tools repair or write while checking.
 */
const READ_ACTION = /^(?:[a-z0-9]+[-_])*(?:show|info|dump|stat|stats|status|list|ls|query|inspect|probe|scan|identify|print|report|verify|examine|detail|display|describe|get|capacity|size|geometry|health|log|usage)$/i;
/** Options that ask what would be done, or only ask. */
const ASKING_OPTIONS = new Set([
  '--dry-run', '--dryrun', '--no-act', '--no-action', '--noaction', '--simulate', '--info', '--query', '--list', '--scan', '--show',
  '--status', '--probe', '--inspect', '--identify', '--print', '--read-only', '--readonly',
]);
/** Options that change only what is printed. */
const PRINTING_OPTIONS = new Set(['-v', '--verbose', '-q', '--quiet', '--json', '-h', '--help', '-V', '--version']);

export function onlyInspects(argv: readonly Word[], name: string): boolean {
  // A name that says it reads still takes no option that might act (`foo-scan --write /dev/sdb`).
  let asks = READ_NAME.test(name);
  let operands = 0;
  for (const word of argv.slice(1)) {
    const text = literalText(word);
    if (text === null) {
      // A word only known at run time may become any option (`$OPTS`), unless plain text starts it (`/dev/$D`).
      if (!/^[A-Za-z0-9_./=:,@%+~]/.test(word.raw)) return false;
      continue;
    }
    if (text === '--') break;
    if (!text.startsWith('-') || text === '-') {
      if (operands++ === 0 && READ_ACTION.test(text)) asks = true;
      continue;
    }
    if (ASKING_OPTIONS.has(text)) asks = true;
    else if (!PRINTING_OPTIONS.has(text)) return false;
  }
  return asks;
}
