/**
 * Commands declared in a job or service specification that the gate has no reader for (D§5;
 * docs/decisions.md "Commands a job specification declares"): a scheduler's job (Nomad's
 * `raw_exec`/`exec` task, `config { command = "/bin/rm" args = ["-rf", "/etc"] }`), a container or
 * pod spec in JSON or YAML (`"command": ["rm"], "args": ["-rf", "/"]`, `command: rm -rf /`). The
 * program a `command` (`cmd`, `entrypoint`) names and the `args` array that follows it in the same
 * text are one argv, returned as shell text with every word quoted, for the floor's approximate
 * reading. Approximate on purpose: nesting is not followed, and an `args` array is joined to the
 * nearest `command` before it (a miss is possible, a silent drop of what is plainly declared is not).
 */

/**
 * `command = "…"`, `"command": […]`, `cmd: …` (HCL, JSON, YAML), any case; group 2: the value. A
 * structure's field in code is read the same way (`{ cmd := "rm", args := #["-rf", "/etc"] }`,
 * Lean's and Pascal's `:=`, Lean's `#[…]` and Objective-C's `@[…]` arrays).
 */
const COMMAND_KEY = /["']?\b(command|cmd|entrypoint|executable)["']?[ \t]*:?[:=][ \t]*[#@]?(\[[^\]]{0,4096}\]|"(?:[^"\\\n]|\\.){0,4096}"|'[^'\n]{0,4096}'|[^\s\[{"'#,][^\n#,}]{0,4096})/gi;

/** `args = [ … ]`, `"args": [ … ]`, `arguments: [ … ]`; group 1: the array. */
const ARGS_KEY = /["']?\b(?:args|arguments)["']?[ \t]*:?[:=][ \t]*[#@]?(\[[^\]]{0,8192}\])/i;

/** The strings of an array literal (`["-rf", "/etc"]`, `['a', 'b']`, YAML's `[a, b]`). */
function arrayItems(array: string): string[] {
  const inner = array.slice(1, -1);
  const quoted = [...inner.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((match) => (match[1] !== undefined ? unescapeJson(match[1]) : match[2]!));
  if (quoted.length > 0) return quoted;
  return inner.split(',').map((item) => item.trim()).filter((item) => item !== '');
}

function unescapeJson(text: string): string {
  return text.replace(/\\(["\\/])/g, '$1').replace(/\\n/g, '\n').replace(/\\t/g, '\t');
}

/** A word quoted for a POSIX shell. */
function quoted(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Most declarations read from one text. */
const MAX_DECLARATIONS = 32;

/** Each declared command of the text as shell text (an argv quoted word by word, or a command line as written). */
export function declaredCommands(text: string): string[] {
  if (text.length > 65536 || !/\b(?:command|cmd|entrypoint|executable)\b/i.test(text)) return [];
  const matches = [...text.matchAll(COMMAND_KEY)].slice(0, MAX_DECLARATIONS);
  const out: string[] = [];
  for (let k = 0; k < matches.length; k++) {
    const match = matches[k]!;
    const value = match[2]!.trim();
    // The args that follow, up to the next declared command.
    const end = k + 1 < matches.length ? matches[k + 1]!.index : text.length;
    const after = text.slice(match.index + match[0].length, end);
    const args = ARGS_KEY.exec(after);
    const argWords = args === null ? [] : arrayItems(args[1]!);
    if (value.startsWith('[')) {
      out.push([...arrayItems(value), ...argWords].map(quoted).join(' '));
    } else if (value.startsWith('"') || value.startsWith("'")) {
      const program = value.startsWith('"') ? unescapeJson(value.slice(1, -1)) : value.slice(1, -1);
      // A lone program with args is an argv; a string without args may be a whole command line (`command: rm -rf /`).
      out.push(argWords.length > 0 ? [program, ...argWords].map(quoted).join(' ') : program);
    } else {
      out.push(argWords.length > 0 ? [value, ...argWords].map(quoted).join(' ') : value);
    }
  }
  return out;
}
