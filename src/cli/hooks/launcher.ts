import { quote } from 'shell-quote';
import { AGENTS, type AgentName } from './agents';
import { failed } from './hookCommand';
import { ANSWER_END, ANSWER_END_VARIABLE } from './answerFrame';

/**
 * The command `install` registers with an agent (D§16): a few lines of POSIX sh around
 * `NODE HOOK_JS hook AGENT` that turn every way the hook can fail before it answers into the
 * agent's own refusal. The text lives in the agent's settings file, so it cannot go missing
 * with the files it runs.
 *
 * The agents run the registered command through a shell — observed on Linux: Claude Code 2.1.328
 * `/bin/sh -c` (its docs: Git Bash on Windows), Gemini CLI 0.61 `bash -c`, Codex 0.169
 * `/bin/bash -c`, Copilot CLI 1.0.102 `/bin/bash --norc --noprofile -c`; Cursor's is not
 * documented. The command therefore starts `/bin/sh -c '…'` itself: the script is the same
 * whichever shell reads the line, and it holds no single quote and no backslash (fish reads
 * `\\` and `\'` inside single quotes). Everything that varies (the
 * watchdog's seconds, the deny, the Node and the file) comes after it as positional words,
 * shell-quoted; `NODE HOOK_JS hook AGENT` stays readable at the end (and `isGateHookCommand`
 * finds it there).
 *
 * What the script does:
 * 1. Runs `NODE HOOK_JS hook AGENT` with `APPROVALS_GATE_ANSWER_END=1` (answerFrame.ts), its
 *    standard output into a variable, its standard input and error the agent's.
 * 2. A watchdog kills that Node (SIGKILL) after T seconds: a Node stuck in a loop or stopped
 *    never answers, and every agent runs the command when its own timeout kills a hook. T is
 *    the registered timeout less {@link WATCHDOG_LEAD_MS}, later than the hook's own deadlines.
 *    The watchdog (a subshell and its `sleep`) ends as soon as the Node does.
 * 3. The output is passed on only when it ends with the end mark, and the mark's exit code is
 *    the one Node exited with, 0 or 2; the mark itself is not passed on. Otherwise (the bundle is
 *    missing, empty or half-written, Node cannot start, crashed, was killed, wrote half an answer)
 *    the launcher prints the agent's deny for "cannot decide" — the output of `failed()` for this
 *    agent, fixed at install time, naming the fix — and exits with the agent's blocking code.
 */
export const WATCHDOG_LEAD_MS = 3_000;

/** `$1` seconds, `$2` exit code of the deny, `$3` its stdout, `$4` its stderr, then the hook command. */
export const LAUNCHER_SCRIPT = [
  't=$1; c=$2; d=$3; e=$4; shift 4; exec 3<&0',
  `o=$(${ANSWER_END_VARIABLE}=1 "$@" <&3 3<&- & p=$!`,
  '(k() { kill $z; exit 0; }; trap k TERM; sleep $t & z=$!; wait $z && kill -9 $p) >/dev/null 2>&1 3<&- & w=$!',
  'wait $p; s=$?; kill $w 2>/dev/null; printf @%s $s)',
  `s=\${o##*@}; o=\${o%@*}; m=${ANSWER_END}$s`,
  'case $s in 0|2) case $o in *"$m") printf %s "${o%"$m"}"; exit $s;; esac;; esac',
  'printf %s "$d"; printf %s "$e" >&2; exit $c',
].join('\n');

/** The deny the launcher prints when the hook gave no complete answer. */
export function launcherRefusal(agent: AgentName, node: string, folder: string, seconds: number) {
  return failed(
    AGENTS[agent],
    `the Approvals Gate hook gave no complete answer: its Node (${node}) or its files (${folder}) are missing or damaged, it crashed, or it was stopped after ${seconds} s. Run \`approvals-gate install ${agent}\` again; \`approvals-gate doctor ${agent}\` says what is wrong`,
  );
}

/** The command line registered for `agent`: the launcher around `node hookFile hook agent`. */
export function launcherCommand(agent: AgentName, node: string, hookFile: string, timeoutMs: number): string {
  // Every word must be single-quotable, so that every shell (fish too) reads it the same way.
  for (const word of [node, hookFile]) {
    if (/['\\\n]/.test(word)) throw new Error(`${JSON.stringify(word)} holds a quote, a backslash or a line break, which not every agent's shell reads alike; install from (or with XDG_DATA_HOME in) a folder whose path has none`);
  }
  const seconds = Math.max(1, Math.floor((timeoutMs - WATCHDOG_LEAD_MS) / 1000));
  const deny = launcherRefusal(agent, node, hookFile.replace(/\/[^/]*$/, ''), seconds);
  return `/bin/sh -c ${quote([LAUNCHER_SCRIPT])} approvals-gate ${quote([String(seconds), String(deny.exitCode), deny.stdout, deny.stderr, node, hookFile])} hook ${agent}`;
}

/**
 * The session-start command (registrations.ts `sessionStart`): `NODE HOOK_JS warm AGENT` inside
 * `/bin/sh -c`, its input, output and errors discarded and its exit status always 0, whatever
 * happens (its Node or files gone, a crash): it only starts the hook server early, and a session
 * start must never fail or read anything from it. The hook's own command (launcherCommand) is
 * what guards each shell command. Same quoting rules as the launcher.
 */
export const WARM_SCRIPT = '"$@" </dev/null >/dev/null 2>&1; exit 0';

export function warmCommand(agent: AgentName, node: string, hookFile: string): string {
  for (const word of [node, hookFile]) {
    if (/['\\\n]/.test(word)) throw new Error(`${JSON.stringify(word)} holds a quote, a backslash or a line break, which not every agent's shell reads alike; install from (or with XDG_DATA_HOME in) a folder whose path has none`);
  }
  return `/bin/sh -c ${quote([WARM_SCRIPT])} approvals-gate ${quote([node, hookFile])} warm ${agent}`;
}
