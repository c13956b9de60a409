/**
 * The commands a program the gate cannot place may run, at its worst (D§5 "Unknown is not
 * harmless"; docs/decisions.md "What a program without a row runs prints what that command
 * prints"). A secret wrapper, an environment loader or a role assumer without a row
 * (`envchain NS env`, `envconsul -prefix P env`, `assume ROLE --exec printenv`) is read as a
 * launcher: each suffix of its words that starts with a program the table knows, and each word of
 * shell text (an `--exec 'printenv'` value), is a command it may run with its own output. What
 * such a command prints (the environment, a token) is then what the unplaced program prints.
 * Positive knowledge stays the rows': a word is a command only when it names a program with a row.
 */
import type { Word } from '../reading/resolution';
import type { SegmentRecord } from '../programs/segmentRecord';
import { rowFor } from '../programs/table';
import { commandName, literalText } from './commandName';
import { isUnplaced } from './unplacedSenders';
import { readTextCommands } from './textCommands';

/** At most this many commands are read from one program's words. */
const MAX_RUN = 8;

/** Words of shell text: a blank or an operator. */
const SHELL_TEXT = /[\s;&|]/;

/**
 * The argvs an unplaced program (record peeled of its wrappers) may run: each suffix of its words
 * from a word that names a program with a row, and the commands in each word of shell text or
 * option value that names one (`--exec=printenv`). Empty for a program the table places.
 */
export function commandsRunByUnplaced(record: SegmentRecord, home: string): Word[][] {
  if (!isUnplaced(record)) return [];
  const argv = record.inside.argv;
  const out: Word[][] = [];
  for (let k = 1; k < argv.length && out.length < MAX_RUN; k++) {
    const text = literalText(argv[k]);
    if (text === null) continue;
    const value = text.startsWith('-') && text.includes('=') ? text.slice(text.indexOf('=') + 1) : text;
    if (value.startsWith('-') || value === '') continue;
    if (SHELL_TEXT.test(value)) {
      for (const command of readTextCommands(value, home).slice(0, MAX_RUN)) if (command.argv.length > 0) out.push(command.argv);
      continue;
    }
    const name = commandName(value === text ? argv[k] : { kind: 'literal', value, raw: value });
    if (name === null || rowFor(name.name) === null) continue;
    out.push(value === text ? argv.slice(k) : [{ kind: 'literal', value, raw: value }]);
  }
  return out;
}
