import type { Decision } from '../gate/decision';
import type { ExecutionRecord } from '../gate/execution/executionRecord';
import { capOutput } from '../gate/execution/outputCap';
import { readToolArguments } from '../agent/toolArguments';
import { negotiationMoves } from '../gate/negotiation';
import { MODEL_OUTPUT_CAP } from '../agent/shellToolReport';
import { runShellCommandArgs, type RunShellCommandArgs } from '../agent/tools/runShellCommand';
import { failClosedResult, type Rater, type RatingResult } from '../gate/rater/raterContract';

/**
 * The words of the `approvalsGate_runInTerminal` language-model tool (no `vscode` here, so they
 * are unit-tested): reading its input, the preview `prepareInvocation` shows, and the result the
 * calling model reads. The caller is another agent (Copilot agent mode, another extension), which
 * usually has terminal tools of its own; the result says plainly that a refusal is not to be
 * worked around through them.
 */

export const RUN_IN_TERMINAL_TOOL = 'approvalsGate_runInTerminal';

/** The input, read as strictly as `@gate`'s own `run_shell_command` (same schema, same messages). */
export function readRunInTerminalInput(input: unknown): { ok: true; input: RunShellCommandArgs } | { ok: false; error: string } {
  const read = readToolArguments({ parsed: input }, runShellCommandArgs, '{"command": string, "justification"?: string}');
  return read.ok ? { ok: true, input: read.args } : read;
}

/** The rater source the preview's stand-in reports, so that its "rating" is never mistaken for one. */
export const PREVIEW_RATER_SOURCE = 'not-rated-in-preview';

/**
 * The rater `prepareInvocation` decides with: it never calls a model (a preview must be free of
 * side effects and cost, and VS Code may never follow it with `invoke`), so the preview stops where
 * a rating would begin and says so.
 */
export class PreviewRater implements Rater {
  async rate(): Promise<RatingResult> {
    return failClosedResult('no-model', PREVIEW_RATER_SOURCE, 'the preview does not ask the rater');
  }
}

/** What `prepareInvocation` shows while the call runs: the gate's decision so far, in one sentence. */
export function previewSummary(decision: Decision): string {
  if (decision.rating?.source === PREVIEW_RATER_SOURCE) {
    if (decision.stage === 'allow-tripwire') {
      return `Allowed by ${describeRule(decision)}; a rating model checks it once for an attack before it runs.`;
    }
    return 'A rating model rates it now; if it is not found safe, it waits for you on the Approvals Gate card.';
  }
  switch (decision.action) {
    case 'approve':
      return `Runs without asking: ${decision.reason}`;
    case 'reject':
      return `Refused, it will not run: ${decision.reason}`;
    case 'halt':
      return `Refused, and the run ends: ${decision.reason}`;
    case 'escalate':
      // decideOnly asks nobody; with a person at hand the call goes to the card.
      return 'Waits for your approval on the Approvals Gate card.';
  }
}

function describeRule(decision: Decision): string {
  return decision.rule ? `the ${decision.rule.list} entry ${decision.rule.entry}` : 'an allow entry';
}

/** What the calling model reads after the call, in our words: what happened and what it may do next. */
export function runInTerminalResult(decision: Decision, execution?: ExecutionRecord): string {
  const by = `(${decision.stage}${decision.outcome ? `, ${decision.outcome}` : ''})`;
  switch (decision.action) {
    case 'approve':
      return approvedResult(decision, execution, by);
    case 'halt':
      return (
        `Not run. Approvals Gate stopped this command and ends the run ${by}: ${decision.reason}\n` +
        'Stop the current task now and tell the user what you were trying to do. Do not run this command, or anything like it, by any other means.'
      );
    case 'escalate':
      return `Not run: the command needs a person's approval and nobody could be asked ${by}. ${decision.reason}\nTell the user what you wanted to run and why.`;
    case 'reject':
      return rejectedResult(decision, by);
  }
}

function approvedResult(decision: Decision, execution: ExecutionRecord | undefined, by: string): string {
  if (!execution || !execution.started) {
    return `Approved ${by}, but the command did not start. ${execution?.notes.join(' ') ?? ''}`.trim();
  }
  const lines = [`The command ran in the "Approvals Gate" terminal (approved ${by}: ${decision.reason}).`];
  if (execution.timedOut) lines.push('It was stopped because it ran too long; its exit status is unknown.');
  else lines.push(execution.exitCode === null ? 'No exit status came back.' : `Exit code: ${execution.exitCode}.`);
  if (execution.notes.length > 0) lines.push(`Notes: ${execution.notes.join(' ')}`);
  const capped = capOutput(execution.output, MODEL_OUTPUT_CAP);
  if (capped.output === '') lines.push('It printed nothing.');
  else lines.push(`Output${capped.truncatedBytes > 0 ? ` (the middle was cut, ${capped.truncatedBytes} bytes)` : ''}:`, capped.output);
  return lines.join('\n');
}

const NO_WORKAROUND = `Do not run it, or a variant of it, through another terminal or tool: ${RUN_IN_TERMINAL_TOOL} is how this workspace runs commands an agent proposes.`;

function rejectedResult(decision: Decision, by: string): string {
  switch (decision.stage) {
    case 'rater':
    case 'preflight-floor':
      // At `auto` the rating is handed back to the agent (D§9); the reason lists its moves.
      return (
        `Not run: ${decision.reason}\n` +
        (/justification/.test(decision.reason)
          ? ''
          : `${negotiationMoves(RUN_IN_TERMINAL_TOOL)}\n`) +
        NO_WORKAROUND
      );
    case 'human':
      if (/cancel/i.test(decision.reason)) return `Not run: ${decision.reason} ${by}`;
      return `Not run: the user rejected it on the approval card ${by}. ${decision.reason}\nDo not run it again; ask the user how to go on. ${NO_WORKAROUND}`;
    case 'deny-list':
    case 'hardline-floor':
      return `Not run: ${decision.reason} ${by}\nThis refusal holds at every rung and cannot be argued with. ${NO_WORKAROUND}`;
    default:
      return `Not run: ${decision.reason} ${by}\n${NO_WORKAROUND}`;
  }
}
