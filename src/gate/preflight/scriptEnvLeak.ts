import { argvRecord } from '../programs/segmentRecord';
import type { Segment, Word } from '../reading/resolution';
import { programName } from '../programs/wrappers';
import { analyseArgv, type SegmentAnalysis } from '../programs/segmentAnalysis';

/**
 * The script-env-leak floor (D§7): an interpreter runs a script or inline code while one of
 * its arguments expands an ALL_CAPS variable. Such variables are where tokens and keys live
 * (`$GITHUB_TOKEN`, `${AWS_SECRET_ACCESS_KEY}`); expanding one into a script's arguments hands
 * the secret to code the rater has not read, and puts it in the process list and in logs.
 */

/** Interpreters named by D§7, plus the shells and Pythons that behave the same. */
export const INTERPRETERS: readonly string[] = [
  'node', 'nodejs', 'deno', 'bun', 'python', 'python2', 'python3', 'pypy', 'pypy3', 'ruby', 'perl', 'php',
  'bash', 'sh', 'zsh', 'dash', 'ksh', 'tsx', 'ts-node',
];

/** Shells: their `-c` code is expanded once more by the shell itself. */
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);

const INTERPRETER_NAMES: ReadonlySet<string> = new Set(INTERPRETERS);

/** True for an interpreter name (lower case), including versioned Pythons (`python3.12`). */
export function isInterpreter(name: string): boolean {
  if (INTERPRETER_NAMES.has(name)) return true;
  // The versioned families all start with `p` or `n`: most words are spared the patterns.
  const first = name[0];
  if (first !== 'p' && first !== 'n') return false;
  return /^python\d+(\.\d+)*$/.test(name) || /^pypy\d+(\.\d+)*$/.test(name) || /^node\d+$/.test(name);
}

/**
 * Names of the variables a piece of shell source expands, in order, without repeats:
 * `$NAME`, `${NAME}`, `${NAME:-x}`, `${#NAME}`, also inside double quotes; not inside single
 * quotes, `$'…'` or after a backslash. An indirect `${!name}` is reported as `!name`, since it
 * expands a variable whose name the gate cannot know. One linear pass.
 */
export function expandedVariables(source: string): string[] {
  // A Set keeps the order of first appearance and stays linear with thousands of names.
  const names = new Set<string>();
  const add = (name: string) => names.add(name);
  let inDouble = false;
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (!inDouble && c === "'") {
      const close = source.indexOf("'", i + 1);
      i = close < 0 ? n : close + 1;
      continue;
    }
    if (c === '"') {
      inDouble = !inDouble;
      i++;
      continue;
    }
    if (c !== '$') {
      i++;
      continue;
    }
    const next = source[i + 1];
    if (!inDouble && next === "'") {
      // `$'…'`: ANSI-C quoting, where `\'` does not end the string.
      let j = i + 2;
      while (j < n && source[j] !== "'") j += source[j] === '\\' ? 2 : 1;
      i = j + 1;
      continue;
    }
    if (next === '{') {
      let j = i + 2;
      const indirect = source[j] === '!';
      if (source[j] === '!' || source[j] === '#') j++;
      const start = j;
      while (j < n && /[A-Za-z0-9_]/.test(source[j]!)) j++;
      if (j > start) add(indirect ? `!${source.slice(start, j)}` : source.slice(start, j));
      i = j;
      continue;
    }
    if (next !== undefined && /[A-Za-z_]/.test(next)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_]/.test(source[j]!)) j++;
      add(source.slice(i + 1, j));
      i = j;
      continue;
    }
    i++;
  }
  return [...names];
}

/** `TOKEN`, `API_KEY`, `_SECRET2`: upper-case letters, digits and underscores, with a letter. */
export function isAllCaps(name: string): boolean {
  return /^_*[A-Z][A-Z0-9_]*$/.test(name);
}

/**
 * The variables of interest: ALL_CAPS names, and indirect expansions. No name is exempt, not
 * even `HOME` or `PWD`: D§7 counts every ALL_CAPS variable, the floor only asks a person (it
 * refuses nothing), and an allow entry lifts it for a command the user trusts.
 */
function leakingNames(names: readonly string[]): string[] {
  return names.filter((name) => name.startsWith('!') || isAllCaps(name));
}

/** A script-env-leak: which interpreter, and which variables reach it. */
export interface EnvLeak {
  interpreter: string;
  variables: string[];
}

/** Runners that fetch or find a program and run it: `npx tsx x.ts`, `uv run python x.py`. */
const RUNNERS: Readonly<Record<string, readonly string[] | null>> = {
  npx: null,
  bunx: null,
  pnpx: null,
  npm: ['exec', 'x'],
  pnpm: ['exec', 'dlx'],
  yarn: ['exec', 'dlx', 'node'],
  uv: ['run'],
  poetry: ['run'],
  pipenv: ['run'],
  uvx: null,
};

/**
 * The interpreter an argv runs (directly or through a runner), with the index of its word.
 * `first`: the lower-cased program name of `argv[0]`, or null (as {@link SegmentAnalysis} has it).
 */
function interpreterOf(argv: readonly Word[], first: string | null): { name: string; index: number } | null {
  if (first === null) return null;
  if (isInterpreter(first)) return { name: first, index: 0 };
  if (!Object.prototype.hasOwnProperty.call(RUNNERS, first)) return null;
  const verbs = RUNNERS[first]!;
  let i = 1;
  if (verbs !== null) {
    const verb = argv[1]?.kind === 'literal' ? argv[1].value : null;
    if (verb === null || !verbs.includes(verb)) return null;
    if (verb === 'node') return { name: 'node', index: 1 };
    i = 2;
  }
  for (; i < argv.length; i++) {
    const word = argv[i]!;
    if (word.kind !== 'literal') return null;
    if (word.value === '--') continue;
    if (word.value === '-p' || word.value === '--package' || word.value === '--with' || word.value === '--from') {
      i++;
      continue;
    }
    if (word.value.startsWith('-')) continue;
    const name = programName(word)?.toLowerCase();
    return name !== undefined && isInterpreter(name) ? { name, index: i } : null;
  }
  return null;
}

/**
 * The leak in one resolved segment, read through wrappers, or `null`. Looks at the words after
 * the interpreter (opaque words are the ones bash expands), at `NAME=$VALUE` assignments given
 * to the command, and at a shell's `-c` code, which the shell expands itself. Never throws.
 */
export function scriptEnvLeak(segment: Segment, analysis?: SegmentAnalysis): EnvLeak | null {
  try {
    const { peeled: unwrapped, program } = analysis ?? analyseArgv(segment.argv);
    const found = interpreterOf(unwrapped.argv, program);
    if (!found) return null;
    const names: string[] = [];
    for (const word of unwrapped.argv.slice(found.index + 1)) {
      if (word.kind === 'opaque') names.push(...expandedVariables(word.raw));
    }
    for (const { value } of [...segment.assignments, ...unwrapped.assignments]) {
      if (value.kind === 'opaque') names.push(...expandedVariables(value.raw));
    }
    if (SHELLS.has(found.name)) {
      for (const payload of argvRecord(unwrapped.argv.slice(found.index)).payloads) {
        if (payload.kind === 'shell-text') names.push(...expandedVariables(payload.text));
      }
    }
    const variables = [...new Set(leakingNames(names))];
    return variables.length > 0 ? { interpreter: found.name, variables } : null;
  } catch {
    return null;
  }
}

/**
 * The text fallback for unresolved commands: an interpreter's name appears as a word and the
 * text expands an ALL_CAPS variable anywhere outside single quotes. Coarse on purpose (the
 * unresolved floor already holds; this names the variables). Linear.
 */
export function scriptEnvLeakInText(text: string): EnvLeak | null {
  // Every variable expansion starts with `$`: without one there is nothing to report.
  if (!text.includes('$')) return null;
  let interpreter: string | null = null;
  for (const word of text.split(/[\s;&|()<>`'"{}$]+/)) {
    const name = word.slice(word.lastIndexOf('/') + 1).toLowerCase();
    if (name.length > 0 && isInterpreter(name)) {
      interpreter = name;
      break;
    }
  }
  if (interpreter === null) return null;
  const variables = leakingNames(expandedVariables(text));
  return variables.length > 0 ? { interpreter, variables } : null;
}
