import { mayBecomeOption, valued, type Grammar } from '../grammar';
import type { Word } from '../../reading/resolution';
import type { Form, ProgramRow } from '../row';

/**
 * Shells and the shell builtins that run text as code. An entry for a shell covers the scripts it
 * names; `-c TEXT`, `eval`, `trap` and `source` of a stream run code the entry did not spell, and
 * the hardline floor reads that code back through the resolver.
 */

function literal(word: Word | undefined): string | null {
  return word !== undefined && word.kind === 'literal' ? word.value : null;
}

/** Words joined with spaces, as the shell that reads them sees one text (opaque when any word is). */
function joined(words: readonly Word[]): Word {
  if (words.every((w) => w.kind === 'literal')) {
    const text = words.map((w) => (w as { value: string }).value).join(' ');
    return { kind: 'literal', value: text, raw: text };
  }
  return { kind: 'opaque', raw: words.map((w) => w.raw).join(' '), expansions: ['variable'] };
}

/**
 * `sh -c TEXT`: the shell reads its options (clusters like `-lc`, `-o NAME`, `+O NAME`, long
 * options first) and, when `c` was among them, runs the first operand as code. fish takes
 * `--command=TEXT` / `--init-command`. Indexes are into `args` (the words after the shell).
 */
function shellCode(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  let hasC = -1;
  let i = 0;
  while (i < args.length) {
    const text = literal(args[i]);
    // `sh -c* …`, `bash "$OPT" …`: a word only known at run time where the shell reads its options
    // may become `-c`; what the shell runs is not known (thrown, it makes the reading unreadable).
    // (`sh -c "$CMD"`: the last word after `-c` is the text either way, an approximate payload.)
    if (text === null && mayBecomeOption(args[i]!) && (hasC === -1 || i + 1 < args.length)) throw new Error(`${args[i]!.raw} is only known at run time and may become an option of the shell (-c runs text)`);
    if (text === null) break;
    if (text === '--' || text === '-') {
      i++;
      break;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const option = eq === -1 ? text : text.slice(0, eq);
      if (option === '--command' || option === '--init-command' || option === '-C') {
        const value = eq === -1 ? args[i + 1] ?? null : ({ kind: 'literal', value: text.slice(eq + 1), raw: text.slice(eq + 1) } as Word);
        forms.push({ role: 'executor', program: 'sh', trigger: option, index: i, value, payload: 'shell-text', note: `${option} runs its text as shell code` });
        return forms;
      }
      // zsh's `--emulate MODE` takes a value (`zsh --emulate sh -c TEXT`).
      if (option === '--emulate') {
        i += eq === -1 ? 2 : 1;
        continue;
      }
      if (option === '--rcfile' || option === '--init-file') {
        forms.push({ role: 'loader', program: 'sh', trigger: option, index: i, value: eq === -1 ? args[i + 1] ?? null : null, note: `${option} runs another start-up file first` });
        i += eq === -1 ? 2 : 1;
        continue;
      }
      i++;
      continue;
    }
    if ((text.startsWith('-') || text.startsWith('+')) && text.length > 1) {
      let skip = 1;
      for (const c of text.slice(1)) {
        if (c === 'c') hasC = i;
        if (c === 'o' || c === 'O') skip++;
      }
      i += skip;
      continue;
    }
    break;
  }
  if (hasC === -1) return forms;
  return [...forms, { role: 'executor', program: 'sh', trigger: '-c', index: hasC, value: args[i] ?? null, payload: 'shell-text', note: '-c runs the text after the options as shell code' }];
}

const SHELL_PLAIN = ['script.sh', 'script.sh arg', '-n script.sh', '-x ./build.sh', '--version'];

/** su and runuser: `-c TEXT` runs through the target user's shell; options permute (getopt_long). */
const SU_GRAMMAR = {
  flags: 'flmpPhV',
  short: 'cgGswu',
  long: {
    command: ['value', 'c'],
    'session-command': ['value', 'c'],
    group: ['value', 'g'],
    'supp-group': ['value', 'G'],
    shell: ['value', 's'],
    'whitelist-environment': ['value', 'w'],
    user: ['value', 'u'],
    login: ['flag', 'l'],
    'preserve-environment': ['flag', 'p'],
    fast: ['flag', 'f'],
    pty: ['flag', 'P'],
    help: ['flag', 'h'],
    version: ['flag', 'V'],
  },
} as const satisfies Grammar;

const SCRIPT_GRAMMAR = {
  flags: 'aefqhV',
  short: 'cEIOBTmo',
  shortAttached: 't',
  long: {
    command: ['value', 'c'],
    append: ['flag', 'a'],
    echo: ['value', 'E'],
    return: ['flag', 'e'],
    flush: ['flag', 'f'],
    'log-in': ['value', 'I'],
    'log-out': ['value', 'O'],
    'log-io': ['value', 'B'],
    'log-timing': ['value', 'T'],
    'logging-format': ['value', 'm'],
    'output-limit': ['value', 'o'],
    quiet: ['flag', 'q'],
    timing: ['optional', 't'],
    help: ['flag', 'h'],
    version: ['flag', 'V'],
  },
} as const satisfies Grammar;

/** `sg [-] GROUP [-c] TEXT`: the command runs through `sh -c`. */
function sgCode(args: readonly Word[]): Form[] {
  let i = literal(args[0]) === '-' ? 1 : 0;
  i++; // the group
  if (literal(args[i]) === '-c') i++;
  if (i >= args.length) return [];
  return [{ role: 'executor', program: 'sg', trigger: 'sg', index: i, value: joined(args.slice(i)), payload: 'shell-text', note: 'sg runs its words with sh -c as another group' }];
}

/** `trap [--] ACTION SIGNAL…`: with two or more operands the first is code run on the signal. */
function trapCode(args: readonly Word[]): Form[] {
  let i = 0;
  const first = literal(args[0]);
  if (first === '--') i = 1;
  else if (first === '-p' || first === '-l' || first === '-P') return [];
  const operands = args.slice(i);
  if (operands.length < 2 || literal(operands[0]) === '-' || literal(operands[0]) === '') return [];
  return [{ role: 'executor', program: 'trap', trigger: 'trap', index: i, value: operands[0]!, payload: 'shell-text', note: 'trap runs its first word as shell code when the signal comes' }];
}

/** `eval ARGS…`: the arguments joined with spaces are run as code. */
function evalCode(args: readonly Word[]): Form[] {
  const start = literal(args[0]) === '--' ? 1 : 0;
  if (start >= args.length) return [];
  return [{ role: 'executor', program: 'eval', trigger: 'eval', index: start, value: joined(args.slice(start)), payload: 'shell-text', note: 'eval joins its words and runs them as shell code' }];
}

/**
 * zsh's `emulate [-lLR] [{+|-}o OPTION]… MODE [-c TEXT]`: with `-c` it runs TEXT in that
 * emulation (`emulate sh -c 'rm -rf /'`). Every `-c` is read (an option cluster ending in `c`
 * too); a word only known at run time where an option may stand makes the reading unreadable.
 */
function emulateCode(args: readonly Word[]): Form[] {
  for (let i = 0; i < args.length; i++) {
    const text = literal(args[i]);
    if (text === null) {
      if (mayBecomeOption(args[i]!)) throw new Error(`${args[i]!.raw} is only known at run time and may become -c of emulate (-c runs text)`);
      continue;
    }
    if (/^[-+][A-Za-z]*c$/.test(text)) {
      const value = args[i + 1] ?? null;
      return [{ role: 'executor', program: 'emulate', trigger: text, index: i, value, payload: 'shell-text', note: 'emulate -c runs its text as shell code in the emulation named' }];
    }
    if (/^[-+][A-Za-z]*o$/.test(text)) i++;
  }
  return [];
}

/**
 * zsh's `sched [-o] [+]TIME COMMAND…`: the command words, joined with spaces, are run as shell
 * code at that time; `sched` alone lists and `sched -N` removes an item (nothing is run).
 */
function schedCode(args: readonly Word[]): Form[] {
  let i = literal(args[0]) === '-o' ? 1 : 0;
  const time = literal(args[i]);
  if (time !== null && /^-[0-9]+$/.test(time)) return [];
  if (time === '--') i++;
  i++; // the time
  if (i >= args.length) return [];
  return [{ role: 'executor', program: 'sched', trigger: 'sched', index: i, value: joined(args.slice(i)), payload: 'shell-text', note: 'sched runs its command words as shell code at the time given' }];
}

/**
 * zsh/zpty's `zpty [-e] [-b] NAME ARG…`: the ARGs joined with spaces are run as shell code on a
 * pseudo-terminal; `-d`, `-w`, `-r`, `-t`, `-L` act on existing ones and run nothing.
 */
function zptyCode(args: readonly Word[]): Form[] {
  let i = 0;
  for (; i < args.length; i++) {
    const text = literal(args[i]);
    if (text === null) {
      if (mayBecomeOption(args[i]!)) throw new Error(`${args[i]!.raw} is only known at run time and may become an option of zpty`);
      break;
    }
    if (!text.startsWith('-') || text === '-') break;
    if (text === '--') {
      i++;
      break;
    }
    if (/[dwrtL]/.test(text)) return [];
  }
  i++; // the name
  if (i >= args.length) return [];
  return [{ role: 'executor', program: 'zpty', trigger: 'zpty', index: i, value: joined(args.slice(i)), payload: 'shell-text', note: 'zpty runs its words as shell code on a pseudo-terminal' }];
}

/**
 * The zsh/files module's builtins (`zmodload zsh/files`), each doing the job of the program it is
 * named after: the floors and every layer read `zf_rm` as `rm` (programs/table.ts `rowFor`,
 * hardline/commandName.ts). Loaded without `-F`, the module also takes the programs' own names.
 */
export const ZSH_FILES_BUILTINS: Readonly<Record<string, string>> = {
  zf_rm: 'rm',
  zf_rmdir: 'rmdir',
  zf_mv: 'mv',
  zf_ln: 'ln',
  zf_chmod: 'chmod',
  zf_chown: 'chown',
  zf_chgrp: 'chgrp',
  zf_mkdir: 'mkdir',
  zf_sync: 'sync',
};

export const SHELL_ROWS: readonly ProgramRow[] = [
  {
    names: ['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'rbash', 'fish', 'ksh93', 'pdksh', 'oksh', 'loksh'],
    category: 'shell',
    what: 'a command shell',
    stdinCode: true,
    grammar: { stopAtOperand: true, long: valued('rcfile', 'init-file', 'command', 'init-command', 'emulate') },
    read: (args) => shellCode(args),
    plain: SHELL_PLAIN,
  },
  {
    names: ['su', 'runuser'],
    category: 'wrapper',
    what: 'runs a shell or a command as another user',
    grammar: SU_GRAMMAR,
    options: [
      { role: 'executor', options: ['c'], payload: 'shell-text', example: 'id', note: 'su -c runs its text with the other user\'s shell' },
      { role: 'loader', options: ['s'], example: '/bin/sh', note: 'su -s names the shell program to run' },
    ],
    role: { role: 'executor', note: 'su starts a shell as another user (root by default)' },
    plain: [],
  },
  {
    names: ['script'],
    category: 'wrapper',
    what: 'records a terminal session to a file',
    grammar: SCRIPT_GRAMMAR,
    options: [{ role: 'executor', options: ['c'], payload: 'shell-text', example: 'id', note: 'script -c runs its text with the shell, recording it' }],
    operands: [{ role: 'writer', operand: 0, everyday: true, note: 'script writes the session to the file named' }],
    plain: ['-q /dev/null'],
  },
  { names: ['sg'], category: 'wrapper', what: 'runs a command as another group', read: (args) => sgCode(args), plain: [] },
  { names: ['trap'], category: 'shell', what: 'the shell builtin that runs code on a signal', read: (args) => trapCode(args), plain: ['-p', '-l', "'' INT"] },
  // zsh builtins: no plain lines, the zsh and any readings refuse them in command position (shell-difference).
  { names: ['emulate'], category: 'shell', what: 'the zsh builtin that sets up an emulation (and with -c runs text in it)', read: (args) => emulateCode(args), plain: [] },
  { names: ['sched'], category: 'shell', what: 'the zsh builtin that runs a command at a given time', read: (args) => schedCode(args), plain: [] },
  { names: ['zpty'], category: 'shell', what: 'the zsh builtin that runs a command on a pseudo-terminal', read: (args) => zptyCode(args), plain: [] },
  {
    names: ['ztcp', 'zsocket'],
    category: 'network',
    what: 'the zsh builtins that open TCP and Unix-domain socket connections (zsh/net/tcp, zsh/net/socket)',
    role: { role: 'network', note: 'ztcp and zsocket open a connection that later commands can write to' },
    plain: [],
  },
  { names: ['eval'], category: 'shell', what: 'the shell builtin that runs its words as code', read: (args) => evalCode(args), plain: [] },
];

