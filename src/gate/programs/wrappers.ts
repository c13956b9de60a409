/**
 * Wrappers (D§4.3): programs whose job is to run another program (`sudo rm …`, `timeout 5 rm …`).
 * Deny and hardline look through them at the wrapped program; an allow entry matches a wrapped
 * command only when it names the wrapper itself. Reading a wrapper means reading its own options
 * exactly as the wrapper does (most use getopt with a leading `+`: options stop at the first
 * operand), so that `sudo -u root rm` is read as `rm` and not as a program called `root`.
 */
import type { Word } from '../reading/resolution';
import { readArgs } from './grammar';
import type { Command, WrapperReading } from './row';
import { invokedName, programRows, readWrapper, rowFor, withoutEquals } from './table';

export interface UnwrappedCommand {
  /** Wrapper program names peeled off, outermost first (basename, e.g. 'sudo'). */
  wrappers: string[];
  /** The innermost command's words (may be empty, e.g. bare `sudo`). */
  argv: Word[];
  /** Assignments given through `env NAME=value` (and `sudo NAME=value`). */
  assignments: Array<{ name: string; value: Word }>;
  /** False when a wrapper's own options could not be read exactly (opaque word where an option or
   *  its argument was expected, an unknown option): consumers must then assume the worst. */
  exact: boolean;
}

/** Basename of a literal program word: '/usr/bin/rm' -> 'rm'. */
export function programName(word: Word | undefined): string | null {
  if (word === undefined || word.kind !== 'literal') return null;
  const value = withoutEquals(word.value);
  // Most program words hold no slash; `indexOf` says so several times faster than `lastIndexOf`
  // finds the last one, and every stage asks for program names many times per command.
  if (value.indexOf('/') === -1) return value === '' ? null : value;
  const base = value.slice(value.lastIndexOf('/') + 1);
  return base === '' ? null : base;
}

/** What one wrapper does with the words after its name. */
export interface WrapperLayer extends WrapperReading {
  /** Lower-cased basename of the wrapper's row, e.g. 'sudo'. */
  program: string;
  /** An allow entry for the wrapped command alone may cover it (see {@link WrapperRole.peel}). */
  peel: boolean;
  /** An entry naming the wrapper covers the command it runs (see {@link WrapperRole.environmentOnly}). */
  environmentOnly?: true;
  /** The wrapped name is the project's own script first (see {@link WrapperRole.projectScript}). */
  projectScript?: true;
}

/** Every program whose row is a wrapper, by its names. */
export const WRAPPER_PROGRAMS: readonly string[] = programRows().flatMap((row) => (row.wrapper !== undefined && row.wrapper.elsewhere !== true ? row.names : []));

/** Most subcommand levels looked through for a wrapper (`uv tool run`, `gh codespace ssh`). */
const MAX_WRAPPER_SUBCOMMAND_LEVELS = 3;

/**
 * The wrapper an argv starts with (one that runs the command on this machine: `ssh HOST CMD` is
 * read as ssh, see `WrapperRole.elsewhere`): a row that is a wrapper (`sudo`, `timeout`), or a subcommand
 * of a row that is one (`poetry run`, `docker run`, `kubectl exec`), with the words after it.
 */
function wrapperOf(argv: readonly Word[]): WrapperStart | null {
  // Most programs are no wrapper and have no subcommand that is one: the row says so at once.
  const name = programName(argv[0]);
  const row = name === null ? null : rowFor(name);
  if (row === null || (row.wrapper === undefined && !hasSubcommandWrapper(row))) return null;
  return findWrapper(argv);
}

export interface WrapperStart {
  program: string;
  command: Command;
  args: Word[];
}

/**
 * A row's subcommands come before its own wrapper role: `pnpm install` is pnpm's install, while
 * `pnpm eslint .` (no such subcommand) runs the project's command `eslint`, as `pnpm exec` would.
 */
function findWrapper(argv: readonly Word[]): WrapperStart | null {
  const found = innermostCommand(argv);
  if (found === null || found.command.wrapper === undefined || found.command.wrapper.elsewhere === true) return null;
  return found;
}

/**
 * The deepest subcommand an argv names through its row (`docker container run` → `run`, at most
 * {@link MAX_WRAPPER_SUBCOMMAND_LEVELS} levels), with the words after it; the row itself when it
 * names none; null without a row.
 */
export function innermostCommand(argv: readonly Word[]): WrapperStart | null {
  const name = programName(argv[0]);
  if (name === null) return null;
  const row = rowFor(name);
  if (row === null) return null;
  let program = invokedName(name);
  let command: Command = row;
  let rest = argv.slice(1);
  for (let level = 0; level < MAX_WRAPPER_SUBCOMMAND_LEVELS; level++) {
    const sub = subcommandAt(command, rest);
    if (sub === null) break;
    command = sub.command;
    program = `${program} ${sub.name}`;
    rest = rest.slice(sub.next);
  }
  return { program, command, args: rest };
}

/** The subcommand the words name first (a literal word the command knows), and the index after it. */
function subcommandAt(command: Command, args: readonly Word[]): { name: string; command: Command; next: number } | null {
  if (command.subcommands === undefined) return null;
  const reading = readArgs(args, { ...(command.grammar ?? {}), stopAtOperand: true });
  const word = reading.operands[0];
  if (word === undefined || word.kind !== 'literal' || !Object.prototype.hasOwnProperty.call(command.subcommands, word.value)) return null;
  return { name: word.value, command: command.subcommands[word.value]!, next: reading.operandIndexes[0]! + 1 };
}

/** Whether some subcommand of the command (at any level read) runs a command: worked out once per row. */
function hasSubcommandWrapper(command: Command, level = 0): boolean {
  if (level === 0) {
    const known = SUBCOMMAND_WRAPPERS.get(command);
    if (known !== undefined) return known;
  }
  let found = false;
  if (level < MAX_WRAPPER_SUBCOMMAND_LEVELS) {
    for (const sub of Object.values(command.subcommands ?? {})) {
      if ((sub.wrapper !== undefined && sub.wrapper.elsewhere !== true) || hasSubcommandWrapper(sub, level + 1)) {
        found = true;
        break;
      }
    }
  }
  if (level === 0) SUBCOMMAND_WRAPPERS.set(command, found);
  return found;
}

const SUBCOMMAND_WRAPPERS = new WeakMap<Command, boolean>();

/**
 * True when the argv's program is a wrapper, i.e. {@link peelWrappers} would peel something. A
 * segment's record knows it already (`SegmentRecord.wrapped`).
 */
export function startsWithWrapper(argv: readonly Word[]): boolean {
  return wrapperOf(argv) !== null;
}

/** Most wrapper layers peeled off one argv (each layer copies the rest of the argv). */
export const MAX_WRAPPER_LAYERS = 16;

/**
 * The empty lists of an argv with no wrapper — most of them — shared rather than made anew for
 * every reading: nothing changes a reading's lists (frozen, so nothing can by mistake).
 */
const NONE: never[] = Object.freeze([]) as never[];

/** Every wrapper layer of an argv, outermost first, and what remains inside the last one. */
export interface PeeledCommand extends UnwrappedCommand {
  layers: WrapperLayer[];
}

/**
 * Peels wrappers off an argv, outermost first, keeping each layer's reading (options, shell
 * text). A segment is peeled once, by its record (`SegmentRecord.peeled`), which every stage
 * reads; this is for words that are no segment's.
 */
export function peelWrappers(argv: readonly Word[]): PeeledCommand {
  const first = wrapperOf(argv);
  if (first === null) return { wrappers: NONE, argv: argv as Word[], assignments: NONE, exact: true, layers: NONE };
  return peel(argv, first);
}

function peel(argv: readonly Word[], first: WrapperStart): PeeledCommand {
  const layers: WrapperLayer[] = [];
  const assignments: Array<{ name: string; value: Word }> = [];
  let exact = true;
  let current: Word[] = [...argv];
  for (let wrapper: WrapperStart | null = first; wrapper !== null; wrapper = wrapperOf(current)) {
    if (layers.length >= MAX_WRAPPER_LAYERS) {
      // Real commands nest a handful of wrappers; a chain longer than this is read no further.
      exact = false;
      break;
    }
    const read = readWrapper(wrapper.command, wrapper.args);
    layers.push({
      program: wrapper.program,
      peel: wrapper.command.wrapper!.peel,
      ...(wrapper.command.wrapper!.environmentOnly === true ? { environmentOnly: true as const } : {}),
      ...(wrapper.command.wrapper!.projectScript === true ? { projectScript: true as const } : {}),
      ...read,
    });
    assignments.push(...read.assignments);
    exact &&= read.exact;
    current = read.inner;
  }
  return { wrappers: layers.map((l) => l.program), argv: current, assignments, exact, layers };
}

/**
 * Peels every wrapper off an argv: `sudo -u root env FOO=1 timeout 5 rm -rf x` → wrappers
 * `['sudo', 'env', 'timeout']`, argv `rm -rf x`, assignments `FOO=1`. Never throws.
 */
export function unwrap(argv: readonly Word[]): UnwrappedCommand {
  // A peeled command is an unwrapped one with its layers besides.
  return peelWrappers(argv);
}
