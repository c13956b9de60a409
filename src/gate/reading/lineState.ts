import { isHarmlessAssignment } from './harmlessAssignments';
import { literalValue, type Segment, type Word } from './resolution';

/**
 * Shell state set earlier on a line (D§4.2): `export PATH=.:$PATH; ls` runs `./ls`, though `ls`
 * read alone is harmless. Every segment is judged as if in a fresh shell, so a segment that
 * changes what later segments run makes the line unresolved (mechanism `shell-state`) whenever
 * another segment follows it in the same shell. Fail closed by construction: anything that
 * assigns a variable outside the harmless list (harmlessAssignments.ts), or sets a shell option
 * outside a few that only stop or trace, counts; reading the new value forward is not attempted.
 *
 * Handled elsewhere, by the resolver itself: `alias NAME=VALUE`, `enable`, `shopt`, `hash -p`, `source`,
 * `eval`, `set -o posix`, function definitions, `let` and `((…))` (each unresolved wherever it
 * stands); a `trap` payload is read as code. Not state in this sense: `cd`/`pushd` (the words
 * stay what they are; the floors follow the working folder: docs/decisions.md, "Where a path lands").
 */

/** Connectors after which the next segment runs in the same shell as this one. */
const SAME_SHELL = new Set([';', '&&', '||', '\n']);

/** `set` letters that only stop on errors or trace (`-e`, `-u`, `-x`, `-v`, and `-o` with a name below). */
const QUIET_SET_LETTERS = /^[-+][euxvo]+$/;
const QUIET_SET_OPTIONS = new Set(['pipefail', 'errexit', 'nounset', 'xtrace', 'verbose']);

/** Builtins that assign the variables named by their operands from input the gate never sees. */
const ASSIGNING_READERS = new Set(['read', 'mapfile', 'readarray', 'getopts']);
const DECLARING = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/** `${NAME:=…}` and `${NAME=…}` assign NAME when it is unset or empty. */
const ASSIGNING_EXPANSION = /\$\{([A-Za-z_][A-Za-z0-9_]*):?=/g;

/** Why the first segment that changes later ones does, or null when none does before another segment. */
export function lineStateChange(segments: readonly Segment[]): string | null {
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i]!;
    if (segment.connector === null || !SAME_SHELL.has(segment.connector)) continue;
    const why = stateChange(segment);
    if (why !== null) return `\`${segment.raw}\` ${why}, and the rest of the line runs with it; the gate reads each command as if in a fresh shell.`;
  }
  return null;
}

function stateChange(segment: Segment): string | null {
  for (const match of segment.raw.matchAll(ASSIGNING_EXPANSION)) {
    if (!isHarmlessAssignment(match[1]!, true)) return `assigns ${match[1]} in an expansion`;
  }
  if (segment.argv.length === 0) {
    const assigned = segment.assignments.find((a) => !isHarmlessAssignment(a.name, a.value.kind === 'literal', literalValue(a.value) ?? undefined));
    return assigned ? `sets ${assigned.name}` : null;
  }
  let start = 0;
  while (start < segment.argv.length - 1 && isWord(segment.argv[start]!, 'command', 'builtin')) start++;
  const program = segment.argv[start]!;
  if (program.kind !== 'literal') return null;
  const args = segment.argv.slice(start + 1);
  const name = program.value;
  if (DECLARING.has(name)) {
    for (const word of args) {
      const text = word.kind === 'literal' ? word.value : word.raw;
      if (text.startsWith('-') || text.startsWith('+')) continue;
      const assigned = text.split('=', 1)[0]!.replace(/\+$/, '');
      const value = word.kind === 'literal' && text.includes('=') ? text.slice(text.indexOf('=') + 1) : undefined;
      if (!isHarmlessAssignment(assigned, word.kind === 'literal', value)) return `${name === 'local' ? 'sets' : `${name}s`} ${assigned}`;
    }
    return null;
  }
  if (ASSIGNING_READERS.has(name)) return `assigns variables from input`;
  if ((name === 'printf' || name === 'wait') && args.some((w) => w.kind !== 'literal' || /^-[A-Za-z]*[vp]/.test(w.value))) return `assigns a variable (${name === 'printf' ? '-v' : '-p'})`;
  if (name === 'set') return setChange(args);
  return null;
}

/** `set` changes later commands unless it only sets the quiet options or positional parameters. */
function setChange(args: readonly Word[]): string | null {
  for (let k = 0; k < args.length; k++) {
    const word = args[k]!;
    if (word.kind !== 'literal') return 'sets shell options only known at run time';
    if (word.value === '--' || word.value === '-') return null; // the rest are positional parameters
    if (!word.value.startsWith('-') && !word.value.startsWith('+')) return null;
    if (!QUIET_SET_LETTERS.test(word.value)) return `sets the shell option ${word.value}`;
    if (word.value.includes('o')) {
      const option = args[k + 1];
      if (option === undefined) return null; // `set -o` prints the options
      if (option.kind !== 'literal' || !QUIET_SET_OPTIONS.has(option.value)) return `sets the shell option ${option.kind === 'literal' ? option.value : option.raw}`;
      k++;
    }
  }
  return null;
}

function isWord(word: Word, ...values: string[]): boolean {
  return word.kind === 'literal' && values.includes(word.value);
}
