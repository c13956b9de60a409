/**
 * What the resolver knows about a command line: either every simple command with its exact
 * argv, or the list of shell mechanisms that stopped it from knowing. Everything downstream
 * (floors, lists, the rater prompt, the card) reads this one shape.
 */

/**
 * One shell word.
 * - `literal`: bash turns it into exactly `value` (quotes removed, escapes decoded, a leading
 *   `~` replaced by the home folder). `raw` is the source text.
 * - `opaque`: bash expands it at run time (`$VAR`, globs, braces, `~user`), so it may become
 *   zero, one or several strings the gate cannot know. `raw` is the source text.
 */
export type Word =
  | { kind: 'literal'; value: string; raw: string }
  | { kind: 'opaque'; raw: string; expansions: OpaqueExpansion[] };

/** Why a word is opaque. */
export type OpaqueExpansion = 'variable' | 'glob' | 'brace' | 'tilde' | 'tilde-user';

/**
 * The shell whose reading a command must match (D§4.2): `bash`, `zsh`, or `any` when the gate
 * does not know for sure which of the two will run it — then a command is resolved only where
 * both run the same argv. The zsh reading is that common part: what zsh runs differently from
 * bash is unresolved (`shell-difference`), never read with a guess (docs/decisions.md).
 */
export type ReadingShell = 'bash' | 'zsh' | 'any';

export const READING_SHELLS: readonly ReadingShell[] = ['bash', 'zsh', 'any'];

/** The operator that follows a segment; `null` after the last one. */
export type Connector = ';' | '&&' | '||' | '|' | '|&' | '&' | '\n';

/** A redirection attached to a simple command, e.g. `2>&1` or `>> out.log`. */
export interface Redirect {
  /** The explicit file descriptor number written before the operator, if any. */
  fd: number | null;
  op: '>' | '>>' | '>|' | '<' | '<>' | '>&' | '<&' | '&>' | '&>>';
  target: Word;
  raw: string;
}

/**
 * Text a here-document (`<<WORD`, `<<-WORD`) or a here-string (`<<<WORD`) feeds to a simple
 * command's standard input, read exactly (D§4.2, docs/decisions.md "Data that only looks like
 * code"): the body of a here-document whose delimiter is quoted, or whose body holds no `$`,
 * backquote or backslash (tabs stripped for `<<-`); a here-string's literal word and a newline.
 * Always on descriptor 0, the only redirect of the command's standard input.
 */
export interface HereText {
  op: '<<' | '<<-' | '<<<';
  /** Exactly what the command reads on its standard input. */
  body: string;
  /** The operator and its word as written (the body of a here-document follows the line). */
  raw: string;
}

/** A `NAME=value` (or `NAME+=value`) word in front of a simple command. */
export interface Assignment {
  name: string;
  append: boolean;
  value: Word;
  raw: string;
}

/** One simple command of a list or pipeline. */
export interface Segment {
  /** The command words after any assignments, wrappers included, as bash would pass them. */
  argv: Word[];
  assignments: Assignment[];
  redirects: Redirect[];
  /**
   * What a here-document or here-string feeds to the command's standard input. Present only when
   * the resolver was told the program reads its input as data (`ResolveOptions.readsStdinAsData`):
   * otherwise a here-text keeps the line unresolved.
   */
  hereText?: HereText;
  /** The operator after this segment, `null` for the last segment. */
  connector: Connector | null;
  /** The pipeline this segment belongs to starts with the `!` reserved word. */
  negated: boolean;
  /** The pipeline this segment belongs to starts with the `time` reserved word. */
  timed: boolean;
  /** The segment's source text (without its connector). */
  raw: string;
}

/**
 * A shell feature that made the command unresolvable. The names are stable: they appear in
 * decision records, the CLI output and the rater prompt.
 */
export type Mechanism =
  | 'substitution' // $(…) or backticks, also inside double quotes
  | 'process-substitution' // <(…) >(…)
  | 'arithmetic' // $((…)), ((…)), $[…]
  | 'eval' // eval, source, . — text run as code
  | 'opaque-program' // the program word is not literal
  | 'job-control' // a command word starting with % resumes a job (fg/bg)
  | 'indirect-expansion' // ${!x}: a value used as a name
  | 'prompt-expansion' // ${x@P}: a value expanded as a prompt
  | 'name-evaluation' // a builtin evaluates a name it is given (read "$x", printf -v "$x", declare "$x=1")
  | 'shell-state' // an earlier segment changes what later ones run (export PATH=…; ls)
  | 'subshell' // ( … )
  | 'group' // { …; }
  | 'control-flow' // if for while until case select
  | 'function-definition'
  | 'test-expression' // [[ … ]]
  | 'heredoc' // << and <<-
  | 'here-string' // <<<
  | 'coproc'
  | 'history-expansion' // ! outside single quotes in an interactive shell
  | 'comment' // # hides the rest of a line
  | 'unbalanced-quote'
  | 'dialect' // zsh =(…), glob qualifiers, other non-bash syntax
  | 'shell-difference' // bash and zsh run it differently, and the reading must hold in zsh (`any`, `zsh`)
  | 'array-assignment' // a=(…), and a word starting NAME[ before the program word (a[ x ]=1)
  | 'fd-variable' // {fd}>file
  | 'syntax' // anything else outside the supported grammar
  | 'too-many-segments' // > 64 segments
  | 'too-long' // > 64 KiB
  | 'hidden-characters'; // control, bidi, zero-width, non-ASCII spaces, line separators

/** The resolver's answer: exact or nothing. */
export type Resolution =
  | { resolved: true; segments: Segment[] }
  | { resolved: false; mechanisms: Mechanism[]; detail: string };

/** Most segments a resolved command may have. */
export const MAX_SEGMENTS = 64;
/** Longest command (in UTF-16 code units) the resolver reads. */
export const MAX_COMMAND_LENGTH = 64 * 1024;

/** A literal word for `text`: a word made from part of another (an attached option value) or from a plain string (the carve-out table). */
export function literalWord(text: string): Word {
  return { kind: 'literal', value: text, raw: text };
}

/** The literal value of a word, or `null` when it is opaque. */
export function literalValue(word: Word): string | null {
  return word.kind === 'literal' ? word.value : null;
}

/** The argv of a segment as strings, or `null` if any word is opaque. */
export function literalArgv(segment: Segment): string[] | null {
  const out: string[] = [];
  for (const word of segment.argv) {
    if (word.kind !== 'literal') return null;
    out.push(word.value);
  }
  return out;
}

/** The summary form that decision records and the CLI print (D§14). */
export type ResolutionSummary =
  | {
      resolved: true;
      segments: Array<{
        argv: Array<string | null>;
        connector: Connector | null;
        negated: boolean;
        redirects?: Array<{ fd: number | null; op: Redirect['op']; target: string | null }>;
        assignments?: Array<{ name: string; value: string | null }>;
      }>;
    }
  | { resolved: false; mechanisms: Mechanism[] };

export function summariseResolution(resolution: Resolution): ResolutionSummary {
  if (!resolution.resolved) return { resolved: false, mechanisms: [...resolution.mechanisms] };
  return {
    resolved: true,
    segments: resolution.segments.map((segment) => ({
      argv: segment.argv.map(literalValue),
      connector: segment.connector,
      negated: segment.negated,
      ...(segment.redirects.length > 0
        ? { redirects: segment.redirects.map((r) => ({ fd: r.fd, op: r.op, target: literalValue(r.target) })) }
        : {}),
      ...(segment.assignments.length > 0
        ? { assignments: segment.assignments.map((a) => ({ name: a.name, value: literalValue(a.value) })) }
        : {}),
    })),
  };
}
