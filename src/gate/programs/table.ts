import type { Word } from '../reading/resolution';
import { foldCompatibility } from '../reading/normalise';
import { readArgs, type ArgReading } from './grammar';
import type { Command, Form, OperandRole, OptionRole, ProgramRow, Role } from './row';
import { ROWS } from './rows';

/**
 * The program table (D§4.3): every row of `rows/`, looked up by the name a command runs, and the
 * one reading of an argv against its row ({@link programForms}). The allow matcher, the hardline
 * payload search, the preflight readers, the default allow list, the card and the rater all ask
 * here; none keeps a list of its own.
 */

const BY_NAME: ReadonlyMap<string, ProgramRow> = (() => {
  const map = new Map<string, ProgramRow>();
  for (const row of ROWS) {
    for (const name of row.names) {
      if (map.has(name)) throw new Error(`program table: ${name} has two rows`);
      map.set(name, row);
    }
  }
  return map;
})();

/** Every row, in table order. */
export function programRows(): readonly ProgramRow[] {
  return ROWS;
}

/**
 * The row for a program word's basename, or null. Names are compared NFKC-folded and lower-cased;
 * a version suffix is taken off when the name itself has no row (`python3.12` → `python3`,
 * `pip3.11` → `pip3`, `node20` → `node`, `gcc-12` → `gcc`).
 */
export function rowFor(program: string): ProgramRow | null {
  const slash = program.lastIndexOf('/');
  let name = slash === -1 ? program : program.slice(slash + 1);
  if (name === '') return null;
  name = foldCompatibility(name).toLowerCase();
  const row = BY_NAME.get(name);
  if (row !== undefined) return row;
  const unversioned = /^(.*?[a-z+])[-.]?[0-9][0-9.]*$/.exec(name)?.[1];
  if (unversioned !== undefined) {
    const again = BY_NAME.get(unversioned) ?? BY_NAME.get(unversioned.replace(/[-.]$/, ''));
    if (again !== undefined) return again;
  }
  return null;
}

/** The row's name: the first of its names. */
export function rowName(row: ProgramRow): string {
  return row.names[0]!;
}

/** What reading an argv against the table found. */
export interface FormReading {
  /** The row of argv[0], or null when the program has none (or is only known at run time). */
  readonly row: ProgramRow | null;
  /** Every form found, in argv order, those of a wrapped command included (their indexes into the same argv). */
  readonly forms: readonly Form[];
  /**
   * Why the argv could not be read for sure against its row (an option a strict row does not know,
   * a subcommand only known at run time), or null. A consumer that vouches for a command (an allow
   * entry) must treat this as a form of its own.
   */
  readonly unreadable: string | null;
}

const NONE: FormReading = Object.freeze({ row: null, forms: Object.freeze([]) as readonly Form[], unreadable: null });

/** Most commands a wrapper role may nest, read one in another (`nice timeout 5 poetry run …`). */
const MAX_NESTING = 16;

/**
 * Reads an argv (program first) against the table: every executor, loader, writer, network,
 * listener and destructive form of the program, of its subcommands, and of the commands it wraps.
 * Never throws.
 */
export function programForms(argv: readonly Word[]): FormReading {
  return formsAt(argv, 0, 0);
}

function formsAt(argv: readonly Word[], offset: number, depth: number): FormReading {
  const first = argv[offset];
  if (first === undefined || first.kind !== 'literal') return NONE;
  const row = rowFor(first.value);
  if (row === null) return NONE;
  const forms: Form[] = [];
  const name = rowName(row);
  const state = { unreadable: null as string | null };
  readCommand(row, name, argv, offset + 1, forms, state, depth);
  return { row, forms, unreadable: state.unreadable };
}

/** Most subcommand levels read (`aws s3 cp`, `gcloud compute ssh`): the table holds fewer. */
const MAX_SUBCOMMAND_LEVELS = 6;

function readCommand(
  command: Command,
  program: string,
  argv: readonly Word[],
  start: number,
  forms: Form[],
  state: { unreadable: string | null },
  depth: number,
  level = 0,
): void {
  const grammar = command.grammar ?? {};
  const stops = grammar.stopAtOperand === true || command.subcommands !== undefined || command.wrapper !== undefined;
  const args = argv.slice(start);
  const reading = readArgs(args, stops && grammar.stopAtOperand !== true ? { ...grammar, stopAtOperand: true } : grammar);
  if (command.role !== undefined) {
    forms.push({ role: command.role.role, program, trigger: wordText(argv[start - 1]), index: start - 1, value: null, note: command.role.note });
  }
  for (const option of reading.options) {
    if (command.strict && !option.known && state.unreadable === null) {
      state.unreadable = `${program} ${option.name}: an option the gate does not know`;
    }
    for (const role of command.options ?? []) {
      if (!optionHasRole(option.name, option.key, option.candidates, role)) continue;
      const text = option.value?.kind === 'literal' ? option.value.value : null;
      if (role.when !== undefined && !role.when(text)) continue;
      forms.push(optionForm(role, program, args, option.index + start, option.name, option.value, text));
    }
  }
  if (command.read !== undefined) {
    try {
      for (const form of command.read(args, reading)) forms.push({ ...form, index: form.index + start });
    } catch (error) {
      state.unreadable ??= `${program}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  // A subcommand: the first operand.
  if (command.subcommands !== undefined && reading.operands.length > 0 && level < MAX_SUBCOMMAND_LEVELS) {
    const word = reading.operands[0]!;
    const at = reading.operandIndexes[0]! + start;
    if (word.kind !== 'literal') {
      state.unreadable ??= `${program}: the subcommand is only known at run time`;
      return;
    }
    if (Object.prototype.hasOwnProperty.call(command.subcommands, word.value)) {
      readCommand(command.subcommands[word.value]!, `${program} ${word.value}`, argv, at + 1, forms, state, depth, level + 1);
      return;
    }
  }
  if (command.wrapper !== undefined) {
    const wrapped = wrappedStart(command, reading, start);
    if (wrapped !== null && wrapped < argv.length) {
      if (!command.wrapper.peel) {
        forms.push({ role: 'executor', program, trigger: wordText(argv[wrapped]), index: wrapped, value: argv[wrapped]!, payload: 'shell-argv', note: command.wrapper.note });
      }
      if (depth < MAX_NESTING) {
        const inner = formsAt(argv, wrapped, depth + 1);
        forms.push(...inner.forms);
        if (inner.unreadable !== null) state.unreadable ??= inner.unreadable;
      }
    }
    return;
  }
  for (const role of command.operands ?? []) {
    reading.operands.forEach((word, k) => {
      if (!operandHasRole(role, k, reading.operands.length)) return;
      const text = word.kind === 'literal' ? word.value : null;
      if (role.when !== undefined && !role.when(text)) return;
      const index = reading.operandIndexes[k]! + start;
      forms.push(optionForm(role, program, args, index, wordText(word), word, text));
    });
  }
}

/** Where the command a wrapper role runs starts, as an index into the argv, or null. */
function wrappedStart(command: Command, reading: ArgReading, start: number): number | null {
  const wrapper = command.wrapper!;
  const skip = wrapper.skip ?? 0;
  if (wrapper.afterDashDash) return reading.endOfOptions === -1 ? null : reading.endOfOptions + 1 + start;
  const index = reading.operandIndexes[skip];
  return index === undefined ? null : index + start;
}

function optionHasRole(name: string, key: string, candidates: readonly string[], role: OptionRole): boolean {
  for (const spelled of role.options) {
    if (spelled === name || spelled === key) return true;
    // An ambiguous abbreviation is every option it may stand for.
    if (spelled.startsWith('--') && candidates.length > 1 && candidates.includes(spelled.slice(2))) return true;
  }
  return false;
}

function operandHasRole(role: OperandRole, k: number, count: number): boolean {
  const which = role.operand;
  if (which === 'every') return true;
  if (which === 'last') return k === count - 1;
  if (which === 'all-but-first') return k > 0;
  return which === k;
}

function optionForm(
  role: OptionRole | OperandRole,
  program: string,
  _args: readonly Word[],
  index: number,
  trigger: string,
  value: Word | null,
  text: string | null,
): Form {
  const payloadText = role.payloadText !== undefined && text !== null ? role.payloadText(text) : null;
  return {
    role: role.role,
    program,
    trigger,
    index,
    value,
    ...(role.payload !== undefined ? { payload: role.payload } : {}),
    ...(payloadText !== null ? { payloadText } : {}),
    ...(role.everyday === true ? { everyday: true } : {}),
    note: role.note,
  };
}

function wordText(word: Word | undefined): string {
  if (word === undefined) return '';
  return word.kind === 'literal' ? word.value : word.raw;
}

/** The forms of one role. */
export function formsOfRole(reading: FormReading, role: Role): Form[] {
  return reading.forms.filter((form) => form.role === role);
}
