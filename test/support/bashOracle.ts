/**
 * The shell oracles: run a command string in a real `bash` (or `zsh`, see below) and report the argv of every simple
 * command bash executed, byte for byte, without letting anything actually run.
 *
 * How it records:
 * - every builtin (`compgen -b`, `builtin`, `command`, `exec` and `enable` included) is shadowed by a
 *   shell function that hands its argv to an external recorder. Shadowing with functions rather
 *   than `enable -n` keeps the builtins enabled, so bash still treats `export`/`declare`/`local`
 *   arguments as assignment words exactly as it would for the real builtin;
 * - `command_not_found_handle` records every other program looked up through `PATH`, which points
 *   at an empty directory;
 * - programs named by a path (`/bin/rm`, `~/x`, `./run-me`) bypass both, so a recorder script sits
 *   at a fixed set of such paths; a path outside that set is an oracle miss (reported, never a pass).
 * Each recorder writes `GATE-REC\0<argc>\0<arg>\0…` to a file of its own (see RECORD_FILE).
 *
 * Why it is safe to feed it fuzzed strings: each run is a fresh bash, chrooted (`unshare --root`)
 * into a throw-away directory that holds only bash, its libraries, the C.UTF-8 locale and the
 * recorder scripts (so no real program exists to be run by path), in pid and network namespaces of
 * its own, with the whole process group killed after 5 s. The namespaces matter even though every
 * builtin is shadowed: `POSIXLY_CORRECT=1` lets special builtins win over functions again, and a
 * real `kill -9 -1` as root must not reach beyond the run.
 *
 * Exit statuses: every recorder returns the same status for a whole run (`succeed` → 0,
 * `fail` → 1), so running a command in both modes exercises both sides of `&&`/`||`.
 *
 * The zsh oracle (`createZshOracle`) is the same sandbox with zsh 5.9 in place of bash (its
 * libraries and its module folder, so `zmodload` and autoloaded builtins work as on a user's
 * machine). Differences, each checked against real zsh:
 * - every name in `$builtins` (autoloadable module builtins included) is shadowed by a function:
 *   in zsh functions win over builtins; `command_not_found_handler` records other programs;
 * - except the precommand modifiers `noglob` and `-`, left real: a function in their place would
 *   expand the words after it (a glob, for one) that the real modifier passes on unexpanded; with
 *   them real, the record is the command they run (`noglob` in command position is an alias that
 *   records `noglob` and the words after it as the real modifier passes them). `eval` is left real too, because Claude Code's
 *   wrapper runs the command through it: a command that runs `eval` leaves the records of what
 *   the eval ran, so a resolved `eval` still shows as a differential;
 * - the typeset family (`export declare float integer local readonly typeset`) are reserved words
 *   in zsh 5.9: spelled plainly they run the real builtin whatever function exists, so they leave
 *   no record (see `ZSH_RESERVED_BUILTINS`; the alignment expects none and either status);
 *   quoted (`\export`) they are plain builtin names and are recorded;
 * - the command is run as the agents run it (`ZshInvocation`): Claude Code's
 *   `zsh -c -l '… setopt NO_EXTENDED_GLOB … && eval "<command>" < /dev/null && pwd -P >| …'` and
 *   Codex's `zsh -lc "<command>"`. The sandbox has no startup files; the oracle's own set-up (what
 *   Claude Code's snapshot file holds for a user) is read from `$ZDOTDIR/.zshenv`;
 * - a tiny reaper is PID 1 of the run, so background jobs (`&`, `&!`, `&|`) finish before the run
 *   ends without relying on a builtin that is shadowed.
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Which status every recorder returns during one run. */
export type RecorderMode = 'succeed' | 'fail';

/** The outcome of one bash run. */
export interface OracleRun {
  /** `ok`: bash finished and every record parsed. Anything else is an oracle failure. */
  status: 'ok' | 'timeout' | 'bad-record' | 'spawn-error';
  /** The argv of each executed simple command, in the order the recorders started. */
  records: Buffer[][];
  /** What each of those commands read on its standard input (up to its first NUL byte, at most 64 KiB). */
  stdins: Buffer[];
  stderr: string;
  exitCode: number | null;
  detail?: string;
}

/** The shells the oracle can run. */
export type OracleShell = 'bash' | 'zsh';

/**
 * How a run hands the command to the shell:
 * - `bash-script`: a script file, the set-up then the command on a line of its own (bash reads
 *   it line by line, exactly as `bash -c`);
 * - `zsh-claude`: Claude Code's Bash tool, `zsh -c -l` with `setopt NO_EXTENDED_GLOB` and the
 *   command single-quoted into `eval '<command>' < /dev/null` (zsh parses the whole eval text at once);
 * - `zsh-codex`: Codex's `zsh -lc "<command>"` (zsh parses the whole `-c` text at once).
 */
export type OracleInvocation = 'bash-script' | 'zsh-claude' | 'zsh-codex';

export interface BashOracleOptions {
  /** Kill a run after this many milliseconds (the run is then a `timeout`, never a pass). */
  timeoutMs?: number;
  /** Runs in flight at once. */
  concurrency?: number;
}

/** The HOME bash sees inside the sandbox; pass the same value to the resolver as `home`. */
export const ORACLE_HOME = '/home/gate';

/**
 * Absolute and relative program paths that hold a recorder inside the sandbox. Generators and
 * corpora may name programs by these paths; at any other path bash finds nothing to execute, so
 * such a command leaves no record (see `programPathKind`).
 */
export const RECORDED_PROGRAM_PATHS: readonly string[] = [
  '/bin/rm',
  '/bin/sh',
  '/bin/bash',
  '/bin/echo',
  '/bin/ls',
  '/usr/bin/env',
  '/usr/bin/git',
  '/usr/bin/sudo',
  '/usr/local/bin/tool',
  `${ORACLE_HOME}/x`,
  `${ORACLE_HOME}/bin/tool`,
  './run-me',
];

/** Files present (readable) in the working directory of every run, for input redirects. */
export const ORACLE_INPUT_FILES: readonly string[] = ['in.txt', 'a.txt', 'b.txt', 'notes.md'];

/**
 * Shell variables set before the command runs, so that opaque words exercise the 0/1/many-word
 * cases and a redirect to `$OUT` has somewhere to go. `x` and `i` (names the generator puts in
 * subscripts) run the command `evaluated` if bash ever evaluates them as arithmetic or as a
 * name (`a[ x ]=1`, `{a[x]}>f`): a resolved command that does so leaves a record too many.
 */
export const ORACLE_VARIABLES: Readonly<Record<string, string>> = {
  VAR: 'a b',
  EMPTY: '',
  ONE: 'one',
  OUT: 'out.txt',
  GLOBBY: '*.txt',
  x: 'b[$(evaluated x)]',
  i: 'b[$(evaluated i)]',
};

const RECORD_MAGIC = 'GATE-REC';
export const SANDBOX_BASH = '/.oracle/bash';
export const SANDBOX_ZSH = '/.oracle/zsh';
const SANDBOX_REAPER = '/.oracle/reaper';
/** Where the host keeps zsh's modules; copied so `zmodload` finds them inside the sandbox. */
const ZSH_MODULE_DIR = '/usr/lib/x86_64-linux-gnu/zsh';

/**
 * zsh 5.9 reserved words that name builtins (the typeset family): spelled plainly they run the
 * real builtin whatever function is defined, so the oracle cannot record them (checked at start).
 */
export const ZSH_RESERVED_BUILTINS: readonly string[] = ['declare', 'export', 'float', 'integer', 'local', 'readonly', 'typeset'];
/** zsh precommand modifiers left real in the oracle (a shadow would expand the words they protect). */
export const ZSH_UNSHADOWED_BUILTINS: readonly string[] = ['-', 'eval', 'noglob'];
const ARGS_RECORDER = '/.oracle/record-args';
export const PATH_RECORDER = '/.oracle/record-path';
const EMPTY_PATH_DIR = '/.oracle/empty';

/** Thrown when the machine cannot host the sandbox. The differential test must fail on it. */
export class OracleUnavailableError extends Error {
  override name = 'OracleUnavailableError';
}

export interface BashOracle {
  readonly shell: OracleShell;
  readonly home: string;
  /** The shell's version (`$BASH_VERSION` or `$ZSH_VERSION`). */
  readonly bashVersion: string;
  readonly recorder: RecorderKind;
  /** The ways this oracle can hand a command to its shell; the first is the default. */
  readonly invocations: readonly OracleInvocation[];
  run(command: string, mode: RecorderMode, invocation?: OracleInvocation): Promise<OracleRun>;
  /**
   * What a run would find at a program path (a word containing `/`), relative paths taken from a
   * fresh working directory: a recorder, nothing executable (`absent`), or something else that the
   * oracle cannot model (`other`: bash itself, a library, a recorder under another name).
   */
  programPathKind(programWord: string): 'recorder' | 'absent' | 'other';
  /** Every builtin of the sandbox shell (bash: `compgen -b`; zsh: `${(k)builtins}`). */
  readonly builtins: readonly string[];
  /**
   * Runs a script in the same sandbox with the REAL builtins (nothing shadowed, no recorders
   * reached through PATH): for probes of what a builtin itself does with its operands. The
   * variables in `variables` are set first; the sandbox holds no program to run, so a probe can
   * only be a builtin (`printf … >&2`).
   */
  runWithBuiltins(script: string, variables: Readonly<Record<string, string>>): Promise<OracleRun>;
  /** Removes the sandbox. */
  dispose(): void;
}

/** Builds the sandbox once; throws {@link OracleUnavailableError} when it cannot. */
export function createBashOracle(options: BashOracleOptions = {}): BashOracle {
  return new ChrootBashOracle('bash', options);
}

/** The zsh 5.9 oracle (see the top of this file); throws {@link OracleUnavailableError} when it cannot be built. */
export function createZshOracle(options: BashOracleOptions = {}): BashOracle {
  return new ChrootBashOracle('zsh', options);
}

/** A shell oracle of either kind. */
export type ShellOracle = BashOracle;

class ChrootBashOracle implements BashOracle {
  readonly home = ORACLE_HOME;
  readonly invocations: readonly OracleInvocation[];
  readonly bashVersion: string;
  readonly recorder: RecorderKind;
  private readonly root: string;
  readonly builtins: string[];
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  /** Host programs that start a run: the run's own PATH points into the sandbox. */
  private readonly launchPrefix: string[];
  private readonly slots: RunSlots;
  private nextRunId = 0;
  /**
   * The recorders as installed, to put back after a run that wrote through a planted program path
   * (`echo a > /bin/ls` writes the recorder its symlink points at): later runs must find them intact.
   */
  private pristineRecorders: Array<{ file: string; bytes: Buffer; stamp: string }> = [];
  private disposed = false;

  constructor(
    readonly shell: OracleShell,
    options: BashOracleOptions,
  ) {
    this.invocations = shell === 'bash' ? ['bash-script'] : ['zsh-claude', 'zsh-codex'];
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.concurrency = Math.max(1, options.concurrency ?? Math.min(4, os.availableParallelism() + 1));
    this.slots = new RunSlots(this.concurrency);
    if (process.platform !== 'linux') throw new OracleUnavailableError(`the ${shell} oracle needs Linux (chroot)`);
    if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
      throw new OracleUnavailableError(`the ${shell} oracle must run as root to chroot its sandbox (CI and the dev machines run as root)`);
    }
    const hostBash = findHostBash();
    const hostZsh = shell === 'zsh' ? findHostZsh() : null;
    const unshare = findHostProgram('unshare');
    if (unshare === null) throw new OracleUnavailableError('no unshare program on PATH (util-linux): the oracle needs pid and network namespaces');
    this.root = fs.mkdtempSync(path.join(sandboxParent(), `gate-${shell}-oracle-`));
    // A pid namespace of its own per run: a command can switch bash to POSIX mode
    // (`POSIXLY_CORRECT=1`), where special builtins such as `unset` win over the shadowing
    // functions, and then reach the real `kill`; inside the namespace it can only signal the run.
    // zsh runs under a reaper as PID 1 (see REAPER_C_SOURCE); bash waits for its jobs in an EXIT trap.
    this.launchPrefix =
      shell === 'bash'
        ? [unshare, '--net', '--pid', '--fork', `--root=${this.root}`, '--', SANDBOX_BASH, '--norc', '--noprofile']
        : [unshare, '--net', '--pid', '--fork', `--root=${this.root}`, '--', SANDBOX_REAPER, SANDBOX_ZSH];
    try {
      this.builtins = hostZsh === null ? listBuiltins(hostBash) : listZshBuiltins(hostZsh);
      this.recorder = buildSandbox(this.root, hostBash);
      this.pristineRecorders = [ARGS_RECORDER, PATH_RECORDER].map((inSandbox) => {
        const file = path.join(this.root, inSandbox);
        return { file, bytes: fs.readFileSync(file), stamp: fileStamp(file) };
      });
      if (hostZsh !== null) installZsh(this.root, hostZsh);
      this.bashVersion = this.probe(shell === 'bash' ? ['-c', 'printf %s "$BASH_VERSION"'] : ['-f', '-c', 'printf %s "$ZSH_VERSION"']).toString('utf8');
      // The zsh alignment models what zsh 5.9 was observed to do (docs/differential-testing.md).
      if (shell === 'zsh' && !/^5\.9(?:\.|$)/.test(this.bashVersion)) throw new OracleUnavailableError(`the zsh oracle models zsh 5.9, found ${this.bashVersion}`);
      const accent = this.probe(['-c', "printf %s $'\\u00e9'"]);
      if (!accent.equals(Buffer.from([0xc3, 0xa9]))) {
        throw new OracleUnavailableError(`sandbox bash is not in a UTF-8 locale ($'\\u00e9' gave ${accent.toString('hex')}); /usr/lib/locale/C.utf8 is missing`);
      }
      this.assertEveryBuiltinRecorded();
      // A sandbox under /dev/shm holds memory: do not leave it behind if the test process exits early.
      process.once('exit', this.disposeOnExit);
    } catch (error) {
      fs.rmSync(this.root, { recursive: true, force: true });
      if (error instanceof OracleUnavailableError) throw error;
      throw new OracleUnavailableError(`cannot build the sandbox for the bash oracle (it needs root, chroot and pid/network namespaces): ${(error as Error).message}`);
    }
  }

  /** Runs the sandbox bash synchronously with `args`; used while setting up. */
  private probe(args: string[], env: NodeJS.ProcessEnv = SANDBOX_ENV): Buffer {
    const [program, ...prefix] = this.launchPrefix;
    try {
      return execFileSync(program!, [...prefix, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 });
    } catch (error) {
      throw new OracleUnavailableError(`the sandbox ${this.shell} did not start: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  /** The shell's arguments and environment for one run of `files` (see `prepareRun`). */
  private launch(files: RunFiles, invocation: OracleInvocation, command: string | null): { args: string[]; env: NodeJS.ProcessEnv } | { error: string } {
    if (invocation === 'bash-script') return { args: [files.scriptInSandbox], env: {} };
    if (this.shell !== 'zsh') throw new Error(`${invocation} needs the zsh oracle`);
    const env = { ZDOTDIR: files.dotDirInSandbox };
    // The set-up alone (probes, the start-up check): the command is already in it.
    if (command === null) return { args: ['-l', '-c', ''], env };
    if (command.includes('\u0000')) return { error: 'a command holding NUL cannot be an argument of zsh -c' };
    if (invocation === 'zsh-codex') return { args: ['-lc', command], env };
    // Claude Code's wrapper: its `setopt NO_EXTENDED_GLOB` is the last line of the set-up (where
    // it also follows the snapshot), because the set-up shadows `setopt`; `eval` is left real.
    // The `&& pwd -P >| …` after it runs nothing the records could show and is left out.
    const wrapper = `eval ${singleQuote(command)} < /dev/null`;
    return { args: ['-c', '-l', wrapper], env };
  }

  /**
   * Checks the shadowing before trusting it: every builtin, called once, must leave exactly its
   * own record. Should a bash version refuse to let a function shadow some builtin, the oracle
   * would otherwise run that builtin for real and silently miss its argv.
   */
  private assertEveryBuiltinRecorded(): void {
    const shadowed = this.builtins.filter((name) => this.shell === 'bash' || !ZSH_UNSHADOWED_BUILTINS.includes(name));
    // Quoted, so that zsh's reserved typeset words are looked up as names, which is what the shadows cover.
    const lines = shadowed.map((name) => `${singleQuote(name)} --help`);
    // In zsh the reserved words run the real builtin (no record), and the modifiers left real run what follows.
    if (this.shell === 'zsh') lines.push(...ZSH_RESERVED_BUILTINS.map((name) => `${name} GATE_RESERVED_${name}=1`), 'noglob echo *', '\\noglob echo *', '- echo dash', "eval 'echo evaluated'");
    const expected = [...shadowed.map((name) => `${name} --help`), ...(this.shell === 'zsh' ? ['noglob echo *', 'echo *', 'echo dash', 'echo evaluated'] : [])];
    const files = this.prepareRun(lines.join('\n'));
    try {
      const launch = this.launch(files, this.invocations[0]!, null);
      if ('error' in launch) throw new OracleUnavailableError(launch.error);
      this.probe(launch.args, { ...SANDBOX_ENV, ...launch.env, GATE_ORACLE_RECORD: files.recordsInSandbox, GATE_ORACLE_STATUS: '0' });
      const parsed = readRecordDirectory(files.hostRecords);
      const seen = parsed.ok ? parsed.records.map((record) => record.map((arg) => arg.toString('utf8')).join(' ')) : [];
      const missing = expected.filter((line) => !seen.includes(line));
      if (!parsed.ok || missing.length > 0 || seen.length !== expected.length) {
        throw new OracleUnavailableError(`builtin shadowing does not hold: missing ${JSON.stringify(missing)}, unexpected ${JSON.stringify(seen.filter((line) => !expected.includes(line)))}; ${parsed.ok ? `${seen.length} records` : parsed.detail}`);
      }
    } catch (error) {
      if (error instanceof OracleUnavailableError) throw error;
      throw new OracleUnavailableError(`builtin shadowing could not be checked: ${(error as Error).message}`);
    }
  }

  async run(command: string, mode: RecorderMode, invocation: OracleInvocation = this.invocations[0]!): Promise<OracleRun> {
    if (this.disposed) throw new Error('bash oracle already disposed');
    if (!this.invocations.includes(invocation)) throw new Error(`the ${this.shell} oracle cannot run ${invocation}`);
    // The script is written as UTF-8; a string that does not survive that (lone surrogates) would
    // hand bash different text from what the resolver read.
    if (Buffer.from(command, 'utf8').toString('utf8') !== command) {
      return { status: 'spawn-error', records: [], stdins: [], stderr: '', exitCode: null, detail: 'command is not valid UTF-16 (lone surrogate)' };
    }
    await this.acquire();
    try {
      return await this.runInSandbox(command, mode, invocation);
    } finally {
      this.release();
    }
  }

  async runWithBuiltins(script: string, variables: Readonly<Record<string, string>>): Promise<OracleRun> {
    if (this.disposed) throw new Error('bash oracle already disposed');
    await this.acquire();
    try {
      const assignments = Object.entries(variables).map(([name, value]) => {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a variable name: ${name}`);
        return `${name}=${singleQuote(value)}`;
      });
      const files = this.prepareRun(script, (workDir) => [`cd ${workDir} || exit 97`, 'ulimit -v 1048576 -f 32768 || exit 98', ...(this.shell === 'zsh' ? ['unset ZDOTDIR'] : []), ...assignments].join('\n') + '\n');
      const launch = this.launch(files, this.invocations[0]!, null);
      if ('error' in launch) return { status: 'spawn-error', records: [], stdins: [], stderr: '', exitCode: null, detail: launch.error };
      const [program, ...args] = [...this.launchPrefix, ...launch.args];
      const outcome = await spawnBounded(program!, args, this.timeoutMs, { ...SANDBOX_ENV, ...launch.env, GATE_ORACLE_RECORD: files.recordsInSandbox, GATE_ORACLE_STATUS: '0' });
      if (outcome.kind === 'spawn-error') return { status: 'spawn-error', records: [], stdins: [], stderr: outcome.stderr, exitCode: null, detail: outcome.detail };
      if (outcome.kind === 'timeout') return { status: 'timeout', records: [], stdins: [], stderr: outcome.stderr, exitCode: null, detail: `killed after ${this.timeoutMs} ms` };
      return { status: 'ok', records: [], stdins: [], stderr: outcome.stderr, exitCode: outcome.exitCode };
    } finally {
      this.release();
    }
  }

  programPathKind(programWord: string): 'recorder' | 'absent' | 'other' {
    // Normalised inside the sandbox's own `/`, so `..` cannot climb out of it.
    const inSandbox = path.posix.resolve(programWord.startsWith('/') ? '/' : '/runs/template', programWord);
    if (inSandbox === '/runs/template/run-me') return 'recorder';
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(path.join(this.root, inSandbox));
    } catch {
      return 'absent';
    }
    // Planted recorders are symlinks whose target means the recorder inside the sandbox.
    if (stat.isSymbolicLink()) return fs.readlinkSync(path.join(this.root, inSandbox)) === PATH_RECORDER ? 'recorder' : 'other';
    if (stat.isDirectory()) return 'absent';
    // A device (the sandbox's `/dev/null` is the null device) cannot be run: execve refuses it.
    if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'absent';
    return stat.isFile() && (stat.mode & 0o111) === 0 ? 'absent' : 'other';
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

  /**
   * Writes one run's working directory, script and record directory. Nothing is removed per run
   * (that cost more than the run itself); `dispose` removes the whole sandbox.
   */
  private prepareRun(command: string, preamble: (workDir: string) => string = (workDir) => this.preamble(workDir)): RunFiles {
    const id = this.nextRunId++;
    const workDir = `/runs/${id}`;
    const hostWorkDir = path.join(this.root, workDir);
    const hostRecords = path.join(this.root, `records/${id}`);
    fs.mkdirSync(hostWorkDir);
    // The kernel hands a script its path as invoked, so `./run-me` records itself as `./run-me`.
    // A copy of its own per run, not a link: `echo a >& ./run-me` writes only this run's file.
    const runMe = path.join(hostWorkDir, 'run-me');
    fs.copyFileSync(path.join(this.root, PATH_RECORDER), runMe);
    fs.chmodSync(runMe, 0o755);
    fs.mkdirSync(hostRecords);
    const script = Buffer.concat([Buffer.from(preamble(workDir), 'utf8'), Buffer.from(command, 'utf8')]);
    if (this.shell === 'bash') {
      fs.writeFileSync(path.join(this.root, `scripts/${id}.sh`), script);
      return { scriptInSandbox: `/scripts/${id}.sh`, dotDirInSandbox: '', recordsInSandbox: `/records/${id}`, hostRecords };
    }
    // zsh: the set-up is the start-up file of the run's ZDOTDIR; the command itself goes on the
    // command line (`launch`). The set-up and start-up checks pass their lines as `command` here.
    fs.mkdirSync(path.join(this.root, `scripts/${id}`));
    fs.writeFileSync(path.join(this.root, `scripts/${id}/.zshenv`), script);
    return { scriptInSandbox: '', dotDirInSandbox: `/scripts/${id}`, recordsInSandbox: `/records/${id}`, hostRecords };
  }

  private async runInSandbox(command: string, mode: RecorderMode, invocation: OracleInvocation): Promise<OracleRun> {
    const files = this.prepareRun(this.shell === 'bash' ? command : '');
    const launch = this.launch(files, invocation, this.shell === 'bash' ? null : command);
    if ('error' in launch) return { status: 'spawn-error', records: [], stdins: [], stderr: '', exitCode: null, detail: launch.error };
    const [program, ...args] = [...this.launchPrefix, ...launch.args];
    const outcome = await spawnBounded(program!, args, this.timeoutMs, {
      ...SANDBOX_ENV,
      ...launch.env,
      GATE_ORACLE_RECORD: files.recordsInSandbox,
      GATE_ORACLE_STATUS: mode === 'succeed' ? '0' : '1',
      GATE_ORACLE_STDIN: '1',
    });
    if (outcome.kind === 'spawn-error') {
      return { status: 'spawn-error', records: [], stdins: [], stderr: outcome.stderr, exitCode: null, detail: outcome.detail };
    }
    if (outcome.kind === 'timeout') {
      return { status: 'timeout', records: [], stdins: [], stderr: outcome.stderr, exitCode: null, detail: `killed after ${this.timeoutMs} ms` };
    }
    this.restoreRecorders();
    const parsed = readRecordDirectory(files.hostRecords);
    if (!parsed.ok) return { status: 'bad-record', records: [], stdins: [], stderr: outcome.stderr, exitCode: outcome.exitCode, detail: parsed.detail };
    return { status: 'ok', records: parsed.records, stdins: parsed.stdins, stderr: outcome.stderr, exitCode: outcome.exitCode };
  }

  /** Puts back a recorder a run wrote through a planted program path (its inode, size or time changed). */
  private restoreRecorders(): void {
    for (const recorder of this.pristineRecorders) {
      if (fileStamp(recorder.file) === recorder.stamp) continue;
      fs.rmSync(recorder.file, { force: true });
      fs.writeFileSync(recorder.file, recorder.bytes, { mode: 0o755 });
      recorder.stamp = fileStamp(recorder.file);
    }
  }

  /**
   * Everything bash reads before the command. It uses builtins (`cd`, `ulimit`) before shadowing
   * them, so order matters; it ends with a newline so that the command starts a line of its own and
   * is parsed exactly as if it were the whole input.
   */
  private preamble(workDir: string): string {
    if (this.shell === 'zsh') return this.zshPreamble(workDir);
    const lines = [
      `cd ${workDir} || exit 97`,
      ...ORACLE_INPUT_FILES.map((name) => `printf '%s\\n' ${singleQuote(name)} > ${singleQuote(name)}`),
      // Bounds for a runaway expansion: 1 GiB of address space, 16 MiB files.
      'ulimit -v 1048576 -f 32768 || exit 98',
      // bash is PID 1 of the run's namespace: when it exits, the kernel kills whatever is left, so
      // it must wait for background jobs first. `wait` will be shadowed by then; in POSIX mode the
      // special builtin `unset` wins over its shadow and can remove the shadow of `wait`.
      "trap 'POSIXLY_CORRECT=y; unset -f wait; wait' EXIT",
      ...Object.entries(ORACLE_VARIABLES).map(([name, value]) => `${name}=${singleQuote(value)}`),
      `command_not_found_handle() { ${ARGS_RECORDER} "$@"; }`,
      ...this.builtins.map((name) => `${name}() { ${ARGS_RECORDER} ${singleQuote(name)} "$@"; }`),
    ];
    return `${lines.join('\n')}\n`;
  }

  /**
   * The zsh set-up, read from `$ZDOTDIR/.zshenv` (the place of Claude Code's snapshot): the same
   * files, bounds and variables as for bash, then the recorders. No EXIT trap: the reaper waits.
   */
  private zshPreamble(workDir: string): string {
    const lines = [
      // zsh would read the rest of its start-up files from here too; the sandbox has none in HOME.
      'unset ZDOTDIR',
      `cd ${workDir} || exit 97`,
      ...ORACLE_INPUT_FILES.map((name) => `printf '%s\\n' ${singleQuote(name)} > ${singleQuote(name)}`),
      'ulimit -v 1048576 -f 32768 || exit 98',
      ...Object.entries(ORACLE_VARIABLES).map(([name, value]) => `${name}=${singleQuote(value)}`),
      // Claude Code runs this after its snapshot; EXTENDED_GLOB is off in zsh anyway.
      'setopt NO_EXTENDED_GLOB',
      // `noglob` as a command word records itself with the words after it unexpanded, as the real
      // modifier passes them on (an alias, read before the command is parsed; a quoted `noglob` is not aliased).
      `alias noglob=${singleQuote(`noglob ${ARGS_RECORDER} noglob`)}`,
      `command_not_found_handler() { ${ARGS_RECORDER} "$@"; }`,
      // `functions[NAME]=` defines a function for any name, `.` and `[` included (an anonymous
      // function keeps the loop variable out of the run); the body names the recorder by path, so
      // no shadow calls another.
      `() { local n; for n in "$@"; do functions[$n]="${ARGS_RECORDER} \${(q)n} \\"\\$@\\""; done } ${this.builtins
        .filter((name) => !ZSH_UNSHADOWED_BUILTINS.includes(name))
        .map(singleQuote)
        .join(' ')}`,
    ];
    return `${lines.join('\n')}\n`;
  }
}

interface RunFiles {
  /** bash: the script (set-up and command). */
  scriptInSandbox: string;
  /** zsh: the ZDOTDIR whose `.zshenv` holds the set-up. */
  dotDirInSandbox: string;
  recordsInSandbox: string;
  hostRecords: string;
}

/** The environment bash starts with. */
const SANDBOX_ENV: NodeJS.ProcessEnv = { HOME: ORACLE_HOME, PATH: EMPTY_PATH_DIR, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' };

/**
 * Each recorder writes its own file, named by the time it started: sequential commands sort in
 * the order they ran. One file per record, because bash line-buffers stdout, so an argument
 * holding a newline would split a shared file's record into several writes that concurrent
 * pipeline members could interleave.
 */
const RECORD_FILE = '"$GATE_ORACLE_RECORD/$EPOCHREALTIME-$$"';

/**
 * Under the shell oracles (`GATE_ORACLE_STDIN` set) every recorder also reads its standard input
 * to the end and records it after the argv (`GATE-IN`, then the text up to its first NUL): what a
 * here-document or here-string fed the command (docs/differential-testing.md, "Here-documents and
 * here-strings"). The program oracle's recorders record an empty input: a program may hold their
 * input open while it waits for them.
 */
const STDIN_MAGIC = 'GATE-IN';

/** Records `"$@"` (the command_not_found_handle and builtin shadows pass argv[0] themselves). */
const ARGS_RECORDER_SCRIPT = `#!${SANDBOX_BASH} -p
GATE_IN_TEXT=
[ -z "$GATE_ORACLE_STDIN" ] || IFS= read -r -d '' GATE_IN_TEXT
printf '%s\\0' ${RECORD_MAGIC} "$#" "$@" ${STDIN_MAGIC} "$GATE_IN_TEXT" > ${RECORD_FILE}
exit "$GATE_ORACLE_STATUS"
`;

/** What identifies a file's state cheaply: inode, size, modification time; `missing` when it is gone. */
function fileStamp(file: string): string {
  try {
    const stat = fs.statSync(file, { bigint: true });
    return `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
  } catch {
    return 'missing';
  }
}

/** Sits at a program path: argv[0] is the path bash executed, which the kernel passes as `$0`. */
const PATH_RECORDER_SCRIPT = `#!${SANDBOX_BASH} -p
GATE_IN_TEXT=
[ -z "$GATE_ORACLE_STDIN" ] || IFS= read -r -d '' GATE_IN_TEXT
printf '%s\\0' ${RECORD_MAGIC} "$(($# + 1))" "$0" "$@" ${STDIN_MAGIC} "$GATE_IN_TEXT" > ${RECORD_FILE}
exit "$GATE_ORACLE_STATUS"
`;

/**
 * What records runs inside the sandbox. A static C program when the host has a C compiler with a
 * static libc: a recorder runs once per simple command, and a static binary starts several times
 * faster than a bash script, which keeps the differential test well inside its time budget.
 * Otherwise bash scripts that write the same format.
 */
export type RecorderKind = 'static-binary' | 'bash-script';

export function installRecorders(root: string): RecorderKind {
  fs.writeFileSync(path.join(root, ARGS_RECORDER), ARGS_RECORDER_SCRIPT, { mode: 0o755 });
  fs.writeFileSync(path.join(root, PATH_RECORDER), PATH_RECORDER_SCRIPT, { mode: 0o755 });
  const compiler = findHostProgram('cc') ?? findHostProgram('gcc');
  if (compiler === null) return 'bash-script';
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-recorder-build-'));
  try {
    const source = path.join(buildDir, 'record.c');
    const binary = path.join(buildDir, 'record');
    fs.writeFileSync(source, RECORDER_C_SOURCE);
    execFileSync(compiler, ['-O2', '-static', '-o', binary, source], { stdio: 'ignore', timeout: 60_000 });
    for (const target of [ARGS_RECORDER, PATH_RECORDER]) fs.copyFileSync(binary, path.join(root, target));
    for (const target of [ARGS_RECORDER, PATH_RECORDER]) fs.chmodSync(path.join(root, target), 0o755);
    return 'static-binary';
  } catch {
    // No static libc or no working compiler: the bash-script recorders stay in place.
    return 'bash-script';
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

/**
 * The static recorder. Called as ARGS_RECORDER it records its arguments (the shadow functions and
 * command_not_found_handle pass the command name first); under any other name it is sitting at a
 * program path and records its own argv[0] too, which is exactly the word bash executed.
 */
const RECORDER_C_SOURCE = `#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *dir = getenv("GATE_ORACLE_RECORD");
  const char *status = getenv("GATE_ORACLE_STATUS");
  if (argc < 1 || dir == NULL || status == NULL) return 125;
  int first = strcmp(argv[0], "${ARGS_RECORDER}") == 0 ? 1 : 0;
  size_t size = 64;
  for (int i = first; i < argc; i++) size += strlen(argv[i]) + 1;
  char *buffer = malloc(size);
  if (buffer == NULL) return 125;
  size_t used = (size_t)snprintf(buffer, size, "${RECORD_MAGIC}%c%d%c", 0, argc - first, 0);
  for (int i = first; i < argc; i++) {
    size_t length = strlen(argv[i]) + 1;
    memcpy(buffer + used, argv[i], length);
    used += length;
  }
  struct timeval now;
  gettimeofday(&now, NULL);
  /* Standard input to its end (a here-document, a here-string, a pipe, /dev/null), up to its first NUL. */
  static char in[65536];
  size_t got = 0;
  while (getenv("GATE_ORACLE_STDIN") != NULL && got < sizeof in) {
    ssize_t n = read(0, in + got, sizeof in - got);
    if (n <= 0) break;
    got += (size_t)n;
  }
  got = strnlen(in, got);
  buffer = realloc(buffer, used + sizeof "${STDIN_MAGIC}" + got + 1);
  if (buffer == NULL) return 125;
  memcpy(buffer + used, "${STDIN_MAGIC}", sizeof "${STDIN_MAGIC}");
  used += sizeof "${STDIN_MAGIC}";
  memcpy(buffer + used, in, got);
  used += got;
  buffer[used++] = 0;
  char name[4096];
  snprintf(name, sizeof name, "%s/%ld.%06ld-%ld", dir, (long)now.tv_sec, (long)now.tv_usec, (long)getpid());
  int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) return 125;
  for (size_t done = 0; done < used;) {
    ssize_t written = write(fd, buffer + done, used - done);
    if (written <= 0) return 125;
    done += (size_t)written;
  }
  close(fd);
  return atoi(status);
}
`;

function buildSandbox(root: string, hostBash: string): RecorderKind {
  for (const dir of ['.oracle/empty', 'runs', 'scripts', 'records', 'tmp', 'dev', `${ORACLE_HOME.slice(1)}/bin`]) {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
  }
  fs.chmodSync(path.join(root, 'tmp'), 0o1777);
  // `~root` and `~gate` must expand as on a real machine, or a resolver that leaves them literal
  // would go unnoticed; glibc reads these through its built-in `files` service.
  fs.mkdirSync(path.join(root, 'etc'), { recursive: true });
  fs.mkdirSync(path.join(root, 'root'), { recursive: true });
  fs.writeFileSync(path.join(root, 'etc/passwd'), `root:x:0:0:root:/root:/bin/sh\ngate:x:1000:1000:gate:${ORACLE_HOME}:/bin/sh\n`);
  fs.writeFileSync(path.join(root, 'etc/group'), 'root:x:0:\ngate:x:1000:\n');
  fs.writeFileSync(path.join(root, 'etc/nsswitch.conf'), 'passwd: files\ngroup: files\n');
  makeNullDevice(path.join(root, 'dev/null'));
  fs.copyFileSync(hostBash, path.join(root, SANDBOX_BASH));
  fs.chmodSync(path.join(root, SANDBOX_BASH), 0o755);
  for (const library of sharedLibraries(hostBash)) {
    const target = path.join(root, library);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(library, target);
  }
  copyUtf8Locale(root);
  const recorder = installRecorders(root);
  for (const programPath of RECORDED_PROGRAM_PATHS) {
    if (!programPath.startsWith('/')) continue; // relative ones are planted per run
    const target = path.join(root, programPath);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.symlinkSync(PATH_RECORDER, target);
  }
  return recorder;
}

/**
 * The sandbox's `/dev/null` is the null device itself, not a regular file. Runs share the sandbox:
 * in a file, what one run's `2>/dev/null` wrote would be what a later run's `</dev/null`, or an
 * empty here-document (bash opens /dev/null for one), reads, and its recorded standard input would
 * differ from the resolver's for no fault of the resolver. Checked by writing to it: a device on a
 * `nodev` mount cannot be opened, and then the oracle is unavailable rather than wrong.
 */
function makeNullDevice(target: string): void {
  try {
    execFileSync('mknod', ['-m', '666', target, 'c', '1', '3'], { stdio: 'pipe' });
    fs.writeFileSync(target, 'written');
    if (fs.statSync(target).isCharacterDevice() && fs.readFileSync(target).length === 0) return;
  } catch (error) {
    throw new OracleUnavailableError(`cannot make the null device in the sandbox (${(error as Error).message.split('\n')[0]})`);
  }
  throw new OracleUnavailableError('the sandbox\'s /dev/null keeps what is written to it: not the null device');
}

/**
 * Agents' shells run in a UTF-8 locale, and bash's reading of `$'\u…'` and of multibyte text
 * depends on it, so the sandbox gets the C.UTF-8 locale data (glibc does not build it in).
 */
export function copyUtf8Locale(root: string): void {
  const localeDir = '/usr/lib/locale';
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(localeDir);
  } catch {
    return; // assertUtf8Locale reports it
  }
  for (const entry of entries) {
    if (!/^C\.utf-?8$/i.test(entry)) continue;
    fs.cpSync(path.join(localeDir, entry), path.join(root, localeDir, entry), { recursive: true, dereference: true });
  }
}


/**
 * Where to build the sandbox: a memory file system when one allows executing files (each run
 * writes and reads a handful of small files), otherwise the temp folder.
 */
export function sandboxParent(): string {
  try {
    for (const line of fs.readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [, mountPoint, type, options] = line.split(' ');
      if (mountPoint === '/dev/shm' && type === 'tmpfs' && !options!.split(',').includes('noexec')) {
        fs.accessSync('/dev/shm', fs.constants.W_OK);
        return '/dev/shm';
      }
    }
  } catch {
    // fall through
  }
  return os.tmpdir();
}

/**
 * PID 1 of a zsh run: starts zsh, then reaps every process of the run until none is left, so
 * background jobs (disowned ones too) finish and leave their records; exits with zsh's status.
 */
const REAPER_C_SOURCE = `#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) return 125;
  pid_t shell = fork();
  if (shell < 0) return 125;
  if (shell == 0) {
    execv(argv[1], argv + 1);
    _exit(127);
  }
  int result = 125;
  for (;;) {
    int status;
    pid_t done = wait(&status);
    if (done < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (done == shell) result = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  return result;
}
`;

/** Puts zsh, its libraries, its modules and the reaper into the sandbox. */
function installZsh(root: string, hostZsh: string): void {
  fs.copyFileSync(hostZsh, path.join(root, SANDBOX_ZSH));
  fs.chmodSync(path.join(root, SANDBOX_ZSH), 0o755);
  for (const library of sharedLibraries(hostZsh)) {
    const target = path.join(root, library);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(library, target);
  }
  if (!fs.existsSync(ZSH_MODULE_DIR)) throw new OracleUnavailableError(`zsh's module folder ${ZSH_MODULE_DIR} is missing (Debian's zsh package installs it)`);
  fs.cpSync(ZSH_MODULE_DIR, path.join(root, ZSH_MODULE_DIR), { recursive: true, dereference: true });
  // Libraries the modules need beyond zsh's own (libcap, libpcre, libgdbm, …).
  for (const module of findFiles(path.join(root, ZSH_MODULE_DIR), '.so')) {
    let libraries: string[] = [];
    try {
      libraries = sharedLibraries(module);
    } catch {
      continue;
    }
    for (const library of libraries) {
      const target = path.join(root, library);
      if (fs.existsSync(target) || !fs.existsSync(library)) continue;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(library, target);
    }
  }
  const compiler = findHostProgram('cc') ?? findHostProgram('gcc');
  if (compiler === null) throw new OracleUnavailableError('the zsh oracle needs a C compiler for its reaper (PID 1 of each run)');
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-reaper-build-'));
  try {
    fs.writeFileSync(path.join(buildDir, 'reaper.c'), REAPER_C_SOURCE);
    execFileSync(compiler, ['-O2', '-static', '-o', path.join(root, SANDBOX_REAPER), path.join(buildDir, 'reaper.c')], { stdio: 'ignore', timeout: 60_000 });
  } catch (error) {
    throw new OracleUnavailableError(`cannot build the reaper for the zsh oracle: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

function findFiles(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findFiles(full, suffix));
    else if (entry.name.endsWith(suffix)) out.push(full);
  }
  return out;
}

function findHostZsh(): string {
  for (const candidate of ['/usr/bin/zsh', '/bin/zsh']) {
    if (fs.existsSync(candidate)) return fs.realpathSync(candidate);
  }
  throw new OracleUnavailableError('no zsh found at /usr/bin/zsh or /bin/zsh (install Debian\'s zsh package)');
}

/** Every builtin zsh knows at start, autoloadable module builtins included (`${(k)builtins}`). */
function listZshBuiltins(hostZsh: string): string[] {
  const names = runOnHost([hostZsh, '-f', '-c', "print -rl -- ${(ok)builtins}"])
    .split('\n')
    .filter((name) => name.length > 0);
  for (const essential of ['builtin', 'command', 'exec', 'eval', 'echo', 'zmodload', 'typeset', 'noglob', '-']) {
    if (!names.includes(essential)) throw new OracleUnavailableError(`zsh's $builtins did not list ${essential}`);
  }
  for (const name of names) {
    if (!/^(?:[A-Za-z_][A-Za-z0-9_]*|[-.:[])$/.test(name)) throw new OracleUnavailableError(`unexpected zsh builtin name ${JSON.stringify(name)}`);
  }
  return names;
}

function findHostBash(): string {
  for (const candidate of ['/bin/bash', '/usr/bin/bash']) {
    if (fs.existsSync(candidate)) return fs.realpathSync(candidate);
  }
  throw new OracleUnavailableError('no bash found at /bin/bash or /usr/bin/bash');
}

/** Every library the dynamic loader maps for bash, by absolute path (from `ldd`). */
export function sharedLibraries(binary: string): string[] {
  const out = runOnHost(['ldd', binary]);
  const libraries = new Set<string>();
  for (const line of out.split('\n')) {
    const arrow = /=>\s*(\/\S+)/.exec(line);
    const bare = /^\s*(\/\S+)/.exec(line);
    const found = arrow?.[1] ?? bare?.[1];
    if (found) libraries.add(found);
  }
  if (libraries.size === 0) throw new OracleUnavailableError(`ldd found no libraries for ${binary}`);
  return [...libraries];
}

function listBuiltins(hostBash: string): string[] {
  const names = runOnHost([hostBash, '--norc', '--noprofile', '-c', 'compgen -b'])
    .split('\n')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  for (const essential of ['builtin', 'command', 'enable', 'exec', 'eval', 'echo']) {
    if (!names.includes(essential)) throw new OracleUnavailableError(`compgen -b did not list ${essential}`);
  }
  for (const name of names) {
    // Names are spliced into the preamble; anything unexpected would change its meaning.
    if (!/^[A-Za-z_.:[][A-Za-z0-9_]*$/.test(name)) throw new OracleUnavailableError(`unexpected builtin name ${JSON.stringify(name)}`);
  }
  return names;
}

export function findHostProgram(name: string): string | null {
  for (const dir of (process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin').split(':').concat(['/usr/sbin', '/usr/bin', '/sbin', '/bin'])) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return null;
}



function runOnHost(argv: string[]): string {
  const [program, ...args] = argv;
  try {
    return execFileSync(program!, args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new OracleUnavailableError(`${argv.join(' ')} failed: ${(error as Error).message.split('\n')[0]}`);
  }
}

function singleQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export type BoundedOutcome =
  | { kind: 'exited'; exitCode: number | null; stderr: string }
  | { kind: 'timeout'; stderr: string }
  | { kind: 'spawn-error'; stderr: string; detail: string };

/**
 * Runs a program in a process group of its own and resolves when it has exited and closed stderr.
 * bash is PID 1 of the run's pid namespace, so by then every process of the run is gone. The
 * whole group is killed at the deadline.
 */
export function spawnBounded(program: string, args: string[], timeoutMs: number, env: NodeJS.ProcessEnv): Promise<BoundedOutcome> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    const stderr: Buffer[] = [];
    let stderrBytes = 0;
    let timedOut = false;
    let settled = false;
    const finish = (outcome: BoundedOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderrBytes < 64 * 1024) stderr.push(chunk);
      stderrBytes += chunk.length;
    });
    child.on('error', (error) => finish({ kind: 'spawn-error', stderr: '', detail: error.message }));
    child.on('close', (code) => {
      const text = Buffer.concat(stderr).toString('utf8');
      finish(timedOut ? { kind: 'timeout', stderr: text } : { kind: 'exited', exitCode: code, stderr: text });
    });
  });
}

/** Reads every record file of a run, in the order the recorders started. */
export function readRecordDirectory(dir: string): { ok: true; records: Buffer[][]; stdins: Buffer[] } | { ok: false; detail: string } {
  const entries: Array<{ name: string; micros: bigint; pid: number }> = [];
  for (const name of fs.readdirSync(dir)) {
    const match = /^([0-9]+)\.([0-9]{6})-([0-9]+)$/.exec(name);
    if (!match) return { ok: false, detail: `unexpected record file name ${JSON.stringify(name)}` };
    entries.push({ name, micros: BigInt(match[1]!) * 1000000n + BigInt(match[2]!), pid: Number(match[3]) });
  }
  entries.sort((a, b) => (a.micros < b.micros ? -1 : a.micros > b.micros ? 1 : a.pid - b.pid));
  const records: Buffer[][] = [];
  const stdins: Buffer[] = [];
  for (const entry of entries) {
    const parsed = parseRecords(fs.readFileSync(path.join(dir, entry.name)));
    if (!parsed.ok) return { ok: false, detail: `${entry.name}: ${parsed.detail}` };
    records.push(...parsed.records);
    stdins.push(...parsed.stdins);
  }
  return { ok: true, records, stdins };
}

/** Splits record text into argv vectors; any deviation from the format is reported, not guessed. */
export function parseRecords(raw: Buffer): { ok: true; records: Buffer[][]; stdins: Buffer[] } | { ok: false; detail: string } {
  const fields: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 0) {
      fields.push(raw.subarray(start, i));
      start = i + 1;
    }
  }
  if (start !== raw.length) return { ok: false, detail: 'record file does not end with NUL' };
  const records: Buffer[][] = [];
  const stdins: Buffer[] = [];
  let i = 0;
  while (i < fields.length) {
    if (fields[i]!.toString('latin1') !== RECORD_MAGIC) return { ok: false, detail: `record ${records.length}: missing marker` };
    const countText = fields[i + 1]?.toString('latin1') ?? '';
    if (!/^[0-9]+$/.test(countText)) return { ok: false, detail: `record ${records.length}: bad argument count` };
    const count = Number(countText);
    if (i + 2 + count > fields.length) return { ok: false, detail: `record ${records.length}: truncated` };
    records.push(fields.slice(i + 2, i + 2 + count));
    i += 2 + count;
    // The standard input a recorder read (the program oracle's recorders leave none).
    if (fields[i]?.toString('latin1') === STDIN_MAGIC && i + 1 < fields.length) {
      stdins.push(fields[i + 1]!);
      i += 2;
    } else {
      stdins.push(Buffer.alloc(0));
    }
  }
  return { ok: true, records, stdins };
}

/** At most `size` runs at once; the others wait in order. Shared by the bash and program oracles. */
export class RunSlots {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  acquire(): Promise<void> {
    if (this.inFlight < this.size) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}

/** Removes a sandbox tree: thousands of small run folders, which the C rm removes much faster than Node. */
export function removeSandbox(root: string): void {
  try {
    execFileSync('rm', ['-rf', '--one-file-system', root], { stdio: 'ignore', timeout: 60_000 });
  } catch {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
