import { foldCompatibility } from '../reading/normalise';
import type { Word } from '../reading/resolution';
import { commandLevels, type CommandLevel } from './commandLevels';
import { hasOption } from './grammar';
import type { Command } from './row';
import { rowFor } from './table';

/**
 * What a row says a command deletes besides its `destructive` forms (D§4.3; row.ts
 * `removesHome`, `removesOperands`): an account with its home folder (`userdel -r dev`), or the
 * operands an option or a subcommand removes once archived, sent or synced (`7z a -sdel`,
 * `rsync --remove-source-files`, `rclone sync SRC DEST`). One reading of those fields, for the
 * hardline floor (`hardline/protectedTrees.ts`) and the segment record's effects (`effects.ts`).
 */
export interface RowRemoval {
  /** What removes them: the program and the words that led to the level, or the option (`rsync --remove-source-files`). */
  readonly via: string;
  /** The operands removed (words of the deepest level's reading). */
  readonly operands: readonly Word[];
  /** For a deleted account with its home folder: its name as written (`the account` when only known at run time). */
  readonly home?: string;
  /** For a deleted account, with or without its home (`removesAccount`): its name as written. */
  readonly account?: string;
}

/** The removals of an argv (program first) whose program is `name`, in the order the row's levels read them. Never throws. */
export function rowRemovals(argv: readonly Word[], name: string): RowRemoval[] {
  const row = rowFor(name);
  if (row === null || !mayRemove(row)) return [];
  const out: RowRemoval[] = [];
  const levels = commandLevels(row, argv);
  const deepest = levels[levels.length - 1]!.reading.operands;
  for (const { command, reading, start } of levels) {
    const removes = command.removesHome;
    if (removes !== undefined && hasOption(reading, ...removes.options) && !hasOption(reading, ...(removes.unless ?? []))) {
      const user = reading.operands.map(literal).find((text) => text !== null) ?? 'the account';
      out.push({ via: name, operands: [], home: user });
    }
    const account = command.removesAccount;
    if (account !== undefined && accountRemoved(account, reading)) {
      const given = account.withOptions === undefined ? undefined : reading.options.find((option) => account.withOptions!.includes(option.name) || account.withOptions!.includes(option.key));
      const user = literal(given?.value ?? undefined) ?? reading.operands.map(literal).find((text) => text !== null) ?? 'an account';
      out.push({ via: [name, ...argv.slice(1, start).map((word) => literal(word) ?? word.raw)].join(' '), operands: [], account: user });
    }
    // Named by the program and the words that led to this level (`rclone sync`).
    const spelled = [name, ...argv.slice(1, start).map((word) => literal(word) ?? word.raw)].join(' ');
    if (command.removesOperands !== undefined) out.push({ via: spelled, operands: removedOperands(deepest, command.removesOperands) });
    for (const role of command.options ?? []) {
      if (role.removesOperands === undefined) continue;
      const given = reading.options.find((option) => role.options.includes(option.name) && (role.when === undefined || role.when(literal(option.value ?? undefined))));
      if (given !== undefined) out.push({ via: `${name} ${given.name}`, operands: removedOperands(deepest, role.removesOperands) });
    }
  }
  return out;
}

/** Whether a level's `removesAccount` holds for its reading (row.ts `removesAccount`). */
function accountRemoved(account: NonNullable<Command['removesAccount']>, reading: CommandLevel['reading']): boolean {
  if (account.unless !== undefined && hasOption(reading, ...account.unless)) return false;
  if (account.operandsAtMost !== undefined && reading.operands.length > account.operandsAtMost) return false;
  if (account.withOptions !== undefined) return hasOption(reading, ...account.withOptions);
  return reading.operands.length > 0;
}

type RemovedPlaces = NonNullable<Command['removesOperands']>;

function removedOperands(operands: readonly Word[], places: RemovedPlaces): readonly Word[] {
  if (places === 'every') return operands;
  if (places === 'all-but-first') return operands.slice(1);
  if (places === 'last') return operands.slice(-1);
  return operands.slice(0, -1);
}

/** A literal word's text, compatibility-folded as the floor reads words (hardline/commandName.ts `literalText`). */
function literal(word: Word | undefined): string | null {
  return word !== undefined && word.kind === 'literal' ? foldCompatibility(word.value) : null;
}

/** Whether any level of the row says it removes something: most rows do not, and need no reading. Worked out once per row. */
function mayRemove(command: Command): boolean {
  let known = MAY_REMOVE.get(command);
  if (known === undefined) {
    // A subcommand table that names a level above it again is read once.
    MAY_REMOVE.set(command, false);
    known =
      command.removesHome !== undefined ||
      command.removesAccount !== undefined ||
      command.removesOperands !== undefined ||
      (command.options ?? []).some((role) => role.removesOperands !== undefined) ||
      Object.values(command.subcommands ?? {}).some(mayRemove);
    MAY_REMOVE.set(command, known);
  }
  return known;
}

const MAY_REMOVE = new WeakMap<Command, boolean>();
