/**
 * The decision invariants (D§6 "Invariants"; docs/decisions.md, "What a segment does, and coverage
 * checked once"): properties of the WHOLE pipeline, `decide`
 * as the CLI calls it, that must hold whatever path lets an entry cover a command (wrappers
 * peeled, leading folders, glob and variable shapes, appended input). Each invariant is a
 * function from a generated case to a counterexample (a sentence) or null, so that the mocha
 * suite (test/unit/invariants/) and the long runs (`INVARIANT_SEEDS`, docs/testing.md) share one
 * definition.
 *
 * The seeds: every line of the eval corpora and the command fixtures, and the plain forms the
 * program table's rows generate (test/support/programCases.ts), decided under three
 * configurations a user has: `manual` with the default list, `manual` with an entry for the
 * command's program and no default list, and `assisted` with a `safe` rating.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { parseListEntries } from '../../src/gate/lists/listEntry';
import type { Decision } from '../../src/gate/decision';
import type { ReadingShell } from '../../src/gate/reading/resolution';
import { decide } from '../../src/gate/pipeline';
import { FixedVerdictRater } from '../../src/gate/rater/raterContract';
import { programForms, programRows } from '../../src/gate/programs/table';
import { peelWrappers } from '../../src/gate/programs/wrappers';
import { zshArgvReadings } from '../../src/gate/hardline/zshForms';
import { readCommand } from '../../src/gate/reading/reading';
import { HARMLESS_ENVIRONMENT } from '../../src/gate/reading/harmlessAssignments';
import { commandLines, quoted } from './programCases';

export const INVARIANT_HOME = '/home/gate-test';
export const INVARIANT_CWD = '/work/project';

/** One configuration a user could have. `allow` holds entries as a user writes them. */
export interface Config {
  name: 'manual-default' | 'manual-entry' | 'assisted-safe';
  rung: 'manual' | 'assisted' | 'bypass';
  allow: unknown[];
  defaultAllow: boolean;
  rating?: 'safe';
}

export function manualDefault(): Config {
  return { name: 'manual-default', rung: 'manual', allow: [], defaultAllow: true };
}
export function manualEntry(allow: unknown[]): Config {
  return { name: 'manual-entry', rung: 'manual', allow, defaultAllow: false };
}
export function assistedSafe(): Config {
  return { name: 'assisted-safe', rung: 'assisted', allow: [], defaultAllow: true, rating: 'safe' };
}
const BYPASS: Config = { name: 'manual-default', rung: 'bypass', allow: [], defaultAllow: true };

export function describeConfig(config: Config): string {
  if (config.rating === 'safe') return 'assisted, default list, rating safe';
  const list = config.defaultAllow ? 'the default list' : 'no default list';
  return config.allow.length > 0 ? `${config.rung}, allow ${JSON.stringify(config.allow)}, ${list}` : `${config.rung}, ${list}`;
}

/** The decision on `command` under `config`, as the CLI makes it (no person, no capture log). */
export async function decideUnder(command: string, config: Config, shell?: ReadingShell): Promise<Decision> {
  const parsed = parseListEntries(config.allow, 'allow', 'invariants');
  if (parsed.errors.length > 0) throw new Error(`bad invariant entries: ${JSON.stringify(parsed.errors)}`);
  return decide(
    { command, cwd: INVARIANT_CWD, ...(shell !== undefined ? { shell } : {}) },
    {
      policy: { rung: config.rung, allow: parsed.entries, deny: [], escalate: [], defaultAllow: config.defaultAllow, grants: [], denyGrants: [] },
      rater: config.rating ? new FixedVerdictRater({ outcome: config.rating, reason: 'stand-in' }, 'stub') : null,
      person: null,
      home: INVARIANT_HOME,
    },
  );
}

// ── Seeds ────────────────────────────────────────────────────────────────────────────────

const REPO = path.resolve(__dirname, '..', '..');

/** A seed command with the entries a user would write for it (from the corpus line or the row). */
export interface Seed {
  command: string;
  entries: unknown[];
  from: string;
}

function corpusSeeds(): Seed[] {
  const dir = path.join(REPO, 'test', 'fixtures', 'eval');
  const seeds: Seed[] = [];
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.jsonl')).sort()) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const item = JSON.parse(line) as { id: string; command: string; allow?: unknown[] };
      seeds.push({ command: item.command, entries: item.allow ?? [], from: item.id });
    }
  }
  return seeds;
}

/** Lines of the plain-text command fixtures (`#` lines and blank lines are notes). */
function fixtureSeeds(): Seed[] {
  const files = ['test/fixtures/preflight/everyday-commands.txt', 'test/fixtures/hardline/must-not-refuse.txt', 'test/fixtures/hardline/must-refuse.txt'];
  const seeds: Seed[] = [];
  for (const file of files) {
    for (const line of fs.readFileSync(path.join(REPO, file), 'utf8').split('\n')) {
      if (line.trim() === '' || line.startsWith('#') || line.includes('«')) continue;
      const program = line.trim().split(/\s+/)[0]!;
      seeds.push({ command: line, entries: /^[a-z][a-z0-9._+-]*$/.test(program) ? [program] : [], from: path.basename(file) });
    }
  }
  return seeds;
}

/** The plain forms of every row (no form at all), each with the entry that names its program. */
function rowSeeds(): Seed[] {
  const seeds: Seed[] = [];
  for (const row of programRows()) {
    for (const c of commandLines(row)) if (c.expect === 'plain') seeds.push({ command: c.line, entries: [c.entry], from: `row ${row.names[0]}` });
  }
  return seeds;
}

/** The role forms of every row that are no everyday job: an entry for the program must not cover them. */
export function roleCases(): Seed[] {
  const seeds: Seed[] = [];
  for (const row of programRows()) {
    for (const c of commandLines(row)) {
      if (c.expect === 'plain' || c.everyday === true || c.expect === 'credentials') continue;
      seeds.push({ command: c.line, entries: [c.entry], from: `row ${row.names[0]} ${c.expect}` });
    }
  }
  return seeds;
}

export function allSeeds(): Seed[] {
  return [...corpusSeeds(), ...fixtureSeeds(), ...rowSeeds()];
}

/**
 * A seed another text can be put after: no comment (`#` would swallow what follows), no line
 * continuation and no here-document (what follows would be its body).
 */
export function joinable(command: string): boolean {
  return !command.includes('#') && !command.includes('<<') && !/\\\s*$/.test(command) && !/[&|;]\s*$/.test(command) && command.trim() !== '';
}

/** The seeds approved under each configuration, and those that are not, decided once. */
export interface SeedPools {
  approved: { command: string; config: Config; from: string }[];
  refused: { command: string; config: Config; from: string }[];
  /** The refused ones that went to a person (not refused outright by a floor). */
  escalated: { command: string; config: Config; from: string }[];
  floored: string[];
}

export async function seedPools(seeds: readonly Seed[]): Promise<SeedPools> {
  const pools: SeedPools = { approved: [], refused: [], escalated: [], floored: [] };
  const seen = new Set<string>();
  for (const seed of seeds) {
    const configs: Config[] = [manualDefault(), assistedSafe()];
    // Entries a user could not write (the gate names and drops them) are left out.
    const entries = seed.entries.filter((entry) => parseListEntries([entry], 'allow', 'invariants').errors.length === 0);
    if (entries.length > 0) configs.push(manualEntry(entries));
    for (const config of configs) {
      const key = `${seed.command}\u0000${JSON.stringify(config)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const decision = await decideUnder(seed.command, config);
      const item = { command: seed.command, config, from: seed.from };
      (decision.action === 'approve' ? pools.approved : pools.refused).push(item);
      if (decision.action === 'escalate') pools.escalated.push(item);
    }
    if (!seen.has(`floor\u0000${seed.command}`)) {
      seen.add(`floor\u0000${seed.command}`);
      if ((await decideUnder(seed.command, BYPASS)).stage === 'hardline-floor') pools.floored.push(seed.command);
    }
  }
  return pools;
}

// ── The variations ───────────────────────────────────────────────────────────────────────

/** Output redirects that write a file, and the places they write (relative, absolute, `~`, glob). */
export const WRITE_OPERATORS = ['>', '>>', '2>', '&>', '&>>', '>|', '1>', '2>>', '>&', '<>', '3>'] as const;
export const WRITE_TARGETS = ['out.txt', 'src/index.ts', 'README.md', './notes', '/tmp/gate-out', '~/notes.md', '*.md', 'src/*.ts', '"$PWD/out.txt"', "'a name'", 'build/out.log'] as const;
/** Writers a command can be piped into; the writes they do are their own job (an entry naming them covers it). */
export const PIPE_WRITERS = ['tee out.txt', 'tee -a src/index.ts', 'dd of=out.txt', 'sponge out.txt', 'tee /tmp/gate-out'] as const;

/** The ways to join two commands. */
export const JOINS = [' && ', ' || ', '; ', ' | ', ' & ', '\n', ' |& '] as const;

/**
 * Wrappers a person puts in front of a command: common spellings, and for every wrapper row of
 * the table the words in front of the command in each of its plain lines (`taskset 0x1` of
 * `taskset 0x1 true`), as the gate peels them.
 */
export function wrapperPrefixes(): string[] {
  const prefixes = new Set<string>(['timeout 30', 'timeout -s KILL 5', 'nice -n 5', 'nice', 'env', 'env FORCE_COLOR=1', 'env -u X', 'nohup', 'stdbuf -oL', 'sudo', 'sudo -u root', 'sudo -E', 'doas', 'command', 'exec', 'time', '/usr/bin/time', '/usr/bin/time -v', 'setsid', 'ionice -c3', 'taskset -c 0', 'flock /tmp/lock', 'strace -f', 'xargs', 'xargs -0', 'watch', 'watch -n 1', 'busybox', 'npx', 'chroot /srv/root', 'chrt -o 0', 'FOO=1', 'LC_ALL=C']);
  for (const row of programRows()) {
    if (row.wrapper === undefined) continue;
    for (const c of commandLines(row)) {
      if (c.expect !== 'plain') continue;
      const { resolution } = readCommand(c.line, { home: INVARIANT_HOME, shell: 'bash' });
      if (!resolution.resolved || resolution.segments.length !== 1) continue;
      const { argv } = resolution.segments[0]!;
      const inner = peelWrappers(argv).layers[0]?.inner;
      if (inner === undefined || inner.length === 0 || inner[0] !== argv[argv.length - inner.length]) continue;
      prefixes.add(argv.slice(0, argv.length - inner.length).map((word) => word.raw).join(' '));
    }
  }
  return [...prefixes].sort();
}

/**
 * One simple command without assignments in front: what a wrapper in front of it runs whole, and
 * what a pipe around it runs whole (a `cd` in a pipeline moves nothing after it; a wrapper in
 * front of `A=1 cmd` runs a program named `A=1`).
 */
export function simpleCommand(command: string): boolean {
  const { resolution } = readCommand(command, { home: INVARIANT_HOME, shell: 'bash' });
  // zsh reads `{rm -rf /}` as a group, `[[ … ]] CMD` as a short `if`, and `repeat 3 echo hi`,
  // `noglob git status` with a reserved or precommand word: a wrapper in front runs no group and no
  // such word (`time repeat 3 echo hi` runs a program `repeat`), so none is simple. The any reading
  // refuses the words (shell-difference); the floor's zsh readings name the groups.
  if (!resolution.resolved || resolution.segments.length !== 1 || resolution.segments[0]!.assignments.length !== 0) return false;
  return zshArgvReadings(resolution.segments[0]!.argv).length === 0 && readCommand(command, { home: INVARIANT_HOME, shell: 'any' }).resolution.resolved;
}

/**
 * Whether the gate reads `prefix command` as the wrapper running `command`'s words unchanged: a
 * prefix that takes the command's first word as its own (`corepack install …` is corepack's
 * subcommand) wraps nothing here. (The wrapper rows' own readers are held to the real programs
 * by their tests.)
 */
export function wraps(prefix: string, command: string): boolean {
  const whole = readCommand(`${prefix} ${command}`, { home: INVARIANT_HOME, shell: 'bash' }).resolution;
  const alone = readCommand(command, { home: INVARIANT_HOME, shell: 'bash' }).resolution;
  if (!whole.resolved || !alone.resolved || whole.segments.length !== 1 || alone.segments.length !== 1) return false;
  const peeled = peelWrappers(whole.segments[0]!.argv);
  // `watch CMD…` joins the words into shell text: quotes inside them are lost, so a quoted command
  // is another command there (`watch flock f -c 'rm -rf /'` runs `flock f -c rm -rf /`, a usage error).
  if (peeled.layers.some((layer) => layer.shellText !== null) && /['"\\$`]/.test(command)) return false;
  const inner = peeled.argv.map((word) => word.raw);
  const words = peelWrappers(alone.segments[0]!.argv).argv.map((word) => word.raw);
  return inner.length === words.length && inner.every((raw, k) => raw === words[k]);
}

/**
 * A command as shell text inside `sh -c '…'`, or null when the text would start with `-`: every
 * shell reads such a word after `-c` as more options and runs nothing (`sh -c '- rm -rf /usr'` is
 * "Illegal option", where zsh's `- rm -rf /usr` alone runs rm).
 */
export function asShellText(shell: string, command: string): string | null {
  if (command.startsWith('-')) return null;
  return `${shell} -c ${quoted(command) === command ? `'${command}'` : quoted(command)}`;
}

/** What a floored command may stand behind or beside: it must stay floored in each. */
export function floorContexts(): Array<(command: string) => string | null> {
  return [
    // A wrapper runs the first simple command of a line: `time cd / && rm -rf *` runs rm here.
    ...wrapperPrefixes().map((prefix) => (command: string) => (simpleCommand(command) && wraps(prefix, command) ? `${prefix} ${command}` : null)),
    (c) => asShellText('sh', c),
    (c) => asShellText('bash', c),
    (c) => asShellText('/bin/sh', c),
    (c) => `cd . && ${c}`,
    (c) => `cd ${INVARIANT_CWD}; ${c}`,
    (c) => `cd -P . && ${c}`,
    (c) => (simpleCommand(c) ? `${c} | cat` : null),
    (c) => (simpleCommand(c) ? `echo x | ${c}` : null),
    (c) => `true && ${c}`,
    (c) => `${c} && true`,
    (c) => `true; ${c}`,
    (c) => `ls; ${c}`,
    (c) => `git status\n${c}`,
    (c) => `${c} &`,
    (c) => `false || ${c}`,
    (c) => `${c} 2>/dev/null`,
  ];
}

/** The literal words of a command a person could replace by run-time data, with where they are. */
export function replaceableWords(command: string): Array<{ start: number; end: number; word: string }> {
  // Only words the shell reads as words: text inside quotes (a sed script, a pager's text) is one
  // word's content, and making part of it `"$X"` is no run-time data.
  const quoted = new Array<boolean>(command.length).fill(false);
  for (let i = 0, quote: string | null = null; i < command.length; i++) {
    const c = command[i]!;
    if (quote === null && c === '\\') {
      quoted[i] = quoted[i + 1] = true;
      i++;
    } else if (quote === null && (c === "'" || c === '"')) {
      quote = c;
      quoted[i] = true;
    } else if (quote !== null) {
      quoted[i] = true;
      if (c === quote) quote = null;
      else if (quote === '"' && c === '\\') quoted[++i] = true;
    }
  }
  const words: Array<{ start: number; end: number; word: string }> = [];
  const re = /(^|[\s;&|])([A-Za-z0-9_./:=@%+,-]+)(?=$|[\s;&|])/g;
  for (let match = re.exec(command); match !== null; match = re.exec(command)) {
    const start = match.index + match[1]!.length;
    const end = start + match[2]!.length;
    if (!quoted.slice(start, end).some(Boolean) && !quoted[start - 1] && !quoted[end]) words.push({ start, end, word: match[2]! });
    re.lastIndex = start + match[2]!.length;
  }
  return words;
}

/** Seeds longer than this are left out of the run-time data invariant (the resolver refuses lines over 64 KiB). */
const MAX_SEED_LENGTH = 4096;

/** What a literal word may become at run time. */
export const RUN_TIME_FORMS: ReadonlyArray<(word: string) => string> = [
  () => '"$X"',
  () => '$X',
  (w) => `"$(printf %s ${w})"`,
  (w) => `$(echo ${w})`,
  (w) => `${w}*`,
  // A `?` for the last character that is not a `/` (`../` → `.?/`): a glob's `?` never stands for a
  // `/`, so `..?` is no form `../` may take.
  (w) => {
    const k = w.search(/[^/]\/*$/);
    return k < 0 ? `${w}*` : `${w.slice(0, k)}?${w.slice(k + 1)}`;
  },
  () => '"$PWD"',
  () => '$PWD',
  (w) => `"\${X:-${w}}"`,
  // A nested group: the gate unfolds a plain brace word into the words it makes (reading/braces.ts),
  // which are then no run-time data but other literal words; a nested one it leaves opaque.
  (w) => `{${w},{x,y}}`,
];

// ── The invariants ───────────────────────────────────────────────────────────────────────

export type Verdict = string | null;

function approved(decision: Decision): boolean {
  return decision.action === 'approve';
}

/** Writes: C approved under entries without `writes: true` → C with a file-writing redirect, or piped into a writer, is not. */
export async function writesInvariant(base: { command: string; config: Config }, variant: { op: string; target: string; front: boolean } | { writer: string }): Promise<Verdict> {
  if (base.config.name === 'assisted-safe') return null;
  // An entry that says `writes: true` allows writes: the invariant is about the others.
  if (base.config.allow.some((entry) => typeof entry === 'object' && entry !== null && (entry as { writes?: unknown }).writes === true)) return null;
  if ('writer' in variant) {
    const writerProgram = variant.writer.split(' ')[0]!;
    // An entry that names the writer covers its own job (docs/decisions.md, "What a segment does, and coverage checked once").
    if (base.config.allow.some((entry) => typeof entry === 'string' && entry.split(' ')[0] === writerProgram)) return null;
    const command = `${base.command} | ${variant.writer}`;
    const decision = await decideUnder(command, base.config);
    return approved(decision) ? `${JSON.stringify(command)} was approved (${decision.reason}) under ${describeConfig(base.config)}` : null;
  }
  const redirect = `${variant.op} ${variant.target}`;
  const command = variant.front ? `${redirect} ${base.command}` : `${base.command} ${redirect}`;
  const decision = await decideUnder(command, base.config);
  return approved(decision) ? `${JSON.stringify(command)} was approved (${decision.reason}) under ${describeConfig(base.config)}` : null;
}

/** Composition: C approved and D not → no join of them is approved, in either order. */
export async function compositionInvariant(c: { command: string; config: Config }, d: string, join: string, dFirst: boolean): Promise<Verdict> {
  if (approved(await decideUnder(d, c.config))) return null;
  // What follows a comment or a continuation is not a join.
  if (!joinable(dFirst ? d : c.command)) return null;
  // After a pipe or `||`, only D's first simple command is joined (`C | cd / && rm -rf etc` runs
  // the cd in a pipeline and rm where C ran): D must be one simple command there.
  if (!dFirst && (join === ' | ' || join === ' |& ' || join === ' || ') && !simpleCommand(d)) return null;
  const command = dFirst ? `${d}${join}${c.command}` : `${c.command}${join}${d}`;
  const decision = await decideUnder(command, c.config);
  return approved(decision) ? `${JSON.stringify(command)} was approved (${decision.reason}) under ${describeConfig(c.config)}, but ${JSON.stringify(d)} alone is not` : null;
}

/** Wrappers never widen: D not approved → no wrapper of the table around D is, even under an entry naming the wrapper. */
export async function wrapperInvariant(d: { command: string; config: Config }, prefix: string, entryForWrapper: boolean): Promise<Verdict> {
  const wrapper = prefix.split(' ')[0]!;
  const config: Config = entryForWrapper && d.config.rating === undefined && /^[a-z][a-z0-9._+-]*$/.test(wrapper) ? { ...d.config, allow: [...d.config.allow, wrapper] } : d.config;
  // A wrapper runs a simple command; in front of a list or a shell construct it runs something else.
  if (!simpleCommand(d.command) || !wraps(prefix, d.command)) return null;
  if (approved(await decideUnder(d.command, config))) return null;
  const command = `${prefix} ${d.command}`;
  const decision = await decideUnder(command, config);
  return approved(decision) ? `${JSON.stringify(command)} was approved (${decision.reason}) under ${describeConfig(config)}, but ${JSON.stringify(d.command)} alone is not` : null;
}

/**
 * Harmless environment prefixes (reading/harmlessAssignments.ts), each row with a value of its
 * shape, as an assignment in front and through `env`: `RUST_LOG=1 …`, `env LC_ALL=C …`.
 */
export function harmlessPrefixes(): string[] {
  const prefixes: string[] = [];
  for (const row of HARMLESS_ENVIRONMENT) {
    const name = row.prefix ? `${row.name}ALL` : row.name;
    // A value of the row's shape, so that every name is tried as harmless (`on` for GO111MODULE, `off` for XDEBUG_MODE).
    const value = row.value === undefined ? '1' : (['C', '80', '1', 'on', 'off', 'overwrite', 'always', 'test'].find((candidate) => row.value!.test(candidate)) ?? 'C');
    prefixes.push(`${name}=${value}`, `env ${name}=${value}`);
  }
  return prefixes;
}

/**
 * A harmless prefix never covers what the entry would not: C not approved (a role form under the
 * entry for its program, a write, any refused seed) → a harmless prefix in front of C is not
 * approved either. Through `env` only in front of one simple command (what env runs).
 */
export async function harmlessPrefixInvariant(c: { command: string; config: Config }, prefix: string): Promise<Verdict> {
  if (prefix.startsWith('env ') && (!simpleCommand(c.command) || !wraps('env', c.command))) return null;
  if (approved(await decideUnder(c.command, c.config))) return null;
  const command = `${prefix} ${c.command}`;
  const decision = await decideUnder(command, c.config);
  return approved(decision) ? `${JSON.stringify(command)} was approved (${decision.reason}) under ${describeConfig(c.config)}, but ${JSON.stringify(c.command)} alone is not` : null;
}

/** Floors are monotone: C floored at bypass → C in every context of {@link floorContexts} is floored too. */
export async function floorInvariant(c: string, context: (command: string) => string | null): Promise<Verdict> {
  const command = context(c);
  if (command === null) return null;
  // A line bash refuses to parse runs nothing (`/usr/bin/time { rm -rf /; }`): nothing to floor.
  const { resolution } = readCommand(command, { home: INVARIANT_HOME, shell: 'bash' });
  if (!resolution.resolved && resolution.mechanisms.includes('syntax')) return null;
  const decision = await decideUnder(command, BYPASS);
  return decision.stage === 'hardline-floor' ? null : `${JSON.stringify(command)} was not floored at bypass (stage ${decision.stage}: ${decision.reason}), but ${JSON.stringify(c)} is`;
}

/** Run-time data never helps: replacing a literal word of a command that is not approved by run-time data never approves it. */
export async function runTimeDataInvariant(c: { command: string; config: Config }, wordIndex: number, form: number): Promise<Verdict> {
  // A line past the reader's length bound is refused for its length; a shorter one is another command.
  if (c.command.length > MAX_SEED_LENGTH) return null;
  const words = replaceableWords(c.command);
  if (words.length === 0) return null;
  const { start, end, word } = words[wordIndex % words.length]!;
  const command = c.command.slice(0, start) + RUN_TIME_FORMS[form % RUN_TIME_FORMS.length]!(word) + c.command.slice(end);
  const decision = await decideUnder(command, c.config);
  return approved(decision) ? `${JSON.stringify(command)} was approved (${decision.reason}) under ${describeConfig(c.config)}, but ${JSON.stringify(c.command)} is not` : null;
}

/**
 * Options that turn a reader into an executor, loader, writer, network or destructive command:
 * a role form of the table is not approved under the entry for its program alone, through every
 * cover path (as it is, behind a peeling wrapper, with glob operands, with a quoted `"$PWD"`, with
 * a harmless redirect, fed words by xargs or a line by xargs -I, run in a folder).
 */
export const ROLE_PATHS: ReadonlyArray<{ name: string; apply: (line: string) => string }> = [
  { name: 'as it is', apply: (l) => l },
  { name: 'behind timeout', apply: (l) => `timeout 30 ${l}` },
  { name: 'behind env', apply: (l) => `env FORCE_COLOR=1 ${l}` },
  { name: 'glob operand', apply: (l) => `${l} src/*.ts` },
  { name: 'glob after --', apply: (l) => `${l} -- *.md` },
  { name: '"$PWD" operand', apply: (l) => `${l} "$PWD"` },
  { name: 'harmless redirect', apply: (l) => `${l} 2>/dev/null` },
  { name: 'xargs', apply: (l) => `xargs ${l}` },
  { name: 'xargs -I', apply: (l) => `xargs -I{} ${l} ./{}` },
  { name: 'after cd', apply: (l) => `cd src && ${l}` },
];

export async function roleInvariant(role: Seed, pathIndex: number): Promise<Verdict> {
  const route = ROLE_PATHS[pathIndex % ROLE_PATHS.length]!;
  const command = route.apply(role.command);
  const config = manualEntry(role.entries);
  const decision = await decideUnder(command, config);
  return approved(decision) ? `${JSON.stringify(command)} (${role.from}, ${route.name}) was approved (${decision.reason}) under ${describeConfig(config)}` : null;
}

/**
 * What a command becomes past the words a prefix entry spells: itself, more words after it, a
 * write, an assignment in front that is not harmless, a word only known at run time, a here-string.
 */
export const SPELLED_VARIANTS: ReadonlyArray<{ name: string; apply: (line: string) => string }> = [
  { name: 'as it is', apply: (l) => l },
  { name: 'a word more', apply: (l) => `${l} extra` },
  { name: 'a write', apply: (l) => `${l} > out.txt` },
  { name: 'an assignment in front', apply: (l) => `GATE_UNLISTED=1 ${l}` },
  { name: 'a run-time word', apply: (l) => `${l} "$X"` },
  { name: 'a here-string', apply: (l) => `${l} <<< text` },
  { name: 'a harmless redirect', apply: (l) => `${l} 2>/dev/null` },
];

/**
 * A prefix entry that spells the whole command never covers more than the exact entry would
 * (docs/decisions.md, "A prefix entry that spells the whole command"): under the prefix entry C, a
 * variant V of C is approved only when the exact entry C approves it too, or the glob entry
 * `C *` (the same words and whatever follows them, with no short cut for a whole command) does.
 * Seeds are role forms, which the entry for their program does not cover.
 */
export async function spelledWholeInvariant(role: Seed, variantIndex: number): Promise<Verdict> {
  const c = role.command;
  if (!simpleCommand(c) || parseListEntries([c], 'allow', 'invariants').errors.length > 0) return null;
  const glob = { match: 'glob', pattern: `${c} *` };
  if (parseListEntries([glob], 'allow', 'invariants').errors.length > 0) return null;
  const variant = SPELLED_VARIANTS[variantIndex % SPELLED_VARIANTS.length]!;
  const command = variant.apply(c);
  const decision = await decideUnder(command, manualEntry([c]));
  if (!approved(decision)) return null;
  if (approved(await decideUnder(command, manualEntry([{ match: 'exact', pattern: c }])))) return null;
  if (approved(await decideUnder(command, manualEntry([glob])))) return null;
  return `${JSON.stringify(command)} (${role.from}, ${variant.name}) was approved under the prefix entry ${JSON.stringify(c)} (${decision.reason}), but neither the exact entry nor the glob ${JSON.stringify(glob.pattern)} covers it`;
}

// ── Running them ─────────────────────────────────────────────────────────────────────────

/** Whether the command reads at all: a variant the resolver throws on is a bug of its own. */
export function reads(command: string): boolean {
  readCommand(command, { home: INVARIANT_HOME, shell: 'bash' });
  return true;
}

/** Runs a property with fast-check and returns the shrunk counterexample's message, or null. */
export async function check<T>(arbitrary: fc.Arbitrary<T>, property: (value: T) => Promise<Verdict>, seed: number, numRuns: number): Promise<string | null> {
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => (await property(value)) === null),
    { seed, numRuns, endOnFailure: false },
  );
  if (!details.failed) return null;
  const value = details.counterexample?.[0] as T;
  const message = (await property(value)) ?? 'failed';
  return `${message.length > 1200 ? `${message.slice(0, 1200)}…` : message} (fast-check seed ${seed}, path ${details.counterexamplePath})`;
}

// ── Unplaced words (D§5 "Positive knowledge") ────────────────────────────────────────────

/** An option no row of the table has: whatever program it is given to, its row cannot place it. */
export const UNPLACED_OPTION = '--gate-unplaced-option';
/** A program name no row of the table has. */
export const UNPLACED_PROGRAM = 'gate-unplaced-program';

/**
 * The command with one word made unplaced: an option word (`-x`, `--name`, `--name=value`)
 * renamed to {@link UNPLACED_OPTION}, or the first word (the program) renamed to
 * {@link UNPLACED_PROGRAM}; null when the chosen word is neither.
 */
export function unplacedVariant(command: string, wordIndex: number, program: boolean): string | null {
  const words = replaceableWords(command);
  if (words.length === 0) return null;
  if (program) {
    const first = words[0]!;
    // Only a plain program name at the very start (not an assignment, a path or an option).
    if (first.start !== 0 || !/^[a-z][a-z0-9_.+-]*$/.test(first.word)) return null;
    return UNPLACED_PROGRAM + command.slice(first.end);
  }
  const options = words.filter((w) => w.start > 0 && /^--?[A-Za-z]/.test(w.word));
  if (options.length === 0) return null;
  const { start, end } = options[wordIndex % options.length]!;
  return command.slice(0, start) + UNPLACED_OPTION + command.slice(end);
}

/** Whether the table reads some segment of the command as holding a word its row cannot place. */
function readsUnplaced(command: string): boolean {
  const { resolution } = readCommand(command, { home: INVARIANT_HOME, shell: 'bash' });
  return resolution.resolved && resolution.segments.some((segment) => programForms(segment.argv).unreadable !== null);
}

/**
 * Unplaced words never help: a command the gate does not approve under a configuration is not
 * approved once one of its options is renamed to one its row lacks and the table reads it so
 * (under the same configuration, entries and rating included), nor once its program is renamed to
 * one without a row (under the default list, which covers only programs it knows, and under a
 * `safe` rating, which approves no program without a row: docs/decisions.md "No row, no safe
 * rating").
 *
 * Known limitation (docs/decisions.md, "Options a row does not name"): most rows' grammars name
 * only the options that take a value and read any other as a flag, so an option renamed there is
 * not unplaced for the table; only rows that name every option (`strict`) place them all.
 */
export async function unplacedInvariant(c: { command: string; config: Config }, wordIndex: number, program: boolean): Promise<Verdict> {
  if (c.command.length > MAX_SEED_LENGTH) return null;
  // Entries name the program as written, so a renamed program escapes them trivially; the default
  // list and a `safe` rating are what a program without a row must not gain.
  if (program && c.config.name === 'manual-entry') return null;
  const command = unplacedVariant(c.command, wordIndex, program);
  if (command === null) return null;
  if (!program && !readsUnplaced(command)) return null;
  const decision = await decideUnder(command, c.config);
  return approved(decision) ? `${JSON.stringify(command)} was approved (${decision.reason}) under ${describeConfig(c.config)}, but ${JSON.stringify(c.command)} is not` : null;
}

/**
 * Container runs an entry for the runner covers (docs/decisions.md "A container's command under the
 * runner's entry"): the runner's words, the rest of the command, and the entry.
 */
export const CONFINED_RUNS: ReadonlyArray<{ runner: string; rest: string; entry: string }> = [
  { runner: 'docker run', rest: '--rm alpine echo hello', entry: 'docker run' },
  { runner: 'docker run', rest: '--rm -v ./:/app:ro -w /app node:20 npm test', entry: 'docker run' },
  { runner: 'docker run', rest: '--rm -v ./:/app -w /app node:20 npm ci', entry: 'docker run' },
  { runner: 'docker run', rest: '--rm --mount type=volume,source=cache,target=/c golang:1.22 go build ./...', entry: 'docker run' },
  { runner: 'podman run', rest: '--rm -it -v ./src:/src:ro,Z fedora:40 ls /src', entry: 'podman run' },
  { runner: 'nerdctl run', rest: '--rm alpine:3.20 uname -a', entry: 'nerdctl run' },
  { runner: 'docker compose run', rest: '--rm api pytest -q', entry: 'docker compose run' },
  { runner: 'docker exec', rest: 'web ls /app', entry: 'docker exec web' },
  { runner: 'kubectl run', rest: 'tmp --rm -it --image=busybox --restart=Never -- nslookup kubernetes.default', entry: 'kubectl run' },
  { runner: 'kubectl exec', rest: 'web-0 -- ls /app', entry: 'kubectl exec web-0' },
];

/**
 * Words that hand a container something of this machine, or that no row places: each keeps the
 * command a carve-out, wherever among the runner's options it stands.
 */
export const REACHING_OPTIONS: readonly string[] = [
  UNPLACED_OPTION, '--gate-unplaced-option=1', '--privileged', '--device /dev/sda', '--cap-add SYS_ADMIN', '--pid=host', '--network host', '--net=host', '--ipc host',
  '--security-opt seccomp=unconfined', '--volumes-from web', '-v /srv/data:/data:ro', '-v /:/host', '-v ../:/up', '-v ~/.ssh:/k:ro', '-v /var/run/docker.sock:/s',
  '--mount type=bind,src=/etc,dst=/e,readonly', '--mount type=bind,src=.,dst=/w,bind-propagation=shared', '-e GITHUB_TOKEN', '--env-file /etc/environment', '--overrides={"spec":{"hostPID":true}}',
];

/**
 * Confinement only narrows: a container run an entry for the runner covers is not covered once a
 * word that reaches the host (or that no row places) is added among the runner's options — with or
 * without `writes: true`, the cover of the command it runs is never wider than the options allow.
 */
export async function confinedRunInvariant(run: { runner: string; rest: string; entry: string }, option: string, writes: boolean): Promise<Verdict> {
  const command = `${run.runner} ${option} ${run.rest}`;
  const entry = writes ? { match: 'prefix', pattern: run.entry, writes: true } : run.entry;
  const decision = await decideUnder(command, manualEntry([entry]));
  return approved(decision) ? `${JSON.stringify(command)} was approved under ${JSON.stringify(entry)} (${decision.reason})` : null;
}
