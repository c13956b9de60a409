import type { Word } from '../../reading/resolution';
import { flagged, readArgs, valued, type ArgReading, type Grammar, type LongOption } from '../grammar';
import type { Command, Form, OperandRole, OptionRole, ProgramRow } from '../row';
import { writes } from './settingsStores';

/**
 * Editors, pagers, viewers, file managers, documentation readers, debuggers and tracers' front
 * ends, TeX and other formatters. Their everyday job is to show or edit the files they are given;
 * an interactive session with a person at the keys is that person's business. What an entry for
 * one of them must not cover is a command line that makes the program act by itself: commands
 * given to run at start-up (`vim -c`, `less +`, `gdb -ex`, `emacs --eval`), scripts, plugins and
 * configurations loaded from a named file, programs it is told to start (a pager, a filter, a
 * speller), files it writes besides its own output, hosts it reaches and ports it opens.
 */

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/** Both spellings of options that a single-dash program also accepts with two dashes. */
function dashed(...names: string[]): string[] {
  return names.flatMap((name) => [`-${name}`, `--${name}`]);
}

/** A value only known at run time (null) fails closed; `NONE`-like values that load nothing do not. */
function loadsSomething(...nothing: string[]): (value: string | null) => boolean {
  return (value) => value === null || !nothing.includes(value);
}

/**
 * A pager command that only shows text: `cat`, or `less`/`more` with option letters that neither
 * log (-o, -O) nor load key bindings (-k). Anything else, or a value only known at run time, is run.
 */
function runsOtherPager(value: string | null): boolean {
  return value === null || !/^(?:cat|less|more)(?:\s+-[A-NP-Za-jl-np-z]+)*$/.test(value.trim());
}

/** A URL that a program reaches over the network (not `file:`). */
const REMOTE_URL = /^(?:https?|ftps?|sftp|scp|rsync|dav|davs|rcp|fetch|ssh|smb|gopher|nntp|news|finger|telnet|wais):\/\//i;

/** An operand that names a host the program fetches from: a URL, or `www.…`/`host.tld` as browsers guess. */
function looksLikeUrl(text: string | null): boolean {
  return text === null || REMOTE_URL.test(text) || /^www\.[^/\s]+/i.test(text);
}

// ---------------------------------------------------------------------------------------------
// The Vim family
// ---------------------------------------------------------------------------------------------

/** Leading modifiers that run the command that follows them (`:silent !cmd`, `:keepalt r !cmd`). */
const EX_MODIFIER = /^(?:sil(?:e(?:n(?:t)?)?)?!?|keepa(?:lt)?|keepj(?:umps)?|keepm(?:arks)?|keepp(?:atterns)?|noa(?:utocmd)?|uns(?:ilent)?|verb(?:ose)?\d*|vert(?:ical)?|tab|lefta(?:bove)?|abo(?:veleft)?|rightb(?:elow)?|bel(?:owright)?|to(?:pleft)?|bo(?:tright)?|hid(?:e)?|conf(?:irm)?|lock(?:marks)?|bro(?:wse)?|filt(?:er)?)\s+/;

/** An Ex line range: `%`, `.`, `$`, numbers, marks, `/pat/`, `?pat?`, with `,` `;` `+` `-`. */
const EX_RANGE = /^(?:[%.$,;+\-\s]|\d+|'[a-zA-Z<>[\]]|\/(?:\\.|[^/\\])*\/?|\?(?:\\.|[^?\\])*\??)*/;

/** The text of a Vim script string literal, or null when it is not a plain one. */
function vimString(text: string): string | null {
  const single = /^'((?:[^']|'')*)'/.exec(text);
  if (single) return single[1]!.replace(/''/g, "'");
  const double = /^"((?:[^"\\]|\\.)*)"/.exec(text);
  if (double) return double[1]!.replace(/\\(.)/g, '$1');
  return null;
}

/**
 * The shell text an Ex command line runs, when it is plain to see: `!cmd`, `:!cmd`, `:{range}!cmd`
 * (a filter), `:r !cmd`, `:w !cmd`, `:terminal cmd`, `:call system('cmd')`. Commands are split at
 * `|`, except that `:!` takes the rest of the line as its own. Null when no shell text is visible
 * (the command may still run code: `:py`, `:lua`, `:exe`, `:so`).
 */
export function exShellText(line: string): string | null {
  let rest = line;
  for (let guard = 0; guard < 64 && rest.length > 0; guard++) {
    let cmd = rest.replace(/^[\s:]+/, '');
    for (let k = 0; k < 8; k++) {
      const modifier = EX_MODIFIER.exec(cmd);
      if (!modifier) break;
      cmd = cmd.slice(modifier[0].length).replace(/^[\s:]+/, '');
    }
    cmd = cmd.slice(EX_RANGE.exec(cmd)![0].length);
    if (cmd.startsWith('!')) return cmd.slice(1).replace(/^!/, '').trim();
    const readWrite = /^(?:r(?:e(?:a(?:d)?)?)?|w(?:r(?:i(?:t(?:e)?)?)?)?)\s*!/.exec(cmd);
    if (readWrite) return cmd.slice(readWrite[0].length).trim();
    const terminal = /^ter(?:m(?:i(?:n(?:a(?:l)?)?)?)?)?!?(?:\s+(?:\+\+\S+\s+)*|$)/.exec(cmd);
    if (terminal) return cmd.slice(terminal[0].length).trim() || null;
    const call = /^(?:cal(?:l)?\s+|echo\s+|let\s+\S+\s*=\s*|ec(?:ho)?\s+)?system(?:list)?\s*\(\s*/.exec(cmd);
    if (call) {
      const literal = vimString(cmd.slice(call[0].length));
      if (literal !== null) return literal;
    }
    // The next command after an unquoted `|`.
    const bar = /^(?:[^|"\\]|\\.|"[^"]*")*\|/.exec(cmd);
    if (!bar) return null;
    rest = cmd.slice(bar[0].length);
  }
  return null;
}

/** `+`, `+N`, `+$` and `+/word` only move the cursor; any other `+…` runs an Ex command. */
function plusRunsCommand(text: string | null): boolean {
  if (text === null) return true;
  if (!text.startsWith('+')) return false;
  return !/^\+(?:\d*|\$|\/[^/\\|?!]*)$/.test(text);
}

/**
 * Whether Ex command lines, run in order on a file, leave it empty and write it back: a delete of
 * every line (`%d`, `1,$delete`, `0,$d`, `:g/^/d` with a pattern every line matches) followed by a
 * write (`w`, `wq`, `x`, `exit`, `update`, `wa`, `xa`, `wqa`, each with or without `!`). Commands
 * are split at unquoted `|`. A delete of some lines (`1,3d`, `g/TODO/d`) or no write is not.
 */
export function exEmptiesAndWrites(lines: readonly string[]): boolean {
  let emptied = false;
  for (const line of lines) {
    let rest = line;
    for (let guard = 0; guard < 64 && rest.length > 0; guard++) {
      const bar = /^((?:[^|"\\]|\\.|"[^"]*")*)(?:\||$)/.exec(rest)!;
      const cmd = bar[1]!.replace(/^[\s:]+/, '').trim();
      rest = rest.slice(bar[0].length);
      if (/^(?:%|[01],\$)\s*d(?:e(?:l(?:e(?:t(?:e)?)?)?)?)?!?$/.test(cmd) || /^%?g(?:l(?:o(?:b(?:a(?:l)?)?)?)?)?\/(?:\^|\.\*|\$|)\/\s*d(?:e(?:l(?:e(?:t(?:e)?)?)?)?)?$/.test(cmd)) emptied = true;
      else if (emptied && /^(?:w(?:r(?:i(?:t(?:e)?)?)?)?|wq|x(?:i(?:t)?)?|exi(?:t)?|up(?:d(?:a(?:t(?:e)?)?)?)?|wa(?:l(?:l)?)?|xa(?:l(?:l)?)?|wqa(?:l(?:l)?)?)!?$/.test(cmd)) return true;
    }
  }
  return false;
}

/**
 * The files Vim's start-up Ex commands (`-c CMD`, `+CMD`) empty and write back: the file operands
 * as {@link Form.empties} writer forms, when {@link exEmptiesAndWrites} says the commands do so.
 */
function exEmptiedFiles(program: string, reading: ArgReading): Form[] {
  const commands: string[] = [];
  for (const option of reading.options) if (option.name === '-c' && option.value?.kind === 'literal') commands.push(option.value.value);
  const files: Array<{ word: Word; index: number }> = [];
  reading.operands.forEach((word, k) => {
    if (word.kind === 'literal' && word.value.startsWith('+')) commands.push(word.value.slice(1));
    else files.push({ word, index: reading.operandIndexes[k]! });
  });
  if (files.length === 0 || !exEmptiesAndWrites(commands)) return [];
  return files.map(({ word, index }) => ({ role: 'writer', program, trigger: '-c', index, value: word, empties: true, note: 'the start-up Ex commands delete every line of the file and write it back' }));
}

const VIM_PLUS: OperandRole = {
  role: 'executor',
  operand: 'every',
  when: plusRunsCommand,
  payload: 'shell-text',
  payloadText: (text) => exShellText(text.slice(1)),
  example: '+!id',
  note: 'a +command operand runs that editor command at start-up, and an editor command can run the shell',
};

const VIM_REMOTE_FILE: OperandRole = {
  role: 'network',
  operand: 'every',
  when: (text) => text === null || REMOTE_URL.test(text),
  example: 'scp://host/notes.txt',
  note: 'a URL operand makes the editor fetch the file from that host (and write it back on save)',
};

const VIM_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['-c', '--cmd'], payload: 'shell-text', payloadText: exShellText, example: '!id', note: '-c and --cmd run an editor command at start-up, and editor commands can run the shell or Python/Lua code' },
  { role: 'executor', options: ['-e', '-E'], note: '-e and -E start Ex mode, which reads editor commands (shell escapes included) from standard input' },
  { role: 'executor', options: ['--remote-send'], payload: 'code', example: ':!id<CR>', note: '--remote-send types keys into another running Vim, which carries them out' },
  { role: 'executor', options: ['--remote-expr'], payload: 'code', example: 'system("id")', note: '--remote-expr has another running Vim evaluate an expression, which can call the shell' },
  { role: 'loader', options: ['-S'], note: '-S sources a Vim script (a session file) after the first file is loaded' },
  { role: 'loader', options: ['-u', '-U'], when: loadsSomething('NONE', 'NORC', 'DEFAULTS'), example: 'evil.vim', note: '-u and -U read the named file as the vimrc/gvimrc, which is a Vim script' },
  { role: 'loader', options: ['-s'], note: '-s reads Normal-mode keystrokes from the file and carries them out' },
  { role: 'writer', options: ['-w', '-W'], note: '-w and -W write every typed key to the named scriptout file' },
  { role: 'writer', options: ['--startuptime', '--log'], note: '--startuptime and --log write timing or log messages to the named file' },
  { role: 'writer', options: ['-V'], when: (v) => v === null || /[^0-9]/.test(v), example: '9vim.log', note: '-V with a file name after the level writes the verbose messages to that file' },
  { role: 'writer', options: ['-i'], when: loadsSomething('NONE'), example: 'my.viminfo', note: '-i names the viminfo file that is read at start and written on exit' },
];

const VIM_LONG: Record<string, LongOption> = {
  ...flagged('help', 'version', 'noplugin', 'clean', 'not-a-term', 'ttyfail', 'literal', 'nofork', 'remote', 'remote-silent', 'remote-wait', 'remote-wait-silent',
    'remote-tab', 'remote-tab-silent', 'remote-tab-wait', 'remote-tab-wait-silent', 'serverlist', 'echo-wid', 'headless', 'embed', 'api-info', 'remote-ui'),
  ...valued('cmd', 'startuptime', 'log', 'remote-send', 'remote-expr', 'servername', 'socketid', 'windowid', 'role', 'gui-dialog-file', 'listen', 'server'),
};

/** Vim reads `-s` as "silent" once Ex mode is on (an `-e`/`-E` before it), else as `-s scriptin`. */
const VIM_GRAMMAR: Grammar = { short: 'cSsuUiTtqwW', shortAttached: 'VoOp', flags: 'vegEdyRZmMblCNDnrLAHFxXhf', long: VIM_LONG, abbreviations: false };
const EX_GRAMMAR: Grammar = { ...VIM_GRAMMAR, short: 'cSuUiTtqwW', flags: `${VIM_GRAMMAR.flags}s` };

function wordText(word: Word): string {
  return word.kind === 'literal' ? word.value : word.raw;
}

function textOf(word: Word | null): string | null {
  return word !== null && word.kind === 'literal' ? word.value : null;
}

/** The forms the roles give for one reading (the table does the same for the row's own reading). */
function formsOf(program: string, reading: ArgReading, options: readonly OptionRole[], operands: readonly OperandRole[], skip: (index: number, key: string) => boolean): Form[] {
  const out: Form[] = [];
  const form = (role: OptionRole | OperandRole, index: number, trigger: string, value: Word | null): void => {
    const text = textOf(value);
    const payloadText = role.payloadText !== undefined && text !== null ? role.payloadText(text) : null;
    out.push({
      role: role.role, program, trigger, index, value,
      ...(role.payload !== undefined ? { payload: role.payload } : {}),
      ...(payloadText !== null ? { payloadText } : {}),
      ...(role.everyday === true ? { everyday: true } : {}),
      note: role.note,
    });
  };
  for (const option of reading.options) {
    if (skip(option.index, option.key)) continue;
    for (const role of options) {
      if (!role.options.includes(option.name) && !role.options.includes(option.key)) continue;
      if (role.when !== undefined && !role.when(textOf(option.value))) continue;
      form(role, option.index, option.name, option.value);
    }
  }
  reading.operands.forEach((word, k) => {
    const index = reading.operandIndexes[k]!;
    if (skip(index, '')) return;
    for (const role of operands) {
      if (role.operand !== 'every') continue;
      if (role.when !== undefined && !role.when(textOf(word))) continue;
      form(role, index, wordText(word), word);
    }
  });
  return out;
}

/**
 * What the grammar alone reads wrong in a Vim command line:
 * - `-s` is "silent" once Ex mode is on (an `-e`/`-E` before it), else `-s scriptin`; the row's
 *   grammar takes a value (fail closed), which would swallow the next word (`vim -es -c CMD`);
 * - `-S` followed by an option loads Session.vim and leaves that option alone (`vim -S -c CMD`);
 * - `--log` and `--startuptime` are also accepted in capitals.
 * In the first two cases the words are read again with that letter as a flag, and what the second
 * reading finds in words the first one took for its value is added.
 */
function vimRead(program: string, options: readonly OptionRole[], operands: readonly OperandRole[], base: Grammar) {
  return (args: readonly Word[], reading: ArgReading): readonly Form[] => {
    const out: Form[] = [];
    args.forEach((word, i) => {
      if (word.kind !== 'literal' || !/^--(?:log|startuptime)$/i.test(word.value) || /^--(?:log|startuptime)$/.test(word.value)) return;
      out.push({ role: 'writer', program, trigger: word.value, index: i, value: args[i + 1] ?? null, note: '--startuptime and --log write timing or log messages to the named file' });
    });
    let ex = false;
    let silentInEx = false;
    for (const word of args) {
      if (word.kind !== 'literal') continue;
      if (word.value === '--') break;
      if (!/^-[A-Za-z]/.test(word.value)) continue;
      for (const letter of word.value.slice(1)) {
        if (letter === 'e' || letter === 'E') ex = true;
        if (letter === 's' && ex) silentInEx = true;
        if ((base.short ?? '').includes(letter) || (base.shortAttached ?? '').includes(letter)) break;
      }
    }
    const bareSession = reading.options.some((o) => o.key === 'S' && o.valueIndex !== null && (textOf(o.value) ?? '').startsWith('-'));
    if (!silentInEx && !bareSession) return [...out, ...exEmptiedFiles(program, reading)];
    const asFlags = `${silentInEx ? 's' : ''}${bareSession ? 'S' : ''}`;
    const grammar: Grammar = { ...base, short: [...(base.short ?? '')].filter((l) => !asFlags.includes(l)).join(''), flags: `${base.flags ?? ''}${asFlags}` };
    const seen = new Set<string>();
    for (const option of reading.options) seen.add(`${option.index}:${option.key}`);
    const operandsSeen = new Set(reading.operandIndexes);
    const again = readArgs(args, grammar);
    const roles = options.filter((r) => !(silentInEx && r.options.includes('-s')));
    out.push(...formsOf(program, again, roles, operands, (index, key) => (key === '' ? operandsSeen.has(index) : seen.has(`${index}:${key}`))));
    out.push(...exEmptiedFiles(program, again));
    return out;
  };
}

const VIM_ROW: ProgramRow = {
  names: ['vim', 'vi', 'view', 'rvim', 'rview', 'vimdiff', 'gvim', 'gview', 'rgvim', 'rgview', 'gvimdiff', 'evim', 'eview', 'vim.basic', 'vim.tiny', 'vim.nox', 'vim.gtk3'],
  category: 'editor',
  what: 'the Vim text editor (and its view, diff, restricted and GUI names)',
  grammar: VIM_GRAMMAR,
  options: VIM_OPTIONS,
  operands: [VIM_PLUS, VIM_REMOTE_FILE],
  read: vimRead('vim', VIM_OPTIONS, [VIM_PLUS, VIM_REMOTE_FILE], VIM_GRAMMAR),
  plain: ['', 'file.txt', '-R README.md', '+42 src/main.c', '-d a.txt b.txt', '--version', '-u NONE -N file.txt', '+/TODO notes.md', '-p a.ts b.ts'],
};

const EX_OPTIONS = VIM_OPTIONS.filter((r) => !r.options.includes('-s'));

const EX_ROW: ProgramRow = {
  names: ['ex'],
  category: 'editor',
  what: 'Vim started in Ex mode, the line editor that reads its commands from standard input',
  stdinCode: true,
  grammar: EX_GRAMMAR,
  options: EX_OPTIONS,
  operands: [VIM_PLUS, VIM_REMOTE_FILE],
  read: vimRead('ex', EX_OPTIONS, [VIM_PLUS, VIM_REMOTE_FILE], EX_GRAMMAR),
  plain: ['--version', '-R file.txt', '-s -R +42 file.txt'],
};

const NVIM_OPTIONS: readonly OptionRole[] = [
  ...VIM_OPTIONS.filter((r) => !r.options.includes('-i') && !r.options.includes('-u')),
  { role: 'loader', options: ['-u'], when: loadsSomething('NONE', 'NORC'), example: 'init.lua', note: '-u reads the named file as the init file, which is Vim script or Lua' },
  { role: 'writer', options: ['-i'], when: loadsSomething('NONE'), example: 'my.shada', note: '-i names the ShaDa file that is read at start and written on exit' },
  { role: 'loader', options: ['-l'], note: '-l runs the named Lua script and hands it the words after it' },
  { role: 'listener', options: ['--listen'], note: '--listen opens an RPC socket or TCP port through which others can drive the editor' },
  { role: 'network', options: ['--server'], when: (v) => v === null || /:\d+$/.test(v), example: 'host:6666', note: '--server with a host:port connects to a remote Neovim over TCP' },
];

const NVIM_GRAMMAR: Grammar = { ...VIM_GRAMMAR, short: 'cSsuiTtqwWl' };

const NVIM_ROW: ProgramRow = {
  names: ['nvim'],
  category: 'editor',
  what: 'the Neovim text editor',
  grammar: NVIM_GRAMMAR,
  options: NVIM_OPTIONS,
  operands: [VIM_PLUS, VIM_REMOTE_FILE],
  read: vimRead('nvim', NVIM_OPTIONS, [VIM_PLUS, VIM_REMOTE_FILE], NVIM_GRAMMAR),
  plain: ['', 'file.txt', '-R README.md', '+10 init.lua', '--headless --version', '-d a b'],
};

// ---------------------------------------------------------------------------------------------
// Other editors
// ---------------------------------------------------------------------------------------------

const ED_ROW: ProgramRow = {
  names: ['ed', 'red'],
  category: 'editor',
  what: 'the ed line editor (red: its restricted form), which reads its commands from standard input',
  stdinCode: true,
  // The file operand is the file edited: the commands come from standard input all the same.
  stdinCodeForm: { always: { unless: [] } },
  grammar: { short: 'p', flags: 'hVEGlqrsv', long: { ...flagged('help', 'version', 'extended-regexp', 'traditional', 'loose-exit-status', 'quiet', 'silent', 'restricted', 'script', 'verbose', 'strip-trailing-cr', 'unsafe-names'), prompt: 'value' } },
  operands: [
    { role: 'executor', operand: 'every', when: (t) => t === null || t.startsWith('!'), payload: 'shell-text', payloadText: (t) => t.slice(1), example: '!id', note: 'a file operand that starts with ! is a shell command whose output ed reads' },
  ],
  plain: ['--version', '-s file.txt', 'notes.txt', '-p "*" file.txt'],
};

const EMACS_TRAMP = /^\/(?:[A-Za-z][A-Za-z0-9-]*:[^/:|]*\|)*[A-Za-z][A-Za-z0-9-]*:[^/:|]*:/;
const EMACS_ROW: ProgramRow = {
  names: ['emacs', 'emacs-nox', 'emacs-gtk', 'emacs-lucid'],
  category: 'editor',
  what: 'the GNU Emacs editor',
  grammar: {
    singleDash: true,
    long: {
      ...valued('eval', 'execute', 'l', 'load', 'f', 'funcall', 'L', 'directory', 'script', 'u', 'user', 'init-directory', 'chdir', 'd', 'display', 't', 'terminal',
        'dump-file', 'seccomp', 'insert', 'file', 'find-file', 'visit', 'fn', 'font', 'bg', 'background', 'fg', 'foreground', 'bd', 'border-color', 'bw', 'border-width',
        'cr', 'cursor-color', 'ms', 'mouse-color', 'g', 'geometry', 'ib', 'internal-border', 'lsp', 'line-spacing', 'T', 'title', 'name', 'xrm', 'parent-id'),
      ...flagged('batch', 'q', 'no-init-file', 'Q', 'quick', 'nw', 'no-window-system', 'no-site-file', 'no-site-lisp', 'no-splash', 'no-x-resources', 'no-desktop',
        'no-loadup', 'nl', 'no-shared-memory', 'nsl', 'D', 'basic-display', 'debug-init', 'x', 'fs', 'fullscreen', 'fh', 'fullheight', 'fw', 'fullwidth', 'mm', 'maximized',
        'nbc', 'no-blinking-cursor', 'nbi', 'no-bitmap-icon', 'r', 'rv', 'reverse-video', 'vb', 'vertical-scroll-bars', 'iconic', 'help', 'version', 'no-build-details',
        'module-assertions', 'fingerprint', 'kill'),
      color: 'optional', daemon: 'optional', 'bg-daemon': 'optional', 'fg-daemon': 'optional',
    },
  },
  options: [
    { role: 'executor', options: dashed('eval', 'execute'), payload: 'code', example: '(shell-command "id")', note: '--eval runs the Emacs Lisp expression given on the command line' },
    { role: 'executor', options: ['-f', ...dashed('funcall')], payload: 'code', example: 'kill-emacs', note: '-f calls the named Lisp function at start-up' },
    { role: 'loader', options: ['-l', ...dashed('load'), ...dashed('script'), '-x'], note: '-l, --script and -x load a Lisp file and run it' },
    { role: 'loader', options: ['-L', ...dashed('directory')], note: '-L puts a folder first on the load path, so that the libraries Emacs loads come from it' },
    { role: 'loader', options: ['-u', ...dashed('user'), ...dashed('init-directory')], note: '-u and --init-directory load another init file, which is Lisp code' },
  ],
  operands: [
    { role: 'destructive', operand: 'every', when: (t) => t === null || /^\/(?:[^:]*\|)?(?:sudo|su|doas|sudoedit):/.test(t), example: '/sudo::/etc/hosts', note: 'a /sudo:: file name makes Emacs open and save the file with root rights' },
    { role: 'network', operand: 'every', when: (t) => t === null || (EMACS_TRAMP.test(t) && !/^\/(?:sudo|su|doas|sudoedit):/.test(t)), example: '/ssh:host:/etc/hosts', note: 'a remote file name (/ssh:host:…) makes Emacs log in to that host to read and write the file' },
  ],
  plain: ['', 'file.txt', '-nw notes.org', '-Q -nw file.txt', '--version', '+10 src/main.c'],
};

const EMACSCLIENT_ROW: ProgramRow = {
  names: ['emacsclient'],
  category: 'editor',
  what: 'the client that hands files and Lisp expressions to a running Emacs server',
  grammar: {
    singleDash: true,
    long: {
      ...valued('a', 'alternate-editor', 's', 'socket-name', 'f', 'server-file', 'd', 'display', 'F', 'frame-parameters', 'w', 'timeout', 'T', 'tramp', 'parent-id'),
      ...flagged('n', 'no-wait', 'e', 'eval', 'q', 'quiet', 'u', 'suppress-output', 't', 'tty', 'nw', 'c', 'create-frame', 'r', 'reuse-frame', 'H', 'help', 'V', 'version'),
    },
  },
  options: [
    { role: 'executor', options: ['-e', ...dashed('eval')], payload: 'code', note: '-e makes the running Emacs evaluate the operands as Lisp expressions' },
    { role: 'executor', options: ['-a', ...dashed('alternate-editor')], when: (v) => v !== '', payload: 'program', example: 'vi', note: '-a names an editor program to start when no Emacs server answers' },
    { role: 'network', options: ['-f', ...dashed('server-file')], note: '-f reads a server file that may point to an Emacs server reached over TCP' },
  ],
  plain: ['file.txt', '-n file.txt', '-c -n notes.org', '--version', '-t file.txt'],
};

const NANO_ROW: ProgramRow = {
  names: ['nano', 'pico', 'rnano'],
  category: 'editor',
  what: 'the GNU nano text editor (pico is nano on most Linux systems)',
  grammar: {
    short: 'CJQTXYforsW',
    flags: 'ABDEFGHIKLMNOPRSUVZ%_0!abcdeghijklmnpqtuvwxyz',
    long: {
      ...valued('backupdir', 'guidestripe', 'quotestr', 'tabsize', 'wordchars', 'syntax', 'rcfile', 'operatingdir', 'fill', 'speller', 'listsyntaxes'),
      ...flagged('smarthome', 'backup', 'boldtext', 'tabstospaces', 'multibuffer', 'locking', 'historylog', 'ignorercfiles', 'rawsequences', 'nonewlines', 'trimblanks',
        'noconvert', 'bookstyle', 'positionlog', 'restricted', 'softwrap', 'quickblank', 'version', 'wordbounds', 'zap', 'stateflags', 'minibar', 'zero', 'magic',
        'atblanks', 'breaklonglines', 'constantshow', 'rebindkeypad', 'emptyline', 'showcursor', 'help', 'autoindent', 'jumpyscrolling', 'cutfromcursor', 'linenumbers',
        'mouse', 'noread', 'preserve', 'indicator', 'saveonexit', 'unix', 'view', 'nowrap', 'nohelp', 'afterends', 'modernbindings'),
    },
  },
  options: [
    { role: 'executor', options: ['-s', '--speller'], payload: 'program', example: '/bin/sh', note: '-s names the program nano runs as its spell checker' },
    { role: 'loader', options: ['-f', '--rcfile'], note: '-f reads the named nanorc, which can name programs to run as speller, linter or formatter' },
  ],
  plain: ['', 'file.txt', '+12 notes.md', '-l -i src/app.c', '--version', '-v README'],
};

const JOE_ROW: ProgramRow = {
  names: ['joe', 'jmacs', 'jstar', 'jpico', 'rjoe'],
  category: 'editor',
  what: "Joe's Own Editor; its shell escape is a key command typed by a person",
  grammar: { singleDash: true, long: { ...valued('lmargin', 'rmargin', 'tab', 'indentc', 'istep', 'keymap', 'lines', 'columns', 'baud', 'skiptop', 'encoding', 'syntax', 'backpath', 'text_color', 'status_color', 'help_color', 'menu_color', 'prompt_color', 'msg_color'), ...flagged('help', 'version') } },
  plain: ['file.txt', '+20 notes.txt', '-nobackups file.txt'],
};

const MG_ROW: ProgramRow = {
  names: ['mg'],
  category: 'editor',
  what: 'mg, a small Emacs-like editor',
  grammar: { short: 'bfu', flags: 'nR' },
  options: [
    { role: 'executor', options: ['-f'], payload: 'code', example: 'shell-command', note: '-f runs the named editor command at start-up' },
    { role: 'loader', options: ['-b', '-u'], note: '-b and -u read a file of editor commands (a batch or start-up file) and carry them out' },
  ],
  plain: ['file.txt', '+10 notes.txt', '-n file.txt'],
};

const MICRO_ROW: ProgramRow = {
  names: ['micro'],
  category: 'editor',
  what: 'the micro terminal text editor',
  grammar: { singleDash: true, abbreviations: false, long: { ...valued('config-dir', 'plugin', 'profile'), ...flagged('clean', 'options', 'debug', 'version', 'help', 'h') } },
  options: [
    { role: 'loader', options: ['-config-dir', '--config-dir'], note: '-config-dir reads settings, key bindings and Lua plugins from the named folder' },
    { role: 'network', options: ['-plugin', '--plugin'], when: (v) => v === null || /^(?:install|update|search|available)$/.test(v), example: 'install', note: '-plugin install/update downloads plugins, which are Lua code' },
  ],
  // -plugin install|remove|update changes the plugins micro loads at every start, in its
  // configuration folder (`~/.config/micro/plug`, or -config-dir's): a write outside the workspace.
  read: (_args, reading) => {
    const plugin = reading.options.find((option) => option.key === 'plugin');
    if (plugin === undefined) return [];
    const verb = plugin.value === null ? null : textOf(plugin.value);
    if (verb !== null && !/^(?:install|remove|update)$/.test(verb)) return [];
    const dir = reading.options.find((option) => option.key === 'config-dir')?.value;
    const folder = (dir === undefined || dir === null ? null : textOf(dir)) ?? '~/.config/micro';
    return [writes('micro', plugin.name, `${folder.replace(/\/+$/, '')}/plug`, 'tree', `micro -plugin ${verb ?? 'VERB'} changes the plugins (Lua code) micro loads at every start`)];
  },
  plain: ['file.txt', 'main.go:10', '+12 notes.md', '-version'],
};

const KAK_ROW: ProgramRow = {
  names: ['kak'],
  category: 'editor',
  what: 'the Kakoune text editor',
  grammar: { singleDash: true, abbreviations: false, long: { ...valued('c', 'e', 'E', 's', 'p', 'f', 'i', 'ui', 'debug'), ...flagged('n', 'd', 'l', 'clear', 'ro', 'version', 'help', 'q') } },
  options: [
    { role: 'executor', options: ['-e', '-E'], payload: 'code', example: 'nop %sh{id}', note: '-e and -E run editor commands at start-up, and %sh{…} in them runs the shell' },
    { role: 'executor', options: ['-f'], payload: 'code', example: 'gg', note: '-f applies the given keys to each file (filter mode), and keys can run editor and shell commands' },
    { role: 'executor', options: ['-p'], note: '-p sends the editor commands read from standard input to a running session' },
    { role: 'writer', options: ['-i'], note: '-i keeps a backup of each file filtered with -f, named with the given suffix' },
  ],
  plain: ['file.txt', '-n file.txt', '-ro README.md', '+10 src/main.rs', '-version', '-l'],
};

const HX_ROW: ProgramRow = {
  names: ['hx', 'helix'],
  category: 'editor',
  what: 'the Helix text editor',
  grammar: { short: 'cgw', flags: 'hVv', long: { ...valued('config', 'log', 'grammar', 'working-dir'), ...flagged('help', 'version', 'tutor', 'vsplit', 'hsplit'), health: 'optional' }, abbreviations: false },
  options: [
    { role: 'loader', options: ['-c', '--config'], note: '-c reads the named configuration (key bindings can run shell commands)' },
    { role: 'writer', options: ['--log'], note: '--log writes the log to the named file' },
    { role: 'executor', options: ['-g', '--grammar'], when: (v) => v !== null ? /^(?:fetch|build)$/.test(v) : true, example: 'build', note: '--grammar fetch clones grammar repositories from the network and --grammar build compiles them' },
  ],
  plain: ['file.txt', 'src/main.rs:10', '--health', '--version', '-w src file.txt'],
};

// ---------------------------------------------------------------------------------------------
// Pagers
// ---------------------------------------------------------------------------------------------

/**
 * less: its shell (`!`), pipe (`|`), save (`s`) and editor (`v`) keys are typed by a person. What
 * makes less run programs unasked comes from the environment (`LESSOPEN`, `VISUAL`, `LESSKEY`),
 * which the allow matcher refuses as a leading assignment (D§4.3), or from `~/.lessfilter`.
 */
const LESS_ROW: ProgramRow = {
  names: ['less', 'zless'],
  category: 'pager',
  what: 'the less pager (zless: less on compressed files)',
  readOnly: false /* pages its output: keys typed into a pager can run a shell */,
  grammar: {
    short: 'bhjkoOpPtTxyzD"#',
    flags: 'aABcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX~?',
    long: {
      ...valued('buffers', 'max-back-scroll', 'jump-target', 'lesskey-file', 'lesskey-src', 'lesskey-content', 'log-file', 'LOG-FILE', 'pattern', 'prompt', 'tag',
        'tag-file', 'tabs', 'max-forw-scroll', 'window', 'quotes', 'shift', 'color', 'line-num-width', 'rscroll', 'status-col-width', 'wheel-lines', 'header', 'intr',
        'search-options', 'modelines', 'autosave', 'match-shift', 'proc-backspace', 'proc-tab', 'proc-return'),
      ...flagged('help', 'search-skip-screen', 'SEARCH-SKIP-SCREEN', 'auto-buffers', 'clear-screen', 'CLEAR-SCREEN', 'dumb', 'quit-at-eof', 'QUIT-AT-EOF', 'force',
        'quit-if-one-screen', 'hilite-search', 'HILITE-SEARCH', 'ignore-case', 'IGNORE-CASE', 'status-column', 'quit-on-intr', 'no-lessopen', 'long-prompt',
        'LONG-PROMPT', 'line-numbers', 'LINE-NUMBERS', 'quiet', 'QUIET', 'silent', 'SILENT', 'raw-control-chars', 'RAW-CONTROL-CHARS', 'squeeze-blank-lines',
        'chop-long-lines', 'underline-special', 'UNDERLINE-SPECIAL', 'version', 'hilite-unread', 'HILITE-UNREAD', 'no-init', 'tilde', 'file-size', 'follow-name',
        'incsearch', 'mouse', 'MOUSE', 'no-keypad', 'no-histdups', 'save-marks', 'use-backslash', 'use-color', 'exit-follow-on-close', 'no-number-headers',
        'no-search-headers', 'no-vbell', 'redraw-on-quit', 'show-preproc-errors', 'no-edit-warn', 'no-paste', 'form-feed', 'wordwrap'),
    },
  },
  options: [
    { role: 'writer', options: ['-o', '-O', '--log-file', '--LOG-FILE'], note: '-o and -O copy what less shows into the named log file' },
    { role: 'loader', options: ['-k', '--lesskey-file', '--lesskey-src', '--lesskey-content'], note: '-k and --lesskey-* load key bindings and environment settings, which can make less start commands' },
  ],
  operands: [
    {
      role: 'executor', operand: 'every', when: (t) => t === null || (t.startsWith('+') && !/^\+{1,2}(?:\d*|G|g|F|\/[^/\\|!]*)$/.test(t)), payload: 'code', example: '+!id',
      note: 'a +command operand is run as a less command at start-up, and a less command can start a shell',
    },
  ],
  plain: ['file.txt', '-R build.log', '-N +42 src/main.c', '+G app.log', '-S --mouse data.csv', '--version', '-p ERROR app.log'],
};

const MORE_ROW: ProgramRow = {
  names: ['more', 'zmore'],
  category: 'pager',
  what: 'the more pager (zmore: more on compressed files); its shell escape is a key typed by a person',
  readOnly: false /* pages its output: keys typed into a pager can run a shell */,
  grammar: { short: 'n', flags: 'dflcpesuhV0123456789', long: { lines: 'value', ...flagged('silent', 'logical', 'no-pause', 'print-over', 'clean-print', 'exit-on-eof', 'squeeze', 'plain', 'help', 'version') } },
  plain: ['file.txt', '+42 file.txt', '+/ERROR app.log', '-d -s notes.txt', '--version'],
};

const MOST_ROW: ProgramRow = {
  names: ['most'],
  category: 'pager',
  what: 'the most pager; its shell escape is a key typed by a person',
  readOnly: false /* pages its output: keys typed into a pager can run a shell */,
  grammar: { flags: '1bCcdkMrstuvwz' },
  plain: ['file.txt', '+42 file.txt', '-s notes.txt'],
};

const PG_ROW: ProgramRow = {
  names: ['pg'],
  category: 'pager',
  what: 'the pg pager; its shell escape is a key typed by a person',
  readOnly: false /* pages its output: keys typed into a pager can run a shell */,
  grammar: { short: 'p', flags: 'cefnrsh0123456789', long: flagged('help', 'version') },
  plain: ['file.txt', '+10 file.txt', '-p "page %d" notes.txt'],
};

const XMORE_ROW: ProgramRow = {
  names: ['xmore'],
  category: 'pager',
  what: 'the X11 file viewer xmore',
  grammar: { singleDash: true, long: valued('display', 'geometry', 'xrm', 'fn', 'font', 'bg', 'fg', 'title', 'name') },
  plain: ['file.txt', '-geometry 80x40 notes.txt'],
};

/** groff devices that only write text to standard output (the others run a post-processor or a viewer). */
const MAN_TEXT_DEVICES = new Set(['ascii', 'latin1', 'utf8', 'cp1047']);

/**
 * man-db 2.x. Read-only (docs/decisions.md, "More everyday read-only forms"): it formats a page
 * and prints it; the gate's runners set `MANPAGER`/`PAGER` to `cat`, and a man whose output is no
 * terminal does not page at all, so no pager waits for keys. What an entry must spell: another pager (`-P`, anything
 * but `cat`), a browser or viewer (`-H`, `-X`, a `-T` device that is not text), preprocessors
 * picked by hand (`-p`: grap and vgrind run outside groff's safe mode), another configuration
 * (`-C`: its `DEFINE`s name the programs man runs), pages from files or folders the gate has not
 * read (`-l`, `-M`, an operand with a `/`: a page's first line picks its preprocessors too), and
 * the cache writes (`-c`, `-u`). `~/.manpath`, whose `DEFINE`s every later `man` obeys, is a
 * protected path.
 */
const MAN_ROW: ProgramRow = {
  names: ['man'],
  category: 'pager',
  what: 'the manual page reader',
  readOnly: true,
  grammar: {
    short: 'CeELmMpPrRsS',
    shortAttached: 'HXT',
    flags: 'dDfkKlwWciIauVtZ7?h',
    long: {
      ...valued('config-file', 'recode', 'locale', 'systems', 'manpath', 'sections', 'extension', 'pager', 'prompt', 'encoding', 'preprocessor'),
      ...flagged('debug', 'default', 'whatis', 'apropos', 'global-apropos', 'local-file', 'where', 'path', 'location', 'where-cat', 'location-cat', 'catman',
        'ignore-case', 'match-case', 'regex', 'wildcard', 'names-only', 'all', 'update', 'no-subpages', 'ascii', 'no-hyphenation', 'nh', 'no-justification', 'nj',
        'troff', 'ditroff', 'help', 'usage', 'version'),
      warnings: 'optional', 'troff-device': 'optional', html: 'optional', gxditview: 'optional',
    },
  },
  options: [
    { role: 'executor', options: ['-P', '--pager'], when: (v) => v === null || v.trim() !== 'cat', payload: 'shell-text', example: 'sh -c id', note: '-P names the pager man starts, given as shell text' },
    { role: 'executor', options: ['-H', '--html'], payload: 'shell-text', example: 'firefox', note: '-H formats the page as HTML and starts a browser (the named one, or the default)' },
    { role: 'executor', options: ['-X', '--gxditview'], note: '-X formats the page with groff and starts the gxditview X viewer' },
    { role: 'executor', options: ['-T', '--troff-device'], when: (v) => v === null || !MAN_TEXT_DEVICES.has(v), example: 'X75', note: '-T with a device that is not text runs its post-processor or viewer (X75 starts gxditview, html runs grohtml and its image tools)' },
    { role: 'executor', options: ['-p', '--preprocessor'], example: 'g', note: '-p picks the preprocessors run on the page (eqn, pic, tbl, grap, refer, vgrind); grap and vgrind run outside groff\'s safe mode' },
    { role: 'loader', options: ['-C', '--config-file'], note: '-C reads another man configuration, which names the pagers and formatters man runs' },
    { role: 'loader', options: ['-l', '--local-file'], note: '-l formats a file the gate has not read; its first line picks the preprocessors run on it' },
    { role: 'loader', options: ['-M', '--manpath'], example: './man', note: '-M takes pages from other folders; a page\'s first line picks the preprocessors run on it' },
    { role: 'writer', options: ['-c', '--catman', '-u', '--update'], note: '-c and -u write man\'s caches (formatted pages, the index)' },
  ],
  operands: [{ role: 'loader', operand: 'every', when: (v) => v === null || v.includes('/'), example: './page.1', note: 'a page name with a / is a file man formats; its first line picks the preprocessors run on it' }],
  plain: ['ls', '3 printf', '-k socket', '-f grep', '-w git', '--version', 'git-commit', '-P cat ls', '-Tutf8 ls', 'basename'],
};

const INFO_ROW: ProgramRow = {
  names: ['info'],
  category: 'pager',
  what: 'the GNU Info documentation reader',
  readOnly: false /* pages its output: keys typed into a pager can run a shell */,
  grammar: {
    short: 'dfknovx',
    flags: 'aOrRwhV',
    long: {
      ...valued('directory', 'dribble', 'file', 'apropos', 'node', 'output', 'restore', 'variable', 'debug', 'init-file', 'index-search'),
      ...flagged('all', 'show-options', 'usage', 'raw-escapes', 'no-raw-escapes', 'where', 'location', 'vi-keys', 'strict-node-location', 'subnodes', 'help', 'version'),
    },
  },
  options: [
    { role: 'writer', options: ['-o', '--output', '--dribble'], when: (v) => v !== '-', example: 'out.txt', note: '-o and --dribble write the nodes shown, or the keys typed, to the named file' },
    { role: 'loader', options: ['--restore', '--init-file'], note: '--restore replays keystrokes from a file and --init-file loads key bindings and settings' },
  ],
  plain: ['coreutils', 'grep', '--apropos=regex', 'bash "Shell Builtin Commands"', '-w gawk', '--version', '-o - coreutils'],
};

const UL_ROW: ProgramRow = {
  names: ['ul'],
  category: 'pager',
  what: 'ul, which turns backspace underlining into terminal underlining',
  readOnly: true,
  grammar: { short: 't', flags: 'ihV', long: { terminal: 'value', ...flagged('indicated', 'help', 'version') } },
  plain: ['file.txt', '-i page.txt', '-t dumb file.txt'],
};

// ---------------------------------------------------------------------------------------------
// Text web browsers
// ---------------------------------------------------------------------------------------------

const BROWSE_URL = (what: string): OperandRole => ({
  role: 'network', operand: 'every', when: looksLikeUrl, everyday: true, example: 'https://example.com/',
  note: `${what} fetches the page at the URL operand`,
});

/** w3m options that only change the display (anything else may name a program or a file). */
const W3M_HARMLESS_OPTION = /^(?:display_\w+|\w+_charset|tabstop|indent_incr|pixel_per_\w+|color|basic_color|anchor_color|image_color|form_color|mark_color|bg_color|active_color|visited_color|active_style|visited_anchor|use_cookie|accept_cookie|confirm_qq|show_lnum|decode_url|auto_image|max_load_image|frame|pagerline|use_history|wrap_search|ignorecase_search|label_topline|nextpage_topline|fold_line|fold_textarea|show_srch_str|use_mouse|tabbar_\w+|open_tab_\w+|close_tab_back|multicol|alt_entity|graphic_char|display_borders|disable_center|view_unseenobject|ignore_null_img_alt|space_autocomplete|retry_http|no_cache|follow_redirection|meta_refresh|user_agent|accept_language|accept_encoding|accept_media)=/;

const W3M_ROW: ProgramRow = {
  names: ['w3m'],
  category: 'network',
  what: 'the w3m text web browser and pager',
  grammar: {
    singleDash: true,
    abbreviations: false,
    long: {
      ...valued('T', 'I', 'O', 'o', 'config', 'bookmark', 'cols', 'ppc', 'ppl', 'title', 'header', 'post', 'l', 't', 'cookie-file', 'debug'),
      ...flagged('dump', 'dump_source', 'dump_head', 'dump_both', 'dump_extra', 'halfdump', 'M', 'B', 'F', 'S', 's', 'e', 'j', 'N', 'cookie', 'no-cookie', 'graph', 'no-graph',
        'm', 'r', 'num', 'X', 'W', 'no-mouse', 'reqlog', 'v', 'h', 'help', 'version', 'show-option', 'no-proxy', '4', '6', 'insecure'),
    },
  },
  options: [
    { role: 'executor', options: ['-o'], when: (v) => v === null || !W3M_HARMLESS_OPTION.test(v), example: 'editor=sh -c id', note: '-o sets an option, and options such as editor, mailer and extbrowser name programs w3m runs' },
    { role: 'loader', options: ['-config'], note: '-config reads another configuration, which can name programs and files to load' },
    { role: 'network', options: ['-post'], note: '-post sends the contents of the named file to the URL' },
    { role: 'writer', options: ['-reqlog'], note: '-reqlog writes every request to a log file' },
  ],
  operands: [BROWSE_URL('w3m')],
  plain: ['README.html', '-dump page.html', '-T text/html -dump notes.html', '-version'],
};

const LINKS_ROW: ProgramRow = {
  names: ['links', 'links2', 'xlinks2'],
  category: 'network',
  what: 'the Links text (and graphics) web browser',
  grammar: {
    singleDash: true,
    abbreviations: false,
    long: {
      ...valued('width', 'codepage', 'language', 'driver', 'mode', 'base-session', 'max-connections', 'max-connections-to-host', 'retries', 'receive-timeout',
        'unrestartable-receive-timeout', 'format-cache-size', 'memory-cache-size', 'image-cache-size', 'font-cache-size', 'http-proxy', 'ftp-proxy', 'https-proxy',
        'socks-proxy', 'append-text-to-dns-lookups', 'download-dir', 'bind-address', 'bind-address-ipv6', 'ssl.certificates', 'ssl.client-cert-key', 'ssl.client-cert-crt',
        'ssl.client-cert-password', 'http.fake-user-agent', 'http.fake-referer', 'http-bugs.bug-302-redirect', 'display', 'html-numbered-links', 'dump-width', 'dump-charset'),
      ...flagged('dump', 'source', 'g', 'no-g', 'no-connect', 'anonymous', 'async-dns', 'force-html', 'localhost', 'version', 'help', 'no-libevent', 'only-proxies',
        'html-images', 'html-tables', 'html-frames'),
    },
  },
  options: [
    { role: 'writer', options: ['-download-dir', '--download-dir'], note: '-download-dir names the folder downloads are saved in' },
    { role: 'network', options: dashed('http-proxy', 'https-proxy', 'ftp-proxy', 'socks-proxy'), example: 'proxy.example:3128', note: 'the proxy options send every request through the named host' },
  ],
  operands: [BROWSE_URL('links')],
  plain: ['index.html', '-dump page.html', '-width 100 -dump notes.html', '-version'],
};

const LYNX_ROW: ProgramRow = {
  names: ['lynx'],
  category: 'network',
  what: 'the Lynx text web browser',
  grammar: {
    singleDash: true,
    abbreviations: false,
    long: {
      ...valued('cmd_script', 'cmd_log', 'cfg', 'lss', 'editor', 'cookie_file', 'cookie_save_file', 'display', 'width', 'useragent', 'auth', 'pauth', 'term', 'index',
        'homepage', 'restrictions', 'assume_charset', 'assume_local_charset', 'assume_unrec_charset', 'display_charset', 'book', 'connect_timeout', 'read_timeout',
        'delay', 'dump_width', 'hiddenlinks', 'link', 'tlog',
        'trace_mask', 'selective', 'nolog', 'xhtml_parsing', 'scrollbar', 'scrollbar_arrow', 'short_url', 'justify', 'list_inline', 'unique_urls', 'syslog', 'syslog_urls'),
      ...flagged('dump', 'source', 'crawl', 'traversal', 'trace', 'anonymous', 'nobrowse', 'accept_all_cookies', 'stdin', 'listonly', 'nolist', 'noreferer', 'version',
        'help', 'exec', 'noexec', 'locexec', 'nopause', 'head', 'mime_header', 'noprint', 'nocolor', 'color', 'underscore', 'vikeys', 'emacskeys', 'force_html', 'cache',
        'validate', 'nofilereferer', 'reload', 'show_cursor', 'localhost', 'image_links', 'nomargins', 'post_data', 'get_data', 'rlogin', 'telnet', 'lineread', 'stack_dump', 'soft_dquotes', 'tna', 'use_mouse', 'verbose', 'wdebug'),
    },
  },
  options: [
    { role: 'loader', options: ['-cmd_script', '--cmd_script'], note: '-cmd_script replays keystrokes from the named file' },
    { role: 'loader', options: ['-cfg', '--cfg', '-lss', '--lss'], note: '-cfg reads another lynx.cfg, which names programs lynx runs (editor, printer, downloader)' },
    { role: 'executor', options: ['-editor', '--editor'], payload: 'program', example: 'vi', note: '-editor names the program lynx starts to edit text' },
    { role: 'executor', options: ['-exec', '--exec', '-locexec', '--locexec'], note: '-exec and -locexec let pages start local programs' },
    { role: 'writer', options: dashed('cmd_log', 'cookie_save_file'), note: '-cmd_log and -cookie_save_file write keystrokes or cookies to the named file' },
    { role: 'writer', options: dashed('traversal', 'crawl', 'trace'), note: '-traversal, -crawl and -trace write page dumps, link lists or a trace file into the folder' },
  ],
  operands: [BROWSE_URL('lynx')],
  plain: ['index.html', '-dump page.html', '-dump -width=120 notes.html', '-version'],
};

const ELINKS_ROW: ProgramRow = {
  names: ['elinks'],
  category: 'network',
  what: 'the ELinks text web browser',
  grammar: {
    singleDash: true,
    abbreviations: false,
    long: {
      ...valued('base-session', 'config-dir', 'config-file', 'default-mime-type', 'dump-charset', 'dump-color-mode', 'dump-width', 'eval', 'lookup', 'remote', 'session-ring', 'verbose'),
      ...flagged('anonymous', 'auto-submit', 'config-dump', 'config-help', 'dump', 'force-html', 'help', 'long-help', 'localhost', 'no-connect', 'no-home', 'no-numbering',
        'no-references', 'source', 'stdin', 'touch-files', 'version', 'h', 'config-export'),
    },
  },
  options: [
    { role: 'loader', options: dashed('eval', 'config-dir', 'config-file'), example: 'set mime.handler.x.unix.program = "sh"', note: '-eval and -config-* set configuration, and configured handlers name programs elinks runs' },
    { role: 'executor', options: dashed('remote'), payload: 'code', example: 'openURL(http://example.com)', note: '-remote sends a command to a running ELinks' },
    { role: 'writer', options: dashed('touch-files'), note: '-touch-files creates the configuration and history files' },
  ],
  operands: [BROWSE_URL('elinks')],
  plain: ['index.html', '-dump page.html', '-dump -no-numbering notes.html', '-version'],
};

// ---------------------------------------------------------------------------------------------
// File managers and terminal tools
// ---------------------------------------------------------------------------------------------

/** ranger's shell key (`S`, `!`) is typed by a person; --cmd and the configuration are what run unasked. */
const RANGER_ROW: ProgramRow = {
  names: ['ranger'],
  category: 'file',
  what: 'the ranger terminal file manager',
  grammar: {
    short: 'r',
    flags: 'cdhv',
    long: {
      ...valued('confdir', 'datadir', 'copy-config', 'choosefile', 'choosefiles', 'choosedir', 'selectfile', 'list-tagged-files', 'cmd', 'logfile', 'profile'),
      ...flagged('clean', 'debug', 'version', 'help', 'show-only-dirs', 'list-unused-keys'),
    },
  },
  options: [
    { role: 'executor', options: ['--cmd'], payload: 'shell-text', payloadText: (v) => /^shell\s+(?:-\w+\s+)*(.*)$/.exec(v)?.[1] ?? null, example: 'shell id', note: '--cmd runs a ranger command at start-up, and ranger commands can run the shell' },
    { role: 'loader', options: ['-r', '--confdir'], note: '-r reads configuration from the named folder, including commands.py, which is Python code' },
    { role: 'writer', options: ['--choosefile', '--choosefiles', '--choosedir', '--logfile'], note: 'these options write the chosen paths or a log to files' },
    // --copy-config=WHICH names which default files (rc, rifle, commands, scope, all) to copy into
    // ranger's configuration folder, not a path.
    { role: 'writer', options: ['--copy-config'], target: 'tree', targetText: () => '~/.config/ranger', example: 'rifle', note: '--copy-config writes default configuration files into ~/.config/ranger' },
  ],
  plain: ['', 'src', '--version', '-c ~/projects'],
};

const MC_ROW: ProgramRow = {
  names: ['mc', 'mcedit', 'mcview'],
  category: 'file',
  what: 'Midnight Commander, the terminal file manager (mcedit and mcview: its editor and viewer)',
  grammar: {
    short: 'CKlPSD',
    flags: 'evxbcdfFgkstuUVXah',
    long: {
      ...valued('colors', 'keymap', 'ftplog', 'printwd', 'skin', 'debuglevel'),
      ...flagged('edit', 'view', 'xterm', 'nocolor', 'color', 'nomouse', 'datadir', 'datadir-info', 'oldmouse', 'resetsoft', 'slow', 'termcap', 'nosubshell', 'subshell',
        'version', 'no-x11', 'stickchars', 'configure-options', 'help', 'help-all', 'help-terminal', 'help-color'),
    },
    abbreviations: false,
  },
  options: [
    { role: 'writer', options: ['-l', '--ftplog', '-P', '--printwd'], note: '-l logs the FTP dialogue and -P writes the last folder to the named file' },
  ],
  operands: [
    { role: 'network', operand: 'every', when: (t) => t === null || /^(?:ftp|sftp|sh|fish|smb):\/\//.test(t), example: 'sftp://host/srv', note: 'a remote folder operand makes mc log in to that host (sh:// runs a shell there)' },
  ],
  // MinIO's client shares the name: Midnight Commander takes folders, never a verb, so a first
  // operand that is one of MinIO's verbs is MinIO's command line.
  read: (_args, reading) => {
    const verb = textOf(reading.operands[0] ?? null);
    if (verb === 'cp' || verb === 'mv' || verb === 'mirror' || verb === 'put') {
      // Every operand but the target is a source, sent to the object store.
      return reading.operands.slice(1, -1).map((word, k) => ({ role: 'network' as const, program: 'mc', trigger: verb, index: reading.operandIndexes[k + 1]!, value: word, sends: true, everyday: true, note: `mc ${verb} (MinIO's client) sends its sources to an object store` }));
    }
    if (verb === 'alias' && ['set', 'remove', 'rm', 'import'].includes(textOf(reading.operands[1] ?? null) ?? '')) {
      return [writes('mc', 'alias', '~/.mc/config.json', 'file', 'mc alias (MinIO\'s client) rewrites its hosts and keys in ~/.mc/config.json')];
    }
    return [];
  },
  plain: ['', 'src', '-e file.txt', '-v log.txt', '--version', '-b .', 'ls play/bucket', 'alias list'],
};

const NNN_ROW: ProgramRow = {
  names: ['nnn'],
  category: 'file',
  what: 'the nnn terminal file manager',
  grammar: { short: 'bFlpPsTt', flags: 'aABcCdDeEfgHiJKnoQrRSuUVx0h' },
  options: [
    { role: 'writer', options: ['-p'], when: (v) => v !== '-', example: 'picked.txt', note: '-p writes the picked paths to the named file' },
    { role: 'loader', options: ['-P'], note: '-P starts the plugin bound to that key, a program from the plugin folder' },
  ],
  plain: ['', 'src', '-d -H', '-V', '-p - src'],
};

const VIFM_ROW: ProgramRow = {
  names: ['vifm'],
  category: 'file',
  what: 'the vifm terminal file manager',
  grammar: {
    short: 'c',
    flags: 'fhv',
    long: {
      ...valued('select', 'choose-files', 'choose-dir', 'delimiter', 'on-choose', 'server-name', 'remote-expr', 'plugins-dir'),
      ...flagged('help', 'version', 'remote', 'server-list', 'no-configs'),
      logging: 'optional',
    },
  },
  options: [
    { role: 'executor', options: ['-c'], payload: 'shell-text', payloadText: (v) => (/^:?!/.test(v) ? v.replace(/^:?!/, '') : null), example: '!id', note: '-c runs a vifm command at start-up, and vifm commands can run the shell' },
    { role: 'executor', options: ['--on-choose'], payload: 'shell-text', example: 'id', note: '--on-choose names shell text run on the chosen files' },
    { role: 'executor', options: ['--remote-expr'], payload: 'code', note: '--remote-expr has a running vifm evaluate an expression' },
    { role: 'executor', options: ['--remote'], note: '--remote sends the commands that follow to a running vifm' },
    { role: 'writer', options: ['--choose-files', '--choose-dir', '--logging'], when: (v) => v !== '-', example: 'out.txt', note: '--choose-* and --logging write the chosen paths or a log to the named file' },
    { role: 'loader', options: ['--plugins-dir'], note: '--plugins-dir loads Lua plugins from the named folder' },
  ],
  operands: [
    { role: 'executor', operand: 'every', when: (t) => t === null || (t.startsWith('+') && !/^\+\d*$/.test(t)), payload: 'shell-text', payloadText: (t) => (/^\+:?!/.test(t) ? t.replace(/^\+:?!/, '') : null), example: '+!id', note: 'a +command operand runs a vifm command at start-up' },
  ],
  plain: ['', 'src', 'src ~/Downloads', '--version', '--choose-files - src'],
};

const FZF_VALUED = valued(
  'query', 'q', 'delimiter', 'd', 'nth', 'n', 'with-nth', 'accept-nth', 'tiebreak', 'height', 'min-height', 'layout', 'margin', 'padding', 'info', 'prompt', 'pointer',
  'marker', 'header', 'header-lines', 'color', 'tabstop', 'scheme', 'algo', 'bind', 'preview', 'preview-window', 'preview-label', 'preview-label-pos', 'border-label',
  'border-label-pos', 'history', 'history-size', 'expect', 'filter', 'f', 'with-shell', 'walker', 'walker-root', 'walker-skip', 'jump-labels', 'ellipsis', 'scrollbar',
  'separator', 'gap', 'freeze-left', 'freeze-right', 'style', 'list-border', 'list-label', 'input-border', 'input-label', 'header-border', 'header-label', 'ghost',
  'api-key', 'marker-multi-line', 'info-command', 'wrap-sign', 'gutter', 'id-nth', 'nth-style',
);
const FZF_ROW: ProgramRow = {
  names: ['fzf'],
  category: 'file',
  what: 'the fzf fuzzy finder',
  passesInput: true,
  grammar: {
    short: 'qdnf',
    flags: 'mexi10',
    long: {
      ...FZF_VALUED,
      ...flagged('multi', 'm', 'no-multi', 'exact', 'e', 'i', 'ignore-case', 'no-ignore-case', 'smart-case', 'extended', 'x', 'no-extended', 'tac', 'no-sort', 'cycle',
        'keep-right', 'no-mouse', 'select-1', '1', 'exit-0', '0', 'print-query', 'read0', 'print0', 'sync', 'ansi', 'no-hscroll', 'hscroll-off', 'filepath-word',
        'no-bold', 'black', 'reverse', 'inline-info', 'no-info', 'no-separator', 'no-scrollbar', 'header-first', 'bash', 'zsh', 'fish', 'man', 'version', 'help',
        'literal', 'no-unicode', 'highlight-line', 'wrap', 'raw', 'track', 'disabled', 'phony', 'print', 'no-input', 'multi-line', 'no-multi-line', 'border'),
      listen: 'optional', 'listen-unsafe': 'optional', tmux: 'optional',
    },
    abbreviations: false,
  },
  options: [
    { role: 'executor', options: ['--bind'], when: (v) => v === null || /execute|become|reload|preview|transform|change-preview|bg-transform|search\(|print\(/.test(v), payload: 'shell-text', example: 'start:execute(id)', note: '--bind with execute, become, reload or preview actions runs shell commands, some as soon as fzf starts' },
    { role: 'executor', options: ['--preview'], payload: 'shell-text', example: 'cat {}', note: '--preview runs the given shell text for the highlighted line' },
    { role: 'executor', options: ['--with-shell'], payload: 'program', example: 'bash -c', note: '--with-shell names the shell that runs the preview and bound commands' },
    { role: 'listener', options: ['--listen', '--listen-unsafe'], note: '--listen opens an HTTP port through which others can send fzf actions, commands included' },
    { role: 'writer', options: ['--history'], note: '--history records the queries in the named file' },
  ],
  plain: ['', '--filter main', '-q test --select-1', '--multi --height 40%', '--version', '--bind ctrl-a:select-all'],
};

const DIALOG_COMMON = {
  ...valued('backtitle', 'title', 'ok-label', 'cancel-label', 'exit-label', 'extra-label', 'help-label', 'no-label', 'yes-label', 'default-item', 'default-button',
    'separator', 'output-separator', 'output-fd', 'input-fd', 'timeout', 'sleep', 'tab-len', 'max-input', 'aspect', 'hfile', 'hline', 'column-separator', 'date-format',
    'time-format', 'week-start', 'trace', 'create-rc', 'file', 'colors', 'ok-button', 'cancel-button', 'yes-button', 'no-button'),
};

const DIALOG_ROW: ProgramRow = {
  names: ['dialog', 'cdialog'],
  category: 'misc',
  what: 'dialog, which shows dialog boxes in the terminal for shell scripts',
  grammar: { long: { ...DIALOG_COMMON, ...flagged('stdout', 'stderr', 'clear', 'defaultno', 'no-collapse', 'trim', 'keep-tite', 'no-kill', 'no-shadow', 'shadow', 'print-maxsize', 'print-version', 'version', 'help', 'iso-week', 'insecure', 'ascii-lines', 'no-lines', 'cr-wrap', 'scrollbar', 'programbox', 'progressbox', 'prgbox', 'msgbox', 'yesno', 'inputbox', 'menu', 'checklist', 'radiolist', 'textbox', 'tailbox', 'gauge', 'editbox', 'fselect', 'dselect', 'calendar', 'timebox', 'passwordbox', 'infobox', 'pause', 'mixedgauge', 'rangebox', 'buildlist', 'treeview', 'form', 'mixedform', 'passwordform', 'inputmenu') } },
  options: [
    { role: 'executor', options: ['--prgbox'], payload: 'shell-text', note: '--prgbox runs the command given after it and shows its output' },
    { role: 'writer', options: ['--trace', '--create-rc'], note: '--trace and --create-rc write a trace or a configuration to the named file' },
    { role: 'loader', options: ['--file'], note: '--file reads more options from the named file' },
  ],
  plain: ['--msgbox hello 6 30', '--yesno "Continue?" 7 40', '--stdout --inputbox Name 8 40', '--textbox README 20 70', '--version'],
};

const WHIPTAIL_ROW: ProgramRow = {
  names: ['whiptail'],
  category: 'misc',
  what: 'whiptail, which shows dialog boxes in the terminal for shell scripts',
  grammar: { long: { ...DIALOG_COMMON, ...flagged('clear', 'defaultno', 'fb', 'fullbuttons', 'nocancel', 'noitem', 'notags', 'scrolltext', 'separate-output', 'topleft', 'version', 'help', 'msgbox', 'yesno', 'infobox', 'inputbox', 'passwordbox', 'textbox', 'menu', 'checklist', 'radiolist', 'gauge') } },
  plain: ['--msgbox hello 8 40', '--yesno "Continue?" 8 40', '--title Setup --inputbox Name 8 40 3>&1 1>&2 2>&3', '--textbox README 20 70'],
};

// ---------------------------------------------------------------------------------------------
// Debuggers and tracers
// ---------------------------------------------------------------------------------------------

type DebuggerClass = 'shell' | 'code' | 'loader' | 'writer' | 'network' | 'destructive' | 'safe';

/** What one gdb command line does, as far as the start-up options care. */
export function gdbCommandClass(command: string | null): DebuggerClass {
  if (command === null) return 'shell';
  const cmd = command.trim();
  if (/\$_shell\b/.test(cmd)) return 'shell';
  if (/^(?:!|\||she(?:l(?:l)?)?(?:\s|$)|pipe(?:\s|$))/.test(cmd)) return 'shell';
  if (/^(?:python|py|pi|python-interactive|guile|gu|guile-repl|gr|compile|expression|call|define|document|eval|alias|init-if-undefined|jit-reader-load|add-auto-load-safe-path|add-auto-load-scripts-directory|plugin|load)(?:\s|$)/.test(cmd)) return 'code';
  if (/^(?:source|so|file|exec-file|symbol-file|add-symbol-file|core-file|core|directory|dir|sharedlibrary)(?:\s|$)/.test(cmd)) return /^(?:source|so)(?:\s|$)/.test(cmd) ? 'loader' : 'safe';
  if (/^(?:dump|append|restore|gcore|generate-core-file|save|tee|set\s+logging|record\s+save|set\s+(?:history\s+filename|trace-commands))(?:\s|$)/.test(cmd)) return 'writer';
  if (/^(?:target|tar)\s+(?:remote|extended-remote|ext)\b/.test(cmd)) return 'network';
  if (/^(?:attach|at)(?:\s|$)/.test(cmd)) return 'destructive';
  const threadApply = /^(?:thread|t|frame)\s+apply\s+(?:all|[\d\s.-]+)\s*(?:-\w+\s+)*(.*)$/.exec(cmd);
  if (threadApply) return gdbCommandClass(threadApply[1]!);
  // An expression that calls a function runs code in the program (`break f if system("…")`,
  // `x/s getenv("X")`); the commands that only name functions or types do not evaluate one.
  if (/[A-Za-z_$][\w$]*\s*\(/.test(cmd) && !/^(?:info|i|list|l|disassemble|disas|bt|backtrace|where|help|h|apropos|echo|show|ptype|whatis)(?:\s|\/|$)/.test(cmd)) return 'code';
  if (/^(?:bt|backtrace|where|info|i|list|l|disassemble|disas|x(?:\/\S*)?|frame|f|up|down|quit|q|continue|c|cont|next|n|step|s|stepi|si|nexti|ni|finish|fin|kill|k|break|b|br|tbreak|delete|d|thread|echo|show|ptype|whatis|display|undisplay|watch|rwatch|awatch|catch|tcatch|detach|help|h|apropos|until|u|advance|signal|handle|inferior|maint\s+info|sharedlibrary|info\s+\w+)(?:\s|\/|$)/.test(cmd)) return 'safe';
  if (/^(?:run|r|start|starti)$/.test(cmd)) return 'safe';
  if (/^(?:print|p|output|printf|inspect)(?:\s|\/|$)/.test(cmd) && !cmd.includes('(')) return 'safe';
  if (/^set\s+(?:pagination|confirm|width|height|print|verbose|style|listsize|disassembly-flavor|breakpoint|step-mode|scheduler-locking|follow-fork-mode|detach-on-fork|non-stop|startup-with-shell|debuginfod\s+enabled\s+off|auto-load\s+off)\b/.test(cmd)) return 'safe';
  return 'code';
}

/** The shell text of a gdb `!cmd`, `shell cmd` or `pipe … | cmd` command. */
export function gdbShellText(command: string): string | null {
  const cmd = command.trim();
  const bang = /^(?:!|she(?:l(?:l)?)?\s+)/.exec(cmd);
  if (bang) return cmd.slice(bang[0].length).trim() || null;
  const pipe = /^(?:pipe\s+|\|\s*)(?:-d\s+(\S+)\s+)?/.exec(cmd);
  if (pipe) {
    const rest = cmd.slice(pipe[0].length);
    const delimiter = pipe[1] ?? '|';
    const at = rest.indexOf(delimiter);
    return at === -1 ? null : rest.slice(at + delimiter.length).trim() || null;
  }
  return null;
}

interface DebuggerExamples { shell: string; code: string; loader: string; writer: string; network: string; destructive: string }

function debuggerCommandRoles(spellings: readonly string[], classify: (v: string | null) => DebuggerClass, shellText: (v: string) => string | null, what: string, ex: DebuggerExamples): OptionRole[] {
  const is = (kind: DebuggerClass) => (v: string | null): boolean => v !== null && classify(v) === kind;
  return [
    { role: 'executor', options: spellings, when: (v) => classify(v) === 'shell', payload: 'shell-text', payloadText: shellText, example: ex.shell, note: `${what} runs a debugger command at start-up; this one runs shell text` },
    { role: 'executor', options: spellings, when: is('code'), payload: 'code', example: ex.code, note: `${what} runs a debugger command at start-up that runs code (a script language, calls into the program, definitions)` },
    { role: 'loader', options: spellings, when: is('loader'), example: ex.loader, note: `${what} runs a debugger command that reads a script of commands` },
    { role: 'writer', options: spellings, when: is('writer'), example: ex.writer, note: `${what} runs a debugger command that writes a file (dump, core, log, saved settings)` },
    { role: 'network', options: spellings, when: is('network'), example: ex.network, note: `${what} runs a debugger command that connects to a remote target` },
    { role: 'destructive', options: spellings, when: is('destructive'), example: ex.destructive, note: `${what} runs a debugger command that attaches to a running process or changes its memory` },
  ];
}

const GDB_EX = dashed('ex', 'iex', 'eiex', 'eval-command', 'init-eval-command', 'early-init-eval-command');
const GDB_X = dashed('x', 'ix', 'eix', 'command', 'init-command', 'early-init-command');

const GDB_ROW: ProgramRow = {
  names: ['gdb', 'gdb-multiarch'],
  category: 'debugger',
  what: 'the GNU debugger',
  // Without a terminal gdb reads its commands (`!cmd` included) from standard input.
  stdinCode: true,
  grammar: {
    singleDash: true,
    long: {
      ...valued('ex', 'iex', 'eiex', 'eval-command', 'init-eval-command', 'early-init-eval-command', 'x', 'ix', 'eix', 'command', 'init-command', 'early-init-command',
        'core', 'c', 'exec', 'e', 'pid', 'p', 'directory', 'd', 'se', 'symbols', 's', 'cd', 'b', 'l', 'D', 'data-directory', 'tty', 't', 'interpreter', 'i', 'annotate', 'baud'),
      ...flagged('args', 'readnow', 'readnever', 'write', 'nh', 'nx', 'n', 'fullname', 'f', 'w', 'nw', 'tui', 'q', 'quiet', 'silent', 'batch', 'batch-silent',
        'return-child-result', 'configuration', 'help', 'h', 'version', 'v', 'dbx', 'epoch', 'statistics', 'async', 'noasync'),
    },
  },
  options: [
    ...debuggerCommandRoles(GDB_EX, gdbCommandClass, gdbShellText, '-ex', { shell: 'shell id', code: 'python import os', loader: 'source cmds.gdb', writer: 'dump memory out.bin 0 8', network: 'target remote host:1234', destructive: 'attach 1' }),
    { role: 'loader', options: GDB_X, note: '-x runs the gdb commands in the named file' },
    { role: 'destructive', options: dashed('p', 'pid'), note: '-p attaches to a running process, which the debugger can then stop and change' },
    { role: 'destructive', options: dashed('c', 'core'), when: (v) => v === null || /^\d+$/.test(v), example: '1234', note: '-c with a process number attaches to that running process' },
    { role: 'writer', options: dashed('write'), note: '--write lets the debugger patch the executable and core files' },
  ],
  operands: [
    { role: 'destructive', operand: 1, when: (t) => t === null || /^\d+$/.test(t), example: '1234', note: 'a process number after the program attaches to that running process' },
  ],
  plain: ['./a.out', '-q ./prog core', '-batch -ex bt ./prog core', '--version', '-nx -batch -ex "thread apply all bt" ./prog core', '-batch -ex run -ex bt --args ./prog'],
};

/** What one lldb command line does, as far as the start-up options care. */
export function lldbCommandClass(command: string | null): DebuggerClass {
  if (command === null) return 'shell';
  const cmd = command.trim();
  if (/^(?:platform\s+shell|shell)(?:\s|$)/.test(cmd)) return 'shell';
  if (/^(?:script|command\s+script|expression|expr|e|call|po|command\s+(?:alias|regex)|plugin\s+load|type\s+\w+\s+add)(?:\s|$)/.test(cmd)) return /^command\s+script\s+import/.test(cmd) ? 'loader' : 'code';
  if (/^(?:command\s+source)(?:\s|$)/.test(cmd)) return 'loader';
  if (/^(?:process\s+save-core|memory\s+read\b.*(?:--outfile|-o\s)|log\s+enable\b.*(?:-f|--file)|settings\s+write|session\s+save|trace\s+save)/.test(cmd)) return 'writer';
  if (/^(?:gdb-remote|process\s+connect|platform\s+connect|kdp-remote)(?:\s|$)/.test(cmd)) return 'network';
  if (/^(?:attach|process\s+attach|memory\s+write|register\s+write)(?:\s|$)/.test(cmd)) return 'destructive';
  // A call in an expression or condition runs code in the program; a breakpoint -C command runs a command later.
  if (/[A-Za-z_$][\w$]*\s*\(/.test(cmd) && !/^(?:image\s+lookup|help|source\s+list|list|l|disassemble|di)(?:\s|$)/.test(cmd)) return 'code';
  if (/^(?:breakpoint|br|b)\b.*\s(?:-C|--command|-F|--python-function|--script-type)\b/.test(cmd)) return 'code';
  if (/^(?:bt|thread\s+(?:backtrace|list|info|select)|frame\s+(?:info|select|variable)|register\s+read|image\s+(?:list|lookup|dump)|disassemble|di|quit|q|exit|continue|c|next|n|step|s|finish|run|r|process\s+(?:launch|status|continue|kill|detach|interrupt)|breakpoint\s+(?:set|list|delete|enable|disable)|b|br|target\s+(?:create|list|select)|source\s+list|list|l|help|version|settings\s+(?:show|set\s+(?:auto-confirm|stop-disassembly-display|target\.x86-disassembly-flavor|use-color))|up|down|f|memory\s+read|x|v|var|frame\s+variable)(?:\s|$)/.test(cmd)) {
    return /^(?:run|r|process\s+launch)\s+\S/.test(cmd) ? 'code' : 'safe';
  }
  if (/^(?:p|print)(?:\s|$)/.test(cmd) && !cmd.includes('(')) return 'safe';
  return 'code';
}

const LLDB_O = ['-o', '-O', '-k', ...dashed('one-line', 'one-line-before-file', 'one-line-on-crash')];
const LLDB_S = ['-s', '-S', '-K', ...dashed('source', 'source-before-file', 'source-on-crash')];

const LLDB_ROW: ProgramRow = {
  names: ['lldb'],
  category: 'debugger',
  what: 'the LLVM debugger',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    // The reader takes single-dash words whole here; `short` only tells the row tests that -o, -O
    // and -k take a value.
    short: 'oOk',
    long: {
      ...valued('o', 'O', 'k', 'one-line', 'one-line-before-file', 'one-line-on-crash', 's', 'S', 'K', 'source', 'source-before-file', 'source-on-crash', 'a', 'arch',
        'c', 'core', 'f', 'file', 'p', 'attach-pid', 'n', 'attach-name', 'l', 'script-language', 'R', 'repl-language', 'capture-path', 'replay', 'P'),
      ...flagged('b', 'batch', 'x', 'no-lldbinit', 'X', 'no-use-colors', 'Q', 'source-quietly', 'w', 'wait-for', 'e', 'editor', 'v', 'version', 'h', 'help', 'debug',
        'capture', 'local-lldbinit', 'python-path', 'print-script-interpreter-info'),
      r: 'optional', repl: 'optional',
    },
  },
  options: [
    ...debuggerCommandRoles(LLDB_O, lldbCommandClass, (v) => /^(?:platform\s+shell|shell)\s+(?:-\w+\s+)*(.*)$/.exec(v.trim())?.[1] ?? null, '-o', {
      shell: 'platform shell id', code: 'script import os', loader: 'command source cmds.lldb', writer: 'process save-core core.out', network: 'gdb-remote host:1234', destructive: 'process attach --pid 1',
    }),
    { role: 'loader', options: LLDB_S, note: '-s runs the lldb commands in the named file' },
    { role: 'loader', options: dashed('local-lldbinit'), note: '--local-lldbinit runs the .lldbinit of the current folder' },
    { role: 'destructive', options: ['-p', '-n', ...dashed('attach-pid', 'attach-name')], note: '-p and -n attach to a running process, which the debugger can then stop and change' },
    { role: 'writer', options: dashed('capture-path'), note: '--capture-path writes a reproducer to the named folder' },
  ],
  plain: ['./a.out', '--version', '-b -o bt -c core ./prog', '-- ./prog arg1', '-x -b -o run -o bt ./prog'],
};

const GCORE_ROW: ProgramRow = {
  names: ['gcore'],
  category: 'debugger',
  what: 'gcore, which writes a core dump of running processes',
  grammar: { short: 'od', flags: 'ah' },
  options: [
    { role: 'writer', options: ['-o'], everyday: true, note: '-o names the prefix of the core files written' },
  ],
  plain: ['--help', '1234'],
};

const VALGRIND_ROW: ProgramRow = {
  names: ['valgrind'],
  category: 'debugger',
  what: 'valgrind, which runs a program under a checking tool (memcheck, callgrind, …)',
  grammar: {
    short: '',
    flags: 'vqhd',
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...Object.fromEntries(['tool', 'log-file', 'log-fd', 'log-socket', 'xml', 'xml-file', 'xml-fd', 'xml-socket', 'vgdb', 'vgdb-error', 'vgdb-prefix', 'suppressions',
        'gen-suppressions', 'trace-children', 'trace-children-skip', 'child-silent-after-fork', 'db-attach', 'db-command', 'extra-debuginfo-path', 'debuginfo-server',
        'massif-out-file', 'callgrind-out-file', 'cachegrind-out-file', 'dhat-out-file', 'leak-check', 'show-leak-kinds', 'errors-for-leak-kinds', 'track-origins',
        'error-exitcode', 'num-callers', 'fullpath-after', 'main-stacksize', 'max-stackframe', 'smc-check', 'read-var-info', 'read-inline-info', 'demangle',
        'keep-debuginfo', 'time-stamp', 'default-suppressions', 'sym-offsets', 'soname-synonyms', 'undef-value-errors', 'show-reachable', 'leak-resolution',
        'expensive-definedness-checks', 'freelist-vol', 'malloc-fill', 'free-fill', 'alignment', 'redzone-size', 'fair-sched', 'max-threads', 'merge-recursive-frames',
        'num-transtab-sectors', 'avg-transtab-entry-size', 'aspace-minaddr', 'valgrind-stacksize', 'show-emwarns', 'require-text-symbol', 'progress-interval',
        'exit-on-first-error', 'error-markers', 'show-error-list', 'keep-stacktraces', 'show-mismatched-frees', 'ignore-ranges', 'ignore-fn', 'trace-flags',
        'profile-flags', 'vex-iropt-level', 'branch-sim', 'cache-sim', 'dump-instr', 'collect-jumps', 'pages-as-heap', 'heap', 'stacks', 'depth', 'threshold',
        'peak-inaccuracy', 'time-unit', 'detailed-freq', 'max-snapshots', 'log-file-exactly', 'log-file-qualifier', 'input-fd', 'sim-hints', 'kernel-variant',
        'run-libc-freeres', 'run-cxx-freeres', 'track-fds', 'xtree-memory', 'xtree-memory-file', 'xtree-leak', 'xtree-leak-file', 'toggle-collect', 'separate-threads']
        .map((name) => [name, 'optional' as const])),
      ...flagged('help', 'help-debug', 'help-dyn-options', 'version', 'quiet', 'verbose', 'stats'),
    },
  },
  options: [
    { role: 'writer', options: ['--log-file', '--xml-file', '--massif-out-file', '--callgrind-out-file', '--cachegrind-out-file', '--dhat-out-file', '--xtree-memory-file', '--xtree-leak-file', '--log-file-exactly'], example: 'vg.log', note: 'the *-file options write the tool\'s log or profile to the named file' },
    { role: 'network', options: ['--log-socket', '--xml-socket', '--debuginfo-server'], example: '10.0.0.1:1500', note: 'the socket and server options send the log to, or read debug info from, a host' },
    { role: 'executor', options: ['--db-command'], payload: 'shell-text', example: 'sh -c id', note: '--db-command names the debugger command line valgrind starts' },
  ],
  wrapper: { peel: true, noCommand: ['--help', '--version', '-h'], note: 'valgrind runs the command that follows under its checking tool' },
  plain: ['./a.out', '--leak-check=full ./prog arg', '--version', '-q --error-exitcode=1 ./test', '--tool=massif ./prog'],
};

const PERF_RECORD_GRAMMAR: Grammar = {
  short: 'eptcroFmCGjkDuxIM',
  flags: 'agqvsnTPWBdRiXlbNSz',
  stopAtOperand: true,
  long: {
    ...valued('event', 'filter', 'exclude-perf', 'pid', 'tid', 'realtime', 'count', 'output', 'freq', 'mmap-pages', 'cpu', 'cgroup', 'branch-filter', 'call-graph',
      'clockid', 'proc-map-timeout', 'max-size', 'delay', 'uid', 'affinity', 'mmap-flush', 'control', 'switch-output-event', 'num-thread-synthesize', 'user-regs',
      'field-separator', 'repeat', 'post', 'pre', 'interval-print', 'metrics', 'topdown', 'td-level', 'per-socket', 'time', 'input', 'duration', 'expr', 'event-filter',
      'sort', 'fields', 'symbols', 'dsos', 'comms', 'max-stack', 'percent-limit', 'objdump', 'addr2line', 'symfs', 'kallsyms', 'vmlinux', 'tracer', 'graph-funcs',
      'nograph-funcs', 'graph-opts', 'func-opts', 'buffer-size', 'script', 'gen-script', 'latency', 'delimiter', 'pretty', 'disassembler-style', 'prefix', 'prefix-strip'),
    ...flagged('all-cpus', 'no-inherit', 'no-buffering', 'raw-samples', 'quiet', 'verbose', 'stat', 'data', 'timestamp', 'period', 'sample-cpu', 'no-samples',
      'no-buildid', 'no-buildid-cache', 'per-thread', 'running-time', 'group', 'append', 'force', 'stdio', 'tui', 'gtk', 'null', 'detailed', 'big-num', 'no-big-num',
      'scale', 'no-aggr', 'per-core', 'per-die', 'per-node', 'per-thread', 'smi-cost', 'summary'),
    intr_regs: 'optional', aio: 'optional', 'switch-output': 'optional', threads: 'optional', 'intr-regs': 'optional', 'log-fd': 'value',
  },
};

const PERF_REPORT_GRAMMAR: Grammar = { short: 'iosFdcSkgMCtpGxTw', flags: 'nvqfDUab', long: PERF_RECORD_GRAMMAR.long! };

const PERF_OUTPUT_WRITER: OptionRole = { role: 'writer', options: ['-o', '--output'], everyday: true, note: '-o names the file the recording or output is written to' };

const PERF_ROW: ProgramRow = {
  names: ['perf'],
  category: 'debugger',
  what: 'the Linux perf profiler',
  grammar: { short: '', flags: 'pvh', long: { ...valued('exec-path', 'html-path', 'debugfs-dir', 'buildid-dir', 'debug'), ...flagged('paginate', 'no-pager', 'list-cmds', 'list-opts', 'version', 'help') } },
  options: [
    { role: 'executor', options: ['--exec-path'], note: '--exec-path makes perf run its helper programs from the named folder' },
  ],
  subcommands: {
    record: { grammar: PERF_RECORD_GRAMMAR, options: [PERF_OUTPUT_WRITER], wrapper: { peel: true, noCommand: ['--help', '-h'], note: 'perf record runs the command that follows while sampling it' }, plain: ['-g ./prog', '-a sleep 1', '-F 999 -g ./bench'] },
    stat: { grammar: PERF_RECORD_GRAMMAR, options: [PERF_OUTPUT_WRITER], wrapper: { peel: true, noCommand: ['--help', '-h'], note: 'perf stat runs the command that follows while counting events' }, plain: ['./prog', '-e cycles ./bench', '-r 5 ls'] },
    trace: { grammar: PERF_RECORD_GRAMMAR, options: [PERF_OUTPUT_WRITER], wrapper: { peel: true, noCommand: ['--help', '-h'], note: 'perf trace runs the command that follows while tracing its system calls' }, plain: ['ls', '-s ./prog'] },
    ftrace: { grammar: PERF_RECORD_GRAMMAR, wrapper: { peel: true, noCommand: ['--help', '-h'], note: 'perf ftrace runs the command that follows under the function tracer' }, plain: ['ls'] },
    top: { grammar: PERF_RECORD_GRAMMAR, plain: ['', '-p 1234', '-e cycles'] },
    report: {
      grammar: PERF_REPORT_GRAMMAR,
      options: [{ role: 'executor', options: ['--objdump', '--addr2line'], payload: 'program', example: '/tmp/x', note: '--objdump and --addr2line name programs perf report runs' }],
      plain: ['', '-i perf.data --stdio', '--sort comm,dso'],
    },
    annotate: {
      grammar: PERF_REPORT_GRAMMAR,
      options: [{ role: 'executor', options: ['--objdump', '--addr2line'], payload: 'program', example: '/tmp/x', note: '--objdump and --addr2line name programs perf annotate runs' }],
      plain: ['', '--stdio main'],
    },
    script: {
      grammar: PERF_REPORT_GRAMMAR,
      options: [
        { role: 'loader', options: ['-s', '--script'], note: '-s runs a Perl or Python script over the recorded events' },
        { role: 'writer', options: ['-g', '--gen-script'], note: '-g writes a skeleton script file' },
      ],
      plain: ['', '-i perf.data', '-F comm,pid,ip'],
    },
    inject: { grammar: PERF_REPORT_GRAMMAR, options: [PERF_OUTPUT_WRITER], plain: ['-i perf.data -b'] },
    probe: { role: { role: 'destructive', note: 'perf probe adds or removes kernel and user probes, which changes the running system' } },
    config: {
      grammar: { flags: 'lus', long: flagged('list', 'user', 'system') },
      operands: [{ role: 'writer', operand: 'every', when: (t) => t === null || t.includes('='), example: 'annotate.objdump=/tmp/x', note: 'perf config key=value writes the setting into the perf configuration file' }],
      plain: ['-l', 'report.children'],
    },
    list: { plain: ['', 'cache'] },
    ...Object.fromEntries(['sched', 'lock', 'mem', 'c2c', 'kmem', 'timechart', 'kwork', 'kvm'].map((tool) => [tool, {
      grammar: PERF_REPORT_GRAMMAR,
      subcommands: {
        record: { grammar: PERF_RECORD_GRAMMAR, options: [PERF_OUTPUT_WRITER], wrapper: { peel: true, noCommand: ['--help', '-h'], note: `perf ${tool} record runs the command that follows while recording it` }, plain: ['ls'] },
      },
    } satisfies Command])),
  },
  plain: ['--version', 'list', 'report --stdio'],
};

/**
 * A radare2 command (`-c`, or one of a `;`-separated list): `!cmd` and `!!cmd` run shell text,
 * `#!pipe`/`#!python` and `. SCRIPT` run code and scripts, `w…`/`o+` write the file, `=`/`=+` talk
 * to a remote r2, `dc`/`dk`/`doo` run or signal the debugged program. Commands after `;` are read in turn: the first that does anything classifies.
 */
function r2CommandClass(value: string | null): DebuggerClass {
  if (value === null) return 'shell';
  for (const command of value.split(/[;\n]/).map((one) => one.trim())) {
    if (/^!/.test(command) || /^`!/.test(command)) return 'shell';
    if (/^#!/.test(command)) return 'code';
    if (/^\.\s*\S/.test(command)) return 'loader';
    if (/^(?:w|o\+|wt|wtf)/.test(command)) return 'writer';
    if (/^=/.test(command)) return 'network';
    // The debugger's own commands that run or signal the program (`dc`, `dk`, `doo`).
    if (/^d[cko]/.test(command)) return 'destructive';
  }
  return 'safe';
}
/** The shell text of radare2's `!cmd` commands (the first one). */
function r2ShellText(value: string): string | null {
  const bang = value.split(/[;\n]/).map((one) => one.trim()).find((one) => /^`?!/.test(one));
  return bang === undefined ? null : bang.replace(/^`?!+/, '').replace(/`$/, '').trim() || null;
}
const R2_ROW: ProgramRow = {
  names: ['r2', 'radare2'],
  category: 'debugger',
  what: 'radare2, a reverse-engineering framework (disassembler, debugger, hex editor)',
  grammar: { short: 'cieabBmpPRsDlkFCNS', flags: 'qQwdAnNLvhHjuxXzT0M2', abbreviations: false },
  options: [
    ...debuggerCommandRoles(['-c'], r2CommandClass, r2ShellText, '-c', { shell: '!id', code: '#!pipe python x.py', loader: '. cmds.r2', writer: 'wx 90 @ main', network: '=+ tcp://h:9080', destructive: 'dc' }),
    { role: 'loader', options: ['-i', '-I'], example: 'script.r2', note: '-i runs a script of r2 commands (its `!` lines run shell text)' },
    { role: 'loader', options: ['-P'], example: 'fix.rapatch', note: '-P applies a patch file of r2 commands' },
    { role: 'loader', options: ['-l'], example: '/tmp/plugin.so', note: '-l loads a plugin library' },
    { role: 'executor', options: ['-R'], example: 'program=/tmp/x', note: '-R sets rarun2 directives (a program to run, its environment)' },
    { role: 'executor', options: ['-d'], note: '-d starts the file named as a program under the debugger' },
    { role: 'writer', options: ['-w'], note: '-w opens the file for writing (patches change it in place)' },
    { role: 'loader', options: ['-e'], example: 'cmd.open=!id', note: '-e sets a configuration variable (some run commands: cmd.*)' },
  ],
  plain: ['-q -A ./build/app', '-qc pd ./build/app', '-v', '-a x86 -b 64 ./a.out'],
};

const GDBSERVER_ROW: ProgramRow = {
  names: ['gdbserver'],
  category: 'debugger',
  what: 'the gdb remote debugging server',
  grammar: {
    stopAtOperand: true,
    abbreviations: false,
    long: {
      ...flagged('multi', 'attach', 'once', 'debug', 'remote-debug', 'event-loop-debug', 'no-startup-with-shell', 'startup-with-shell', 'selftest', 'version', 'help', 'no-escape-args', 'escape-args'),
      ...Object.fromEntries(['debug-file', 'debug-format', 'disable-packet', 'wrapper'].map((name) => [name, 'optional' as const])),
    },
  },
  options: [
    { role: 'destructive', options: ['--attach'], note: '--attach takes control of a running process' },
    { role: 'writer', options: ['--debug-file'], example: 'gdbserver.log', note: '--debug-file writes the debug output to the named file' },
    { role: 'executor', options: ['--wrapper'], payload: 'shell-argv', note: '--wrapper starts the program through the wrapper command that follows it' },
  ],
  operands: [
    { role: 'listener', operand: 0, when: (t) => t === null || t.includes(':'), example: ':1234', note: 'a host:port or :port operand opens a TCP port through which anyone who reaches it controls the program' },
    { role: 'executor', operand: 1, payload: 'shell-argv', note: 'the operands after the port are the program that gdbserver starts (its arguments go through a shell)' },
  ],
  plain: ['--version', '--help'],
};

const BPFTRACE_ROW: ProgramRow = {
  names: ['bpftrace'],
  category: 'debugger',
  what: 'bpftrace, which runs tracing programs in the kernel',
  grammar: { short: 'BfepcoIk', flags: 'dblvqVhK', long: { ...flagged('unsafe', 'info', 'no-warnings', 'usdt-file-activation', 'help', 'version', 'dry-run', 'verify-llvm-ir', 'no-feature'), ...valued('include', 'debug', 'warnings', 'emit-llvm', 'emit-elf', 'aot') } },
  options: [
    { role: 'executor', options: ['-e'], payload: 'code', example: 'BEGIN { printf("hi"); }', note: '-e runs the tracing program given on the command line in the kernel' },
    { role: 'executor', options: ['--unsafe'], note: '--unsafe lets the tracing program run shell commands and send signals' },
    { role: 'executor', options: ['-c'], payload: 'shell-text', example: 'id', note: '-c starts the given command and traces it' },
    { role: 'writer', options: ['-o', '--emit-elf', '--emit-llvm', '--aot'], note: '-o and the emit options write the output or compiled program to the named file' },
    { role: 'loader', options: ['-I', '--include'], note: '-I and --include add headers the tracing program is compiled with' },
  ],
  operands: [
    { role: 'loader', operand: 0, when: (t) => t === null || t === '-', example: '-', note: 'the operand - reads the tracing program from standard input' },
  ],
  plain: ['-l', '-l "tracepoint:syscalls:*"', '--version', 'trace.bt', '--info'],
};

/** crash pages its output through `CRASHPAGER`/`PAGER` (environment, refused as a leading assignment) and reads commands from standard input. */
const CRASH_ROW: ProgramRow = {
  names: ['crash'],
  category: 'debugger',
  what: 'the crash kernel dump analyser',
  stdinCode: true,
  grammar: {
    short: 'idcemop',
    flags: 'hsLgtxvS',
    long: {
      ...valued('mod', 'kaslr', 'reloc', 'hash', 'kvmhost', 'kvmio', 'osrelease', 'log', 'memory_module', 'memory_device', 'cpus', 'p'),
      ...flagged('no_kallsyms', 'no_modules', 'no_ikconfig', 'no_data_debug', 'no_crashrc', 'active', 'minimal', 'zero_excluded', 'no_panic', 'more', 'less', 'CRASHPAGER',
        'no_scroll', 'no_strip', 'smp', 'no_elf_notes', 'version', 'help', 'buildinfo', 'no_kmem_cache', 'kmem_cache_delay', 'readnow', 'no_warn', 'hex', 'dec'),
    },
  },
  options: [
    { role: 'loader', options: ['-i'], note: '-i runs the crash commands in the named file (and crash commands include shell escapes)' },
    { role: 'writer', options: ['-o'], note: '-o writes a new dump file' },
  ],
  plain: ['--version', 'vmlinux vmcore', '-s vmlinux vmcore'],
};

const PDB_GRAMMAR: Grammar = { short: 'c', flags: 'mh', long: { command: 'value', help: 'flag', version: 'flag' }, stopAtOperand: true };
const PDB_ROW: ProgramRow = {
  names: ['pdb', 'pdb3'],
  category: 'debugger',
  what: 'the Python debugger run as a command',
  stdinCode: true,
  grammar: PDB_GRAMMAR,
  options: [
    { role: 'executor', options: ['-c', '--command'], payload: 'code', example: '!import os; os.system("id")', note: '-c runs a debugger command, which can be any Python statement' },
  ],
  plain: ['script.py', '-m pytest -x', 'script.py --flag value', '--help'],
};

const IPDB_ROW: ProgramRow = {
  names: ['ipdb', 'ipdb3'],
  category: 'debugger',
  what: 'the IPython-flavoured Python debugger',
  stdinCode: true,
  grammar: PDB_GRAMMAR,
  options: [
    { role: 'executor', options: ['-c', '--command'], payload: 'code', example: '!import os; os.system("id")', note: '-c runs a debugger command, which can be any Python statement' },
  ],
  plain: ['script.py', '-m pytest -x', 'script.py arg'],
};

const WIRESHARK_LONG = {
  ...valued('export-objects', 'export-tls-session-keys', 'capture-comment', 'log-file', 'log-level', 'log-domains', 'log-debug', 'log-noisy', 'log-fatal',
    'elastic-mapping-filter', 'temp-dir', 'compress', 'hexdump', 'time-stamp-type', 'enable-protocol', 'disable-protocol', 'enable-heuristic', 'disable-heuristic',
    'update-interval', 'read-filter', 'display-filter', 'interface', 'autostop', 'ring-buffer', 'buffer-size', 'snapshot-length', 'linktype', 'fullscreen',
    'extcap-config', 'extcap-interface', 'extcap-option', 'extcap-dlts', 'extcap-capture-filter', 'protocol-match-filter', 'selected-frame', 'print-format',
    'jump', 'display', 'export-pdus'),
  ...flagged('color', 'no-duplicate-keys', 'print', 'list-time-stamp-types', 'disable-all-protocols', 'help', 'version', 'list-interfaces', 'list-data-link-types', 'monitor-mode', 'no-promiscuous-mode'),
};

const LUA_SCRIPT: OptionRole = { role: 'loader', options: ['-X'], when: (v) => v === null || /^lua_script/.test(v), example: 'lua_script:x.lua', note: '-X lua_script: loads and runs the named Lua script' };
const CAPTURE_WRITER: OptionRole = { role: 'writer', options: ['-w', '--export-objects', '--export-tls-session-keys', '--log-file'], note: '-w writes the packets (and the export options write objects or keys) to the named file' };

const TSHARK_ROW: ProgramRow = {
  names: ['tshark'],
  category: 'network',
  what: 'tshark, the terminal Wireshark packet capture and reader',
  grammar: { short: 'XwrifYRTeEcabBsyFoHKdzCjJGuWlMPSgAN', flags: 'DLpIVxqQnhvU', long: WIRESHARK_LONG },
  options: [LUA_SCRIPT, CAPTURE_WRITER],
  plain: ['-r capture.pcap', '-r capture.pcap -Y http -T fields -e http.host', '-D', '--version', '-i eth0 -c 10'],
};

const WIRESHARK_ROW: ProgramRow = {
  names: ['wireshark'],
  category: 'network',
  what: 'the Wireshark packet analyser (graphical)',
  grammar: { short: 'XwrifYRcabBsyoHKdzCjJgmtNuP', flags: 'DLpIklSVhv', long: WIRESHARK_LONG },
  options: [LUA_SCRIPT, CAPTURE_WRITER],
  plain: ['capture.pcap', '-r capture.pcap', '--version'],
};

const TCPDUMP_ROW: ProgramRow = {
  names: ['tcpdump'],
  category: 'network',
  what: 'tcpdump, the packet capture and reader',
  grammar: {
    short: 'zwrCcEFGiMmsTVWyZBjQ',
    flags: 'AbdDefhHIJKlLnNOpqStuUvxX#',
    long: {
      ...valued('interface', 'count', 'snapshot-length', 'time-stamp-type', 'time-stamp-precision', 'buffer-size', 'direction', 'relinquish-privileges', 'print-sampling', 'fp-type'),
      ...flagged('immediate-mode', 'print', 'micro', 'nano', 'lengths', 'version', 'help', 'list-interfaces', 'list-time-stamp-types', 'monitor-mode', 'no-promiscuous-mode', 'dont-verify-checksums', 'number', 'no-optimize'),
    },
  },
  options: [
    { role: 'executor', options: ['-z'], payload: 'program', example: '/tmp/x', note: '-z runs the named command on each capture file after it is rotated' },
    { role: 'writer', options: ['-w'], when: (v) => v !== '-', example: 'capture.pcap', note: '-w writes the raw packets to the named file' },
  ],
  plain: ['-r capture.pcap', '-i eth0 -n port 80', '-D', '--version', '-nn -r capture.pcap tcp', '-w - -i lo'],
};

// ---------------------------------------------------------------------------------------------
// TeX
// ---------------------------------------------------------------------------------------------

const TEX_LONG = {
  ...valued('output-directory', 'aux-directory', 'output-format', 'jobname', 'interaction', 'synctex', 'fmt', 'translate-file', 'kpathsea-debug', 'mktex', 'no-mktex',
    'progname', 'cnf-line', 'output-comment', 'default-translate-file', 'include-directory', 'output-driver', 'papersize', 'lua', 'debug-format', 'jithash', 'luahashchars'),
  ...flagged('shell-escape', 'no-shell-escape', 'shell-restricted', 'enable-write18', 'disable-write18', 'halt-on-error', 'file-line-error', 'no-file-line-error',
    'file-line-error-style', 'recorder', 'draftmode', 'ini', 'etex', 'src-specials', '8bit', 'mltex', 'enc', 'ipc', 'ipc-start', 'parse-first-line', 'no-parse-first-line',
    'help', 'version', 'no-pdf', 'safer', 'nosocket', 'socket', 'luaonly', 'luaconly', 'credits', 'jiton', 'nodebug', 'utc', 'time-statistics', 'enable-pipes', 'disable-pipes',
    'enable-installer', 'disable-installer', 'quiet', 'c-style-errors'),
};

const TEX_ESCAPE_OPTIONS = dashed('shell-escape', 'enable-write18', 'enable-pipes');

function texOptions(extra: readonly OptionRole[]): OptionRole[] {
  return [
    { role: 'executor', options: TEX_ESCAPE_OPTIONS, note: '--shell-escape lets the document run any shell command (\\write18, \\input|"…")' },
    { role: 'executor', options: dashed('cnf-line'), when: (v) => v === null || /shell_escape|openout_any|openin_any/.test(v), example: 'shell_escape=t', note: '--cnf-line with shell_escape turns on shell commands from the document' },
    { role: 'writer', options: dashed('output-directory', 'aux-directory', 'jobname'), everyday: true, note: 'the output folder and job name say where the typeset files are written' },
    ...extra,
  ];
}

/** TeX source given on the command line that reaches the shell or Lua (it runs when shell escape or Lua allows it). */
const TEX_CODE_OPERAND: OperandRole = {
  role: 'executor',
  operand: 'every',
  when: (t) => t === null || /\\(?:immediate\s*)?\\?write18|\\directlua|\\latelua|\\luaexec|\\input\s*\|/.test(t),
  payload: 'code',
  example: '\\immediate\\write18{id}\\end',
  note: 'TeX code on the command line that asks the shell (\\write18) or Lua (\\directlua) to run something',
};

/** `\openout` in TeX code on the command line writes a file (in the folder, with .tex, under the default paranoia). */
const TEX_WRITE_OPERAND: OperandRole = {
  role: 'writer',
  operand: 'every',
  when: (t) => t !== null && /\\(?:immediate\s*)?\\?openout/.test(t),
  example: '\\newwrite\\f\\immediate\\openout\\f=x.tex\\end',
  note: 'TeX code on the command line that opens a file for writing (\\openout)',
};

const PDFTEX_ROW: ProgramRow = {
  names: ['pdflatex', 'latex', 'pdftex', 'tex', 'etex', 'initex', 'virtex', 'amstex', 'eplain', 'pdfetex', 'platex', 'uplatex', 'ptex', 'uptex', 'eptex', 'euptex', 'pdflatex-dev', 'latex-dev'],
  category: 'build',
  what: 'TeX and pdfTeX with their LaTeX formats',
  // With no file named, TeX reads its input (a program in the TeX language) from standard input.
  stdinCode: true,
  grammar: { singleDash: true, long: TEX_LONG },
  options: texOptions([]),
  operands: [TEX_CODE_OPERAND, TEX_WRITE_OPERAND],
  plain: ['paper.tex', '-interaction=nonstopmode -halt-on-error paper.tex', '--version', '-no-shell-escape paper.tex', '-file-line-error main.tex'],
};

const XETEX_ROW: ProgramRow = {
  names: ['xelatex', 'xetex', 'xelatex-dev'],
  category: 'build',
  what: 'XeTeX and XeLaTeX',
  // With no file named, TeX reads its input (a program in the TeX language) from standard input.
  stdinCode: true,
  grammar: { singleDash: true, long: TEX_LONG },
  options: texOptions([
    { role: 'executor', options: dashed('output-driver'), payload: 'shell-text', example: 'sh -c id', note: '-output-driver names the command XeTeX runs to make the PDF' },
  ]),
  operands: [TEX_CODE_OPERAND, TEX_WRITE_OPERAND],
  plain: ['paper.tex', '-interaction=nonstopmode paper.tex', '--version', '-no-pdf paper.tex'],
};

const LUATEX_ROW: ProgramRow = {
  names: ['lualatex', 'luatex', 'luahbtex', 'luahblatex', 'dvilualatex', 'dviluatex', 'lualatex-dev'],
  category: 'build',
  what: 'LuaTeX and LuaLaTeX (TeX with an embedded Lua interpreter)',
  // With no file named, TeX reads its input (a program in the TeX language) from standard input.
  stdinCode: true,
  grammar: { singleDash: true, long: TEX_LONG },
  options: texOptions([
    { role: 'loader', options: dashed('lua'), note: '--lua runs the named Lua file at start-up' },
    { role: 'executor', options: dashed('luaonly', 'luaconly'), note: '--luaonly runs the operand as a Lua script, with the whole Lua library' },
    { role: 'network', options: dashed('socket'), note: '--socket gives the document network sockets' },
  ]),
  operands: [TEX_CODE_OPERAND, TEX_WRITE_OPERAND],
  plain: ['paper.tex', '-interaction=nonstopmode paper.tex', '--version', '--safer paper.tex'],
};

/** latexmk's `-TOOL=COMMAND` options (without `=` most of them pick the tool: `-lualatex`, `-pdfdvi`). */
const LATEXMK_COMMAND_OPTIONS = ['latex', 'pdflatex', 'lualatex', 'xelatex', 'dvipdf', 'dvips', 'ps2pdf', 'bibtex', 'biber', 'makeindex', 'pdfdvi', 'pdfps', 'xdvipdfmx', 'dvilualatex'];
const LATEXMK_ROW: ProgramRow = {
  names: ['latexmk'],
  category: 'build',
  what: 'latexmk, which runs LaTeX and its helpers until a document is complete',
  grammar: {
    singleDash: true,
    abbreviations: false,
    long: {
      ...valued('e', 'r', 'dF', 'pF', 'MF', 'outdir', 'output-directory', 'auxdir', 'aux-directory', 'jobname', 'latexoption', 'usepretex', 'pretex', 'interaction', 'synctex',
        'deps-out', 'view', 'print', 'output-format', 'emulate-aux-dir'),
      ...flagged('pdf', 'pdflua', 'pdfxe', 'pdfdvi', 'pdfps', 'dvi', 'ps', 'xdv', 'pv', 'pvc', 'c', 'C', 'CA', 'f', 'g', 'gg', 'silent', 'quiet', 'shell-escape', 'no-shell-escape',
        'shell-restricted', 'recorder', 'deps', 'M', 'MP', 'time', 'v', 'version', 'help', 'commands', 'norc', 'l', 'new-viewer', 'dir-report', 'rules', 'showextraoptions',
        'use-make', 'bibtex-cond', 'nobibtex', 'p', 'nodvi', 'nopdf', 'nops', 'nopv', 'halt-on-error', 'file-line-error'),
      ...Object.fromEntries(LATEXMK_COMMAND_OPTIONS.map((name) => [name, 'optional' as const])),
    },
  },
  options: [
    { role: 'executor', options: ['-e', '--e'], payload: 'code', example: 'system("id")', note: '-e runs the Perl code given on the command line' },
    { role: 'loader', options: ['-r', '--r'], note: '-r reads the named rc file, which is Perl code' },
    { role: 'executor', options: dashed(...LATEXMK_COMMAND_OPTIONS), when: (v) => v !== null && v !== '', payload: 'shell-text', example: 'sh -c id', note: 'the -pdflatex=, -latex=, … options give the command lines latexmk runs for each tool' },
    { role: 'executor', options: ['-dF', '--dF', '-pF', '--pF'], payload: 'shell-text', example: 'sh -c id', note: '-dF and -pF name filter commands the output is piped through' },
    { role: 'executor', options: dashed('shell-escape'), note: '-shell-escape lets the document run any shell command' },
    { role: 'executor', options: dashed('latexoption', 'usepretex', 'pretex'), when: (v) => v === null || /shell-escape|enable-write18|write18|directlua|cnf-line/.test(v), example: '-shell-escape', note: 'options passed on to LaTeX turn on shell escape or run TeX code that calls the shell' },
    { role: 'writer', options: dashed('outdir', 'output-directory', 'auxdir', 'aux-directory', 'jobname'), everyday: true, note: 'the output folder and job name say where the typeset files are written' },
    { role: 'writer', options: dashed('deps-out', 'MF'), note: '-deps-out and -MF write a dependency list to the named file' },
    { role: 'destructive', options: ['-C', '-CA', '--C', '--CA', '-gg', '--gg'], note: '-C and -CA delete the generated files, the finished documents included' },
  ],
  // `when` cannot tell `-pdflatex` (no value: pick the tool) from `-pdflatex=$CMD` (a value only
  // known at run time); the reading can.
  read: (_args, reading) => reading.options
    .filter((o) => LATEXMK_COMMAND_OPTIONS.includes(o.key) && o.value !== null && o.value.kind === 'opaque')
    .map((o) => ({ role: 'executor' as const, program: 'latexmk', trigger: o.name, index: o.index, value: o.value, payload: 'shell-text' as const, note: 'the -pdflatex=, -latex=, … options give the command lines latexmk runs for each tool' })),
  plain: ['-pdf paper.tex', '-pdf -interaction=nonstopmode main.tex', '-c', '--version', '-pdflua main.tex', '-lualatex main.tex'],
};

const DVIPS_ROW: ProgramRow = {
  names: ['dvips'],
  category: 'build',
  what: 'dvips, which turns DVI files into PostScript',
  grammar: { short: 'oplnxyOTtDXYChPudbcW', shortAttached: 'R', flags: 'aABEefFGiIjkKLmMNqrsSUVzZ?' },
  options: [
    { role: 'executor', options: ['-R'], when: (v) => v === null || v === '0', example: '0', note: '-R0 lets the DVI file run shell commands (backquoted file names in \\special)' },
    { role: 'executor', options: ['-o'], when: (v) => v === null || v.startsWith('!') || v.startsWith('|'), payload: 'shell-text', payloadText: (v) => v.slice(1), example: '!lpr', note: '-o with ! or | pipes the PostScript into the given shell command' },
    { role: 'writer', options: ['-o'], when: (v) => v !== null && v !== '' && v !== '-' && !v.startsWith('!') && !v.startsWith('|'), everyday: true, example: 'paper.ps', note: '-o names the PostScript file written' },
  ],
  plain: ['paper.dvi', '-Ppdf paper.dvi', '-t a4 paper.dvi', '-o - paper.dvi'],
};

// ---------------------------------------------------------------------------------------------
// Formatters and highlighters
// ---------------------------------------------------------------------------------------------

/**
 * Jupytext: converts notebooks between `.ipynb` and text formats. Converting is its job; running
 * the notebook's cells (`--execute`, code and `!` shell escapes alike) and the commands given to
 * `--pipe`/`--check` are not, and an entry for a conversion does not cover them.
 */
const JUPYTEXT_ROW: ProgramRow = {
  names: ['jupytext'],
  category: 'text',
  what: 'jupytext, the notebook converter',
  grammar: {
    short: 'otbk',
    flags: 'spqwdh',
    abbreviations: false,
    long: {
      ...valued('to', 'from', 'output', 'format-options', 'opt', 'set-formats', 'update-metadata', 'pipe', 'check', 'pipe-fmt', 'run-path', 'set-kernel', 'diff-format', 'pre-commit-mode'),
      ...flagged('update', 'sync', 'paired-paths', 'execute', 'quiet', 'warn-only', 'diff', 'test', 'test-strict', 'pre-commit', 'use-source-timestamp', 'show-changes', 'version', 'help'),
    },
  },
  options: [
    { role: 'executor', options: ['--execute'], note: '--execute runs every cell of the notebook: its code and its `!` shell escapes' },
    { role: 'executor', options: ['--pipe', '--check'], payload: 'shell-text', example: 'black', note: '--pipe/--check run a command on the notebook\'s text' },
    { role: 'writer', options: ['-o', '--output'], when: (v) => v !== '-', everyday: true, target: 'file', example: 'out.ipynb', note: '-o names the file the converted notebook is written to' },
  ],
  plain: ['--to notebook analysis.py', '--to py:percent notebook.ipynb', '--sync notebook.ipynb', '--set-formats ipynb,py:percent notebook.ipynb'],
};

const PANDOC_ROW: ProgramRow = {
  names: ['pandoc'],
  // `pandoc lua` without a script is a Lua interpreter reading its input.
  stdinCodeForm: { interpreterVerbs: ['lua'] },
  category: 'text',
  what: 'pandoc, the document converter',
  grammar: {
    short: 'fritwoLFdTcHBAVMD',
    flags: 'sNpivhC',
    long: {
      ...valued('from', 'read', 'to', 'write', 'output', 'lua-filter', 'filter', 'defaults', 'data-dir', 'template', 'extract-media', 'resource-path', 'request-header',
        'pdf-engine', 'pdf-engine-opt', 'variable', 'metadata', 'metadata-file', 'bibliography', 'csl', 'citation-abbreviations', 'reference-doc', 'epub-cover-image',
        'epub-metadata', 'epub-embed-font', 'epub-subdirectory', 'include-in-header', 'include-before-body', 'include-after-body', 'highlight-style', 'syntax-definition',
        'dpi', 'eol', 'columns', 'wrap', 'tab-stop', 'shift-heading-level-by', 'base-header-level', 'track-changes', 'indented-code-classes', 'default-image-extension',
        'abbreviations', 'number-offset', 'top-level-division', 'title-prefix', 'css', 'email-obfuscation', 'id-prefix', 'ipynb-output', 'slide-level',
        'reference-location', 'markdown-headings', 'chunk-template', 'split-level', 'log', 'toc-depth', 'print-default-template', 'print-default-data-file',
        'print-highlight-style', 'epub-title-page', 'figure-caption-position', 'table-caption-position', 'link-images'),
      ...flagged('standalone', 'toc', 'table-of-contents', 'self-contained', 'embed-resources', 'citeproc', 'number-sections', 'preserve-tabs', 'incremental', 'section-divs',
        'html-q-tags', 'ascii', 'reference-links', 'strip-comments', 'no-highlight', 'file-scope', 'lof', 'lot', 'listings', 'mathml', 'gladtex', 'trace', 'verbose',
        'quiet', 'fail-if-warnings', 'sandbox', 'list-input-formats', 'list-output-formats', 'list-highlight-languages', 'list-highlight-styles', 'bash-completion',
        'version', 'help', 'no-check-certificate', 'dump-args', 'ignore-args', 'strip-empty-paragraphs', 'list-tables', 'atx-headers', 'natbib', 'biblatex'),
      mathjax: 'optional', katex: 'optional', webtex: 'optional', 'list-extensions': 'optional', 'extract-media': 'value',
    },
  },
  options: [
    { role: 'loader', options: ['-L', '--lua-filter'], note: '--lua-filter runs the named Lua script over the document' },
    { role: 'executor', options: ['-F', '--filter'], when: (v) => v !== 'citeproc' && v !== 'pandoc-citeproc', payload: 'program', example: './filter.py', note: '--filter runs the named program over the document' },
    { role: 'loader', options: ['-d', '--defaults'], note: '--defaults reads a defaults file, which can name filters and engines to run' },
    { role: 'loader', options: ['--data-dir'], note: '--data-dir takes templates, filters and custom readers and writers from the named folder' },
    { role: 'loader', options: ['-f', '--from', '-r', '--read', '-t', '--to', '-w', '--write'], when: (v) => v === null || /\.lua(?:$|[+-])/.test(v), example: 'custom.lua', note: 'a .lua format is a custom reader or writer, which is Lua code' },
    { role: 'executor', options: ['--pdf-engine'], payload: 'program', example: '/tmp/x', note: '--pdf-engine names the program pandoc runs to make the PDF' },
    { role: 'executor', options: ['--pdf-engine-opt'], when: (v) => v === null || /shell-escape|enable-write18|cnf-line|-e$/.test(v), example: '-shell-escape', note: '--pdf-engine-opt passes shell escape on to the TeX engine' },
    { role: 'writer', options: ['-o', '--output'], when: (v) => v !== '-', everyday: true, example: 'out.html', note: '-o names the file the converted document is written to' },
    { role: 'writer', options: ['--extract-media', '--log'], note: '--extract-media and --log write media files or a log into the named place' },
    { role: 'network', options: ['--request-header'], note: '--request-header sets a header for fetching remote resources' },
  ],
  operands: [
    { role: 'network', operand: 'every', when: (t) => t === null || REMOTE_URL.test(t), everyday: true, example: 'https://example.com/', note: 'a URL operand is fetched as the input document' },
    { role: 'executor', operand: 0, when: (t) => t === null || t === 'lua', payload: 'code', example: 'lua', note: 'pandoc lua runs Lua code with pandoc\'s library' },
    { role: 'listener', operand: 0, when: (t) => t === 'server', example: 'server', note: 'pandoc server starts an HTTP conversion server' },
  ],
  plain: ['README.md', '-f markdown -t html README.md', '-s --toc notes.md', '--version', '-t plain doc.docx', '--citeproc paper.md'],
};

/** roff: `GROFF_BIN_PATH`/`GROFF_TMAC_PATH` pick the programs and macros run; they come from the environment, refused as a leading assignment. */
const GROFF_UNSAFE: OptionRole = { role: 'executor', options: ['-U'], note: '-U turns off safer mode, so the document can run shell commands and write files' };

const GROFF_ROW: ProgramRow = {
  names: ['groff'],
  category: 'text',
  // In unsafe mode the document on standard input runs its `.sy`/`.pso` requests (languages/shellEscapes.ts).
  stdinCodeForm: { withOptions: ['-U'] },
  what: 'the GNU roff typesetting front end',
  readOnly: true,
  grammar: { short: 'dDfFIKLmMnoPrTwW', flags: 'abcCeEgGhijklNpRsStUvVXzZ', long: flagged('help', 'version') },
  options: [
    GROFF_UNSAFE,
    { role: 'executor', options: ['-l'], note: '-l sends the output to the print spooler program' },
    { role: 'executor', options: ['-X'], note: '-X starts the gxditview X viewer' },
  ],
  plain: ['-man -Tutf8 page.1', '-Tpdf -ms doc.ms', '-t -e -Tps paper.ms', '--version', '-mandoc -Tascii ls.1'],
};

const NROFF_ROW: ProgramRow = {
  names: ['nroff'],
  category: 'text',
  // In unsafe mode the document on standard input runs its `.sy`/`.pso` requests (languages/shellEscapes.ts).
  stdinCodeForm: { withOptions: ['-U'] },
  what: 'nroff, roff for terminals',
  readOnly: true,
  grammar: { short: 'dKmMnoPrTwW', flags: 'bcCehikpqRStUvVz', long: flagged('help', 'version') },
  options: [GROFF_UNSAFE],
  plain: ['-man page.1', '-mandoc ls.1', '--version'],
};

const TROFF_ROW: ProgramRow = {
  names: ['troff'],
  category: 'text',
  stdinCodeForm: { withOptions: ['-U'] },
  what: 'the GNU troff formatter',
  readOnly: true,
  grammar: { short: 'dfFImMnorTwWPKDL', flags: 'abcCEiRsStUvVz', long: flagged('help', 'version') },
  options: [GROFF_UNSAFE],
  plain: ['-Tutf8 -man page.1', '-Tps doc.ms', '--version'],
};

const PIC_ROW: ProgramRow = {
  names: ['pic', 'gpic'],
  category: 'text',
  what: 'the pic picture preprocessor for roff',
  readOnly: true,
  grammar: { short: 'T', flags: 'CDnStUvcz', long: flagged('help', 'version') },
  options: [{ role: 'executor', options: ['-U'], note: '-U turns off safer mode, so the sh command in a picture runs shell commands' }],
  plain: ['drawing.pic', '-n figure.pic', '--version'],
};

const ROFF_READER = (names: string[], what: string, grammar: Grammar, plain: string[]): ProgramRow => ({ names, category: 'text', what, readOnly: true, grammar, plain });

const TBL_ROW = ROFF_READER(['tbl', 'gtbl'], 'the tbl table preprocessor for roff', { flags: 'CvV', long: flagged('help', 'version') }, ['table.ms', '-C table.ms', '--version']);
const EQN_ROW = ROFF_READER(['eqn', 'geqn', 'neqn'], 'the eqn equation preprocessor for roff', { short: 'dfmMpsT', flags: 'CNrRvV', long: flagged('help', 'version') }, ['paper.ms', '-Tutf8 paper.ms', '--version']);
const SOELIM_ROW = ROFF_READER(['soelim', 'gsoelim'], 'soelim, which inlines .so requests in roff input', { short: 'I', flags: 'CrtvV', long: flagged('help', 'version') }, ['page.1', '-r page.1', '--version']);
const ZSOELIM_ROW = ROFF_READER(['zsoelim'], "man-db's soelim, which also reads compressed included files", { short: 'I', flags: 'CrtvV?', long: flagged('help', 'version', 'usage') }, ['page.1', '--version']);

const ENSCRIPT_ROW: ProgramRow = {
  names: ['enscript'],
  category: 'text',
  what: 'GNU enscript, which turns text into PostScript',
  grammar: {
    short: 'IopaAbdDfFiJLMnNPsStTUwX',
    shortAttached: 'eEWuH',
    flags: 'BcCgGjkKlmOqrRvVzZ12345678',
    long: {
      ...valued('filter', 'output', 'printer', 'style', 'word-wrap', 'media', 'non-printable-format', 'nup', 'ps-level', 'slice', 'language', 'margins', 'ul-angle',
        'ul-font', 'ul-gray', 'ul-position', 'ul-style', 'tabsize', 'page-label-format', 'encoding', 'fancy-header', 'header', 'footer', 'font', 'header-font',
        'indent', 'lines-per-page', 'title', 'pages', 'columns', 'copies', 'printer-options', 'baselineskip', 'escapes', 'statusdict', 'setpagedevice', 'underlay',
        'download-font', 'highlight', 'highlight-bar-gray', 'highlight-bars', 'filter-stdin', 'mark-wrapped-lines', 'missing-characters', 'align', 'file-align',
        'nup-xpad', 'nup-ypad', 'nup-columnwise', 'toc', 'line-numbers'),
      ...flagged('help', 'help-highlight', 'list-media', 'list-options', 'version', 'verbose', 'quiet', 'silent', 'no-header', 'truncate-lines', 'portrait', 'landscape',
        'rotate-even-pages', 'swap-even-page-margins', 'extended-return-values', 'output-first-line', 'pass-through', 'no-job-header', 'borders', 'color', 'word-wrap'),
    },
  },
  options: [
    { role: 'executor', options: ['-I', '--filter'], payload: 'shell-text', example: 'sh -c id', note: '-I names a shell command that every input file is read through' },
    { role: 'writer', options: ['-o', '-p', '--output'], when: (v) => v !== '-', everyday: true, example: 'out.ps', note: '-o names the PostScript file written' },
  ],
  plain: ['-o - notes.txt', '-p - -2r notes.txt', '--version', '-E -o - main.c'],
};

const HIGHLIGHT_ROW: ProgramRow = {
  names: ['highlight'],
  category: 'text',
  what: 'the highlight syntax highlighter',
  readOnly: true,
  grammar: {
    short: 'ioOSsdcekKjmtTuVbDxF',
    flags: 'aflLqhvzrBIpP',
    long: {
      ...valued('input', 'output', 'out-format', 'syntax', 'style', 'outdir', 'style-outfile', 'style-infile', 'encoding', 'font', 'font-size', 'line-number-length',
        'line-number-start', 'replace-tabs', 'doc-title', 'plug-in', 'plug-in-param', 'config-file', 'data-dir', 'add-data-dir', 'add-config-dir', 'page-size', 'line-range',
        'wrap', 'max-size', 'ctags-file', 'canvas', 'syntax-by-name', 'reformat', 'base16', 'list-scripts', 'print-style', 'batch-recursive', 'isolate', 'stdout', 'class-name'),
      ...flagged('anchors', 'fragment', 'line-numbers', 'quiet', 'help', 'version', 'zeroes', 'print-config', 'include-style', 'inline-css', 'keep-injections',
        'no-trailing-nl', 'no-version-info', 'force', 'wrap-simple', 'enclose-pre', 'ordered-list', 'inline-css', 'pretty-symbols', 'validate-input'),
    },
  },
  options: [
    { role: 'writer', options: ['-o', '--output', '-d', '--outdir', '-c', '--style-outfile'], note: '-o, -d and -c write the highlighted output or its style sheet to the named place' },
    { role: 'loader', options: ['--plug-in', '--config-file', '--data-dir', '--add-data-dir', '--add-config-dir'], note: 'plug-ins and language definitions are Lua scripts, loaded from the named file or folder' },
  ],
  plain: ['-O ansi main.c', '-O html -S python app.py', '--syntax=js --out-format=truecolor app.js', '--version', '--list-scripts=langs'],
};

const PYGMENTIZE_ROW: ProgramRow = {
  names: ['pygmentize'],
  category: 'text',
  what: 'pygmentize, the Pygments syntax highlighter',
  readOnly: true,
  grammar: { short: 'olfPOFaSL', flags: 'xNCHsgvhV', long: flagged('json', 'help', 'version') },
  options: [
    { role: 'loader', options: ['-x'], note: '-x lets -l and -f load a lexer or formatter from a Python file' },
    { role: 'loader', options: ['-l', '-f'], when: (v) => v === null || /\.py(?::|$)/.test(v), example: 'mylexer.py', note: 'a .py lexer or formatter is Python code that is loaded' },
    { role: 'writer', options: ['-o'], note: '-o writes the highlighted output to the named file' },
  ],
  plain: ['main.py', '-l python -f terminal256 app.py', '-S default -f html', '-L lexers', '-g config.ini', '-V'],
};

/** bat pages through less when output is a terminal (`--paging always`); the pager's keys are a person's. */
const BAT_ROW: ProgramRow = {
  names: ['bat', 'batcat'],
  category: 'pager',
  what: 'bat, a cat with syntax highlighting and paging',
  readOnly: false /* pages its output: keys typed into a pager can run a shell */,
  grammar: {
    short: 'lHmr',
    flags: 'ApPnfSsudLhV',
    abbreviations: false,
    long: {
      ...valued('language', 'highlight-line', 'file-name', 'diff-context', 'tabs', 'wrap', 'terminal-width', 'color', 'italic-text', 'decorations', 'paging', 'pager',
        'map-syntax', 'ignored-suffix', 'theme', 'theme-light', 'theme-dark', 'style', 'line-range', 'completion', 'nonprintable-notation', 'binary', 'squeeze-limit',
        'strip-ansi'),
      ...flagged('show-all', 'plain', 'number', 'force-colorization', 'squeeze-blank', 'unbuffered', 'diff', 'list-themes', 'list-languages', 'help', 'version',
        'acknowledgements', 'set-terminal-title', 'diagnostic', 'config-file', 'config-dir', 'cache-dir', 'generate-config-file', 'lessopen', 'no-lessopen', 'no-config',
        'no-custom-assets', 'no-paging', 'chop-long-lines'),
    },
  },
  options: [
    { role: 'executor', options: ['--pager'], when: runsOtherPager, payload: 'shell-text', example: 'sh -c id', note: '--pager names the pager command bat starts' },
    { role: 'executor', options: ['--lessopen'], note: '--lessopen runs the input preprocessor that the LESSOPEN variable names' },
    { role: 'writer', options: ['--generate-config-file'], note: '--generate-config-file writes a configuration file' },
  ],
  operands: [
    { role: 'writer', operand: 0, when: (t) => t === 'cache', example: 'cache', note: 'bat cache builds or clears the syntax and theme cache' },
  ],
  plain: ['README.md', '-n src/main.rs', '--plain --paging=never log.txt', '--pager "less -RF" notes.md', '-l json data.txt', '--list-languages', '--version'],
};

const ASPELL_ROW: ProgramRow = {
  names: ['aspell'],
  category: 'text',
  what: 'GNU Aspell, the spell checker',
  grammar: {
    short: 'cpldTeW',
    flags: 'aAbxtHBCmv?',
    abbreviations: false,
    long: {
      ...valued('conf', 'conf-dir', 'data-dir', 'dict-dir', 'home-dir', 'per-conf', 'personal', 'repl', 'lang', 'master', 'encoding', 'mode', 'add-filter', 'rem-filter',
        'filter-path', 'add-filter-path', 'keymapping', 'sug-mode', 'size', 'variety', 'jargon', 'extra-dicts', 'add-extra-dicts', 'ignore', 'word-list-path',
        'add-word-list-path', 'local-data-dir', 'keyboard', 'dict-alias'),
      ...flagged('backup', 'dont-backup', 'run-together', 'dont-run-together', 'ignore-case', 'dont-ignore-case', 'help', 'version'),
    },
  },
  options: [
    { role: 'loader', options: ['--filter-path', '--add-filter-path'], note: '--filter-path loads filter modules (shared libraries) from the named folder' },
    { role: 'loader', options: ['--conf', '--per-conf', '--conf-dir'], note: '--conf reads another configuration, which can set the filter path' },
  ],
  plain: ['list < README.md', '-a < words.txt', 'check notes.txt', 'dicts', '--lang=en list', '--version'],
};

const ISPELL_ROW: ProgramRow = {
  names: ['ispell'],
  category: 'text',
  what: 'ispell, the interactive spell checker; its shell escape is a key typed by a person',
  grammar: { short: 'dpwWTLkF', flags: 'aAlcemvVxbBCPSMNntHro0123456789' },
  plain: ['notes.txt', '-l < notes.txt', '-d american notes.txt', '-v'],
};

const GIMP_ROW: ProgramRow = {
  names: ['gimp', 'gimp-console', 'gimp-2.10', 'gimp-console-2.10'],
  category: 'misc',
  what: 'the GIMP image editor',
  grammar: {
    short: 'bg',
    flags: 'hvidfsnaceV',
    abbreviations: false,
    long: {
      ...valued('batch', 'batch-interpreter', 'gimprc', 'system-gimprc', 'session', 'display', 'stack-trace-mode', 'pdb-compat-mode'),
      ...flagged('help', 'help-all', 'help-gtk', 'version', 'license', 'verbose', 'new-instance', 'as-new', 'no-interface', 'no-data', 'no-fonts', 'no-splash', 'no-shm',
        'no-cpu-accel', 'console-messages', 'debug-handlers', 'g-fatal-warnings', 'dump-gimprc', 'show-playground', 'show-debug-menu', 'quit'),
    },
  },
  options: [
    { role: 'executor', options: ['-b', '--batch'], payload: 'code', example: '(gimp-quit 0)', note: '-b runs the given Script-Fu (or other interpreter) command' },
    { role: 'executor', options: ['--batch-interpreter'], note: '--batch-interpreter picks the interpreter, Python included, that runs the -b commands' },
    { role: 'loader', options: ['-g', '--gimprc', '--system-gimprc'], note: '-g reads another gimprc, which sets the folders plug-ins and modules are loaded from' },
  ],
  plain: ['image.png', '--version', '-n photo.jpg'],
};

/** zathura's `:!` shell command is typed by a person in its window. */
const ZATHURA_ROW: ProgramRow = {
  names: ['zathura'],
  category: 'pager',
  what: 'the zathura document viewer',
  grammar: {
    short: 'cdpewPflx',
    flags: 'vh',
    abbreviations: false,
    long: {
      ...valued('config-dir', 'data-dir', 'cache-dir', 'plugins-dir', 'reparent', 'password', 'page', 'find', 'log-level', 'synctex-editor-command', 'synctex-forward', 'synctex-pid', 'mode', 'bookmark'),
      ...flagged('fork', 'version', 'help', 'list-plugins'),
    },
  },
  options: [
    { role: 'loader', options: ['-c', '--config-dir', '-p', '--plugins-dir'], note: '-c and -p load the configuration (which can bind commands) or the plug-ins from the named folder' },
    { role: 'executor', options: ['-x', '--synctex-editor-command'], payload: 'shell-text', example: 'sh -c id', note: '-x names the editor command run when a spot in the document is clicked' },
  ],
  plain: ['paper.pdf', '-P 3 paper.pdf', '--fork book.pdf', '--version'],
};

const YELP_ROW: ProgramRow = {
  names: ['yelp'],
  category: 'pager',
  what: 'the GNOME help viewer',
  grammar: { abbreviations: false, long: { ...flagged('help', 'help-all', 'help-gtk', 'help-gapplication', 'editor-mode', 'version'), ...valued('display') } },
  plain: ['', 'help:gedit', 'man:ls'],
};

export const EDITOR_ROWS: readonly ProgramRow[] = [
  VIM_ROW, EX_ROW, NVIM_ROW, ED_ROW, EMACS_ROW, EMACSCLIENT_ROW, NANO_ROW, JOE_ROW, MG_ROW, MICRO_ROW, KAK_ROW, HX_ROW,
  LESS_ROW, MORE_ROW, MOST_ROW, PG_ROW, XMORE_ROW, MAN_ROW, INFO_ROW, UL_ROW,
  W3M_ROW, LINKS_ROW, LYNX_ROW, ELINKS_ROW,
  RANGER_ROW, MC_ROW, NNN_ROW, VIFM_ROW, FZF_ROW, DIALOG_ROW, WHIPTAIL_ROW,
  GDB_ROW, R2_ROW, LLDB_ROW, GCORE_ROW, VALGRIND_ROW, PERF_ROW, GDBSERVER_ROW, BPFTRACE_ROW, CRASH_ROW, PDB_ROW, IPDB_ROW, TSHARK_ROW, WIRESHARK_ROW, TCPDUMP_ROW,
  PDFTEX_ROW, XETEX_ROW, LUATEX_ROW, LATEXMK_ROW, DVIPS_ROW,
  PANDOC_ROW, JUPYTEXT_ROW, GROFF_ROW, NROFF_ROW, TROFF_ROW, PIC_ROW, TBL_ROW, EQN_ROW, SOELIM_ROW, ZSOELIM_ROW, ENSCRIPT_ROW, HIGHLIGHT_ROW, PYGMENTIZE_ROW, BAT_ROW,
  ASPELL_ROW, ISPELL_ROW, GIMP_ROW, ZATHURA_ROW, YELP_ROW,
];
