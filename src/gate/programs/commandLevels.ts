import type { Word } from '../reading/resolution';
import { hasOption, readArgs, type ArgReading } from './grammar';
import type { Command, ProgramRow } from './row';

/** One level of a command as read: the row or a subcommand, where its words start in the argv, and their reading. */
export interface CommandLevel {
  readonly command: Command;
  readonly start: number;
  readonly reading: ArgReading;
}

/** Most subcommand levels followed (the table holds fewer). */
const MAX_LEVELS = 6;

/**
 * The levels an argv (program first) reaches in its row: the row, then each subcommand its first
 * operand names, each read with its own grammar. For row fields read per level by the floor
 * (`deviceReads`, `removesHome`); the forms of every level are `programForms`' business.
 */
export function commandLevels(row: Command, argv: readonly Word[]): CommandLevel[] {
  const levels: CommandLevel[] = [];
  let command = row;
  let start = 1;
  for (let depth = 0; depth < MAX_LEVELS; depth++) {
    const grammar = command.grammar ?? {};
    const stops = grammar.stopAtOperand === true || command.subcommands !== undefined;
    const reading = readArgs(argv.slice(start), stops ? { ...grammar, stopAtOperand: true } : grammar);
    levels.push({ command, start, reading });
    const first = reading.operands[0];
    if (command.subcommands === undefined || first === undefined || first.kind !== 'literal' || !Object.prototype.hasOwnProperty.call(command.subcommands, first.value)) break;
    start += reading.operandIndexes[0]! + 1;
    command = command.subcommands[first.value]!;
  }
  return levels;
}

/**
 * The argv reaches a level that runs a command of its own (a wrapper, a container runner): the
 * words from there on are that command's, judged where it runs (the floor's nested reading), not
 * the runner's.
 */
export function runsCommand(levels: readonly CommandLevel[]): boolean {
  return levels.some((level) => level.command.wrapper !== undefined || level.command.container !== undefined);
}

/**
 * The command's writer forms add to the files they name instead of replacing them: the row's
 * `appendsWith` option is given (`tee -a`). Read by the hardline floor (an append replaces no
 * critical file) and the segment record's effects.
 */
export function appendsByRow(row: ProgramRow, argv: readonly Word[]): boolean {
  if (row.appendsWith === undefined) return false;
  return hasOption(readArgs(argv.slice(1), row.grammar ?? {}), ...row.appendsWith);
}
