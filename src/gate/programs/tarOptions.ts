import { bashSingleQuote } from '../execution/terminalShellInit';

/**
 * GNU tar's option reading (1.34), for the carve-out (carveOuts.ts) and the payload reader
 * (executorPayloads.ts): one reader, so both see the same options. Proven by
 * test/unit/programs/tarDifferential.test.ts against the real tar, including its `--help` for the table.
 *
 * How tar reads its argv, and so how this does:
 * - Old-style keys: when the first word does not start with `-`, each of its letters is an
 *   option, and the letters that take a value take the following words in order
 *   (`tar xvfI a.tar prog`: `-f a.tar -I prog`). Only the first word is read so.
 * - Then getopt-style: short clusters (`-xvf a.tar`, `-Iprog`), `--name=value`, `--name value`,
 *   options after operands too (tar permutes), `--` ends the options.
 * - Long names may be abbreviated; an exact name wins (`--checkpoint` is not
 *   `--checkpoint-action`). A prefix that fits several options makes tar stop with an error, so
 *   a prefix of a dangerous name is read as that name: it runs nothing or it is that option.
 * - A word is only taken as an option's value when the option surely takes one: an option
 *   that is not in the table is read as a flag, so the next word is still looked at.
 */

type Arity = 'flag' | 'value' | 'optional';

/**
 * The long options the gate needs to tell apart: those that run programs or write, those that
 * take a separate value (so that value is skipped), and those whose exact name is a prefix of one
 * of these. The test checks every arity and that no tar option is missing that could be confused
 * with these by prefix.
 */
export const TAR_LONG_OPTIONS: Readonly<Record<string, Arity>> = {
  // Run programs.
  'to-command': 'value',
  'checkpoint-action': 'value',
  'use-compress-program': 'value',
  'info-script': 'value',
  'new-volume-script': 'value',
  'rsh-command': 'value',
  'rmt-command': 'value',
  // Write or delete besides the archive and the extracted members.
  'index-file': 'value',
  'listed-incremental': 'value',
  'remove-files': 'flag',
  // Take a separate value, or are prefixes of the names above.
  file: 'value',
  directory: 'value',
  'files-from': 'value',
  'exclude-from': 'value',
  exclude: 'value',
  'tape-length': 'value',
  'blocking-factor': 'value',
  format: 'value',
  label: 'value',
  'starting-file': 'value',
  newer: 'value',
  transform: 'value',
  checkpoint: 'optional',
  // `--list` is exact: read as a prefix of --listed-incremental it would swallow the next word.
  list: 'flag',
  'force-local': 'flag',
  'to-stdout': 'flag',
};

/** Short letters that take a value (attached or the next word), as tar 1.34's `--help` lists them. */
export const TAR_SHORT_WITH_VALUE = 'bCfFgHIKLNTVX';

/** The long name of each short letter the gate reads. */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  f: 'file', C: 'directory', T: 'files-from', X: 'exclude-from', F: 'info-script', I: 'use-compress-program',
  g: 'listed-incremental', L: 'tape-length', b: 'blocking-factor', H: 'format', V: 'label', K: 'starting-file',
  N: 'newer', O: 'to-stdout',
};

export interface TarOption {
  /** The long name (`use-compress-program` for `-I`), or the letter for a short one without. */
  name: string;
  /** How it was written (`-I`, `--use=`, the old-style key). */
  word: string;
  value: string | null;
}

/** The long options a written name may stand for: itself when exact, else every one it starts. */
function longNames(given: string): string[] {
  if (Object.prototype.hasOwnProperty.call(TAR_LONG_OPTIONS, given)) return [given];
  if (given === '') return [];
  return Object.keys(TAR_LONG_OPTIONS).filter((name) => name.startsWith(given));
}

/** Reads tar's options from the words after `tar`. Operands are left out. */
export function readTarOptions(args: readonly string[]): TarOption[] {
  return readTarWords(args).options;
}

/**
 * Reads tar's options and operands from the words after `tar`: each operand with the `-C` folders
 * given before it (tar changes folder at each `-C`, so a relative operand is found from there).
 */
export function readTarWords(args: readonly string[]): { options: TarOption[]; operands: Array<{ word: string; folders: string[] }> } {
  const operands: Array<{ word: string; folders: string[] }> = [];
  const options: TarOption[] = [];
  const folders = (): string[] => options.filter((option) => option.name === 'directory' && option.value !== null).map((option) => option.value!);
  let i = 0;
  const first = args[0];
  if (first !== undefined && first !== '' && !first.startsWith('-')) {
    // Old-style keys: the values come from the words after the key, in the letters' order.
    i = 1;
    for (const letter of first) {
      const takesValue = TAR_SHORT_WITH_VALUE.includes(letter);
      const value = takesValue && i < args.length ? args[i++]! : null;
      options.push({ name: SHORT_NAMES[letter] ?? letter, word: first, value });
    }
  }
  for (; i < args.length; i++) {
    const word = args[i]!;
    if (word === '--') {
      for (const rest of args.slice(i + 1)) operands.push({ word: rest, folders: folders() });
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      operands.push({ word, folders: folders() });
      continue;
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const given = eq === -1 ? word.slice(2) : word.slice(2, eq);
      const names = longNames(given);
      let value: string | null = eq === -1 ? null : word.slice(eq + 1);
      // Only a sure reading skips the next word: one candidate, and it takes a value.
      if (value === null && names.length === 1 && TAR_LONG_OPTIONS[names[0]!] === 'value' && i + 1 < args.length) value = args[++i]!;
      if (names.length === 0) options.push({ name: given, word, value });
      for (const name of names) options.push({ name, word, value });
      continue;
    }
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      if (!TAR_SHORT_WITH_VALUE.includes(letter)) {
        options.push({ name: SHORT_NAMES[letter] ?? letter, word, value: null });
        continue;
      }
      const attached = word.slice(k + 1);
      const value = attached !== '' ? attached : i + 1 < args.length ? args[++i]! : null;
      options.push({ name: SHORT_NAMES[letter]!, word, value });
      break;
    }
  }
  return { options, operands };
}


/**
 * The commands a tar argv runs, as text: `--to-command`, `--checkpoint-action=exec=…`,
 * `--info-script`/`-F`, `--new-volume-script`, `--use-compress-program`/`-I` (tar splits this
 * one into words itself; read as shell text it shows the same program), `--rsh-command` (a
 * program path) and `--rmt-command` (run on the remote host).
 */
export function tarCommandTexts(args: readonly string[]): Array<{ text: string; via: string }> {
  const found: Array<{ text: string; via: string }> = [];
  const { options, operands } = readTarWords(args);
  if (options.some((option) => option.name === 'remove-files')) {
    // `--remove-files` deletes each file (and folder tree) once it is in the archive: `rm -r` of
    // each operand, from the folder the `-C` options before it lead to.
    for (const operand of operands) {
      const cd = operand.folders.map((folder) => `cd -- ${bashSingleQuote(folder)} && `).join('');
      found.push({ text: `${cd}rm -r -f -- ${bashSingleQuote(operand.word)}`, via: 'tar --remove-files' });
    }
  }
  for (const option of options) {
    if (option.value === null) continue;
    switch (option.name) {
      case 'checkpoint-action':
        if (option.value.startsWith('exec=')) found.push({ text: option.value.slice(5), via: 'tar --checkpoint-action' });
        break;
      case 'to-command':
      case 'use-compress-program':
      case 'info-script':
      case 'new-volume-script':
      case 'rsh-command':
      case 'rmt-command':
        found.push({ text: option.value, via: `tar --${option.name}` });
        break;
    }
  }
  return found;
}
