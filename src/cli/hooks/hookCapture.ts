import { appendFileSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { CAPTURE_CAPACITY, CAPTURE_SCHEMA_VERSION, CaptureRecordSchema, type CaptureExport, type CaptureRecord } from '../../gate/capture/captureLog';
import { collectSecretLiterals, redact } from '../../gate/capture/redaction';
import type { CliOptions } from '../options';
import { raterApiKey } from '../gateServices';
import type { AgentName, HookAnswer } from './agents';

/**
 * The hook's capture log (D§12, D§16): one JSON line per hook decision in the user's state
 * folder, written through the one redaction pass, readable by `approvals-gate export`. Each
 * hook run is its own process, so the log is a file instead of the extension's ring buffer;
 * it is kept small by rotation (one older file, `.1`).
 */

/** Past this size the log is rotated before the next line is written. */
export const HOOK_CAPTURE_MAX_BYTES = 2 * 1024 * 1024;

export interface HookCaptureLine {
  agent: AgentName;
  /** What the agent was told. */
  answer: HookAnswer['kind'];
  record: CaptureRecord | undefined;
}

/** Appends one redacted line; returns a warning when it could not (the answer stands either way). */
export function appendHookCapture(file: string, line: HookCaptureLine, env: NodeJS.ProcessEnv, options: CliOptions): string | null {
  try {
    const key = raterApiKey(options, env);
    const secrets = { literals: collectSecretLiterals(env, key ? [key] : []) };
    const text = JSON.stringify(redact({ schemaVersion: CAPTURE_SCHEMA_VERSION, ...line }, secrets)) + '\n';
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    let size = 0;
    try {
      size = statSync(file).size;
    } catch {
      // No log yet.
    }
    if (size > HOOK_CAPTURE_MAX_BYTES) renameSync(file, `${file}.1`);
    appendFileSync(file, text, { mode: 0o600 });
    return null;
  } catch (error) {
    return `could not write the capture log ${file}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The last {@link CAPTURE_CAPACITY} records of the log, oldest first. A line that is not a
 * capture line (a torn write, a hand edit) is skipped and counted; a missing log is empty.
 */
export function readHookCapture(file: string): { capture: CaptureExport; agents: AgentName[]; skipped: number } {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { capture: { schemaVersion: CAPTURE_SCHEMA_VERSION, records: [] }, agents: [], skipped: 0 };
  }
  const records: CaptureRecord[] = [];
  const agents: AgentName[] = [];
  let skipped = 0;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    try {
      const line = JSON.parse(raw) as { agent?: unknown; record?: unknown };
      const record = CaptureRecordSchema.safeParse(line.record);
      if (!record.success) throw new Error('not a capture record');
      records.push(record.data);
      agents.push(line.agent as AgentName);
    } catch {
      skipped++;
    }
  }
  return {
    capture: { schemaVersion: CAPTURE_SCHEMA_VERSION, records: records.slice(-CAPTURE_CAPACITY) },
    agents: agents.slice(-CAPTURE_CAPACITY),
    skipped,
  };
}
