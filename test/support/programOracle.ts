/**
 * The program oracle: runs a real program (GNU sed, mawk, gawk, GNU find, …) on an argv and
 * reports whether it EXECUTED anything and which files it WROTE, so that the gate's readers of
 * those programs' small languages can be held to the program itself (docs/differential-testing.md).
 *
 * How it observes:
 * - executed: every program a run could start is a recorder. `/bin/sh`, `/bin/bash`,
 *   `/usr/bin/sh` (what `popen` and `system` run) and every name in {@link MARKER_PROGRAMS} on the
 *   run's PATH (what `find -exec NAME` looks up) are recorders that write their argv to the run's
 *   record folder, so `executed` lists each started program's argv, `/bin/sh -c TEXT` included;
 * - wrote: the run's working folder (its only writable place: the rest of the sandbox belongs to
 *   root, and the program runs as a uid of its own) is listed with each file's content before and
 *   after; any file created, changed or removed is in `wrote`.
 *
 * Why it is safe to feed it generated scripts: each run is chrooted (`unshare --root`) into a
 * throw-away tree that holds only the programs asked for, their libraries and the recorders, in
 * pid and network namespaces of its own, as an unprivileged uid (`setpriv`) unique to the run, with
 * the process group killed at the deadline.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  OracleUnavailableError,
  PATH_RECORDER,
  SANDBOX_BASH,
  copyUtf8Locale,
  findHostProgram,
  installRecorders,
  readRecordDirectory,
  removeSandbox,
  RunSlots,
  sandboxParent,
  sharedLibraries,
  spawnBounded,
  type RecorderKind,
} from './bashOracle';

export { OracleUnavailableError };

/** Program names that exist on the run's PATH, each a recorder. Generators use these as payloads. */
export const MARKER_PROGRAMS: readonly string[] = ['id', 'rm', 'sh', 'bash', 'touch', 'date', 'echo', 'true', 'cat', 'ls', 'marker'];

/** Where the recorders for {@link MARKER_PROGRAMS} sit; the run's PATH is this folder alone. */
const MARKER_DIR = '/.oracle/bin';

/** Paths at which a program started by path (`popen`, `system`, `execl("/bin/sh")`) finds a recorder. */
const SHELL_PATHS: readonly string[] = ['/bin/sh', '/bin/bash', '/usr/bin/sh', '/usr/bin/bash'];

/** Files in the working folder of every run: input the program may read (and `-i` may rewrite). */
export const PROGRAM_INPUT_FILES: Readonly<Record<string, string>> = {
  'in.txt': 'x\nhello world\na|b\n3 200 x\n',
  f: 'x\nfoo\n',
  'a.txt': 'a\nb\nc\n',
  'sub/deep.txt': 'deep\n',
};

export interface ProgramRun {
  /** `ok`: the program ended by itself; `timeout`: killed at the deadline (records still count). */
  status: 'ok' | 'timeout' | 'spawn-error' | 'bad-record';
  exitCode: number | null;
  stderr: string;
  /** The argv of every program the run started, in the order they started. */
  executed: string[][];
  /** Paths (relative to the working folder) created, changed or removed by the run. */
  wrote: string[];
  detail?: string;
}

/** Where a run's working folder is, seen from the host and from inside the sandbox. */
export interface RunFolders {
  /** The host path: write files here. */
  host: string;
  /** The same folder inside the sandbox (the program's cwd and HOME): name it in argv. */
  sandbox: string;
}

export interface RunOptions {
  /** The program's stdin, as a file; without it stdin is the sandbox's empty `/dev/null`. */
  stdin?: string;
  /**
   * Prepares the working folder before the run (a git repository, an archive, a hook that is a
   * symlink to a recorder: `/.oracle/bin/NAME` resolves inside the sandbox). It runs on the host
   * as root; what it leaves is handed to the run's uid, and `wrote` only counts the run's changes.
   */
  setup?: (folders: RunFolders) => void;
  /**
   * Gives the program a terminal as stdout and stderr (through the host's `script`): some programs
   * only run their pager or prompt when stdout is a terminal (git's `core.pager`), and an agent's
   * shell usually is one. The program's output is not kept then, so `stderr` is empty.
   */
  tty?: boolean;
  /**
   * More environment variables for the run (git's `TMPDIR`), computed from its folders. They
   * cannot replace the oracle's own (`PATH`, `HOME`, the locale, `GATE_*`): those make the
   * observation what it is.
   */
  env?: (folders: RunFolders) => Record<string, string>;
}

export interface ProgramOracle {
  readonly recorder: RecorderKind;
  /** Runs `argv` (argv[0] a program name given to {@link createProgramOracle}) in a fresh folder. */
  run(argv: readonly string[], options?: RunOptions): Promise<ProgramRun>;
  /** The program's own version line (`--version`), for the closing note. */
  version(program: string): string;
  dispose(): void;
}

export interface ProgramOracleOptions {
  /** Host programs to copy into the sandbox, by name (`sed`, `mawk`, `gawk`, `find`). */
  programs: readonly string[];
  /**
   * Host files or folders copied into the sandbox at the same path (`cp -a`, so symlinks stay
   * symlinks), with the libraries of every ELF file among them: the helpers a program starts by
   * a compiled-in path, such as git's exec path (`/usr/lib/git-core`). A path that does not exist
   * makes the oracle unavailable rather than quietly weaker.
   */
  extraPaths?: readonly string[];
  timeoutMs?: number;
  concurrency?: number;
}

/** Builds the sandbox once; throws {@link OracleUnavailableError} when the machine cannot host it. */
export function createProgramOracle(options: ProgramOracleOptions): ProgramOracle {
  return new ChrootProgramOracle(options);
}

/** The first uid the runs use; run N runs as FIRST_UID + N. */
const FIRST_UID = 40000;

class ChrootProgramOracle implements ProgramOracle {
  readonly recorder: RecorderKind;
  private readonly root: string;
  private readonly programs = new Map<string, string>();
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly unshare: string;
  private readonly slots: RunSlots;
  private nextRunId = 0;
  private disposed = false;

  constructor(options: ProgramOracleOptions) {
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.concurrency = Math.max(1, options.concurrency ?? Math.min(6, os.availableParallelism() * 3));
    this.slots = new RunSlots(this.concurrency);
    if (process.platform !== 'linux') throw new OracleUnavailableError('the program oracle needs Linux (chroot)');
    if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
      throw new OracleUnavailableError('the program oracle must run as root to chroot its sandbox and drop to a uid of its own');
    }
    const unshare = findHostProgram('unshare');
    const setpriv = findHostProgram('setpriv');
    if (unshare === null || setpriv === null) throw new OracleUnavailableError('unshare and setpriv (util-linux) are needed for the program oracle');
    this.unshare = unshare;
    this.root = fs.mkdtempSync(path.join(sandboxParent(), 'gate-program-oracle-'));
    try {
      // mkdtemp makes the folder 0700: the run's uid must be able to walk the sandbox's `/`.
      fs.chmodSync(this.root, 0o755);
      for (const dir of ['runs', 'dev', 'etc', MARKER_DIR.slice(1), 'bin', 'usr/bin']) fs.mkdirSync(path.join(this.root, dir), { recursive: true });
      fs.writeFileSync(path.join(this.root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\n');
      fs.writeFileSync(path.join(this.root, 'etc/group'), 'root:x:0:\n');
      fs.writeFileSync(path.join(this.root, 'etc/nsswitch.conf'), 'passwd: files\ngroup: files\n');
      // A regular file anyone may write: programs open /dev/null; what lands there is not a write.
      fs.writeFileSync(path.join(this.root, 'dev/null'), '', { mode: 0o666 });
      fs.chmodSync(path.join(this.root, 'dev/null'), 0o666);
      // Programs that make temporary files read /dev/urandom (git does, for mkstemp names). A
      // device node may not work where the sandbox lives (nodev), so it is a regular file of
      // random bytes: every open reads the same bytes, which only matters to a program that keeps
      // two temporary files of one template at once (it then retries and fails: fail visible).
      fs.writeFileSync(path.join(this.root, 'dev/urandom'), crypto.randomBytes(64 * 1024), { mode: 0o444 });
      fs.chmodSync(path.join(this.root, 'dev/urandom'), 0o444);
      const hostBash = fs.realpathSync(findHostProgram('bash') ?? '/bin/bash');
      this.copyBinary(hostBash, SANDBOX_BASH);
      this.copyBinary(fs.realpathSync(setpriv), '/.oracle/setpriv');
      for (const name of options.programs) {
        const host = findHostProgram(name);
        if (host === null) throw new OracleUnavailableError(`${name} is not installed on this machine (the differential needs the real program)`);
        const inSandbox = `/.oracle/programs/${name}`;
        this.copyBinary(fs.realpathSync(host), inSandbox);
        this.programs.set(name, inSandbox);
      }
      for (const extra of options.extraPaths ?? []) this.copyExtra(extra);
      copyUtf8Locale(this.root);
      this.recorder = installRecorders(this.root);
      for (const target of [...SHELL_PATHS, ...MARKER_PROGRAMS.map((name) => `${MARKER_DIR}/${name}`)]) {
        fs.symlinkSync(PATH_RECORDER, path.join(this.root, target));
      }
      process.once('exit', this.disposeOnExit);
    } catch (error) {
      fs.rmSync(this.root, { recursive: true, force: true });
      if (error instanceof OracleUnavailableError) throw error;
      throw new OracleUnavailableError(`cannot build the program oracle's sandbox: ${(error as Error).message}`);
    }
  }

  private copyBinary(host: string, inSandbox: string): void {
    const target = path.join(this.root, inSandbox);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(host, target);
    fs.chmodSync(target, 0o755);
    for (const library of sharedLibraries(host)) {
      const libraryTarget = path.join(this.root, library);
      if (fs.existsSync(libraryTarget)) continue;
      fs.mkdirSync(path.dirname(libraryTarget), { recursive: true });
      fs.copyFileSync(library, libraryTarget);
    }
  }

  /** Copies a host path (file or folder) to the same path in the sandbox, ELF libraries included. */
  private copyExtra(hostPath: string): void {
    if (!path.isAbsolute(hostPath) || !fs.existsSync(hostPath)) throw new OracleUnavailableError(`${hostPath} is not on this machine (extraPaths)`);
    const target = path.join(this.root, hostPath);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    execFileSync('cp', ['-a', '--', hostPath, target], { stdio: 'ignore', timeout: 60_000 });
    const seen = new Set<string>();
    const visit = (file: string): void => {
      const stat = fs.lstatSync(file);
      if (stat.isDirectory()) {
        for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
        return;
      }
      if (!stat.isFile() || seen.has(`${stat.dev}:${stat.ino}`)) return;
      seen.add(`${stat.dev}:${stat.ino}`);
      if (!isElf(file)) return;
      for (const library of sharedLibrariesOrNone(file)) {
        const libraryTarget = path.join(this.root, library);
        if (fs.existsSync(libraryTarget)) continue;
        fs.mkdirSync(path.dirname(libraryTarget), { recursive: true });
        fs.copyFileSync(library, libraryTarget);
      }
    };
    visit(hostPath);
  }

  version(program: string): string {
    const inSandbox = this.programs.get(program);
    if (inSandbox === undefined) throw new Error(`${program} is not in this oracle`);
    // `--version` for most; mawk answers `-W version`, ssh `-V` (on stderr).
    for (const args of [['--version'], ['-W', 'version'], ['-V']]) {
      const result = spawnSync(path.join(this.root, inSandbox), args, { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'pipe'] });
      const line = (result.stdout || result.stderr || '').split('\n')[0]!;
      if (result.status === 0 && line !== '') return line;
    }
    return `${program} (version unknown)`;
  }

  async run(argv: readonly string[], options: RunOptions = {}): Promise<ProgramRun> {
    if (this.disposed) throw new Error('program oracle already disposed');
    const program = this.programs.get(argv[0] ?? '');
    if (program === undefined) throw new Error(`${argv[0]} is not one of this oracle's programs`);
    for (const word of argv) {
      // argv reaches the program through execve, which ends each word at a NUL.
      if (word.includes('\0')) return { status: 'spawn-error', exitCode: null, stderr: '', executed: [], wrote: [], detail: 'a word holds NUL' };
    }
    await this.acquire();
    try {
      return await this.runInSandbox(program, argv.slice(1), options);
    } finally {
      this.release();
    }
  }

  private async runInSandbox(program: string, args: readonly string[], options: RunOptions): Promise<ProgramRun> {
    const stdin = options.stdin;
    const id = this.nextRunId++;
    const uid = FIRST_UID + id;
    const runDir = `/runs/${id}`;
    const work = `${runDir}/work`;
    const records = `${runDir}/records`;
    const hostWork = path.join(this.root, work);
    fs.mkdirSync(path.join(this.root, records), { recursive: true });
    for (const [name, content] of Object.entries(PROGRAM_INPUT_FILES)) {
      fs.mkdirSync(path.dirname(path.join(hostWork, name)), { recursive: true });
      fs.writeFileSync(path.join(hostWork, name), content);
    }
    if (stdin !== undefined) fs.writeFileSync(path.join(this.root, runDir, 'stdin'), stdin);
    const folders: RunFolders = { host: hostWork, sandbox: work };
    options.setup?.(folders);
    const extraEnv = options.env?.(folders) ?? {};
    // The run's uid has an account, home its working folder: ssh and tar's remote archives look
    // the running user up and stop without one. Appended per run (the file is root's).
    fs.appendFileSync(path.join(this.root, 'etc/passwd'), `run${id}:x:${uid}:${uid}::${work}:/bin/sh\n`);
    fs.appendFileSync(path.join(this.root, 'etc/group'), `run${id}:x:${uid}:\n`);
    chownTree(hostWork, uid);
    fs.chownSync(path.join(this.root, records), uid, uid);
    const before = snapshot(hostWork);
    // stdin: a file when given, else /dev/null (the empty regular file of the sandbox).
    const stdinPath = stdin !== undefined ? `${runDir}/stdin` : '/dev/null';
    const launch = [
      '--net', '--pid', '--fork', '--kill-child', `--root=${this.root}`, `--wd=${work}`, '--',
      SANDBOX_BASH, '--norc', '--noprofile', '-c', 'exec "$@" < "$GATE_STDIN"', 'launch',
      '/.oracle/setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--inh-caps=-all', '--', program, ...args,
    ];
    // With a terminal: the host's `script` opens a pty and runs the launch on it (`-e`: its exit
    // status is the program's). The pty's fds pass into the chroot; no /dev/pts is needed there.
    const [command, commandArgs] = options.tty
      ? [this.script(), ['-q', '-e', '-c', [this.unshare, ...launch].map(shellQuote).join(' '), '/dev/null']]
      : [this.unshare, launch];
    const outcome = await spawnBounded(command, commandArgs, this.timeoutMs, {
      ...extraEnv,
      PATH: MARKER_DIR,
      HOME: work,
      LC_ALL: 'C.UTF-8',
      LANG: 'C.UTF-8',
      GATE_STDIN: stdinPath,
      GATE_ORACLE_RECORD: records,
      GATE_ORACLE_STATUS: '0',
    });
    const wrote = diffSnapshots(before, snapshot(hostWork));
    const parsed = readRecordDirectory(path.join(this.root, records));
    if (outcome.kind === 'spawn-error') return { status: 'spawn-error', exitCode: null, stderr: outcome.stderr, executed: [], wrote, detail: outcome.detail };
    if (!parsed.ok) return { status: 'bad-record', exitCode: null, stderr: outcome.stderr, executed: [], wrote, detail: parsed.detail };
    const executed = parsed.records.map((record) => record.map((arg) => arg.toString('utf8')));
    if (outcome.kind === 'timeout') return { status: 'timeout', exitCode: null, stderr: outcome.stderr, executed, wrote };
    return { status: 'ok', exitCode: outcome.exitCode, stderr: outcome.stderr, executed, wrote };
  }

  private scriptPath: string | null = null;

  private script(): string {
    this.scriptPath ??= findHostProgram('script');
    if (this.scriptPath === null) throw new OracleUnavailableError('a tty run needs the host\'s script (util-linux)');
    return this.scriptPath;
  }

  private readonly disposeOnExit = (): void => this.dispose();

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    process.removeListener('exit', this.disposeOnExit);
    removeSandbox(this.root);
  }

  private acquire(): Promise<void> {
    return this.slots.acquire();
  }

  private release(): void {
    this.slots.release();
  }
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function isElf(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    return fs.readSync(fd, head, 0, 4, 0) === 4 && head.toString('latin1') === '\x7fELF';
  } finally {
    fs.closeSync(fd);
  }
}

/** Libraries of an ELF file; none for a static one (ldd then says so and finds nothing). */
function sharedLibrariesOrNone(file: string): string[] {
  try {
    return sharedLibraries(file);
  } catch {
    return [];
  }
}

function chownTree(dir: string, uid: number): void {
  fs.chownSync(dir, uid, uid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, uid);
    else fs.lchownSync(full, uid, uid);
  }
}

/** Every entry below `dir`: relative path → a digest of its type and content (symlinks by target). */
function snapshot(dir: string): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      const full = path.join(dir, name);
      if (entry.isDirectory()) {
        entries.set(name, 'dir');
        walk(name);
      } else if (entry.isSymbolicLink()) {
        entries.set(name, `link:${fs.readlinkSync(full)}`);
      } else if (entry.isFile()) {
        entries.set(name, `file:${crypto.createHash('sha1').update(fs.readFileSync(full)).digest('hex')}`);
      } else {
        entries.set(name, 'other');
      }
    }
  };
  walk('');
  return entries;
}

function diffSnapshots(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [name, digest] of after) if (before.get(name) !== digest) changed.push(name);
  for (const name of before.keys()) if (!after.has(name)) changed.push(name);
  return changed.sort();
}
