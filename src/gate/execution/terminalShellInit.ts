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
 *    history file, and no inherited `PROMPT_COMMAND` runs;
 * 3. sources VS Code's own shell-integration script (as its manual installation does — sourced
 *    this way it does not read `~/.bashrc`), which is what makes `executeCommand` and the output
 *    stream work;
 * 4. unsets every exported variable not on the keep list, then exports the fixed values;
 * 5. turns history expansion off (`set +H`): typed into an interactive shell, `!!` or `^a^b` would
 *    be rewritten; under `bash -c`, as the gate read it, they mean themselves;
 * 6. installs a status reporter that runs before each prompt (first in `PROMPT_COMMAND`) and
 *    appends one record to a private status file: a sequence number, the exit status of the last
 *    command, the working folder, a checksum of the shell's state, and the last history entry.
 *
 * The status file is how the runner learns that the command it typed has really finished, with
 * what status, in which folder, and that the line bash ran is the line that was approved. VS Code's
 * end-of-command event cannot be trusted alone: it is driven by escape sequences in the terminal
 * output, and a command whose output contains `ESC ] 633 ; D ; 0 BEL` ends it early with status 0
 * (seen in code-server 4.100.3) while the command keeps running.
 *
 * The shell-state checksum covers exported variables, aliases, functions, shell options, traps,
 * umask, limits and `IFS`/`GLOBIGNORE`/`CDPATH`. When a command changes any of them (`export`,
 * `alias`, `cd`, `set -o …`), the runner starts a fresh terminal before the next command, so every
 * command runs in the state the gate assumed: a new shell in the requested folder.
 */

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
}

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
  return [
    '# Start-up file of the "Approvals Gate" terminal, written by the Approvals Gate extension for this',
    '# terminal only (bash --init-file). It replaces ~/.bashrc so that approved commands run in the same',
    '# clean shell as `bash --norc -c` would give them. See docs/terminal-runner.md.',
    'builtin unalias -a',
    'for __approvals_gate_f in $(builtin compgen -A function); do builtin unset -f "$__approvals_gate_f"; done',
    'builtin unset HISTFILE HISTTIMEFORMAT HISTCONTROL HISTIGNORE PROMPT_COMMAND',
    `builtin . ${bashSingleQuote(options.integrationScript)}`,
    `__approvals_gate_keep=' ${keep.join(' ')} '`,
    'for __approvals_gate_n in $(builtin compgen -e); do',
    '  case "$__approvals_gate_keep" in *" $__approvals_gate_n "*) ;; *) builtin unset "$__approvals_gate_n" 2>/dev/null ;; esac',
    'done',
    ...fixed,
    'builtin set +H',
    'builtin unset __approvals_gate_f __approvals_gate_n __approvals_gate_keep',
    '__approvals_gate_seq=0',
    '__approvals_gate_report() {',
    '  builtin local status=$? entry state',
    '  entry=$(builtin history 1)',
    '  state=$({ builtin export -p; builtin alias -p; builtin declare -f; builtin set +o; builtin shopt -p; builtin trap -p; builtin umask; builtin ulimit -a; builtin printf \'%q|\' "$IFS" "${GLOBIGNORE-}" "${CDPATH-}"; } 2>&1 | builtin command -p cksum 2>&1)',
    '  __approvals_gate_seq=$((__approvals_gate_seq + 1))',
    `  builtin printf '%s\\0%s\\0%s\\0%s\\0%s\\0' "$__approvals_gate_seq" "$status" "$PWD" "$state" "$entry" >> ${status}`,
    '  builtin return "$status"',
    '}',
    'PROMPT_COMMAND="__approvals_gate_report;${PROMPT_COMMAND}"',
    '',
  ].join('\n');
}
