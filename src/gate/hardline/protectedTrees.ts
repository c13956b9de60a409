/**
 * System trees, home folders and critical files on positive knowledge (D§5; docs/decisions.md
 * "Protected roots: what a row knows it writes, and unknown programs with a destructive word"):
 * - a program the table cannot place (no row, or words its row cannot place) given a protected
 *   root (the root, a system folder or a folder right in one, a home folder or everything in it, a
 *   critical file) together with a destructive word (`delete`, `remove`, `wipe`, `--delete`, …) is a
 *   deletion of it; the same program merely given the root (`ncdu /`, `dust ~`) is not refused;
 * - what a row knows a command writes (its writer forms, the segment's write targets) replacing,
 *   truncating or overwriting a critical file (`cp /dev/null /etc/shadow`, `tee /etc/passwd`,
 *   `ln -sf /dev/null /etc/passwd`, `sort -o /etc/passwd`); an output redirect that truncates one
 *   (`: > /etc/shadow`);
 * - `setfacl -R` of the root or a system folder; `chmod` that takes the execute bits from the
 *   loader, a critical program or a program folder (`chmod a-x /usr/bin/*`); the sudoers file made
 *   writable to others or given away (sudo then refuses to run);
 * - a command that deletes an account with its home folder, as its row says (`removesHome`:
 *   `userdel -r`, `deluser --remove-home`, `pw userdel -r`).
 */
import { appendsByRow, commandLevels, runsCommand } from '../programs/commandLevels';
import { METADATA_CHANGES, type Form } from '../programs/row';
import { hasOption } from '../programs/grammar';
import { landingPaths, type PathPlace } from '../programs/pathResolver';
import { leavesWordsUnplaced, rowFor } from '../programs/table';
import { rowRemovals } from '../programs/removals';
import type { SegmentRecord } from '../programs/segmentRecord';
import { writeTargets } from '../programs/writeTargets';
import type { Redirect, Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { checkEssentialRemoval } from './essentialPackages';
import { checkAclOwnerAccess } from './permissions';
import { aclTakesOthersRead, readByEveryone, takesOthersRead, takesOwnerRead } from './readRights';
import { commandName, literalText, operands, readByRow } from './commandName';
import { criticalFileTarget, deletionTarget, permissionTarget, programTarget, wordPathText } from './paths';

/**
 * Words that say a command deletes what it is given (compared as tokens of a word: `--delete-after`,
 * `-deleteUser`, `remove`, the program's own name `wipe`). `srm` is the secure `rm`; `reset` puts
 * what it is given back to nothing (`kubeadm reset --cert-dir=/etc` empties that folder); `trash`,
 * `recycle`, `move` and `mv` take it away from where the machine looks for it (`gio trash ~`).
 * `absent` is the configuration tools' declared state of a thing deleted (`__directory /etc
 * --state absent` in a cdist manifest, `ensure => absent`): docs/decisions.md "A loader's `-`".
 */
const DESTRUCTIVE_WORDS = new Set(['delete', 'del', 'remove', 'rm', 'srm', 'rmdir', 'wipe', 'purge', 'destroy', 'erase', 'truncate', 'shred', 'clean', 'unlink', 'nuke', 'zap', 'obliterate', 'reset', 'trash', 'recycle', 'move', 'mv', 'absent',
  // The agent nouns of the same verbs, as programs name themselves (`Eraser.exe`, `FileShredder.exe`, `DiskWiper`).
  'eraser', 'shredder', 'wiper', 'remover', 'deleter', 'destroyer']);

/** The tokens of a word: split at dashes, underscores, dots, `=`, `:`, `/`, blanks and lower-to-upper case changes. */
export function tokens(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[-_.=:/\s,]+/);
}

export function hasDestructiveWord(words: readonly Word[], name: string): boolean {
  if (tokens(name).some((token) => DESTRUCTIVE_WORDS.has(token))) return true;
  // The program as written, its case kept (`FileShredder.exe`: `file`, `shredder`).
  const program = literalText(words[0]);
  if (program !== null && tokens(program.slice(Math.max(program.lastIndexOf('/'), program.lastIndexOf('\\')) + 1)).some((token) => DESTRUCTIVE_WORDS.has(token))) return true;
  for (let k = 1; k < words.length; k++) {
    const text = literalText(words[k]);
    if (text !== null && text.length <= 64 && tokens(text).some((token) => DESTRUCTIVE_WORDS.has(token))) return true;
  }
  return false;
}

/** A protected root a word names (the word, or the value of `--opt=VALUE`), in words, or null. */
function protectedRoot(word: Word, place: PathPlace): string | null {
  const what = deletionTarget(word, place) ?? criticalFileTarget(word, place);
  if (what !== null || word.kind !== 'literal') return what;
  const eq = word.value.indexOf('=');
  if (eq <= 0 || !word.value.startsWith('-')) return null;
  const value = word.value.slice(eq + 1);
  const inner: Word = { kind: 'literal', value, raw: value };
  return deletionTarget(inner, place) ?? criticalFileTarget(inner, place);
}

/** The program has no row (or is only known at run time), or its row cannot place every word (table.ts `leavesWordsUnplaced`). */
export function unplaced(command: SegmentRecord, name: string | undefined): boolean {
  if (name === undefined || rowFor(name) === null) return true;
  return leavesWordsUnplaced(command.forms);
}

/** The checks of this file on one argv (wrappers peeled; `command`: its record). */
export function checkProtectedTrees(command: SegmentRecord, place: PathPlace): HardlineFinding | null {
  const argv = command.argv;
  const name = commandName(argv[0])?.name;
  if (argv.length < 2 || name === undefined) return null;
  return checkUnknownDeleter(command, name, place) ?? checkRowWrites(command, name, place) ?? checkAccessRights(argv, name, place) ?? checkRowRemovals(argv, name, place) ?? checkEssentialRemoval(argv, name);
}

/** An unplaced program given a protected root and a destructive word (`wipe -rf /root`, `dscl . -delete /Users/dev`). */
function checkUnknownDeleter(command: SegmentRecord, name: string, place: PathPlace): HardlineFinding | null {
  const argv = command.argv;
  if (!unplaced(command, name) || !hasDestructiveWord(argv, name)) return null;
  // A runner's command (`docker run $IMG rm -rf /`) is judged as the command it is, where it runs.
  const row = rowFor(name);
  if (row !== null && runsCommand(commandLevels(row, argv))) return null;
  for (let k = 1; k < argv.length; k++) {
    const what = protectedRoot(argv[k]!, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `${name}, a program the gate cannot read, given ${what} with a destructive word`);
  }
  return null;
}

/** The paths inside a writer form's value: the value, and each absolute path after a blank, `=`, `:` or `,` (`OPEN:/etc/fstab,trunc`, `.output /etc/passwd`). */
function pathsInValue(value: string): string[] {
  const out = [value];
  for (const match of value.matchAll(/[\s=:,](\/[^\s,:]*)/g)) out.push(match[1]!);
  return out;
}

/**
 * What the row knows the command writes, when it replaces or truncates a critical file: the segment's
 * write targets (`cp`, `ln`, `install`, `tee`, `dd of=`) and the values of its writer forms
 * (`sort -o`, `openssl -out`, `socat OPEN:…`). Editing in place (`sed -i`) and appending (`tee -a`) keep
 * the file's content and are left to the other layers.
 */
function checkRowWrites(command: SegmentRecord, name: string, place: PathPlace): HardlineFinding | null {
  const row = rowFor(name);
  if (row === null) return null;
  const argv = command.argv;
  if (appendsByRow(row, argv)) return null;
  const texts: Array<{ text: string; via: string }> = [];
  // Writers of a file's rights, owner or times, not its content (their arm is checkAccessRights), and
  // editors of an entry inside it that keep the rest (`chsh -s`): the rows' `changes`.
  const keepsContent = (form: Form): boolean => form.role === 'writer' && form.changes !== undefined && (METADATA_CHANGES.has(form.changes) || form.changes === 'edits');
  const metadata = new Set(command.forms.forms.flatMap((form) => (keepsContent(form) ? [form.program, `${form.program} ${form.trigger}`] : [])));
  // What the program writes, its redirects left out (those are checkRedirectedFiles'), read with the record's wrappers and forms.
  for (const write of writeTargets({ argv: argv as Word[], assignments: [], redirects: [], connector: null, negated: false, timed: false, raw: '' }, command)) {
    if (write.path === null || write.via.startsWith('sed -i') || metadata.has(write.via) || (write.scope !== undefined && write.scope !== 'file')) continue;
    texts.push({ text: write.path, via: write.via });
  }
  // Options whose value names a file the program writes (`sort -o`, `openssl -out`,
  // `sqlite3 -cmd '.output F'`). Operands are the write targets' business above: a row's operand
  // writer may only read some of them (`socat -u A B` reads A), and chown's write no content.
  for (const form of command.forms.forms) {
    if (form.role !== 'writer' || form.value === null || !form.trigger.startsWith('-') || keepsContent(form)) continue;
    // A reader that hands the option word itself as the value (`sort -o F`): the word after it.
    const value = form.value.raw === form.trigger ? argv[form.index + 1] : form.value;
    if (value === undefined || value.kind !== 'literal') continue;
    for (const text of pathsInValue(value.value)) texts.push({ text, via: `${form.program} ${form.trigger}` });
  }
  for (const { text, via } of texts) {
    const what = criticalFileTarget({ kind: 'literal', value: text, raw: text }, place);
    // A package database put back from its own backup (`cp /var/lib/dpkg/status-old …/status`) is the documented repair.
    if (what !== null && !what.startsWith('the package database')) return hardlineFinding('recursive-delete-root', `${via} overwrites ${what}`);
  }
  return null;
}

/** An output redirect that truncates a critical file (`: > /etc/shadow`, `cat /dev/null > /etc/sudoers`); appending (`>>`) is left alone. */
export function checkRedirectedFiles(redirects: readonly Redirect[], place: PathPlace): HardlineFinding | null {
  for (let k = 0; k < redirects.length; k++) {
    const redirect = redirects[k]!;
    if (redirect.op !== '>' && redirect.op !== '>|' && redirect.op !== '&>' && redirect.op !== '>&') continue;
    const what = criticalFileTarget(redirect.target, place);
    if (what !== null) return hardlineFinding('recursive-delete-root', `a redirect (${redirect.op}) truncates ${what}`);
  }
  return null;
}

/** A chmod mode that takes execute (or, with `setuid`, set-user-ID) rights from the owner. */
function takesRun(mode: string, setuid: boolean): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) {
    const digits = mode.padStart(4, '0');
    return (Number(digits[1]) & 1) === 0 || (setuid && (Number(digits[0]) & 4) === 0);
  }
  for (const clause of mode.split(',')) {
    const match = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (match === null) continue;
    const [, who, op, perms] = match as unknown as [string, string, string, string];
    const owner = who === '' || who.includes('u') || who.includes('a');
    if (!owner) continue;
    if (op === '-' && (perms.includes('x') || (setuid && perms.includes('s')))) return true;
    if (op === '=' && (!perms.includes('x') || (setuid && !perms.includes('s')))) return true;
  }
  return false;
}

/** A mode that lets others than root write the file (group or other `w`). */
function othersWrite(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) {
    const digits = mode.padStart(4, '0');
    return (Number(digits[2]) & 2) !== 0 || (Number(digits[3]) & 2) !== 0;
  }
  return mode.split(',').some((clause) => /^([ugoa]*)[+=]([rwxXst]*)$/.test(clause) && /w/.test(clause.split(/[+=]/)[1]!) && !/^u+[+=]/.test(clause));
}

const SUDOERS = '/etc/sudoers';

/**
 * Rights that leave the machine unusable: `setfacl -R` of the root or a system folder; `chmod` taking
 * the execute bits from a program the machine runs (`chmod a-x /usr/bin/*`, `chmod u-s /usr/bin/sudo`);
 * the sudoers file made writable to others, or owned by another than root.
 */
function checkAccessRights(argv: readonly Word[], name: string, place: PathPlace): HardlineFinding | null {
  const args = argv.slice(1);
  if (name === 'setfacl') {
    const reading = readByRow(name, args);
    const taken = reading?.options.find((option) => ['m', 's', 'modify', 'set'].includes(option.key) && aclTakesOthersRead(literalText(option.value ?? undefined) ?? ''));
    const everyone = taken === undefined ? undefined : reading!.operands.map((word) => readByEveryone(wordPathText(word))).find((what) => what !== null);
    if (everyone !== undefined && everyone !== null) return hardlineFinding('recursive-chmod-root', `setfacl ${taken!.name} takes reading from ${everyone}`);
    if (reading === null || !hasOption(reading, 'R', 'recursive')) return null;
    for (const target of reading.operands) {
      const what = permissionTarget(target, place);
      if (what !== null) return hardlineFinding('recursive-chmod-root', `setfacl -R on ${what}`);
    }
    return checkAclOwnerAccess(reading, place);
  }
  if (name !== 'chmod' && name !== 'chown' && name !== 'chgrp') return null;
  // chmod's mode may start with a dash (`chmod -x FILE`): only its own flags are options.
  const words = name === 'chmod' ? args.filter((word) => !/^-(?:[Rcfv]+|-.*)$/.test(literalText(word) ?? '')) : operands(args);
  const first = literalText(words[0]);
  if (first === null) return null;
  for (const target of words.slice(1)) {
    const written = wordPathText(target);
    // A relative operand is read where the line runs it (`cd /etc && chmod 000 sudoers`).
    const landed = target.kind === 'literal' && !written.startsWith('/') ? landingPaths(written, place, true).paths : [];
    const path = landed.find((one) => one === SUDOERS || readByEveryone(one) !== null) ?? written;
    if (name === 'chmod') {
      // Any program in a system program folder for a symbolic mode that takes execution
      // (`chmod a-x /bin/chmod`); an octal mode there is often a slip on one's own file
      // (`chmod 644 /usr/bin/mytool`) and is read only on the critical programs and folders.
      const program = programTarget(target, place, !/^[0-7]+$/.test(first));
      if (program !== null && takesRun(first, /\/sudo$/.test(path))) return hardlineFinding('recursive-chmod-root', `chmod ${first} takes the right to run from ${program}`);
      const everyone = readByEveryone(path);
      if (everyone !== null && takesOthersRead(first)) return hardlineFinding('recursive-chmod-root', `chmod ${first} takes reading from ${everyone}`);
      if (path === SUDOERS && othersWrite(first)) return hardlineFinding('recursive-chmod-root', `chmod ${first} makes ${SUDOERS} writable to others (sudo then refuses to run)`);
      if (path === SUDOERS && takesOwnerRead(first)) return hardlineFinding('recursive-chmod-root', `chmod ${first} takes reading from ${SUDOERS} (sudo then refuses to run)`);
    } else if (path === SUDOERS) {
      const owner = name === 'chown' ? first.split(/[:.]/)[0]! : '';
      const group = name === 'chgrp' ? first : first.includes(':') ? first.split(':')[1]! : '';
      if ((owner !== '' && owner !== 'root' && owner !== '0') || (group !== '' && group !== 'root' && group !== '0' && group !== 'wheel')) {
        return hardlineFinding('recursive-chmod-root', `${name} ${first} gives ${SUDOERS} away from root (sudo then refuses to run)`);
      }
    }
  }
  return null;
}

/**
 * What the row says the command deletes: an account with its home folder (`removesHome`: `userdel -r
 * dev`), or the operands an option removes once archived or sent (`removesOperands`: `7z a -sdel`,
 * `rsync --remove-source-files`) when one is a protected root.
 */
function checkRowRemovals(argv: readonly Word[], name: string, place: PathPlace): HardlineFinding | null {
  for (const removal of rowRemovals(argv, name)) {
    if (removal.home !== undefined) return hardlineFinding('recursive-delete-root', `${name} deletes ${removal.home} with its home folder`);
    // An account removed is catastrophic with or without its home (docs/decisions.md "An account
    // removed is catastrophic, with or without its home").
    if (removal.account !== undefined) return hardlineFinding('recursive-delete-root', `${removal.via} removes the user account ${removal.account}`);
    for (const operand of removal.operands) {
      const what = deletionTarget(operand, place);
      if (what !== null) return hardlineFinding('recursive-delete-root', `${removal.via} removes ${what}`);
    }
  }
  return null;
}
