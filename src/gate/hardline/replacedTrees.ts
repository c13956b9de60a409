/**
 * Folders a tool empties before it writes into them (D§5; docs/decisions.md "Output folders a tool
 * empties, and a work tree git cleans"), read on positive knowledge:
 * - a row's option form that `changes: 'deletes'` what its value names (a site generator's
 *   destination: `jekyll build -d DIR`, `mkdocs build -d DIR`), or an operand form that does so
 *   outside the program's everyday job (`chezmoi destroy ~/.config`), given the root, a system
 *   folder, the home folder or a critical file;
 * - an option word made only of the words of emptying an output folder (`--cleanDestinationDir`,
 *   `--emptyOutDir`, `--clean`, `--delete-output`), whatever the program, with an output option
 *   (`--destination`, `--outDir`, `-o`) whose value is such a place: the option says what it does
 *   to the folder, the other option names the folder;
 * - a program the gate cannot place writing its output (`--output`, `-o`, `--dest`) over a critical file;
 * - `git clean -f -d` whose work tree (`--work-tree`, `-C`) is such a place: git deletes every
 *   entry there it does not track, which for a dotfiles repository is the whole home folder but
 *   its tracked files. A pathspec narrows it; `-n`/`-i` do not delete.
 */
import { readArgs, hasOption, optionValues } from '../programs/grammar';
import type { PathPlace } from '../programs/pathResolver';
import { GIT_CLEAN_GRAMMAR, GIT_GLOBAL_GRAMMAR } from '../programs/rows/readers';
import type { SegmentRecord } from '../programs/segmentRecord';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { criticalFileTarget, deletionTarget } from './paths';
import { unplaced } from './protectedTrees';

/** Words an option that empties its output folder is made of (`--clean-output-dir`, `--emptyOutDir`). */
const EMPTYING = new Set(['clean', 'empty', 'delete', 'wipe', 'purge', 'remove', 'rm']);
const FOLDER_WORDS = new Set(['out', 'output', 'dir', 'directory', 'dest', 'destination', 'target', 'dist', 'build', 'folder', 'first', 'before', 'outdir']);
/** Words of an option that names an output folder (`--destination`, `--out-dir`, `--outDir`, `--output`). */
const OUTPUT_OPTION = /^--?(?:(?:dest(?:ination)?|out(?:put)?|target|dist|build|site|public|publish)(?:[-_]?(?:dir|directory|folder|path))?|o|d)$/i;

function optionTokens(text: string): string[] {
  return text
    .replace(/^--?/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[-_\s]+/)
    .filter((token) => token !== '');
}

/** `--cleanDestinationDir`, `--emptyOutDir`, `--clean`: an option that only says an output folder is emptied. */
function emptiesOutput(text: string): boolean {
  if (!text.startsWith('--') || text.includes('=') || text.length > 40) return false;
  const tokens = optionTokens(text);
  return tokens.some((token) => EMPTYING.has(token)) && tokens.every((token) => EMPTYING.has(token) || FOLDER_WORDS.has(token));
}

function placeTarget(word: Word | undefined, place: PathPlace): string | null {
  if (word === undefined) return null;
  return deletionTarget(word, place) ?? criticalFileTarget(word, place);
}

export function checkReplacedTrees(command: SegmentRecord, place: PathPlace): HardlineFinding | null {
  const argv = command.argv;
  const name = commandName(argv[0])?.name;
  if (name === undefined || argv.length < 2) return null;
  return checkDeletingOptions(command, place) ?? checkEmptiedOutput(argv, name, place) ?? checkUnplacedOutput(command, name, place) ?? (name === 'git' ? checkGitClean(argv, place) : null);
}

/** An option that names a file a program writes (`--output`, `-o`, `--out-file`, `--dest`). */
const OUTPUT_FILE_OPTION = /^--?(?:o|out|output|outfile|out-?file|output-?file|dest|destination|write|save|save-?to)$/i;

/**
 * A program the gate cannot place (no row, or words its row cannot place) given a critical file as
 * the value of an output option (`mytool --output /etc/passwd`): at its worst it replaces that file.
 * An operand alone is not enough (`frob /etc/passwd` may only read it).
 */
function checkUnplacedOutput(command: SegmentRecord, name: string, place: PathPlace): HardlineFinding | null {
  if (!unplaced(command, name)) return null;
  const argv = command.argv;
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === null) continue;
    const eq = text.indexOf('=');
    if (!OUTPUT_FILE_OPTION.test(eq > 0 ? text.slice(0, eq) : text)) continue;
    const value = eq > 0 ? ({ kind: 'literal', value: text.slice(eq + 1), raw: text.slice(eq + 1) } as Word) : argv[k + 1];
    const what = value === undefined ? null : criticalFileTarget(value, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `${name}, a program the gate cannot read, writes its output over ${what}`);
  }
  return null;
}

/** A row's option form that deletes what its value names. */
function checkDeletingOptions(command: SegmentRecord, place: PathPlace): HardlineFinding | null {
  const argv = command.argv;
  for (const form of command.forms.forms) {
    // An option that deletes what it names, or an operand a row deletes as a carve-out (`chezmoi
    // destroy TARGET`, `del PATTERN`); a program whose own job is deleting its operands (`rm`) has
    // its own arm, which reads its options (`-r`) too.
    if (form.changes !== 'deletes' || form.value === null || (!form.trigger.startsWith('-') && form.everyday === true)) continue;
    const value = form.value.raw === form.trigger ? argv[form.index + 1] : form.value;
    const what = placeTarget(value, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `${form.program} ${form.trigger} ${form.trigger.startsWith('-') ? 'empties' : 'deletes'} ${what}: ${form.note}`);
  }
  return null;
}

/** An emptying option with an output option naming a protected place (`hugo --destination ~ --cleanDestinationDir`). */
function checkEmptiedOutput(argv: readonly Word[], name: string, place: PathPlace): HardlineFinding | null {
  const emptying = argv.slice(1).map(literalText).find((text) => text !== null && emptiesOutput(text));
  if (emptying === undefined || emptying === null) return null;
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === null) continue;
    const eq = text.indexOf('=');
    const option = eq > 0 ? text.slice(0, eq) : text;
    if (!OUTPUT_OPTION.test(option)) continue;
    const value = eq > 0 ? ({ kind: 'literal', value: text.slice(eq + 1), raw: text.slice(eq + 1) } as Word) : argv[k + 1];
    const what = placeTarget(value, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `${name} ${emptying} empties its output folder ${option}, ${what}`);
  }
  return null;
}

/** `git --work-tree=DIR clean -fd`, `git -C DIR clean -fdx` with DIR the home folder, a system folder or the root. */
function checkGitClean(argv: readonly Word[], place: PathPlace): HardlineFinding | null {
  const globals = readArgs(argv.slice(1), GIT_GLOBAL_GRAMMAR);
  if (literalText(globals.operands[0])?.toLowerCase() !== 'clean') return null;
  const trees = [...optionValues(globals, '--work-tree'), ...optionValues(globals, '-C')];
  if (trees.length === 0) return null;
  const start = globals.operandIndexes[0]! + 2;
  const clean = readArgs(argv.slice(start), GIT_CLEAN_GRAMMAR);
  if (!hasOption(clean, '-f', '--force') || !hasOption(clean, '-d') || hasOption(clean, '-n', '--dry-run', '-i', '--interactive')) return null;
  // A pathspec limits what is cleaned to it.
  if (clean.operands.length > 0) return null;
  for (const tree of trees) {
    const what = deletionTarget(tree, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `git clean -f -d deletes every untracked entry of its work tree, ${what}`);
  }
  return null;
}
