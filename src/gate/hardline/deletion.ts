/**
 * Arm `recursive-delete-root`: `rm -r`/`rimraf` of the root, a system folder or the home folder,
 * `find` that deletes everything below such a folder, and `rsync --delete` into one.
 */
import { landingPaths, type PathPlace } from '../programs/pathResolver';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { hasOption, literalText, operands, readByRow } from './commandName';
import { criticalFilesNamed, protectedFoldersNamed } from './criticalNames';
import { criticalFileTarget, deletionTarget, everyFileBelowTarget, moveTarget, wordPathText } from './paths';
import { BASH_PATTERN, globMatch } from '../reading/globMatch';
import { FILE_DELETERS, readFind, searchedEntries } from '../programs/find';
import { credentialStarts } from './searchedCredentials';

/** Re-checks a command built from another (find's `-exec` with `{}` filled in). */
export interface Rechecker {
  recheck(argv: Word[]): HardlineFinding | null;
}

/**
 * The words a brace group of a word the resolver keeps opaque may make, at its worst: the resolver
 * unfolds only plain brace words exactly (reading/braces.ts), so `"${HOME:?}"/{*,.*}` stays one
 * word, which the floor reads as each of `"${HOME:?}"/*` and `"${HOME:?}"/.*`. An unquoted group
 * with a comma and no dollar sign, brace, quote, backslash or backquote inside; the first such
 * group only, at most 16 words.
 */
function braceAlternatives(word: Word): Word[] {
  if (word.kind !== 'opaque' || !word.raw.includes('{')) return [word];
  let quote: string | null = null;
  for (let i = 0; i < word.raw.length; i++) {
    const c = word.raw[i]!;
    if (c === '\\' && quote !== "'") {
      i++;
      continue;
    }
    if (quote !== null) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      continue;
    }
    if (c !== '{' || word.raw[i - 1] === '$') continue;
    const group = /^\{([^{}'"$`\\]*,[^{}'"$`\\]*)\}/.exec(word.raw.slice(i));
    if (group === null) continue;
    const parts = group[1]!.split(',');
    if (parts.length > 16) return [word];
    return parts.map((part) => ({ ...word, raw: word.raw.slice(0, i) + part + word.raw.slice(i + group[0].length) }));
  }
  return [word];
}

export function checkRemove(name: string, given: readonly Word[], place: PathPlace): HardlineFinding | null {
  const args = given.flatMap(braceAlternatives);
  // rm reads options anywhere before `--` (GNU getopt permutes), so scan every word.
  let recursive = name === 'rimraf';
  let optionsEnded = false;
  const targets: Word[] = [];
  for (let k = 0; k < args.length; k++) {
    const word = args[k]!;
    const text = literalText(word);
    if (text === null) {
      if (optionsEnded || !word.raw.startsWith('-')) targets.push(word);
      continue;
    }
    if (optionsEnded || !text.startsWith('-') || text === '-') {
      targets.push(word);
    } else if (text === '--') {
      optionsEnded = true;
    } else if (text.startsWith('--')) {
      const option = text.slice(2).split('=')[0]!;
      if (option !== '' && 'recursive'.startsWith(option)) recursive = true;
    } else if (text.indexOf('r', 1) !== -1 || text.indexOf('R', 1) !== -1) {
      // An `r` or `R` in a cluster (`-rf`, `-fR`), looked for without slicing off the dash.
      recursive = true;
    }
  }
  if (!recursive) return checkCriticalFiles(name, targets, place) ?? checkLinkRemoval(name, targets, place);
  for (let k = 0; k < targets.length; k++) {
    const target = targets[k]!;
    const what = deletionTarget(target, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `${name} -r on ${what}`);
  }
  // `-r` deletes files too: `rm -rf /usr/lib/*/libc.so*` reaches the C library as `rm -f` would.
  return checkCriticalFiles(`${name} -r`, targets, place);
}

/**
 * `rm -f /etc/passwd`, `unlink /lib64/ld-linux-x86-64.so.2`, `shred -u /etc/shadow`: a file the
 * machine cannot do without; and every file below a catastrophic folder, one by one (`rm -f ~/**`).
 */
export function checkCriticalFiles(name: string, targets: readonly Word[], place: PathPlace): HardlineFinding | null {
  for (const target of targets) {
    const what = criticalFileTarget(target, place) ?? everyFileBelowTarget(target, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `${name} on ${what}`);
  }
  return null;
}

/**
 * `rm /bin`, `unlink /lib64`, `rm -f /*`: without `-r` a folder is not removed, but a link is, and
 * on a merged-/usr system (Debian 12, Ubuntu, Fedora, Arch) `/bin`, `/sbin` and `/lib*` are links
 * into `/usr`: removing one takes every program or library from where the system looks for it
 * (docs/decisions.md "A merged-/usr folder's name is a link"). Other system folders are real
 * folders, and `rm /etc` fails on them (macOS's `/etc` link is on its read-only system volume).
 */
function checkLinkRemoval(name: string, targets: readonly Word[], place: PathPlace): HardlineFinding | null {
  for (const target of targets) {
    const what = mergedUsrLink(target, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `${name} on ${what}, a link to its folder in /usr on a merged-/usr system`);
  }
  return null;
}

/** The top-level links of a merged /usr. */
const MERGED_USR_LINKS = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];

/** The merged-/usr link a word names (`/bin`, `../../lib64` from a known folder) or may match as a glob (`/*`, `/l*`), or null. */
function mergedUsrLink(word: Word, place: PathPlace): string | null {
  if (word.kind !== 'literal') {
    if (!word.expansions.every((expansion) => expansion === 'glob')) return null;
    const text = wordPathText(word);
    const match = /^\/+([^/]+)$/.exec(text);
    const link = match === null ? undefined : MERGED_USR_LINKS.find((name) => globMatch(match[1]!, name, BASH_PATTERN));
    return link === undefined ? null : `/${link} (${JSON.stringify(text)} matches it)`;
  }
  for (const path of landingPaths(word.value, place, false).paths) {
    const match = /^\/([^/]+)$/.exec(path);
    if (match !== null && MERGED_USR_LINKS.includes(match[1]!)) return `/${match[1]!}`;
  }
  return null;
}

/** The operands of `unlink`, `shred`, `truncate`, read with their rows' grammars; `unlink` removes links. */
export function checkFileDestroyers(name: string, args: readonly Word[], place: PathPlace): HardlineFinding | null {
  const targets = (readByRow(name, args)?.operands ?? operands(args)).flatMap(braceAlternatives);
  return checkCriticalFiles(name, targets, place) ?? (name === 'unlink' ? checkLinkRemoval(name, targets, place) : null);
}

/**
 * `mv /etc /tmp/e`, `mv ~ /tmp/x`: moving a folder away is deleting it from where the machine
 * looks for it; `mv x /etc/passwd` replaces a critical file.
 */
export function checkMove(args: readonly Word[], place: PathPlace): HardlineFinding | null {
  const reading = readByRow('mv', args);
  const operandsRead = reading?.operands ?? operands(args);
  const intoFolder = reading !== null && hasOption(reading, '-t', '--target-directory');
  const sources = intoFolder ? operandsRead : operandsRead.slice(0, -1);
  for (const source of sources) {
    const what = moveTarget(source, place) ?? criticalFileTarget(source, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `mv of ${what}`);
  }
  const destination = intoFolder || operandsRead.length < 2 ? undefined : operandsRead[operandsRead.length - 1];
  const replaced = destination === undefined ? null : criticalFileTarget(destination, place);
  return replaced === null ? null : hardlineFinding('recursive-delete-root', `mv over ${replaced}`);
}

/**
 * `find / -delete`, `find ~ -exec rm -rf {} +`: the starting folder itself is the first thing
 * find visits, so an unfiltered delete or `-exec` reaches it. A test before the action (`-name`,
 * `-mtime`, …) narrows what is deleted, and the command is left to the other layers. The line is
 * read by the one reader of find's grammar (programs/find.ts), so a value is never taken for a
 * primary (`-name -delete`) nor a primary for a value.
 */
export function checkFind(args: readonly Word[], place: PathPlace, rechecker: Rechecker): HardlineFinding | null {
  const reading = readFind(args);
  const starts: Array<{ word: Word; what: string }> = [];
  for (const word of reading.startPoints) {
    const what = deletionTarget(word, place);
    if (what !== null) starts.push({ word, what });
  }
  const named = new NamedCriticalFiles(reading, place);
  const credentials = credentialStarts(reading.startPoints, place);
  if (starts.length === 0 && !named.possible && credentials.length === 0) return null;
  let unfiltered = true;
  // `-maxdepth N` (where it stands in the line does not matter to find): how deep `{}` reaches.
  let maxDepth: number | null = null;
  // `! -name home`, `-not ( -path … )`: a negated test keeps everything but what it names, so at its
  // worst it narrows nothing (`find ~ -mindepth 1 ! -name .ssh -delete` empties the home folder).
  // `negatedDepth` counts the open parentheses of a negated group; its actions still act.
  let negateNext = false;
  let negatedDepth = 0;
  for (const item of reading.expression) {
    if (item.name === '!' || item.name === '-not') {
      negateNext = true;
      continue;
    }
    const negated = negateNext || negatedDepth > 0;
    negateNext = false;
    if (negated && item.name === '(') {
      negatedDepth++;
      continue;
    }
    if (negatedDepth > 0 && item.name === ')') {
      negatedDepth--;
      continue;
    }
    if (negated && item.kind === 'test') continue;
    if (item.name === '-delete') {
      if (unfiltered && starts.length > 0) return hardlineFinding('recursive-delete-root', `find -delete on ${starts[0]!.what}`);
      const files = named.files();
      if (files.length > 0) return hardlineFinding('recursive-delete-root', `find -delete of the system file ${files[0]} (its name test matches it)`);
      continue;
    }
    if (named.read(item, unfiltered)) {
      unfiltered = false;
      continue;
    }
    if (item.kind === 'executor') {
      for (const file of named.entries()) {
        const found = rechecker.recheck(item.values.map((word) => fillPlaceholder(word, { kind: 'literal', value: file, raw: file })));
        if (found !== null) return found;
      }
      for (const start of credentials) {
        const found = rechecker.recheck(item.values.map((word) => fillPlaceholder(word, start)));
        if (found !== null) return found;
      }
      if (!unfiltered || item.values.length === 0) continue;
      const program = literalText(item.values[0]);
      const base = program === null ? null : program.slice(program.lastIndexOf('/') + 1);
      // A deleter of files given everything below the start deletes every file there, `-type f` or not.
      if (starts.length > 0 && base !== null && FILE_DELETERS.has(base)) {
        return hardlineFinding('recursive-delete-root', `find ${item.name} ${base} on every file under ${starts[0]!.what}`);
      }
      // `{}` is the starting folder first, then everything under it (docs/decisions.md "A search's
      // `{}` is read at its worst"): `find /etc -exec truncate -s 0 {} +` reaches /etc/passwd.
      for (const start of starts) {
        for (const entry of searchedEntries(start.word, maxDepth)) {
          const found = rechecker.recheck(item.values.map((word) => fillPlaceholder(word, entry)));
          if (found !== null) return found;
        }
      }
      continue;
    }
    if (item.name === '-maxdepth') {
      const depth = Number(literalText(item.values[0]) ?? 'NaN');
      if (Number.isInteger(depth) && depth >= 0) maxDepth = Math.min(maxDepth ?? depth, depth);
      continue;
    }
    if (item.name === '-o' || item.name === '-or' || item.name === ',') {
      // The right side of -or sees everything the left side rejected (almost everything), and
      // the right side of `,` sees everything.
      unfiltered = true;
      named.drop();
      continue;
    }
    // `-type f` keeps every file: `find ~ -type f -delete` still empties the home folder.
    if (item.name === '-type' && /f/.test(literalText(item.values[0]) ?? '')) {
      named.typed(literalText(item.values[0]) ?? '');
      continue;
    }
    if (item.passesAll || FIND_PASS_THROUGH.has(item.name)) continue;
    // `-type l` keeps the loader's links (`/lib64/ld-linux-x86-64.so.2` is one).
    if (!(item.name === '-type' && /l/.test(literalText(item.values[0]) ?? ''))) named.drop();
    unfiltered = false;
  }
  return null;
}

/**
 * find's name tests read at their worst for the critical files (docs/decisions.md "A name test is
 * no narrowing for the critical files it matches"): while nothing but `-name`/`-iname` (and tests
 * that keep files) narrowed the search, the critical files under a literal starting point whose
 * names match every such test are what `-delete` deletes and what `{}` is.
 */
class NamedCriticalFiles {
  private readonly roots: string[];
  private readonly maxDepth: number | null;
  private readonly home: string | undefined;
  private tests: Array<{ pattern: string; ignoreCase: boolean }> | null = null;
  /** `-type f` or `-type l` keeps only files and links: no folder is printed or handed on. */
  private filesOnly = false;

  /** `place`: inside a container, a starting point counts where its bind lands it too (`-v /boot:/b … find /b -name 'vmlinuz*' -delete`). */
  constructor(reading: ReturnType<typeof readFind>, place?: PathPlace) {
    const written = reading.startPoints.map((word) => literalText(word)).filter((text): text is string => text !== null && text.startsWith('/'));
    const landed = place?.mounts === undefined ? [] : written.flatMap((text) => landingPaths(text, { ...place, disk: false }, false).paths);
    this.roots = [...new Set([...written, ...landed])];
    const depths = reading.expression.filter((item) => item.name === '-maxdepth').map((item) => Number(literalText(item.values[0]) ?? 'NaN'));
    this.maxDepth = depths.length > 0 && depths.every((depth) => Number.isInteger(depth) && depth >= 0) ? Math.min(...depths) : null;
    this.home = place?.home;
  }

  /** Whether a name test could reach a critical file at all (a literal absolute starting point). */
  get possible(): boolean {
    return this.roots.length > 0;
  }

  /** Takes a `-name`/`-iname` test (true), or leaves the item to the caller (false). */
  read(item: { name: string; values: readonly Word[] }, unfiltered: boolean): boolean {
    if (item.name !== '-name' && item.name !== '-iname') return false;
    const pattern = literalText(item.values[0]);
    if (pattern === null || (!unfiltered && this.tests === null)) {
      this.tests = null;
      return false;
    }
    this.tests = [...(unfiltered ? [] : this.tests ?? []), { pattern, ignoreCase: item.name === '-iname' }];
    return true;
  }

  /** Something else narrowed the search (or `-o` began a new branch): no name-only reading. */
  drop(): void {
    this.tests = null;
  }

  /** A `-type` test that keeps no folder (`f`, `l`, `fl`). */
  typed(letters: string): void {
    if (/^[fl,]+$/.test(letters)) this.filesOnly = true;
  }

  files(): string[] {
    const tests = this.tests;
    if (tests === null) return [];
    return this.roots.flatMap((root) => criticalFilesNamed(root, tests, this.maxDepth));
  }

  /**
   * The critical files and, unless only files are kept, the protected folders the name tests
   * match (`find / -maxdepth 1 -name 'u*' -exec rm -rf {} +` reaches `/usr`): what `{}` and the
   * printed paths are at worst. `-delete` removes no folder that still holds files, so it reads
   * {@link files} alone.
   */
  entries(): string[] {
    const tests = this.tests;
    if (tests === null) return [];
    const folders = this.filesOnly ? [] : this.roots.flatMap((root) => protectedFoldersNamed(root, tests, this.maxDepth, this.home));
    return [...this.files(), ...folders];
  }
}

/**
 * The critical files a `find` that only prints prints at worst (docs/decisions.md "A name test is
 * no narrowing for the critical files it matches"): while nothing but name tests, `-type f`/`-type
 * l`, `-maxdepth` and printing actions narrow it, those its name tests match under a literal
 * absolute starting point (`find /etc -name '*.conf' | xargs shred -u` prints /etc/nsswitch.conf).
 * Empty for any other expression, and when no name test is given (the lister's own worst).
 */
export function findPrintedCriticalFiles(args: readonly Word[]): Word[] {
  const reading = readFind(args);
  const named = new NamedCriticalFiles(reading);
  if (!named.possible) return [];
  let unfiltered = true;
  let negated = false;
  for (const item of reading.expression) {
    // A negated test keeps everything but what it names: at worst it narrows nothing (`! -name .`).
    if (item.name === '!' || item.name === '-not') {
      negated = true;
      continue;
    }
    if (negated) {
      negated = false;
      if (item.kind === 'test') continue;
      return [];
    }
    if (named.read(item, unfiltered)) {
      unfiltered = false;
      continue;
    }
    if (item.name === '-maxdepth' || item.name === '-print' || item.name === '-print0' || item.passesAll || FIND_PASS_THROUGH.has(item.name)) continue;
    if (item.name === '-type' && /^[fl]$/.test(literalText(item.values[0]) ?? '')) {
      named.typed(literalText(item.values[0]) ?? '');
      continue;
    }
    return [];
  }
  return named.entries().map((file): Word => ({ kind: 'literal', value: file, raw: file }));
}


/** Operators that neither filter nor act: `-a` and grouping. */
const FIND_PASS_THROUGH = new Set(['-a', '-and', '(', ')']);

/** find replaces `{}` with the path it visits; the first visit is the starting folder. */
function fillPlaceholder(word: Word, start: Word): Word {
  if (word.kind !== 'literal' || !word.value.includes('{}')) return word;
  if (word.value === '{}') return start;
  if (start.kind !== 'literal') return { kind: 'opaque', raw: word.value.split('{}').join(start.raw), expansions: start.expansions };
  const value = word.value.split('{}').join(start.value);
  return { kind: 'literal', value, raw: value };
}

/** `rsync --delete SRC DEST` empties DEST of everything SRC lacks (`rsync -a --delete empty/ /`). */
export function checkRsyncDelete(args: readonly Word[], place: PathPlace): HardlineFinding | null {
  const deletes = args.some((word) => {
    const text = literalText(word);
    return text !== null && (text === '--del' || text.startsWith('--delete'));
  });
  if (!deletes) return null;
  const rest = operands(args);
  const destination = rest[rest.length - 1];
  if (destination === undefined || rest.length < 2) return null;
  const text = literalText(destination) ?? destination.raw;
  if (/^[^/]*:/.test(text)) return null; // a remote destination
  const what = deletionTarget(destination, place);
  return what === null ? null : hardlineFinding('recursive-delete-root', `rsync --delete into ${what}`);
}

/**
 * lsyncd(1) from the command line (docs/decisions.md "lsyncd mirrors with delete"): `-rsync SOURCE
 * TARGET` and `-direct SOURCE TARGET` keep TARGET a mirror of SOURCE, and lsyncd's default sync
 * passes `delete = true` (rsync's `--delete`): what SOURCE lacks is deleted from TARGET, all of it
 * from an empty source. TARGET is read as `rsync --delete`'s destination; `-rsyncssh SOURCE HOST
 * DIR` mirrors onto another machine.
 */
export function checkLsyncdMirror(args: readonly Word[], place: PathPlace): HardlineFinding | null {
  for (let k = 0; k + 2 < args.length; k++) {
    const text = literalText(args[k]!);
    if (text === null || !/^--?(?:rsync|direct)$/.test(text)) continue;
    const target = args[k + 2]!;
    const targetText = literalText(target) ?? target.raw;
    if (/^[^/]*:/.test(targetText)) continue; // a remote target
    const what = deletionTarget(target, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `lsyncd ${text} mirrors (with delete) into ${what}`);
  }
  return null;
}

/**
 * Windows' `rd /s` (`rmdir /s`) and `del /s` (`erase /s`), run through `cmd.exe` from WSL or Git
 * Bash: a recursive deletion of a drive, a Windows system folder or a home folder (the same targets
 * as rm's, Windows paths read as WSL sees them). Switches are case-insensitive; `/s` is needed.
 */
export function checkWindowsRemove(name: string, args: readonly Word[], place: PathPlace): HardlineFinding | null {
  const texts = args.map(literalText);
  if (!texts.some((text) => text !== null && /^\/s$/i.test(text))) return null;
  for (const word of args) {
    const text = literalText(word);
    if (text !== null && text.startsWith('/') && text.length <= 3 && !text.includes('/', 1)) continue;
    const what = deletionTarget(word, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `${name} /s on ${what}`);
  }
  return null;
}
