/**
 * Probes of git's configuration keys against the real git: which `-c KEY=VALUE` settings make git
 * start a program. Used by test/unit/programs/gitDifferential.test.ts; the candidates and what git did
 * with each are kept in test/fixtures/programs/git-config-keys.json.
 *
 * A probe runs `git -c WITH… -c KEY=VALUE ARGV…` in a small repository built for it (see
 * {@link setUpRepository}) inside the program oracle. In VALUE and KEY, `{P}` stands for
 * `./gateprobe` (a symlink to a recorder) and `{S}` for an absolute folder (the same path on the
 * host and in the sandbox, see {@link createGitProbeOracle}) holding `gateprobe` and `gateprobe.cfg`.
 * The key "executed" when a recorded argv names the probe (`gateprobe` in any word, which
 * catches `/bin/sh -c './gateprobe x'` and a direct `./gateprobe`) or is a hook (a program whose
 * path ends in `hooks/NAME`: the repository has no hooks of its own, so only a key can add one).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as os from 'node:os';
import { createProgramOracle, type ProgramOracle, type ProgramRun, type RunFolders } from './programOracle';

export interface GitProbe {
  key: string;
  value: string;
  /** Other `-c` settings the probe needs (`protocol.ext.allow=always`), same placeholders. */
  with?: string[];
  /** The subcommand and its arguments. */
  argv: string[];
  tty?: boolean;
  stdin?: string;
  /** Leave a.txt changed in the work tree (for the clean filter, `add -p`). */
  dirty?: boolean;
  /** Environment for the run besides the oracle's (`GIT_CONFIG_COUNT`…); not kept in the fixture. */
  env?: Record<string, string>;
  /** What the real git did: it started a program named by the setting. */
  executes: boolean;
  /** For a key the gate names though no probe saw it run: why the sandbox cannot show it. */
  unobserved?: string;
  note?: string;
}

export const PROBE_TAG = 'gateprobe';
const PROBE_PROGRAM = `./${PROBE_TAG}`;

/** Host paths git needs inside the sandbox: its exec path (helpers, remote-ext) and templates. */
export const GIT_EXTRA_PATHS: readonly string[] = ['/usr/lib/git-core', '/usr/share/git-core'];

export interface GitProbeOracle {
  oracle: ProgramOracle;
  /** The `{S}` folder. */
  staticFolder: string;
  dispose(): void;
}

/**
 * A program oracle with git, its exec path and templates, and the `{S}` folder: created on the
 * host and copied into the sandbox at the same path, so an absolute path into it means the same
 * file on both sides (git refuses relative `include.path` from the command line).
 */
export function createGitProbeOracle(timeoutMs = 5000): GitProbeOracle {
  const staticFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-git-probe-'));
  fs.chmodSync(staticFolder, 0o755);
  fs.symlinkSync('/.oracle/bin/marker', path.join(staticFolder, PROBE_TAG));
  fs.writeFileSync(path.join(staticFolder, `${PROBE_TAG}.cfg`), `[core]\n\tpager = ${PROBE_PROGRAM} include\n`);
  try {
    const oracle = createProgramOracle({ programs: ['git'], extraPaths: [...GIT_EXTRA_PATHS, staticFolder], timeoutMs });
    return {
      oracle,
      staticFolder,
      dispose: () => {
        oracle.dispose();
        fs.rmSync(staticFolder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(staticFolder, { recursive: true, force: true });
    throw error;
  }
}

export function fill(text: string, staticFolder: string): string {
  return text.replaceAll('{P}', PROBE_PROGRAM).replaceAll('{S}', staticFolder);
}

/** The git argv of a probe (without the probed key: the control run). */
export function probeArgv(probe: Pick<GitProbe, 'key' | 'value' | 'with' | 'argv'>, staticFolder: string, withKey = true): string[] {
  const settings = [...(probe.with ?? []), ...(withKey ? [`${probe.key}=${probe.value}`] : [])];
  return ['git', ...settings.flatMap((setting) => ['-c', fill(setting, staticFolder)]), ...probe.argv.map((word) => fill(word, staticFolder))];
}

function hostGit(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'user.name=probe', '-c', 'user.email=probe@example.invalid', ...args], {
    cwd,
    stdio: 'ignore',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' },
  });
}

/**
 * The repository every probe starts from: on `main` two commits that change a.txt, a branch
 * `other` that changes the same line (so `merge other` conflicts), `.gitattributes` sending a.txt
 * through the `probe` filter, diff and merge drivers, and untracked helpers — the probe
 * program, and a hooks folder and a template folder whose hooks are recorders.
 */
function buildRepository(host: string): void {
  hostGit(host, 'init', '-q');
  hostGit(host, 'config', 'user.name', 'probe');
  hostGit(host, 'config', 'user.email', 'probe@example.invalid');
  fs.writeFileSync(path.join(host, '.gitattributes'), 'a.txt filter=probe diff=probe merge=probe\n');
  fs.writeFileSync(path.join(host, 'a.txt'), 'a\nb\nc\n');
  hostGit(host, 'add', 'a.txt', '.gitattributes');
  hostGit(host, 'commit', '-qm', 'one');
  hostGit(host, 'branch', 'other');
  fs.writeFileSync(path.join(host, 'a.txt'), 'a\nMAIN\nc\n');
  hostGit(host, 'commit', '-qam', 'two');
  hostGit(host, 'checkout', '-q', 'other');
  fs.writeFileSync(path.join(host, 'a.txt'), 'a\nOTHER\nc\n');
  hostGit(host, 'commit', '-qam', 'three');
  hostGit(host, 'checkout', '-q', 'main');
  // git writes diff and merge temporaries under TMPDIR (see runProbe); the sandbox's /tmp is root's.
  fs.mkdirSync(path.join(host, '.git', 'tmp-probe'));
  const recorder = '/.oracle/bin/marker';
  fs.symlinkSync(recorder, path.join(host, PROBE_TAG));
  for (const dir of [`${PROBE_TAG}-hooks`, `${PROBE_TAG}-template/hooks`]) {
    fs.mkdirSync(path.join(host, dir), { recursive: true });
    for (const hook of ['pre-commit', 'post-checkout', 'post-commit', 'pre-push', 'reference-transaction', 'post-merge']) {
      fs.symlinkSync(recorder, path.join(host, dir, hook));
    }
  }
}

let template: string | null = null;

/** Copies the repository (built once per process, {@link buildRepository}) into the run's folder. */
export function setUpRepository(folders: RunFolders, dirty: boolean): void {
  if (template === null) {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-git-repo-'));
    buildRepository(built);
    process.once('exit', () => fs.rmSync(built, { recursive: true, force: true }));
    template = built;
  }
  execFileSync('cp', ['-a', '--', `${template}/.`, folders.host], { stdio: 'ignore' });
  if (dirty) fs.writeFileSync(path.join(folders.host, 'a.txt'), 'a\nWORK\nc\n');
}

/** Whether a run started a program the probe's setting named (see the module comment). */
export function probeExecuted(run: ProgramRun): boolean {
  return run.executed.some((argv) => argv.some((word) => word.includes(PROBE_TAG)) || /(^|\/)hooks\/[a-z-]+$/.test(argv[0] ?? ''));
}

/** Whether git handed the setting to a shell: `/bin/sh -c TEXT` with the probe in TEXT. */
export function probeRanShell(run: ProgramRun): boolean {
  return run.executed.some((argv) => /(^|\/)sh$/.test(argv[0] ?? '') && argv[1] === '-c' && (argv[2] ?? '').includes(PROBE_TAG));
}

export interface ProbeOutcome {
  executed: boolean;
  ranShell: boolean;
  /** The same run without the probed key: it must not execute, or the probe proves nothing. */
  controlExecuted: boolean;
  run: ProgramRun;
}

export async function runProbe(probes: GitProbeOracle, probe: GitProbe): Promise<ProbeOutcome> {
  const options = {
    setup: (folders: RunFolders) => setUpRepository(folders, probe.dirty === true),
    tty: probe.tty === true,
    env: (folders: RunFolders) => ({ ...probe.env, TMPDIR: `${folders.sandbox}/.git/tmp-probe` }),
    ...(probe.stdin !== undefined ? { stdin: probe.stdin } : {}),
  };
  const [run, control] = await Promise.all([
    probes.oracle.run(probeArgv(probe, probes.staticFolder, true), options),
    probes.oracle.run(probeArgv(probe, probes.staticFolder, false), options),
  ]);
  return { executed: probeExecuted(run), ranShell: probeRanShell(run), controlExecuted: probeExecuted(control), run };
}
