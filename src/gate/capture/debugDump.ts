import type { CaptureExport } from './captureLog';
import type { EffectiveSettings } from '../settings/effectiveSettings';
import type { Rung } from '../rung';
import { isSecretEnvName, REDACTED, redact, type SecretSet } from './redaction';

/** Version of the debug dump document; bump it whenever its shape changes. */
export const DEBUG_DUMP_SCHEMA_VERSION = 1;

export interface DebugDumpParts {
  extension: { id: string; version: string };
  vscodeVersion: string;
  /** Settings in force (effective values), by full setting name. */
  settings: Record<string, unknown>;
  /** Workspace settings ignored because the workspace is not trusted. */
  ignoredBecauseUntrusted: string[];
  rung: string;
  grants: { session: string[]; always: string[]; denySession: string[] };
  capture: CaptureExport;
  exportedAt: Date;
}

/**
 * The settings part of a dump: the settings in force by full name, with the rung in force (the
 * extension's rung switcher or the hook's settings). One list for the extension and the CLI.
 */
export function dumpedSettings(settings: EffectiveSettings, rung: Rung): Record<string, unknown> {
  return {
    'approvalsGate.rung': rung,
    'approvalsGate.allow': settings.allow.map((e) => e.text),
    'approvalsGate.deny': settings.deny.map((e) => e.text),
    'approvalsGate.escalate': settings.escalate.map((e) => e.text),
    'approvalsGate.defaultAllow': settings.defaultAllow,
    'approvalsGate.rater.baseUrl': settings.rater.baseUrl,
    'approvalsGate.rater.model': settings.rater.model,
    'approvalsGate.rater.timeoutMs': settings.rater.timeoutMs,
    'approvalsGate.agent.baseUrl': settings.agent.baseUrl,
    'approvalsGate.agent.model': settings.agent.model,
    'approvalsGate.terminal.timeoutMs': settings.terminal.timeoutMs,
    'approvalsGate.terminal.passEnvironment': settings.terminal.passEnvironment,
  };
}

/**
 * The "Approvals Gate: Export approvals debug dump" document (D§12). Everything — settings,
 * grants, captured prompts and raw model answers — passes through ONE redaction pass, after
 * settings whose names look like secrets are masked outright.
 */
export function buildDebugDump(parts: DebugDumpParts, secrets: SecretSet): unknown {
  const settings = Object.fromEntries(
    Object.entries(parts.settings).map(([name, value]) => [name, isSecretEnvName(name.split('.').pop() ?? name) ? REDACTED : value]),
  );
  const document = {
    schemaVersion: DEBUG_DUMP_SCHEMA_VERSION,
    exportedAt: parts.exportedAt.toISOString(),
    extension: parts.extension,
    vscodeVersion: parts.vscodeVersion,
    rung: parts.rung,
    settings,
    ignoredBecauseUntrusted: parts.ignoredBecauseUntrusted,
    grants: parts.grants,
    capture: parts.capture,
  };
  return redact(document, secrets);
}
