/**
 * Arm `recursive-chmod-root`: `chmod -R`, `chown -R`, `chgrp -R` on the root folder or a
 * top-level system folder. The home folder is not on the list: `sudo chown -R $USER ~` is a
 * common repair.
 */
import type { PathPlace } from '../programs/pathResolver';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { hasOption, literalText, readByRow } from './commandName';
import { permissionTarget } from './paths';

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
  return null;
}

/** `chattr -R +i /`: every file below made immutable (or its attributes changed) at once. */
export function checkChattr(args: readonly Word[], place: PathPlace): HardlineFinding | null {
  const reading = readByRow('chattr', args);
  if (reading === null || !hasOption(reading, '-R')) return null;
  // `+i` and `=e` are modes, not files (a `-i` mode reads as an option of the cluster).
  for (const target of reading.operands) {
    if (target.kind === 'literal' && /^[+=]/.test(target.value)) continue;
    const what = permissionTarget(target, place);
    if (what !== null) return hardlineFinding('recursive-chmod-root', `chattr -R on ${what}`);
  }
  return null;
}
