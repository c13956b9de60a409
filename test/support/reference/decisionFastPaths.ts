/**
 * Reference copy (a migration aid, D§15): the decision engine's text and preflight paths as they were before
 * session 3 made them cheaper. test/unit/decisionFastPaths.test.ts holds the fast paths to these answers. Retire
 * this file once table tests state the behaviour of each fast path on its own.
 */
import { posix } from 'node:path';
import { executedPayloads, MAX_PAYLOAD_DEPTH } from '../../../src/gate/programs/executorPayloads';
import { type PayloadCarrier } from '../../../src/gate/hardline/hardline';
import { hostMentions, NETWORK_PROGRAMS, roughWords, urlHostsIn, type HostMention } from '../../../src/gate/preflight/openWorld';
import { HOME_FOLDERS, PROTECTED_FILES, PROTECTED_FOLDERS, protectedPathReason, protectedWrites, protectedWritesAt, resolveWritePath, SYSTEM_FOLDERS, type ProtectedWrite } from '../../../src/gate/preflight/protectedWrite';
import type { Segment, Word } from '../../../src/gate/reading/resolution';
import { resolve } from '../../../src/gate/reading/resolver';
import { expandedVariables, isAllCaps, isInterpreter, scriptEnvLeak, type EnvLeak } from '../../../src/gate/preflight/scriptEnvLeak';
import { unwrap } from '../../../src/gate/programs/wrappers';
import { isHarmlessAssignment } from '../../../src/gate/reading/harmlessAssignments';
import { programForms, rowFor } from '../../../src/gate/programs/table';
import { writeTargets } from '../../../src/gate/programs/writeTargets';
import { deletedPaths, namedPathsAtWorst } from '../../../src/gate/preflight/preflight';
import { placeInside, placesOfSegments, startPlace, type PathPlace } from '../../../src/gate/programs/pathResolver';
import { recordOf } from '../../../src/gate/programs/segmentRecord';

// ── The code the fast paths replaced, kept here as the reference ───────────────────────────

export const FETCHERS = new Set([
  'curl', 'wget', 'wget2', 'http', 'https', 'xh', 'xhs', 'aria2c', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh',
  'scp', 'sftp', 'ftp', 'tftp', 'lftp', 'ping', 'ping6', 'dig', 'nslookup',
]);

export function referenceReaderFor(program: string): boolean {
  if (NETWORK_PROGRAMS.includes(program)) return true;
  if (!program.startsWith('p')) return false;
  return /^pip\d+(\.\d+)?$/.test(program) || /^python\d*(\.\d+)?$/.test(program) || program === 'py';
}

export function referenceHostMentionsInText(text: string): HostMention[] {
  const out: HostMention[] = [];
  const programs: string[] = [];
  let fetcher: string | null = null;
  for (const token of roughWords(text)) {
    const name = token.slice(token.lastIndexOf('/') + 1).toLowerCase();
    if (referenceReaderFor(name) && !programs.includes(name)) programs.push(name);
    if (fetcher === null && FETCHERS.has(name)) fetcher = name;
  }
  for (const match of text.matchAll(/\/dev\/(tcp|udp)\/([^/\s'"`;|&<>()]+)/g)) {
    out.push({ host: match[2]!, source: match[0], via: `redirect /dev/${match[1]}` });
  }
  if (programs.length === 0) return out;
  const via = programs.join(', ');
  for (const host of urlHostsIn(text)) out.push({ host, source: host, via });
  if (out.length === 0 && fetcher !== null) out.push({ host: null, source: `the arguments of ${fetcher}`, via: fetcher });
  return out;
}

export function referenceScriptEnvLeakInText(text: string): EnvLeak | null {
  let interpreter: string | null = null;
  for (const word of text.split(/[\s;&|()<>`'"{}$]+/)) {
    const name = word.slice(word.lastIndexOf('/') + 1).toLowerCase();
    if (name.length > 0 && isInterpreter(name)) {
      interpreter = name;
      break;
    }
  }
  if (interpreter === null) return null;
  const variables = expandedVariables(text).filter((name) => name.startsWith('!') || isAllCaps(name));
  return variables.length > 0 ? { interpreter, variables } : null;
}

export const OPERATOR_START: ReadonlySet<string> = new Set([';', '&', '|', '(', ')']);
export const OPERATOR_END: ReadonlySet<string> = new Set([';', '&', '|', ')']);

export function referenceProtectedWritesInText(text: string, context: { cwd: string; home: string }): ProtectedWrite[] {
  const out: ProtectedWrite[] = [];
  const check = (word: string, via: string) => {
    const path = word.replace(/^['"]|['"]$/g, '');
    if (path.length === 0 || /[$`*?[{]/.test(path)) return;
    const absolute = resolveWritePath(path, context);
    const why = protectedPathReason(absolute, context);
    if (why) out.push({ path: absolute, why, via });
  };
  const tokens = text.split(/\s+/);
  let inTee = false;
  for (let i = 0; i < tokens.length && out.length < 16; i++) {
    const token = tokens[i]!;
    if (OPERATOR_START.has(token[0]!) && /^[;&|()]+$/.test(token)) {
      inTee = false;
      continue;
    }
    const redirect = token.includes('>') ? /^(?:\d*|&)(>>?|>\|)(.*)$/.exec(token) : null;
    if (redirect) {
      const rest = redirect[2]!;
      if (rest.startsWith('&')) continue;
      const target = rest.length > 0 ? rest : (tokens[++i] ?? '');
      check(target.replace(/[;&|)]+$/, ''), `redirect ${redirect[1]}`);
      continue;
    }
    if (token.includes('tee') && token.slice(token.lastIndexOf('/') + 1).replace(/^[('"`]+/, '') === 'tee') {
      inTee = true;
      continue;
    }
    if (inTee && !token.startsWith('-')) check(token.replace(/[;&|)]+$/, ''), 'tee');
    if (OPERATOR_END.has(token[token.length - 1]!)) inTee = false;
  }
  return out;
}

/** Why a path is protected, looking up every ancestor and every component (no early exit). */
export function referenceProtectedPathReason(absolutePath: string, context: { cwd: string; home: string }): string | null {
  const path = absolutePath.toLowerCase();
  const homeAsGiven = posix.resolve('/', context.home || '/');
  const home = homeAsGiven.toLowerCase();
  const rootedByPath = new Map<string, string>();
  for (const [folder, why] of [...HOME_FOLDERS.map(([relative, why]) => [posix.join(home, relative), why] as const), ...SYSTEM_FOLDERS]) {
    if (!rootedByPath.has(folder)) rootedByPath.set(folder, why);
  }
  for (let slash = path.indexOf('/', 1); ; slash = path.indexOf('/', slash + 1)) {
    const why = rootedByPath.get(slash < 0 ? path : path.slice(0, slash));
    if (why !== undefined) return why;
    if (slash < 0) break;
  }
  const components = path.split('/').filter((c) => c.length > 0);
  const base = components[components.length - 1] ?? '';
  const accountHome = (above: readonly string[]) =>
    `/${above.join('/')}` === home ||
    above.length <= 1 ||
    (above.length === 2 && (above[0] === 'home' || above[0] === 'users')) ||
    (above.length === 3 && above[0] === 'var' && above[1] === 'lib');
  for (let k = 0; k < components.length; k++) {
    const component = components[k]!;
    if (Object.prototype.hasOwnProperty.call(PROTECTED_FOLDERS, component)) return PROTECTED_FOLDERS[component]!;
    if (component === '.ssh' && accountHome(components.slice(0, k))) return 'SSH configuration and keys';
    if (component === '.git' || (component.endsWith('.git') && component.length > 4)) {
      const below = components.slice(k + 1);
      if (below.includes('hooks')) return 'git hooks';
      if (below.length > 0 && (base === 'config' || base === 'config.worktree')) return 'git configuration';
    }
    if (component === '.github' && components[k + 1] === 'workflows') return 'CI workflows';
  }
  if (Object.prototype.hasOwnProperty.call(PROTECTED_FILES, base)) return PROTECTED_FILES[base]!;
  if (base.endsWith('.code-workspace')) return 'VS Code workspace file';
  return null;
}

/** What the preflight arms found over a resolved command, walked as a list of segments made first. */
export function referenceArms(segments: readonly Segment[], home: string, context: { cwd: string; home: string }) {
  const all: Segment[] = [];
  // `command`: a command as the shell runs it (a segment of the line, an argv payload, a shell's
  // text), whose program without a row is unplaced; not another language's text read as words.
  const queue = segments.map((segment) => ({ segment, depth: 0, command: true }));
  // Where each top segment runs (links made on the line followed), for the deletes; nested ones
  // take their carrier's place.
  const topPlaces = placesOfSegments(segments, startPlace(home, context.cwd, true));
  const placeOf = new Map<Segment, PathPlace>(segments.map((segment, k) => [segment, topPlaces[k]!]));
  let unreadable = 0;
  for (let next = 0; next < queue.length; next++) {
    const { segment, depth, command } = queue[next]!;
    if (all.length >= 256) {
      unreadable++;
      break;
    }
    all.push(segment);
    const peeled = unwrap(segment.argv);
    if (peeled.wrappers.length > 0 && peeled.argv[0]?.kind === 'opaque') unreadable++;
    // A word its row cannot place, an option a strict row does not know, a program without a row.
    if ((command ? recordOf(segment).unplaced : programForms(segment.argv).unreadable) !== null) unreadable++;
    // An environment variable set for the segment (before it, or through `env`) that the harmless
    // table does not list.
    const assigned = [...segment.assignments, ...peeled.assignments];
    if (assigned.some((a) => !isHarmlessAssignment(a.name, a.value.kind === 'literal', a.value.kind === 'literal' ? a.value.value : undefined))) unreadable++;
    // The segment's assignments too: a value some program runs as a command (`GIT_PAGER='…'`).
    const payloads = executedPayloads(recordOf(segment));
    if (payloads.length > 0 && depth >= MAX_PAYLOAD_DEPTH) {
      unreadable++;
      continue;
    }
    for (const payload of payloads) {
      if (payload.kind === 'argv') {
        if (payload.via === 'xargs') continue;
        const argv = payload.via.startsWith('find')
          ? payload.argv.map((word): Word => (word.kind === 'literal' && word.value.includes('{}') ? { kind: 'opaque', raw: word.raw, expansions: ['glob'] } : word))
          : [...payload.argv];
        const raw = argv.map((w) => w.raw).join(' ');
        const carried: Segment = { argv, assignments: [], redirects: [], connector: null, negated: false, timed: false, raw };
        const place = placeOf.get(segment);
        if (place !== undefined) placeOf.set(carried, place);
        queue.push({ segment: carried, depth: depth + 1, command: true });
      } else if (payload.approximate) {
        unreadable++;
      } else {
        const inner = resolve(payload.text, { home, shell: 'any' });
        if (inner.resolved) {
          const place = placeOf.get(segment);
          const shellText = rowFor(posix.basename(payload.via.split(' ')[0]!))?.category === 'shell';
          for (const innerSegment of inner.segments) {
            if (place !== undefined) placeOf.set(innerSegment, place);
            queue.push({ segment: innerSegment, depth: depth + 1, command: shellText });
          }
        }
        else unreadable++;
      }
    }
  }
  return {
    leaks: all.map((segment) => scriptEnvLeak(segment)).filter((leak): leak is EnvLeak => leak !== null),
    mentions: all.flatMap((segment) => hostMentions(segment)),
    // Every write outside the workspace (the folder asked in) is protected; paths named by code or
    // by a program without a row count as written, outside the workspace only when the code writes.
    writes: all.flatMap((segment) => [
      ...protectedWrites(writeTargets(segment), { ...context, workspace: [context.cwd] }),
      // A wrapper that moves the working folder (`env -C /`) moves what the deletes land on.
      ...protectedWritesAt(deletedPaths(recordOf(segment)), placeInside(placeOf.get(segment) ?? startPlace(home, context.cwd, true), recordOf(segment).peeled.layers)),
      ...namedPathsAtWorst(recordOf(segment), home).flatMap(({ targets, outside }) => protectedWrites(targets, outside ? { ...context, workspace: [context.cwd] } : context)),
    ]),
    unreadable,
  };
}

/** Indexes by cost, ties in line order. */
export function referencePayloadOrder(commands: readonly PayloadCarrier[]): number[] {
  const cost = (c: PayloadCarrier) => (c.stdinText?.length ?? 0) + c.argv.reduce((sum, word) => sum + word.raw.length, 0);
  return commands.map((_, index) => index).sort((a, b) => cost(commands[a]!) - cost(commands[b]!) || a - b);
}

