/**
 * Arm `recursive-chmod-root`: `chmod -R`, `chown -R`, `chgrp -R` on the root folder or a
 * top-level system folder. The home folder only for a chmod mode that takes its owner's access
 * (`chmod -R 0 ~`): `sudo chown -R $USER ~` and `chmod -R go-rwx ~` are common repairs.
 */
import type { ArgReading } from '../programs/grammar';
import type { PathPlace } from '../programs/pathResolver';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { hasOption, literalText, readByRow } from './commandName';
import { homeFolderTarget, permissionTarget } from './paths';

export function checkPermissions(name: string, args: readonly Word[], place: PathPlace): HardlineFinding | null {
  let recursive = false;
  let reference = false;
  let optionsEnded = false;
  const positional: Word[] = [];
  for (let k = 0; k < args.length; k++) {
    const word = args[k]!;
    const text = literalText(word);
    if (text === null) {
      if (optionsEnded || !word.raw.startsWith('-')) positional.push(word);
      continue;
    }
    if (optionsEnded || !text.startsWith('-') || text === '-') {
      positional.push(word);
    } else if (text === '--') {
      optionsEnded = true;
    } else if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const option = text.slice(2, eq === -1 ? undefined : eq);
      if (option.length >= 3 && 'recursive'.startsWith(option)) recursive = true;
      if (option.length >= 3 && 'reference'.startsWith(option)) {
        reference = true;
        if (eq === -1) k++;
      }
      if (option === 'from' && eq === -1) k++;
    } else if (name === 'chmod' ? /^-[cfvRHLP]+$/.test(text) : /^-[cfvRhHLP]+$/.test(text)) {
      if (text.includes('R')) recursive = true;
    } else if (name === 'chmod') {
      // `chmod -w file`: a mode that happens to start with a dash.
      positional.push(word);
    }
  }
  if (!recursive) return null;
  const targets = reference ? positional : positional.slice(1);
  for (const target of targets) {
    const what = permissionTarget(target, place);
    if (what !== null) return hardlineFinding('recursive-chmod-root', `${name} -R on ${what}`);
  }
  // The home folder: only a mode that takes its owner's own access (`chmod -R 0 ~`, `a-rwx`);
  // `go-rwx`, `700` and `u+rwX` keep it usable.
  if (name !== 'chmod' || reference || !takesOwnerAccess(literalText(positional[0]))) return null;
  for (const target of targets) {
    const what = homeFolderTarget(target, place);
    if (what !== null) return hardlineFinding('recursive-chmod-root', `chmod -R ${literalText(positional[0])} on ${what}`);
  }
  return null;
}

/**
 * A chmod mode that leaves the owner without read or search permission: an octal mode whose
 * owner digit lacks 4 or 1 (`0`, `000`, `600`), or a symbolic clause for the owner (`u`, `a` or
 * none) that removes `r` or `x` (`a-rwx`, `-x`, `u-r`) or sets them without one (`a=`, `u=w`).
 */
export function takesOwnerAccess(mode: string | null): boolean {
  if (mode === null) return false;
  if (/^[0-7]{1,4}$/.test(mode)) {
    const owner = mode.length <= 2 ? 0 : Number(mode[mode.length - 3]);
    return (owner & 5) !== 5;
  }
  return mode.split(',').some((clause) => {
    const match = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (match === null) return false;
    const forOwner = match[1] === '' || match[1]!.includes('u') || match[1]!.includes('a');
    if (!forOwner) return false;
    if (match[2] === '-') return /[rxX]/.test(match[3]!);
    return match[2] === '=' && !(match[3]!.includes('r') && /[xX]/.test(match[3]!));
  });
}

/**
 * `chattr -R +i /`, the BSDs' and macOS's `chflags -R schg /etc`: every file below made immutable
 * (or its attributes changed) at once. chflags's first operand is the flags, the rest the files.
 */
export function checkChattr(name: 'chattr' | 'chflags', args: readonly Word[], place: PathPlace): HardlineFinding | null {
  const reading = readByRow(name, args);
  if (reading === null || !hasOption(reading, '-R')) return null;
  // `+i` and `=e` are modes, not files (a `-i` mode reads as an option of the cluster).
  for (const target of name === 'chflags' ? reading.operands.slice(1) : reading.operands) {
    if (name === 'chattr' && target.kind === 'literal' && /^[+=]/.test(target.value)) continue;
    const what = permissionTarget(target, place);
    if (what !== null) return hardlineFinding('recursive-chmod-root', `${name} -R on ${what}`);
  }
  return null;
}

/**
 * `setfacl -R` whose access list takes the owner's own read or search right (`--set u::---`,
 * `-m u::0`, `user::rw-`), given the home folder or its contents: the same as `chmod -R 0 ~`
 * (docs/decisions.md "An access list that locks the owner out of the home folder"). `reading`:
 * setfacl's arguments read by its row, `-R` already seen.
 */
export function checkAclOwnerAccess(reading: ArgReading, place: PathPlace): HardlineFinding | null {
  const spec = reading.options.find((option) => ['m', 's', 'modify', 'set'].includes(option.key) && aclTakesOwnerAccess(literalText(option.value ?? undefined)));
  if (spec === undefined) return null;
  for (const target of reading.operands) {
    const what = homeFolderTarget(target, place);
    if (what !== null) return hardlineFinding('recursive-chmod-root', `setfacl -R ${spec.name} ${literalText(spec.value ?? undefined) ?? ''} on ${what}`);
  }
  return null;
}

/** An access-list entry for the owner (`u::`, `user::`) without read or search (`---`, `rw-`, `0`, `6`). */
function aclTakesOwnerAccess(spec: string | null): boolean {
  if (spec === null) return false;
  return spec.split(',').some((entry) => {
    const match = /^\s*(?:d(?:efault)?:)?u(?:ser)?::([rwxX-]{0,3}|[0-7])\s*$/.exec(entry);
    if (match === null) return false;
    const perms = match[1]!;
    return /^[0-7]$/.test(perms) ? (Number(perms) & 5) !== 5 : !perms.includes('r') || !/[xX]/.test(perms);
  });
}
