import { lstatSync, readlinkSync } from 'node:fs';
import { posix } from 'node:path';
import type { Connector, Word } from '../reading/resolution';
import { bindOptionBinds, bindSpelling, mountBind, volumeBind, type BindSpec } from './containerBinds';
import { podRun } from './podSpec';
import type { Attachment, Command, ContainerRun } from './row';
import { readArgs, textOf } from './grammar';
import { programRows, rowFor } from './table';
import { innermostCommand, peelWrappers, startsWithWrapper, type WrapperLayer } from './wrappers';

/**
 * The one path resolver of both floors (D§5, D§7): where a path written in a command lands, as
 * the kernel will open it. It follows the working folder along the line (`cd`, `pushd`, `popd`,
 * and a wrapper's own folder option such as `env -C`), normalises `.`, `..` and `//`, and
 * resolves the symbolic links on the way: those made earlier on the same line (`ln -s`) and those
 * already on disk. The hardline floor asks it where a deletion lands; the protected-write floor
 * where a write lands. See docs/decisions.md, "Where a path lands".
 *
 * The model is deliberately one of possibilities, not of one answer: after `test -d x && cd x;`
 * the next command may run in either folder, so a place holds every folder a command may run
 * in, and a folder the gate cannot pin down (`cd "$D"`, `popd` with nothing pushed on the line)
 * is recorded as such instead of being guessed.
 */

/** Where one simple command runs: the folders it may run in and how its paths reach files. */
export interface PathPlace {
  /** The home folder (`~`, `cd` with no operand). */
  readonly home: string;
  /** Every folder the command may run in, absolute and normalised; empty when none is known. */
  readonly folders: readonly string[];
  /** Some folder the command may run in is not known (`cd "$D"`, `cd -` of a folder before the line). */
  readonly unknownFolder: boolean;
  /** Symbolic links made earlier on the line: the link's absolute path → its target, as written. */
  readonly links: ReadonlyMap<string, string>;
  /** Read links that already exist on disk (false in tests that must not depend on the machine). */
  readonly disk: boolean;
  /**
   * What the disk said of each path asked so far, for this one decision (the places of a line
   * share it): a long line names the same folders again and again.
   */
  readonly diskSeen?: Map<string, string | null | undefined>;
  /**
   * Set for a command inside a container: the host folders bound into it, longest container path
   * first. A path below one is that host path; any other path is the container's own (not judged).
   */
  readonly mounts?: readonly Mount[];
  /**
   * With `mounts`: the command still reaches this machine's devices (`--privileged`, `--device`,
   * a bind of /dev, a chroot), so a device write there is one of the host's.
   */
  readonly hostDevices?: boolean;
  /** With `mounts`: the command shares this machine's processes (`--pid=host`, a chroot): PID 1 is the host's init. */
  readonly hostPid?: boolean;
  /**
   * With `mounts`: a container engine runs the command (`docker run`, a pod, a jail), not a wrapper
   * of this machine's own (`chroot`, `systemd-nspawn`): the engine is running while it does.
   */
  readonly engineRun?: true;
  /**
   * The shell's `CDPATH`, split at `:` (an empty entry is `.`), when the line runs in a shell the
   * gate does not set up (an agent's, through a hook). Unset in the gate's own terminals, which
   * scrub it. A relative `cd DIR` may then land below any entry as well.
   */
  readonly cdpath?: readonly string[];
  /**
   * The folder the command was asked in, when the line started there (empty when it is not
   * known): the workspace of D§7, outside which (and the temp folders) every write is protected.
   * Kept along the walk; a container's own place has none (its paths are not the host's).
   */
  readonly workspace?: readonly string[];
  /**
   * Host folders attached earlier on the line to instances of a runner (`lxc config device add`,
   * `multipass mount`: the rows' `attaches`), by {@link attachedKey}; bound into a command the
   * runner later starts in that instance.
   */
  readonly attached?: ReadonlyMap<string, readonly Mount[]>;
}

/** A host folder bound into a container: the container's absolute path and the host's. */
export interface Mount {
  readonly inside: string;
  readonly host: string;
  /** A read-only bind: only readers ({@link landingPaths} with `reads`) see the host's files through it. */
  readonly readOnly?: true;
  /**
   * Mounts the line does not name (`--volumes-from C`), at their worst the host's root bound at
   * any folder: with `inside` `/`, a path lands at each of its tails (`/h/home` at `/h/home`,
   * `/home` and `/`).
   */
  readonly anyFolder?: true;
}

/** Most folders a place keeps before it counts as not pinned down. */
const MAX_FOLDERS = 16;
/** Most links followed while resolving one path (Linux's own limit is 40). */
const MAX_LINK_HOPS = 40;
/** Longest path text read (PATH_MAX on Linux). */
const MAX_PATH = 4096;

const NO_LINKS: ReadonlyMap<string, string> = new Map();

/** The place a command line starts in: its working folder when known (absolute), else none. */
export function startPlace(home: string, cwd: string | null, disk = true, cdpath?: string): PathPlace {
  const folder = cwd !== null && cwd.startsWith('/') ? normalFolder(cwd) : null;
  const entries = cdpath === undefined || cdpath === '' ? undefined : cdpath.split(':').map((entry) => (entry === '' ? '.' : entry));
  const workspace = folder === null ? [] : [folder];
  return { home, folders: workspace, unknownFolder: folder === null, links: NO_LINKS, disk, diskSeen: new Map(), workspace, ...(entries ? { cdpath: entries } : {}) };
}

/** A simple command of the line as the walk needs it. */
export interface WalkedCommand {
  readonly argv: readonly Word[];
  /**
   * The command runs in a subshell of its own (a part of a pipeline, a background job), so a
   * `cd` there changes nothing for the commands after it.
   */
  readonly ownShell: boolean;
  /**
   * The operator after the command, when the commands are one flat list as bash runs it (the
   * resolver's segments); absent for text read tolerantly. After `cd X &&` the commands joined
   * by `&&` run only when the `cd` succeeded, so they run in X alone.
   */
  readonly connector?: Connector | null;
  /** The command's pipeline starts with `!`: its success is the command's failure. */
  readonly negated?: boolean;
}

/**
 * The place of each command of a line, in order: each starts where the commands before it may
 * have left the shell. A line without `cd`, `pushd`, `popd` or `ln` (nearly all) shares one place.
 */
export function placesAlong(commands: readonly WalkedCommand[], start: PathPlace): PathPlace[] {
  const places: PathPlace[] = [];
  /** Every folder the shell may be in by now, whichever commands ran. */
  let place = start;
  /**
   * The place of the next command when it runs only if a `cd` before it succeeded (`cd X && b
   * && c`: b and c run in X alone); null otherwise. Only for flat lists read exactly.
   */
  let sure: PathPlace | null = null;
  /** A folder was changed earlier on the line, so `cd -` and `popd` go back to one already listed. */
  let moved = false;
  for (let index = 0; index < commands.length; index++) {
    const command = commands[index]!;
    const here: PathPlace = sure ?? place;
    places.push(here);
    const chained = command.connector === '&&';
    const argv = withoutBuiltinPrefix(command.argv);
    const name = textOf(argv[0]);
    const attachments = name !== null && attachingPrograms().has(name) ? attachmentsOf(argv) : namesAttachingProgram(argv) && startsWithWrapper(argv) ? attachmentsOf(peelWrappers(argv).argv) : null;
    // What a command attaches is the machine's or an instance's state, not the shell's: a mount
    // server left running in the background (`minikube mount SRC:DST &`) or a part of a pipeline
    // attaches it for the commands after it too.
    if (attachments !== null) {
      place = withAttachments(place, attachments.family, attachments.found);
      sure = chained && sure !== null ? withAttachments(sure, attachments.family, attachments.found) : null;
      continue;
    }
    if (name === 'ln') {
      place = withLinks(place, argv.slice(1));
      sure = chained && sure !== null ? withLinks(sure, argv.slice(1)) : null;
      continue;
    }
    if (command.ownShell || (name !== 'cd' && name !== 'pushd' && name !== 'popd')) {
      // A command that is no folder change keeps the chain of `&&` going, and only that.
      if (!chained) sure = null;
      continue;
    }
    const target = folderChange(name, argv.slice(1));
    if (target === 'none') {
      if (!chained) sure = null;
      continue;
    }
    if (target === 'back') {
      if (!moved) place = { ...place, unknownFolder: true };
      sure = null;
      continue;
    }
    moved = true;
    const targets: string[] | null = target === null ? null : folderTargets(target, here);
    place = addFolders(place, targets);
    // A relative folder from a folder not pinned down is not pinned down either.
    const unknown = here.unknownFolder && target !== null && !target.startsWith('/') && !target.startsWith('~');
    // The `cd` itself may be skipped with a status of 0 (`a || cd X && b`: b runs where a left
    // it); only a `cd` that runs whenever the status before it is 0 narrows the chain after it.
    const before = commands[index - 1]?.connector;
    const reached = before !== '||' && before !== '|' && before !== '|&';
    sure = chained && reached && command.negated !== true && targets !== null ? withFolders(here, targets, unknown) : null;
  }
  return places;
}

/**
 * {@link placesAlong} for the resolver's segments: a part of a pipeline, or a background job,
 * runs in a shell of its own.
 */
export function placesOfSegments(
  segments: ReadonlyArray<{ readonly argv: readonly Word[]; readonly connector: Connector | null; readonly negated?: boolean }>,
  start: PathPlace,
): PathPlace[] {
  return placesAlong(
    segments.map((segment, index) => {
      const before = segments[index - 1]?.connector;
      const after = segment.connector;
      return {
        argv: segment.argv,
        ownShell: after === '|' || after === '|&' || after === '&' || before === '|' || before === '|&',
        connector: after,
        negated: segment.negated,
      };
    }),
    start,
  );
}

/** Programs with a row some command of which attaches host folders or devices (Command.attaches); made on first use. */
let ATTACHING: ReadonlySet<string> | null = null;

function attachingPrograms(): ReadonlySet<string> {
  ATTACHING ??= new Set(programRows().flatMap((row) => (hasAttaches(row) ? row.names : [])));
  return ATTACHING;
}

/** A word after the first names a program that attaches (`sudo lxc config device add …`): only then are wrappers peeled. */
function namesAttachingProgram(argv: readonly Word[]): boolean {
  for (let k = 1; k < argv.length; k++) if (attachingPrograms().has(textOf(argv[k]) ?? '')) return true;
  return false;
}

function hasAttaches(command: Command, level = 0): boolean {
  if (command.attaches !== undefined) return true;
  return level < 3 && Object.values(command.subcommands ?? {}).some((sub) => hasAttaches(sub, level + 1));
}

/** The runner family an instance name belongs to: the row's first name (`incus` shares `lxc`'s row and instances' key). */
function familyOf(word: Word | undefined): string | null {
  const name = word === undefined ? null : textOf(word);
  if (name === null) return null;
  return rowFor(name)?.names[0] ?? null;
}

function attachedKey(family: string, instance: string): string {
  return `${family}\u0000${instance}`;
}

/** What a command attaches, read through its row's `attaches`; null when it attaches nothing. */
function attachmentsOf(argv: readonly Word[]): { family: string; found: readonly Attachment[] } | null {
  const family = familyOf(argv[0]);
  if (family === null || !attachingPrograms().has(textOf(argv[0]) ?? '')) return null;
  const found = innermostCommand(argv);
  const attaches = found?.command.attaches;
  if (found === null || found === undefined || attaches === undefined) return null;
  const reading = readArgs(found.args, found.command.grammar ?? {});
  const asText = (word: Word): string | null => textOf(word) ?? homeText(word) ?? pwdText(word) ?? tildeText(word);
  const texts = reading.operands.map(asText);
  const optionValues = (...names: string[]): { given: boolean; values: (string | null)[] } => {
    const given = reading.options.filter((option) => names.includes(option.name) || names.includes(option.key));
    return { given: given.length > 0, values: given.flatMap((option) => (option.value === null ? [] : [asText(option.value)])) };
  };
  const attached = attaches(texts, optionValues);
  return attached.length === 0 ? null : { family, found: attached };
}

/**
 * The place after a command attached these: an instance's folders are recorded for the runner
 * that later starts a command there; a device mounted in a container given the host's devices
 * makes the mount point a bind of that device's file system — at its worst the host's root.
 */
/** Most instances, and most folders of one instance, the walk records as attached. */
const MAX_ATTACHED = 32;

function withAttachments(place: PathPlace, family: string, found: readonly Attachment[]): PathPlace {
  let attached: Map<string, readonly Mount[]> | null = null;
  let mounts: Mount[] | null = null;
  for (const attachment of found) {
    const insideText = attachment.inside === '~' || attachment.inside.startsWith('~/') ? place.home + attachment.inside.slice(1) : attachment.inside;
    if (!insideText.startsWith('/')) continue;
    const inside = normalFolder(insideText);
    if (attachment.instance === null) {
      if (attachment.device !== true || place.mounts === undefined || place.hostDevices !== true) continue;
      if ((mounts ?? place.mounts).some((mount) => mount.inside === inside && mount.host === '/') || (mounts ?? place.mounts).length >= MAX_FOLDERS * 4) continue;
      (mounts ??= [...place.mounts]).push({ inside, host: '/' });
      continue;
    }
    const key = attachedKey(attachment.family ?? family, attachment.instance);
    const before = (attached ?? place.attached)?.get(key) ?? [];
    const added = bindHosts(attachment.host, place).filter((host) => !before.some((mount) => mount.inside === inside && mount.host === host));
    // Bounded, so that a long line of attachments stays linear (past the bounds: a known miss).
    if (added.length === 0 || before.length >= MAX_ATTACHED || (!(attached ?? place.attached)?.has(key) && ((attached ?? place.attached)?.size ?? 0) >= MAX_ATTACHED)) continue;
    attached ??= new Map(place.attached ?? []);
    attached.set(key, [...before, ...added.map((host) => ({ inside, host }))]);
  }
  if (attached === null && mounts === null) return place;
  return {
    ...place,
    ...(attached !== null ? { attached } : {}),
    ...(mounts !== null ? { mounts: mounts.sort((a, b) => b.inside.length - a.inside.length) } : {}),
  };
}

/** `builtin cd`, `command cd`: the same builtin. */
function withoutBuiltinPrefix(argv: readonly Word[]): readonly Word[] {
  let at = 0;
  while (at < argv.length - 1 && (textOf(argv[at]) === 'builtin' || textOf(argv[at]) === 'command')) at++;
  return at === 0 ? argv : argv.slice(at);
}

/**
 * What a `cd`, `pushd` or `popd` does to the folder: `none` (it does not change it: `pushd -n`,
 * `popd -n`), `back` (to a folder from before: `cd -`, `popd`, `pushd` with no folder), the text
 * of the new folder, or null when that folder is only known at run time.
 */
function folderChange(name: string, args: readonly Word[]): 'none' | 'back' | string | null {
  let at = 0;
  let noChange = false;
  for (; at < args.length; at++) {
    const text = textOf(args[at]);
    if (text === null) break;
    if (text === '--') {
      at++;
      break;
    }
    if (!text.startsWith('-') || text === '-' || /^-[0-9]+$/.test(text)) break;
    if (text.includes('n') && name !== 'cd') noChange = true;
  }
  if (noChange) return 'none';
  const operand = args[at];
  if (name === 'popd') return operand === undefined || /^[+-][0-9]+$/.test(textOf(operand) ?? '') ? 'back' : null;
  if (operand === undefined) return name === 'cd' ? '~' : 'back';
  const text = folderText(operand);
  if (text === '-' || (name === 'pushd' && text !== null && /^[+-][0-9]+$/.test(text))) return 'back';
  return text;
}

/** A folder operand's text: a literal, or `$HOME`/`${HOME}` followed by literal text; else null. */
function folderText(word: Word): string | null {
  if (word.kind === 'literal') return word.value;
  const match = /^(?:\$HOME|\$\{HOME\}|"\$HOME"|"\$\{HOME\}")((?:\/[A-Za-z0-9._+@%,:=-]*)*)$/.exec(word.raw);
  return match === null ? null : `~${match[1]}`;
}

/**
 * The folders a `cd` to `text` may land in, from each folder of the place. A relative folder is
 * read from the working folder; `CDPATH` is taken as unset (the gate's own terminals unset it,
 * docs/decisions.md).
 */
function folderTargets(text: string, place: PathPlace): string[] | null {
  let absolute: string[];
  if (text === '~' || text.startsWith('~/')) absolute = [place.home + text.slice(1)];
  else if (text.startsWith('~')) return null;
  else if (text.startsWith('/')) absolute = [text];
  else if (place.folders.length === 0) return null;
  else {
    absolute = place.folders.map((folder) => `${folder}/${text}`);
    // bash tries each CDPATH entry before the working folder, for a folder not written from `.`
    // or `..`; a relative entry is read from the working folder.
    if (place.cdpath !== undefined && !/^\.\.?(\/|$)/.test(text)) {
      for (const entry of place.cdpath) {
        if (entry.startsWith('/')) absolute.push(`${entry}/${text}`);
        else for (const folder of place.folders) absolute.push(`${folder}/${entry}/${text}`);
      }
    }
  }
  const folders: string[] = [];
  for (const path of absolute) {
    folders.push(normalFolder(path));
    // bash's `cd` removes the component before `..` from the path as written (-L), but with -P,
    // or when that logical path does not exist, the kernel takes `..` after the links instead:
    // `cd l/../x` with l a link to /tmp/a/b lands in /tmp/a/x. Both readings count.
    if (/(^|\/)\.\.(\/|$)/.test(path) && (place.links.size > 0 || place.disk)) {
      const physical = throughLinks(path, place, true);
      if (physical !== null && !folders.includes(physical)) folders.push(physical);
    }
  }
  return [...new Set(folders)];
}

/** The place with exactly these folders (a `cd` that succeeded): its links and disk kept. */
function withFolders(place: PathPlace, folders: readonly string[], unknownFolder: boolean): PathPlace {
  if (folders.length > MAX_FOLDERS) return { ...place, folders: folders.slice(0, MAX_FOLDERS), unknownFolder: true };
  return { ...place, folders, unknownFolder };
}

/** `.`, `..` and repeated slashes resolved, and no trailing slash (but `/` itself). */
function normalFolder(path: string): string {
  const normal = posix.normalize(path);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}

function addFolders(place: PathPlace, folders: readonly string[] | null): PathPlace {
  if (folders === null) return { ...place, unknownFolder: true };
  const all = [...new Set([...place.folders, ...folders])];
  if (all.length > MAX_FOLDERS) return { ...place, folders: all.slice(0, MAX_FOLDERS), unknownFolder: true };
  return { ...place, folders: all };
}

/**
 * `ln [-s] TARGET… LINK|DIR`: the links it makes, recorded so that a later `cp x h/pre-commit`
 * through the link lands where the kernel will put it. A hard link to a file is the file itself,
 * so it is recorded the same way. Read with ln's row (its options are its row's).
 */
function withLinks(place: PathPlace, args: readonly Word[]): PathPlace {
  const grammar = rowFor('ln')?.grammar;
  if (grammar === undefined || place.folders.length === 0) return place;
  const reading = readArgs(args, grammar);
  const names = new Set(reading.options.map((option) => option.name));
  const symbolic = names.has('-s') || names.has('--symbolic');
  const intoOption = reading.options.find((option) => option.name === '-t' || option.name === '--target-directory');
  const operands = reading.operands.map((word) => textOf(word));
  // A link to (or at) a path only known at run time may lead anywhere: a relative path after it is
  // one the gate cannot pin down, as after `cd "$D"` (a write there counts as protected).
  if (operands.some((text) => text === null) || intoOptionUnreadable(reading.options)) return { ...place, unknownFolder: true };
  const texts = operands as string[];
  let sources: string[];
  let destination: string | null;
  let intoFolder: boolean;
  if (intoOption !== undefined) {
    destination = textOf(intoOption.value);
    sources = texts;
    intoFolder = true;
  } else if (texts.length === 1) {
    sources = texts;
    destination = '.';
    intoFolder = true;
  } else {
    sources = texts.slice(0, -1);
    destination = texts[texts.length - 1] ?? null;
    intoFolder = sources.length > 1 || (destination?.endsWith('/') ?? false);
  }
  if (destination === null || sources.length === 0) return place;
  const links = new Map(place.links);
  for (const folder of place.folders) {
    for (const source of sources) {
      const linkText = intoFolder ? posix.join(destination, posix.basename(source)) : destination;
      const link = posix.resolve(folder, linkText);
      // A symbolic link's text is read from the link's own folder; a hard link's from here.
      links.set(link, symbolic ? source : posix.resolve(folder, source));
      // `ln -s T DIR` with DIR an existing folder puts the link inside it: both readings count.
      if (!intoFolder) links.set(posix.join(link, posix.basename(source)), symbolic ? source : posix.resolve(folder, source));
    }
  }
  return { ...place, links };
}

function intoOptionUnreadable(options: ReadonlyArray<{ name: string; value: Word | null }>): boolean {
  return options.some((option) => (option.name === '-t' || option.name === '--target-directory') && (option.value === null || textOf(option.value) === null));
}

/**
 * The place a program runs in once its own working-folder option (`tar -C DIR`, a row's
 * `Command.workingFolder`, as `workingFolderOf` composes it) has moved it: `folder` read as `cd`
 * would; null (a folder only known at run time) leaves no known folder.
 */
export function placeInFolder(place: PathPlace, folder: string | null): PathPlace {
  if (folder === '.') return place;
  const folders = folder === null ? null : folderTargets(folder, place);
  return folders === null ? { ...place, folders: [], unknownFolder: true } : { ...place, folders };
}

/**
 * The command shares this machine's processes and devices though its paths are mapped (a chroot:
 * its root is at its worst this machine's own): what it does to processes, power, disks and, through
 * WSL's interop, Windows is done to this machine.
 */
export function sharesHost(place: PathPlace): boolean {
  return place.hostPid === true && place.hostDevices === true;
}

/**
 * The place of a wrapped command: a wrapper whose row names its working-folder option
 * (`Command.workingFolder`: `env -C DIR`, `sudo -D DIR`) runs the command there.
 */
export function placeInside(place: PathPlace, layers: readonly WrapperLayer[]): PathPlace {
  let inner = place;
  for (const layer of layers) {
    const row = rowFor(layer.program);
    // A wrapper that changes the root or the namespaces (`chroot DIR`, `systemd-nspawn -D DIR
    // --bind=…`, `nsenter -t 1 -m`): the command's paths land through what it maps.
    if (row?.container !== undefined) {
      const options = layer.options.map((option) => ({ spelled: option.key.length === 1 ? `-${option.key}` : `--${option.key}`, value: option.value }));
      inner = containerPlace(row.container, options, [...(layer.positionals ?? [])], inner, true) ?? inner;
    }
    const spellings = row?.workingFolder;
    if (spellings === undefined) continue;
    for (const option of layer.options) {
      // A wrapper's reader names each option by its key (`C` for both `-C` and `--chdir`).
      if (!spellings.includes(option.key.length === 1 ? `-${option.key}` : `--${option.key}`)) continue;
      const text = option.value === null ? null : folderText(option.value);
      const folders = text === null ? null : folderTargets(text, inner);
      inner = folders === null ? { ...inner, folders: [], unknownFolder: true } : { ...inner, folders };
    }
  }
  return inner;
}

/**
 * `docker run … IMAGE CMD` (any row whose command declares `container`): the command run inside,
 * and its place — the binds of host folders (`-v`, `--mount type=bind`, `--bind`, a root folder),
 * the host's devices and processes when the run hands them over, and the folder set by `-w` (a
 * container path; unknown without one: the image decides). Null for anything else, and for a run
 * that maps nothing of the host (its paths are the container's own). A bind whose host side
 * cannot be read (`-v "$X":/h`) makes the paths below it unknown, so they are not judged.
 */
export function containerRun(
  argv: readonly Word[],
  place: PathPlace,
  /** The variables set for the command (in front of it, or by its wrappers): a row's `bindVariables` bind too. */
  environment: ReadonlyArray<{ readonly name: string; readonly value: Word }> = [],
): { inner: Word[]; place: PathPlace; shellText?: true } | null {
  const found = innermostCommand(argv);
  const container = found?.command.container;
  if (found === undefined || found === null || container === undefined) return null;
  const reading = readArgs(found.args, found.command.grammar ?? {});
  let start: number | undefined;
  if (container.command === 'after-dash-dash') {
    const dashes = found.args.findIndex((word) => word.kind === 'literal' && word.value === '--');
    start = dashes !== -1 ? dashes + 1 : container.instance === undefined ? undefined : reading.operandIndexes[container.instance + 1];
  } else {
    start = reading.operandIndexes[container.command];
  }
  const podCommand = container.podSpec === undefined ? null : podOption(found.args, container.podSpec);
  if (podCommand !== null) return podPlace(container, podCommand, found.args, place);
  // `--entrypoint PROG`: PROG runs with the words after the image (none, when the image is last).
  const entrypoint = container.entrypoint === undefined ? null : entrypointWords(reading.options.filter((option) => (start === undefined || option.index < start) && container.entrypoint!.includes(option.name)));
  if (entrypoint !== null && start === undefined && typeof container.command === 'number' && reading.operands.length === container.command) start = found.args.length;
  if (start === undefined || (start >= found.args.length && entrypoint === null)) return null;
  // Before `--` a cobra runner takes its options after its operands too (`kubectl run NAME --privileged -- CMD`).
  const before = container.command === 'after-dash-dash' && start !== undefined && textOf(found.args[start - 1]) === '--' ? readArgs(found.args.slice(0, start - 1), { ...(found.command.grammar ?? {}), stopAtOperand: false }) : reading;
  const bindOption = container.binds?.[0];
  const options = [
    ...(bindOption === undefined ? [] : environment.filter((variable) => container.bindVariables?.includes(variable.name) === true).map((variable) => ({ spelled: bindOption, value: variable.value }))),
    ...before.options.filter((option) => option.index < start!).map((option) => ({ spelled: option.name, value: option.value })),
  ];
  const operands = reading.operands.filter((_, k) => reading.operandIndexes[k]! < start!);
  const named = container.instanceOption === undefined ? [] : options.filter((option) => container.instanceOption!.includes(option.spelled));
  const instance = container.instance !== undefined ? operands[container.instance] : named.length > 0 ? (named[named.length - 1]!.value ?? undefined) : undefined;
  const instanceText = instance === undefined ? null : textOf(instance);
  const family = familyOf(argv[0]) ?? found.program.split(' ')[0]!;
  // An instance only known at run time may be any of them: every folder attached on the line.
  const attached =
    place.attached === undefined || (instance === undefined && container.anyInstance !== true)
      ? []
      : instanceText === null
        ? [...place.attached.entries()].filter(([key]) => key.startsWith(`${family}\u0000`)).flatMap(([, mounts]) => mounts)
        : [...(place.attached.get(attachedKey(family, instanceText)) ?? []), ...(place.attached.get(attachedKey(family, '*')) ?? [])];
  const inner = containerPlace(container, options, operands, place, false, [...attached, ...namedVolumeMounts(container, options, place, family)]);
  if (inner === null) return null;
  const command = [...(entrypoint ?? []), ...found.args.slice(start)];
  return container.shellText === true ? { inner: command, place: inner, shellText: true } : { inner: command, place: inner };
}

/**
 * Named volumes made earlier on the line of a host folder (`docker volume create --opt o=bind --opt
 * device=/home/dev homevol`, the rows' `attaches` as instance `volume:NAME`), given to this run as
 * `-v NAME:/dst` or `--mount type=volume,source=NAME,target=/dst`: the folder is bound at `/dst`.
 * A name only known at run time may be any of them.
 */
function namedVolumeMounts(container: ContainerRun, options: ReadonlyArray<{ spelled: string; value: Word | null }>, place: PathPlace, family: string): Mount[] {
  if (place.attached === undefined) return [];
  const out: Mount[] = [];
  for (const option of options) {
    if (option.value === null) continue;
    const text = textOf(option.value);
    let name: string | null | undefined;
    let target: string | undefined;
    if (container.volumes.includes(option.spelled)) {
      const match = text === null ? null : /^([^/:~.$][^:]*):(\/[^:]*)(?::([^:]*))?$/.exec(text.startsWith('=') ? text.slice(1) : text);
      if (match === null || (match[3] ?? '').split(',').includes('ro')) continue;
      [name, target] = [match[1], match[2]];
    } else if (container.mounts.includes(option.spelled) && text !== null) {
      const fields = new Map(text.split(',').map((field) => [field.split('=')[0]!, field.slice(field.indexOf('=') + 1)] as const));
      if (fields.get('type') !== 'volume' || fields.has('readonly') || fields.has('ro')) continue;
      [name, target] = [fields.get('source') ?? fields.get('src'), fields.get('target') ?? fields.get('dst') ?? fields.get('destination')];
    }
    if (name === undefined || target === undefined || !target.startsWith('/')) continue;
    const hosts = [...(place.attached.get(attachedKey(family, `volume:${name}`)) ?? []), ...(place.attached.get(attachedKey(family, 'volume:*')) ?? [])];
    for (const mount of hosts) out.push({ inside: normalFolder(target), host: mount.host });
  }
  return out;
}

/** The runner a program without a row is taken for at its worst: every bind its words spell binds ({@link unplacedRunPlace}). */
const UNPLACED_RUNNER: ContainerRun = { command: 0, volumes: ['volume'], mounts: ['mount'], workdir: [] };

/**
 * A program the table cannot place may be a container runner (D§5, docs/decisions.md "A program
 * without a row binds the host folders its words spell"): each word of its argv that spells a bind
 * (containerBinds.ts `bindSpelling`: `-b /:/mnt/0`, `--volume=/etc:/e`, `--mount=type=bind,src=/,dst=/h`)
 * is taken as one, and the place is the one such a run gives its command. Null when no word spells one.
 */
export function unplacedRunPlace(argv: readonly Word[], place: PathPlace): PathPlace | null {
  const options: Array<{ spelled: string; value: Word }> = [];
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    const written = word.kind === 'literal' ? word.value : word.raw;
    // `--volume=VALUE`, `-v=VALUE`: the value after the option's name.
    const eq = written.startsWith('-') ? written.indexOf('=') : -1;
    const valueText = eq === -1 ? written : written.slice(eq + 1);
    const value: Word = eq === -1 ? word : word.kind === 'opaque' ? { kind: 'opaque', raw: valueText, expansions: word.expansions } : { kind: 'literal', value: valueText, raw: valueText };
    const spelling = bindSpelling(word.kind === 'literal' ? valueText : valueText.replace(/["']/g, ''));
    if (spelling !== null) options.push({ spelled: spelling, value });
    // A value that is itself a runner's option list (`--docker-options="--rm -v /:/host"`): each
    // of its blank-separated pieces that spells a bind is one.
    else if (word.kind === 'literal' && /\s/.test(valueText)) {
      for (const piece of valueText.split(/\s+/)) {
        const pieceText = piece.replace(/^-[^=\s]*=/, '');
        const pieceSpelling = bindSpelling(pieceText);
        if (pieceSpelling !== null) options.push({ spelled: pieceSpelling, value: { kind: 'literal', value: pieceText, raw: pieceText } });
      }
    }
  }
  return options.length === 0 ? null : containerPlace(UNPLACED_RUNNER, options, [], place);
}

/** The program (and first arguments) the last of these `--entrypoint` options names, as words; null without one. */
function entrypointWords(options: ReadonlyArray<{ value: Word | null }>): Word[] | null {
  const value = options[options.length - 1]?.value;
  if (value === undefined || value === null) return null;
  const text = textOf(value);
  if (text === null || !text.startsWith('[')) return [value];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((item) => typeof item === 'string')) return (parsed as string[]).map((item) => ({ kind: 'literal', value: item, raw: item }));
  } catch {
    // Not JSON: the whole text is the program's name.
  }
  return [value];
}

/**
 * The pod an option among `spellings` gives (`--overrides=JSON`, `--overrides JSON`), anywhere
 * before `--`: kubectl reads its options after the pod's name too.
 */
function podOption(args: readonly Word[], spellings: readonly string[]): ReturnType<typeof podRun> {
  for (let k = 0; k < args.length; k++) {
    const text = textOf(args[k]);
    if (text === '--') break;
    if (text === null) continue;
    const eq = text.indexOf('=');
    const name = eq === -1 ? text : text.slice(0, eq);
    if (!spellings.includes(name)) continue;
    const value = eq === -1 ? textOf(args[k + 1]) : text.slice(eq + 1);
    const run = value === null ? null : podRun(value);
    if (run !== null) return run;
  }
  return null;
}

/** A pod given inline: its container's command, at the place its spec and the runner's own flags (before `--`) make. */
function podPlace(container: ContainerRun, pod: ReturnType<typeof podRun> & object, args: readonly Word[], place: PathPlace): { inner: Word[]; place: PathPlace } | null {
  const literal = (value: string): Word => ({ kind: 'literal', value, raw: value });
  const dashes = args.findIndex((word) => textOf(word) === '--');
  const options = (dashes === -1 ? args : args.slice(0, dashes)).flatMap((word) => {
    const text = textOf(word);
    return text !== null && text.startsWith('--') && !text.includes('=') ? [{ spelled: text, value: null }] : [];
  });
  const inner = containerPlace(container, options, [], place, false, [], pod);
  return inner === null ? null : { inner: pod.argv.map(literal), place: inner };
}

/**
 * The place of a command a runner starts (see {@link ContainerRun}), from the runner's options (as
 * spelled) and operands before the command; null when the runner maps nothing of this machine in.
 */
function containerPlace(
  container: ContainerRun,
  options: ReadonlyArray<{ spelled: string; value: Word | null }>,
  operands: readonly Word[],
  place: PathPlace,
  /** A wrapper of the command's own kernel and files (chroot, nspawn): its sources are paths where it runs. A container client's are the daemon's, the host's. */
  local = false,
  /** Host folders attached earlier on the line to the instance the command runs in, already on the host. */
  attached: readonly Mount[] = [],
  /** A pod given inline (`--overrides`): its binds, privileges and host processes. */
  pod: ReturnType<typeof podRun> = null,
): PathPlace | null {
  const binds: BindSpec[] = [];
  let workdir: string | null = null;
  let devices = false;
  let hostPid = false;
  let rootfs = false;
  let joinsInit = false;
  let joinsMount = false;
  let keepsFolder = false;
  let inherits = false;
  for (const option of options) {
    const name = option.spelled;
    if (container.inheritsMounts?.includes(name) === true) inherits = true;
    if (container.startsAtRoot?.unless.includes(name) === true) keepsFolder = true;
    const spelledText = option.value === null ? null : (textOf(option.value) ?? pwdText(option.value) ?? homeText(option.value) ?? homeInsideText(option.value) ?? tildeText(option.value));
    // Go's flag readers (docker, podman, nerdctl, finch…) take `-v=VALUE` as `-v VALUE`.
    const text = spelledText !== null && /^-[A-Za-z]$/.test(name) && spelledText.startsWith('=') ? spelledText.slice(1) : spelledText;
    if (container.workdir.includes(name)) workdir = text;
    if (container.devices?.includes(name) === true && (text === null || !/^(false|0)$/i.test(text) || option.value === null)) devices = true;
    if (container.capabilities?.includes(name) === true && mountsFileSystems(text)) devices = true;
    if (container.hostPid?.includes(name) === true && (option.value === null || text === 'host')) hostPid = true;
    if (container.rootfsFlags?.includes(name) === true) rootfs = true;
    if (container.joins?.target.includes(name) === true) joinsInit = text === '1';
    if (container.joins?.mount.includes(name) === true) joinsMount = true;
    if (text === null) continue;
    // `--device /dev/sdb:/dev/target[:rwm]`: the host's device appears under another name inside.
    const renamed = container.devices?.includes(name) === true ? /^(\/dev\/[^:]+):(\/[^:]+)(?::[rwm]*)?$/.exec(text) : null;
    if (renamed !== null && renamed[1] !== renamed[2]) binds.push({ host: renamed[1]!, inside: renamed[2]! });
    if (container.volumes.includes(name)) {
      const bind = volumeBind(text);
      if (bind !== null) binds.push(bind);
    } else if (container.mounts.includes(name)) {
      const bind = mountBind(text);
      if (bind !== null) binds.push(bind);
    } else if (container.binds?.includes(name) === true) {
      binds.push(...bindOptionBinds(text));
    } else if (container.rootOption?.includes(name) === true) {
      binds.push({ host: text, inside: '/' });
    }
  }
  if (container.hostNamespaces === true) {
    binds.push({ host: '/', inside: '/' });
    devices = true;
    hostPid = true;
  }
  if (pod !== null) {
    binds.push(...pod.binds);
    devices ||= pod.privileged;
    hostPid ||= pod.hostPid;
  }
  if (container.joins !== undefined) {
    // `nsenter -t 1 -m`: the mount namespace of PID 1 — this machine's own, when PID 1 is the host's init.
    // On this machine already, nothing changes.
    if (!joinsInit || !joinsMount || place.mounts === undefined || place.hostPid !== true) return null;
    return { home: place.home, folders: [], unknownFolder: true, links: NO_LINKS, disk: place.disk, ...(place.diskSeen ? { diskSeen: place.diskSeen } : {}) };
  }
  const operandTexts = operands.map((word) => textOf(word));
  if (container.rootPositional !== undefined) {
    const root = operandTexts[container.rootPositional];
    if (root === undefined || root === null) return null;
    binds.push({ host: root, inside: '/' });
    // At its worst a chroot's root is a mounted system (a rescue or install: `mount /dev/sda2 /mnt
    // && chroot /mnt`): on this machine its paths are judged as this machine's own too.
    if (place.mounts === undefined) binds.push({ host: '/', inside: '/' });
    // A chroot shares everything else with the machine it runs on.
    devices = true;
    hostPid = true;
  }
  if (rootfs && operandTexts[0] !== undefined && operandTexts[0] !== null) binds.push({ host: operandTexts[0], inside: '/' });
  for (const fixed of container.fixed?.(operandTexts) ?? []) binds.push({ host: fixed.host, inside: fixed.inside === '~' ? place.home : fixed.inside });
  const mounts: Mount[] = [...attached];
  for (const bind of binds) {
    // `-v "$PWD":"$PWD"`: the host shell expands both sides to the same folder, whichever it is.
    const pwdInside = /^\$PWD(?=\/|$)/.exec(bind.inside);
    if (pwdInside !== null) {
      for (const folder of place.folders) {
        const host = bindHosts(bind.host.replace(/^\$PWD(?=\/|$)/, folder), place);
        for (const one of host) mounts.push({ inside: normalFolder(folder + bind.inside.slice(4)), host: one, ...(bind.readOnly === true ? { readOnly: true as const } : {}) });
      }
      continue;
    }
    const insideText = bind.inside === '~' || bind.inside.startsWith('~/') ? place.home + bind.inside.slice(1) : bind.inside;
    if (!insideText.startsWith('/')) continue;
    const inside = normalFolder(insideText);
    // The whole /dev of the host bound in: its devices are there.
    if (inside === '/dev' || inside === '/') devices ||= bind.host === '/dev' || bind.host === '/';
    // Inside a container already (a chroot there), the source is one of its paths: read through its binds.
    const hosts = local && place.mounts !== undefined ? landingPaths(bind.host.startsWith('~') ? place.home + bind.host.slice(1) : bind.host, place, true).paths : bindHosts(bind.host, place);
    for (const host of hosts) mounts.push(bind.readOnly === true ? { inside, host, readOnly: true } : { inside, host });
  }
  if (inherits) mounts.push({ inside: '/', host: '/', anyFolder: true });
  devices ||= place.mounts !== undefined && place.hostDevices === true && container.rootPositional !== undefined;
  if (mounts.length === 0 && !devices && !hostPid) return null;
  mounts.sort((a, b) => b.inside.length - a.inside.length);
  // `chroot DIR rm -rf ../..` runs in DIR's `/`: its relative paths are judged from there. With
  // `--skip-chdir` it stays in the caller's folder, whose path now names a place of the new root.
  const startFolders = keepsFolder ? place.folders : ['/'];
  const folders = workdir === null && container.startsAtRoot !== undefined ? [...startFolders] : workdirFolders(workdir, place);
  return {
    home: place.home,
    folders,
    unknownFolder: folders.length === 0,
    links: NO_LINKS,
    disk: place.disk,
    ...(place.diskSeen ? { diskSeen: place.diskSeen } : {}),
    mounts,
    ...(devices ? { hostDevices: true } : {}),
    ...(hostPid ? { hostPid: true } : {}),
    ...(!local || place.engineRun === true ? { engineRun: true as const } : {}),
    // The workspace stays the host's: a write that lands on the host through a bind or a chroot's
    // root outside it is as protected as the same write made directly (D§7).
    ...(place.workspace !== undefined ? { workspace: place.workspace } : {}),
  };
}

/**
 * A capability list (`SYS_ADMIN`, `CAP_SYS_ADMIN,NET_ADMIN`, `ALL`) that lets a container mount
 * file systems; a list only known at run time (null) at its worst does.
 */
function mountsFileSystems(capabilities: string | null): boolean {
  if (capabilities === null) return true;
  return capabilities.split(',').some((capability) => /^(?:CAP_)?(?:SYS_ADMIN|ALL)$/i.test(capability.trim()));
}

/**
 * The container folder a runner's workdir option (`-w`, `--workdir`) names: an absolute path, or
 * `$HOME`/`$PWD` (as `~`/`$PWD` from {@link homeText}/{@link pwdText}) — the host shell expands
 * them to the host's paths, which name the same paths inside (`-v "$HOME":"$HOME" -w "$HOME"`:
 * `.` is the bound home). Empty when not known: the image decides, so relative paths are not judged.
 */
function workdirFolders(workdir: string | null, place: PathPlace): string[] {
  if (workdir === null) return [];
  if (workdir === '~' || workdir.startsWith('~/')) return [normalFolder(place.home + workdir.slice(1))];
  const pwd = /^\$PWD(?=\/|$)/.exec(workdir);
  if (pwd !== null) return place.folders.map((folder) => normalFolder(folder + workdir.slice(pwd[0].length)));
  return workdir.startsWith('/') ? [normalFolder(workdir)] : [];
}

/**
 * `"$PWD":/src`, `"$PWD:/src"`, `${PWD}/x:/y`, `"$PWD":"$PWD"`: the text with `$PWD` (where it
 * starts the word or a side of the bind) left for {@link bindHosts} and {@link containerPlace}; null
 * for other opaque words.
 */
function pwdText(word: Word): string | null {
  if (!word.raw.includes('$')) return null;
  const filled = word.raw.replace(/"/g, '').replace(/(^|:)\$(?:PWD|\{PWD\})(?=[/:]|$)/g, '$1\u0000');
  return /^[A-Za-z0-9._/:\u0000+@%,=-]+$/.test(filled) && filled.startsWith('\u0000') ? filled.replace(/\u0000/g, '$PWD') : null;
}

/**
 * `"$HOME":/data`, `"$HOME:/data"`, `${HOME}/x:/y`, `"$HOME":"$HOME"`: the text with the home
 * folder as `~` where it starts the word or a side of the bind (the host shell expands it on both
 * sides: the same path inside); null for other opaque words. Double quotes only keep the word whole.
 */
function homeText(word: Word): string | null {
  if (!word.raw.includes('$')) return null;
  const filled = word.raw.replace(/"/g, '').replace(/(^|:)\$(?:HOME|\{HOME\})(?=[/:]|$)/g, '$1~');
  return /^[A-Za-z0-9._/:~+@%,=-]+$/.test(filled) && /(?:^|:)~/.test(filled) ? filled : null;
}

/** `type=bind,source=$HOME/.ssh,target=/k`: the home variable inside a field list, as `~` (no other expansion). */
function homeInsideText(word: Word): string | null {
  const text = word.raw.replace(/^"(.*)"$/s, '$1');
  if (!/[=,]"?\$(?:HOME|\{HOME\})"?(?=[/,:]|$)/.test(text)) return null;
  const filled = text.replace(/"?\$(?:HOME|\{HOME\})"?(?=[/,:]|$)/g, '~');
  return /^[A-Za-z0-9._/:=~+@%,-]+$/.test(filled) ? filled : null;
}

/** `source=~/x`: bash may expand the tilde after `=` or leave it; either way the home folder is meant (`~` kept for {@link bindHosts}). */
function tildeText(word: Word): string | null {
  return word.kind === 'opaque' && word.expansions.every((expansion) => expansion === 'tilde') && /^[A-Za-z0-9._/:=~+@%,-]+$/.test(word.raw) ? word.raw : null;
}

/** The host folders a bind's source may be: absolute, from the home folder, or from each folder of the place. */
function bindHosts(source: string, place: PathPlace): string[] {
  const pwd = /^(?:\$PWD|\$\{PWD\})(?=\/|$)/.exec(source);
  if (pwd !== null) return place.folders.map((folder) => normalFolder(folder + source.slice(pwd[0].length)));
  if (source.includes('$')) return [];
  return folderTargets(source, place) ?? [];
}

/** Where a path lands: every absolute path it may name, and whether it may also land somewhere unknown. */
export interface Landing {
  readonly paths: readonly string[];
  /** A relative path in a folder the gate cannot pin down. */
  readonly unknown: boolean;
}

/**
 * Every absolute path a written path may land at, as the kernel opens it: read from each folder
 * of the place when relative, `..` applied where the kernel applies it (after a link, not before),
 * and links followed. The lexical reading comes first; a reading through links is added when it
 * differs. `followLast`: the last component is followed too when it is a link (writes, chmod,
 * a trailing `/`); a deletion or move acts on the link itself. `reads`: the path is only read, so
 * a container's read-only binds reach the host too.
 *
 * `text` must already be free of expansions other than a leading `~` (the caller's business).
 */
export function landingPaths(text: string, place: PathPlace, followLast: boolean, reads = false): Landing {
  if (text.length === 0 || text.length > MAX_PATH) return { paths: [], unknown: false };
  let absolute: string[];
  let unknown = false;
  if (text === '~' || text.startsWith('~/')) absolute = [place.home + text.slice(1)];
  else if (text.startsWith('/')) absolute = [text];
  else if (text.startsWith('~')) return { paths: [], unknown: true };
  else {
    absolute = place.folders.map((folder) => `${folder}/${text}`);
    unknown = place.unknownFolder;
  }
  if (place.mounts !== undefined) absolute = absolute.flatMap((path) => onHost(normalFolder(path), place.mounts!, reads));
  const paths: string[] = [];
  for (const path of absolute) {
    paths.push(normalFolder(path));
    if (place.links.size > 0 || place.disk) {
      const linked = throughLinks(path, place, followLast || /\/\.?$/.test(path));
      if (linked !== null && !paths.includes(linked)) paths.push(linked);
    }
  }
  return { paths, unknown };
}

/**
 * A container path below a bind, as the host path (every host path, when several are bound at the
 * same place); nothing for the container's own paths. `mounts` run longest inside path first.
 */
function onHost(path: string, mounts: readonly Mount[], reads: boolean): string[] {
  const hosts: string[] = [];
  let at: string | null = null;
  for (const mount of mounts) {
    if (mount.readOnly === true && !reads) continue;
    if (at !== null && mount.inside !== at) break;
    if (mount.anyFolder === true) hosts.push(...pathTails(path));
    else if (path === mount.inside) hosts.push(mount.host);
    else if (path.startsWith(mount.inside === '/' ? '/' : `${mount.inside}/`)) hosts.push(normalFolder(`${mount.host}/${path.slice(mount.inside.length)}`));
    else continue;
    at = mount.inside;
  }
  return hosts;
}

/** `/a/b` → `/a/b`, `/b`, `/`: where a path lands when the host's root may be bound at any folder above it. */
function pathTails(path: string): string[] {
  const parts = path.split('/').filter((part) => part !== '');
  return [...parts.map((_, k) => `/${parts.slice(k).join('/')}`), '/'];
}

/**
 * The path the kernel reaches: component by component from `/`, each link replaced by its
 * target (links made on the line first, then those on disk), `..` taken from the folder reached
 * so far. Components that do not exist are taken as written. Null when the links loop.
 */
function throughLinks(path: string, place: PathPlace, followLast: boolean): string | null {
  const pending = path.split('/').reverse();
  let current = '';
  let hops = 0;
  let onDisk = place.disk;
  while (pending.length > 0) {
    const part = pending.pop()!;
    if (part === '' || part === '.') continue;
    if (part === '..') {
      current = current.slice(0, Math.max(0, current.lastIndexOf('/')));
      continue;
    }
    const next = `${current}/${part}`;
    const last = !pending.some((rest) => rest !== '' && rest !== '.');
    const target = last && !followLast ? null : linkTarget(next, place, onDisk);
    if (target === undefined) onDisk = false;
    if (typeof target !== 'string') {
      current = next;
      continue;
    }
    if (++hops > MAX_LINK_HOPS) return null;
    for (const piece of target.split('/').reverse()) pending.push(piece);
    if (target.startsWith('/')) current = '';
  }
  return current === '' ? '/' : current;
}

/**
 * The target of the link at `path`: a string; null when it is not a link; undefined when it does
 * not exist (nothing below it exists either, so the disk is not asked again).
 */
function linkTarget(path: string, place: PathPlace, onDisk: boolean): string | null | undefined {
  const made = place.links.get(path);
  if (made !== undefined) return made;
  if (!onDisk) return null;
  // The command's root folder is this machine's, whichever process asks.
  if (PROCESS_ROOT.test(path)) return '/';
  if (isProcessOwnName(path)) return null;
  const seen = place.diskSeen;
  if (seen?.has(path)) return seen.get(path);
  const found = linkOnDisk(path);
  if (seen !== undefined && seen.size < MAX_DISK_SEEN) seen.set(path, found);
  return found;
}

/**
 * Names whose link on disk says something of the process that reads it, not of the command:
 * `/dev/stderr` → `/proc/self/fd/2` → the gate's own stderr (a pipe in CI, a log file elsewhere),
 * `/proc/self` → the gate's pid. What the command reaches through them is its own descriptors and
 * folders, which the gate cannot see; so they are taken as written (run-time data never helps,
 * D§6 "Invariants"), and the floors read their spellings themselves (hardline/paths.ts). Only
 * `/proc/self/root` is known without asking: the root folder, for any process on this machine.
 */
const PROCESS_ROOT = /^\/proc\/(?:self|thread-self)\/root$/;
const PROCESS_OWN = /^\/(?:dev\/(?:stdin|stdout|stderr|fd)|proc\/(?:self|thread-self))(?:\/|$)/;

function isProcessOwnName(path: string): boolean {
  return PROCESS_OWN.test(path);
}

/** Most answers of the disk a place keeps. */
const MAX_DISK_SEEN = 4096;

function linkOnDisk(path: string): string | null | undefined {
  try {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return undefined;
    return stat.isSymbolicLink() ? readlinkSync(path) : null;
  } catch {
    return undefined;
  }
}
