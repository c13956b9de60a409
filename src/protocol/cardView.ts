import { suggestAllowEntries } from '../gate/lists/allowSuggestion';
import { nearMissSentence } from '../gate/lists/nearMiss';
import { formNotes } from '../gate/programs/describe';
import { recordOf } from '../gate/programs/segmentRecord';
import type { TranscriptRow } from '../gate/negotiation';
import type { Escalation } from '../gate/person';
import type { RerunAdds } from '../gate/containment/rerunWidening';
import type { SandboxStop } from '../gate/containment/sandbox';
import type { SandboxPolicy } from '../gate/containment/sandboxPolicy';
import { bounded, cutWithoutSplitting } from './boundedText';
import { compositionSites } from './compositionSites';
import { containmentSummary } from './containmentSummary';
import { lookalikeHosts } from './lookalikeHosts';
import { LIMITS, RERUN_OFFERS, type AnswerKind, type CardView, type SandboxRerun } from './messages';

/**
 * Builds the plain-data view of one pending escalation (D§10): everything the card shows, and
 * nothing it would have to compute from gate internals. Pure; extension-side only (it reads the
 * gate's host knowledge, which uses `node:url`).
 *
 * The command is carried whole up to `LIMITS.commandChars`. A card that cannot show its command
 * completely (cut, or more marks than a card carries) offers only the two rejections: nobody is
 * asked to approve what they cannot see.
 */

/** What the card shows besides the escalation itself. */
export interface CardExtras {
  /** The negotiation transcript (D§9), when the escalation came out of one. */
  transcript?: readonly TranscriptRow[];
  /** Recent commands, for the "Always allow…" preview (most recent last). */
  recentCommands?: readonly string[];
  /**
   * The sandbox's policy the command would run under if approved (D§13 "Containment"), when the
   * extension runs it itself with `approvalsGate.sandbox: on`; absent when the agent runs it or
   * the sandbox is off, and then the card says nothing about it. `home` is written `~` on the card.
   */
  containment?: { policy: SandboxPolicy; home: string };
  /**
   * A sandbox-stop card (D§13; docs/decisions.md "A person can rerun what the sandbox stopped"): what
   * the sandbox stopped and what the rerun adds (`rerunWidening.ts`); `containment` is then the
   * rerun's policy. The card offers only the rerun and leaving it.
   */
  rerun?: { stops: readonly SandboxStop[]; adds: RerunAdds; exitCode: number | null };
}

export function cardViewFor(id: string, escalation: Escalation, extras: CardExtras = {}): CardView {
  const { reading } = escalation;
  const command = cutWithoutSplitting(reading.original, LIMITS.commandChars);
  const cut = command.length < reading.original.length;
  const sites = compositionSites(command);
  const hosts = lookalikeHosts(reading, command);
  const complete = !cut && sites.length <= LIMITS.ranges && hosts.marks.length <= LIMITS.ranges;
  const attack = escalation.outcome === 'attack';
  const grantPreview = escalation.grantPreview !== undefined && escalation.grantPreview.length <= LIMITS.commandChars ? escalation.grantPreview : undefined;
  const rerun = extras.rerun ? sandboxRerunView(extras.rerun, complete) : undefined;
  const offers = rerun ? [...RERUN_OFFERS] : answersOffered({ attack, complete, grantable: grantPreview !== undefined });
  const { rating } = escalation;
  return {
    id,
    command,
    commandLength: reading.original.length,
    sites: sites.slice(0, LIMITS.ranges),
    hostMarks: hosts.marks.slice(0, LIMITS.ranges),
    lookalikeHosts: hosts.hosts.map((h) => ({ host: bounded(h.host), ascii: h.ascii === null ? null : h.ascii.slice(0, 1024) })),
    hidden: hiddenSummary(escalation),
    stage: escalation.stage,
    ...(escalation.outcome ? { outcome: escalation.outcome } : {}),
    reason: bounded(escalation.reason),
    ...(escalation.rule ? { rule: { list: escalation.rule.list, entry: bounded(escalation.rule.entry), source: bounded(escalation.rule.source) } } : {}),
    preflight: (escalation.preflight ?? []).slice(0, LIMITS.shortList).map((p) => ({ arm: p.arm, reason: bounded(p.reason), rewroteRating: p.rewroteRating })),
    ...(escalation.nearMiss !== undefined && escalation.nearMiss.length > 0
      ? { nearMiss: escalation.nearMiss.slice(0, LIMITS.shortList).map((miss) => ({ entry: bounded(miss.entry), text: bounded(nearMissSentence(miss)) })) }
      : {}),
    ...effectsOf(reading),
    ...(extras.containment ? { containment: containmentSummary(extras.containment.policy, extras.containment.home) } : {}),
    ...formsOf(reading),
    ...(rating
      ? {
          rating: {
            outcome: rating.verdict.outcome,
            flooredOutcome: rating.flooredOutcome,
            reason: bounded(rating.verdict.reason),
            source: bounded(rating.source),
            ...(rating.failClosed ? { failClosed: rating.failClosed } : {}),
            ...(rating.tripwire ? { tripwire: true } : {}),
          },
        }
      : {}),
    ...(reading.resolution.resolved ? {} : { unresolved: reading.resolution.mechanisms.slice(0, LIMITS.shortList) }),
    transcript: (extras.transcript ?? []).slice(-LIMITS.transcriptRows).map((row) => ({
      round: Math.min(Math.max(1, Math.trunc(row.round)), 10_000),
      command: bounded(row.command),
      ...(row.justification !== undefined ? { justification: bounded(row.justification) } : {}),
      outcome: row.outcome,
      reason: bounded(row.reason),
      action: row.action,
    })),
    ...(grantPreview !== undefined && offers.includes('allow-always') ? { grantPreview } : {}),
    suggestedEntries: offers.includes('allow-always') && !rerun ? (suggestAllowEntries(reading) ?? []).filter((e) => e.length <= LIMITS.textChars).slice(0, LIMITS.shortList) : [],
    recentCommands: rerun ? [] : recent(extras.recentCommands ?? []),
    attack,
    ...(rerun ? { sandboxRerun: rerun } : {}),
    offers,
  };
}

/**
 * The sandbox-stop part of a card, whole or not at all: every stop and every path and host the rerun
 * would add, uncut. Throws when that cannot be shown (too many, too long, the command cut), and the
 * card is then not built: nobody is asked to widen what they cannot see.
 */
function sandboxRerunView(rerun: NonNullable<CardExtras['rerun']>, complete: boolean): SandboxRerun {
  const texts = [...rerun.stops.map((stop) => stop.target), ...rerun.adds.paths, ...rerun.adds.hosts];
  const lists = [rerun.stops, rerun.adds.paths, rerun.adds.hosts];
  if (!complete || texts.some((text) => text.length > LIMITS.textChars) || lists.some((list) => list.length > LIMITS.shortList)) {
    throw new Error('the sandbox stop cannot be shown whole on a card, so no rerun is offered');
  }
  return {
    exitCode: rerun.exitCode,
    stops: rerun.stops.map((stop) => ({ kind: stop.kind, target: stop.target })),
    adds: { paths: [...rerun.adds.paths], hosts: [...rerun.adds.hosts], creates: [...rerun.adds.creates] },
  };
}

/**
 * What each simple command does, in words, from its segment record (D§4.3; docs/decisions.md
 * "Effects in words come from the record"); nothing when the command was not read exactly.
 */
function effectsOf(reading: Escalation['reading']): Pick<CardView, 'effects'> {
  if (!reading.resolution.resolved) return {};
  const effects: NonNullable<CardView['effects']> = [];
  reading.resolution.segments.forEach((segment, index) => {
    for (const text of recordOf(segment).effectLines()) effects.push({ segment: index + 1, text: bounded(text) });
  });
  return effects.length === 0 ? {} : { effects: effects.slice(0, LIMITS.shortList) };
}

/** The notes of the program-table forms in the command (nothing when it was not read exactly). */
function formsOf(reading: Escalation['reading']): Pick<CardView, 'forms'> {
  if (!reading.resolution.resolved) return {};
  const forms = formNotes(reading.resolution.segments.map((segment) => segment.argv));
  return forms.length === 0 ? {} : { forms: forms.slice(0, LIMITS.shortList).map((f) => ({ where: bounded(f.where), role: f.role, note: bounded(f.note) })) };
}

/**
 * The answers a card offers; the extension accepts no other (D§10). The banner offers only
 * `run-anyway` and `reject` (nothing is remembered from a banner); grants need a grant preview;
 * a card that cannot show its whole command offers only rejections.
 */
export function answersOffered(card: { attack: boolean; complete: boolean; grantable: boolean }): AnswerKind[] {
  if (card.attack) return card.complete ? ['run-anyway', 'reject'] : ['reject'];
  if (!card.complete) return ['reject', 'reject-session'];
  if (!card.grantable) return ['run-once', 'reject', 'reject-session'];
  return ['run-once', 'allow-session', 'allow-always', 'reject', 'reject-session'];
}

/** One row per distinct hidden character: its escape, kind and count, in order of first appearance. */
function hiddenSummary(escalation: Escalation): CardView['hidden'] {
  const rows = new Map<number, { escape: string; kind: string; count: number }>();
  for (const hidden of escalation.reading.hidden) {
    const row = rows.get(hidden.codePoint);
    if (row) row.count += 1;
    else if (rows.size < LIMITS.hiddenKinds) rows.set(hidden.codePoint, { escape: hidden.escape, kind: hidden.kind, count: 1 });
  }
  return [...rows.values()];
}

/** Recent commands for the preview: distinct, newest kept, each short enough to carry whole. */
function recent(commands: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = commands.length - 1; i >= 0 && kept.length < LIMITS.recentCommands; i--) {
    const command = commands[i];
    if (typeof command !== 'string' || command.length > LIMITS.textChars || kept.includes(command)) continue;
    kept.unshift(command);
  }
  return kept;
}
