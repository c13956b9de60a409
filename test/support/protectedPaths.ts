import { preflightFindings } from '../../src/gate/preflight/preflight';
import { readCommand } from '../../src/gate/reading/reading';

/** The home folder and working folder the protected-write tests read their commands in. */
export const PREFLIGHT_HOME = '/home/dev';
export const PREFLIGHT_CWD = '/home/dev/project';

/**
 * The paths of the protected-write finding (D§7) of `command` read in bash from `cwd`: `[]` for a
 * finding on unreadable paths only, `null` without one.
 */
export function protectedPaths(command: string, cwd = PREFLIGHT_CWD): string[] | null {
  const findings = preflightFindings(readCommand(command, { home: PREFLIGHT_HOME, shell: 'bash' }), { cwd });
  const finding = findings.find((f) => f.arm === 'protected-write');
  return finding ? (finding.paths ?? []) : null;
}
