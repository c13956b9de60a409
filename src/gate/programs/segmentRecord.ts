/**
 * What one segment DOES, established once, in one record (D§4.3, D§6 "Invariants"): the program
 * and its row, the wrappers peeled and the command inside, the forms and roles found, the writes
 * with where they land, the payloads it hands on, and what could not be read. Every stage that
 * asks about a segment reads its record: the allow matcher (whether an entry allows every effect),
 * the preflight arms, the explain trace. Nothing here judges; the stages do.
 *
 * The record is a pure function of the segment's words, made once per segment and handed on
 * explicitly (the pipeline makes one per segment per decision; the hardline floor makes its own
 * for the commands it reads inside payloads, wrappers and text): the parts a stage may never ask
 * for (the forms, the payloads, the writes) are worked out the first time one is asked for, so a
 * command settled early pays nothing for them. Nothing else keeps what was worked out for an argv:
 * a function that needs these answers is handed the record.
 */
import type { Assignment, Redirect, Segment, Word } from '../reading/resolution';
import { effectLines, effectsOf, type Effect } from './effects';
import { executedPayloads, type Payload } from './executorPayloads';
import { confinedRun, type ConfinedReading } from './confinedRuns';
import { redirectWrite } from './redirectTargets';
import type { Form } from './row';
import { programForms, rowFor, type FormReading } from './table';
import { analyseArgv, type SegmentAnalysis } from './segmentAnalysis';
import type { PeeledCommand } from './wrappers';
import { isShellBuiltin } from '../reading/shellBuiltins';
import type { WriteTarget } from './writeTarget';
import { writeTargets } from './writeTargets';

export class SegmentRecord implements SegmentAnalysis {
  /** The argv as bash passes it, wrappers included. */
  readonly argv: readonly Word[];
  /** The wrappers peeled off, and the command inside them. */
  readonly peeled: PeeledCommand;
  /** The lower-cased basename of the program inside the wrappers, or null (opaque or no program word). */
  readonly program: string | null;
  private formsRead: FormReading | undefined;
  private insideRead: SegmentRecord | undefined;
  private payloadsRead: readonly Payload[] | undefined;
  private writesRead: readonly WriteTarget[] | undefined;
  private redirectWritesRead: readonly WriteTarget[] | undefined;
  private effectsRead: readonly Effect[] | undefined;
  private confinedRead: ConfinedReading | null | undefined;

  constructor(readonly segment: Segment) {
    this.argv = segment.argv;
    const { peeled, program } = analyseArgv(segment.argv);
    this.peeled = peeled;
    this.program = program;
  }

  /** True when the argv starts with a wrapper (`sudo`, `timeout`, `xargs` …): something was peeled. */
  get wrapped(): boolean {
    return this.peeled.layers.length > 0;
  }

  /** Every form of the program table found in the argv (wrapped commands' included), everyday ones too. */
  get forms(): FormReading {
    return (this.formsRead ??= programForms(this.argv));
  }

  /**
   * The record of the command inside the wrappers (`rm -rf x` of `sudo timeout 5 rm -rf x`): its
   * argv, its row and forms (indexes into that argv), without the segment's redirects. The record
   * itself when nothing is peeled, as for most segments.
   */
  get inside(): SegmentRecord {
    return (this.insideRead ??= this.wrapped ? argvRecord(this.peeled.argv) : this);
  }

  /** The forms that are not the program's everyday job: each is a carve-out an entry must spell. */
  get carveOuts(): readonly Form[] {
    return this.forms.forms.filter((form) => form.everyday !== true);
  }

  /**
   * The container run the segment makes when its runner's options reach nothing of the host, with
   * what an entry must spell and allow to cover the command it runs (programs/confinedRuns.ts), or null.
   */
  get confined(): ConfinedReading | null {
    if (this.confinedRead === undefined) this.confinedRead = confinedRun(this);
    return this.confinedRead;
  }

  /** The code the segment hands on to run (shell text, argv, one level deep). */
  get payloads(): readonly Payload[] {
    return (this.payloadsRead ??= executedPayloads(this));
  }

  /**
   * The files the segment's output redirects write (`> out.txt`, `2>> log`, `&> x`, `<> f`), the
   * harmless sinks left out (D§4.2); a target only known at run time has a null path.
   */
  get redirectWrites(): readonly WriteTarget[] {
    if (this.redirectWritesRead === undefined) {
      const writes: WriteTarget[] = [];
      for (const redirect of this.segment.redirects) {
        const write = redirectWrite(redirect);
        if (write !== undefined) writes.push(write);
      }
      this.redirectWritesRead = writes;
    }
    return this.redirectWritesRead;
  }

  /** Every path the segment writes: its redirects and its programs' writer forms, through wrappers. */
  get writes(): readonly WriteTarget[] {
    return (this.writesRead ??= writeTargets(this.segment, this));
  }

  /** Why the segment cannot be read for sure (wrappers, the program's options), or null. */
  get unreadable(): string | null {
    if (!this.peeled.exact) return "a wrapper's options could not be read exactly";
    return this.forms.unreadable;
  }

  /**
   * Every effect with its place (`programs/effects.ts`): reads, writes, appends, truncations,
   * deletions, moves, permission, owner and time changes, code run or loaded, listeners, hosts
   * contacted and what is sent, from the rows' roles, the write targets, the payloads and the
   * open-world reading. What could not be read is {@link unreadable}, not an effect.
   */
  get effects(): readonly Effect[] {
    return (this.effectsRead ??= effectsOf(this));
  }

  /**
   * The effects in words, for the explain trace, the card and the capture log: `deletes out,
   * coverage (rm)`, `truncates f (redirect >)`, `runs "rm x" (sh -c)`, and `cannot read: …` last.
   */
  effectLines(): string[] {
    const out = effectLines(this.effects);
    const unreadable = this.unreadable;
    if (unreadable !== null) out.push(`cannot read: ${unreadable}`);
    return out;
  }

  /**
   * Why no effect can be named, when none was found: null when the row places every word (the
   * command truly does none of these), else what the gate could not read (no row for the program,
   * a program only known at run time).
   */
  get unplaced(): string | null {
    if (this.unreadable !== null) return this.unreadable;
    const first = this.peeled.argv[0];
    if (first === undefined) return null;
    if (this.program === null) return `the program ${first.raw} is only known at run time`;
    if (this.inside.forms.row !== null || rowFor(this.program) !== null || isShellBuiltin(this.program)) return null;
    // `pnpm build`, `yarn lint`: a package manager runs the project's script or binary of that
    // name, the project's own code, as `npm run build` does; no program of the PATH is meant.
    const layer = this.peeled.layers[this.peeled.layers.length - 1];
    if (layer?.projectScript === true) return null;
    return `the program table has no row for ${this.program}, so what it does with its words is not known`;
  }
}

/** The record of one segment. Never throws. */
export function recordOf(segment: Segment): SegmentRecord {
  return new SegmentRecord(segment);
}

const NO_REDIRECTS: Redirect[] = Object.freeze([]) as unknown as Redirect[];

/**
 * The record of a command that is no segment of the line as read (a payload's argv, the command
 * inside wrappers, a reading of the hardline floor's text reader): its words, with `redirects`
 * (none unless given) and the assignments in front of it (none unless given: the text reader keeps
 * those whose value runs as a command).
 */
export function argvRecord(argv: readonly Word[], redirects: readonly Redirect[] = NO_REDIRECTS, assignments?: ReadonlyArray<{ name: string; value: Word }>): SegmentRecord {
  const assigned: Assignment[] = assignments === undefined ? [] : assignments.map(({ name, value }) => ({ name, value, append: false, raw: `${name}=${value.raw}` }));
  return new SegmentRecord({ argv: argv as Word[], assignments: assigned, redirects: redirects as Redirect[], connector: null, negated: false, timed: false, raw: '' });
}
