import { constants } from 'node:fs';
import { lstat, mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Decision } from '../../gate/decision';
import type { HumanAnswer } from '../../gate/person';
import { protectedPathReason } from '../../gate/preflight/protectedWrite';
import type { Rung } from '../../gate/rung';
import type { AgentTool, ToolContext, ToolOutcome } from '../agentTool';
import { FILE_WRITES_AT_RUNG, PROTECTED_PATHS_NOTE } from '../rungWords';
import { answeredWriteDecision, freeWriteDecision, nobodyToAskDecision, writeEscalation, writeReading, type WriteGate, type WriteRequest } from '../writeEscalation';
import { confinePath, errorText, type ConfinedPath } from '../workspacePaths';
import { pathArgument } from './readFile';

/**
 * `write_file {path, content}` — free at `write` and above, gated at `manual` (D§2, D§13): there
 * the injected person is asked, with a card that shows the whole content, and nothing is written
 * unless they approve. At every rung a write to a protected path (the gate's own configuration
 * and the files that make later commands run code, `protectedWrite.ts`) goes to a person and
 * is refused when there is nobody to ask: an agent must never approve itself by editing
 * `.vscode/settings.json`, nor plant a git hook.
 */

export const WRITE_FILE = 'write_file';
/** The largest content accepted in one write. */
export const MAX_WRITE_BYTES = 256 * 1024;

export const writeFileArgs = z.strictObject({
  path: pathArgument,
  content: z
    .string()
    .describe('The whole new content of the file (UTF-8 text).')
    .refine((c) => Buffer.byteLength(c, 'utf8') <= MAX_WRITE_BYTES, `the content is larger than ${MAX_WRITE_BYTES} bytes`),
});
export type WriteFileArgs = z.infer<typeof writeFileArgs>;

export const writeFileTool: AgentTool<WriteFileArgs> = {
  name: WRITE_FILE,
  schema: writeFileArgs,
  signature: '{"path": string, "content": string}',
  description: (rung: Rung) =>
    'Create or replace a text file in the workspace folder with the given content (missing folders are created). ' +
    `At the current rung (${rung}), ${FILE_WRITES_AT_RUNG[rung]} ${PROTECTED_PATHS_NOTE} ` +
    'Paths outside the workspace, and symbolic links that lead out of it, are refused.',
  async run(args: WriteFileArgs, context: ToolContext): Promise<ToolOutcome> {
    const target = await confinePath(context.workspaceRoot, args.path, false);
    if (!target.ok) return { ok: false, text: target.error };
    const existing = await existingFile(target);
    if (!existing.ok) return { ok: false, text: existing.error };
    const request: WriteRequest = { relativePath: target.relative, content: args.content, replacesBytes: existing.bytes, home: context.home };
    const gate = writeGate(target, context);
    const reading = writeReading(request);
    if (!gate) {
      const decision = freeWriteDecision(reading, `File writes run without asking at rung ${context.rung}.`);
      return finishWrite(target, args.content, existing.bytes, decision);
    }
    const escalation = writeEscalation(reading, request, gate);
    const record = context.capture?.begin({ tool: WRITE_FILE, command: reading.original, rung: context.rung, cwd: target.root });
    let decision: Decision;
    if (!context.person) {
      decision = nobodyToAskDecision(reading, escalation);
      if (record) record.humanAnswer = 'no-person';
    } else {
      let answer: HumanAnswer;
      try {
        answer = context.signal.aborted ? { kind: 'cancelled' } : await context.person.ask(escalation, context.signal);
      } catch {
        answer = { kind: 'cancelled' };
      }
      if (context.signal.aborted) answer = { kind: 'cancelled' };
      if (record) record.humanAnswer = answer.kind;
      decision = answeredWriteDecision(reading, escalation, answer);
    }
    if (record) context.capture!.finish(record, decision);
    if (decision.action !== 'approve') return { ok: false, decision, text: refusedText(target.relative, decision) };
    // The card may have been open a while: the path must still lead where the person was shown.
    const again = await confinePath(context.workspaceRoot, args.path, false);
    if (!again.ok || again.real !== target.real) {
      return { ok: false, decision, text: `Not written: ${target.relative} changed while the approval card was open (${again.ok ? `it now leads to ${again.real}` : again.error}).` };
    }
    return finishWrite(target, args.content, existing.bytes, decision);
  },
};

/** Why this write needs a person, or `null` when it is free. */
function writeGate(target: Extract<ConfinedPath, { ok: true }>, context: ToolContext): WriteGate | null {
  const where = { cwd: target.root, home: context.home };
  // Both spellings: a link inside the workspace may make an innocent name reach `.vscode/`, and
  // the name itself may be protected whatever it points at.
  const protectedWhy = protectedPathReason(target.real, where) ?? protectedPathReason(target.lexical, where);
  if (protectedWhy) {
    return { stage: 'preflight-floor', reason: `It is ${protectedWhy}: writes there always go to you, at every rung.`, protectedWhy };
  }
  if (context.rung === 'manual') return { stage: 'unrated-rung', reason: 'The rung is manual: file writes wait for you.' };
  return null;
}

/** The size of the file being replaced, `null` for a new one; refuses anything but a regular file. */
async function existingFile(target: Extract<ConfinedPath, { ok: true }>): Promise<{ ok: true; bytes: number | null } | { ok: false; error: string }> {
  if (!target.exists) return { ok: true, bytes: null };
  try {
    const stat = await lstat(target.real);
    if (stat.isDirectory()) return { ok: false, error: `${target.relative} is a folder; write_file writes files.` };
    if (!stat.isFile()) return { ok: false, error: `${target.relative} is not a regular file; write_file only replaces regular files.` };
    return { ok: true, bytes: stat.size };
  } catch (error) {
    return { ok: false, error: `Cannot write ${target.relative}: ${errorText(error)}.` };
  }
}

async function finishWrite(target: Extract<ConfinedPath, { ok: true }>, content: string, replaced: number | null, decision: Decision): Promise<ToolOutcome> {
  try {
    await mkdir(dirname(target.real), { recursive: true });
    // O_NOFOLLOW: a link put in place after the check is not followed. O_NONBLOCK: a FIFO fails instead of hanging.
    const handle = await open(target.real, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o666);
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return { ok: false, decision, text: `Not written: ${target.relative} is not a regular file.` };
      await handle.writeFile(content, 'utf8');
    } finally {
      await handle.close().catch(() => undefined);
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'ELOOP' ? 'it became a symbolic link' : errorText(error);
    return { ok: false, decision, text: `Not written: ${target.relative}: ${why}.` };
  }
  const size = Buffer.byteLength(content, 'utf8');
  const what = replaced === null ? `Created ${target.relative}` : `Replaced ${target.relative} (was ${replaced} bytes)`;
  const approved = decision.stage === 'human' ? ' after the user approved it' : '';
  return { ok: true, decision, text: `${what}: wrote ${size} bytes${approved}.` };
}

function refusedText(relativePath: string, decision: Decision): string {
  if (decision.action === 'escalate') return `Not written: ${decision.reason} Tell the user what you wanted to write and why.`;
  if (/cancelled/.test(decision.reason)) return `Not written: ${decision.reason}`;
  return `Not written: ${relativePath} — ${decision.reason} Do not write it again without asking the user.`;
}
