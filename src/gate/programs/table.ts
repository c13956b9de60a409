import { literalWord, type Word } from '../reading/resolution';
import { foldCompatibility } from '../reading/normalise';
import { mayBecomeOption, readArgs, type ArgReading } from './grammar';
import type { Command, Form, OperandRole, OptionRole, ProgramRow, Role, WrapperReading } from './row';
import { ROWS } from './rows';
import { ZSH_FILES_BUILTINS } from './rows/shells';

/**
 * The program table (D§4.3): every row of `rows/`, looked up by the name a command runs, and the
 * one reading of an argv against its row ({@link programForms}). The allow matcher, the hardline
 * payload search, the preflight readers, the default allow list, the card and the rater all ask
 * here; none keeps a list of its own.
 */

const BY_NAME: ReadonlyMap<string, ProgramRow> = (() => {
  const map = new Map<string, ProgramRow>();
  for (const row of ROWS) {
    for (const written of row.names) {
      const name = written.toLowerCase();
      if (map.has(name)) throw new Error(`program table: ${written} has two rows`);
      map.set(name, row);
    }
  }
  // zsh/files builtins (`zf_rm`) read as the programs they mirror.
  for (const [alias, program] of Object.entries(ZSH_FILES_BUILTINS)) {
    const row = map.get(program);
    if (row !== undefined) map.set(alias, row);
  }
  return map;
})();

/**
 * A program word as the program it names: zsh (EQUALS, on by default) replaces a word `=NAME` by
 * the path of the program NAME, so `=rm` runs `rm`. Every layer that turns argv[0] into a program
 * asks here (`rowFor`, `programName`, the floors' `commandName`). In bash `=rm` is a program
 * nobody has; reading it as `rm` there too only makes the floors and lists stricter.
 */
export function withoutEquals(value: string): string {
  return value.length > 1 && value.charCodeAt(0) === 0x3d ? value.slice(1) : value;
}

/** The program a zsh/files builtin mirrors (`zf_rm` → `rm`), or the name itself. */
export function mirroredProgram(name: string): string {
  return Object.prototype.hasOwnProperty.call(ZSH_FILES_BUILTINS, name) ? ZSH_FILES_BUILTINS[name]! : name;
}

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
  // Every layer looks up the same few program words many times per command, most of them words
  // with no row, whose lookup tries a version suffix too: each word is looked up once.
  const known = ROWS_BY_WORD.get(program);
  if (known !== undefined) return known;
  const row = lookUpRow(program);
  if (program.length > MAX_KEPT_WORD_LENGTH) return row;
  if (ROWS_BY_WORD.size >= MAX_ROWS_BY_WORD) ROWS_BY_WORD.clear();
  ROWS_BY_WORD.set(program, row);
  return row;
}

/** Program words looked up lately, cleared when full: at most 4096 words of at most 256 characters. */
const ROWS_BY_WORD = new Map<string, ProgramRow | null>();
const MAX_ROWS_BY_WORD = 4096;
const MAX_KEPT_WORD_LENGTH = 256;

function lookUpRow(word: string): ProgramRow | null {
  const program = withoutEquals(word);
  const slash = program.lastIndexOf('/');
  let name = slash === -1 ? program : program.slice(slash + 1);
  if (name === '') return null;
  // Most program words are plain lower-case ASCII: NFKC and lower-casing leave them alone.
  if (!isPlainName(name)) name = foldCompatibility(name).toLowerCase();
  const row = BY_NAME.get(name);
  if (row !== undefined) return row;
  // A Windows program run from WSL by its file name (`cmd.exe`, `wsl.exe`, `git.exe`).
  if (name.endsWith('.exe') && name.length > 4) return lookUpRow(name.slice(0, -4));
  // A file-system type's checker or mounter that fsck or mount runs (`fsck.hfsplus`, macOS's
  // `fsck_apfs`, `mount.ntfs`) is read by that program's row.
  const family = /^(fsck|mount)[._][a-z0-9][\w+-]*$/.exec(name)?.[1];
  if (family !== undefined) return BY_NAME.get(family) ?? null;
  const unversioned = /^(.*?[a-z+])[-.]?[0-9][0-9.]*$/.exec(name)?.[1];
  // A one-letter base is no version of anything (`r2` is radare2, not R 2).
  if (unversioned !== undefined && unversioned.replace(/[-.]$/, '').length >= 2) {
    const again = BY_NAME.get(unversioned) ?? BY_NAME.get(unversioned.replace(/[-.]$/, ''));
    if (again !== undefined) return again;
  }
  return null;
}

/** A program word's basename, folded as rows are looked up. */
export function invokedName(word: string): string {
  const program = withoutEquals(word);
  const name = program.slice(program.lastIndexOf('/') + 1);
  return isPlainName(name) ? name : foldCompatibility(name).toLowerCase();
}

/** A name NFKC folding and lower-casing leave as it is. */
function isPlainName(name: string): boolean {
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x5f || c === 0x2b || c === 0x2d)) return false;
  }
  return true;
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
  /**
   * A subcommand word the row does not list (`kubectl node-shell`, `git frob`, `cargo make`: a
   * plugin, an external command, an alias or a typo), or null. Rows list the subcommands whose
   * words they place, not every subcommand there is, so an allow entry and a rating still read
   * such a command as its row's; the floors take its words at their worst, as a program without a
   * row's (D§5; docs/decisions.md "A subcommand the row does not list is unplaced for the floors").
   */
  readonly unlisted: string | null;
}

const NONE: FormReading = Object.freeze({ row: null, forms: Object.freeze([]) as readonly Form[], unreadable: null, unlisted: null });

/**
 * The row leaves words of the argv unplaced: it cannot read them for sure, or their subcommand is
 * not one it lists. The hardline floor's arms for programs the table cannot place read such a
 * command at its worst (docs/decisions.md "Unknown is not harmless in the hardline floor").
 */
export function leavesWordsUnplaced(reading: FormReading): boolean {
  return reading.unreadable !== null || reading.unlisted !== null;
}

/** Most commands a wrapper role may nest, read one in another (`nice timeout 5 poetry run …`). */
const MAX_NESTING = 16;

/**
 * Reads an argv (program first) against the table: every executor, loader, writer, network,
 * listener and destructive form of the program, of its subcommands, and of the commands it wraps.
 * Never throws. A segment's forms are read once, by its record (`SegmentRecord.forms`, and
 * `inside.forms` for the command inside its wrappers), which every stage reads.
 */
export function programForms(argv: readonly Word[]): FormReading {
  const first = argv[0];
  if (first === undefined || first.kind !== 'literal' || rowFor(first.value) === null) return NONE;
  return formsAt(argv, 0, 0);
}

function formsAt(argv: readonly Word[], offset: number, depth: number): FormReading {
  const first = argv[offset];
  if (first === undefined || first.kind !== 'literal') return NONE;
  const row = rowFor(first.value);
  if (row === null) return NONE;
  const forms: Form[] = [];
  // Forms are named by the program as the command runs it (`bash -c`, not the row's `sh -c`).
  const name = invokedName(first.value);
  const state: ReadState = { unreadable: null, unlisted: null };
  readCommand(row, name, argv, offset + 1, forms, state, depth);
  return { row, forms, unreadable: state.unreadable, unlisted: state.unlisted };
}

/** What a reading found it could not place, as {@link FormReading} says. */
interface ReadState {
  unreadable: string | null;
  unlisted: string | null;
}

/** Most subcommand levels read (`aws s3 cp`, `gcloud compute ssh`): the table holds fewer. */
const MAX_SUBCOMMAND_LEVELS = 6;

function readCommand(
  command: Command,
  program: string,
  argv: readonly Word[],
  start: number,
  forms: Form[],
  state: ReadState,
  depth: number,
  level = 0,
): void {
  // A level with nothing to find (most rows' plain programs) needs no reading of its words.
  if (
    command.options === undefined && command.operands === undefined && command.read === undefined && command.subcommands === undefined &&
    command.wrapper === undefined && command.role === undefined && command.strict !== true
  ) {
    return;
  }
  const grammar = command.grammar ?? {};
  const stops = grammar.stopAtOperand === true || command.subcommands !== undefined || command.wrapper !== undefined;
  const args = argv.slice(start);
  const reading = readArgs(args, stops && grammar.stopAtOperand !== true ? { ...grammar, stopAtOperand: true } : grammar);
  const unlessOnly = command.role?.unlessOnly;
  const cancelled = unlessOnly !== undefined && args.length > 0 && args.every((word) => word.kind === 'literal' && unlessOnly.includes(word.value));
  if (command.role !== undefined && !cancelled) {
    // A subcommand's role is carried by its word (`git stash drop`: an entry spelling `drop` covers
    // it); a whole program's by no word: only an exact entry or a person covers it.
    const index = level === 0 ? argv.length : start - 1;
    forms.push({ role: command.role.role, program, trigger: wordText(argv[start - 1]), index, value: null, ...(command.role.everyday === true ? { everyday: true } : {}), ...(command.role.endsSession === true ? { endsSession: true as const } : {}), ...(command.role.usedAt !== undefined ? { usedAt: command.role.usedAt } : {}), note: command.role.note });
    // A publisher uploads the folder it runs in: a form of its own, so that `.` is read as what it
    // sends (the exfiltration arm) and not as the place its role acts on (a write there).
    if (command.role.publishes === true) forms.push({ role: 'network', program, trigger: wordText(argv[start - 1]), index, value: literalWord('.'), sends: true, everyday: true, note: `${program} uploads the folder it runs in` });
  }
  if (state.unreadable === null && givesOptionsMeaning(command)) {
    const word = wordThatMayBecomeOption(args, reading, stops);
    if (word !== null) state.unreadable = `${program} ${word.raw}: a word only known at run time may become an option of ${program}, whose options have roles`;
  }
  // `python3 -m "$M" …`: the module named runs the rest as a program of its own (`runsModule`).
  const runsModule = level === 0 ? (command as ProgramRow).runsModule : undefined;
  if (state.unreadable === null && runsModule !== undefined) {
    const option = reading.options.find((o) => runsModule.options.includes(o.name));
    if (option !== undefined && option.value !== null && option.value.kind !== 'literal') state.unreadable = `${program} ${option.name} ${option.value.raw}: the module it runs is only known at run time`;
    // A module the table has a row for (`python3 -m pytest -p PLUGIN`): the words after it are that
    // program's, read with its row, so that its forms are carried by the words they are at. Not a
    // package manager's (`python -m pip install -e .`): installing into the interpreter's own
    // environment is what an entry for `python -m pip install` is written for.
    const module = option?.value?.kind === 'literal' ? invokedName(option.value.value) : null;
    const moduleRow = module === null ? null : rowFor(module);
    if (option !== undefined && module !== null && module !== program && moduleRow !== null) {
      const at = (option.valueIndex ?? option.index) + start;
      const words: Word[] = [{ kind: 'literal', value: module, raw: module }, ...argv.slice(at + 1)];
      const inner = programForms(words);
      // The module's whole-program roles (at no word) are the interpreter row's to say (`-m http.server`).
      if (moduleRow.category !== 'package') for (const form of inner.forms) if (form.index > 0 && form.index < words.length) forms.push({ ...form, index: form.index + at });
      // A package manager's words the reading is not sure of stay unsure (`-m pip install*`).
      state.unreadable ??= inner.unreadable;
      state.unlisted ??= inner.unlisted;
    }
  }
  const roles = command.options === undefined ? null : rolesBySpelling(command);
  for (const option of reading.options) {
    if (command.strict && !option.known && state.unreadable === null) {
      state.unreadable = `${program} ${option.name}: an option the gate does not know`;
    }
    if (roles === null) continue;
    for (const role of rolesOf(roles, option)) {
      const text = option.value?.kind === 'literal' ? option.value.value : null;
      // `… -o "$X"`: as for an operand below, the role depends on a value only known at run time.
      const opaque = option.value !== null && option.value !== undefined && text === null;
      if (role.when !== undefined && opaque && !role.when(null)) state.unreadable ??= `${program} ${option.name} ${option.value!.raw}: a value only known at run time may be one ${program} gives a role (${role.role})`;
      if (role.when !== undefined && !role.when(text)) continue;
      forms.push(optionForm(role, program, args, option.index + start, option.name, option.value, text));
    }
  }
  if (command.read !== undefined) {
    try {
      // A form at no word (index -1: an implicit target) is carried by no word an entry could spell.
      for (const form of command.read(args, reading)) forms.push({ ...form, program, index: form.index < 0 ? argv.length : form.index + start });
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
    // A word where the row reads its subcommand that it does not list, and that no wrapper or
    // operand role of this level places instead (`dotnet app.dll` is dotnet's operand, not a
    // subcommand). A role that loads a plugin of that name (`kubectl node-shell` runs
    // `kubectl-node-shell`) places the word but not what the plugin does with the words after it.
    // Only the list says a subcommand is known: a plugin role that leaves out the program's own
    // commands does not (`docker logout` is unlisted until docker's row lists it).
    const placedAs = (command.operands ?? []).filter((role) => operandHasRole(role, 0, reading.operands.length) && (role.when === undefined || role.when(word.value)));
    if (command.wrapper === undefined && placedAs.every((role) => role.role === 'loader')) state.unlisted ??= `${program} ${word.value}: a subcommand the program table's row does not list`;
  }
  if (command.wrapper !== undefined) {
    readWrapped(command, program, argv, start, forms, state, depth);
    return;
  }
  for (const role of command.operands ?? []) {
    reading.operands.forEach((word, k) => {
      if (!operandHasRole(role, k, reading.operands.length)) return;
      const text = word.kind === 'literal' ? word.value : null;
      // `dd "$X"`: the role depends on the operand's text (`of=…`), which is only known at run time.
      if (role.when !== undefined && text === null && !role.when(null)) state.unreadable ??= `${program} ${word.raw}: an operand only known at run time may be one ${program} gives a role (${role.role})`;
      if (role.when !== undefined && !role.when(text)) return;
      const index = reading.operandIndexes[k]! + start;
      forms.push(optionForm(role, program, args, index, wordText(word), word, text));
    });
  }
}

/**
 * A command whose options change what it does: some option has a role (not the program's
 * everyday job, unless it names the file it writes), or options it does not know are forms (`strict`). (A reader of the program's own
 * language, `find`'s or `sed`'s, places the words it reads itself.)
 */
function givesOptionsMeaning(command: Command): boolean {
  // An everyday writer still names the file it writes (`chsh -s`: the account database), which the
  // protected-write floor reads: a word that may become that option hides the write.
  return command.strict === true || (command.options ?? []).some((role) => role.everyday !== true || role.target !== undefined);
}

/**
 * The first word where the command reads options that is only known at run time and may become an
 * option (grammar.ts {@link mayBecomeOption}): not an option's value, not after `--`, and (for a
 * command that stops reading options at its first operand) not after that operand. Null when none:
 * the row places every word.
 */
function wordThatMayBecomeOption(args: readonly Word[], reading: ArgReading, stops: boolean): Word | null {
  let values: Set<number> | undefined;
  for (let i = 0; i < args.length; i++) {
    if (reading.endOfOptions !== -1 && i >= reading.endOfOptions) break;
    if (stops && i > reading.next) break;
    const word = args[i]!;
    if (!mayBecomeOption(word)) continue;
    values ??= new Set(reading.options.flatMap((option) => (option.valueIndex === null ? [] : [option.valueIndex])));
    if (!values.has(i)) return word;
  }
  return null;
}

/**
 * A wrapper role: the command it runs is read against the table too (its forms are the
 * wrapper's), and a wrapper that does not peel is an executor form of its own at the wrapped
 * program word, unless it only sets the environment (`WrapperRole.environmentOnly`). Text handed to a shell (`watch`, `flock -c`, `env -S`) is an executor form.
 */
function readWrapped(command: Command, program: string, argv: readonly Word[], start: number, forms: Form[], state: ReadState, depth: number): void {
  const wrapper = command.wrapper!;
  const args = argv.slice(start);
  const read = readWrapper(command, args);
  if (!read.exact) state.unreadable ??= `${program}: its options or the command it runs could not be read exactly`;
  if (read.shellText !== null && read.shellText.length > 0) {
    forms.push({ role: 'executor', program, trigger: program, index: start - 1, value: read.shellText[0]!, payload: 'shell-text', wrapped: wrapper.elsewhere ? 'elsewhere' : 'here', note: wrapper.note });
  }
  if (read.inner.length === 0) return;
  // The wrapped command is usually the rest of the argv; `env -S` makes words of its own.
  const offset = args.length - read.inner.length;
  const suffix = offset >= 0 && read.inner.every((word, k) => word === args[offset + k]);
  const at = suffix ? start + offset : start - 1;
  // A wrapper that only sets the environment hands on the command as it is: no form of its own.
  if (!wrapper.peel && wrapper.environmentOnly !== true && read.shellText === null) {
    forms.push({ role: 'executor', program, trigger: wordText(read.inner[0]), index: at, value: read.inner[0]!, payload: 'shell-argv', wrapped: wrapper.elsewhere ? 'elsewhere' : 'here', note: wrapper.note });
  }
  if (depth >= MAX_NESTING) {
    state.unreadable ??= `${program}: wrappers nested too deep to read`;
    return;
  }
  const inner = suffix ? formsAt(argv, at, depth + 1) : formsAt(read.inner, 0, depth + 1);
  for (const form of inner.forms) forms.push(suffix ? form : { ...form, index: at });
  if (inner.unreadable !== null) state.unreadable ??= inner.unreadable;
  state.unlisted ??= inner.unlisted;
}

/**
 * The reading of a wrapper without a reader of its own: its options (stopping at the first
 * operand), the operands it takes before the command, and the options that run nothing.
 */
function genericReading(row: Command, args: readonly Word[]): WrapperReading {
  const wrapper = row.wrapper!;
  const reading = readArgs(args, { ...(row.grammar ?? {}), stopAtOperand: true });
  const options = reading.options.map((o) => ({ name: o.key, key: o.key, value: o.value }));
  const exact = reading.exact;
  if (reading.options.some((o) => (wrapper.noCommand ?? []).includes(o.name) || (wrapper.noCommand ?? []).includes(o.key))) {
    return { options, inner: [], shellText: null, assignments: [], exact };
  }
  let next = reading.next;
  if (wrapper.afterDashDash) {
    // `kubectl exec POD -- CMD`: the command starts after the first `--`, which may follow operands.
    let dashes = reading.endOfOptions;
    for (let k = reading.next; dashes === -1 && k < args.length; k++) if (args[k]!.kind === 'literal' && (args[k] as { value: string }).value === '--') dashes = k;
    // No `--` but words after the operands it takes: they may be a command in an older form
    // (`kubectl exec POD CMD`), so the reading is not sure.
    if (dashes === -1) return { options, inner: [], shellText: null, assignments: [], exact: exact && reading.operands.length <= (wrapper.skip ?? 0) };
    next = dashes + 1;
  }
  let positionalsExact = true;
  for (let p = 0; p < (wrapper.skip ?? 0); p++) {
    const positional = args[next];
    // Without its operands the wrapper runs nothing (`ssh` alone prints its usage).
    if (positional === undefined) return { options, inner: [], shellText: null, assignments: [], exact };
    if (positional.kind !== 'literal') positionalsExact = false;
    next++;
  }
  // A `--` after the wrapper's own operands (`aws-vault exec PROFILE -- CMD`) ends them: no program is called `--`.
  if ((wrapper.skip ?? 0) > 0 && args[next]?.kind === 'literal' && (args[next] as { value: string }).value === '--') next++;
  return { options, inner: args.slice(next), shellText: null, assignments: [], exact: exact && positionalsExact };
}

/** What the wrapper row does with the words after its name. */
export function readWrapper(row: Command, args: readonly Word[]): WrapperReading {
  return row.wrapper?.read !== undefined ? row.wrapper.read(args) : genericReading(row, args);
}

/** A command's option roles by each spelling they name (`-c`, `--eval`, a key), made once per command. */
function rolesBySpelling(command: Command): ReadonlyMap<string, readonly OptionRole[]> {
  let index = ROLE_INDEXES.get(command);
  if (index === undefined) {
    const built = new Map<string, OptionRole[]>();
    for (const role of command.options ?? []) {
      for (const spelled of role.options) {
        const list = built.get(spelled);
        if (list === undefined) built.set(spelled, [role]);
        else if (!list.includes(role)) list.push(role);
      }
    }
    index = built;
    ROLE_INDEXES.set(command, index);
  }
  return index;
}

const ROLE_INDEXES = new WeakMap<Command, ReadonlyMap<string, readonly OptionRole[]>>();
const NO_ROLES: readonly OptionRole[] = Object.freeze([]);

/**
 * The roles an option as read carries, in the command's order: those naming its spelling or its
 * key, and for an ambiguous abbreviation those naming any long option it may stand for.
 */
function rolesOf(index: ReadonlyMap<string, readonly OptionRole[]>, option: { name: string; key: string; candidates: readonly string[] }): readonly OptionRole[] {
  const byName = index.get(option.name);
  const byKey = option.key === option.name ? undefined : index.get(option.key);
  if (option.candidates.length <= 1) {
    if (byKey === undefined) return byName ?? NO_ROLES;
    if (byName === undefined) return byKey;
  }
  const out: OptionRole[] = [...(byName ?? NO_ROLES)];
  for (const role of byKey ?? NO_ROLES) if (!out.includes(role)) out.push(role);
  if (option.candidates.length > 1) {
    for (const candidate of option.candidates) for (const role of index.get(`--${candidate}`) ?? NO_ROLES) if (!out.includes(role)) out.push(role);
  }
  return out;
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
    ...(role.sends === true ? { sends: true } : {}),
    ...(role.changes !== undefined ? { changes: role.changes } : {}),
    ...(role.endsSession === true ? { endsSession: true as const } : {}),
    ...(role.target !== undefined ? { target: role.target } : {}),
    ...('targetText' in role && role.targetText !== undefined ? targetPathOf(role.targetText, text) : {}),
    note: role.note,
  };
}

/**
 * The path a writer role writes, from its value's text. A value only known at run time
 * (`usermod -aG docker,wheel* dev`) still names the row's own fixed path when the row writes the
 * same path whatever the value (`() => '/etc/passwd'`); otherwise the value word is the target.
 */
function targetPathOf(targetText: (value: string) => string | null, text: string | null): { targetPath?: string | null } {
  if (text !== null) return { targetPath: targetText(text) };
  const fixed = targetText('');
  return fixed !== null && fixed === targetText('x') ? { targetPath: fixed } : {};
}

function wordText(word: Word | undefined): string {
  if (word === undefined) return '';
  return word.kind === 'literal' ? word.value : word.raw;
}

/** The forms of one role. */
export function formsOfRole(reading: FormReading, role: Role): Form[] {
  return reading.forms.filter((form) => form.role === role);
}

/**
 * The program runs code read from standard input: its row says it can (shells, interpreters),
 * and the argv names neither inline code nor a script (`sh`, `bash -s`, `python3 -`, `node`).
 */
export function readsCodeFromStdin(argv: readonly Word[], forms?: FormReading): boolean {
  return stdinCodeOf(argv, forms) !== null;
}

/**
 * What {@link readsCodeFromStdin} finds, and in what language: `shell` for shell text (shells,
 * `at`, `batch`), `code` for another language's (`python3 -`, `tclsh`, `ed FILE`, `make -f -`).
 * `forms`: the argv's, when its record has read them.
 */
export function stdinCodeOf(argv: readonly Word[], forms?: FormReading): 'shell' | 'code' | null {
  const first = argv[0];
  if (first === undefined || first.kind !== 'literal') return null;
  const row = rowFor(first.value);
  if (row === null) return null;
  const kind = row.category === 'shell' || row.stdinCodeForm?.shellText === true ? 'shell' : 'code';
  const form = row.stdinCodeForm;
  if (form?.dashOptions !== undefined) {
    const options = readArgs(argv.slice(1), row.grammar ?? {}).options;
    if (options.some((option) => (form.dashOptions!.includes(option.name) || form.dashOptions!.includes(option.key)) && mayNameStdin(option.value))) return kind;
  }
  // A loader's file or a started program's path that names standard input (`cdist config -i -`:
  // the initial manifest) is read from there: the piped text is that code (docs/decisions.md
  // "A loader's `-` reads the pipe"). Its language is the row's: shell text for a shell's.
  const read = forms ?? programForms(argv);
  if (read.forms.some((f) => (f.role === 'loader' || (f.role === 'executor' && f.payload === 'program')) && mayNameStdin(f.value))) return kind;
  if (form?.dashOperandAfter !== undefined) {
    const operands = readArgs(argv.slice(1), row.grammar ?? {}).operands;
    const verb = operands.findIndex((word) => word.kind === 'literal' && form.dashOperandAfter!.includes(word.value));
    if (verb !== -1 && operands.slice(verb + 1).some(mayNameStdin)) return kind;
  }
  if (form?.withOptions !== undefined) {
    const reading = readArgs(argv.slice(1), row.grammar ?? {});
    if (reading.options.some((option) => form.withOptions!.includes(option.name)) && reading.operands.every(mayNameStdin)) return kind;
  }
  if (form?.interpreterVerbs !== undefined) {
    const operands = readArgs(argv.slice(1), row.grammar ?? {}).operands;
    const words = operands.map((word) => (word.kind === 'literal' ? word.value : null));
    const verb = words[0];
    // A word right after an option the program-level grammar does not know may be that option's
    // value (`jupyter console --kernel python3`): the verb's own options are not the row's. At its
    // worst the input is code, so such a word is not taken for a script operand.
    const valueOfOption = (k: number): boolean => {
      const before = argv[argv.indexOf(operands[k]!) - 1];
      return before !== undefined && before.kind === 'literal' && /^--?[A-Za-z][\w-]*$/.test(before.value);
    };
    if (verb !== null && verb !== undefined && form.interpreterVerbs.includes(verb) && words.slice(1).every((word, k) => word === null || STDIN_NAMES.has(word) || valueOfOption(k + 1))) return kind;
  }
  if (form?.withoutCommand !== undefined) {
    const options = readArgs(argv.slice(1), row.grammar ?? {}).options;
    if (options.some((option) => form.withoutCommand!.unless.includes(option.name))) return null;
    return read.forms.some((f) => f.wrapped === 'elsewhere') ? null : 'shell';
  }
  // An interpreter whose script operand names standard input reads its code there, whether or not
  // it reads stdin with no script at all (`java --source 21 -`, `groovy -`): docs/decisions.md
  // "An interpreter's script read from standard input".
  if (row.stdinCode !== true && row.category === 'interpreter') {
    // A script only known at run time may be `-` (`java "$X"`), and so may the word after one that
    // may be an option taking a value (`java "$X" 17 -`): at their worst they read standard input.
    const args = argv.slice(1);
    const script = readArgs(args, row.grammar ?? {}).operands[0];
    if (script === undefined) return null;
    if (mayNameStdin(script)) return kind;
    const at = args.indexOf(script);
    const before = args.slice(0, at).some((word) => word.kind !== 'literal');
    return before && args.slice(at + 1).some(mayNameStdin) ? kind : null;
  }
  if (row.stdinCode !== true) return null;
  const reading = read;
  if (reading.forms.some((form) => form.role === 'executor' && (form.payload === 'code' || form.payload === 'shell-text'))) return null;
  const args = argv.slice(1);
  if (form?.always !== undefined) {
    const options = readArgs(args, row.grammar ?? {}).options;
    return options.some((option) => form.always!.unless.includes(option.name) || form.always!.unless.includes(option.key)) ? null : kind;
  }
  return stdinScript(row, args) ? kind : null;
}

/** Standard input as a file operand or option value names it. */
const STDIN_NAMES: ReadonlySet<string> = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/**
 * The word names standard input, or may at run time: a value only known then (`"$X"`, `$(…)`, a
 * glob) may be `-`, and at its worst it is (`make -f "$X"`, `cdist config -i "$X"`).
 */
function mayNameStdin(word: Word | null | undefined): boolean {
  return word !== null && word !== undefined && (word.kind !== 'literal' || STDIN_NAMES.has(word.value));
}

/** A shell's `-s`, no script operand, or the script operand `-` (or standard input by name). */
function stdinScript(row: ProgramRow, args: readonly Word[]): boolean {
  // A shell's `-s` reads the script from standard input whatever follows.
  if (row.category === 'shell' && args.some((w) => w.kind === 'literal' && /^[-+][A-Za-z]*s[A-Za-z]*$/.test(w.value))) return true;
  const operands = readArgs(args, row.grammar ?? {}).operands;
  if (operands.length === 0) return true;
  return mayNameStdin(operands[0]);
}

/**
 * Whether an argv of the row can hold a form whose value is shell text or a command (an executor
 * role with such a payload, a reader of its own, a wrapper): most rows cannot, and the payload
 * search skips reading them. Worked out once per row.
 */
export function mayCarryPayload(row: ProgramRow): boolean {
  let known = PAYLOAD_ROWS.get(row);
  if (known === undefined) {
    known = commandMayCarryPayload(row);
    PAYLOAD_ROWS.set(row, known);
  }
  return known;
}

const PAYLOAD_ROWS = new WeakMap<ProgramRow, boolean>();

/**
 * Whether the row's own options, operands or reader (its wrapper role aside) can carry shell text
 * or a command: `sudo -s`, `env -S`, `flock -c`, `tmux new-session 'TEXT'`. Worked out once per row.
 */
export function ownPayloadRoles(row: ProgramRow): boolean {
  let known = OWN_PAYLOAD_ROWS.get(row);
  if (known === undefined) {
    known = commandMayCarryPayload(row, false);
    OWN_PAYLOAD_ROWS.set(row, known);
  }
  return known;
}

const OWN_PAYLOAD_ROWS = new WeakMap<ProgramRow, boolean>();

function commandMayCarryPayload(command: Command, wrappers = true): boolean {
  if (command.read !== undefined || (wrappers && command.wrapper !== undefined)) return true;
  for (const role of [...(command.options ?? []), ...(command.operands ?? [])]) {
    if (role.payload === 'shell-text' || role.payload === 'shell-argv') return true;
  }
  for (const sub of Object.values(command.subcommands ?? {})) if (commandMayCarryPayload(sub, wrappers)) return true;
  return false;
}
