import { foldCompatibility } from '../reading/normalise';
import type { Word } from '../reading/resolution';

/**
 * Version-control pushes (D§4.3): a push or commit to a server sends the repository of the
 * folder it runs in (or the folder it is given). One reading, for the hardline floor's
 * credential-exfiltration arm (`hardline/pushedFolders.ts`, docs/decisions.md "A repository pushed
 * from a credential folder sends it") and the segment record's effects (`effects.ts`).
 */

/**
 * The verbs that send a working folder's repository to a server, by version-control program, and
 * the options of the program (before the verb) that take a value, the folder first.
 */
const PUSHES: Readonly<Record<string, { verbs: ReadonlySet<string>; folder: readonly string[]; valued: readonly string[] }>> = {
  git: { verbs: new Set(['push', 'send-pack']), folder: ['-C'], valued: ['-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env'] },
  hg: { verbs: new Set(['push', 'outgoing']), folder: ['-R', '--repository', '--cwd'], valued: ['--config'] },
  svn: { verbs: new Set(['commit', 'ci', 'import']), folder: [], valued: ['--config-dir', '--config-option', '--username', '--password'] },
  fossil: { verbs: new Set(['push', 'sync']), folder: ['-R', '--repository'], valued: [] },
};

/** A destination that stays on this machine: a path or a `file://` URL. */
const LOCAL_DESTINATION = /^(?:\/|\.{1,2}(?:\/|$)|~|file:\/\/)/;

/** A push an argv (program first, wrappers peeled) makes. */
export interface Push {
  /** The program (`git`) and its verb (`push`). */
  readonly name: string;
  readonly verb: string;
  /** The folder whose repository is sent, when the command names one (`git -C DIR`, `svn import PATH`); null: the folder it runs in. */
  readonly folder: string | null;
  /** The first word after the verb that is no option: the destination (`origin`, a URL), null when only known at run time, undefined when none. */
  readonly destination: string | null | undefined;
}

/** The push `argv` (program first, its name `name`, wrappers peeled) makes to a server, or null (none, or a push to a local path). */
export function pushOf(argv: readonly Word[], name: string): Push | null {
  const push = Object.prototype.hasOwnProperty.call(PUSHES, name) ? PUSHES[name]! : undefined;
  if (push === undefined) return null;
  let folder: string | null = null;
  let verbAt = -1;
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === null) break;
    if (push.folder.includes(text) || push.valued.includes(text)) {
      if (push.folder.includes(text)) folder = literalText(argv[k + 1]);
      k++;
      continue;
    }
    if (text.startsWith('-')) continue;
    verbAt = push.verbs.has(text) ? k : -1;
    break;
  }
  if (verbAt === -1) return null;
  const verb = literalText(argv[verbAt])!;
  const rest = argv.slice(verbAt + 1).map(literalText).filter((text) => text === null || !text.startsWith('-'));
  // `svn import PATH URL`: the path is the folder sent.
  if (name === 'svn' && verb === 'import' && rest.length >= 2 && rest[0] !== null) return { name, verb, folder: rest[0]!, destination: rest[1] };
  if (rest[0] !== undefined && rest[0] !== null && LOCAL_DESTINATION.test(rest[0])) return null;
  return { name, verb, folder, destination: rest[0] };
}

/** A literal word's text, compatibility-folded as the floor reads words. */
function literalText(word: Word | undefined): string | null {
  return word === undefined || word.kind !== 'literal' ? null : foldCompatibility(word.value);
}
