/**
 * Which paths the hardline floor treats as catastrophic targets: the root folder, top-level
 * system folders, the home folder, raw block devices and credential files. Every function here
 * takes the path as the shell would pass it (or, for an opaque word, its source text with quotes
 * removed) and is linear in its length. The lists are deliberately short: the floor refuses only
 * what is certainly catastrophic, and a miss is preferred to a false positive.
 */
import { approximateWordText } from '../programs/executorPayloads';
import { landingPaths, sharesHost, type PathPlace } from '../programs/pathResolver';
import { foldCompatibility } from '../reading/normalise';
import { BASH_PATTERN, globMatch } from '../reading/globMatch';
import type { Word } from '../reading/resolution';
import { applyZshModifiers, zshWordText } from './zshForms';
import { windowsVariableFolder } from './windowsFolders';
import { BOOT_IMAGES, CRITICAL_ETC_FILES, CRITICAL_EXAMPLES, CRITICAL_PROGRAMS, PACKAGE_DATABASE_FILES, WINDOWS_BOOT_FILES, WINDOWS_CRITICAL_PROGRAMS, WINDOWS_HIVES } from './criticalNames';

/** Top-level folders whose recursive deletion wrecks the machine (or every user's data). */
const DELETE_SYSTEM_DIRS = new Set([
  'bin', 'boot', 'dev', 'etc', 'lib', 'lib32', 'lib64', 'libx32', 'opt', 'proc', 'root', 'sbin', 'srv', 'sys',
  'usr', 'var', 'home',
  // macOS
  'Users', 'System', 'Library', 'Applications', 'private', 'Volumes',
  // FreeBSD's `/libexec` (its loader `ld-elf.so.1`) and `/rescue` (the static tools to repair the
  // system with); illumos's and Solaris's `/kernel` and `/platform` (the kernel and its modules).
  'libexec', 'rescue', 'kernel', 'platform',
  // OSTree's and bootc's physical root: every deployment of the system.
  'sysroot',
]);

/**
 * Top-level folders whose recursive chmod/chown breaks the system (or every user's files).
 * Narrower than the deletion list: `chown -R me /opt` is a fix people make on purpose, and so
 * is `chown -R me ~` (the home folder itself is not on this list).
 */
const PERMISSION_SYSTEM_DIRS = new Set([
  'bin', 'boot', 'dev', 'etc', 'lib', 'lib32', 'lib64', 'libx32', 'proc', 'sbin', 'sys', 'usr', 'var', 'home',
  'System', 'Library', 'private', 'Users', 'libexec', 'kernel', 'platform',
]);

/** The text the floor reads a word as: literal value, or an opaque word's approximate text; NFKC-folded. */
export function wordPathText(word: Word): string {
  // No real path is longer than PATH_MAX; not reading longer words keeps nested inputs linear.
  if (word.kind !== 'literal' && word.raw.length > MAX_PATH_TEXT) return '';
  const text = word.kind === 'literal' ? word.value : zshWordText(approximateWordText(word.raw));
  if (text.length > MAX_PATH_TEXT) return '';
  return /[^\x00-\x7f]/.test(text) ? text.normalize('NFKC') : text;
}

/** Longest word read as a path (PATH_MAX on Linux is 4096). */
const MAX_PATH_TEXT = 4096;

/** `$HOME:h`, `${HOME:h:h}`: zsh's history modifiers on the home variable (group 1 or 2: `:h:h`). */
const HOME_MODIFIERS = /^(?:\$\{HOME((?::[a-z][0-9]*)+)\}|\$HOME((?::[a-z][0-9]*)+))(?=\/|$)/;

/** `$HOME`, `${HOME}`, and `${HOME:?}`-style forms that still expand to the home folder. */
const HOME_VARIABLE = /^(?:\$HOME|\$\{HOME(?:[:%#][^}]{0,64})?\})(?=\/|$)/;

/**
 * Replaces a leading home reference (`~`, `~/…`, `$HOME`, `${HOME}`) with the home folder.
 * `~user` is left alone (the caller treats it separately).
 */
export function expandHome(text: string, home: string): string {
  if (text === '~' || text.startsWith('~/')) return home + text.slice(1);
  // zsh's modifiers on the home variable: `$HOME:h`, `${HOME:h}` is the folder above (bash reads
  // `${HOME:h}` as the home folder itself; the zsh reading is the one that reaches further).
  const modified = HOME_MODIFIERS.exec(text);
  if (modified !== null) {
    const path = applyZshModifiers(home, (modified[1] ?? modified[2])!);
    if (path !== null) return path + text.slice(modified[0].length);
  }
  const match = HOME_VARIABLE.exec(text);
  if (match !== null) return home + text.slice(match[0].length);
  return text;
}

/** Absolute path → its components with `.`, `..` and repeated slashes resolved lexically; else null. */
export function absoluteComponents(text: string): string[] | null {
  if (!text.startsWith('/')) return null;
  const out: string[] = [];
  for (const part of text.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
    // `/proc/PID/root` is that process's root folder, `/` for every process of this machine (and
    // `/proc/1/cwd` is init's working folder, `/` too): `rm -rf /proc/self/root/usr` is `rm -rf /usr`.
    if (out.length === 3 && out[0] === 'proc' && (out[2] === 'root' || (out[2] === 'cwd' && out[1] === '1')) && /^(?:self|thread-self|[0-9]{1,10})$/.test(out[1]!)) {
      out.length = 0;
    }
  }
  return out;
}

const GLOB_CHARS = /[*?[]/;

function sameComponents(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

/** Components of the home folder, or null when it is unusable (empty, relative or `/`). */
function homeComponents(home: string): string[] | null {
  const parts = absoluteComponents(home);
  return parts === null || parts.length === 0 ? null : parts;
}

const USER_REFERENCE = /^(?:\$USER|\$\{USER\}|\$LOGNAME|\$\{LOGNAME\}|\$\(whoami\)|`whoami`|\$\(id -un\))$/;

/**
 * What a recursive deletion of this path would wipe out, in words (e.g. `the root folder`), or
 * null when the path is not a catastrophic target. `systemDirs` picks the deletion or the
 * permission list. A glob is a target when, as the last component, it could match a listed
 * folder directly (`/*`, `/u*`, `/usr/*`, `~/*`).
 */
function catastrophicTarget(word: Word, place: PathPlace, systemDirs: ReadonlySet<string>, includeHome: boolean, deep: boolean, followLast: boolean): string | null {
  const text = wordPathText(word);
  const opaque = word.kind !== 'literal';
  if (!opaque || !word.expansions.includes('brace')) return classifyLanded(text, opaque, place, systemDirs, includeHome, deep, followLast);
  // `/{bin,usr}` is `/bin /usr`: judge each alternative.
  for (const alternative of expandBraces(text)) {
    const what = classifyLanded(alternative, true, place, systemDirs, includeHome, deep, followLast);
    if (what !== null) return what;
  }
  return null;
}

/**
 * {@link classifyTarget} of the path as written, then of every path it lands at (the path
 * resolver: the working folders of the place, links on the line and on disk). Only text whose
 * expansions are globs is followed: a variable may be anything.
 */
function classifyLanded(
  text: string,
  opaque: boolean,
  place: PathPlace,
  systemDirs: ReadonlySet<string>,
  includeHome: boolean,
  deep: boolean,
  followLast: boolean,
): string | null {
  // Inside a container (`docker run -v /:/h …`) a path as written is the container's own; in a
  // chroot, whose root is at its worst the host's own (pathResolver.ts sharesHost), it is the
  // host's too, Windows drive paths included (WSL's interop runs Windows programs from it).
  const inContainer = place.mounts !== undefined && !sharesHost(place);
  const written = inContainer ? null : classifyTarget(text, opaque, place.home, systemDirs, includeHome, deep);
  if (written !== null) return written;
  const plain = expandHome(text, place.home);
  if (plain.includes('$') || plain.includes('`') || /^[A-Za-z]:/.test(plain)) return null;
  for (const path of landingPaths(plain, place, followLast).paths) {
    if (path === plain && !inContainer) continue;
    const what = classifyTarget(path, opaque, place.home, systemDirs, includeHome, deep);
    if (what !== null) return `${what} (${JSON.stringify(text)} lands there)`;
  }
  return null;
}

/** Most alternatives a brace expansion is unfolded into. */
const MAX_BRACE_ALTERNATIVES = 64;

/**
 * Unfolds `a{b,c}d` groups (not nested) into their alternatives, left to right, stopping at
 * {@link MAX_BRACE_ALTERNATIVES}. Anything else is returned unchanged.
 */
export function expandBraces(text: string): string[] {
  let pending = [text];
  const done: string[] = [];
  while (pending.length > 0 && done.length + pending.length <= MAX_BRACE_ALTERNATIVES) {
    const next: string[] = [];
    for (const item of pending) {
      const open = item.indexOf('{');
      const close = open === -1 ? -1 : item.indexOf('}', open);
      const inner = close === -1 ? '' : item.slice(open + 1, close);
      if (open === -1 || close === -1 || inner.includes('{') || !inner.includes(',')) {
        done.push(item);
        continue;
      }
      for (const part of inner.split(',', MAX_BRACE_ALTERNATIVES)) next.push(item.slice(0, open) + part + item.slice(close + 1));
    }
    pending = next;
  }
  return [...done, ...pending].slice(0, MAX_BRACE_ALTERNATIVES);
}

/** `deep`: folders right inside the system tree count too (`/usr/lib`, `/etc/pam.d`). */
function classifyTarget(text: string, opaque: boolean, home: string, systemDirs: ReadonlySet<string>, includeHome: boolean, deep: boolean): string | null {
  if (/^[A-Za-z]:[\\/]*(?:\*(?:\.\*)?)?$/.test(text)) return `the drive ${text}`;
  if (includeHome && /^~[A-Za-z0-9._-]+\/?\*?$/.test(text)) return `the home folder ${text}`;
  // A Windows path (`C:\Windows`, Git Bash's `C:/Users/alice`) names what WSL sees at /mnt/c; one
  // that starts with a Windows folder's variable (`%SystemRoot%`, `$env:windir`) that folder at its
  // worst (windowsFolders.ts): a Windows program, PowerShell and cmd expand it themselves.
  const written = absoluteComponents(windowsFormAsWsl(text) ?? expandHome(text, home));
  if (written === null) return null;
  const parts = opaque ? everythingBelow(macosAlias(written)) : macosAlias(written);
  const platform = platformTarget(parts, includeHome, deep);
  if (platform !== null) return `${platform} (${text})`;
  // A last component only known at run time below a system folder is at its worst that folder.
  const unknownLast = parts[parts.length - 1];
  if (opaque && deep && parts.length >= 2 && unknownLast !== undefined && WHOLLY_UNKNOWN_PART.test(unknownLast) && systemDirs.has(parts[0]!) && parts[0] !== 'home' && parts[0] !== 'Users') {
    const above = classifyTarget('/' + parts.slice(0, -1).join('/'), false, home, systemDirs, includeHome, deep);
    if (above !== null) return `at its worst ${above} (${text}: ${unknownLast} may be empty)`;
  }
  const homeParts = includeHome ? homeComponents(home) : null;
  const last = parts[parts.length - 1];
  if (parts.length === 0) return 'the root folder /';
  const data = deep && includeHome ? homeDataFolder(parts, homeParts, opaque) : null;
  if (data !== null) return `${data} (${text})`;
  const state = deep ? (deepSystemTarget(parts, opaque) ?? virtualDiskStore(parts, opaque)) : null;
  if (state !== null) return `${state} (${text})`;
  if (opaque && last !== undefined && GLOB_CHARS.test(last)) {
    const parent = parts.slice(0, -1);
    if (parent.length === 0) {
      for (const dir of systemDirs) if (globMatch(last, dir, BASH_PATTERN)) return `every folder under / matched by ${text}`;
      return null;
    }
    if (last !== '*' && last !== '.*') return null;
    if (parent.length === 1 && systemDirs.has(parent[0]!)) return `everything in /${parent[0]}`;
    if (homeParts !== null && sameComponents(parent, homeParts)) return `everything in the home folder (${text})`;
    if (deep && isLocalTree(parent)) return `everything in /${parent.join('/')}`;
    // `/home/dev/*`: everything in another user's home folder, as `/home/dev` itself is one.
    if (includeHome && parent.length === 2 && (parent[0] === 'home' || parent[0] === 'Users') && !GLOB_CHARS.test(parent[1]!) && parent[1] !== 'Shared') {
      return `everything in the home folder /${parent.join('/')}`;
    }
    return null;
  }
  if (parts.length === 1 && systemDirs.has(parts[0]!)) return `the system folder /${parts[0]}`;
  if (homeParts !== null && sameComponents(parts, homeParts)) return `the home folder (${text})`;
  // Deletion reaches further (the permission list stays at the top level): a folder right inside
  // the system tree (`/usr/lib`, `/etc/pam.d`, `/lib/modules`, `/var/lib`) and every user's home
  // folder (`/home/dev`). `/usr/local` and `/usr/src` are where people install and build things.
  if (deep && ((parts.length === 2 && isSystemTreeFolder(parts[0]!, parts[1]!)) || isLocalTree(parts))) return `the system folder /${parts.join('/')}`;
  if (includeHome && parts.length === 2 && (parts[0] === 'home' || parts[0] === 'Users') && !GLOB_CHARS.test(parts[1]!) && parts[1] !== 'Shared') {
    return `the home folder /${parts.join('/')}`;
  }
  if (includeHome && parts.length === 2 && (parts[0] === 'home' || parts[0] === 'Users') && USER_REFERENCE.test(parts[1]!)) {
    return `the home folder (${text})`;
  }
  // WSL mounts Windows drives at /mnt/<letter>.
  if (includeHome && parts.length === 2 && parts[0] === 'mnt' && /^[a-z]$/.test(parts[1]!)) return `the Windows drive ${text}`;
  return null;
}

/**
 * The XDG base folders of a home (docs/decisions.md "A home's XDG folders are deletion targets"):
 * `.config` holds every application's settings and tokens, `.local/share` every application's data
 * and the desktop's keyrings (`.local` holds it). Folders below them stay ordinary (`~/.config/nvim`).
 */
const XDG_BASE_FOLDERS = ['.config', '.local', '.local/share'];

/**
 * Folders of a home folder that hold what the account cannot get back (docs/decisions.md "A home
 * folder's keys and documents", "A home's documents and data folders are deletion targets"): its
 * SSH and GnuPG keys, macOS's `Library` (the keychains, mail and every application's data, as
 * Windows' `AppData`), and the folders a desktop makes for the user's documents, as the Windows
 * profile's are (WINDOWS_PROFILE_FOLDERS): `Documents`, `Desktop`, `Pictures`, `Music`, `Videos`
 * and macOS's `Movies`. Caches, downloads, `Public`, dot-folders of tools and `Library/Caches` are
 * not here: clearing them is ordinary.
 */
const HOME_DATA_FOLDERS = new Set(['.ssh', '.gnupg', 'Library', 'Documents', 'Desktop', 'Pictures', 'Music', 'Videos', 'Movies', ...XDG_BASE_FOLDERS]);

/** The key folders of {@link HOME_DATA_FOLDERS}: even without recursion, every file in them is the account's keys. */
const HOME_KEY_FOLDERS = new Set(['.ssh', '.gnupg']);

/** The home folder `parts` is in (the user's own, or one under `/home` or `/Users`), as its length; 0 when none. */
function homePrefix(parts: readonly string[], homeParts: readonly string[] | null): number {
  if (homeParts !== null && parts.length > homeParts.length && homeParts.every((part, k) => part === parts[k])) return homeParts.length;
  // A glob for the account (`/home/*/.ssh`) matches every home, the user's own at worst.
  if (parts.length > 2 && (parts[0] === 'home' || parts[0] === 'Users') && parts[1] !== 'Shared') return 2;
  return 0;
}

/** `HOME/.ssh`, `HOME/Library`, or everything in one (`HOME/.ssh/*`): in words, else null. */
function homeDataFolder(parts: readonly string[], homeParts: readonly string[] | null, opaque: boolean, keysOnly = false): string | null {
  const at = homePrefix(parts, homeParts);
  if (at === 0) return null;
  const rest = parts.slice(at);
  const everything = rest.length >= 2 && opaque && (rest[rest.length - 1] === '*' || rest[rest.length - 1] === '.*');
  const folder = (everything ? rest.slice(0, -1) : rest).join('/');
  if (!(keysOnly ? HOME_KEY_FOLDERS : HOME_DATA_FOLDERS).has(folder)) return null;
  return `${everything ? 'everything in ' : ''}the folder ${folder} of the home folder`;
}

/**
 * Every file in a home folder's key folder (`~/.ssh/*`, `~/.gnupg/*`): what a deleter of files
 * (`rm -f`, `shred -u`) takes from the account at once. In words, or null.
 */
function homeKeyFiles(word: Word, place: PathPlace): string | null {
  if (word.kind === 'literal' || word.expansions.some((expansion) => expansion !== 'glob' && expansion !== 'variable')) return null;
  const home = place.home;
  const text = wordPathText(word);
  // A variable only as the home folder (`$HOME/.ssh/*`): any other may be anything.
  const expanded = expandHome(text, home);
  if (expanded.includes('$')) return null;
  // Inside a container the folder is where a bind lands it (`-v ~/.ssh:/k … rm -f /k/*`).
  const paths = place.mounts === undefined ? [expanded] : landingPaths(expanded, place, false).paths;
  for (const path of paths) {
    const parts = absoluteComponents(path);
    if (parts === null) continue;
    const what = homeDataFolder(parts, homeComponents(home), true, true);
    if (what !== null && what.startsWith('everything')) return `${what} (${text}${path === expanded ? '' : ' lands there'})`;
  }
  return null;
}

/**
 * A recursive glob's tail (`DIR/**`, alone or followed by `/*`; zsh, and bash with `globstar`: every
 * entry at every depth below DIR) read as `DIR/*`: it matches everything `DIR/*` matches and more, so it
 * reaches whatever `DIR/*` reaches (docs/decisions.md "Every entry below a folder, however spelt").
 */
function everythingBelow(parts: string[]): string[] {
  let end = parts.length;
  if (parts[end - 1] === '*' && parts[end - 2] === '**') end--;
  if (parts[end - 1] === '**') return [...parts.slice(0, end - 1), '*'];
  const every = end === 0 ? null : everyEntryGlob(parts[end - 1]!);
  return every === null ? parts : [...parts.slice(0, end - 1), every];
}

/**
 * Names a folder's entries commonly have, visible and hidden (the credential and start-up files
 * among them): a glob that matches all of one kind names every entry of that kind
 * (docs/decisions.md "Every entry of a folder, by what the glob matches").
 */
const VISIBLE_PROBES = ['Documents', 'bin', 'notes.txt', 'project-1', 'README', 'Z9', 'go'];
const HIDDEN_PROBES = ['.ssh', '.config', '.bashrc', '.gnupg', '.local', '.aws', '.x.y'];

/**
 * A last component that is a glob matching every visible entry (`*`, `?*`, `[!.]*`) read as `*`,
 * or every hidden one (`.*`, `.[!.]*`, `.??*`, `.[^.]*`) read as `.*`; null for anything narrower
 * (`*.log`, `D*`) or a literal name. Decided by what the glob matches, not by its spelling.
 */
export function everyEntryGlob(component: string): '*' | '.*' | null {
  if (component === '*' || component === '.*') return component;
  if (!GLOB_CHARS.test(component) || component.length > 32) return null;
  const hidden = component.startsWith('.');
  const probes = hidden ? HIDDEN_PROBES : VISIBLE_PROBES;
  return probes.every((name) => globMatch(component, name, BASH_PATTERN)) ? (hidden ? '.*' : '*') : null;
}

/**
 * A word that names every file at every depth below a catastrophic folder (`~/**` alone or followed
 * by `/*`, a descending lister's output): removing, truncating or shredding each of them, one by one and
 * without `-r`, leaves nothing of the folder's contents. In words, or null.
 */
export function everyFileBelowTarget(word: Word, place: PathPlace): string | null {
  if (word.kind === 'literal') return null;
  const text = wordPathText(word);
  const tail = /\/\*\*(?:\/\*)?$/.exec(text);
  if (tail === null) return null;
  const folder = text.slice(0, tail.index) || '/';
  const what = catastrophicTarget({ ...word, raw: folder }, place, DELETE_SYSTEM_DIRS, true, true, false);
  return what === null ? null : `every file below ${what}`;
}

/**
 * macOS keeps `/etc`, `/var` and `/tmp` in `/private` (the top-level names are links there):
 * `/private/etc/…` is judged as `/etc/…`. Elsewhere no system has a `/private`. The data volume's
 * own path, `/System/Volumes/Data/X`, is where the firmlinks put `/X` (`/Users`, `/private/var`).
 * FreeBSD keeps the homes in `/usr/home` (`/home` is a link there): `/usr/home/dev` is `/home/dev`;
 * so do the image-based systems in `/var/home` (Fedora Atomic, other ostree systems) and Solaris
 * and illumos in `/export/home`. ChromeOS mounts the signed-in person's home at
 * `/home/chronos/user`: it is read as a home folder of its own.
 */
function macosAlias(parts: string[]): string[] {
  if (parts.length >= 4 && parts[0] === 'System' && parts[1] === 'Volumes' && parts[2] === 'Data') return macosAlias(parts.slice(3));
  if (parts.length >= 2 && (parts[0] === 'usr' || parts[0] === 'var' || parts[0] === 'export') && parts[1] === 'home') return parts.slice(1);
  if (parts.length >= 3 && parts[0] === 'home' && parts[1] === 'chronos' && parts[2] === 'user') return ['home', 'chronos-user', ...parts.slice(3)];
  return parts.length >= 2 && parts[0] === 'private' && (parts[1] === 'etc' || parts[1] === 'var' || parts[1] === 'tmp') ? parts.slice(1) : parts;
}

/**
 * A Windows path as WSL sees it (`/mnt/c/Windows`); null for any other text. Windows drives have
 * one spelling per POSIX layer (docs/decisions.md "Windows drives in every POSIX layer's
 * spelling"): `C:\Windows` and `C:/Users/alice` (Windows itself, Git Bash), Cygwin's
 * `/cygdrive/c/Windows`, and MSYS2's and Git Bash's `/c/Windows`. The last is read so only when the
 * folder after the letter is one Windows keeps at a drive's top (`Users`, `Windows`, `Program
 * Files`, `ProgramData`): a one-letter folder at the root of a Linux system is no drive.
 */
export function windowsPathAsWsl(text: string): string | null {
  const drive = /^([A-Za-z]):[\\/]/.exec(text);
  if (drive !== null) return `/mnt/${drive[1]!.toLowerCase()}/${text.slice(3).replace(/\\/g, '/')}`;
  // A drive-relative path (`C:Users`, what bash leaves of an unquoted `C:\Users`) is at its worst
  // a path on that drive's root (docs/decisions.md "Windows words as written").
  const relative = /^([A-Za-z]):([^\\/:]+(?:[\\/][^:]*)?)$/.exec(text);
  if (relative !== null) return `/mnt/${relative[1]!.toLowerCase()}/${relative[2]!.replace(/\\/g, '/')}`;
  const posix = /^\/(?:cygdrive\/)?([A-Za-z])(\/+.*|\/?)$/.exec(text);
  if (posix === null) return null;
  const cygwin = text.startsWith('/cygdrive/');
  const top = /^\/+([^/]+)/.exec(posix[2]!)?.[1]?.toLowerCase();
  return cygwin || (top !== undefined && WINDOWS_SYSTEM_FOLDERS.has(top)) ? `/mnt/${posix[1]!.toLowerCase()}${posix[2]!}` : null;
}

/**
 * Folders right inside a Windows profile that Windows itself makes and that hold the user's
 * documents or every program's settings and data (`AppData`): their deletion is the profile's.
 * `Downloads`, `source`, dot-folders and caches are not here: clearing them is ordinary.
 */
const WINDOWS_PROFILE_FOLDERS = new Set(['documents', 'desktop', 'pictures', 'music', 'videos', 'onedrive', 'appdata', 'favorites', 'contacts']);
/** Folders of a profile's `AppData` that hold every program's settings and data (not `Local\Temp`). */
const WINDOWS_APPDATA_FOLDERS = new Set(['roaming', 'local', 'locallow']);

/** Folders of a Windows drive (seen from WSL at `/mnt/<letter>`) that hold the system or every user's files. */
const WINDOWS_SYSTEM_FOLDERS = new Set(['windows', 'users', 'program files', 'program files (x86)', 'programdata']);
/** The folders of `C:\Windows` that hold its programs, drivers and registry hives. */
const WINDOWS_PROGRAM_FOLDERS = new Set(['system32', 'syswow64', 'sysnative']);
/** Folders of `C:\Users` that are no one's home. */
const WINDOWS_SHARED_HOMES = new Set(['public', 'default', 'default user', 'all users']);

/**
 * The trees of the other systems the same agent sessions run on (docs/decisions.md, "Other
 * platforms' trees"): WSL's view of a
 * Windows drive (`/mnt/c/Windows`, `/mnt/c/Users/<name>`, compared without case, as Windows
 * does), a macOS volume (`/Volumes/<name>`) and a folder right inside macOS's `/System`. In words,
 * or null. `deep` (deletion) reaches the folders inside them; the permission list only the drives'
 * system folders.
 */
function platformTarget(parts: readonly string[], includeHome: boolean, deep: boolean): string | null {
  const windows = parts.length >= 3 && parts[0] === 'mnt' && /^[a-z]$/.test(parts[1]!);
  if (windows) {
    const folder = parts[2]!.toLowerCase();
    // `…\*` and `…\*.*` (every entry to cmd and PowerShell) below a folder judged here are all of it.
    const lastPart = parts[parts.length - 1]!;
    if (parts.length >= 4 && (lastPart === '*' || lastPart === '*.*')) {
      const whole = platformTarget(parts.slice(0, -1), includeHome, deep);
      if (whole !== null) return `everything in ${whole}`;
    }
    if (includeHome && parts.length === 3 && (folder === '*' || folder === '.*' || folder === '*.*')) return `everything on the Windows drive /mnt/${parts[1]}`;
    if (parts.length === 3 && WINDOWS_SYSTEM_FOLDERS.has(folder)) return `the Windows folder ${parts[2]}`;
    // Windows' program folders (`C:\Windows\System32`), as `/usr/bin` is for the permission arm.
    if (parts.length === 4 && folder === 'windows' && WINDOWS_PROGRAM_FOLDERS.has(parts[3]!.toLowerCase())) return `the Windows system folder ${parts[2]}/${parts[3]}`;
    if (includeHome && parts.length === 4 && folder === 'users' && parts[3] === '*') return 'every Windows home folder';
    if (includeHome && parts.length === 4 && folder === 'users' && !WINDOWS_SHARED_HOMES.has(parts[3]!.toLowerCase()) && !GLOB_CHARS.test(parts[3]!)) return `the Windows home folder of ${parts[3]}`;
    if (deep && parts.length === 4 && folder === 'windows') return `the Windows system folder ${parts[2]}/${parts[3]}`;
    // Windows' program folders are its `/usr/lib`: a folder right inside them (`System32\drivers`,
    // `System32\config`, `SysWOW64\wbem`) is part of the system, as `/lib/modules` is.
    if (deep && parts.length === 5 && folder === 'windows' && WINDOWS_PROGRAM_FOLDERS.has(parts[3]!.toLowerCase()) && !GLOB_CHARS.test(parts[4]!)) {
      return `the Windows system folder ${parts.slice(2).join('/')}`;
    }
    // Windows' program folders and the folders right inside them hold nothing a person cleans up:
    // every entry of a kind there (`System32\drivers\*.sys`, `System32\*.dll`) is the system's.
    if (deep && (parts.length === 5 || parts.length === 6) && folder === 'windows' && WINDOWS_PROGRAM_FOLDERS.has(parts[3]!.toLowerCase()) && GLOB_CHARS.test(lastPart) && !parts.slice(4, -1).some((part) => GLOB_CHARS.test(part))) {
      return `every ${lastPart} in the Windows system folder ${parts.slice(2, -1).join('/')}`;
    }
    // A glob for the account (`C:\Users\*\AppData`) matches every profile, the user's own at worst.
    const profileFolder = includeHome && deep && parts.length >= 5 && folder === 'users' && !WINDOWS_SHARED_HOMES.has(parts[3]!.toLowerCase());
    if (profileFolder && parts.length === 5 && WINDOWS_PROFILE_FOLDERS.has(parts[4]!.toLowerCase())) return `the folder ${parts[4]} of the Windows home folder of ${parts[3]}`;
    if (profileFolder && parts.length === 6 && parts[4]!.toLowerCase() === 'appdata' && WINDOWS_APPDATA_FOLDERS.has(parts[5]!.toLowerCase())) {
      return `the folder AppData/${parts[5]} of the Windows home folder of ${parts[3]}`;
    }
    return null;
  }
  if (!deep || parts.length !== 2 || GLOB_CHARS.test(parts[1]!)) return null;
  if (parts[0] === 'Volumes') return `the volume /Volumes/${parts[1]}`;
  if (parts[0] === 'System') return `the system folder /System/${parts[1]}`;
  return null;
}

/** Top-level folders whose direct sub-folders are each part of the system (`/usr/lib`, `/etc/ssh`). */
const SYSTEM_TREE = new Set(['bin', 'boot', 'etc', 'lib', 'lib32', 'lib64', 'libx32', 'sbin', 'usr']);

function isSystemTreeFolder(top: string, inner: string): boolean {
  // `/var/lib` and the BSDs' and macOS's `/var/db` (the package database, macOS's local accounts in
  // `dslocal`); `/var/log`, every service's logs and the login records (docs/decisions.md "The
  // system's logs and login records"). Files and folders below them stay ordinary.
  if (top === 'var') return inner === 'lib' || inner === 'db' || inner === 'log';
  return SYSTEM_TREE.has(top) && !(top === 'usr' && (inner === 'local' || inner === 'src'));
}

/**
 * The contents of the system tree that a deletion takes deeper than one level (docs/decisions.md
 * "System trees deeper than one level"), each whole or everything in it, in words; else null:
 * - the boot tree at any depth (`/boot/efi/EFI`, `/boot/grub`, the EFI system partition at `/efi`):
 *   without it the machine does not start;
 * - the package managers' databases of what is installed ({@link PACKAGE_DATABASES}) and the state
 *   of the services nothing else holds a copy of ({@link SERVICE_STATE}: a cluster's etcd, the
 *   database servers' data, the container engines' volumes);
 * - a folder right inside a library folder (`/usr/lib/python3.12`, `/lib/modules`, `/usr/lib/jvm`),
 *   also by a name-prefix glob (`/usr/lib/python3*`), but not `/usr/lib/node_modules` (npm's global
 *   packages, which `npm` reinstalls);
 * - everything in a folder right inside the system tree (`/usr/lib/*`, `/var/lib/*`, `/etc/ssh/*`),
 *   as that folder is a target itself.
 * Left ordinary: caches and lists below them (`/var/lib/apt/lists/*`, `/var/cache/*`), a container
 * engine's whole folder (`/var/lib/docker`, its documented uninstall; from inside one of its
 * containers see {@link engineStateTarget}), `/usr/share/X`, `/opt/X`.
 */
function deepSystemTarget(parts: readonly string[], opaque: boolean): string | null {
  const last = parts[parts.length - 1];
  if (last === undefined) return null;
  const everything = opaque && (last === '*' || last === '.*');
  const folder = everything ? parts.slice(0, -1) : parts;
  const prefix = everything ? 'everything in ' : '';
  const named = folder.slice(0, -1);
  if (named.some((part) => GLOB_CHARS.test(part))) return null;
  const tail = folder[folder.length - 1];
  if (tail === undefined) return null;
  // A name-prefix glob (`python3*`) matches folders of the same kind; `*.bak` or `*` alone is not read here.
  const literalTail = !GLOB_CHARS.test(tail);
  const prefixGlob = !literalTail && opaque && !everything && /^[A-Za-z0-9_.-]{2,}[*?[]/.test(tail);
  if (!literalTail && !prefixGlob) return null;
  const path = folder.join('/');
  // macOS's sealed system volume at any depth (`/System/Library/CoreServices`); `/System/Volumes`
  // holds the other volumes (the data volume is read through macosAlias).
  if (folder[0] === 'System' && folder.length >= 3 && folder[1] !== 'Volumes' && literalTail) return `${prefix}the macOS system tree /${path}`;
  if ((folder[0] === 'boot' || folder[0] === 'efi') && (folder.length >= 2 || folder[0] === 'efi') && literalTail) return `${prefix}the boot tree /${path}`;
  if (literalTail && PACKAGE_DATABASES.has(path)) return `${prefix}the package database /${path}`;
  if (literalTail && PACKAGE_STORES.has(path)) return `${prefix}the package store /${path}`;
  if (literalTail && SERVICE_STATE.has(path)) return `${prefix}the service state /${path}`;
  if (literalTail && FIRMWARE_VARIABLES.has(path)) return `${prefix}the firmware variables /${path}`;
  const libraryFolder = (folder.length === 2 && LIBRARY_FOLDER.test(folder[0]!)) || (folder.length === 3 && folder[0] === 'usr' && LIBRARY_FOLDER.test(folder[1]!));
  if (libraryFolder && tail !== 'node_modules') return `${prefix}the system library folder /${path}`;
  if (everything && folder.length === 2 && isSystemTreeFolder(folder[0]!, folder[1]!)) return `everything in the system folder /${path}`;
  return null;
}

/**
 * The folders where the hypervisors keep every virtual machine's disks (docs/decisions.md "Every
 * virtual machine's disks and power"): libvirt's default pool, Hyper-V's default virtual hard disk
 * folders and its configuration store, seen from WSL (compared without case, as Windows does).
 */
const VIRTUAL_DISK_STORES: readonly string[] = [
  'var/lib/libvirt/images',
  'mnt/*/programdata/microsoft/windows/virtual hard disks',
  'mnt/*/programdata/microsoft/windows/hyper-v',
  'mnt/*/users/public/documents/hyper-v/virtual hard disks',
];

/**
 * A store of every virtual machine's disks deleted, as a raw disk is erased: the folder, or a
 * pattern right inside it (`*`, `*.vhdx`, `*.qcow2`: every disk of a kind there is a machine's);
 * a disk named by its own name is one machine's and is left ordinary. In words, or null.
 */
function virtualDiskStore(parts: readonly string[], opaque: boolean): string | null {
  const last = parts[parts.length - 1];
  if (last === undefined) return null;
  const pattern = opaque && GLOB_CHARS.test(last);
  const folder = (pattern ? parts.slice(0, -1) : parts).map((part) => part.toLowerCase());
  if (folder.some((part) => GLOB_CHARS.test(part))) return null;
  const store = VIRTUAL_DISK_STORES.find((candidate) => {
    const want = candidate.split('/');
    return want.length === folder.length && want.every((part, k) => part === folder[k] || (part === '*' && /^[a-z]$/.test(folder[k]!)));
  });
  if (store === undefined) return null;
  const where = `/${(pattern ? parts.slice(0, -1) : parts).join('/')}`;
  return pattern ? `every virtual machine disk ${last} in ${where}` : `every virtual machine's disk store ${where}`;
}

/** `lib`, `lib32`, `lib64`, `libx32`, `libexec`: the folders of the system's libraries and interpreters. */
const LIBRARY_FOLDER = /^lib(?:32|64|x32|exec)?$/;

/**
 * Where each package manager keeps its database of the installed packages (dpkg, rpm and its newer
 * `sysimage` place, pacman, apk, FreeBSD's pkg and Gentoo's portage in `/var/db/pkg`, xbps, opkg,
 * Nix): without it the system can no longer be updated or repaired by its package manager.
 */
const PACKAGE_DATABASES: ReadonlySet<string> = new Set([
  'var/lib/dpkg', 'var/lib/dpkg/info', 'var/lib/rpm', 'usr/lib/sysimage/rpm', 'var/lib/pacman', 'var/lib/pacman/local', 'lib/apk/db', 'var/db/pkg', 'var/db/xbps',
  'usr/lib/opkg', 'var/lib/opkg', 'nix/var/nix/db', 'var/lib/portage',
]);

/**
 * The stores of the functional package managers (Nix's and Guix's): on NixOS and Guix System every
 * program, library and the running system itself is a path in the store, so the store is a system
 * tree like `/usr`. The whole `/nix` or `/gnu` is left ordinary: `rm -rf /nix` is the documented
 * removal of Nix installed on another distribution (docs/decisions.md "The package stores").
 */
const PACKAGE_STORES: ReadonlySet<string> = new Set([
  'nix/store', 'gnu/store', 'var/guix',
  // An image-based system's physical root (OSTree, bootc): its deployments are every installed
  // system, the repository their files; `/ostree` is a link to `/sysroot/ostree`.
  'sysroot/ostree', 'sysroot/ostree/deploy', 'sysroot/ostree/repo', 'ostree', 'ostree/deploy', 'ostree/repo',
]);

/**
 * The state of services no other place holds: a Kubernetes cluster's etcd and a node's kubelet and
 * k3s/RKE2 state, the database servers' data folders, and the container engines' named volumes
 * (every container's persistent data).
 */
const SERVICE_STATE: ReadonlySet<string> = new Set([
  'var/lib/etcd', 'var/lib/kubelet', 'var/lib/rancher', 'var/lib/mysql', 'var/lib/mariadb', 'var/lib/postgresql', 'var/lib/pgsql', 'var/lib/mongodb',
  'var/lib/docker/volumes', 'var/lib/containers/storage/volumes',
  // macOS's local directory: every account and group of the machine.
  'var/db/dslocal',
]);

/**
 * `/usr/local` itself: every program and library installed on this machine outside the package
 * manager, and nothing in it can be restored from inside the session. Deleting it whole (or
 * everything in it) is a system folder's deletion (docs/decisions.md "`/usr/local` deleted whole"),
 * and so is deleting one of its program, library or settings folders whole or everything in one
 * (`/usr/local/bin`, `/usr/local/lib/*`: docs/decisions.md "System folders at every depth the gate
 * can compute"), as `/usr/bin` and `/usr/lib` are. Paths below those (`/usr/local/bin/mytool`,
 * `/usr/local/lib/node_modules/x`) and `/usr/local/share`, `/usr/local/src` stay ordinary.
 */
function isLocalTree(parts: readonly string[]): boolean {
  if (parts[0] !== 'usr' || parts[1] !== 'local') return false;
  return parts.length === 2 || (parts.length === 3 && LOCAL_SYSTEM_FOLDERS.has(parts[2]!));
}
const LOCAL_SYSTEM_FOLDERS: ReadonlySet<string> = new Set(['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libexec', 'etc']);

/**
 * A last component only known at run time (`"/lib/modules/$(uname -r)"`, `/usr/lib/$PKG`,
 * `/var/lib/${APP}`): the whole component is one expansion, which may be empty, so the path is at
 * its worst the folder above it (docs/decisions.md "System folders at every depth the gate can
 * compute"). `${X:?}` and `${X?}` stop the command when empty and are left out.
 */
const WHOLLY_UNKNOWN_PART = /^(?:\$[A-Za-z_][A-Za-z0-9_]{0,63}|\$\{[A-Za-z_][A-Za-z0-9_]{0,63}(?:(?::?[-=+])[^}]{0,64})?\}|\$\([^()]{0,256}\)|`[^`]{0,256}`)$/;

/**
 * Firmware variables (`/sys/firmware/efi/efivars`, the older `/sys/firmware/efi/vars`): removing
 * them all writes the machine's firmware, and some firmware no longer starts without them.
 */
const FIRMWARE_VARIABLES: ReadonlySet<string> = new Set(['sys/firmware/efi/efivars', 'sys/firmware/efi/vars']);

/**
 * A file (not a folder) whose deletion, truncation or replacement breaks the machine: the user and
 * password databases, sudoers, fstab, the dynamic loader and C library, the shell, init, the
 * kernel and its initrd. In words, or null. Literal paths only: an opaque word is left to the
 * other layers.
 */
export function criticalFileTarget(word: Word, place: PathPlace): string | null {
  // A glob (`/boot/vmlinuz-*`, `/etc/pass*`, `/usr/bin/s*`): the critical files it may match.
  if (word.kind !== 'literal') return criticalFileGlob(word, place) ?? homeKeyFiles(word, place);
  const text = wordPathText(word);
  // A chroot's paths as written are at worst the host's own, as in catastrophicTarget.
  const inContainer = place.mounts !== undefined && !sharesHost(place);
  const written = inContainer ? null : criticalFileAt(text);
  if (written !== null || text.startsWith('~')) return written;
  for (const path of landingPaths(text, place, false).paths) {
    if (path === text && !inContainer) continue;
    const what = criticalFileAt(path);
    if (what !== null) return `${what} (${JSON.stringify(text)} lands there)`;
  }
  return null;
}

/**
 * An absolute path glob (`/etc/*`, `/usr/bin/s*`, `/boot/vm*`, `/private/etc/pass*`) is read at
 * its worst: the critical files it can match, each component matched as the shell matches it
 * (docs/decisions.md "A search's `{}` is read at its worst"). Only globs: a word holding a
 * variable may be anything.
 */
function criticalFileGlob(word: Word & { kind: 'opaque' }, place: PathPlace): string | null {
  if (word.expansions.some((expansion) => expansion !== 'glob')) return null;
  const written = wordPathText(word);
  // Inside a container the glob is matched where a bind lands it (`-v /boot:/b … rm -f /b/vmlinuz*`):
  // the bind maps the folder part, which holds no glob characters to map.
  if (place.mounts === undefined) return criticalGlobAt(written, written);
  for (const path of landingPaths(written, { ...place, disk: false }, false).paths) {
    const what = criticalGlobAt(path, written);
    if (what !== null) return `${what}, where it lands`;
  }
  return null;
}

function criticalGlobAt(text: string, written: string): string | null {
  const components = text.startsWith('/') ? text.split('/').filter((part) => part !== '') : null;
  if (components === null || components.length < 2 || components.some((part) => part === '..' || part === '.') || !GLOB_CHARS.test(text)) return null;
  // A Windows drive's names are matched without case, as Windows matches them (`/mnt/c/Windows/System32/config/*`).
  const windowsDrive = components[0] === 'mnt' && /^[a-z]$/.test(components[1] ?? '');
  const parts = windowsDrive ? components.map((part) => part.toLowerCase()) : macosAlias(components);
  for (const example of CRITICAL_EXAMPLES) {
    const names = example.split('/');
    if (names.length === parts.length && parts.every((part, k) => globMatch(part, names[k]!, BASH_PATTERN))) return `the system file /${example} (matched by ${written})`;
  }
  // Every disk of a kind in a hypervisor's store (`/var/lib/libvirt/images/*.qcow2`).
  return virtualDiskStore(parts, true);
}

function criticalFileAt(text: string): string | null {
  const written = absoluteComponents(windowsPathAsWsl(text) ?? text);
  if (written === null) return null;
  const parts = macosAlias(written);
  if (parts.length < 2) return null;
  const windows = windowsCriticalFile(parts) ?? windowsBootFile(parts);
  if (windows !== null) return windows;
  // Windows' own deleters expand a pattern themselves (`Remove-Item 'C:\…\Virtual Hard Disks\*.vhdx'`).
  if (windowsPathAsWsl(text) !== null && GLOB_CHARS.test(parts[parts.length - 1]!)) {
    const store = virtualDiskStore(parts, true) ?? criticalGlobAt(`/${parts.join('/')}`, text);
    if (store !== null) return store;
  }
  const path = parts.join('/');
  const base = parts[parts.length - 1]!;
  const what = `the system file /${path}`;
  if (parts.length === 2 && parts[0] === 'etc' && CRITICAL_ETC_FILES.has(base)) return what;
  if (parts.length === 3 && parts[0] === 'etc' && parts[1] === 'pam.d') return what;
  if (CRITICAL_PROGRAMS.has(path)) return what;
  if (PACKAGE_DATABASE_FILES.has(path)) return `the package database /${path}`;
  const libraryFolder = /^(?:usr\/)?lib(?:32|64|x32|exec)?(?:\/[a-z0-9_-]+-linux-(?:gnu|musl)[a-z0-9]*)?$/.test(parts.slice(0, -1).join('/'));
  if (libraryFolder && (DYNAMIC_LOADER.test(base) || C_LIBRARY.test(base))) return what;
  if (MACOS_LOADER.has(path)) return what;
  if (LOGIN_RECORDS.has(path)) return `the login records /${path}`;
  if (parts.length === 2 && parts[0] === 'boot' && BOOT_IMAGES.some((name) => base.startsWith(name))) return what;
  // The boot loader's configuration: without it the machine does not boot.
  if (parts.length === 3 && parts[0] === 'boot' && (parts[1] === 'grub' || parts[1] === 'grub2') && base === 'grub.cfg') return what;
  // The firmware's boot programs in the EFI system partition (`/boot/efi/EFI/BOOT/BOOTX64.EFI`,
  // `/boot/efi/EFI/debian/grubx64.efi`, `/efi/EFI/systemd/systemd-bootx64.efi`): without them the
  // firmware finds nothing to start.
  if (EFI_LOADER_FOLDER.test(parts.slice(0, -1).join('/')) && /\.efi$/i.test(base)) return what;
  return null;
}

/** The vendor folders of the EFI system partition where Linux distributions mount it (`/boot/efi`, `/boot`, `/efi`). */
const EFI_LOADER_FOLDER = /^(?:boot\/efi|boot|efi)\/efi\/[^/]+$/i;


/**
 * Every system's dynamic loader by its name, in a library folder (or `libexec`): glibc's
 * (`ld-linux-x86-64.so.2`, `ld64.so.2`, the older `ld-2.31.so`), musl's (`ld-musl-x86_64.so.1`),
 * uClibc's, FreeBSD's (`/libexec/ld-elf.so.1`), OpenBSD's (`/usr/libexec/ld.so`) and illumos's
 * (`/lib/ld.so.1`). Not `ld.so.cache` or `ld.so.conf` (files of /etc, read elsewhere).
 */
const DYNAMIC_LOADER = /^ld(?:64)?(?:[-.][A-Za-z0-9_.-]*)?\.so(?:\.[0-9.]+)?$/;
/** The C library: glibc's and the BSDs' `libc.so.N`, musl's `libc.musl-ARCH.so.1`. */
const C_LIBRARY = /^libc(?:\.musl-[a-z0-9_]+)?\.so(?:\.|$)/;
/** macOS's loader and system library: without them no program starts. */
const MACOS_LOADER = new Set(['usr/lib/dyld', 'usr/lib/libSystem.B.dylib']);
/**
 * The login records (who logged in, failed logins, last logins, who is logged in): emptying or
 * deleting them is the textbook covering of tracks, and no everyday cleanup does it (logrotate
 * rotates them). docs/decisions.md "The system's logs and login records".
 */
const LOGIN_RECORDS: ReadonlySet<string> = new Set([
  'var/log/wtmp', 'var/log/btmp', 'var/log/lastlog', 'var/run/utmp', 'run/utmp', 'var/log/utmp', 'var/log/wtmpx', 'var/adm/wtmpx', 'var/adm/utmpx', 'var/adm/lastlog',
]);

/** A file Windows cannot start or log anyone in without, seen from WSL (`/mnt/c/Windows/System32/ntoskrnl.exe`); null otherwise. */
function windowsCriticalFile(parts: readonly string[]): string | null {
  if (parts.length < 5 || parts[0] !== 'mnt' || !/^[a-z]$/.test(parts[1]!) || parts[2]!.toLowerCase() !== 'windows' || parts[3]!.toLowerCase() !== 'system32') return null;
  const what = `the Windows system file ${parts.slice(2).join('/')}`;
  if (parts.length === 5 && WINDOWS_CRITICAL_PROGRAMS.has(parts[4]!.toLowerCase())) return what;
  if (parts.length === 6 && parts[4]!.toLowerCase() === 'config' && WINDOWS_HIVES.has(parts[5]!.toLowerCase())) return what;
  return null;
}

/** Windows' boot manager or boot configuration seen from WSL (`/mnt/c/bootmgr`, `/mnt/c/Boot/BCD`); null otherwise. */
function windowsBootFile(parts: readonly string[]): string | null {
  if (parts.length < 3 || parts[0] !== 'mnt' || !/^[a-z]$/.test(parts[1]!)) return null;
  return WINDOWS_BOOT_FILES.includes(parts.slice(2).join('/').toLowerCase()) ? `Windows' boot file ${parts.slice(2).join('/')}` : null;
}

/**
 * A program the machine cannot run without, or a folder of its programs, in words; null for
 * anything else. Taking its execute bits (`chmod a-x /usr/bin/*`, `chmod 000 /lib64/ld-linux-x86-64.so.2`)
 * leaves nothing runnable. The critical programs, the loader and C library, the program and library
 * folders (`/bin`, `/usr/bin`, `/usr/lib`, …) themselves and everything right in them (`/usr/bin/*`).
 */
export function programTarget(word: Word, place: PathPlace, eachProgram = false): string | null {
  const file = criticalFileTarget(word, place);
  if (file !== null && !file.startsWith('the system file /etc/') && !file.startsWith('the package database')) return file;
  const text = wordPathText(word);
  const written = programPathAt(text, word.kind !== 'literal', eachProgram);
  if (written !== null || place.mounts === undefined || sharesHost(place)) return written;
  // Inside a container the folder a bind lands the path at (`-v /:/h … chmod -R 0 /h/usr/bin`;
  // D§5, docs/decisions.md "Binds map every arm's paths").
  const plain = expandHome(text, place.home);
  if (plain.includes('$') || plain.includes('`')) return null;
  for (const path of landingPaths(plain, { ...place, disk: false }, false).paths) {
    const what = programPathAt(path, word.kind !== 'literal', eachProgram);
    if (what !== null) return `${what} (${JSON.stringify(text)} lands there)`;
  }
  return null;
}

/** {@link programTarget} of one absolute path text; `glob`: the word's text holds glob characters. */
function programPathAt(text: string, glob: boolean, eachProgram: boolean): string | null {
  const found = absoluteComponents(text);
  if (found === null || found.length === 0) return null;
  // `/usr/bin/**/*`, `/usr/bin/?*`: every entry of the folder, however spelt.
  const parts = glob ? everythingBelow(found) : found;
  const last = parts[parts.length - 1]!;
  const everything = glob && (last === '*' || last === '.*');
  const folder = everything ? parts.slice(0, -1) : parts;
  if (!everything && GLOB_CHARS.test(last)) return null;
  if (isProgramFolder(folder)) return everything ? `every program in /${folder.join('/')}` : `the program folder /${folder.join('/')}`;
  // `eachProgram`: a program right in one of the system's program folders (`/bin/chmod`,
  // `/usr/sbin/sshd`): the system runs each of them by name (docs/decisions.md "System trees
  // deeper than one level"). Not `/usr/local/bin`: what people install themselves.
  const binFolder = parts.slice(0, -1);
  if (eachProgram && !everything && isProgramFolder(binFolder) && /s?bin$/.test(binFolder[binFolder.length - 1]!)) return `the system program /${parts.join('/')}`;
  return null;
}

/** `/bin`, `/sbin`, `/lib*`, and the same under `/usr` (not `/usr/local`). */
function isProgramFolder(parts: readonly string[]): boolean {
  const inner = parts.length === 2 && parts[0] === 'usr' ? parts[1]! : parts.length === 1 ? parts[0]! : null;
  return inner !== null && /^(?:s?bin|lib(?:32|64|x32|exec)?)$/.test(inner);
}

/** A deletion target that is catastrophic (root, a system folder, the home folder), in words. */
export function deletionTarget(word: Word, place: PathPlace): string | null {
  // `rm -rf link/` empties the folder the link points to; `rm -rf link` removes the link.
  return catastrophicTarget(word, place, DELETE_SYSTEM_DIRS, true, true, false) ?? engineStateTarget(word, place);
}

/**
 * The container engines' whole state folders (every image, container and named volume of the
 * engine, {@link SERVICE_STATE}'s volumes included).
 */
const ENGINE_STATE: ReadonlySet<string> = new Set(['var/lib/docker', 'var/lib/containerd', 'var/lib/containers', 'var/lib/containers/storage', 'var/lib/podman', 'var/lib/cri-o', 'var/lib/lxd', 'var/lib/incus']);

/**
 * An engine's state folder (or everything in it) deleted from inside a container an engine runs
 * (pathResolver.ts `engineRun`: `docker run -v /var/lib/docker:/vld alpine rm -rf /vld`, a node
 * shell's `rm -rf /var/lib/containerd`). On this machine the same deletion is the engines'
 * documented uninstall, done with the engine stopped; from inside one of its containers the engine
 * is running, so it is never that (docs/decisions.md "Containers: the working folder, SYS_ADMIN,
 * and host shells").
 */
function engineStateTarget(word: Word, place: PathPlace): string | null {
  if (place.engineRun !== true || place.mounts === undefined) return null;
  const text = expandHome(wordPathText(word), place.home);
  if (text.includes('$') || text.includes('`')) return null;
  for (const path of landingPaths(text, place, false).paths) {
    const parts = absoluteComponents(path);
    if (parts === null) continue;
    const everything = word.kind !== 'literal' && (parts[parts.length - 1] === '*' || parts[parts.length - 1] === '.*');
    const folder = (everything ? parts.slice(0, -1) : parts).join('/');
    if (ENGINE_STATE.has(folder)) return `${everything ? 'everything in ' : ''}the container engine's state /${folder}, from inside a container it runs (${JSON.stringify(wordPathText(word))} lands there)`;
  }
  return null;
}

/**
 * What moving this path away would take from the machine: the root, a top-level system folder,
 * a home folder. Not a folder inside the system tree: `mv /etc/hosts.new /etc/hosts` is ordinary
 * administration, and the gate does not look at the disk to tell a file from a folder.
 */
export function moveTarget(word: Word, place: PathPlace): string | null {
  return catastrophicTarget(word, place, DELETE_SYSTEM_DIRS, true, false, false) ?? systemFolderMoved(word, place);
}

/**
 * The folders inside the system tree whose place the machine relies on, as written: the program and
 * library folders (`/usr/bin`, `/lib64`, `/usr/libexec`), the boot tree, the package databases and
 * the package stores. Moved away (`mv /usr/bin /usr/bin.bak`), nothing that needs them starts;
 * a configuration folder (`mv /etc/nginx /etc/nginx.old`) or a service's data (`/var/lib/mysql`)
 * stays ordinary (docs/decisions.md "The system's folders moved away").
 */
function systemFolderMoved(word: Word, place: PathPlace): string | null {
  // Inside a container its folders are its own; a chroot's are at worst the host's own.
  if (word.kind !== 'literal' || (place.mounts !== undefined && !sharesHost(place))) return null;
  const parts = absoluteComponents(expandHome(wordPathText(word), place.home));
  if (parts === null || parts.length === 0 || parts.some((part) => GLOB_CHARS.test(part))) return null;
  if (isProgramFolder(parts)) return `the program folder /${parts.join('/')}`;
  const path = parts.join('/');
  if (parts[0] === 'boot' || parts[0] === 'efi') return `the boot tree /${path}`;
  if (PACKAGE_DATABASES.has(path)) return `the package database /${path}`;
  if (PACKAGE_STORES.has(path)) return `the package store /${path}`;
  return null;
}

/**
 * A home folder or everything in one (`~`, `$HOME/*`, `/home/dev`), in words: what a recursive
 * chmod that takes its owner's access makes unusable (permissions.ts).
 */
export function homeFolderTarget(word: Word, place: PathPlace): string | null {
  return catastrophicTarget(word, place, NO_FOLDERS, true, false, true);
}
const NO_FOLDERS: ReadonlySet<string> = new Set();

/** A chmod/chown target that is catastrophic (root or a system folder), in words. */
export function permissionTarget(word: Word, place: PathPlace): string | null {
  // chmod and chown change what a link points to.
  const what = catastrophicTarget(word, place, PERMISSION_SYSTEM_DIRS, false, false, true);
  if (what !== null) return what;
  // The program and library folders below /usr (`/usr/bin`, `/usr/lib`, `/usr/bin/*`): every program the machine runs.
  return programTarget(word, place);
}

/**
 * Every path under `/dev` is a device for the floors unless this table says it is not one that
 * holds a file system (docs/decisions.md "Every path under /dev is a device unless a table says
 * otherwise"): a disk, a partition, a logical volume, a mapper or multipath name, a vendor's link
 * (`/dev/disk/azure/scsi1/lun1`, `/dev/disk/by-id/…`), a pass-through or raw memory device, named
 * in any system's spelling, at any depth. The table lists what is known to be something else:
 * {@link NOT_DISK_FOLDERS} are folders the kernel or a system keeps for other devices (every entry
 * below them too), {@link NOT_DISK_NAMES} single character devices and families (a prefix followed
 * by a number or a name). Loop devices (how images are built), optical drives (`/dev/sr0`: burning
 * a disc), tape drives (writing a backup tape), RAM disks (`zram`, `ram`) and read-only flash
 * (`mtd0ro`) are left out on purpose.
 */
const NOT_DISK_FOLDERS: ReadonlySet<string> = new Set([
  // Linux: memory, terminals, descriptors, queues, and the folders of character devices.
  'shm', 'pts', 'fd', 'mqueue', 'hugepages', 'input', 'snd', 'net', 'dri', 'bus', 'char', 'serial', 'v4l', 'v4l2', 'cpu',
  'vfio', 'usb', 'dma_heap', 'virtio-ports', 'xen', 'hidraw', 'vboxusb', 'nvidia-caps', 'accel', 'iommu', 'infiniband',
  'gpiochip', 'i2c', 'spi', 'mei', 'watchdog', 'rtc', 'tcp', 'udp', 'dvb', 'media', 'uio', 'hwmon', 'iio', 'ipmi',
  'kfd', 'vhost', 'tpm', 'tpmrm', 'cec', 'lirc', 'bluetooth', 'vsock', 'log', 'term', 'cua', 'console', 'ttys', 'pty',
  // The BSDs' and illumos's, and macOS's.
  'dtrace', 'vmm', 'vmm.io', 'rmt', 'audio', 'sound', 'fbs', 'cfg', 'sad', 'ipnet', 'ptyp',
]);

/**
 * Names of single devices, and families by their prefix (`tty…`, `video…`), that hold no file
 * system: the data, terminal and console devices, the hardware other than storage, the network
 * and virtualisation controls, and the families left out on purpose (loop, optical, tape, RAM).
 */
const NOT_DISK_NAMES =
  /^(?:null|zero|full|random|urandom|stdin|stdout|stderr|console|ptmx|kmsg|log|klog|initctl|xconsole|fuse|cuse|kvm|uinput|uhid|userfaultfd|userio|hwrng|ppp|autofs|btrfs-control|loop-control|vga_arbiter|udmabuf|mcelog|snapshot|rfkill|ecryptfs|cpu_dma_latency|network_latency|network_throughput|mapper\/control|vhost-net|vhost-vsock|vsock|net|dxg|kfd|crypto|pf|fsevents|auditpipe|auditsessions|oslog|oslog_stream|afsc_type5|io8log|io8logmt|io8logtemp|pci|io|acpi|apm|apmctl|devctl|devctl2|sysmouse|mouse|psaux|geom\.ctl|ctty|openprom|zfs|lofictl|mixer|dsp|audio|sequencer|sequencer2|music|midi|admmidi|amidi|dmmidi|gpiomem|mem_ctl|sev|sev-guest|sgx_enclave|sgx_provision|sgx_vepc|binder|hwbinder|vndbinder|ashmem|ion|nvidia|nvidiactl|nvidia-uvm|nvidia-uvm-tools|nvidia-modeset|tpm|tpmrm|watchdog|rtc|hpet|nvram|vmci|vboxdrv|vboxdrvu|vboxnetctl|xpt|klog|nsmb|bpf|tun|tap|vmnet|ugen|fb|lp|parport|ppi|pps|ptp|hvc|vcs|vcsa|vcsu|tty|pty|cu|cua|cuau|cuaU|ttyu|ttyU|ttyS|ttyUSB|ttyACM|ttyAMA|ttyprintk|pts|video|media|v4l-subdev|vbi|radio|dvb|cec|lirc|hidraw|i2c|spidev|gpiochip|mei|rpmb_ctl|input|event|js|ttyd|nmdm|vmm|uio|ipmi|bsr|kbd|ukbd|ums|uhid|psm|atkbd|joy|loop|sr|scd|cdrom|cdrw|dvd|dvdrw|rcd|acd|cd|st|nst|ht|nht|rmt|sa|nsa|esa|rst|nrst|zram|ram|pmsg|ublk-control|dlm-control|dlm_plock|vfio|accel|infiniband|mlx|iommu|usbmon|watchdog|tpmrm|rtc)(?:[0-9][0-9a-z_.:-]{0,31}|[.-][A-Za-z0-9_.:-]{1,127})?$|^mtd[0-9]{1,3}ro$|^\./;

/** The same families as prefixes, for a name still holding expansions (`/dev/tty$N`, `/dev/loop*`). */
const NOT_DISK_FAMILY_PREFIX =
  /^(?:tty|pty|pts|cu\.|cua|video|media|v4l|loop|sr[0-9]|zram|ram[0-9]|hidraw|i2c-|spidev|gpiochip|input|event|nvidia|snd|usb|vcs|fb[0-9]|lp[0-9]|st[0-9]|nst[0-9]|tun|tap|bpf|watchdog|rtc|tpm|null|zero|urandom|random|std(?:in|out|err))/;

/** The characters of a component of a device's path, expansions included (`/dev/bsg/0:0:0:0`, `/dev/disk/by-path/pci-0000:00:1f.2-ata-1`). */
const DEVICE_NAME_PART = /^[A-Za-z0-9_.+:@#%~$*?[\]{}`-]{1,255}$/;

/** Components that hold an expansion or a glob: only their literal start is known. */
const UNKNOWN_PART = /[$*?[{`]/;

/** A folder of disks and nothing else, named alone (`/dev/disk`, `/dev/mapper`): the folder, not a device. */
const DISK_FOLDERS: ReadonlySet<string> = new Set(['disk', 'mapper', 'block', 'dsk', 'rdsk', 'md', 'bsg', 'raw', 'gpt', 'gptid', 'diskid', 'ufs', 'label', 'zvol', 'rdisk', 'disks', 'sg']);

/** Whether a `/dev` path (its components, `dev` first) is a device that holds a file system at worst. */
function devicePathIsDisk(parts: readonly string[], exact: boolean): boolean {
  if (parts.length < 2 || parts[0] !== 'dev') return false;
  const first = parts[1]!;
  if (parts.length === 2 && DISK_FOLDERS.has(first)) return false;
  // A device's name holds no `,` or `=` (`/dev/sdb,trunc` is a device and an option: deviceWords.ts cuts it).
  if (parts.some((part) => !DEVICE_NAME_PART.test(part))) return false;
  const unknownAt = exact ? -1 : first.search(UNKNOWN_PART);
  if (unknownAt === -1) {
    return !NOT_DISK_FOLDERS.has(first) && !NOT_DISK_NAMES.test(first);
  }
  // Only the start of the name is known (`/dev/tty$N`, `/dev/$DISK`): at its worst unless that start
  // already names a family that is no disk.
  return !NOT_DISK_FAMILY_PREFIX.test(first.slice(0, unknownAt));
}

/**
 * A disk or partition of FreeBSD, NetBSD or OpenBSD by its kernel name, as GEOM and ZFS tools take
 * it without `/dev/` (`gpart destroy ada1`, `zpool create tank da0 da1`), OpenBSD's and NetBSD's
 * SCSI and raw disks as their `fdisk`, `disklabel` and `gpt` take them (`sd1`, `rsd0c`), illumos's
 * `cXtYdZ` names as `zpool` takes them (`c1t2d0`, `c0d0s0`), and Linux's and macOS's whole disks
 * and partitions (`sdb`, `nvme0n1p2`, `disk2s1`, `rdisk2`).
 */
const BARE_DISK_NAME =
  /^(?:r?(?:ada|da|nvd|nda|vtbd|xbd|mmcsd|mfid|ld|dk|wd|sd)[0-9]{1,3}(?:p[0-9]{1,3}|s[0-9]{1,3}[a-h]?|[a-p])?|c[0-9]{1,3}(?:t[0-9A-Fa-f]{1,32})?d[0-9]{1,3}(?:[sp][0-9]{1,2})?|pass[0-9]{1,3}|(?:sd|vd|xvd|hd)[a-z]{1,2}[0-9]{0,3}|nvme[0-9]{1,3}n[0-9]{1,3}(?:p[0-9]{1,3})?|mmcblk[0-9]{1,2}(?:p[0-9]{1,3})?|mtd(?:block)?[0-9]{1,3}|md[0-9]{1,3}|nbd[0-9]{1,2}|r?disk[0-9]{1,3}(?:s[0-9]{1,3}){0,2})$/;

/** A disk by its bare kernel name ({@link BARE_DISK_NAME}): the path it names under `/dev`, or null. */
export function bareDiskPath(text: string): string | null {
  return text.length <= 24 && BARE_DISK_NAME.test(text) ? `/dev/${text}` : null;
}

/** True when the word names a raw block device (`/dev/sda`, `/dev/nvme0n1p2`, `/dev/disk2`, …). */
export function isRawBlockDevice(word: Word): boolean {
  return isRawBlockDevicePath(wordPathText(word), word.kind === 'literal');
}

/**
 * The same for a path text; `exact` is false when the text still holds expansions, in which case
 * a block-device prefix (`/dev/sd$X`, `/dev/nvme*`) is enough.
 */
export function isRawBlockDevicePath(text: string, exact: boolean): boolean {
  if (text.length > 4096) return false;
  const parts = absoluteComponents(text);
  if (parts === null) return false;
  const path = '/' + parts.join('/');
  if (OTHER_DEVICE_TREES.test(path)) return true;
  if (!exact && OTHER_DEVICE_TREE_PREFIX.test(path)) return true;
  return devicePathIsDisk(parts, exact);
}

/**
 * Disks of the systems that keep them outside `/dev` (docs/decisions.md "Disks outside /dev"):
 * VMware ESXi's `/vmfs/devices/disks/NAME[:PARTITION]` (`naa.…`, `mpx.vmhba0:C0:T0:L0`, `t10.…`,
 * `eui.…`, `vml.…`) and its logical volumes, and the physical device tree of illumos and Solaris
 * (`/devices/pci@0,0/…/disk@0,0:a`, `…:a,raw`), whose disk nodes are named by their driver.
 */
const OTHER_DEVICE_TREES = /^\/vmfs\/devices\/(?:disks|lvm|deltadisks)\/[^/]{1,255}$|^\/devices\/(?:[^/]{1,128}\/){0,12}(?:disk|sd|ssd|cmdk|blkdev|nvme|vdc|xdf)@[^/:]{0,64}:[a-z](?:,raw)?$/;
/** Their prefixes, for words still holding expansions (`/vmfs/devices/disks/$DISK`). */
const OTHER_DEVICE_TREE_PREFIX = /^\/vmfs\/devices\/(?:disks|lvm|deltadisks)\//;

/** Writing to it triggers kernel SysRq actions (immediate reboot, power-off, crash). */
export function isSysrqTrigger(word: Word): boolean {
  const parts = absoluteComponents(wordPathText(word));
  return parts !== null && parts.length === 2 && parts[0] === 'proc' && parts[1] === 'sysrq-trigger';
}

/** `/dev/tcp/host/port` and `/dev/udp/…`: bash opens a network connection. */
export function isNetworkDevicePath(text: string): boolean {
  const parts = absoluteComponents(text.normalize('NFKC'));
  return parts !== null && parts.length >= 2 && parts[0] === 'dev' && (parts[1] === 'tcp' || parts[1] === 'udp');
}

/** Suffixes of `.env.<suffix>` files that are templates, not secrets. */
const ENV_TEMPLATE_SUFFIXES = new Set(['example', 'sample', 'template', 'tmpl', 'tpl', 'dist', 'defaults', 'default', 'schema', 'example.local']);

/**
 * Key stores by their format, wherever they are kept: Java and Android key stores (`*.jks`,
 * `*.keystore`, `*.bks`), Apple's API keys (`*.p8`), KeePass databases (`*.kdbx`).
 */
/**
 * Key stores by their format, wherever they are: Java's and Android's key stores, KeePass
 * databases, a `.secrets` file. A Kerberos key table is not (a service's keytab is made to be
 * copied to the host that uses it); the system's own, `/etc/krb5.keytab`, is the system's
 * configuration (`systemStateAtWorst`).
 */
const KEY_STORE_EXTENSIONS = /\.(?:jks|keystore|bks|p8|kdbx|secrets)$/;

/**
 * Name parts that say a data file holds a secret, wherever it lives (`~/.cache/huggingface/token`,
 * `android/keystore.properties`, `deploy-token.txt`, `db_password`): the name is the positive
 * knowledge the gate has of such a file's content. Only data files (no extension, or one of
 * {@link SECRET_DATA_EXTENSIONS}): `token.ts`, `secrets.md` are code and documents. `tokens` is
 * left out: `tokens.json` is a design system's colours and spacings far more often than a secret,
 * and the floor cannot be appealed (a miss is preferred to refusing everyday work).
 */
const SECRET_NAME_PARTS = new Set([
  'token', 'secret', 'secrets', 'credential', 'credentials', 'creds', 'password', 'passwords', 'apikey', 'apikeys', 'keystore',
]);
const SECRET_DATA_EXTENSIONS = new Set(['', 'txt', 'json', 'yaml', 'yml', 'toml', 'ini', 'conf', 'cfg', 'properties', 'xml', 'env', 'db', 'sqlite', 'dat', 'plist', 'csv', 'key']);

/**
 * A data file whose name says it holds a secret (docs/decisions.md "Credentials by their name and
 * format"), or null: a part of {@link SECRET_NAME_PARTS} in its stem (split at `-`, `_`, `.`), a
 * data extension (a name without one only below a hidden folder), and no template part
 * (`secrets.example.yaml`).
 */
function secretByName(lowerBase: string, inHiddenFolder: boolean): string | null {
  if (KEY_STORE_EXTENSIONS.test(lowerBase)) return 'a key store file';
  const dot = lowerBase.lastIndexOf('.');
  const extension = dot <= 0 ? '' : lowerBase.slice(dot + 1);
  // A bare word (`password`, `grant_type=client_credentials`) is a form's data more often than a
  // file: a name without an extension counts below a tool's hidden folder (`~/.cache/x/token`).
  if (!SECRET_DATA_EXTENSIONS.has(extension) || (extension === '' && !inHiddenFolder)) return null;
  const parts = (extension === '' ? lowerBase : lowerBase.slice(0, dot)).split(/[-_.]/);
  if (parts.some((part) => ENV_TEMPLATE_SUFFIXES.has(part))) return null;
  return parts.some((part) => SECRET_NAME_PARTS.has(part)) ? 'a file named for the secret it holds' : null;
}

/** Name parts that mark a `.pem`/`.key` file as public material (a certificate, a public key). */
const PUBLIC_KEY_TOKENS = new Set([
  'cert', 'certs', 'certificate', 'chain', 'fullchain', 'ca', 'cacert', 'pub', 'public', 'pubkey', 'bundle', 'root', 'intermediate', 'crt',
]);

/** Credential files named by their path below the home folder (or anywhere, for dot-files). */
const CREDENTIAL_FILES: ReadonlyArray<[suffix: string, what: string]> = [
  ['.aws/credentials', 'AWS credentials'],
  ['.kube/config', 'a Kubernetes config'],
  ['.docker/config.json', 'Docker registry credentials'],
  ['.config/gh/hosts.yml', 'a GitHub CLI token'],
  ['.cargo/credentials', 'a Cargo registry token'],
  ['.cargo/credentials.toml', 'a Cargo registry token'],
  ['.gem/credentials', 'a RubyGems token'],
  ['.terraform.d/credentials.tfrc.json', 'a Terraform token'],
  ['.config/doctl/config.yaml', 'a DigitalOcean token'],
  ['.config/hub', 'a GitHub token (hub)'],
  ['kubernetes.io/serviceaccount/token', 'a Kubernetes service-account token'],
];

/** Browser login stores and cookie jars (Chrome-family `Login Data`/`Cookies`, Firefox `logins.json`/`key4.db`). */
const BROWSER_STORES: ReadonlySet<string> = new Set(['login data', 'login data for account', 'cookies', 'web data', 'logins.json', 'key4.db', 'key3.db', 'cookies.sqlite', 'signons.sqlite']);
/** Folders a browser profile lives below. */
const BROWSER_FOLDERS = /(?:^|\/)(?:\.mozilla|firefox|google-chrome[^/]*|chromium|BraveSoftware|microsoft-edge[^/]*|vivaldi|opera|Google\/Chrome|Microsoft Edge|Mozilla|Firefox|librewolf|\.librewolf)(?:\/|$)/i;

/**
 * The cloud metadata services, which hand out the machine's own credentials to whoever asks from it,
 * at the providers' documented addresses: the instance metadata of AWS (and its IPv6 address),
 * Azure, GCP, Oracle, DigitalOcean, OpenStack and Hetzner (169.254.169.254, GCP's names), AWS ECS
 * task credentials (169.254.170.2) and EKS Pod Identity (169.254.170.23, fd00:ec2::23), Alibaba
 * (100.100.100.200), Tencent (metadata.tencentyun.com) and IBM Cloud (api.metadata.cloud.ibm.com).
 * The address may run on into a variable holding the path (`169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`).
 */
const METADATA_HOSTS = /(?:^|[/@\s"'=])(?:169\.254\.169\.254|169\.254\.170\.23?|metadata\.google\.internal|metadata\.goog|metadata\.tencentyun\.com|api\.metadata\.cloud\.ibm\.com|\[?fd00:ec2::(?:254|23)\]?|100\.100\.100\.200)(?=$|[:/\s"'?$])/i;

/** True when the text names a cloud metadata address (`http://169.254.169.254/…`, `metadata.google.internal`). */
export function namesCloudMetadata(text: string): boolean {
  return text.length <= 4096 && METADATA_HOSTS.test(text);
}

/** Credential dot-files recognised by their name alone. */
const CREDENTIAL_NAMES: Readonly<Record<string, string>> = {
  '.npmrc': 'an npm config (tokens)',
  '.pypirc': 'a PyPI config (tokens)',
  '.git-credentials': 'stored git credentials',
  '.netrc': 'a .netrc file',
  _netrc: 'a .netrc file',
  '.pgpass': 'a PostgreSQL password file',
  '.vault-token': 'a Vault token',
  '.s3cfg': 's3cmd credentials',
  '.boto': 'boto credentials',
  '.envrc': 'a direnv .envrc file',
  // Erlang's distribution cookie: whoever holds it runs code on every node of the cluster (RabbitMQ, CouchDB, ejabberd).
  '.erlang.cookie': "an Erlang cluster's cookie",
  '.htpasswd': 'a web server password file',
  'htpasswd.users': 'a web server password file',
  'wp-config.php': "WordPress's database password and keys",
};

/** Credential folders: the folder itself or anything below it. */
const CREDENTIAL_DIRS: ReadonlyArray<[path: string, what: string]> = [
  ['.ssh', 'the SSH keys folder'],
  ['.aws', 'the AWS credentials folder'],
  ['.config/gcloud', 'Google Cloud credentials'],
  ['.azure', 'Azure credentials'],
  ['.gnupg', 'the GnuPG keyring'],
  // The desktops' password stores: macOS keychains, GNOME's and KDE's keyrings. (pass's store is
  // not here: each entry is encrypted, and `git push` of it is how pass syncs.)
  ['Library/Keychains', 'the macOS keychains'],
  ['.local/share/keyrings', 'the GNOME keyrings'],
  ['.local/share/kwalletd', 'the KDE wallets'],
  // Password managers' own stores.
  ['.config/1Password', 'the 1Password store'],
  ['.config/Bitwarden', 'the Bitwarden store'],
];

/**
 * The credential stores of an account as paths below its home folder, for the sandbox's
 * unreadable list (docs/decisions.md "Containment: the sandbox's policy"): every credential
 * folder, file and dot-file named above, and the folders where a browser keeps its profiles
 * (`browserFolders`: the entries of the home folder, `~/.config` and `~/Library/Application
 * Support` that {@link BROWSER_FOLDERS} names, so the pattern stays the one home of that fact).
 * Paths only: whether each exists is the caller's question.
 */
export function credentialStorePaths(home: string, browserFolders: (folder: string) => readonly string[] = () => []): Array<{ path: string; what: string }> {
  const join = (relative: string) => (home.endsWith('/') ? home : home + '/') + relative;
  const out: Array<{ path: string; what: string }> = [];
  for (const [dir, what] of CREDENTIAL_DIRS) out.push({ path: join(dir), what });
  for (const [suffix, what] of CREDENTIAL_FILES) {
    // The service-account token is a path of the machine, not of the home folder.
    out.push({ path: suffix.startsWith('kubernetes.io/') ? '/var/run/secrets/' + suffix : join(suffix), what });
  }
  for (const [name, what] of Object.entries(CREDENTIAL_NAMES)) out.push({ path: join(name), what });
  for (const parent of ['', '.config', 'Library/Application Support']) {
    const folder = parent === '' ? home : join(parent);
    for (const name of browserFolders(folder)) {
      const relative = parent === '' ? name : `${parent}/${name}`;
      if (BROWSER_FOLDERS.test(relative)) out.push({ path: join(relative), what: 'a browser profile (logins and cookies)' });
    }
  }
  return out;
}

/** {@link CREDENTIAL_DIRS} with each path split into its components once. */
const CREDENTIAL_DIR_PARTS: ReadonlyArray<[parts: readonly string[], what: string, isSsh: boolean]> = CREDENTIAL_DIRS.map(
  ([dir, what]) => [dir.split('/'), what, dir === '.ssh'],
);

/** True when `parts[at…]` starts with every component of `dirParts`. */
function componentsAt(parts: readonly string[], at: number, dirParts: readonly string[]): boolean {
  for (let offset = 0; offset < dirParts.length; offset++) {
    if (parts[at + offset] !== dirParts[offset]) return false;
  }
  return true;
}

/**
 * A file kept encrypted by a secrets tool (`*.gpg`, `*.age`, `*.enc`, `*.sops.yaml`, `*.sops.json`;
 * not `*.asc`, which is as often a signature or a public key): a secret kept encrypted, whose
 * plaintext a program that decrypts it prints. Read where a program the gate cannot read is
 * handed one (hardline/unreadPrinters.ts): at its worst it is such a decrypter (docs/decisions.md
 * "What a program without a row runs prints what that command prints"). Reading or sending the
 * ciphertext itself (`cat`, `cp`, `curl -T`) is no exfiltration and is not read so.
 */
export function encryptedSecret(pathText: string): string | null {
  const base = pathText.slice(pathText.lastIndexOf('/') + 1).toLowerCase();
  return /[^.]\.(?:gpg|pgp|age|enc)$|[^.]\.sops\.(?:ya?ml|json|env|ini)$/.test(base) ? `the plaintext of ${pathText} (a file kept encrypted)` : null;
}

/**
 * What kind of credential the path names (e.g. `an SSH private key`), or null. Public keys
 * (`*.pub`), certificates and `.env.example`-style templates are not credentials.
 */
/**
 * A Windows path as WSL sees it, the profile's variables first put at their worst
 * (`%USERPROFILE%\.ssh\id_ed25519`, `$env:USERPROFILE\.aws\credentials`, `C:\Users\dev\.git-credentials`
 * are `/mnt/c/Users/…/…`): docs/decisions.md "Windows credentials and their senders". Null for
 * any other text.
 */
export function windowsFormAsWsl(text: string): string | null {
  const variable = /^(?:%(\w+)%|\$\{?env:(\w+)\}?)(?=[\\/]|$)/i.exec(text);
  const folder = variable === null ? null : windowsVariableFolder((variable[1] ?? variable[2])!);
  return windowsPathAsWsl(folder === null ? text : folder + text.slice(variable![0].length));
}

export function credentialKind(pathText: string, home: string): string | null {
  const folded = foldCompatibility(pathText);
  let text = /^(?:[A-Za-z]:|%|\$\{?env:)/i.test(folded) ? (windowsFormAsWsl(folded) ?? expandHome(folded, home)) : expandHome(folded, home);
  const homePrefix = home.endsWith('/') ? home : home + '/';
  if (home !== '' && home !== '/' && text.startsWith(homePrefix)) text = '~/' + text.slice(homePrefix.length);
  while (text.length > 1 && text.endsWith('/')) text = text.slice(0, -1);
  const parts = text.split('/').filter((part) => part !== '' && part !== '.');
  const base = parts[parts.length - 1];
  if (base === undefined) return null;
  const lowerBase = base.toLowerCase();
  if (lowerBase.endsWith('.pub')) return null;

  if (parts.length >= 3 && parts[parts.length - 3] === 'proc' && base === 'environ') return 'a process environment';
  if (text === '/etc/shadow' || text === '/etc/gshadow' || text === '/etc/master.passwd') return 'the system password hashes';
  if (text.startsWith('/etc/ssh/ssh_host_') && lowerBase.endsWith('_key')) return 'an SSH host private key';

  const parent = parts[parts.length - 2];
  if (parent === '.ssh' && (lowerBase.startsWith('id_') || lowerBase === '*')) return 'an SSH private key';
  const joined = parts.join('/');
  for (let d = 0; d < CREDENTIAL_DIR_PARTS.length; d++) {
    const [dirParts, what, isSsh] = CREDENTIAL_DIR_PARTS[d]!;
    for (let k = 0; k + dirParts.length <= parts.length; k++) {
      if (componentsAt(parts, k, dirParts)) {
        // A folder (or its glob) is the credential when it is the whole path or `dir/*`; below
        // `.ssh` only the private keys count (config and known_hosts are not secrets).
        const restFrom = k + dirParts.length;
        const restLength = parts.length - restFrom;
        if (restLength === 0 || (restLength === 1 && parts[restFrom] === '*')) return what;
        if (!isSsh) return what;
      }
    }
  }
  for (const [suffix, what] of CREDENTIAL_FILES) {
    // `joined.endsWith('/' + suffix)`, without building that string for every call.
    if (joined === suffix || (joined.endsWith(suffix) && joined[joined.length - suffix.length - 1] === '/')) return what;
  }
  if (Object.prototype.hasOwnProperty.call(CREDENTIAL_NAMES, base)) return CREDENTIAL_NAMES[base]!;
  // A Kerberos credential cache (`/tmp/krb5cc_1000`): the tickets of a signed-in account.
  if (/^krb5cc_./.test(base)) return 'a Kerberos credential cache';
  if (BROWSER_STORES.has(lowerBase) && BROWSER_FOLDERS.test(joined)) return 'a browser login or cookie store';
  // A password manager's file wherever it is kept (`login.keychain-db`, a KDE wallet).
  if (/\.(?:keychain|keychain-db|kwl)$/.test(lowerBase)) return 'a password store file';
  if (base === '.env') return 'a .env file';
  if (base.startsWith('.env.') && !ENV_TEMPLATE_SUFFIXES.has(base.slice(5).toLowerCase())) return `a ${base} file`;
  const named = secretByName(lowerBase, parts.slice(0, -1).some((part) => part.length > 1 && part.startsWith('.') && part !== '..'));
  if (named !== null) return named;
  if (/\.(?:pem|key|p12|pfx|ppk)$/.test(lowerBase)) {
    const stem = lowerBase.replace(/\.[a-z0-9]+$/, '');
    if (stem.split(/[-_.=@]/).some((token) => PUBLIC_KEY_TOKENS.has(token))) return null;
    return 'a private key file';
  }
  return null;
}

/**
 * The paths a package's installed-file list (`dpkg -L`, `rpm -ql`, `pacman -Ql`) holds at its
 * worst, whichever package it names: the root, its programs and libraries, and the system
 * configuration, as the opaque globs the arms judge by their text (`/usr/bin/*`, `/etc/*`).
 * docs/decisions.md "A package's file list is system files at worst".
 */
export function installedFilesAtWorst(): Word[] {
  const glob = (raw: string): Word => ({ kind: 'opaque', raw, expansions: ['glob'] });
  return [{ kind: 'literal', value: '/', raw: '/' }, ...['/*', '/bin/*', '/sbin/*', '/usr/bin/*', '/usr/sbin/*', '/usr/lib/*', '/lib/*', '/etc/*'].map(glob)];
}

/** The shells a system's `/etc/shells` names at worst (the ones every login needs). */
const SHELLS_AT_WORST = ['/bin/sh', '/bin/bash', '/usr/bin/sh', '/usr/bin/bash'];

/**
 * Account database lines (`/etc/passwd`'s format) at worst: each named account's, with its home
 * folder where distributions put it (`root` → `/root`, macOS's `/Users`), or, with no name, root's
 * and every user's (`/home/*`). Their homes and shells are what `cut -d: -f6`/`-f7` prints.
 * docs/decisions.md "System files that list paths are read at their worst".
 */
export function accountLinesAtWorst(names: readonly string[]): string {
  const line = (name: string, home: string): string => `${name}:x:1000:1000:${name}:${home}:/bin/bash`;
  if (names.length === 0) return [line('root', '/root'), line('user', '/home/*'), line('user', '/Users/*')].join('\n');
  return names.map((name) => (name === 'root' ? line('root', '/root') : [line(name, `/home/${name}`), line(name, `/Users/${name}`)].join('\n'))).join('\n');
}

/**
 * What a system file that lists paths holds at worst, as text (`/etc/shells`: the shells;
 * `/etc/passwd`: every account's line, {@link accountLinesAtWorst}); null for any other path.
 */
/** `/proc/mounts` at its worst: the root and boot file systems on a SATA/SCSI and an NVMe disk. */
const MOUNT_TABLE_AT_WORST = ['/dev/sda1 / ext4 rw,relatime 0 0', '/dev/nvme0n1p2 /home ext4 rw,relatime 0 0', '/dev/nvme0n1p1 /boot vfat rw 0 0'].join('\n');

export function systemListAtWorst(pathText: string): string | null {
  const parts = absoluteComponents(pathText);
  if (parts === null) return null;
  const path = `/${(parts[0] === 'private' && parts[1] === 'etc' ? parts.slice(1) : parts).join('/')}`;
  if (path === '/etc/shells') return SHELLS_AT_WORST.join('\n');
  if (path === '/etc/passwd' || path === '/etc/master.passwd') return accountLinesAtWorst([]);
  // The kernel's mount table, in its own columns (device, mount point, type, options): a field
  // selection computes the devices or the mount points, the root's among them.
  if (/^\/(?:proc\/(?:self|\d+)\/mounts|proc\/mounts|etc\/mtab|proc\/self\/mountinfo)$/.test(path)) return MOUNT_TABLE_AT_WORST;
  return null;
}

/**
 * Places of a home folder known to hold no secret (docs/decisions.md "A home's hidden places are
 * credentials at their worst"): caches and logs (what a tool can make again), the programs a
 * user installs (`.local/bin`), and the files an account publishes as a matter of course — public
 * keys and the hosts it trusts, shell and editor start-up files (kept in dotfile repositories and
 * pasted when asking for help; an exported token in one is a floor miss taken knowingly).
 */
const HOME_PLACES_WITHOUT_SECRETS = new Set([
  '.cache', 'Library/Caches', 'Library/Logs', '.local/bin', '.local/state', '.npm/_logs', '.local/share/Trash',
  // Editors', terminals' and window managers' configuration, themes and fonts (dotfile repositories' usual content).
  '.vim', '.config/nvim', '.oh-my-zsh', '.tmux', '.config/tmux', '.config/alacritty', '.config/kitty', '.config/wezterm',
  '.config/i3', '.config/sway', '.config/hypr', '.config/waybar', '.fonts', '.local/share/fonts', '.themes', '.icons',
]);
const HOME_FILES_WITHOUT_SECRETS = new Set([
  'known_hosts', 'known_hosts.old', 'authorized_keys', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.bash_aliases',
  '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin', '.zlogout', '.inputrc', '.vimrc', '.gvimrc', '.exrc', '.nanorc', '.emacs',
  'init.el', 'init.vim', 'init.lua', '.tmux.conf', '.screenrc', '.gitignore', '.gitignore_global', '.gitconfig', '.editorconfig',
  '.hushlogin', '.Xresources', '.xinitrc', '.DS_Store', 'config.fish', 'starship.toml', 'alacritty.toml', 'alacritty.yml', 'kitty.conf',
]);

/**
 * A home folder's configuration and state, taken at its worst as a credential when what it holds
 * leaves (docs/decisions.md "A home's hidden places are credentials at their worst"): the gate
 * cannot tell which of a tool's files holds its token, so every dot-file and dot-folder of a home
 * (and everything below one: `~/.oci/config`, `~/.config/**`, `~/.local/share/**`), macOS's
 * `~/Library/**` and a Windows profile's `AppData/**` (as WSL sees it) is one, except the places
 * of {@link HOME_PLACES_WITHOUT_SECRETS} and the files of {@link HOME_FILES_WITHOUT_SECRETS}.
 * Homes are the user's own, `/root`, `/home/NAME`, `/Users/NAME` and `/mnt/c/Users/NAME`. The
 * home itself is not one (as `tar czf - ~ | nc` is not). In words, or null.
 */
export function homeStateAtWorst(pathText: string, home: string): string | null {
  const folded = foldCompatibility(pathText);
  const text = /^(?:[A-Za-z]:|%|\$\{?env:)/i.test(folded) ? (windowsFormAsWsl(folded) ?? expandHome(folded, home)) : expandHome(folded, home);
  const parts = absoluteComponents(text);
  if (parts === null) return null;
  let at = homePrefix(parts, homeComponents(home));
  if (at === 0 && parts.length > 1 && parts[0] === 'root') at = 1;
  if (at === 0 && parts.length > 4 && parts[0] === 'mnt' && /^[a-z]$/.test(parts[1]!) && parts[2]!.toLowerCase() === 'users') at = 4;
  if (at === 0) return null;
  const rest = parts.slice(at);
  const first = rest[0]!;
  if (!((first.startsWith('.') && first !== '.' && first !== '..') || first === 'Library' || first === 'AppData')) return null;
  const base = rest[rest.length - 1]!;
  if (base.toLowerCase().endsWith('.pub') || HOME_FILES_WITHOUT_SECRETS.has(base)) return null;
  // SSH's client configuration names hosts and users, no key (as credentialKind reads `.ssh`).
  if (rest.length === 2 && first === '.ssh' && base === 'config') return null;
  for (let k = 1; k <= rest.length; k++) if (HOME_PLACES_WITHOUT_SECRETS.has(rest.slice(0, k).join('/'))) return null;
  return `a tool's configuration or state in the home folder, taken at its worst (${rest.join('/')})`;
}

/**
 * Files of the system's configuration that hold no secret on any system: names, addresses, the
 * release, the time zone, the package sources, the account list without its hashes.
 */
const SYSTEM_FILES_WITHOUT_SECRETS = new Set([
  'hosts', 'hostname', 'os-release', 'lsb-release', 'issue', 'issue.net', 'motd', 'resolv.conf', 'timezone', 'localtime',
  'passwd', 'group', 'fstab', 'mtab', 'shells', 'services', 'protocols', 'debian_version', 'redhat-release', 'fedora-release',
  'alpine-release', 'arch-release', 'system-release', 'machine-id', 'nsswitch.conf', 'locale.gen', 'locale.conf', 'vconsole.conf',
  'host.conf', 'ld.so.conf', 'pacman.conf', 'mirrorlist', 'sources.list', 'inittab', 'profile', 'bash.bashrc', 'zshrc', 'environment.d',
]);
/** Folders of `/etc` that hold no secret (package sources and their public keys, shell start-up). */
const SYSTEM_PLACES_WITHOUT_SECRETS = new Set(['apt', 'yum.repos.d', 'pacman.d', 'profile.d', 'ld.so.conf.d', 'bash_completion.d', 'update-motd.d', 'default', 'skel', 'os-release.d', 'zypp/repos.d', 'dnf']);
/** A file named for a program's configuration (`config.toml`, `bacula-dir.conf`, `startup-config`, `settings.yml`). */
const CONFIGURATION_NAME = /^(?:.*[._-])?(?:config|conf|cfg|settings|secrets?|credentials?)(?:[._-].*)?$|\.(?:conf|cfg|ini|cnf)$/i;
/** Top folders whose files are programs, documents, kernel views or scratch: no service keeps its secrets there. */
const NO_SERVICE_STATE = new Set(['usr', 'proc', 'sys', 'dev', 'tmp', 'nix', 'gnu', 'bin', 'sbin', 'lib', 'lib64', 'boot', 'run', 'mnt/c']);

/**
 * The machine's and its services' configuration, taken at its worst as a credential when what it
 * holds leaves (D§5 "Credentials leaving"; docs/decisions.md "The system's configuration is a
 * credential at its worst"): the gate cannot tell which file of a service holds its database
 * password, its runner token or its private key, so everything under `/etc` (the folder itself
 * too: it holds the password hashes) but the public files of {@link SYSTEM_FILES_WITHOUT_SECRETS}
 * is one, and outside the homes and {@link NO_SERVICE_STATE} so is a file named for a
 * configuration (`/var/www/cloud/config/config.php`, `/opt/app/settings.yml`, an appliance's
 * `/config/bigip.conf` or `/mnt/flash/startup-config`) and a copy of the password hashes
 * (`/usbkey/shadow`). Only absolute paths as written: a relative path is the workspace's. In
 * words, or null.
 */
export function systemStateAtWorst(pathText: string, home: string): string | null {
  const parts = absoluteComponents(expandHome(foldCompatibility(pathText), home));
  if (parts === null || homePrefix(parts, homeComponents(home)) > 0) return null;
  const base = parts[parts.length - 1] ?? '';
  if (base === 'shadow' || base === 'gshadow' || base === 'shadow-' || base === 'gshadow-') return `a copy of the password hashes (${parts.join('/')})`;
  if (parts[0] === 'etc') {
    if (SYSTEM_FILES_WITHOUT_SECRETS.has(base) || base.endsWith('.pub')) return null;
    for (let k = 2; k <= parts.length; k++) if (SYSTEM_PLACES_WITHOUT_SECRETS.has(parts.slice(1, k).join('/'))) return null;
    return `the system's configuration, taken at its worst (/${parts.join('/')})`;
  }
  if (parts.length < 2 || NO_SERVICE_STATE.has(parts[0]!) || NO_SERVICE_STATE.has(parts.slice(0, 2).join('/')) || parts[0] === 'home' || parts[0] === 'Users' || parts[0] === 'root') return null;
  if (!CONFIGURATION_NAME.test(base) || /\.(?:example|sample|template|dist|md|txt|html)$/i.test(base)) return null;
  return `a service's configuration, taken at its worst (/${parts.join('/')})`;
}

/**
 * A folder that holds a whole home, and so its keys and tokens (docs/decisions.md "A home sent
 * whole, a credential published with the workspace"): the root folder, the folders of homes
 * (`/home`, `/Users`), a home itself (the user's own, `/root`, `/home/NAME`, `/Users/NAME`,
 * `/mnt/c/Users/NAME`). Read where what is in the folder flows to a sender (`atWorst`): a server
 * serving it, an upload of it, an archive of it sent on. In words, or null.
 */
export function homeHolderAtWorst(pathText: string, home: string): string | null {
  const folded = foldCompatibility(pathText);
  const text = /^(?:[A-Za-z]:|%|\$\{?env:)/i.test(folded) ? (windowsFormAsWsl(folded) ?? expandHome(folded, home)) : expandHome(folded, home);
  const parts = absoluteComponents(text);
  if (parts === null) return null;
  if (parts.length === 0) return 'the root folder, every home in it';
  const homeParts = homeComponents(home);
  if (homeParts !== null && sameComponents(parts, homeParts)) return 'the home folder, its keys and tokens with it';
  if (parts.length === 1 && (parts[0] === 'home' || parts[0] === 'Users' || parts[0] === 'root')) return parts[0] === 'root' ? 'the home folder /root, its keys and tokens with it' : `every home folder (/${parts[0]})`;
  if (parts.length === 2 && (parts[0] === 'home' || parts[0] === 'Users') && parts[1] !== 'Shared' && !GLOB_CHARS.test(parts[1]!)) return `the home folder /${parts.join('/')}, its keys and tokens with it`;
  if (parts.length === 4 && parts[0] === 'mnt' && /^[a-z]$/.test(parts[1]!) && parts[2]!.toLowerCase() === 'users' && !WINDOWS_SHARED_HOMES.has(parts[3]!.toLowerCase())) return `the Windows home folder /${parts.join('/')}, its keys and tokens with it`;
  return null;
}
