/**
 * Arm `shutdown`, continued (D§5, docs/decisions.md "Ending the processes a session or the system
 * cannot live without"): a signal to a process whose end ends the desktop session (a logout: every
 * program of the desktop, the agent's terminal with them) or stops the system. Read from the
 * killers that name a process by its name: `killall NAME`, `pkill NAME` (the pattern the name
 * itself, `^NAME$`, or `-x NAME`), Windows' `taskkill /im NAME` (PowerShell's `Stop-Process -Name`
 * is read as it). Restarting the desktop's ordinary parts (`killall Dock`, `killall Finder`,
 * `taskkill /im explorer.exe`, `killall plasmashell`) is everyday work and not here, nor is a
 * signal 0 (it only asks whether the process exists).
 */
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { literalText } from './commandName';

/**
 * Processes by name (lower case, without `.exe`) whose end ends the session or the system, and
 * what ending them does. Names compared without case (Windows and macOS do; a Linux name in
 * another case is no such process anyway).
 */
const SESSION_PROCESSES: Readonly<Record<string, string>> = {
  // macOS: the login session and the window server; launchd is pid 1.
  loginwindow: 'ends the macOS login session: a logout',
  windowserver: 'ends every macOS window and the login session with them',
  launchd: 'signals launchd, pid 1 of macOS (or every user session)',
  // Linux and the BSDs: pid 1 and the user managers, the X server, display managers, session managers, compositors.
  init: 'signals init, pid 1',
  systemd: 'signals systemd, pid 1 and every user manager (each session with it)',
  xorg: 'ends the X server and every program of the desktop: a logout',
  x: 'ends the X server and every program of the desktop: a logout',
  gdm: 'ends the display manager and every session it started',
  gdm3: 'ends the display manager and every session it started',
  sddm: 'ends the display manager and every session it started',
  lightdm: 'ends the display manager and every session it started',
  lxdm: 'ends the display manager and every session it started',
  xdm: 'ends the display manager and every session it started',
  kdm: 'ends the display manager and every session it started',
  wdm: 'ends the display manager and every session it started',
  slim: 'ends the display manager and every session it started',
  nodm: 'ends the display manager and every session it started',
  greetd: 'ends the display manager and every session it started',
  ly: 'ends the display manager and every session it started',
  emptty: 'ends the display manager and every session it started',
  entrance: 'ends the display manager and every session it started',
  'gnome-session': 'ends the GNOME session: a logout',
  'gnome-session-binary': 'ends the GNOME session: a logout',
  ksmserver: 'ends the KDE session: a logout',
  'plasma_session': 'ends the KDE session: a logout',
  'xfce4-session': 'ends the Xfce session: a logout',
  'mate-session': 'ends the MATE session: a logout',
  'cinnamon-session': 'ends the Cinnamon session: a logout',
  'cinnamon-session-binary': 'ends the Cinnamon session: a logout',
  lxsession: 'ends the LXDE session: a logout',
  'lxqt-session': 'ends the LXQt session: a logout',
  kwin_wayland: 'ends the KDE Wayland compositor and the session with it: a logout',
  sway: 'ends the sway compositor and the session with it: a logout',
  hyprland: 'ends the Hyprland compositor and the session with it: a logout',
  river: 'ends the river compositor and the session with it: a logout',
  wayfire: 'ends the Wayfire compositor and the session with it: a logout',
  weston: 'ends the Weston compositor and the session with it: a logout',
  labwc: 'ends the labwc compositor and the session with it: a logout',
  niri: 'ends the niri compositor and the session with it: a logout',
  dwl: 'ends the dwl compositor and the session with it: a logout',
  cage: 'ends the cage kiosk compositor and the session with it: a logout',
  // Phones' and handhelds' shells run as the session's one program (Phosh on phoc, Steam's gamescope session).
  phosh: 'ends the Phosh shell, the phone session with it: a logout',
  phoc: 'ends the phoc compositor and the phone session with it: a logout',
  gamescope: 'ends the gamescope compositor and the session with it: a logout',
  'cosmic-comp': 'ends the COSMIC compositor and the session with it: a logout',
  'gnome-kiosk': 'ends the GNOME kiosk compositor and the session with it: a logout',
  hikari: 'ends the hikari compositor and the session with it: a logout',
  miriway: 'ends the Miriway compositor and the session with it: a logout',
  'cosmic-greeter': 'ends the display manager and every session it started',
  lemurs: 'ends the display manager and every session it started',
  'plasmalogin': 'ends the display manager and every session it started',
  // X11 window managers a session runs as its last program (`exec i3` in .xinitrc, a display
  // manager's session file): when it ends, the session ends. xinit and startx hold the X server.
  xinit: 'ends xinit, the X server with it and every program of the desktop: a logout',
  dwm: 'ends the dwm window manager, the program the X session runs: a logout',
  i3: 'ends the i3 window manager, the program the X session runs: a logout',
  awesome: 'ends the awesome window manager, the program the X session runs: a logout',
  openbox: 'ends the Openbox window manager, the program the X session runs: a logout',
  bspwm: 'ends the bspwm window manager, the program the X session runs: a logout',
  herbstluftwm: 'ends the herbstluftwm window manager, the program the X session runs: a logout',
  fluxbox: 'ends the Fluxbox window manager, the program the X session runs: a logout',
  icewm: 'ends the IceWM window manager, the program the X session runs: a logout',
  'icewm-session': 'ends the IceWM session: a logout',
  qtile: 'ends the Qtile window manager, the program the session runs: a logout',
  spectrwm: 'ends the spectrwm window manager, the program the X session runs: a logout',
  jwm: 'ends the JWM window manager, the program the X session runs: a logout',
  fvwm: 'ends the FVWM window manager, the program the X session runs: a logout',
  fvwm3: 'ends the FVWM window manager, the program the X session runs: a logout',
  twm: 'ends the twm window manager, the program the X session runs: a logout',
  cwm: 'ends the cwm window manager, the program the X session runs: a logout',
  wmaker: 'ends Window Maker, the program the X session runs: a logout',
  enlightenment: 'ends Enlightenment, the program the session runs: a logout',
  ratpoison: 'ends the ratpoison window manager, the program the X session runs: a logout',
  stumpwm: 'ends the StumpWM window manager, the program the X session runs: a logout',
  leftwm: 'ends the LeftWM window manager, the program the X session runs: a logout',
  xmonad: 'ends the xmonad window manager, the program the X session runs: a logout',
  // Windows: the processes marked critical (ending one stops Windows) and the logon process.
  csrss: 'ends a critical Windows process: Windows stops',
  wininit: 'ends a critical Windows process: Windows stops',
  winlogon: 'ends the Windows logon process: Windows stops or logs everyone out',
  smss: 'ends a critical Windows process: Windows stops',
  lsass: 'ends a critical Windows process: Windows restarts',
  services: 'ends a critical Windows process: Windows stops',
  svchost: 'ends every Windows service host, critical ones with them: Windows stops',
};

/**
 * The login services, read only where a killer names them (`killall sshd`, `pkill -x sshd`): every
 * process of the name is a session's (OpenSSH runs one sshd, or since 9.8 one `sshd-session`, per
 * connection; `login` holds each console login), so ending them all ends every remote or console
 * session, the agent's own among them when it came that way. Their service stopped or restarted
 * (`systemctl restart sshd`) ends only the listener, and is not here.
 */
const LOGIN_SERVICE_PROCESSES: Readonly<Record<string, string>> = {
  sshd: 'ends every SSH session (each connection runs under an sshd)',
  'sshd-session': 'ends every SSH session',
  dropbear: 'ends every SSH session of the Dropbear server',
  login: 'ends every console login session',
};

/**
 * The names a session's program runs under besides its own: a window manager that compiles its
 * configuration into a program of its own named for the platform (xmonad's
 * `xmonad-x86_64-linux`, `xmonad-aarch64-darwin`), Nix's wrappers (`.sway-wrapped`), Debian's
 * diverted originals (`gdm3.real`) and `-bin` builds. Each is the program it wraps.
 */
const PLATFORM_SUFFIX = /-(?:x86_64|amd64|i[3-6]86|aarch64|arm64|armv\d\w*|arm|riscv64|ppc64le?|s390x)-(?:linux|darwin|freebsd|openbsd|netbsd|mingw32|windows)$/;

function processKeys(name: string): string[] {
  const key = name.toLowerCase().replace(/\.exe$/, '');
  const bare = key.replace(/^\.(.+)-wrapped$/, '$1').replace(PLATFORM_SUFFIX, '').replace(/(?:\.real|-bin)$/, '');
  return bare === key ? [key] : [key, bare];
}

/** What ending the named process does, or null when it is no such process. */
export function sessionProcess(name: string): string | null {
  for (const key of processKeys(name)) {
    if (Object.prototype.hasOwnProperty.call(SESSION_PROCESSES, key)) return SESSION_PROCESSES[key]!;
    // A desktop's session manager by its name's form (`budgie-session`, `gamescope-session`,
    // `phosh-session`): it holds every program of the session, as the listed ones do.
    if (/^[a-z][a-z0-9]*(?:-[a-z0-9]+)?-session(?:-binary)?$/.test(key) && !/^(?:dbus|user|systemd|gpg|ssh|tmux|screen|x11|wayland)-/.test(key)) return 'ends the desktop\'s session manager: a logout';
  }
  return null;
}

/**
 * What ending every process of the name does when that ends sessions: a session's or the system's
 * process, or a login service's (every SSH or console session), or null.
 */
export function sessionOrLoginProcess(name: string): string | null {
  const login = name.toLowerCase();
  return sessionProcess(name) ?? (Object.prototype.hasOwnProperty.call(LOGIN_SERVICE_PROCESSES, login) ? LOGIN_SERVICE_PROCESSES[login]! : null);
}

/**
 * What a pgrep/pkill pattern picks among the processes whose end ends a session or the system:
 * the pattern is an extended regular expression matched against each process name (anchored whole
 * with `-x`), so `\bdwm$`, `^(i3|sway)$` and `plasmash.ll` pick what their plain names do. A
 * pattern the gate cannot compile picks nothing here (the name read as written still counts).
 */
export function sessionProcessMatching(pattern: string, whole: boolean): string | null {
  const named = sessionOrLoginProcess(pattern.replace(/^\^/, '').replace(/\$$/, ''));
  if (named !== null) return named;
  if (!/[\\.*+?()[\]{}|^$]/.test(pattern) || pattern.length > 256) return null;
  let regex: RegExp;
  try {
    // Without case: the names are kept in lower case, and at its worst the pattern meets the real spelling (`Xorg`).
    regex = new RegExp(whole ? `^(?:${pattern})$` : pattern, 'i');
  } catch {
    return null;
  }
  for (const name of [...Object.keys(SESSION_PROCESSES), ...Object.keys(LOGIN_SERVICE_PROCESSES)]) {
    if (regex.test(name)) return sessionOrLoginProcess(name);
  }
  return null;
}

/** Options of killall, pkill and skill that take the next word as their value. */
const KILL_VALUED = new Set(['--tty', '-s', '--signal', '-u', '--user', '-o', '--older-than', '-y', '--younger-than', '-n', '--ns', '-Z', '--context', '-U', '-g', '-G', '-P', '-t', '-F', '--euid', '--uid', '--group', '--pgroup', '--parent', '--session', '--terminal', '--pidfile']);

/** A signal option's value that only asks whether a process exists. */
function isSignalZero(text: string): boolean {
  return /^(?:-|--signal=|-s)?(?:0|sig0|null)$/i.test(text);
}

/**
 * taskkill's filters read for what they positively narrow (docs/decisions.md "Windows tools through
 * WSL: ends, accounts and inline scripts"): an `eq` of `IMAGENAME`, `PID`, `WINDOWTITLE`,
 * `SERVICES` or `MODULES` to a value that is not all wildcards picks programs, as do `STATUS eq NOT
 * RESPONDING` and a `MEMUSAGE`/`CPUTIME` threshold above zero (`gt`, `ge`). Every other filter
 * (`USERNAME`, `SESSION`, `STATUS eq RUNNING`, `PID gt 0`, `IMAGENAME ne X`, one the gate does not
 * know) picks a population, at its worst every process. With no narrowing filter, no `/im` naming a
 * program, no `/pid` and no remote `/s`, taskkill ends them all: what it was given, or null.
 */
function taskkillFiltersEverything(words: readonly Word[], texts: ReadonlyArray<string | null>): string | null {
  const given: string[] = [];
  for (let k = 0; k < texts.length; k++) {
    const text = texts[k] ?? '';
    if (/^[-/](?:pid|s)$/i.test(text)) return null;
    if (/^[-/]im$/i.test(text)) {
      const image = words[k + 1];
      // A glob is passed as written when nothing matches it (WSL's bash: `/im *`): at its worst it is.
      const pattern = image === undefined ? null : image.kind === 'literal' ? image.value : image.expansions.every((expansion) => expansion === 'glob') ? image.raw : null;
      if (pattern === null || !ALL_WILDCARDS.test(pattern)) return null;
      given.push(`/im ${pattern}`);
      k++;
      continue;
    }
    if (!/^[-/]fi$/i.test(text)) continue;
    const filter = texts[k + 1];
    if (filter === null || filter === undefined) return null;
    const parts = /^\s*(\w+)\s+(eq|ne|gt|lt|ge|le)\s+(.*?)\s*$/i.exec(filter);
    if (parts !== null && taskkillFilterNarrows(parts[1]!.toLowerCase(), parts[2]!.toLowerCase(), parts[3]!.toLowerCase())) return null;
    given.push(`/fi "${filter}"`);
    k++;
  }
  return given.length === 0 ? null : given.join(' ');
}

/** A value that matches every name (`*`, `*.exe`). */
const ALL_WILDCARDS = /^[*?]+(?:\.[*?]*|\.exe)?$/i;

function taskkillFilterNarrows(field: string, op: string, value: string): boolean {
  if (op === 'eq' && ['imagename', 'pid', 'windowtitle', 'services', 'modules'].includes(field)) return !ALL_WILDCARDS.test(value);
  if (field === 'status') return op === 'eq' ? value === 'not responding' : value === 'running' && op === 'ne';
  if (field === 'memusage' || field === 'cputime') return (op === 'gt' || op === 'ge') && /[1-9]/.test(value);
  return false;
}

/**
 * `killall [-SIG] NAME…`, `pkill [-SIG] [-x] PATTERN` and `taskkill /im NAME…`: the first process
 * named that ends the session or the system, as a finding.
 */
export function checkSessionKill(name: string, args: readonly Word[]): HardlineFinding | null {
  const texts = args.map(literalText);
  if (name === 'taskkill') {
    const everything = taskkillFiltersEverything(args, texts);
    if (everything !== null) return hardlineFinding('kill-all', `taskkill ${everything} ends every process it may end`);
    for (let k = 0; k < texts.length; k++) {
      if (!/^[-/]im$/i.test(texts[k] ?? '')) continue;
      const image = texts[k + 1];
      const what = image === null || image === undefined ? null : sessionProcess(image);
      if (what !== null) return hardlineFinding('shutdown', `taskkill /im ${image}: ${what}`);
    }
    return null;
  }
  const names: string[] = [];
  for (let k = 0; k < texts.length; k++) {
    const text = texts[k];
    if (text === null || text === undefined) continue;
    if (text === '-l' || text === '--list' || text === '--help' || text === '-V' || text === '--version' || isSignalZero(text)) return null;
    if (text === '-s' || text === '--signal') {
      if (isSignalZero(texts[k + 1] ?? '')) return null;
      k++;
      continue;
    }
    if (KILL_VALUED.has(text)) {
      k++;
      continue;
    }
    if (text.startsWith('-')) continue;
    names.push(text);
  }
  // `pkill -t TTY` (skill's too: `skill -KILL -t pts/0`) with no pattern: every process of that
  // terminal, its shell and session with them. skill's `-n` only prints what it would do.
  if ((name === 'pkill' || (name === 'skill' && !texts.some((text) => text === '-n' || text === '--no-action'))) && names.length === 0) {
    const at = texts.findIndex((text) => text === '-t' || text === '--terminal' || text === '--tty' || (text?.startsWith('--terminal=') ?? false) || (text?.startsWith('--tty=') ?? false));
    const value = at === -1 ? undefined : texts[at]!;
    const terminal = value === undefined ? undefined : value.startsWith('--') && value.includes('=') ? value.slice(value.indexOf('=') + 1) : texts[at + 1];
    if (terminal !== undefined) return hardlineFinding('shutdown', `${name} -t ${terminal ?? '…'} ends every process of the terminal, its session with them`);
  }
  // pkill reads a regular expression (`^loginwindow$`, `\bdwm$`); killall and skill a name.
  const whole = texts.some((text) => text === '-x' || text === '--exact');
  for (const process of names) {
    const what = name === 'pkill' ? sessionProcessMatching(process, whole) : sessionOrLoginProcess(process);
    if (what !== null) return hardlineFinding('shutdown', `${name} ${process}: ${what}`);
  }
  return null;
}
