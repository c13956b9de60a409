import { flagged, optionValues, textOf, valued } from '../grammar';
import type { ArgReading } from '../grammar';
import type { Form, ProgramRow } from '../row';
import type { Word } from '../../reading/resolution';
import { verbRow } from './platforms';

/**
 * Window managers' and compositors' control programs, and macOS's disk-encryption tool (D§5,
 * docs/decisions.md "Window managers end the session"). What ends the session (a logout: every
 * program of the desktop, the agent's terminal with them) is an `endsSession` form, which the
 * hardline floor's `shutdown` arm refuses whatever the program; what runs a command is an
 * executor. The other messages (move a window, reload the configuration, query the tree) only
 * change or read the desktop.
 */

/** The IPC message's commands: sway's and i3's are split on `;` and `,`, hyprctl's batch on `;`. */
function commandsOf(text: string, separators: RegExp): string[][] {
  return text
    .split(separators)
    .map((command) =>
      command
        // sway/i3 criteria before a command (`[app_id="x"] kill`) pick windows, not what runs.
        .replace(/^\s*(?:\[[^\]]*\]\s*)+/, '')
        .trim()
        .split(/\s+/)
        .filter((word) => word !== ''),
    )
    .filter((words) => words.length > 0);
}

/** The operands joined as the program joins them into its message (an opaque word by its source text). */
function messageText(reading: ArgReading): { text: string; at: number; word: Word } | null {
  const first = reading.operands[0];
  if (first === undefined) return null;
  return { text: reading.operands.map((word) => (word.kind === 'literal' ? word.value : word.raw)).join(' '), at: reading.operandIndexes[0]!, word: first };
}

/**
 * The forms of a sway/i3/river-style command list: `exit` (the words in `exits`) ends the session,
 * `exec`/`exec_always`/`spawn` (the words in `runs`) hand the rest of their command to `sh -c`.
 */
function commandListForms(program: string, text: string, at: number, word: Word, separators: RegExp, exits: readonly string[], runs: readonly string[]): Form[] {
  const forms: Form[] = [];
  for (const words of commandsOf(text, separators)) {
    const verb = words[0]!;
    if (exits.includes(verb)) {
      forms.push({ role: 'destructive', program, trigger: verb, index: at, value: word, endsSession: true, note: `${program} ${verb} ends the desktop session: a logout` });
    } else if (runs.includes(verb)) {
      const rest = words.slice(1);
      while (rest[0] !== undefined && rest[0].startsWith('--')) rest.shift();
      if (rest.length > 0) forms.push({ role: 'executor', program, trigger: verb, index: at, value: word, payload: 'shell-text', payloadText: rest.join(' '), note: `${program} ${verb} runs the rest of its command with sh -c` });
    }
  }
  return forms;
}

/** sway's and i3's IPC clients: the operands are one message, a command list unless `-t` names another type. */
function ipcClient(name: string, what: string, plain: readonly string[]): ProgramRow {
  return {
    names: [name],
    category: 'system',
    what,
    grammar: { short: 'st', flags: 'hmpqrv', long: { ...valued('socket', 'type'), ...flagged('help', 'monitor', 'pretty', 'quiet', 'raw', 'version') } },
    read: (_args, reading) => {
      const type = optionValues(reading, '-t', '--type')[0];
      const typeText = type === undefined ? 'command' : textOf(type);
      if (typeText !== null && typeText !== 'command' && typeText !== 'run_command') return [];
      const message = messageText(reading);
      return message === null ? [] : commandListForms(name, message.text, message.at, message.word, /[;,]/, ['exit'], ['exec', 'exec_always']);
    },
    plain,
  };
}

const SWAYMSG = ipcClient('swaymsg', 'sends a message to the sway compositor', ['-t get_outputs', '-t get_tree', 'reload', 'workspace 2', "'[app_id=\"firefox\"]' focus"]);
const I3_MSG = ipcClient('i3-msg', 'sends a message to the i3 window manager', ['-t get_workspaces', 'reload', 'restart', 'workspace 3']);

/** hyprctl: `dispatch exit` ends the session, `dispatch exec CMD` runs CMD; `--batch` holds `;`-separated requests. */
const HYPRCTL: ProgramRow = {
  names: ['hyprctl'],
  category: 'system',
  what: 'controls the Hyprland compositor',
  grammar: { short: 'i', flags: 'jr', long: { ...valued('instance', 'batch'), ...flagged('help') } },
  read: (_args, reading) => {
    const forms: Form[] = [];
    const texts: Array<{ text: string; at: number; word: Word }> = [];
    const message = messageText(reading);
    if (message !== null) texts.push(message);
    for (const option of reading.options) {
      if (option.name === '--batch' && option.value !== null) texts.push({ text: option.value.kind === 'literal' ? option.value.value : option.value.raw, at: option.valueIndex ?? option.index, word: option.value });
    }
    for (const { text, at, word } of texts) {
      for (const words of commandsOf(text, /;/)) {
        if (words[0] !== 'dispatch') continue;
        forms.push(...commandListForms('hyprctl', words.slice(1).join(' '), at, word, /$^/, ['exit'], ['exec', 'execr']));
      }
    }
    return forms;
  },
  plain: ['monitors', 'clients -j', 'reload', 'dispatch workspace 2', 'keyword general:gaps_in 5'],
};

/** A window manager's own binary, whose option asks the running one to exit (`openbox --exit`, `labwc --exit`). */
const OPENBOX: ProgramRow = {
  names: ['openbox'],
  category: 'system',
  what: 'the Openbox window manager (its options also control the running one)',
  grammar: { long: { ...valued('config-file', 'startup'), ...flagged('exit', 'restart', 'reconfigure', 'replace', 'sm-disable', 'debug', 'debug-focus', 'debug-session', 'debug-xinerama', 'help', 'version') } },
  options: [
    { role: 'destructive', options: ['--exit'], endsSession: true, note: 'openbox --exit ends the running window manager and with it the desktop session: a logout' },
    { role: 'executor', options: ['--startup'], payload: 'shell-text', example: 'xterm', note: 'openbox --startup runs the command when it starts' },
    { role: 'loader', options: ['--config-file'], example: 'rc.xml', note: 'openbox --config-file loads a configuration whose menus and keys run commands' },
  ],
  plain: ['--reconfigure', '--restart', '--version'],
};

const LABWC: ProgramRow = {
  names: ['labwc'],
  category: 'system',
  what: 'the labwc Wayland compositor (its options also control the running one)',
  grammar: { short: 'cCsS', flags: 'dehmrvV', long: { ...valued('config', 'config-dir', 'startup', 'session'), ...flagged('debug', 'exit', 'help', 'merge-config', 'reconfigure', 'version', 'verbose') } },
  options: [
    { role: 'destructive', options: ['-e', '--exit'], endsSession: true, note: 'labwc --exit ends the running compositor and with it the desktop session: a logout' },
    { role: 'executor', options: ['-s', '--startup', '-S', '--session'], payload: 'shell-text', example: 'foot', note: 'labwc --startup and --session run the command given' },
    { role: 'loader', options: ['-c', '--config', '-C', '--config-dir'], example: 'rc.xml', note: 'labwc --config loads a configuration whose keys and menus run commands' },
  ],
  plain: ['--reconfigure', '--version'],
};

/** bspwm: `bspc quit` ends it; the other domains move and query windows. */
const BSPC: ProgramRow = {
  names: ['bspc'],
  category: 'system',
  what: 'controls the bspwm window manager',
  subcommands: {
    quit: { role: { role: 'destructive', endsSession: true, note: 'bspc quit ends bspwm and with it the desktop session: a logout' } },
  },
  plain: ['query -D', 'desktop -f next', 'node -c', 'config border_width 2', 'wm -r'],
};

/** herbstluftwm: `herbstclient quit` ends it; `spawn CMD ARGS` runs a program. */
const HERBSTCLIENT: ProgramRow = {
  names: ['herbstclient'],
  category: 'system',
  what: 'controls the herbstluftwm window manager',
  grammar: { short: 'w', flags: 'nqiblh0', long: { ...valued('wait'), ...flagged('no-newline', 'quiet', 'idle', 'last-arg', 'help', 'version') } },
  subcommands: {
    quit: { role: { role: 'destructive', endsSession: true, note: 'herbstclient quit ends herbstluftwm and with it the desktop session: a logout' } },
    spawn: { operands: [{ role: 'executor', operand: 0, payload: 'shell-argv', example: 'xterm', note: 'herbstclient spawn runs the program with the words after it' }] },
  },
  plain: ['list_monitors', 'reload', 'use 2', 'focus left'],
};

/** river: `riverctl exit` ends it; `spawn TEXT` hands TEXT to `sh -c`. */
const RIVERCTL: ProgramRow = {
  names: ['riverctl'],
  category: 'system',
  what: 'controls the river Wayland compositor',
  subcommands: {
    exit: { role: { role: 'destructive', endsSession: true, note: 'riverctl exit ends river and with it the desktop session: a logout' } },
    spawn: { operands: [{ role: 'executor', operand: 0, payload: 'shell-text', example: 'foot', note: 'riverctl spawn runs its text with sh -c' }] },
  },
  plain: ['focus-view next', 'set-focused-tags 2', 'map normal Super Q close'],
};

/** Qtile: the `shutdown` command of the root object ends it (`qtile cmd-obj -o cmd -f shutdown`, `qtile shell -c 'shutdown()'`). */
const QTILE: ProgramRow = {
  names: ['qtile'],
  category: 'system',
  what: 'the Qtile window manager and its command client',
  subcommands: {
    'cmd-obj': {
      grammar: { short: 'ofas', flags: 'ih', long: { ...valued('object', 'function', 'args', 'socket'), ...flagged('info', 'help') } },
      read: (_args, reading) =>
        reading.options
          .filter((option) => (option.name === '-f' || option.name === '--function') && textOf(option.value) === 'shutdown')
          .map((option): Form => ({ role: 'destructive', program: 'qtile', trigger: 'shutdown', index: option.valueIndex ?? option.index, value: option.value, endsSession: true, note: 'the shutdown command ends Qtile and with it the desktop session: a logout' })),
    },
    shell: {
      grammar: { short: 'cs', long: valued('command', 'socket') },
      read: (_args, reading) =>
        reading.options
          .filter((option) => (option.name === '-c' || option.name === '--command') && /\bshutdown\s*\(/.test(textOf(option.value) ?? ''))
          .map((option): Form => ({ role: 'destructive', program: 'qtile', trigger: 'shutdown()', index: option.valueIndex ?? option.index, value: option.value, endsSession: true, note: 'shutdown() ends Qtile and with it the desktop session: a logout' })),
    },
  },
  plain: ['cmd-obj -o group 2 -f toscreen', 'cmd-obj -o cmd -f reload_config', 'check'],
};

/** awesome: its client runs the Lua it is given in the window manager (`awesome.quit()` ends the session). */
const AWESOME_CLIENT: ProgramRow = {
  names: ['awesome-client'],
  category: 'interpreter',
  what: 'runs Lua code in the running awesome window manager',
  // Without an operand it reads the Lua from standard input (`echo 'awesome.quit()' | awesome-client`).
  stdinCode: true,
  operands: [
    { role: 'destructive', operand: 'every', when: (text) => text !== null && /\bawesome\s*\.\s*quit\s*\(/.test(text), example: 'awesome.quit()', endsSession: true, note: 'awesome.quit() ends awesome and with it the desktop session: a logout' },
    { role: 'executor', operand: 'every', payload: 'code', example: 'awful.spawn("xterm")', note: 'the Lua code runs inside the window manager (awful.spawn runs programs)' },
  ],
  plain: [],
};

/** niri: `niri msg action quit` ends the session; `niri msg action spawn -- ARGV` runs a program. */
const NIRI: ProgramRow = {
  names: ['niri'],
  category: 'system',
  what: 'the niri Wayland compositor and its message client',
  subcommands: {
    msg: {
      grammar: { flags: 'j', long: flagged('json') },
      subcommands: {
        action: {
          subcommands: {
            quit: { role: { role: 'destructive', endsSession: true, note: 'niri msg action quit ends the compositor and with it the desktop session: a logout' } },
            spawn: { operands: [{ role: 'executor', operand: 0, payload: 'shell-argv', example: 'foot', note: 'niri msg action spawn runs the program with the words after it' }] },
            'spawn-sh': { operands: [{ role: 'executor', operand: 0, payload: 'shell-text', example: 'foot', note: 'niri msg action spawn-sh runs its text with sh -c' }] },
          },
        },
      },
    },
  },
  plain: ['msg outputs', 'msg windows', 'validate'],
};

/** macOS FileVault: `authrestart` restarts the machine (unlocking the disk once); the read verbs only print. */
const FDESETUP: ProgramRow = verbRow(
  ['fdesetup'],
  'system',
  'manages FileVault disk encryption on macOS',
  ['status', 'list', 'isactive', 'haspersonalrecoverykey', 'hasinstitutionalrecoverykey', 'usingrecoverykey', 'showdeferralinfo', 'supportsauthrestart', 'validaterecovery', 'version', 'help'],
  'an fdesetup verb that turns encryption on or off, changes who may unlock the disk, or one only known at run time',
  ['status', 'list', 'isactive', 'supportsauthrestart'],
  { authrestart: { role: { role: 'destructive', endsSession: true, note: 'fdesetup authrestart restarts the machine' } } },
);

/**
 * Sysinternals' PsShutdown (run from WSL): `-s` shuts down, `-r` restarts, `-k` powers off, `-o`
 * logs off this machine; with a `\\\\computer` operand it acts on that one. Lock, suspend,
 * hibernate, abort and the display's power (`-l`, `-d`, `-h`, `-a`, `-x`) end nothing.
 */
const PSSHUTDOWN: ProgramRow = {
  names: ['psshutdown', 'psshutdown64'],
  category: 'system',
  what: "Sysinternals' PsShutdown: shuts down, restarts or logs off Windows",
  grammar: { short: 'emntupv', flags: 'acdfhklorsx', long: flagged('accepteula', 'nobanner') },
  read: (_args, reading) => {
    const remote = reading.operands.find((word) => (textOf(word) ?? '\\').startsWith('\\'));
    const acts = reading.options.filter((option) => ['-s', '-r', '-k', '-o'].includes(option.name));
    // Another machine's power: destructive (no approval on a safe rating alone), not this machine's session.
    if (remote !== undefined) return acts.length === 0 ? [] : [{ role: 'destructive', program: 'psshutdown', trigger: acts[0]!.name, index: acts[0]!.index, value: remote, note: `psshutdown ${acts[0]!.name} shuts down, restarts or logs off another machine` }];
    return reading.options
      .filter((option) => ['-s', '-r', '-k', '-o'].includes(option.name))
      .map((option): Form => ({ role: 'destructive', program: 'psshutdown', trigger: option.name, index: option.index, value: null, endsSession: true, note: `psshutdown ${option.name} shuts down, restarts or logs off this machine` }));
  },
  plain: ['-a', '-l', '-accepteula -d'],
};

/** Words as one shell line that gives the same argv (each single-quoted; an opaque word as written). */
function quotedLine(words: readonly Word[]): string {
  return words.map((word) => (word.kind === 'literal' ? `'${word.value.replace(/'/g, `'\\''`)}'` : word.raw)).join(' ');
}

/** NirCmd verbs that run a program with the words after them, and how many words (show mode, folder) come first. */
const NIRCMD_RUNS: Readonly<Record<string, number>> = { exec: 1, exec2: 2, elevate: 0, runassystem: 0, runinteractive: 0, shexec: 1, shellexecute: 0, runas: 2, elevatecmd: -1 };

/**
 * NirSoft's NirCmd: `exitwin` and `initshutdown` end the session or the power; `execmd` runs a cmd
 * line; `exec`, `exec2`, `elevate`, `runas`, `runassystem`, `shexec`, `shellexecute` run a program
 * (read as the argv they run); `killprocess`/`closeprocess NAME` end a process (read as `taskkill /im`);
 * `elevatecmd` and `cmdwait MS` run another NirCmd verb (elevated, or after a wait);
 * `filldelete PATTERN` zero-fills then deletes the files a wildcard matches (read as `del /f /q PATTERN`).
 */
const NIRCMD: ProgramRow = {
  names: ['nircmd', 'nircmdc'],
  category: 'system',
  what: "NirSoft's NirCmd: one-line Windows actions (windows, sound, power, the clipboard)",
  read: (all) => {
    // `cmdwait MS VERB…` and `elevatecmd VERB…` run the verb after them.
    let at = 0;
    for (;;) {
      const first = textOf(all[at])?.toLowerCase();
      if (first === 'cmdwait') at += 2;
      else if (first === 'elevatecmd') at += 1;
      else break;
    }
    const args = all.slice(at);
    const index = at + 1;
    const verb = textOf(args[0])?.toLowerCase();
    if (verb === 'exitwin' || verb === 'initshutdown') {
      return [{ role: 'destructive', program: 'nircmd', trigger: verb, index, value: args[1] ?? null, endsSession: true, note: `nircmd ${verb} shuts down, restarts or logs off Windows` }];
    }
    if (verb === 'execmd' && args.length > 1) {
      return [{ role: 'executor', program: 'nircmd', trigger: verb, index, value: args[1] ?? null, payload: 'shell-text', payloadText: args.slice(1).map((word) => textOf(word) ?? word.raw).join(' '), note: 'nircmd execmd runs a command line' }];
    }
    if (verb !== undefined && Object.prototype.hasOwnProperty.call(NIRCMD_RUNS, verb) && NIRCMD_RUNS[verb]! >= 0 && args.length > 1 + NIRCMD_RUNS[verb]!) {
      const run = args.slice(1 + NIRCMD_RUNS[verb]!);
      // shexec's and shellexecute's parameters are one string, split as the program splits it.
      const words = verb === 'shexec' || verb === 'shellexecute' ? [run[0]!, ...run.slice(1, 2).flatMap((word) => (textOf(word) ?? word.raw).split(/\s+/).filter((part) => part !== '').map((part): Word => ({ kind: 'literal', value: part, raw: part })))] : run;
      return [{ role: 'executor', program: 'nircmd', trigger: verb, index, value: run[0] ?? null, payload: 'shell-text', payloadText: quotedLine(words), note: `nircmd ${verb} runs the program named with the words after it` }];
    }
    if ((verb === 'killprocess' || verb === 'closeprocess') && args.length > 1) {
      // Ends the processes of that name: read as `taskkill /im NAME /f` (the floor's table of the processes Windows cannot live without).
      return [{ role: 'executor', program: 'nircmd', trigger: verb, index, value: args[1] ?? null, payload: 'shell-text', payloadText: `taskkill /f /im ${quotedLine(args.slice(1, 2))}`, note: `nircmd ${verb} ends the processes of that name` }];
    }
    if (verb === 'filldelete' && args.length > 1) {
      return [{ role: 'executor', program: 'nircmd', trigger: verb, index, value: args[1] ?? null, payload: 'shell-text', payloadText: `del /f /q ${quotedLine(args.slice(1, 2))}`, note: 'nircmd filldelete zero-fills and deletes the files the wildcard matches' }];
    }
    return [];
  },
  plain: ['setsysvolume 20000', 'monitor off', 'clipboard set text', 'cmdwait 1000 monitor off'],
};

/**
 * Sysinternals' PsKill: ends the process named (or with the id given), `-t` its whole tree; with a
 * `\\computer` operand on that machine. Ending a process Windows cannot live without is the
 * floor's (hardline/windows.ts, as `taskkill /im`).
 */
const PSKILL: ProgramRow = {
  names: ['pskill', 'pskill64'],
  category: 'system',
  what: "Sysinternals' PsKill: ends a Windows process by name or id",
  grammar: { short: 'up', flags: 't', long: flagged('accepteula', 'nobanner') },
  operands: [{ role: 'destructive', operand: 'every', note: 'pskill ends the process named (or a remote machine named with \\\\)' }],
  plain: [],
};

/**
 * Fluxbox's remote: its operand is one fluxbox command (`Exit`, `Restart`, `ExecCommand xterm`,
 * `MacroCmd {Exit} {…}`), compared without case as fluxbox does. `Exit`/`Quit` end the window
 * manager and the session; `Exec`/`ExecCommand`/`Execute` run the rest with the shell.
 */
const FLUXBOX_REMOTE: ProgramRow = {
  names: ['fluxbox-remote'],
  category: 'system',
  what: 'sends a command to the running Fluxbox window manager',
  read: (args) => {
    const forms: Form[] = [];
    const text = args.map((word) => textOf(word) ?? word.raw).join(' ');
    for (const command of text.split(/[{}]/)) {
      const [verb = '', ...rest] = command.trim().split(/\s+/);
      const lower = verb.toLowerCase();
      if (lower === 'exit' || lower === 'quit') forms.push({ role: 'destructive', program: 'fluxbox-remote', trigger: verb, index: 1, value: args[0] ?? null, endsSession: true, note: `fluxbox-remote ${verb} ends the window manager and the desktop session: a logout` });
      if (['exec', 'execcommand', 'execute'].includes(lower) && rest.length > 0) forms.push({ role: 'executor', program: 'fluxbox-remote', trigger: verb, index: 1, value: args[0] ?? null, payload: 'shell-text', payloadText: rest.join(' '), note: `fluxbox-remote ${verb} runs a command with the shell` });
    }
    return forms;
  },
  plain: ["'Reconfigure'", "'Workspace 2'", "'Restart'"],
};

/**
 * A window manager's command client (docs/decisions.md "Window managers end the session"): its
 * words (after its options) are commands of the window manager, separated by `;`, `{` or `}`,
 * compared without case. Those in `exits` end the window manager and the session with it, or the
 * machine's power; those in `runs` hand the rest of their command to the shell.
 */
function commandClient(names: readonly string[], what: string, exits: readonly string[], runs: readonly string[], plain: readonly string[]): ProgramRow {
  const program = names[0]!;
  return {
    names,
    category: 'system',
    what,
    read: (args) => {
      const forms: Form[] = [];
      const text = args.map((word) => textOf(word) ?? word.raw).join(' ');
      for (const command of text.split(/[{};]/)) {
        const words = command.trim().split(/\s+/).filter((word) => word !== '');
        while (words[0] !== undefined && words[0].startsWith('-')) words.shift();
        const [verb = '', ...rest] = words;
        const lower = verb.toLowerCase();
        if (exits.includes(lower)) forms.push({ role: 'destructive', program, trigger: verb, index: 1, value: args[0] ?? null, endsSession: true, note: `${program} ${verb} ends the window manager and the desktop session, or the machine's power` });
        if (runs.includes(lower) && rest.length > 0) forms.push({ role: 'executor', program, trigger: verb, index: 1, value: args[0] ?? null, payload: 'shell-text', payloadText: rest.join(' '), note: `${program} ${verb} runs a command with the shell` });
      }
      return forms;
    },
    plain,
  };
}

const WM_COMMAND_CLIENTS: readonly ProgramRow[] = [
  commandClient(['FvwmCommand'], 'sends commands to the running FVWM window manager', ['quit', 'quitsession', 'quitscreen'], ['exec', 'piperead'], ["'Restart'", "'GotoDesk 0 1'"]),
  commandClient(['icesh'], 'controls the running IceWM window manager and its windows', ['logout', 'reboot', 'shutdown', 'halt', 'poweroff'], [], ['-c xterm close', 'windowlist', 'restart']),
  commandClient(['ratpoison', 'sdorfehs'], 'the ratpoison window manager (`-c` sends a command to the running one)', ['quit'], ['exec', 'execa', 'execf'], ["-c 'select 1'", '-c windows']),
  commandClient(['stumpish'], 'sends commands to the running StumpWM window manager', ['quit', 'quit-confirm'], ['run-shell-command', 'exec'], ['windows', 'gnext']),
  commandClient(['pekwm_ctrl'], 'sends actions to the running pekwm window manager', ['exit'], ['exec', 'shellexec'], ["-a 'GotoWorkspace 2'", "-a 'Reload'"]),
  commandClient(['dwmc'], 'sends commands to the running dwm window manager', ['quit'], [], ['view 2', 'togglebar']),
  commandClient(['berryc'], 'sends commands to the running berry window manager', ['quit'], [], ['switch_workspace 1', 'window_move 10 10']),
];

/** Enlightenment's remote: `-exit`, `-logout`, `-halt`, `-reboot` (and their `-now` forms) end the session or the power. */
const ENLIGHTENMENT_REMOTE: ProgramRow = {
  names: ['enlightenment_remote'],
  category: 'system',
  what: 'controls the running Enlightenment desktop',
  read: (args) =>
    args.flatMap((word, k): Form[] => {
      const text = textOf(word);
      return text !== null && /^-(?:exit|logout|halt|reboot|poweroff|shutdown)(?:-now)?$/.test(text)
        ? [{ role: 'destructive', program: 'enlightenment_remote', trigger: text, index: k + 1, value: null, endsSession: true, note: `enlightenment_remote ${text} ends the desktop session or the machine's power` }]
        : [];
    }),
  plain: ['-restart', '-desktops-get', '-module-list'],
};

/** JWM's own binary: `-exit` asks the running one to exit (the session with it); `-restart`, `-reload` do not end it. */
const JWM: ProgramRow = {
  names: ['jwm'],
  category: 'system',
  what: "Joe's Window Manager (its options also control the running one)",
  grammar: { singleDash: true, long: { ...valued('f', 'display'), ...flagged('exit', 'restart', 'reload', 'p', 'v', 'h') } },
  options: [{ role: 'destructive', options: ['-exit'], endsSession: true, note: 'jwm -exit ends the running window manager and the desktop session: a logout' }],
  plain: ['-restart', '-reload', '-p', '-v'],
};

/** wayland-logout: ends the running Wayland compositor, and the session with it, without asking. */
const WAYLAND_LOGOUT: ProgramRow = {
  names: ['wayland-logout'],
  category: 'system',
  what: 'ends the running Wayland compositor: a logout',
  role: { role: 'destructive', endsSession: true, note: 'wayland-logout ends the compositor and the desktop session: a logout' },
  plain: [],
};

/**
 * The session managers' logout tools that open a chooser unless an option names the action
 * (docs/decisions.md "Power and logout through any session manager"): the options that do are
 * `endsSession` forms; the bare tool asks the person.
 */
function logoutDialog(name: string, what: string, flags: string, long: readonly string[], acts: readonly string[], plain: readonly string[]): ProgramRow {
  return {
    names: [name],
    category: 'system',
    what,
    grammar: { flags, long: flagged(...long) },
    ...(acts.length === 0 ? {} : { options: [{ role: 'destructive' as const, options: acts, endsSession: true as const, note: `${name} with an action logs out, shuts down or restarts without asking` }] }),
    plain,
  };
}

// xfce4-session-logout: -l/--logout, -h/--halt, -r/--reboot act; -s, --hibernate, --hybrid-sleep, -u, -f do not end the session.
const XFCE4_SESSION_LOGOUT = logoutDialog(
  'xfce4-session-logout',
  'ends the Xfce session (a chooser unless an action is given)',
  'lhrsuf',
  ['logout', 'halt', 'reboot', 'suspend', 'hibernate', 'hybrid-sleep', 'switch-user', 'fast', 'help', 'version'],
  ['-l', '--logout', '-h', '--halt', '-r', '--reboot'],
  ['', '--suspend', '--switch-user'],
);
const LXSESSION_LOGOUT = logoutDialog('lxsession-logout', 'opens the LXDE logout chooser', '', ['help', 'prompt', 'banner', 'side'], [], ['']);

/** macOS's softwareupdate: `--restart` (`-R`) restarts the machine once the updates are installed. */
const SOFTWAREUPDATE: ProgramRow = {
  names: ['softwareupdate'],
  category: 'system',
  what: 'lists, downloads and installs macOS updates',
  grammar: {
    flags: 'lidaRrfh',
    long: {
      ...valued('product-types', 'ignore', 'schedule', 'full-installer-version', 'user', 'launch-installer'),
      ...flagged('list', 'install', 'download', 'all', 'restart', 'recommended', 'os-only', 'safari-only', 'force', 'no-scan', 'agree-to-license', 'verbose', 'history', 'fetch-full-installer', 'list-full-installers', 'install-rosetta', 'background', 'stdinpass', 'dump-state', 'evaluate-products', 'help'),
    },
  },
  options: [{ role: 'destructive', options: ['-R', '--restart'], endsSession: true, note: 'softwareupdate --restart restarts the machine after installing' }],
  plain: ['--list', '-l', '--history', '--install --all', '--download --recommended'],
};

export const SESSION_ROWS: readonly ProgramRow[] = [SWAYMSG, I3_MSG, HYPRCTL, OPENBOX, LABWC, BSPC, HERBSTCLIENT, RIVERCTL, QTILE, AWESOME_CLIENT, NIRI, FDESETUP, PSSHUTDOWN, NIRCMD, PSKILL, SOFTWAREUPDATE, FLUXBOX_REMOTE, ENLIGHTENMENT_REMOTE, JWM, WAYLAND_LOGOUT, XFCE4_SESSION_LOGOUT, LXSESSION_LOGOUT, ...WM_COMMAND_CLIENTS];
