import type { CaptureExport } from './captureLog';
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
