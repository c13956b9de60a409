import type { Decision } from '../gate/decision';
import { capOutput } from '../gate/execution/outputCap';
import type { ExecutionRecord } from '../gate/execution/executionRecord';
import type { GatedOutcome, ToolOutcome } from './agentTool';
import { negotiationMoves } from '../gate/negotiation';

/**
 * What the agent reads after a gated shell call, in our words (D§9, D§13): what became of the
 * command, who decided, and what the agent may do next. The wording follows the decision record;
 * nothing here decides anything.
 */

/** Output handed to the model: less than the runner keeps, so one command cannot flood the context. */
export const MODEL_OUTPUT_CAP = Object.freeze({ headBytes: 8 * 1024, tailBytes: 24 * 1024 });

/** The tool result for one gated outcome. */
export function reportGatedOutcome(outcome: GatedOutcome): ToolOutcome {
  const { decision, execution } = outcome;
  const base = { decision, ...(execution ? { execution } : {}) };
  switch (decision.action) {
    case 'approve':
      return { ...base, ...reportApproved(decision, execution) };
    case 'halt':
      return {
        ...base,
        ok: false,
        halt: true,
        text: `Not run. Approvals Gate ended this run: ${decision.reason}\nStop here; the user has been told.`,
      };
    case 'escalate':
      return {
        ...base,
        ok: false,
        text:
          `Not run: this command needs a person's approval, and there is nobody to ask here. ${decision.reason}\n` +
          'Do not run it again. Tell the user what you wanted to run and why.',
      };
    case 'reject':
      return { ...base, ok: false, text: reportRejected(decision) };
  }
}

function reportApproved(decision: Decision, execution: ExecutionRecord | undefined): { ok: boolean; text: string } {
  const approvedBy = `approved (${decision.stage}): ${decision.reason}`;
  if (!execution) return { ok: false, text: `The gate ${approvedBy} — but nothing ran and no result came back. Treat it as not run.` };
  if (!execution.started) {
    return { ok: false, text: `The gate ${approvedBy} — but the command did not start. ${execution.notes.join(' ')}`.trim() };
  }
  const lines = [`The command ran (${approvedBy}).`];
  if (execution.timedOut) lines.push('It was stopped because it ran too long; its exit status is unknown.');
  else if (execution.exitCode === null) lines.push(`No exit status came back${execution.signal ? ` (ended by ${execution.signal})` : ''}.`);
  else lines.push(`Exit code: ${execution.exitCode}.`);
  if (execution.notes.length > 0) lines.push(`Notes: ${execution.notes.join(' ')}`);
  const capped = capOutput(execution.output, MODEL_OUTPUT_CAP);
  if (capped.output.length === 0) lines.push('It printed nothing.');
  else lines.push(`Output${capped.truncatedBytes > 0 ? ` (the middle was cut, ${capped.truncatedBytes} bytes)` : ''}:`, capped.output);
  return { ok: true, text: lines.join('\n') };
}

/** Moves the agent has after a rejection at `auto`, when the reason does not already list them. */
const MOVES = negotiationMoves('run_shell_command');

function reportRejected(decision: Decision): string {
  switch (decision.stage) {
    case 'rater':
    case 'preflight-floor': {
      // Only rung `auto` hands a rating back to the agent; the negotiation wrote the reason for it.
      const moves = /justification/.test(decision.reason) ? '' : `\n${MOVES}`;
      return `${decision.reason.startsWith('Command not run') ? '' : 'Command not run. '}${decision.reason}${moves}`;
    }
    case 'human':
      if (/cancelled/i.test(decision.reason)) return `Not run: ${decision.reason}`;
      return (
        `Not run: the user decided on the approval card. ${decision.reason}\n` +
        'Do not run this command again, nor another that does the same thing. Ask the user how to go on, or do something else.'
      );
    case 'deny-list':
      return `Not run: ${decision.reason} The deny list holds at every rung; do not retry this command or a variant of it.`;
    case 'hardline-floor':
      return (
        `Not run: the gate's hardline floor refuses this at every rung, whoever approves: ${decision.reason}\n` +
        'Do not retry it or a variant of it; if the user really needs it, they must run it themselves.'
      );
    default:
      return `Not run: ${decision.reason}\nDo not retry the same command.`;
  }
}
