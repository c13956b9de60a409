import type { Grammar } from './grammar';
import type { Command, OperandRole, OptionRole, ProgramRow, Role } from './row';
import { programForms, programRows, rowFor, rowName } from './table';
import type { Word } from '../reading/resolution';
import { ROLES } from './row';
import { ROWS_AUDIT_LOG } from './rows/auditLog';

/**
 * The program table in words: one row for `approvals-gate programs NAME` (why an entry does not
 * cover a command), and the whole table for `docs/programs.md` (generated; a test keeps it current).
 */

/** Options listed per grammar line in docs/programs.md; the CLI lists all of them. */
const BRIEF_OPTIONS = 16;

function listed(names: readonly string[], brief: boolean): string {
  if (!brief || names.length <= BRIEF_OPTIONS) return names.join(' ');
  return `${names.slice(0, BRIEF_OPTIONS).join(' ')} … (${names.length - BRIEF_OPTIONS} more)`;
}

function grammarLine(grammar: Grammar | undefined, brief = false): string | null {
  if (grammar === undefined) return null;
  const parts: string[] = [];
  if (grammar.short) parts.push(`short options with a value: ${listed([...grammar.short].map((c) => `-${c}`), brief)}`);
  if (grammar.shortAttached) parts.push(`attached-only values: ${listed([...grammar.shortAttached].map((c) => `-${c}`), brief)}`);
  const long = Object.entries(grammar.long ?? {}).filter(([, arity]) => (typeof arity === 'string' ? arity : arity[0]) !== 'flag');
  if (long.length > 0) parts.push(`long options with a value: ${listed(long.map(([name]) => `--${name}`), brief)}`);
  if (grammar.stopAtOperand) parts.push('options end at the first operand');
  if (grammar.singleDash) parts.push('options are single-dash words');
  return parts.length === 0 ? null : parts.join('; ');
}

/** What was already said of a row: a grammar or a subcommand shared by several names is described once. */
interface Said {
  grammars: Map<Grammar, string>;
  commands: Map<Command, string>;
  /** Option lists cut short (docs/programs.md). */
  brief: boolean;
}

function roleLines(command: Command, path: string, lines: string[], said: Said = { grammars: new Map(), commands: new Map(), brief: false }): void {
  const same = said.commands.get(command);
  if (same !== undefined) {
    lines.push(`  ${path}: the same as ${same}`);
    return;
  }
  said.commands.set(command, path === '' ? 'the program' : path);
  if (command.grammar !== undefined) {
    const before = said.grammars.get(command.grammar);
    if (before === undefined) {
      const grammar = grammarLine(command.grammar, said.brief);
      if (grammar !== null) lines.push(`  grammar${path === '' ? '' : ` (${path})`}: ${grammar}`);
      said.grammars.set(command.grammar, path === '' ? 'the program' : path);
    } else if (path !== '') {
      lines.push(`  grammar (${path}): as for ${before}`);
    }
  }
  if (command.role) lines.push(`  ${command.role.everyday ? `${command.role.role} (its everyday job)` : command.role.role}: ${path === '' ? 'the program itself' : path} — ${command.role.note}`);
  if (command.wrapper) lines.push(`  wrapper${path === '' ? '' : ` (${path})`}: ${command.wrapper.peel ? 'peels: an entry for the wrapped command covers it' : 'does not peel: an entry must name it and the command it runs'} — ${command.wrapper.note}`);
  for (const role of command.options ?? []) lines.push(`  ${label(role)}: ${prefixed(path, role.options.map(spelled).join(', '))} — ${role.note}`);
  for (const role of command.operands ?? []) lines.push(`  ${label(role)}: ${prefixed(path, operandName(role))} — ${role.note}`);
  if (command.read) lines.push(`  ${path === '' ? '' : `${path}: `}its own reader finds further forms (a small language of the program)`);
  for (const [name, sub] of Object.entries(command.subcommands ?? {})) roleLines(sub, path === '' ? name : `${path} ${name}`, lines, said);
}

function label(role: OptionRole | OperandRole): string {
  return role.everyday ? `${role.role} (its everyday job)` : role.role;
}

function spelled(name: string): string {
  return name.startsWith('-') ? name : name.length === 1 ? `-${name}` : `--${name}`;
}

function prefixed(path: string, what: string): string {
  return path === '' ? what : `${path} ${what}`;
}

function operandName(role: OperandRole): string {
  const which = role.operand;
  if (which === 'every') return 'every operand';
  if (which === 'last') return 'the last operand';
  if (which === 'all-but-first') return 'every operand after the first';
  return `operand ${which + 1}`;
}

/** One row, as `approvals-gate programs NAME` prints it. */
export function describeRow(row: ProgramRow, brief = false): string {
  const lines = [`${row.names.join(', ')} — ${row.what} (${row.category})`];
  if (row.readOnly) lines.push('  read-only in its everyday forms (may be on the default allow list)');
  if (row.stdinCode) lines.push('  runs code read from standard input when given no script or inline code');
  roleLines(row, '', lines, { grammars: new Map(), commands: new Map(), brief });
  if (lines.length === 1 + (row.readOnly ? 1 : 0) + (row.stdinCode ? 1 : 0)) lines.push('  no form the gate must see: an entry for it covers every argument');
  return lines.join('\n');
}

/** The row for a program name (as typed on the command line), described; null when it has none. */
export function describeProgram(name: string): string | null {
  const row = rowFor(name);
  return row === null ? null : describeRow(row);
}

/** Counts of rows by role (a row counts once per role it has anywhere). */
export function roleCounts(): Record<Role | 'wrapper' | 'rows' | 'names', number> {
  const counts = { rows: 0, names: 0, wrapper: 0 } as Record<Role | 'wrapper' | 'rows' | 'names', number>;
  for (const role of ROLES) counts[role] = 0;
  for (const row of programRows()) {
    counts.rows++;
    counts.names += row.names.length;
    const roles = new Set<string>();
    const walk = (command: Command): void => {
      if (command.wrapper) roles.add('wrapper');
      if (command.role) roles.add(command.role.role);
      for (const role of [...(command.options ?? []), ...(command.operands ?? [])]) roles.add(role.role);
      for (const sub of Object.values(command.subcommands ?? {})) walk(sub);
    };
    walk(row);
    for (const role of roles) counts[role as Role | 'wrapper']++;
  }
  return counts;
}

/** `docs/programs.md`: the whole table, generated. */
export function programsMarkdown(): string {
  const counts = roleCounts();
  const out = [
    '# The program table',
    '',
    '<!-- Generated from src/gate/programs/rows/ by `npm run docs:programs`; a test fails when it is out of date. -->',
    '',
    'What each program does with its arguments (D§4.3). An allow entry covers a command only when it spells',
    'every form listed here that the command uses (except a program\'s everyday job); the hardline floor follows',
    'every executor form; the preflight reads writers and hosts. `approvals-gate programs NAME` prints one row,',
    'with every option (long lists are cut short here).',
    '',
    `${counts.rows} rows, ${counts.names} program names. Rows by role: ${[...ROLES, 'wrapper' as const].map((role) => `${role} ${counts[role]}`).join(', ')}.`,
    '',
  ];
  const rows = [...programRows()].sort((a, b) => rowName(a).localeCompare(rowName(b)));
  for (const row of rows) {
    out.push('```text', describeRow(row, true), '```', '');
  }
  out.push(...ROWS_AUDIT_LOG);
  return out.join('\n');
}

/** One form found in a command, for the card and the rater: where, and the row's note. */
export interface FormNote {
  /** The program and the word that carries the form, as written (`find -exec`). */
  readonly where: string;
  readonly role: string;
  readonly note: string;
}

/** Most form notes given for one command (the first ones, in segment order). */
const MAX_FORM_NOTES = 8;

/**
 * The notes of the forms the program table finds in a resolved command's segments (not the
 * programs' everyday jobs), each once, in order.
 */
export function formNotes(argvs: ReadonlyArray<readonly Word[]>): FormNote[] {
  const out: FormNote[] = [];
  const seen = new Set<string>();
  for (const argv of argvs) {
    for (const form of programForms(argv).forms) {
      if (form.everyday === true) continue;
      const where = form.trigger === form.program ? form.program : `${form.program} ${form.trigger}`;
      const key = `${where}\0${form.note}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ where, role: form.role, note: form.note });
      if (out.length >= MAX_FORM_NOTES) return out;
    }
  }
  return out;
}
