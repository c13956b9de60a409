/**
 * Code in other languages, read for the hardline floor (D§5, docs/languages.md): the inline code of an
 * interpreter (its row's `payload: 'code'` forms: `python3 -c`, `node -e`, `deno eval`, `bun -e`,
 * `perl -e`, `ruby -e`, `emacs --eval`, `make --eval`, …) and the code it reads from stdin (a
 * heredoc or here-string fed to `python3 -`, `node`, `perl`, …), handed back as the shell text
 * that does what the code does (reader.ts, approximate.ts). Python and JavaScript go through
 * tokenizers of their own; every other language through the shared approximate reader.
 *
 * Only the floor asks (hardline.ts): the deny and escalate lists and the preflight keep reading
 * an interpreter's inline code as the row's executor form, unchanged.
 */
import type { Word } from '../../reading/resolution';
import { foldCompatibility } from '../../reading/normalise';
import { approximateWordText } from '../executorPayloads';
import { readArgs } from '../grammar';
import { invokedName, programForms, readsCodeFromStdin, rowFor, type FormReading } from '../table';
import { programName } from '../wrappers';
import { readApproximately, readListedDeletions } from './approximate';
import { hasLanguageRow, languageRowFor } from './rows';
import { tokenizeJavaScript } from './javascript';
import { tokenizePython } from './python';
import { deletionApiNames, readCode, type CodeFinding, type Language } from './reader';

export type { CodeFinding, Language } from './reader';

/** What the floor is handed: shell text (exact or approximate), or a fork loop. */
export type CodePayload =
  | { kind: 'shell-text'; text: string; approximate: boolean; via: string }
  | { kind: 'fork-loop'; via: string; what: string };

const NODE_WORD: Word = { kind: 'literal', value: 'node', raw: 'node' };

function literalValue(word: Word | undefined): string | null {
  return word !== undefined && word.kind === 'literal' ? word.value : null;
}

/** Programs (row names) read by the Python tokenizer. */
const PYTHON_PROGRAMS = new Set(['python3', 'python', 'python2', 'pypy3', 'pypy', 'ipython', 'ipython3', 'pdb', 'pdb3', 'ipdb', 'ipdb3']);
/** Programs (row names) read by the JavaScript tokenizer. */
const JAVASCRIPT_PROGRAMS = new Set(['node', 'nodejs', 'deno', 'bun', 'tsx', 'ts-node', 'mongosh', 'mongo', 'jrunscript']);

/** The language a program's code is in, for the two read by tokenizers; null for the rest. */
export function tokenizedLanguage(program: string): Language | null {
  const name = program.toLowerCase();
  if (PYTHON_PROGRAMS.has(name) || /^(python|pypy)[0-9.]*$/.test(name)) return 'python';
  if (JAVASCRIPT_PROGRAMS.has(name)) return 'javascript';
  return null;
}

/** Reads one piece of code of `program`'s language, with the text its base64 literals decode to. */
export function readProgramCode(code: string, program: string, depth = 0): CodeFinding[] {
  const out = readCodeOnce(code, program);
  // Base64 text in the code (`os.system(base64.b64decode('cm0gLXJmIH4='))`, `Buffer.from(S,
  // 'base64')`, `Base64.decode64(S)`): the code may decode it and run it, as shell text or as code
  // of its own language, and no reader follows the decoding call; so each literal that decodes to
  // printable text is read both ways (docs/decisions.md "The twenty-second look").
  if (depth >= MAX_DECODE_DEPTH) return out;
  for (const decoded of base64Texts(code)) {
    out.push({ kind: 'shell-text', text: decoded, approximate: true, what: 'base64 text in the code, decoded' });
    for (const finding of readProgramCode(decoded, program, depth + 1)) out.push(finding.kind === 'shell-text' ? { ...finding, what: `${finding.what}, in base64 text the code decodes` } : finding);
  }
  return out;
}

/** Base64 inside base64 is read this deep. */
const MAX_DECODE_DEPTH = 2;
/** Most base64 runs decoded in one piece of code. */
const MAX_DECODED = 16;
/** A run of the base64 alphabet long enough to hold a command, with its padding. */
const BASE64_RUN = /(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{8,}={0,2}(?![A-Za-z0-9+/=])/g;

/**
 * The printable texts the base64 runs of `code` decode to: exact base64 (it encodes back to the
 * same run), and text of printable ASCII with at least one blank, slash or `;` (a command or code,
 * not an identifier that happens to be in the alphabet).
 */
function base64Texts(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(BASE64_RUN)) {
    if (out.length >= MAX_DECODED) break;
    const run = match[0];
    if (run.length % 4 !== 0) continue;
    const bytes = Buffer.from(run, 'base64');
    if (bytes.toString('base64') !== run) continue;
    const text = bytes.toString('latin1');
    if (/^[\x20-\x7e\t\n]+$/.test(text) && /[ /;]/.test(text)) out.push(text);
  }
  return out;
}

function readCodeOnce(code: string, program: string): CodeFinding[] {
  const language = tokenizedLanguage(program);
  if (language === null) return readApproximately(code, program).map(({ text, what }) => ({ kind: 'shell-text', text, approximate: true, what }));
  const tokenize = language === 'python' ? tokenizePython : tokenizeJavaScript;
  const out: CodeFinding[] = [];
  // IPython's shell escapes (`!cmd`, `!!cmd`, `%sx cmd`, `%system cmd`, a `%%bash`/`%%sh` cell) are
  // shell text; the rest of the line is Python only without them.
  if (IPYTHON_PROGRAMS.has(program.toLowerCase())) {
    const escapes = ipythonEscapes(code);
    for (const text of escapes.shell) out.push({ kind: 'shell-text', text, approximate: false, what: 'an IPython shell escape' });
    code = escapes.python;
  }
  // Java's script runners run JavaScript with Java's classes at hand (`new java.io.File(P).delete()`).
  if (JVM_SCRIPT_PROGRAMS.has(program.toLowerCase())) out.push(...readApproximately(code, program).map(({ text, what }): CodeFinding => ({ kind: 'shell-text', text, approximate: true, what })));
  const tokens = tokenize(code);
  out.push(...readCode(tokens.tokens, language, tokens.unreadable, tokenize));
  // A listing of a protected folder whose entries are deleted (`[os.remove(f) for f in glob.glob("/etc/*")]`).
  for (const { text, what } of readListedDeletions(code, deletionApiNames(language))) out.push({ kind: 'shell-text', text, approximate: true, what });
  return out;
}

const IPYTHON_PROGRAMS = new Set(['ipython', 'ipython3', 'jupyter-console']);

/**
 * IPython's default aliases on POSIX systems (`%rm -rf x`, `%mv a b`): each runs the shell command
 * of its name with the rest of the line; with automagic on, without the `%` too (`rm -rf x`, which
 * is no Python). Group 1 is the shell text.
 */
const IPYTHON_ALIAS = /^\s*%?((?:rm|rmdir|mv|cp|mkdir|cat|less|man|ls|ll|lf|lk|ldir|lx|clear)(?:\s+-.*|\s+[/~$].*|\s*$))$/;
const JVM_SCRIPT_PROGRAMS = new Set(['jrunscript', 'jjs']);

/** IPython code split into its shell escapes and the Python around them (an escaped line left blank). */
function ipythonEscapes(code: string): { shell: string[]; python: string } {
  const shell: string[] = [];
  const lines = code.split('\n');
  const cell = /^\s*%%(?:bash|sh|script\s+\S*(?:ba|z|da|k)?sh|system)\b/.exec(lines[0] ?? '');
  if (cell !== null) return { shell: [lines.slice(1).join('\n')], python: '' };
  const python = lines.map((line) => {
    const escape = /^\s*(?:!!?|%(?:sx|system|sc\s+\S+=)\s*)(.*)$/.exec(line) ?? IPYTHON_ALIAS.exec(line);
    if (escape === null) {
      // `x = !cmd` captures a command's output.
      const capture = /^([^'"#]*?=\s*)!!?(.*)$/.exec(line);
      if (capture === null) return line;
      shell.push(capture[2]!);
      return '';
    }
    shell.push(escape[1]!);
    return '';
  });
  return { shell, python: python.join('\n') };
}

/** Longest code read (the floor's own budget bounds the work on what it hands back). */
const MAX_CODE = 256 * 1024;

/**
 * The code payloads of one command's innermost argv (wrappers peeled), and of its stdin text when
 * the program reads code from stdin (`forms`: the argv's, when its record has read them). Never throws.
 */
export function codePayloads(argv: readonly Word[], stdinText: string | null, forms?: FormReading): CodePayload[] {
  const name = programName(argv[0]);
  if (name === null) return [];
  const out: CodePayload[] = [];
  try {
    for (const form of (forms ?? programForms(argv)).forms) {
      if (form.role !== 'executor') continue;
      // A subcommand that runs Node.js with the words after it (`yarn node -e CODE`).
      if (form.program.endsWith(' node') && form.index > 0 && literalValue(argv[form.index]) === 'node') {
        out.push(...codePayloads([NODE_WORD, ...argv.slice(form.index + 1)], null));
        continue;
      }
      // An operand that names an interpreter the program runs with the words after it (`pandoc lua
      // -e CODE`): those words are read as that interpreter's own argv, by its row.
      const interpreter = form.trigger.startsWith('-') || form.index <= 0 ? null : literalValue(argv[form.index]);
      if (interpreter !== null && interpreter !== name && (hasLanguageRow(interpreter) || tokenizedLanguage(interpreter) !== null) && rowFor(interpreter) !== null) {
        const launched = codePayloads([argv[form.index]!, ...argv.slice(form.index + 1)], null);
        if (launched.length > 0) {
          out.push(...launched);
          continue;
        }
      }
      // Vim's `-c`/`+cmd` are editor commands (the row hands their `!` text to the floor as shell
      // text): read as Vim code too, for `lua …`, `call system(…)`, `py3 …`.
      if (form.payload !== 'code' && !(form.payload === 'shell-text' && languageRowFor(form.program.split(' ')[0]!).language === 'Vim')) continue;
      // A subcommand's form names it too (`deno eval`); an operand form's trigger is the code itself.
      const program = form.program.split(' ')[0]!;
      const via = form.trigger.startsWith('-') ? `${form.program} ${form.trigger}` : form.program;
      // A flag that makes the operands code (`emacsclient --eval EXPR…`): every word after it.
      // A row that composes the code from several words (`ansible -m MODULE -a ARGS`) hands it whole.
      const words: Word[] = form.payloadText !== undefined ? [{ kind: 'literal', value: form.payloadText, raw: form.payloadText }] : form.value !== null ? [form.value] : argv.slice(form.index + 1);
      for (const word of words) {
        const code = word.kind === 'literal' ? word.value : approximateWordText(word.raw);
        out.push(...payloadsOf(code, program, via, word.kind !== 'literal'));
      }
    }
    if (stdinText !== null) out.push(...stdinPayloads(argv, name, stdinText));
    out.push(...modulePayloads(argv, name));
  } catch {
    return out;
  }
  return out;
}

/**
 * `python3 -m IPython -c CODE`: the module a row's `runsModule` option names runs the words after
 * it as a program of its own; when the table has a row for that name (as a program word is looked
 * up: `IPython` is `ipython`), those words are read as that program's, code and escapes included.
 */
function modulePayloads(argv: readonly Word[], name: string): CodePayload[] {
  const row = rowFor(name);
  if (row?.runsModule === undefined) return [];
  const options = readArgs(argv.slice(1), row.grammar ?? {}).options;
  const option = options.find((o) => row.runsModule!.options.includes(o.name));
  const module = option?.value?.kind === 'literal' ? option.value.value : null;
  if (option === undefined || module === null || module === '' || rowFor(invokedName(module)) === null) return [];
  const program = invokedName(module);
  const after = (option.valueIndex ?? option.index) + 2;
  return codePayloads([{ kind: 'literal', value: program, raw: program }, ...argv.slice(after)], null);
}

/**
 * A program the table has no row for is taken at its worst (docs/decisions.md "Unknown is not
 * harmless in the hardline floor"): its words may be code, so they are read, joined by blanks, as
 * code of the program's language (its language row: `clj -M -e '(sh "rm" …)'`, `crystal eval
 * 'File.delete(…)'`, `salt-call file.remove /etc`, `chef-apply -e 'directory …'`), or with the
 * generic row. Never throws.
 */
export function unplacedCodePayloads(argv: readonly Word[]): CodePayload[] {
  const name = programName(argv[0]);
  if (name === null || argv.length < 2) return [];
  const program = foldCompatibility(name).toLowerCase();
  const code = argv
    .slice(1)
    .map((word) => (word.kind === 'literal' ? word.value : approximateWordText(word.raw)))
    .join(' ');
  try {
    // A launcher that names the interpreter it starts (`cs launch ammonite -- -c CODE`, `pkgx
    // lua -e CODE`): the code is read in that interpreter's language too.
    const named = argv.slice(1, 1 + MAX_LAUNCHED_AT).map(literalValue).find((word) => word !== null && word !== program && (hasLanguageRow(word) || tokenizedLanguage(word) !== null));
    const launched = named === undefined || named === null ? [] : payloadsOf(code, named.toLowerCase(), `${program} (a program the gate has no row for) running ${named}`, true);
    return [...payloadsOf(code, program, `${program} (a program the gate has no row for)`, true), ...launched, ...optionNamedCode(argv, program)];
  } catch {
    return [];
  }
}

/**
 * An option of a program without a row that names a language (`blender --python-expr CODE`,
 * `--python CODE`, `--lua-eval CODE`, `--js=CODE`): the next word (or the value after `=`) read alone
 * as code of that language, by its own reader when it has one (docs/decisions.md "Code the gate
 * cannot read handed to a shell").
 */
function optionNamedCode(argv: readonly Word[], program: string): CodePayload[] {
  const out: CodePayload[] = [];
  for (let k = 1; k < argv.length; k++) {
    const word = literalValue(argv[k]!);
    const match = word === null ? null : /^--?([a-z]+[0-9.]*)(?:[-_](?:expr|expression|eval|exec|code|script|cmd|command|run))?(?:=(.*))?$/s.exec(word);
    if (match === null) continue;
    const language = match[1]!;
    if (language === program || (tokenizedLanguage(language) === null && !hasLanguageRow(language))) continue;
    const next = argv[k + 1];
    const code = match[2] ?? (next === undefined ? null : next.kind === 'literal' ? next.value : approximateWordText(next.raw));
    if (code === null || code === '') continue;
    out.push(...payloadsOf(code, language, `${program} (a program the gate has no row for) running ${language} code`, true));
  }
  return out;
}

/** How many words after an unplaced program's name are looked at for the interpreter it launches. */
const MAX_LAUNCHED_AT = 4;

/**
 * The code payloads of text on a command's stdin (a heredoc, a here-string, text printed into it):
 * when the program's row says it reads code from stdin here, or its language row says it always
 * reads its commands there (ed).
 */
export function stdinPayloads(argv: readonly Word[], name: string, stdinText: string): CodePayload[] {
  const program = foldCompatibility(name).toLowerCase();
  if (!readsCodeFromStdin(argv) && languageRowFor(program).stdinCommands !== true) return [];
  return payloadsOf(stdinText, program, `${program} (code on stdin)`, false);
}

/**
 * Text a program reads as code on its standard input (a here-document, a here-string, a pipe) when
 * the floor cannot tell its language for sure (a program without a row, or a row's loader handed
 * `/dev/stdin`): read as code of the program's language, its language row's declarations and APIs
 * included, else approximately (docs/decisions.md "Code the gate cannot read handed to a shell").
 */
export function stdinCodeTextPayloads(stdinText: string, name: string): CodePayload[] {
  return payloadsOf(stdinText, foldCompatibility(name).toLowerCase(), `${name} (code on stdin)`, true);
}

function payloadsOf(code: string, program: string, via: string, opaque: boolean): CodePayload[] {
  if (code.length > MAX_CODE) code = code.slice(0, MAX_CODE);
  let findings: CodeFinding[];
  try {
    findings = readProgramCode(code, program);
  } catch {
    // Code too deep for the tokenizer to read: all of it reaches the floor, as approximate text.
    findings = [{ kind: 'shell-text', text: code, approximate: true, what: 'code the gate could not read' }];
  }
  return findings.map((finding): CodePayload =>
    finding.kind === 'fork-loop'
      ? { kind: 'fork-loop', via, what: finding.what }
      : { kind: 'shell-text', text: finding.text, approximate: finding.approximate || opaque, via: `${via}: ${finding.what}` },
  );
}
