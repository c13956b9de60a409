/**
 * Scripts written and run on the same line, for the hardline floor (D§5; docs/decisions.md "A
 * script written earlier on the line is read where it is run"): `echo 'rm -rf ~' > /tmp/x.sh &&
 * sh /tmp/x.sh`, `printf '…' > x; bash x`, `cat > f <<EOF … EOF; . f`, `… | tee run.sh; chmod +x
 * run.sh; ./run.sh`. The text a literal producer writes into a file (the floor's own reading of
 * echo, printf, `cat` of a here-document, a known transform) is what a later command of the line
 * runs when it names that file as its script:
 * - a shell or an interpreter whose row reads code from standard input when no script is named
 *   (`stdinCode`), given the file as its script operand (`sh FILE`, `python3 FILE`);
 * - `source FILE`, `. FILE`, or the file run as a program (`./FILE`, `/tmp/x.sh`): shell text;
 * - a command reading the file on its standard input (`bash < FILE`).
 * Each is handed back as a program reading the text on its standard input, which the floor
 * already judges (a shell's input is shell text, an interpreter's is code). What cannot be known
 * is left out (a miss rather than a guess): a file the producer's text is not known for, a file
 * name only known at run time, a file written by another program (`cp`, `curl -o`).
 */
import type { Redirect, Word } from '../reading/resolution';
import { landingPaths, type PathPlace } from '../programs/pathResolver';
import { programForms, rowFor } from '../programs/table';
import type { ProgramRow } from '../programs/row';
import { readArgs } from '../programs/grammar';
import { commandName, literalText } from './commandName';
import { wordPathText } from './paths';
import { conventionFiles } from '../programs/conventionFiles';
import { BASH_PATTERN, globMatch } from '../reading/globMatch';

/** A command of the line, as far as this module looks at it. */
export interface ScriptLineCommand {
  readonly argv: readonly Word[];
  readonly redirects: readonly Redirect[];
  readonly place: PathPlace;
  readonly pipedFrom: ScriptLineCommand | null;
}

/** What a command writes into files, as the floor knows it (alternatives; whether exact). */
export interface WrittenText {
  texts: string[];
  exact: boolean;
}

/** A program that runs a written file, handed back as reading its text on standard input. */
export interface ScriptRun {
  /** The program with the script operand taken away (it then reads its standard input). */
  argv: readonly Word[];
  texts: string[];
  exact: boolean;
  place: PathPlace;
  /**
   * Read only by the approximate reader of this language's row (the generic row for a name
   * without one), not as the program's input: a configuration file a tool loads by convention.
   */
  language?: string;
  /**
   * The program that may run the file as code of its own (a form that loads or runs it, an
   * interpreter's operand, a program without a row): besides shell text, its text is read as that
   * program's code, a notebook's or a literate document's cells by their own languages
   * (languages/documentCells.ts).
   */
  code?: string;
}

/** Most files followed on one line. */
const MAX_FILES = 16;

/** At most this many characters of one file are kept. */
const MAX_TEXT = 64 * 1024;

const SH: Word = { kind: 'literal', value: 'sh', raw: 'sh' };

/**
 * Every later command of the line that runs a file an earlier command wrote with known text.
 * `produced` is the floor's reading of what a command prints; `inner` its argv inside wrappers.
 */
export function writtenScriptRuns(
  commands: readonly ScriptLineCommand[],
  produced: (command: ScriptLineCommand) => WrittenText | null,
  inner: (command: ScriptLineCommand) => readonly Word[],
): ScriptRun[] {
  const files: Array<{ paths: readonly string[]; text: WrittenText }> = [];
  const runs: ScriptRun[] = [];
  for (const command of commands) {
    if (files.length > 0) {
      const argv = inner(command);
      const run = runOf(argv, command, fileFinder(files, command.place));
      if (run !== null) runs.push(run);
      runs.push(...conventionRuns(argv, command.place, files));
    }
    if (files.length >= MAX_FILES) continue;
    for (const written of writesOf(command, produced, inner)) {
      const paths = pathsOf(written.target, command.place);
      if (paths.length === 0) continue;
      const earlier = written.append ? files.find((file) => file.paths.some((path) => paths.includes(path))) : undefined;
      const text = earlier === undefined ? written.text : { texts: earlier.text.texts.map((before) => `${before}\n${written.text.texts[0]!}`.slice(0, MAX_TEXT)), exact: false };
      files.unshift({ paths, text });
    }
  }
  return runs;
}

/** The files a command writes known text into: its output redirects, and `tee`'s operands fed by a producer. */
function writesOf(command: ScriptLineCommand, produced: (command: ScriptLineCommand) => WrittenText | null, inner: (command: ScriptLineCommand) => readonly Word[]): Array<{ target: Word; append: boolean; text: WrittenText }> {
  const out: Array<{ target: Word; append: boolean; text: WrittenText }> = [];
  const redirects = command.redirects.filter((redirect) => (redirect.op === '>' || redirect.op === '>>' || redirect.op === '>|' || redirect.op === '&>' || redirect.op === '&>>') && (redirect.fd === null || redirect.fd === 1));
  const argv = inner(command);
  const tee = commandName(argv[0])?.name === 'tee' && command.pipedFrom !== null;
  if (redirects.length === 0 && !tee) return out;
  const text = tee ? produced(command.pipedFrom!) : produced(command);
  if (text === null) return out;
  const clipped = { texts: text.texts.map((one) => one.slice(0, MAX_TEXT)), exact: text.exact };
  for (const redirect of redirects) out.push({ target: redirect.target, append: redirect.op.endsWith('>>'), text: clipped });
  if (tee) {
    const append = argv.some((word) => /^-[a-z]*a|^--append$/.test(literalText(word) ?? ''));
    for (const word of argv.slice(1)) if (!(literalText(word) ?? '-').startsWith('-')) out.push({ target: word, append, text: clipped });
  }
  return out;
}

/**
 * A process substitution (`<(CMD)`, zsh's `=(CMD)`) the program may run or load as its script,
 * read as a file holding what CMD prints (`printed`: the floor's reading of it, null when not
 * known): `bash <(echo …)`, `python3 <(printf …)`, `make -f <(printf …)`, `awk -f <(echo …)`,
 * `frob --config=<(echo …)`. The same places as a file written earlier on the line.
 */
export function substitutedScriptRun(argv: readonly Word[], redirects: readonly Redirect[], place: PathPlace, printed: (text: string) => WrittenText | null): ScriptRun | null {
  const find = (word: Word | undefined): WrittenText | null => {
    const text = word === undefined ? null : substitutedCommand(word);
    return text === null ? null : printed(text);
  };
  return runOf(argv, { argv, redirects, place, pipedFrom: null }, find);
}

/**
 * The command text of a word that is one process substitution (`<(CMD)`, zsh's `=(CMD)`), or of
 * an option's value that is one (`--config=<(CMD)`); null for any other word.
 */
export function substitutedCommand(word: Word): string | null {
  if (word.kind === 'literal') return null;
  const match = /^(?:-[^=\s]*=)?[<=]\((.*)\)$/s.exec(word.raw);
  return match === null ? null : match[1]!;
}

/** The lookup of a word among the files written earlier on the line, by where it lands. */
function fileFinder(files: ReadonlyArray<{ paths: readonly string[]; text: WrittenText }>, place: PathPlace): (word: Word | undefined) => WrittenText | null {
  return (word) => {
    if (word === undefined) return null;
    const paths = pathsOf(word, place);
    return files.find((file) => file.paths.some((path) => paths.includes(path)))?.text ?? null;
  };
}

/** The program `argv` as a reader of a file's text on its standard input (`find` knows the files), or null when it runs none. */
function runOf(argv: readonly Word[], command: ScriptLineCommand, find: (word: Word | undefined) => WrittenText | null): ScriptRun | null {
  const run = (runner: readonly Word[], text: WrittenText): ScriptRun => ({ argv: runner, texts: text.texts, exact: text.exact, place: command.place });
  // `bash < FILE`: the file is the program's input whatever the program.
  for (const redirect of command.redirects) {
    if (redirect.op !== '<' || (redirect.fd !== null && redirect.fd !== 0)) continue;
    const text = find(redirect.target);
    if (text !== null) return run(argv, text);
  }
  const name = commandName(argv[0])?.name;
  if (name === undefined) return null;
  // `./run.sh`, `/tmp/x.sh`: the file itself is the program (a file without `#!` runs in sh).
  const program = literalText(argv[0]);
  if (program !== null && program.includes('/')) {
    const text = find(argv[0]);
    if (text !== null) return run([SH], text);
  }
  if (name === 'source' || name === '.') {
    const text = find(argv[1]);
    return text === null ? null : run([SH], text);
  }
  // A shell or an interpreter given the file as its script: its first operand.
  const row = rowFor(name);
  if (row === null) return unplacedRun(argv, find, run);
  if (row.stdinCode !== true) return runByForm(argv, row, find, run);
  const reading = readArgs(argv.slice(1), row.grammar ?? {});
  const script = reading.operands[0];
  const text = find(script);
  if (text === null) return null;
  const at = argv.indexOf(script!);
  // A shell with no operand reads its input; an interpreter reads it from `-`.
  const runner = row.category === 'shell' ? argv.slice(0, at) : [...argv.slice(0, at), { kind: 'literal', value: '-', raw: '-' } as Word];
  return run(runner, text);
}

/**
 * A written file named where the program may run or load it, read at its worst: as shell text,
 * approximately (a language without a reader is read only for the commands and names it spells;
 * docs/decisions.md "A written file is code where the row does not say it is data"):
 * - an interpreter's script operand (`java /tmp/E.java`), when its row does not read code from
 *   standard input (those are read above, by their own language's reader);
 * - a form of the program's row that loads or starts code from a file (`loader`: `gradle
 *   --init-script FILE`, `ant -f FILE`, `sftp -b FILE`; an `executor` whose value is a program
 *   or that names nothing: `aria2c --on-download-complete=FILE`, `jupytext --execute`);
 * - any word of a program the table has no row for (`wine cscript FILE`): what it does with its
 *   words is not known, so a file it is given may be code it runs.
 * A word the row places as data (`cat FILE`, `grep x FILE`) is not read: the row knows it.
 */
function runByForm(argv: readonly Word[], row: ProgramRow, find: (word: Word | undefined) => WrittenText | null, run: (runner: readonly Word[], text: WrittenText) => ScriptRun): ScriptRun | null {
  const grammar = row.grammar ?? {};
  const { forms } = programForms(argv);
  const candidates: Word[] = [];
  // An interpreter's first operand is the script it runs (`java /tmp/E.java`, `escript x.escript`);
  // past a verb of its own, any operand may be (`jupyter nbconvert --execute NB`, `jupyter run F`).
  if (row.category === 'interpreter') candidates.push(...readArgs(argv.slice(1), grammar).operands);
  for (const form of forms) {
    if (form.role === 'loader' || (form.role === 'executor' && (form.payload === undefined || form.payload === 'program'))) {
      if (form.value !== null) candidates.push(form.value);
      // An executor that names nothing runs what its operands name (`jupytext --execute NB`).
      if (form.role === 'executor' && form.payload === undefined) candidates.push(...readArgs(argv.slice(1), grammar).operands);
    }
  }
  for (const word of candidates) {
    const text = find(word) ?? find(optionValueWord(word));
    if (text !== null) return { ...run([SH], { texts: text.texts, exact: false }), code: row.names[0]! };
  }
  return null;
}

/** Every word after the program of a program without a row, as the file it may run (`--opt=FILE` by its value). */
function unplacedRun(argv: readonly Word[], find: (word: Word | undefined) => WrittenText | null, run: (runner: readonly Word[], text: WrittenText) => ScriptRun): ScriptRun | null {
  for (const word of argv.slice(1)) {
    const text = find(word) ?? find(optionValueWord(word));
    if (text !== null) return { ...run([SH], { texts: text.texts, exact: false }), code: commandName(argv[0])?.name ?? 'code' };
  }
  return null;
}

/**
 * The files written earlier on the line that the program loads by convention from the folder it
 * runs in (programs/conventionFiles.ts: `make` a `Makefile`, `cue cmd` a `*_tool.cue`), each read
 * as its convention says: shell text, a language's code on standard input, or approximately.
 */
function conventionRuns(argv: readonly Word[], place: PathPlace, files: ReadonlyArray<{ paths: readonly string[]; text: WrittenText }>): ScriptRun[] {
  const name = commandName(argv[0])?.name;
  if (name === undefined) return [];
  const verb = argv.slice(1).map(literalText).find((text) => text === null || !text.startsWith('-')) ?? null;
  const out: ScriptRun[] = [];
  for (const convention of conventionFiles(name, verb)) {
    // The path below a folder the program runs in, matched whole (a pattern's `*` stays in one component).
    const loaded = (path: string): boolean =>
      place.folders.some((folder) => {
        const below = path.startsWith(folder === '/' ? '/' : `${folder}/`) ? path.slice(folder === '/' ? 1 : folder.length + 1) : null;
        return below !== null && convention.names.some((pattern) => pattern.split('/').length === below.split('/').length && below.split('/').every((part, k) => globMatch(pattern.split('/')[k]!, part, BASH_PATTERN)));
      });
    for (const file of files) {
      if (!file.paths.some(loaded)) continue;
      const text = { texts: file.text.texts, exact: false };
      if (convention.language === 'approximate') out.push({ argv: [SH], texts: text.texts, exact: false, place, language: name });
      else if (convention.language === 'shell') out.push({ argv: [SH], ...text, place });
      else out.push({ argv: convention.language === 'make' ? [word('make'), word('-f'), word('-')] : [word(convention.language)], ...text, place });
    }
  }
  return out;
}

function word(value: string): Word {
  return { kind: 'literal', value, raw: value };
}

/** The value of a literal `--option=VALUE` word as a word of its own, else undefined. */
function optionValueWord(word: Word): Word | undefined {
  const text = literalText(word);
  if (text === null || !text.startsWith('-')) return undefined;
  const at = text.indexOf('=');
  if (at < 0) return undefined;
  const value = text.slice(at + 1);
  return { kind: 'literal', value, raw: value };
}

/** Where a file name lands (absolute paths), or none for a name only known at run time. */
function pathsOf(word: Word, place: PathPlace): readonly string[] {
  if (word.kind !== 'literal' && word.expansions.some((expansion) => expansion !== 'tilde')) return [];
  const text = wordPathText(word);
  if (text === '' || text === '-' || text.startsWith('/dev/')) return [];
  return landingPaths(text, place, true).paths;
}
