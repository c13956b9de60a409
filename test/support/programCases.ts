/**
 * Command lines generated from a row of the program table: for each role, the spellings the
 * program accepts; for the row, its plain forms. Shared by the table's own tests and by the
 * allow-entry tests, so that both are held to the same lines.
 */
import type { Grammar } from '../../src/gate/programs/grammar';
import type { Command, OptionRole, ProgramRow, Role } from '../../src/gate/programs/row';

export interface RowCase {
  /** The command line, program first. */
  line: string;
  /** The role a form must be found for, or `plain` (no form at all). */
  expect: Role | 'plain';
  /** The words of the entry that names the program and subcommands (`git branch`). */
  entry: string;
  /** The role is the program's everyday job: an entry for the program covers it. */
  everyday?: boolean;
}

/** A word as bash would read it back as exactly that text. */
export function quoted(text: string): string {
  // `"$X"`: the row's example is a word known only at run time (a role whose `when` takes the
  // value null), so it stays as written.
  if (/^"\$[A-Za-z_][A-Za-z0-9_]*"$/.test(text)) return text;
  return /^[A-Za-z0-9_./=:,@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Wrappers that peel (run the command here, unchanged), as a person would put them in front. */
const PEELING_WRAPPERS = ['timeout 30', 'nice -n 5', 'env FORCE_COLOR=1', 'nohup', 'stdbuf -oL'];

/** Names bash reads as something else at the start of a command: `time` is a keyword, `/usr/bin/time` the program. */
const SPELLED_AS: Readonly<Record<string, string>> = { time: '/usr/bin/time' };

export function commandLines(row: ProgramRow): RowCase[] {
  const cases: RowCase[] = [];
  const name = SPELLED_AS[row.names[0]!] ?? row.names[0]!;
  collect(row, [name], cases, row);
  return cases;
}

function collect(command: Command, path: string[], cases: RowCase[], row: ProgramRow): void {
  const prefix = path.join(' ');
  const entry = prefix;
  const grammar = command.grammar ?? {};
  for (const plain of command.plain ?? []) {
    const line = plain === '' ? prefix : `${prefix} ${plain}`;
    // An entry for a wrapper alone never covers what it runs: its plain lines are covered by entries spelling them.
    cases.push({ line, expect: 'plain', entry: command.wrapper !== undefined ? line : entry });
  }
  if (command.role) cases.push({ line: prefix, expect: command.role.role, entry: path.slice(0, -1).join(' ') || prefix, ...(command.role.everyday ? { everyday: true } : {}) });
  for (const role of command.options ?? []) {
    for (const spelling of role.options) {
      for (const words of spellings(spelling, role, grammar)) {
        cases.push({ line: `${prefix} ${words}`, expect: role.role, entry, ...(role.everyday ? { everyday: true } : {}) });
      }
    }
  }
  for (const role of command.operands ?? []) {
    const example = role.example ?? 'x';
    const before = role.operand === 'last' || role.operand === 'all-but-first' ? 'first ' : typeof role.operand === 'number' ? 'a '.repeat(role.operand) : '';
    cases.push({ line: `${prefix} ${before}${quoted(example)}`, expect: role.role, entry, ...(role.everyday ? { everyday: true } : {}) });
  }
  if (command.wrapper && !command.wrapper.peel) {
    const skip = 'a '.repeat(command.wrapper.skip ?? 0);
    // The command run must not be a subcommand's name (`pnpm rm` is pnpm's own remove).
    // A wrapper that only sets the environment has no form of its own: the command it runs brings
    // one (`doppler run -- sh -c TEXT` is sh's executor form, which its entry does not cover).
    const run = command.wrapper.environmentOnly === true ? "sh -c 'rm -rf build'" : ['rm -rf build', 'unlink build', 'shred build'].find((line) => !Object.prototype.hasOwnProperty.call(command.subcommands ?? {}, line.split(' ')[0]!))!;
    cases.push({ line: `${prefix} ${skip}${command.wrapper.afterDashDash ? '-- ' : ''}${run}`, expect: 'executor', entry });
  }
  for (const [sub, inner] of Object.entries(command.subcommands ?? {})) collect(inner, [...path, sub], cases, row);
  // Behind a wrapper that peels, the same forms are found (one spelling each, to keep the count sane).
  if (path.length === 1) {
    const first = cases.find((c) => c.expect !== 'plain' && !c.everyday && c.line.startsWith(`${prefix} `));
    if (first !== undefined && row.wrapper === undefined) {
      for (const wrapper of PEELING_WRAPPERS) cases.push({ ...first, line: `${wrapper} ${first.line}` });
    }
  }
}

/** The spellings of one option with its example value. */
function spellings(given: string, role: OptionRole, grammar: Grammar): string[] {
  // A role may name an option by its key (`s` for `-s`/`--shell`): spell the short form.
  const spelling = given.startsWith('-') ? given : given.length === 1 ? `-${given}` : `--${given}`;
  const value = quoted(role.example ?? 'x');
  const out: string[] = [];
  if (spelling.startsWith('--') || (grammar.singleDash && spelling.startsWith('-') && spelling.length > 2)) {
    const bare = spelling.replace(/^--?/, '');
    const long = grammar.long?.[bare];
    const arity = long === undefined ? 'flag' : typeof long === 'string' ? long : long[0];
    if (arity === 'value') out.push(`${spelling} ${value}`, `${spelling}=${value}`);
    else if (arity === 'optional') out.push(`${spelling}=${value}`);
    else out.push(spelling);
    // An unambiguous abbreviation (getopt_long) is the same option.
    if (grammar.abbreviations !== false && !grammar.singleDash && grammar.long !== undefined) {
      const names = Object.keys(grammar.long);
      for (let n = bare.length - 1; n >= 3; n--) {
        const prefix = bare.slice(0, n);
        const fits = names.filter((other) => other.startsWith(prefix));
        if (fits.length === 1 && fits[0] === bare) {
          out.push(arity === 'value' ? `--${prefix} ${value}` : arity === 'optional' ? `--${prefix}=${value}` : `--${prefix}`);
          break;
        }
      }
    }
    return out;
  }
  if (!spelling.startsWith('-') || spelling.length !== 2) return [`${spelling} ${value}`];
  const letter = spelling[1]!;
  const valued = (grammar.short ?? '').includes(letter);
  const attachedOnly = (grammar.shortAttached ?? '').includes(letter);
  const flag = [...(grammar.flags ?? '')].find((f) => f !== letter && !(grammar.short ?? '').includes(f));
  if (valued) {
    out.push(`-${letter} ${value}`);
    if (!value.startsWith("'") && !value.startsWith('-')) out.push(`-${letter}${value}`);
    if (flag !== undefined) out.push(`-${flag}${letter} ${value}`);
  } else if (attachedOnly) {
    out.push(`-${letter}${value}`);
  } else {
    out.push(`-${letter}`);
    if (flag !== undefined) out.push(`-${flag}${letter}`);
  }
  return out;
}
