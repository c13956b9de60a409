import { isOutputEndToken, OUTPUT_END_OSC } from './outputEndMarker';

/**
 * The start-up file of the "Approvals Gate" terminal: bash runs it with `--init-file` instead of
 * `~/.bashrc`. Generated per terminal by the terminal runner; pure text here so it can be read and
 * tested without VS Code.
 *
 * Why the terminal does not simply get VS Code's automatic shell integration (which sources the
 * user's `~/.bashrc`):
 * - `~/.bashrc` commonly exports tokens (`export GITHUB_TOKEN=…`): it would undo the scrubbed
 *   environment. It also defines aliases and functions (`alias rm='rm -i'`, `ls() {…}`) that make a
 *   command do something other than what the gate read. The child-process fallback runs
 *   `bash --noprofile --norc -c`; the terminal now starts from the same clean state.
 * - VS Code's `strictEnv` is not honoured by remote terminals (code-server 4.100.3 passed the whole
 *   server environment through, a planted `OPENAI_API_KEY` included), and extensions' environment
 *   collections (git's `GIT_ASKPASS`, `VSCODE_GIT_IPC_HANDLE`) are applied on top. So this file
 *   UNSETS every exported variable that is not on the runner's keep list — whatever the terminal
 *   host added.
 *
 * In order, the file:
 * 1. removes aliases and functions (from `/etc/bash.bashrc`, or exported into the environment);
 * 2. unsets history settings so every command is recorded, nothing is written to the user's
 *    history file, and no inherited `PROMPT_COMMAND` runs (nor an inherited
 *    `VSCODE_SHELL_INTEGRATION`, which would make VS Code's script return without installing anything);
 * 3. sources VS Code's own shell-integration script (as its manual installation does — sourced
 *    this way it does not read `~/.bashrc`), which is what makes the command boundaries and the
 *    output stream work; with a reader FIFO, appends to VS Code's DEBUG trap a wait for the runner
 *    to be reading a command's output before the command runs;
 * 4. unsets every exported variable not on the keep list, then exports the fixed values;
 * 5. turns history expansion off (`set +H`): typed into an interactive shell, `!!` or `^a^b` would
 *    be rewritten; under `bash -c`, as the gate read it, they mean themselves;
 * 6. installs a status reporter that runs before each prompt (first in `PROMPT_COMMAND`) and
 *    appends one record to a private status file: a sequence number, the exit status of the last
 *    command, the working folder, a checksum of the shell's state, and the last history entry —
 *    and then prints the end-of-output marker (`outputEndMarker.ts`) to the terminal.
 *
 * The status file is how the runner learns that the command it typed has really finished, with
 * what status, in which folder, and that the line bash ran is the line that was approved. VS Code's
 * end-of-command event cannot be trusted alone: it is driven by escape sequences in the terminal
 * output, and a command whose output contains `ESC ] 633 ; D ; 0 BEL` ends it early with status 0
 * (seen in code-server 4.100.3) while the command keeps running.
 *
 * The shell-state checksum covers exported variables, aliases, functions, shell options, traps,
 * umask, limits, the directory stack, background jobs, and the unexported variables that change
 * how the shell reads or runs a later line (`STATE_VARIABLES`). When a command changes any of them
 * (`export`, `alias`, `cd`, `set -o …`, `pushd`, `cmd &`, `PS0=…`), the runner starts a fresh
 * terminal before the next command, so every command runs in the state the gate assumed: a new
 * shell in the requested folder. The `hash` table is emptied at every prompt instead (ordinary
 * commands fill it, so a checksum of it would replace the terminal after every `ls`): a
 * `hash -p /tmp/x ls` lasts until the prompt, and the next line looks every program up afresh.
 */

/**
 * Unexported shell variables in the state checksum: those the gate assumes when it reads a line
 * (`HOME` for `~`, `PATH` for lookup, `IFS`, `GLOBIGNORE`, `CDPATH`, `POSIXLY_CORRECT`,
 * `BASH_COMPAT`, the locale for globs and ranges), and those that make the shell run or trace code
 * on its own (`PS0` before each command, `PS4` under `set -x`, `PROMPT_COMMAND`, `BASH_ENV` and
 * `ENV`). `declare -p` tells unset from empty and shows attributes (`declare -i`). `PS1` and `PS2`
 * are left out: VS Code's script rewraps them at its first prompt, which would otherwise replace
 * the terminal after every command.
 */
export const STATE_VARIABLES = [
  'HOME', 'PATH', 'IFS', 'GLOBIGNORE', 'CDPATH', 'POSIXLY_CORRECT', 'BASH_COMPAT', 'EXECIGNORE', 'FIGNORE',
  'PS0', 'PS4', 'PROMPT_COMMAND', 'BASH_ENV', 'ENV', 'BASH_XTRACEFD', 'TMOUT', 'HISTFILE',
  'LANG', 'LC_ALL', 'LC_COLLATE', 'LC_CTYPE',
] as const;

/** Separates the fields of a status record; no field (history line, folder, number) can contain it. */
export const STATUS_FIELD_SEPARATOR = '\0';
/** Fields per status record, in order: sequence, status, folder, state checksum, history entry. */
export const STATUS_FIELDS = 5;

/** Variables the terminal itself (not the editor) sets and a shell legitimately has. */
export const TERMINAL_OWN_VARIABLES: readonly string[] = ['TERM', 'COLORTERM', 'TERM_PROGRAM', 'TERM_PROGRAM_VERSION', 'PWD', 'OLDPWD', 'SHLVL'];

/**
 * Values only the terminal gets: readline reads no `~/.inputrc` or `/etc/inputrc`, so no key
 * binding of the user's can turn typed text into something else.
 */
export const TERMINAL_FIXED_ENVIRONMENT: Readonly<Record<string, string>> = Object.freeze({ INPUTRC: '/dev/null' });

export interface ShellInitOptions {
  /** VS Code's `shellIntegration-bash.sh`. */
  integrationScript: string;
  /** Where the status records go (a file in a private directory). */
  statusFile: string;
  /** Exported variables the shell may keep; every other exported variable is unset. */
  keepNames: readonly string[];
  /** Exported after the filter, overriding whatever the terminal host set. */
  fixed: Readonly<Record<string, string>>;
  /**
   * When set, the status reporter also prints the end-of-output marker with this token (see
   * `outputEndMarker.ts`) after each record, so the runner knows when a command's output is complete.
   */
  outputEndToken?: string;
  /**
   * A FIFO on which the runner confirms, once per command line, that it is reading the output VS
   * Code reports for it. When set, the shell waits (at most {@link READER_WAIT_SECONDS} s) for that
   * line after VS Code's command-start sequence and before the command runs. Why: VS Code passes an
   * execution's output on only to readers registered by then, and a reader of an execution the
   * extension learns of from its start event registers a moment later (a microtask) — output that
   * arrived with the start event was lost (measured: a 2 s command's whole output).
   */
  readerReadyFifo?: string;
  /** How long each wait on `readerReadyFifo` may take (default {@link READER_WAIT_SECONDS}). */
  readerWaitSeconds?: number;
  /**
   * Created (empty) when VS Code's script set no prompt hook (`PROMPT_COMMAND`): its shell
   * integration cannot work, and the runner need not wait for it to activate.
   */
  noIntegrationFile?: string;
}

/** How long the shell waits for the runner to read a command's output before running it anyway. */
export const READER_WAIT_SECONDS = 10;

/** `text` as one bash word that means exactly `text` (single quotes; `'` as `'\''`). */
export function bashSingleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The start-up file's text. Names that are not shell names are left out (they cannot be exported). */
export function shellInitScript(options: ShellInitOptions): string {
  const keep = [...new Set([...options.keepNames, ...Object.keys(options.fixed)])].filter((name) => NAME.test(name)).sort();
  const fixed = Object.entries(options.fixed)
    .filter(([name]) => NAME.test(name))
    .map(([name, value]) => `builtin export ${name}=${bashSingleQuote(value)}`);
  const status = bashSingleQuote(options.statusFile);
  const token = options.outputEndToken;
  if (token !== undefined && !isOutputEndToken(token)) throw new Error('outputEndToken must be lower-case hex');
  // After the record: the record is in the file by the time the runner sees the marker.
  const marker = token === undefined ? [] : [`  builtin printf '\\033]${OUTPUT_END_OSC};${token};%s\\007' "$__approvals_gate_seq"`];
  // The wait runs in the DEBUG trap, after VS Code's own handler there, which prints the
  // command-start sequence (`633;C`) before the first command of a line — and at the first command of
  // PROMPT_COMMAND when no line ran (an empty line, Ctrl+C at the prompt). So the reporter arms it at
  // each prompt, and the first DEBUG trap after that waits, except VS Code's own prompt hook (the one
  // command of PROMPT_COMMAND after the reporter, where VS Code prints nothing). The runner answers
  // every start with the number of the shell's latest status record; an answer that is not for this
  // prompt (late, or for a start the shell did not wait for) is skipped. VS Code's script chains an
  // existing DEBUG trap in principle, but under bash 5.2 it saw none from inside the sourced script
  // and dropped ours; so ours is appended to VS Code's afterwards — only when VS Code set one and its
  // prompt hook is a single command (anything else would make the wait come at the wrong moment).
  // `<>` opens the FIFO without blocking.
  const fifo = options.readerReadyFifo;
  const waitSeconds = Math.max(1, Math.floor(options.readerWaitSeconds ?? READER_WAIT_SECONDS));
  const readerWait = fifo === undefined ? [] : [
    '__approvals_gate_await_reader() {',
    '  [[ ${__approvals_gate_awaiting-} == 1 && $BASH_COMMAND != "$__approvals_gate_hook" ]] || builtin return 0',
    '  __approvals_gate_awaiting=0',
    `  builtin local ack deadline=$((SECONDS + ${waitSeconds}))`,
    '  while (( SECONDS < deadline )); do',
    `    builtin read -r -t "$((deadline - SECONDS))" ack <> ${bashSingleQuote(fifo)} || break`,
    '    [[ $ack == "$__approvals_gate_seq" ]] && break',
    '  done',
    '  builtin return 0',
    '}',
    '__approvals_gate_hook=${PROMPT_COMMAND-}',
    '__approvals_gate_t=$(builtin trap -p DEBUG)',
    'if [[ $__approvals_gate_hook =~ ^[A-Za-z_][A-Za-z0-9_]*$ && -n $__approvals_gate_t ]]; then',
    '  builtin eval "__approvals_gate_t=( $__approvals_gate_t )"',
    '  builtin trap -- "${__approvals_gate_t[2]}; __approvals_gate_await_reader" DEBUG',
    'fi',
    'builtin unset __approvals_gate_t',
  ];
  const noIntegration = options.noIntegrationFile === undefined ? [] : [
    `[[ -n \${PROMPT_COMMAND-} ]] || : > ${bashSingleQuote(options.noIntegrationFile)}`,
  ];
  const arm = fifo === undefined ? [] : ['  __approvals_gate_awaiting=1'];
  return [
    '# Start-up file of the "Approvals Gate" terminal, written by the Approvals Gate extension for this',
    '# terminal only (bash --init-file). It replaces ~/.bashrc so that approved commands run in the same',
    '# clean shell as `bash --norc -c` would give them. See docs/terminal-runner.md.',
    'builtin unalias -a',
    'for __approvals_gate_f in $(builtin compgen -A function); do builtin unset -f "$__approvals_gate_f"; done',
    'builtin unset HISTFILE HISTTIMEFORMAT HISTCONTROL HISTIGNORE PROMPT_COMMAND VSCODE_SHELL_INTEGRATION',
    'builtin trap - DEBUG',
    `builtin . ${bashSingleQuote(options.integrationScript)}`,
    ...noIntegration,
    ...readerWait,
    `__approvals_gate_keep=' ${keep.join(' ')} '`,
    'for __approvals_gate_n in $(builtin compgen -e); do',
    '  case "$__approvals_gate_keep" in *" $__approvals_gate_n "*) ;; *) builtin unset "$__approvals_gate_n" 2>/dev/null ;; esac',
    'done',
    ...fixed,
    'builtin set +H',
    'builtin unset __approvals_gate_f __approvals_gate_n __approvals_gate_keep',
    '__approvals_gate_seq=0',
    '__approvals_gate_report() {',
    '  builtin local status=$? entry state jobs',
    '  entry=$(builtin history 1)',
    // `jobs` in a pipeline's subshell sees no jobs; in a plain command substitution it sees the shell's.
    '  jobs=$(builtin jobs -p)',
    `  state=$({ builtin export -p; builtin alias -p; builtin declare -f; builtin set +o; builtin shopt -p; builtin trap -p; builtin umask; builtin ulimit -a; builtin declare -p ${STATE_VARIABLES.join(' ')}; builtin printf '%q|' "\${DIRSTACK[@]:1}"; builtin printf 'jobs %s|' $jobs; } 2>&1 | builtin command -p cksum 2>&1)`,
    '  builtin hash -r',
    '  __approvals_gate_seq=$((__approvals_gate_seq + 1))',
    `  builtin printf '%s\\0%s\\0%s\\0%s\\0%s\\0' "$__approvals_gate_seq" "$status" "$PWD" "$state" "$entry" >> ${status}`,
    ...marker,
    ...arm,
    '  builtin return "$status"',
    '}',
    'PROMPT_COMMAND="__approvals_gate_report;${PROMPT_COMMAND}"',
    '',
  ].join('\n');
}
