import type { Decision } from './decision';
import type { CommandReading } from './reading/reading';
import { literalValue, type ReadingShell, type Segment } from './reading/resolution';

const SHELL_DESCRIPTIONS: Readonly<Record<ReadingShell, string>> = {
  bash: 'bash — read as bash runs it',
  zsh: 'zsh — read where zsh runs it as bash would; what zsh runs otherwise is unresolved',
  any: 'any — not known for sure: read where bash and zsh run the same thing',
};
import { RUNG_DESCRIPTIONS, type Rung } from './rung';
import { recordOf } from './programs/segmentRecord';
import { nearMissSentence } from './lists/nearMiss';

/** The readable trace (`approvals-gate explain`, "Approvals Gate: Explain a command…") prints: what the gate read, and who decided what. */
export function formatTrace(reading: CommandReading, rung: Rung, decision: Decision): string {
  const lines: string[] = [];
  lines.push(`command   ${JSON.stringify(reading.original)}`);
  lines.push(`rung      ${rung} — ${RUNG_DESCRIPTIONS[rung]}`);
  lines.push(`shell     ${SHELL_DESCRIPTIONS[reading.shell]}`);
  if (reading.hidden.length > 0) {
    lines.push(`hidden    ${reading.hidden.map((h) => `${h.escape} at ${h.index}`).join(', ')}`);
  }
  const { resolution } = reading;
  if (resolution.resolved) {
    lines.push(`read as   ${resolution.segments.length} simple command${resolution.segments.length === 1 ? '' : 's'}`);
    resolution.segments.forEach((segment, index) => {
      lines.push(`  ${index + 1}. ${describeSegment(segment)}`);
      // What the segment does, from its record: why an entry did or did not cover it.
      // "none found" only when the row places every word (docs/decisions.md "Effects in words come from the record").
      const record = recordOf(segment);
      const effects = record.effectLines();
      const unplaced = effects.length === 0 ? record.unplaced : null;
      lines.push(`     effects: ${effects.length > 0 ? effects.join('; ') : unplaced === null ? 'none found (the program table places every word)' : `none named: ${unplaced}`}`);
      // A here-text read as data (docs/decisions.md "Data that only looks like code").
      if (segment.hereText !== undefined) {
        const body = segment.hereText.body;
        const shown = body.length > 200 ? `${JSON.stringify(body.slice(0, 200))}… (${body.length} characters)` : JSON.stringify(body);
        lines.push(`     stdin:   ${segment.hereText.op === '<<<' ? 'here-string' : 'here-document'} ${shown}, read as data`);
      }
    });
  } else {
    lines.push(`read as   unresolved (${resolution.mechanisms.join(', ')}): ${resolution.detail}`);
  }
  lines.push(`decision  ${decision.action.toUpperCase()} at stage ${decision.stage}${decision.escalatedFrom ? ` (sent to a person by ${decision.escalatedFrom})` : ''}`);
  if (decision.outcome) lines.push(`outcome   ${decision.outcome}`);
  if (decision.rule) lines.push(`rule      ${decision.rule.list}: ${decision.rule.entry} (${decision.rule.source})`);
  if (decision.hardline) lines.push(`hardline  ${decision.hardline.arm}`);
  for (const finding of decision.preflight ?? []) {
    lines.push(`preflight ${finding.arm}${finding.rewroteRating ? ' (raised the rating)' : ''}: ${finding.reason}`);
  }
  if (decision.rating) {
    const { rating } = decision;
    lines.push(`rating    ${rating.verdict.outcome} from ${rating.source}${rating.failClosed ? ` (failed closed: ${rating.failClosed})` : ''}${rating.flooredOutcome !== rating.verdict.outcome ? ` → ${rating.flooredOutcome} after the floors` : ''}`);
  }
  // Entries that almost covered it (docs/decisions.md, "Near misses"): why not, and what would be covered.
  for (const miss of decision.nearMiss ?? []) lines.push(`near miss ${nearMissSentence(miss)}`);
  lines.push(`reason    ${decision.reason}`);
  return lines.join('\n');
}

function describeSegment(segment: Segment): string {
  const parts: string[] = [];
  if (segment.negated) parts.push('!');
  if (segment.timed) parts.push('time');
  for (const a of segment.assignments) parts.push(`${a.name}${a.append ? '+=' : '='}${show(literalValue(a.value), a.value.raw)}`);
  parts.push(...segment.argv.map((w) => show(literalValue(w), w.raw)));
  for (const r of segment.redirects) parts.push(`${r.fd ?? ''}${r.op}${show(literalValue(r.target), r.target.raw)}`);
  return parts.join(' ') + (segment.connector ? `   ${JSON.stringify(segment.connector)}` : '');
}

/** Literal words as JSON strings (exact, escapes visible); opaque words as ‹raw›. */
function show(value: string | null, raw: string): string {
  return value === null ? `‹${raw}›` : JSON.stringify(value);
}
