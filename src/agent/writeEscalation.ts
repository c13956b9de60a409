import type { Decision, PreflightRecord, Stage } from '../gate/decision';
import type { Escalation, HumanAnswer } from '../gate/person';
import { readCommand, type CommandReading } from '../gate/reading/reading';
import { summariseResolution } from '../gate/reading/resolution';

/**
 * How a `write_file` call is put in front of a person, and the decision records it leaves.
 *
 * The card is built for commands, so a write is shown as the shell command that does exactly
 * the same thing — `printf '%s' '<content>' > '<path>'` — with the content single-quoted whole:
 * the person reads every byte that will be written, numbered and with invisible characters made
 * visible, and the card marks no false composition sites inside the quotes. No grant is offered
 * (a write is approved once or not at all).
 */

/** The content in single quotes, as bash reads it back byte for byte. */
export function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The shell command that writes `content` to `relativePath` (from the workspace folder). */
export function writeAsCommand(relativePath: string, content: string): string {
  return `printf '%s' ${singleQuoted(content)} > ${singleQuoted(relativePath)}`;
}

/** Why this write goes to a person: the rung (manual) or the protected-write floor (every rung). */
export type WriteGate = { stage: 'unrated-rung'; reason: string } | { stage: 'preflight-floor'; reason: string; protectedWhy: string };

export interface WriteRequest {
  relativePath: string;
  content: string;
  /** Bytes of the file it replaces, or `null` for a new file. */
  replacesBytes: number | null;
  home: string;
}

/** The reading the card and the records use for a write. */
export function writeReading(request: WriteRequest): CommandReading {
  return readCommand(writeAsCommand(request.relativePath, request.content), { home: request.home, shell: 'bash' });
}

export function writeEscalation(reading: CommandReading, request: WriteRequest, gate: WriteGate): Escalation {
  const size = Buffer.byteLength(request.content, 'utf8');
  const what =
    request.replacesBytes === null
      ? `The agent wants to create ${request.relativePath} (${size} bytes).`
      : `The agent wants to replace ${request.relativePath} (${request.replacesBytes} bytes now, ${size} bytes after).`;
  return {
    reading,
    stage: gate.stage,
    reason: `${what} ${gate.reason}`,
    ...(gate.stage === 'preflight-floor' ? { preflight: [protectedRecord(gate.protectedWhy)] } : {}),
  };
}

function protectedRecord(why: string): PreflightRecord {
  return { arm: 'protected-write', reason: `The file is ${why}: writing it could change what the gate approves or run code later.`, rewroteRating: false };
}

/** A write that needs nobody's approval. */
export function freeWriteDecision(reading: CommandReading, reason: string): Decision {
  return { action: 'approve', stage: 'not-gated', reason, resolution: summariseResolution(reading.resolution) };
}

/** With nobody to ask, a gated write does not happen. */
export function nobodyToAskDecision(reading: CommandReading, escalation: Escalation): Decision {
  return {
    action: 'escalate',
    stage: 'non-interactive',
    escalatedFrom: escalation.stage as Stage,
    reason: `${escalation.reason} Nobody can be asked here, so nothing was written.`,
    ...(escalation.preflight ? { preflight: escalation.preflight } : {}),
    resolution: summariseResolution(reading.resolution),
  };
}

/** The person's answer as a decision: only "run once" writes. */
export function answeredWriteDecision(reading: CommandReading, escalation: Escalation, answer: HumanAnswer): Decision {
  const base = {
    stage: 'human' as const,
    ...(escalation.preflight ? { preflight: escalation.preflight } : {}),
    resolution: summariseResolution(reading.resolution),
  };
  switch (answer.kind) {
    case 'run-once':
      return { ...base, action: 'approve', reason: 'You allowed this write once.' };
    case 'allow-session':
    case 'allow-always':
    case 'run-anyway':
      // The card offers no grant for a write; an answer it did not offer is not an approval.
      return { ...base, action: 'reject', reason: 'That answer is not offered for a file write; nothing was written.' };
    case 'reject':
    case 'reject-session':
      return { ...base, action: 'reject', reason: `You rejected this write${answer.reason ? `: ${answer.reason}` : '.'}` };
    case 'cancelled':
      return { ...base, action: 'reject', reason: 'The call was cancelled before anyone answered.' };
  }
}
