import { literalWord, type Segment, type Word } from '../reading/resolution';
import { analyseArgv, type SegmentAnalysis } from '../programs/segmentAnalysis';
import { programName } from '../programs/wrappers';
import { textOf } from '../programs/grammar';
import { programForms } from '../programs/table';
import { withXargsInput } from '../programs/writeTargets';
import { assignmentHosts, inlineCodeHosts, isInlineCodeInterpreter, readerOf, redirectHosts } from './openWorld/hostReaders';
import type { HostMention } from './openWorld/mentions';

/**
 * The open-world floor (D§7): a host named in a position where a program will contact it.
 *
 * There is no list of "good" hosts, so there is nothing for a look-alike to imitate: naming
 * any host is enough. The work here is reading each network program's argv the way the
 * program does, so that `curl -o out.json https://x` names `x` and not `out.json`, and
 * `ssh -i key host` names `host` and not `key`.
 *
 * The floor is five modules under `openWorld/`, and this entry:
 * - `mentions.ts`: what the floor finds (a host, an unreadable host, a listener);
 * - `hostSyntax.ts`: what a host is inside a piece of text (URLs, scp-style, IPv6, specs);
 * - `hostReaders.ts`: per program, which words are in a host position;
 * - `textScan.ts`: the rough scan of a command the resolver could not read;
 * - `wording.ts`: the hosts list and the reason on the card.
 * This file reads one resolved segment through its wrappers and hands the program to its reader;
 * it also re-exports the floor's surface, so that callers import the floor from one place.
 */

export type { HostMention } from './openWorld/mentions';
export { gitRemoteHost, goModuleHost, hostOfUrl, imageRegistryHost, packageSpecHost, urlHostsIn } from './openWorld/hostSyntax';
export { NETWORK_PROGRAMS } from './openWorld/hostReaders';
export { hostMentionsInText, roughWords } from './openWorld/textScan';
export { asciiForm, describeHostMentions, mixedScripts } from './openWorld/wording';

/**
 * Every host a resolved segment names in a position where it will be contacted, read through
 * wrappers (`sudo`, `env`, `timeout`, …). An opaque word in a host position (`curl $URL`) is an
 * unreadable host. When a wrapper's options could not be read exactly, a network program is
 * taken to contact a host the gate cannot read. Never throws.
 */
export function hostMentions(segment: Segment, analysis?: SegmentAnalysis): HostMention[] {
  try {
    // Most segments have no redirect and no assignment: nothing to copy or read for them.
    let out: HostMention[] = segment.redirects.length > 0 ? redirectHosts(segment) : [];
    const { peeled: unwrapped, program } = analysis ?? analyseArgv(segment.argv);
    const declares = program === 'export' || program === 'declare' || program === 'typeset';
    // Most segments assign nothing: no list of assignments to make for them.
    if (declares || segment.assignments.length > 0 || unwrapped.assignments.length > 0) {
      const assignments: Array<{ name: string; value: Word }> = [];
      for (const a of segment.assignments) assignments.push({ name: a.name, value: a.value });
      for (const a of unwrapped.assignments) assignments.push(a);
      if (declares) {
        for (const word of unwrapped.argv.slice(1)) {
          const text = textOf(word);
          const eq = text?.indexOf('=') ?? -1;
          if (text !== null && eq > 0) assignments.push({ name: text.slice(0, eq), value: literalWord(text.slice(eq + 1)) });
        }
      }
      if (assignments.length > 0) out.push(...assignmentHosts(assignments));
    }
    // A wrapper with a host reader of its own (`npx URL`, `pnpm dlx`, `sshpass … ssh HOST`).
    let current: readonly Word[] = segment.argv;
    for (const layer of unwrapped.layers) {
      const name = programName(current[0])?.toLowerCase() ?? null;
      const own = name === null ? undefined : readerOf(name);
      if (own) for (const mention of own(current.slice(1), { program: name! })) out.push(mention);
      current = layer.inner;
    }
    // A form the program table says opens this machine to others (a server on every address, a
    // tunnel, a debugger port): the rows' `listener` role, read here and nowhere else.
    for (const form of (analysis?.forms ?? programForms(segment.argv)).forms) {
      if (form.role !== 'listener') continue;
      const value = form.value === null ? null : textOf(form.value) ?? form.value.raw;
      const via = form.trigger === '' || form.trigger === form.program || form.program.endsWith(` ${form.trigger}`) ? form.program : `${form.program} ${form.trigger}`;
      out.push({ host: null, source: value !== null && value !== form.trigger ? value : 'a port', via, listener: true });
    }
    if (program === null) return out;
    // Network wrappers (`sshpass … ssh`, `torsocks curl`) are rows of the program table, peeled with the rest.
    const argv = unwrapped.argv;
    const inner = program;
    if (inner === null) {
      if (argv[0]) out.push({ host: null, source: argv[0].raw, via: `${program} (a program the gate cannot read)` });
      return out;
    }
    if (isInlineCodeInterpreter(inner)) out.push(...inlineCodeHosts(argv.slice(1), inner));
    const reader = readerOf(inner);
    if (!reader) return out;
    if (unwrapped.wrappers.includes('xargs')) {
      // xargs appends words read from its input: one more word the gate cannot know, so
      // `xargs curl` contacts an unknown host and `xargs git add` contacts none.
      const withInput = withXargsInput(segment.argv, argv);
      for (const mention of reader(withInput, { program: inner })) {
        out.push(mention.host === null ? { ...mention, via: `${mention.via} through xargs` } : mention);
      }
    } else {
      const mentions = reader(argv.slice(1), { program: inner });
      // Every reader returns a list of its own: with nothing found before it, that list is the answer.
      if (out.length === 0) out = mentions;
      else for (const mention of mentions) out.push(mention);
    }
    if (!unwrapped.exact) {
      // A wrapper whose options could not be read exactly may have hidden words of the command.
      out.push({ host: null, source: segment.raw, via: `${program} through ${unwrapped.wrappers.join(', ')}` });
    }
    return out;
  } catch {
    return [{ host: null, source: segment.raw, via: 'a command the gate could not read' }];
  }
}
