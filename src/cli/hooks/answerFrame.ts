/**
 * How a hook process writes its answer, and how the launcher the agents run (launcher.ts) knows
 * that the answer is whole. Part of the loader's bundle (`dist/hook.js`), so it imports nothing.
 *
 * Under the launcher (`APPROVALS_GATE_ANSWER_END=1` in the environment) the answer's standard
 * output is followed, in the same write, by `approvals-gate-answer-end:CODE`, CODE being the exit
 * code the process is about to exit with. The launcher passes the output on without that line
 * only when it is there and the process really exited with CODE (0 or 2); anything else (an
 * empty or half-written bundle, a crash, a kill, a Node that did not start) becomes the agent's
 * deny. Without the variable (a command registered before the launcher existed, or run by hand)
 * nothing is added.
 */
export const ANSWER_END_VARIABLE = 'APPROVALS_GATE_ANSWER_END';
export const ANSWER_END = 'approvals-gate-answer-end:';

/** Writes an answer: the reason on stderr first, then the agent's output (and the end mark under the launcher) in one write. */
export function writeAnswer(stdout: string, stderr: string, exitCode: number): void {
  if (stderr !== '') process.stderr.write(stderr);
  const framed = process.env[ANSWER_END_VARIABLE] === '1';
  const text = framed ? `${stdout}${ANSWER_END}${exitCode}` : stdout;
  if (text !== '') process.stdout.write(text);
}
