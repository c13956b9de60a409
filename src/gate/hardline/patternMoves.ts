/**
 * zsh's `zmv` (and `zmv -M`), and `mmv` (below): renames every file its pattern matches, a pattern zmv expands itself
 * (so it is quoted on the line) with `(…)` groups the destination refers back to as `$1`
 * (D§5, docs/decisions.md "Moves by a pattern the program expands"). The pattern is read as the
 * glob it is without the groups (`'/etc/(*)'` is `/etc/*`, and a recursive group spans every depth) and judged as an
 * `mv` source: every entry of a system folder or of the home folder moved away is refused. `-C`
 * (copy), `-L` (link) and `-n` (only print) move nothing.
 */
import type { PathPlace } from '../programs/pathResolver';
import type { SegmentRecord } from '../programs/segmentRecord';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { criticalFileTarget, moveTarget } from './paths';

/** zmv's options that take a value (`-o OPTS`, `-p PROGRAM`, `-P PROGRAM`). */
const VALUED = /^-[finqQsvwWCLM]*[opP]$/;

export function checkPatternMove(command: SegmentRecord, place: PathPlace): HardlineFinding | null {
  const argv = command.argv;
  const name = commandName(argv[0]);
  if (name === null) return null;
  if (name.name === 'mmv') return checkMmv(argv, place);
  if (name.name !== 'zmv' && name.name !== 'zmv.zsh') return null;
  const operandWords: Word[] = [];
  let copies = false;
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (operandWords.length === 0 && text !== null && text.startsWith('-') && text !== '-' && text !== '--') {
      // `-C`/`-L`/`-n` (or `-p cp`): nothing is moved; `-M` forces mv.
      if (/[CLn]/.test(text.replace(/^-/, ''))) copies = true;
      if (VALUED.test(text)) {
        const value = literalText(argv[k + 1]);
        if (/[pP]$/.test(text) && value !== null && !/(?:^|\/)mv$/.test(value)) copies = true;
        k++;
      }
      continue;
    }
    if (text === '--' && operandWords.length === 0) continue;
    operandWords.push(argv[k]!);
  }
  const pattern = operandWords[0];
  if (copies || pattern === undefined || operandWords.length < 2) return null;
  const source = patternWord(pattern);
  const what = moveTarget(source, place) ?? criticalFileTarget(source, place);
  return what === null ? null : hardlineFinding('recursive-delete-root', `zmv moves ${what}`);
}

/** The pattern without zmv's groups, as the glob word the shell would have expanded. */
function patternWord(word: Word): Word {
  const text = word.kind === 'literal' ? word.value : word.raw;
  const glob = text.replace(/[()]/g, '');
  return /[*?[]/.test(glob) || glob.startsWith('~') ? { kind: 'opaque', raw: glob, expansions: ['glob'] } : { kind: 'literal', value: glob, raw: glob };
}

/**
 * mmv: `mmv [-m|-x|-r|-c|-o|-a|-l|-s] [-h] [-d|-p] [-g|-t] [-v|-n] FROM TO` (or pairs on standard
 * input); moves by default, and with `-m`, `-x` and `-r` (rename in place). `-c`, `-o`, `-a`, `-l`,
 * `-s` copy, append or link, and `-n` only prints. FROM is a glob whose `;` spans folders.
 */
function checkMmv(argv: readonly Word[], place: PathPlace): HardlineFinding | null {
  const operandWords: Word[] = [];
  for (const word of argv.slice(1)) {
    const text = literalText(word);
    if (operandWords.length === 0 && text !== null && /^-[a-zA-Z]+$/.test(text)) {
      if (/[coalsn]/.test(text.slice(1))) return null;
      continue;
    }
    operandWords.push(word);
  }
  const pattern = operandWords[0];
  if (pattern === undefined || operandWords.length < 2) return null;
  const text = pattern.kind === 'literal' ? pattern.value : pattern.raw;
  const glob = text.replace(/;/g, '**/');
  const source: Word = /[*?[]/.test(glob) || glob.startsWith('~') ? { kind: 'opaque', raw: glob, expansions: ['glob'] } : { kind: 'literal', value: glob, raw: glob };
  const what = moveTarget(source, place) ?? criticalFileTarget(source, place);
  return what === null ? null : hardlineFinding('recursive-delete-root', `mmv moves ${what}`);
}
