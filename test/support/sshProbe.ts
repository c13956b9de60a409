/**
 * Probes of ssh's options against the real OpenSSH client (test/unit/programs/sshDifferential.test.ts):
 * which `-o` settings, configuration files and options make ssh, scp or sftp start a program
 * here. The probes and what the real programs did are kept in
 * test/fixtures/programs/ssh-options.json.
 *
 * Every probe runs `PROGRAM -o BatchMode=yes -o ConnectTimeout=1 ARGV…` in the program oracle,
 * whose network namespace has no network: only what runs before a connection can be seen
 * (ProxyCommand is the connection itself, so it runs). Files the probe names are written to the
 * working folder first. A program started at all is a record.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createProgramOracle, type ProgramOracle, type ProgramRun, type RunFolders } from './programOracle';

export interface SshProbe {
  /** `ssh` unless said. */
  program?: 'ssh' | 'scp' | 'sftp';
  argv: string[];
  /** Files written to the working folder first (configuration for `-F`). */
  files?: Record<string, string>;
  /** What the real program did: it started a program. */
  executes: boolean;
  /** The program it started is ssh itself (`-J`): no other program. */
  ownProgram?: boolean;
  /** For an option that runs a program where the sandbox cannot show it: why. */
  unobserved?: string;
  note?: string;
}

export const SSH_BASE_OPTIONS: readonly string[] = ['-o', 'BatchMode=yes', '-o', 'ConnectTimeout=1'];

/** ssh, scp and sftp, and `/usr/bin/ssh` where scp and sftp look for it. */
export function createSshOracle(): ProgramOracle {
  return createProgramOracle({ programs: ['ssh', 'scp', 'sftp'], extraPaths: ['/usr/bin/ssh'] });
}

export function sshProbeArgv(probe: Pick<SshProbe, 'program' | 'argv'>): string[] {
  return [probe.program ?? 'ssh', ...SSH_BASE_OPTIONS, ...probe.argv];
}

export function runSshProbe(oracle: ProgramOracle, probe: Pick<SshProbe, 'program' | 'argv' | 'files'>): Promise<ProgramRun> {
  return oracle.run(sshProbeArgv(probe), {
    setup: (folders: RunFolders) => {
      for (const [name, content] of Object.entries(probe.files ?? {})) fs.writeFileSync(path.join(folders.host, name), content);
    },
  });
}
