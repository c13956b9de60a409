/**
 * Can a command be TYPED into the "Approvals Gate" terminal and be exactly what bash runs?
 *
 * VS Code's `executeCommand` does not paste the command: it writes the text to the terminal as if
 * typed (newlines become Enter; no bracketed paste when executing — checked in VS Code 1.100), and
 * bash's line editor (readline) reads it key by key. The gate, however, read the command as
 * `bash -c` would. Wherever the two readings can differ, the command runs as a child process
 * (`bash -c`, the exact string) instead:
 *
 * - a newline is Enter: each line would run as its own command, and the terminal would report the
 *   first line's end as the whole command's;
 * - tab triggers completion, and control characters are editing keys (`\x15` erases the line,
 *   `\x17` a word, `\x1b…` starts a key sequence): the line bash runs would not be the line approved;
 * - non-ASCII bytes depend on the locale: outside a UTF-8 locale readline can read them as Meta
 *   key chords;
 * - a trailing backslash, or a here-document, makes bash wait for more lines that never come;
 * - very long lines are slow to type and to echo.
 *
 * History expansion (`!!`, `^a^b`), the other interactive-only rewriting, is switched off in that
 * terminal's start-up file rather than avoided here. Incomplete syntax (an open quote, `if` with no
 * `fi`) is for bash itself to judge: see `bashSyntax.ts`.
 */

/** Longest command typed into the terminal; longer ones run as a child process. */
export const MAX_TYPED_COMMAND_LENGTH = 4096;

/** Why `command` must not be typed into the terminal, or `null` when it can be. */
export function terminalTypingProblem(command: string): string | null {
  if (command.trim() === '') return 'the command is empty';
  if (command.length > MAX_TYPED_COMMAND_LENGTH) return `the command is longer than ${MAX_TYPED_COMMAND_LENGTH} characters`;
  const odd = /[^\x20-\x7e]/.exec(command);
  if (odd) {
    const c = odd[0];
    if (c === '\n' || c === '\r') return 'the command spans several lines, and the terminal would run each line as a separate command';
    if (c === '\t') return 'the command contains a tab, which the terminal would treat as a completion key';
    const code = c.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f)) {
      return `the command contains the control character \\x${code.toString(16).padStart(2, '0')}, which the terminal would treat as a key`;
    }
    return `the command contains non-ASCII text (U+${code.toString(16).toUpperCase().padStart(4, '0')}), which the terminal's line editor reads according to the locale`;
  }
  if (command.endsWith('\\')) return 'the command ends with a backslash, and the terminal would wait for another line';
  if (/(?:^|[^<])<<(?!<)/.test(command)) return 'the command has a here-document, which needs lines the terminal would wait for';
  return null;
}
