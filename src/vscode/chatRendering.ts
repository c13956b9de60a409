import type { Decision } from '../gate/decision';
import type { ExecutionRecord } from '../gate/execution/executionRecord';
import { findHiddenCharacters } from '../gate/reading/hiddenCharacters';

/**
 * How `@gate` shows what happened in the chat, as markdown strings (no `vscode` here, so the
 * rules are unit-tested). Chat markdown has no collapsible blocks, so each command is a fenced
 * code block followed by one line with the gate's decision: what happened, the deciding stage,
 * the outcome, and the reason.
 *
 * Everything that comes from a model or a command — the command itself, a rater's reason, output
 * — is shown as data: inside a fence long enough that nothing in it can close it, or escaped so
 * that it cannot turn into links, images or formatting. Hidden characters in a command are shown
 * as escapes, as on the approval card: the chat must not show something other than what runs.
 */

/** Longest command shown in the chat (the card shows every character). */
export const SHOWN_COMMAND_MAX_CHARS = 4000;
/** Output shown under a command: its last lines, at most this many… */
export const SHOWN_OUTPUT_MAX_LINES = 20;
/** …and at most this many characters. */
export const SHOWN_OUTPUT_MAX_CHARS = 2000;
/** Longest reason shown on a decision line. */
export const SHOWN_REASON_MAX_CHARS = 600;

/** `text` in a fenced code block whose fence is longer than any run of backticks inside it. */
export function fenced(text: string, language = ''): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${language}\n${body}${fence}\n`;
}

/** A command as the chat shows it: hidden characters as visible escapes, a very long one cut with a note. */
export function shownCommand(command: string, max = SHOWN_COMMAND_MAX_CHARS): string {
  let shown = '';
  let from = 0;
  for (const hidden of findHiddenCharacters(command)) {
    shown += command.slice(from, hidden.index) + hidden.escape;
    from = hidden.index + String.fromCodePoint(hidden.codePoint).length;
  }
  shown += command.slice(from);
  if (shown.length <= max) return shown;
  return `${shown.slice(0, max)}\n… (${shown.length - max} more characters; the approval card shows all of them)`;
}

/** Text as one line of plain markdown: formatting characters escaped, line breaks folded, length capped. */
export function escapeMarkdown(text: string, max = SHOWN_REASON_MAX_CHARS): string {
  const line = shownCommand(text.replace(/\s*[\r\n]+\s*/g, ' '), Number.MAX_SAFE_INTEGER).trim();
  const cut = line.length > max ? `${line.slice(0, max)}…` : line;
  return cut.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, '\\$&');
}

/** What became of the command, in two or three words. */
export function actionWords(decision: Decision, execution?: ExecutionRecord): string {
  switch (decision.action) {
    case 'approve':
      if (!execution) return 'Approved';
      return execution.started ? 'Ran' : 'Approved, but did not start';
    case 'reject':
      return 'Not run — refused';
    case 'escalate':
      return 'Not run — nobody to ask';
    case 'halt':
      return 'Not run — the gate ended the run';
  }
}

/** One line: what happened · stage · outcome — reason. */
export function decisionLine(decision: Decision, execution?: ExecutionRecord): string {
  const parts = [`**${actionWords(decision, execution)}**`, `stage \`${decision.stage}\``];
  if (decision.outcome) parts.push(`outcome \`${decision.outcome}\``);
  if (execution?.started) {
    parts.push(execution.timedOut ? 'stopped: ran too long' : execution.exitCode === null ? 'no exit status' : `exit code ${execution.exitCode}`);
  }
  return `${parts.join(' · ')} — ${escapeMarkdown(decision.reason)}`;
}

/** The end of a command's output, for the chat (the model gets more; the terminal has all of it). */
export function outputExcerpt(output: string): { text: string; cut: boolean } {
  const lines = output.replace(/\n$/, '').split('\n');
  let kept = lines.slice(-SHOWN_OUTPUT_MAX_LINES).join('\n');
  let cut = lines.length > SHOWN_OUTPUT_MAX_LINES;
  if (kept.length > SHOWN_OUTPUT_MAX_CHARS) {
    kept = kept.slice(-SHOWN_OUTPUT_MAX_CHARS);
    cut = true;
  }
  return { text: kept, cut };
}

/** The markdown for one gated shell command: the command, the decision line, and the end of its output. */
export function commandBlock(command: string, decision: Decision | undefined, execution?: ExecutionRecord): string {
  const lines = ['\n\n', fenced(shownCommand(command), 'sh')];
  if (decision) lines.push(`${decisionLine(decision, execution)}\n`);
  if (execution?.started && execution.output.trim() !== '') {
    const excerpt = outputExcerpt(shownCommand(execution.output, Number.MAX_SAFE_INTEGER));
    lines.push(`\n${excerpt.cut ? 'Output (the end; the Approvals Gate terminal has all of it):' : 'Output:'}\n`, fenced(excerpt.text, 'text'));
  }
  return lines.join('');
}

/** `text` as inline code that nothing inside it can end; line breaks and hidden characters shown as escapes. */
export function inlineCode(text: string): string {
  const full = shownCommand(text, Number.MAX_SAFE_INTEGER).replace(/\n/g, '\\n');
  const shown = full.length > 200 ? `${full.slice(0, 200)}…` : full;
  let longest = 0;
  for (const run of shown.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  if (longest === 0) return `\`${shown}\``;
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${shown} ${fence}`;
}
