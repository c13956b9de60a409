import type { Mechanism } from '../reading/resolution';

/**
 * What the shell does with each mechanism that kept the resolver from reading a command
 * exactly (D§4.2). The rater is told these as facts about the command's structure — never as
 * verdicts: "this runs an inner command first" helps a small model see what a command does,
 * while "this is dangerous" would be the gate rating on the model's behalf.
 *
 * A `Record` over the `Mechanism` union, so adding a mechanism without a note fails to compile.
 */
export const MECHANISM_NOTES: Readonly<Record<Mechanism, string>> = {
  substitution:
    '`$(…)` or backticks (command substitution): the shell runs the inner command first and pastes its output into this command line, so what finally runs depends on that output.',
  'process-substitution':
    '`<(…)` or `>(…)` (process substitution): the shell starts the inner command alongside this one and passes this one a file path wired to the inner command\'s output or input.',
  arithmetic:
    '`$((…))`, `((…))` or `$[…]` (arithmetic): the shell computes the expression when the line runs; names inside are expanded, and an array subscript inside can itself run a command.',
  eval:
    '`eval`, `source` or `.`: text, or the contents of a file, is run as shell code; that code is not part of what is shown here.',
  'job-control':
    'A command word starting with % names a job, not a program: bash resumes that job in the foreground (fg) or background (bg), so what runs is whatever was stopped earlier, not anything written here.',
  'indirect-expansion':
    '${!name} takes the value of a variable as the name of another; bash evaluates that name, and a subscript in it (a[$(cmd)]) runs a command, so a value set anywhere earlier can run code here.',
  'prompt-expansion':
    '${name@P} expands a variable\'s value the way a prompt is expanded, which runs any command substitution in it.',
  'name-evaluation':
    'A builtin here (read, printf -v, declare, test -v, unset …) is given a variable name that is not written literally, or one with a subscript; bash evaluates the subscript of such a name, which can run a command.',
  'shell-state':
    'An earlier command on the line sets a variable or shell option (export PATH=…, LD_PRELOAD=…, set -k …) that changes what the later commands run; each command was read as if in a fresh shell.',
  'opaque-program':
    'The program name itself comes from an expansion (a variable, a glob, a substitution), so which program runs is only decided when the line runs.',
  subshell:
    '`( … )` (subshell): the commands inside run in a child shell; what they do to files and processes is real, while changes to variables and the working folder stay inside.',
  group:
    '`{ …; }` (group): the commands inside run in the current shell as one unit, and any redirection on the group applies to all of them.',
  'control-flow':
    '`if`, `for`, `while`, `until`, `case` or `select`: which of the inner commands run, and how many times, depends on conditions and values at run time.',
  'function-definition':
    'A function definition: its body runs whenever that name is called afterwards, later in this same line included, and a function can take the name of an existing command.',
  'test-expression':
    '`[[ … ]]` (conditional expression): evaluates a condition; operands of numeric comparisons are evaluated as arithmetic, where an array subscript can run a command.',
  heredoc:
    '`<<` or `<<-` (here-document): the lines that follow, up to the delimiter word, are fed to the command as its standard input; `$…` and backticks in them are expanded unless the delimiter is quoted.',
  'here-string':
    '`<<<` (here-string): the word after it is expanded and fed to the command as its standard input.',
  coproc:
    '`coproc`: the command runs in the background, connected to the shell by pipes, and keeps running alongside what follows.',
  'history-expansion':
    '`!` (history expansion): an interactive shell replaces it with text from earlier commands before running the line, so what runs can differ from what is written.',
  comment:
    '`#` (comment): the shell ignores the rest of that line; text after it is not run.',
  'unbalanced-quote':
    'A quote is left open: the shell would keep reading the following text (or lines) as part of one quoted word, which can differ from how the line looks.',
  'shell-difference':
    'Text that bash and zsh run differently (a zsh precommand word, `=word`, a glob zsh reads another way …), where the shell that runs the line may be zsh: what runs can differ from how it reads in bash.',
  dialect:
    'Syntax of another shell (such as zsh): bash, and the shell that actually runs the line, may read it differently from how it looks.',
  'array-assignment':
    '`name=(…)` or `name[…]=…` (array assignment): the elements are expanded when assigned (variables, globs, substitutions), and a subscript is arithmetic, where a variable\'s value is evaluated as an expression and can run commands.',
  'fd-variable':
    '`{name}>` (descriptor variable): the shell opens the file on a descriptor number it picks at run time and stores that number in the variable.',
  syntax:
    'Shell syntax the gate does not read exactly: the shell\'s own parse may differ from how the line looks.',
  'too-many-segments':
    'More than 64 commands are chained in one line; the gate did not read them all one by one.',
  'too-long':
    'The command is longer than the gate reads exactly (64 KiB).',
  'hidden-characters':
    'The original command contains invisible or control characters (zero-width, bidirectional controls, non-ASCII spaces, line separators); the text above shows it with them removed or turned into spaces and line breaks, so a person looking at the original may see something other than what runs.',
};

/** One note per distinct mechanism, in the order the resolver reported them. */
export function mechanismNotes(mechanisms: readonly Mechanism[]): string[] {
  const seen = new Set<Mechanism>();
  const notes: string[] = [];
  for (const mechanism of mechanisms) {
    if (seen.has(mechanism)) continue;
    seen.add(mechanism);
    // A name without a note (impossible while the Record compiles) still says something.
    notes.push(
      Object.prototype.hasOwnProperty.call(MECHANISM_NOTES, mechanism)
        ? MECHANISM_NOTES[mechanism]
        : `A shell mechanism the gate does not read exactly (${String(mechanism).replace(/[^a-z-]/g, '')}).`,
    );
  }
  return notes;
}
