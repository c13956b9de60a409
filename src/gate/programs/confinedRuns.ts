import type { Word } from '../reading/resolution';
import { commandLevels } from './commandLevels';
import { workspaceBind } from './containerBinds';
import { readArgs, textOf } from './grammar';
import type { Form } from './row';
import type { SegmentRecord } from './segmentRecord';
import { invokedName } from './table';

/**
 * A container's command under the runner's entry (docs/decisions.md "A container's command under
 * the runner's entry"; D§6 carve-outs). The command a runner starts in a container (`docker run
 * IMAGE CMD`, `kubectl exec POD -- CMD`) is an executor form an entry must spell. A container's image
 * runs code of its own anyway (its entrypoint), so spelling the command adds no authority; what
 * matters to this machine is what the container reaches — host folders bound in, devices, sockets,
 * privileges, host namespaces, the host's network — and that is said by the runner's options.
 *
 * So when every option of the runner's form is one its row positively knows to reach nothing of the
 * host (`Command.confined`), and every bind is a volume or a folder of the workspace, the entry that
 * spells the runner (`docker run`; for an exec into a running container, the container too: `docker
 * exec web`) covers the command. Anything the row does not list keeps today's carve-out.
 */

/** What a confined run lets an entry cover, and what the entry must say for it. */
export interface ConfinedReading {
  /** The forms that carry the command the container runs (the command itself, `--entrypoint`): an entry that spells {@link spell} covers them. */
  readonly forms: readonly Form[];
  /** Indexes in the segment's argv of the words an entry must spell instead: the runner's command word, and the instance for an exec. */
  readonly spell: readonly number[];
  /** The workspace folders bound writable into the container: a write only an entry saying `writes: true` allows. */
  readonly writes: readonly string[];
}

/**
 * The segment's run when its runner's options reach nothing of the host (see the module comment),
 * or null: no such runner, an option or bind the row does not list as confined, options of the
 * levels above the runner (`docker -H … run`, `kubectl --kubeconfig … exec`), or a reading that is
 * not exact. Wrappers in front are the matcher's business (an entry still spells them).
 */
export function confinedRun(record: SegmentRecord): ConfinedReading | null {
  const inside = record.inside;
  const row = inside.forms.row;
  if (row === null) return null;
  const argv = inside.argv;
  // The command inside the wrappers is the end of the segment's argv: its indexes shift by `offset`.
  const offset = record.argv.length - argv.length;
  if (offset < 0 || record.argv[offset] !== argv[0]) return null;
  const levels = commandLevels(row, argv);
  const level = levels[levels.length - 1]!;
  const confined = level.command.confined;
  if (confined === undefined || level.start < 1) return null;
  // Options above the runner (a daemon elsewhere, a configuration that runs programs) are not the runner's to vouch for.
  if (levels.slice(0, -1).some((above) => above.reading.options.length > 0)) return null;
  const program = [invokedName(textOf(argv[0]) ?? ''), ...levels.slice(1).map((sub) => textOf(argv[sub.start - 1]) ?? '')].join(' ');
  const from = offset + level.start;
  const executors = record.forms.forms.filter((form) => form.role === 'executor' && form.everyday !== true && form.program === program && form.index >= from && form.index < record.argv.length);
  // The command's own first word carries the form whose value is that word (an option's form carries its value apart).
  const commands = executors.filter((form) => form.value !== null && form.value === record.argv[form.index]);
  if (commands.length !== 1) return null;
  const start = commands[0]!.index - offset;
  let words: readonly Word[] = argv.slice(level.start, start);
  if (textOf(words[words.length - 1]) === '--') words = words.slice(0, -1);
  const reading = readArgs(words, { ...(level.command.grammar ?? {}), stopAtOperand: false });
  if (!reading.exact) return null;
  const container = level.command.container;
  const writes: string[] = [];
  for (const option of reading.options) {
    const text = option.value === null ? null : textOf(option.value);
    if (option.value !== null && text === null) return null;
    if (confined.options.includes(option.name)) continue;
    const test = confined.values?.[option.name];
    if (test !== undefined) {
      if (text === null || !test(text)) return null;
      continue;
    }
    const kind = confined.binds !== true || container === undefined ? null : container.volumes.includes(option.name) ? 'volume' : container.mounts.includes(option.name) ? 'mount' : null;
    const bind = kind === null || text === null ? null : workspaceBind(kind, text);
    if (bind === null) return null;
    writes.push(...bind.writes);
  }
  const spell = [offset + level.start - 1];
  if (confined.spelledBy === 'instance') {
    const instance = reading.operandIndexes[0];
    if (instance === undefined) return null;
    spell.push(from + instance);
  }
  return { forms: executors.filter((form) => form.index <= commands[0]!.index), spell, writes };
}
