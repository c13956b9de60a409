import { z } from 'zod';

/**
 * What the test-only fake language model answers, read from a JSON file the test writes:
 *
 *     { "replies": [ { "text": "…" }, { "toolCalls": [ { "name": "run_shell_command", "input": { "command": "ls" } } ] } ],
 *       "fallback": { "text": "…" } }
 *
 * Requests take `replies` in order; once they are used up every request gets `fallback` (or, without
 * one, the echo). Writing the file again (a new modification time) starts from the first reply, so a
 * test sets up a conversation by writing one file and needs no other channel into the extension host.
 */

const toolCallSchema = z.strictObject({
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
  callId: z.string().min(1).optional(),
});

const replySchema = z
  .strictObject({
    text: z.string().optional(),
    toolCalls: z.array(toolCallSchema).optional(),
  })
  .refine((reply) => reply.text !== undefined || (reply.toolCalls?.length ?? 0) > 0, 'a reply needs text or at least one tool call');

const scriptSchema = z.strictObject({
  replies: z.array(replySchema),
  fallback: replySchema.optional(),
});

export type FakeToolCall = z.infer<typeof toolCallSchema>;
export type FakeReply = z.infer<typeof replySchema>;
export type FakeModelScript = z.infer<typeof scriptSchema>;

/** Parses a script file's text; throws an Error naming the first problem (a test's typo must not pass as an echo). */
export function parseFakeModelScript(text: string): FakeModelScript {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`fake model script is not JSON: ${(error as Error).message}`);
  }
  const parsed = scriptSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`fake model script is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'unknown'}`);
  }
  return parsed.data;
}

/** The reply when no script is configured: proves the request reached the model and what it said. */
export function echoReply(lastMessageText: string): FakeReply {
  return { text: `FAKE-LM reply to: ${lastMessageText}` };
}

/**
 * Hands out a script's replies in order. `version` identifies one writing of the script (path and
 * modification time); a new version starts again from the first reply.
 */
export class ScriptedReplies {
  private version: string | undefined;
  private used = 0;

  next(version: string, script: FakeModelScript, lastMessageText: string): FakeReply {
    if (version !== this.version) {
      this.version = version;
      this.used = 0;
    }
    const reply = script.replies[this.used];
    if (reply) {
      this.used += 1;
      return reply;
    }
    return script.fallback ?? echoReply(lastMessageText);
  }
}
