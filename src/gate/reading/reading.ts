import { normaliseForDetection, type HiddenCharacter } from './normalise';
import { resolve } from './resolver';
import { readsStdinAsData } from '../programs/stdinData';
import type { ReadingShell, Resolution } from './resolution';

/**
 * Everything the gate reads off one command string, computed once per decision.
 * `original` is what will run; `normalised` is for detection only (D§4.1).
 */
export interface CommandReading {
  original: string;
  normalised: string;
  /** Invisible or control characters found in the original (a finding shown on the card). */
  hidden: HiddenCharacter[];
  resolution: Resolution;
  /** The home folder used to read a leading `~`. */
  home: string;
  /** The shell whose reading the resolution matches. */
  shell: ReadingShell;
}

export interface ReadOptions {
  home: string;
  shell: ReadingShell;
}

export function readCommand(original: string, options: ReadOptions): CommandReading {
  const { text, hidden } = normaliseForDetection(original);
  return {
    original,
    normalised: text,
    hidden,
    // A here-text fed to a program that reads it only as data leaves the line resolved (programs/stdinData.ts).
    resolution: resolve(original, { home: options.home, shell: options.shell, readsStdinAsData }, hidden),
    home: options.home,
    shell: options.shell,
  };
}
