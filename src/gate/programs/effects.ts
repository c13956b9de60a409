import { hostMentions } from '../preflight/openWorld';
import type { Word } from '../reading/resolution';
import { appendsByRow, commandLevels } from './commandLevels';
import { readFind } from './find';
import type { Form } from './row';
import { pushOf } from './pushes';
import { rowRemovals } from './removals';
import type { SegmentRecord } from './segmentRecord';
import { rowFor } from './table';

/**
 * What a segment does, as typed effects with their places (D§4.3, D§6 "Invariants";
 * docs/decisions.md "Effects in words come from the record"). Worked out only from what the gate
 * already knows for sure: the segment's write targets and redirects, the forms its program's row
 * finds (their roles and `changes`), the row's removal and move fields, the code it hands on, and
 * the hosts and listeners of the open-world reading. Nothing here guesses from a program's name,
 * and nothing here judges: the trace, the card and the capture log print these.
 */

/** What an effect does to its place. */
export type EffectKind =
  | 'reads'
  | 'writes'
  | 'appends'
  /** An entry inside the file rewritten, the rest kept (row.ts `edits`). */
  | 'edits'
  | 'truncates'
  | 'deletes'
  | 'moves'
  | 'permissions'
  | 'owner'
  | 'times'
  /** A destructive form the row names without a place it deletes (`git push --force`): its note says what. */
  | 'changes'
  | 'runs'
  | 'loads'
  | 'listens'
  | 'contacts'
  | 'sends'
  /** A form that prints a secret (row.ts `credentials`). */
  | 'reveals';

export interface Effect {
  readonly kind: EffectKind;
  /** The path, host, port or code the effect acts on, as written; null when only known at run time (then `source`) or when the effect has no place. */
  readonly place: string | null;
  /** For a place only known at run time: the word as written (`$OUT`). */
  readonly source?: string;
  /** What does it: `rm`, `redirect >`, `sh -c`, `curl -T`. */
  readonly via: string;
  /** For `changes` and `reveals`: the row's note. */
  readonly note?: string;
}

/** Longest code or path text kept as a place. */
const MAX_PLACE = 120;

/** The effects of one segment, in a stable order (by kind, then as found). Never throws. */
export function effectsOf(record: SegmentRecord): Effect[] {
  const out: Effect[] = [];
  const seen = new Set<string>();
  const add = (effect: Effect): void => {
    const key = `${effect.kind}\u0000${effect.place ?? effect.source ?? ''}\u0000${effect.kind === 'runs' ? '' : effect.via}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(effect);
  };
  try {
    const inside = record.inside;
    const row = inside.program === null ? null : rowFor(inside.program);
    const forms = record.forms.forms;
    // Writer forms that say what they change (`chmod`: permissions), by program.
    const changeOf = new Map<string, Effect['kind']>();
    for (const form of forms) if (form.role === 'writer' && form.changes !== undefined) changeOf.set(form.program, form.changes);
    const appends = row !== null && appendsByRow(row, inside.argv);

    // Reads: the operands and `KEY=` values the row places as read (row.ts `deviceReads`: `cp SRC… DST`, `dd if=`).
    if (row !== null && row.deviceReads !== undefined) {
      const reads = row.deviceReads;
      const reading = commandLevels(row, inside.argv)[0]!.reading;
      const operands = reads.operands === 'first' ? reading.operands.slice(0, 1) : reads.operands === 'all-but-last' ? reading.operands.slice(0, -1) : [];
      for (const word of operands) add(placed('reads', word, inside.program!));
      for (const key of reads.keys ?? []) {
        for (const word of reading.operands) if (word.kind === 'literal' && word.value.startsWith(`${key}=`)) add({ kind: 'reads', place: word.value.slice(key.length + 1), via: `${inside.program!} ${key}=` });
      }
    }

    // Writes: the record's targets (redirects and the rows' writers), typed by the form that makes them.
    const writers = new Set<string>();
    for (const write of record.writes) {
      const place = write.path === null ? null : write.scope === 'child' ? `${write.path.replace(/\/$/, '')}/${write.childPattern ?? '*'}` : write.path;
      const base = { place, ...(write.path === null && write.source !== undefined ? { source: write.source } : {}), via: write.via };
      if (write.via.startsWith('redirect ')) {
        const op = write.via.slice('redirect '.length);
        add({ kind: op.endsWith('>>') ? 'appends' : op === '<>' ? 'writes' : 'truncates', ...base });
        continue;
      }
      const program = write.via.split(' ')[0]!;
      writers.add(program);
      add({ kind: changeOf.get(program) ?? (appends && program === inside.program ? 'appends' : 'writes'), ...base });
    }
    const findWriters = inside.program === 'find' ? readFind(inside.argv.slice(1)) : null;
    // Programs that run their command on another machine (`ssh HOST CMD`): what they run, runs there.
    const elsewhere = new Set(forms.flatMap((form) => (form.wrapped === 'elsewhere' ? [form.program] : [])));
    for (const form of forms) {
      const via = viaOf(form);
      switch (form.role) {
        case 'writer':
          // A writer form the target reader has no path for (`rsync --log-file`, a program it does not read).
          // Its place is the path the role reads in the value, when it names one (`-v ./out:/out` writes `./out`).
          if (!writers.has(form.program)) add(typeof form.targetPath === 'string' ? { kind: form.changes ?? (appends ? 'appends' : 'writes'), place: shortened(form.targetPath), via } : placed(form.changes ?? (appends ? 'appends' : 'writes'), form.value, via));
          break;
        case 'destructive':
          if (form.changes === 'deletes') add(placed('deletes', form.value, form.program));
          else if (form.changes !== undefined) add(placed(form.changes, form.value, form.program));
          else add({ kind: 'changes', place: null, via, note: form.note });
          break;
        case 'executor':
          // find's `-delete` and `-fprint F` are read below and by the write targets, not run.
          if (findWriters !== null && findWriters.writers.some((writer) => writer.primary === form.trigger)) break;
          // A carve-out that hands nothing on (`sed -i`, a git option): what it writes is above; else the row's note says what it does.
          if (form.payload === undefined && form.wrapped === undefined) {
            const first = form.program.split(' ')[0]!;
            if (!writers.has(form.program) && !record.payloads.some((payload) => payload.via.split(' ')[0] === first)) add({ kind: 'runs', place: null, via, note: form.note });
            break;
          }
          add(runs(form, elsewhere.has(form.program) ? `${via}, on the host it names` : via));
          break;
        case 'loader':
          add(placed('loads', form.value, via));
          break;
        case 'network':
          if (form.sends === true) add(placed('sends', form.value, via));
          break;
        case 'credentials':
          add({ kind: 'reveals', place: null, via, note: form.note });
          break;
        default:
          // `listener` and the hosts of `network`: the open-world reading below.
          break;
      }
    }
    for (const payload of record.payloads) {
      const text = payload.kind === 'shell-text' ? payload.text : payload.argv.map((word) => (word.kind === 'literal' ? word.value : word.raw)).join(' ');
      add({ kind: 'runs', place: shortened(text), via: payload.via });
    }

    // Deletes the row knows besides its destructive forms: accounts with their home, operands removed once sent.
    if (inside.program !== null) {
      for (const removal of rowRemovals(inside.argv, inside.program)) {
        if (removal.home !== undefined) add({ kind: 'deletes', place: `${removal.home} and its home folder`, via: removal.via });
        for (const operand of removal.operands) add(placed('deletes', operand, removal.via));
      }
    }
    for (const writer of findWriters?.writers ?? []) {
      if (writer.primary !== '-delete') continue;
      const roots = findWriters!.startPoints.length === 0 ? ['.'] : findWriters!.startPoints.map(wordText);
      for (const root of roots) add({ kind: 'deletes', place: `what it finds in ${root}`, via: 'find -delete' });
    }
    // Moves: the operands that are not the target (row.ts `movesSources`: `mv SRC… DEST`).
    if (row !== null && row.movesSources === true) {
      const targets = new Set(inside.forms.forms.filter((form) => form.role === 'writer').map((form) => form.value));
      for (const word of commandLevels(row, inside.argv)[0]!.reading.operands) if (!targets.has(word)) add(placed('moves', word, inside.program!));
    }

    // Hosts contacted and listeners: the open-world reading (preflight/openWorld.ts), the one reader of host positions.
    const mentions = hostMentions(record.segment, record);
    for (const mention of mentions) {
      // A listener form without an address of its own is "a port" (openWorld.ts).
      // A module run as a server (`python3 -m http.server`, the row's `runsModule`) names no address: its port is its own.
      const runsModule = row?.runsModule;
      if (mention.listener === true && runsModule !== undefined && forms.some((form) => form.role === 'listener' && runsModule.options.includes(form.trigger) && form.value !== null && wordText(form.value) === mention.source)) {
        add({ kind: 'listens', place: null, via: `${mention.via} ${mention.source}` });
      } else if (mention.listener === true) {
        // A file server's served folder (`python3 -m http.server -d DIR`) is reported as a listener
        // mention too; its folder is no address to listen on (the port's mention says the listening).
        if (/^(?:\.{1,2}|[~/.].*)$/.test(mention.source) && mention.source !== 'a port') continue;
        add({ kind: 'listens', place: mention.source === 'a port' ? null : mention.source, via: mention.via });
      }
      else add(mention.host === null ? { kind: 'contacts', place: null, source: mention.source, via: mention.via } : { kind: 'contacts', place: mention.host, via: mention.via });
    }
    // A push sends a repository (programs/pushes.ts); to a remote by name the host is in its configuration.
    const push = inside.program === null ? null : pushOf(inside.argv, inside.program);
    if (push !== null) {
      const via = `${push.name} ${push.verb}`;
      add({ kind: 'sends', place: `the repository of ${push.folder ?? 'the folder it runs in'}`, via });
      if (!mentions.some((mention) => mention.via.startsWith(via))) {
        add(push.destination === undefined ? { kind: 'contacts', place: 'its default remote', via } : push.destination === null ? { kind: 'contacts', place: null, source: 'a remote only known at run time', via } : { kind: 'contacts', place: `the remote ${push.destination}`, via });
      }
    }
  } catch {
    // An effect the gate could not work out is left out; `unreadable` and the floors still hold.
  }
  return out.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}

const KIND_ORDER: readonly EffectKind[] = ['reads', 'writes', 'appends', 'edits', 'truncates', 'deletes', 'moves', 'permissions', 'owner', 'times', 'changes', 'runs', 'loads', 'listens', 'contacts', 'sends', 'reveals'];

/** How a form is named: the program, and the option or subcommand word when that is not its value. */
function viaOf(form: Form): string {
  const value = form.value === null ? null : wordText(form.value);
  if (form.trigger === '' || form.trigger === form.program || form.trigger === value || form.program.endsWith(` ${form.trigger}`)) return form.program;
  return `${form.program} ${form.trigger}`;
}

function runs(form: Form, via: string): Effect {
  const text = form.payloadText ?? (form.value === null ? null : wordText(form.value));
  return text === null ? { kind: 'runs', place: null, via } : { kind: 'runs', place: shortened(text), via };
}

function placed(kind: EffectKind, word: Word | null, via: string): Effect {
  if (word === null) return { kind, place: null, via };
  if (word.kind === 'literal') return { kind, place: shortened(word.value), via };
  return { kind, place: null, source: word.raw, via };
}

function wordText(word: Word): string {
  return word.kind === 'literal' ? word.value : word.raw;
}

function shortened(text: string): string {
  return text.length <= MAX_PLACE ? text : `${text.slice(0, MAX_PLACE)}… (${text.length} characters)`;
}

const VERBS: Readonly<Record<EffectKind, string>> = {
  reads: 'reads',
  writes: 'writes',
  appends: 'appends to',
  edits: 'edits',
  truncates: 'truncates',
  deletes: 'deletes',
  moves: 'moves',
  permissions: 'changes the permissions of',
  owner: 'changes the owner of',
  times: 'creates or changes the times of',
  changes: 'changes',
  runs: 'runs',
  loads: 'loads',
  listens: 'listens on',
  contacts: 'contacts',
  sends: 'sends',
  reveals: 'prints a secret',
};

/**
 * The effects in words, one line per kind and way (`deletes out, coverage (rm)`, `truncates f
 * (redirect >)`, `runs "rm x" (sh -c)`), for the explain trace, the card and the capture log.
 */
export function effectLines(effects: readonly Effect[]): string[] {
  const lines: string[] = [];
  const groups = new Map<string, { kind: EffectKind; via: string; places: string[] }>();
  for (const effect of effects) {
    if (effect.note !== undefined) {
      lines.push(effect.kind === 'reveals' ? `prints a secret: ${effect.note} (${effect.via})` : `${effect.note} (${effect.via})`);
      continue;
    }
    const key = `${effect.kind}\u0000${effect.via}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { kind: effect.kind, via: effect.via, places: [] };
      groups.set(key, group);
    }
    group.places.push(placeWords(effect));
  }
  const grouped = [...groups.values()].map((group) => {
    // A place-less effect next to placed ones of the same kind and way says nothing more (`nc -l 8080`: a port, port 8080).
    const named = group.places.filter((place) => place !== '' && place !== 'a port');
    const places = named.length > 0 ? named : group.places.filter((place) => place !== '');
    return `${VERBS[group.kind]}${places.length > 0 ? ` ${places.join(', ')}` : ''} (${group.via})`;
  });
  return [...grouped, ...lines];
}

function placeWords(effect: Effect): string {
  if (effect.place !== null) return effect.kind === 'runs' ? JSON.stringify(effect.place) : effect.place;
  if (effect.source !== undefined) return `a place only known at run time (${effect.source})`;
  if (effect.kind === 'runs' || effect.kind === 'loads') return 'code only known at run time';
  return effect.kind === 'listens' ? 'a port' : '';
}
