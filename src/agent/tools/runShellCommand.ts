import { z } from 'zod';
import type { Rung } from '../../gate/rung';
import type { AgentTool, ToolContext, ToolOutcome } from '../agentTool';
import { ATTACK_NOTE, SHELL_COMMANDS_AT_RUNG } from '../rungWords';
import { reportGatedOutcome } from '../shellToolReport';

/**
 * `run_shell_command {command, justification?}` — the gated tool. The command goes to the
 * injected `runGated` (in VS Code: `GatedExecution.run`), which decides, asks a person when the
 * gate says so, and runs only what was approved. The tool only checks the shape of the call and
 * tells the model what happened.
 */

export const RUN_SHELL_COMMAND = 'run_shell_command';

/** The gate reads at most this much of a command (the resolver's own bound); a longer one is refused here. */
export const MAX_COMMAND_BYTES = 64 * 1024;
/** A justification longer than this is refused (the rater sees at most 2000 characters of it anyway). */
export const MAX_JUSTIFICATION_CHARS = 8000;

const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

export const runShellCommandArgs = z.strictObject({
  command: z
    .string()
    .describe('The exact command line; bash runs it as given in the workspace folder.')
    .refine((c) => c.trim().length > 0, 'the command is empty')
    .refine((c) => !c.includes('\0'), 'the command contains a NUL character, which bash cannot be given')
    .refine((c) => utf8Bytes(c) <= MAX_COMMAND_BYTES, `the command is longer than ${MAX_COMMAND_BYTES} bytes; the gate refuses commands it cannot read whole`),
  justification: z
    .string()
    .describe('Why the command is needed. Leave it out at first; use it to answer a refusal at rung `auto`.')
    .max(MAX_JUSTIFICATION_CHARS, `the justification is longer than ${MAX_JUSTIFICATION_CHARS} characters`)
    .optional(),
});
export type RunShellCommandArgs = z.infer<typeof runShellCommandArgs>;

export const runShellCommandTool: AgentTool<RunShellCommandArgs> = {
  name: RUN_SHELL_COMMAND,
  schema: runShellCommandArgs,
  signature: '{"command": string, "justification"?: string}',
  description: (rung: Rung) =>
    'Run one shell command with bash in the workspace folder; returns the exit code and the output (long output is cut in the middle). ' +
    `Approvals Gate decides first. At the current rung (${rung}), ${SHELL_COMMANDS_AT_RUNG[rung]} ${ATTACK_NOTE} ` +
    'A refused command did not run: the result says who refused it and what you may do next.',
  async run(args: RunShellCommandArgs, context: ToolContext): Promise<ToolOutcome> {
    let outcome;
    try {
      outcome = await context.runGated(
        {
          command: args.command,
          cwd: context.workspaceRoot,
          tool: RUN_SHELL_COMMAND,
          ...(args.justification !== undefined ? { justification: args.justification } : {}),
          ...(context.negotiation ? { negotiation: context.negotiation } : {}),
          userMessages: context.userMessages,
        },
        context.signal,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, text: `The gate failed while handling this command (${message.split('\n', 1)[0]}). Treat it as not run, and do not retry it blindly.` };
    }
    return reportGatedOutcome(outcome);
  },
};
