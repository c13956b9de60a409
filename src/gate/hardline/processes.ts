/**
 * Arms `kill-all` (a signal to pid -1, `killall5`) and `shutdown` (shutdown, reboot, halt,
 * poweroff, `init 0|6`, `systemctl poweroff|reboot|…`, `loginctl poweroff`, `rtcwake -m off`,
 * `kexec -e`). `pkill`/`killall` only with `-v` or a pattern every name matches: what any other
 * pattern matches cannot be known here.
 */
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, hasOption, literalText, operands, readByRow } from './commandName';
import { peelWrappers } from '../programs/wrappers';
import { readTextCommands } from './textCommands';
import { isServiceAccount, namesOwnAccount } from './ownAccount';
import { sessionOrLoginProcess, sessionProcess, sessionProcessMatching } from './sessionProcesses';

/** `kill [-s SIG | -n NUM | -SIG] [--] PID…`: pid -1 means every process the caller may signal. */
export function checkKill(name: string, args: readonly Word[]): HardlineFinding | null {
  if (name === 'killall5') {
    const texts = args.map(literalText);
    if (texts.includes('-0') || texts.includes('--help')) return null;
    return hardlineFinding('kill-all', 'killall5 signals every process');
  }
  let signal: string | null = null;
  const pids: string[] = [];
  let optionsEnded = false;
  for (let k = 0; k < args.length; k++) {
    // `$(pgrep .)`, `` `ps -e -o pid=` ``: a substitution that prints every process id is pid -1 at worst.
    if (substitutesEveryProcess(args[k]!)) {
      pids.push('-1');
      continue;
    }
    const text = literalText(args[k]);
    if (text === null) continue;
    if (optionsEnded || pids.length > 0) {
      pids.push(text);
      continue;
    }
    if (text === '--') {
      optionsEnded = true;
    } else if (['-l', '-L', '--list', '--table', '-p', '--pid'].includes(text)) {
      return null;
    } else if (text === '-s' || text === '-n' || text === '--signal' || text === '-q' || text === '--queue') {
      if (text !== '-q' && text !== '--queue') signal = literalText(args[k + 1]) ?? '?';
      k++;
    } else if (text.startsWith('-') && text.length > 1 && signal === null) {
      signal = text.slice(1);
    } else {
      pids.push(text);
    }
  }
  // A signal init reads as power off, reboot, halt or ctrl-alt-del (docs/decisions.md "Power, whatever the route").
  if (pids.includes('1') && signal !== null && initPowerSignal(signal)) return hardlineFinding('shutdown', `kill -${signal} 1 asks init to power off, halt or reboot the machine`);
  if (!pids.includes('-1')) {
    // `kill -TERM "$(pidof dwm)"`: a pid found by the name of a process the session or the system
    // cannot live without (docs/decisions.md "A session's processes found by pidof or pgrep").
    // Signal 0 asks whether it lives; USR1/USR2/CONT/WINCH ask a window manager to reload or report.
    if (signal !== null && /^(?:0|sig0|null|(?:sig)?(?:usr1|usr2|cont|winch)|10|12|18|28)$/i.test(signal)) return null;
    // PID 1, the machine's init (docs/decisions.md "The host's processes from a container"): an
    // ending signal ends it (and the machine with it) or is read as a power request (SIGINT is
    // ctrl-alt-del, a reboot, for systemd and sysvinit); the kernel's shield of init from SIGKILL
    // is not counted on, since the signaller may sit in another namespace. HUP asks init to reload.
    if (pids.includes('1') && (signal === null || !/^(?:sig)?hup$|^1$/i.test(signal))) return hardlineFinding('shutdown', `kill ${signal === null ? '' : '-' + signal + ' '}1 signals the init process, PID 1, that holds the machine up`);
    for (const word of args) {
      const found = substitutedSessionProcess(word);
      if (found !== null) return hardlineFinding('shutdown', `kill of ${found.command}: ${found.what}`);
    }
    // `kill $(pgrep -u david)`, `kill -9 $(ps -u jake -o pid=)`: every process of one account, as
    // `pkill -u` signals them (ownAccount.ts): any account with an ending signal spelt, a person's
    // with the default TERM (docs/decisions.md "A power program's states and a machine's stop").
    const ending = signal === null ? null : /^(?:SIG)?(?:KILL|TERM|HUP|INT|QUIT|9|15|1|2|3)$/i.test(signal);
    if (ending !== false) {
      for (const word of args) {
        const commands = substitutedCommands(word);
        const last = commands?.[commands.length - 1];
        if (last !== undefined && printsAccountProcesses(last, peeledWords, ending === true ? () => true : (account) => !isServiceAccount(account))) return hardlineFinding('kill-all', `kill of ${word.raw}: every process of the account`);
      }
    }
    return null;
  }
  if (signal !== null && /^(?:0|sig0|null)$/i.test(signal)) return null;
  return hardlineFinding('kill-all', `kill ${signal === null ? '' : '-' + signal + ' '}-1 signals every process`);
}

/**
 * `fuser -k /`, `fuser -km /`: the processes using the root folder (every process has it as its
 * root, and with -m every process with a file open on its file system) are every process; -k
 * signals them all (D§5 kill-all). `-l` lists signals, `-k` with another file picks some.
 */
export function checkFuserKill(args: readonly Word[]): HardlineFinding | null {
  const texts = args.map(literalText);
  let kills = false;
  let root = false;
  for (let k = 0; k < texts.length; k++) {
    const text = texts[k];
    if (text === null || text === undefined) continue;
    if (text === '-n' || text === '--namespace' || text === '--signal') {
      k++;
      continue;
    }
    if (text === '--kill' || /^-[a-zA-Z46]*k[a-zA-Z46]*$/.test(text)) kills = true;
    else if (text === '-l' || text === '--list-signals' || text === '-V' || text === '--version') return null;
    else if (!text.startsWith('-') && /^\/+\.?$/.test(text)) root = true;
  }
  return kills && root ? hardlineFinding('kill-all', 'fuser -k of the root folder signals every process') : null;
}

/** The command of a substitution word (`$(…)`, `` `…` ``), read as text commands; null for any other word. */
function substitutedCommands(word: Word): ReturnType<typeof readTextCommands> | null {
  if (word.kind === 'literal') return null;
  const raw = word.raw.replace(/^"(.*)"$/s, '$1');
  const inner = /^\$\((.*)\)$/s.exec(raw)?.[1] ?? /^`(.*)`$/s.exec(raw)?.[1];
  if (inner === undefined || inner.length > 4096) return null;
  return readTextCommands(inner, '/');
}

/**
 * `$(pidof NAME)`, `$(pidof -s NAME)`, `$(pgrep NAME)`, `$(pgrep -x NAME)`: the ids of the named
 * process, when it is one whose end ends the session or the system (sessionProcesses.ts).
 */
function substitutedSessionProcess(word: Word): { command: string; what: string } | null {
  const commands = substitutedCommands(word);
  const last = commands?.[commands.length - 1];
  if (last === undefined || last.pipedFrom !== null) return null;
  const argv = peeledWords(last);
  const name = commandName(argv[0])?.name;
  if (name !== 'pidof' && name !== 'pgrep') return null;
  const texts = argv.slice(1).map(literalText);
  for (let k = 0; k < texts.length; k++) {
    const text = texts[k];
    if (text === null || text === undefined) continue;
    // Options that take a value (pidof's `-o PID`, pgrep's selectors), skipped with it.
    if (name === 'pidof' ? /^-[od]$/.test(text) : /^-[gGPsStUuFO]$|^--(?:pgroup|group|parent|session|terminal|euid|uid|older|runstates|ns|nslist|pidfile|cgroup|env)$/.test(text)) {
      k++;
      continue;
    }
    if (text.startsWith('-')) continue;
    // A login service's processes too (`$(pgrep -u david sshd)`): every SSH session, of that account at
    // least. pgrep's pattern is a regular expression (`"\bdwm$"`), anchored whole with `-x`.
    const what = name === 'pgrep' ? sessionProcessMatching(text, texts.some((t) => t === '-x' || t === '--exact')) : sessionOrLoginProcess(text.slice(text.lastIndexOf('/') + 1));
    if (what !== null) return { command: `${name} ${text}`, what };
  }
  return null;
}

/** A command substitution word (`$(…)`, `` `…` ``) whose command prints every process id. */
function substitutesEveryProcess(word: Word): boolean {
  if (word.kind === 'literal') return false;
  // zsh's flags around a substitution (`${(f)"$(pgrep .)"}`, `${(@s: :)$(…)}`) split the same ids.
  const raw = word.raw.replace(/^"(.*)"$/s, '$1').replace(/^\$\{\([^)]*\)"?(\$\(.*\)|`.*`)"?\}$/s, '$1');
  const inner = /^\$\((.*)\)$/s.exec(raw)?.[1] ?? /^`(.*)`$/s.exec(raw)?.[1];
  if (inner === undefined || inner.length > 4096) return false;
  const commands = readTextCommands(inner, '/');
  const last = commands[commands.length - 1];
  return last !== undefined && printsEveryProcess(last);
}

/** A command in a pipeline, as far as {@link printsEveryProcess} looks at it. */
export interface PipedCommand {
  argv: readonly Word[];
  pipedFrom: PipedCommand | null;
}

/**
 * The command prints the id of every process (D§5 kill-all, docs/decisions.md "What flows between
 * segments is read with what flows"): `pgrep` with a pattern every name matches (or `-v`), `ps`
 * selecting every process (`-e`, `-A`, BSD `ax`) with nothing that narrows it, and after either
 * only filters that keep every line (`awk` with no pattern, `cut`, `tr`, `sort`, `uniq`, `tail -n
 * +N`). `pgrep node`, `ps aux | grep vite | awk '{print $2}'` select some: never read so.
 * `inside`: a command's words inside its wrappers, as its record has peeled them (the floor's
 * `CommandShape`); peeled here for a command no record was made for (the text reader's).
 */
export function printsEveryProcess(command: PipedCommand, inside: (command: PipedCommand) => readonly Word[] = peeledWords): boolean {
  const argv = inside(command);
  const name = commandName(argv[0])?.name;
  if (name === undefined) return false;
  const args = argv.slice(1);
  if (name === 'pgrep' || name === 'pidof') return name === 'pgrep' && pgrepSelectsAll(args);
  if (name === 'ps') return psSelectsAll(args);
  if (name === 'seq') return seqCoversEveryId(args);
  if (name === 'ls') return listsProc(args);
  if (name === 'lsof') return lsofTersePidsOfRoot(args);
  if (name === 'top') return topBatchOfAll(args);
  return command.pipedFrom !== null && (keepsEveryLine(name, args) || keepsEveryNumber(name, args)) && printsEveryProcess(command.pipedFrom, inside);
}

function peeledWords(command: PipedCommand): readonly Word[] {
  return peelWrappers(command.argv).argv;
}

/**
 * The lowest limit a Linux system puts on process ids (`/proc/sys/kernel/pid_max`, 32768 on the
 * smallest; 4194304 on most 64-bit systems): a count from 1 or 2 up to at least this many holds
 * the id of every process such a system runs.
 */
const LOWEST_PID_MAX = 32768;

/** `seq LAST`, `seq FIRST LAST`, `seq FIRST 1 LAST` counting every id from init (or the first after it) up to the limit. */
function seqCoversEveryId(args: readonly Word[]): boolean {
  if (args.length === 0 || args.length > 3 || args.some((word) => word.kind !== 'literal' || !/^\d{1,12}$/.test(word.value))) return false;
  const numbers = args.map((word) => Number((word as Word & { kind: 'literal' }).value));
  const first = numbers.length === 1 ? 1 : numbers[0]!;
  const step = numbers.length === 3 ? numbers[1]! : 1;
  return first <= 2 && step === 1 && numbers[numbers.length - 1]! >= LOWEST_PID_MAX;
}

/**
 * `lsof -t /`, `lsof -t +D /`: the ids of the processes with a file open on the root file system
 * (a mount point names its whole file system to lsof): every process. `lsof -t` with no name lists
 * every open file's process: every process too. Any selecting option (`-p`, `-u`, `-c`, `-i`) or
 * another name picks some.
 */
function lsofTersePidsOfRoot(args: readonly Word[]): boolean {
  const words = args.map(literalText);
  if (words.some((word) => word === null)) return false;
  const options = words.filter((word) => /^[-+]/.test(word!));
  const operands = words.filter((word) => !/^[-+]/.test(word!));
  return options.some((option) => /^-[a-zA-Z]*t[a-zA-Z]*$/.test(option!)) && options.every((option) => /^-[tnPlwb]+$|^\+[dD]$/.test(option!)) && operands.every((operand) => /^\/+$/.test(operand!));
}

/**
 * `top -b` (batch mode, one snapshot a line per process) with nothing that picks some processes
 * (`-p PID`, `-u USER`, `-U USER`): every process id, in its first column after the header lines.
 */
function topBatchOfAll(args: readonly Word[]): boolean {
  const reading = readByRow('top', args);
  if (reading === null || args.some((word) => word.kind !== 'literal')) return false;
  return hasOption(reading, '-b') && !reading.options.some((option) => ['-p', '-u', '-U', '-h', '-v'].includes(option.name)) && reading.operands.length === 0;
}

/**
 * The command prints every login session's account and terminal (`who`, `w -h`, `users`), and only
 * filters that keep every line follow: what a killer selecting by terminal or account is handed
 * (`who | awk '{print $2}' | xargs -I{} pkill -KILL -t {}`) is every session at worst, the
 * agent's own among them (docs/decisions.md "Listings of every mount, process and terminal").
 * `who am i` and `who -m` print only the caller's session; `w USER`, one account's.
 */
export function printsEverySession(command: PipedCommand, inside: (command: PipedCommand) => readonly Word[] = peeledWords): boolean {
  const argv = inside(command);
  const name = commandName(argv[0])?.name;
  if (name === undefined) return false;
  const args = argv.slice(1);
  if (name === 'who' || name === 'w' || name === 'users') {
    if (args.length === 0) return true;
    const reading = readByRow(name, args);
    if (reading === null || args.some((word) => word.kind !== 'literal')) return false;
    return reading.operands.length === 0 && !hasOption(reading, '-m', '-q', '--count', '-b', '--boot', '-r', '--runlevel', '--help', '--version');
  }
  return command.pipedFrom !== null && keepsEveryLine(name, args) && printsEverySession(command.pipedFrom, inside);
}

/** Killers' options that pick processes by their terminal, account or session (the word that flows in is their value). */
const BY_SESSION = /^(?:-[tuUs]|--(?:terminal|euid|uid|user|session)(?:=.*)?)$/;

/**
 * `pkill`/`killall`/`skill`/`slay`, after any wrapper, selecting processes by terminal, account or
 * session with nothing else narrowing them (no name pattern): run with every session, a signal to
 * every process of every login (kill-all).
 */
export function killsBySession(inner: readonly Word[]): HardlineFinding | null {
  const argv = peelWrappers(inner).argv;
  const name = commandName(argv[0])?.name;
  if (name !== 'pkill' && name !== 'killall' && name !== 'skill' && name !== 'slay') return null;
  const texts = argv.slice(1).map(literalText);
  if (texts.some((text) => text !== null && /^-(?:[lVh]|-list|-version|-help)$/.test(text))) return null;
  if (!texts.some((text) => text !== null && BY_SESSION.test(text))) return null;
  // An operand besides the selector's value and the signal is a name pattern: some processes.
  const patterns = texts.filter((text, k) => text !== null && !text.startsWith('-') && !(BY_SESSION.test(texts[k - 1] ?? '') || /^-(?:s|n|-signal)$/.test(texts[k - 1] ?? '')) && !/\{\}/.test(text));
  if (patterns.some((pattern) => !MATCH_ALL.test(pattern!))) return null;
  return hardlineFinding('kill-all', `${name} signals the processes of every login session it is handed`);
}

/** `ls /proc` (plain, or one entry a line): every process id, among the kernel's other entries. */
function listsProc(args: readonly Word[]): boolean {
  const words = args.map(literalText);
  if (words.some((word) => word === null)) return false;
  const operands = words.filter((word) => !word!.startsWith('-'));
  return operands.length === 1 && /^\/proc\/?$/.test(operands[0]!) && words.every((word) => !word!.startsWith('-') || /^-[1aU]+$/.test(word!));
}

/**
 * `grep -E '^[0-9]+$'` and the like, reading its input: a pattern every number matches keeps every
 * id line of what it reads (the kernel's other `/proc` entries are names, and drop out).
 */
function keepsEveryNumber(name: string, args: readonly Word[]): boolean {
  if (name !== 'grep' && name !== 'egrep') return false;
  const words = args.map(literalText);
  if (words.some((word) => word === null)) return false;
  const options = words.filter((word) => word!.startsWith('-'));
  const operands = words.filter((word) => !word!.startsWith('-'));
  if (operands.length !== 1 || options.some((option) => !/^-[EPx]+$/.test(option!))) return false;
  const pattern = operands[0]!.replace(/\[\[:digit:\]\]/g, '[0-9]').replace(/\\\+/g, '+').replace(/\\d/g, '[0-9]');
  let test: RegExp;
  try {
    test = new RegExp(pattern);
  } catch {
    return false;
  }
  return ['1', '2', '731', '4194303'].every((id) => test.test(id));
}

function pgrepSelectsAll(args: readonly Word[]): boolean {
  const reading = readByRow('pgrep', args);
  if (reading === null) return false;
  // Every process of the account the command runs as (`pgrep -u "$USER"`): what `pkill -u "$USER"`
  // signals, kill-all as ownAccount.ts reads it.
  const byUser = reading.options.filter((option) => OWN_USER_OPTIONS.has(option.name));
  if (byUser.length > 0 && byUser.every((option) => option.value !== null && (namesOwnAccount(option.value, '') || namesSystemAccount(option.value))) && reading.options.every((option) => OWN_USER_OPTIONS.has(option.name) || !PGREP_NARROWING.includes(option.name))) {
    return reading.operands.every((word) => MATCH_ALL.test(literalText(word) ?? '?'));
  }
  if (args.some((word) => word.kind !== 'literal')) return false;
  // Options that narrow the selection to some processes. `-x` only asks the pattern to match the
  // whole name, which `.*` and `.+` still do for every name.
  const exact = hasOption(reading, '-x', '--exact');
  if (reading.options.some((option) => PGREP_NARROWING.includes(option.name) && !(exact && (option.name === '-x' || option.name === '--exact')))) return false;
  const patterns = reading.operands.map(literalText);
  if (patterns.length === 0) return false;
  return hasOption(reading, '-v', '--inverse') || patterns.some((pattern) => pattern !== null && (exact ? MATCH_EVERY_WHOLE_NAME : MATCH_ALL).test(pattern));
}

/**
 * The root account by name or id: its processes are the system's own (init's children, the
 * journal, the display manager, sshd), so every one of them signalled ends the system at worst.
 */
function namesSystemAccount(word: Word): boolean {
  const text = literalText(word);
  return text === 'root' || text === '0';
}

/** pgrep's options that pick processes by their user. */
const OWN_USER_OPTIONS = new Set(['-u', '-U', '--euid', '--uid']);

/** pgrep's options that narrow the selection to some processes. */
const PGREP_NARROWING = ['-u', '-U', '-G', '-g', '-P', '-s', '-t', '-F', '--euid', '--uid', '--group', '--pgroup', '--parent', '--session', '--terminal', '--pidfile', '--ns', '--cgroup', '-n', '-o', '--newest', '--oldest', '-x', '--exact', '-c', '--count', '-r', '--runstates', '-O', '--older'];

function psSelectsAll(args: readonly Word[]): boolean {
  if (args.some((word) => word.kind !== 'literal')) return false;
  if (psSelectsAccount(args, (word) => namesSystemAccount(word))) return true;
  const words = args.map((word) => literalText(word)!);
  let all = false;
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    // Options that pick some processes (by pid, user, command, group, terminal, session).
    if (/^(?:-[A-Za-z]*[pCGgUustq]|--(?:pid|ppid|user|User|group|Group|tty|sid|quick-pid)|[pUt]$)/.test(word) && !/^-[A-Za-z]*o$/.test(word)) return false;
    if (/^-[A-Za-z]*[eA]/.test(word) && !/^-[A-Za-z]*o./.test(word)) all = true;
    // BSD `ax`/`aux`: every process with and without a terminal.
    if (/^[a-zA-Z]+$/.test(word) && word.includes('a') && word.includes('x') && !/[pUt]/.test(word)) all = true;
    if (/^-?[oOk]$/.test(word) || /^-[A-Za-z]*[oO]$/.test(word) || /^--(?:format|sort)$/.test(word)) k++;
  }
  return all;
}

/**
 * `ps -u NAME`, `ps -U NAME`, `ps --user NAME` (with only output options beside): every process of
 * one account, when `account` accepts the name. Other selections (`-p`, `-C`, `-t`, BSD words) pick some.
 */
function psSelectsAccount(args: readonly Word[], account: (word: Word) => boolean): boolean {
  let selected = false;
  for (let k = 0; k < args.length; k++) {
    const text = literalText(args[k]);
    if (text === null) return false;
    const user = /^(?:-[uU]|--user|--User)(?:=(.+))?$/.exec(text) ?? /^-[uU](.+)$/.exec(text);
    if (user !== null) {
      const value = user[1] !== undefined ? { kind: 'literal' as const, value: user[1], raw: user[1] } : args[++k];
      if (value === undefined || !account(value)) return false;
      selected = true;
      continue;
    }
    // Output options and their format (`-o pid=`, `--no-headers`, `-h`, `-ww`).
    if (/^(?:-o|-O|--format|-q|--sort)$/.test(text)) {
      k++;
      continue;
    }
    if (/^(?:-o.+|--format=.+|--no-headers?|--sort=.+|-[hHwf]+)$/.test(text)) continue;
    return false;
  }
  return selected;
}

/**
 * The command prints the id of every process of one account, any account (`ps -u dev -o pid=`,
 * `pgrep -u dev .`), and nothing narrows it: what `pkill -KILL -u dev` signals when a signal that
 * ends processes is spelt out (ownAccount.ts, docs/decisions.md "Killing every process of an
 * account by an explicit signal"). Filters that keep every line may follow, as for {@link printsEveryProcess}.
 */
export function printsAccountProcesses(command: PipedCommand, inside: (command: PipedCommand) => readonly Word[] = peeledWords, accepts: (account: string) => boolean = () => true): boolean {
  const argv = inside(command);
  const name = commandName(argv[0])?.name;
  if (name === undefined) return false;
  const args = argv.slice(1);
  const any = (word: Word): boolean => literalText(word) !== null && /^[a-z_][a-z0-9_.-]*\$?$|^\d+$/i.test(literalText(word)!) && accepts(literalText(word)!);
  if (name === 'ps') return psSelectsAccount(args, any);
  if (name === 'pgrep') {
    const reading = readByRow('pgrep', args);
    if (reading === null || args.some((word) => word.kind !== 'literal')) return false;
    const byUser = reading.options.filter((option) => OWN_USER_OPTIONS.has(option.name));
    return byUser.length > 0 && byUser.every((option) => option.value !== null && any(option.value)) && reading.options.every((option) => OWN_USER_OPTIONS.has(option.name) || !PGREP_NARROWING.includes(option.name)) && reading.operands.every((word) => MATCH_ALL.test(literalText(word) ?? '?'));
  }
  return command.pipedFrom !== null && (keepsEveryLine(name, args) || keepsEveryNumber(name, args)) && printsAccountProcesses(command.pipedFrom, inside, accepts);
}

/** The words spell out a signal of any kind (`-STOP`, `-s USR1`, `--signal=0`): not the killer's default. */
export function spellsSignal(words: readonly Word[]): boolean {
  return words.map(literalText).some((text) => text !== null && (/^-(?:s|n|-signal)$/.test(text) || /^--signal=/.test(text) || /^-(?:SIG)?(?:[A-Z]+|\d+)$/i.test(text)));
}

/** The words spell out a signal that ends a process which does not catch it (`-9`, `-KILL`, `-s TERM`, `--signal=HUP`). */
export function spellsEndingSignal(words: readonly Word[]): boolean {
  const texts = words.map(literalText);
  return texts.some((text, k) => {
    if (text === null) return false;
    const value = /^-(?:s|n|-signal)$/.test(text) ? texts[k + 1] : /^--signal=(.+)$/.exec(text)?.[1] ?? /^-(?:SIG)?([A-Z]+|\d+)$/i.exec(text)?.[1];
    return value !== null && value !== undefined && /^(?:SIG)?(?:KILL|TERM|HUP|INT|QUIT|9|15|1|2|3)$/i.test(value);
  });
}

/** Filters that print something of every line they read (so every id passes through). */
export function keepsEveryLine(name: string, args: readonly Word[]): boolean {
  if (args.some((word) => word.kind !== 'literal')) return false;
  const words = args.map((word) => literalText(word)!);
  switch (name) {
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk': {
      // One program with no pattern before its action (`NR>1` only skips the header; `top -b`'s is 7 lines: `NR>7`).
      const programs = words.filter((word, k) => !word.startsWith('-') && !/^-[Fv]$/.test(words[k - 1] ?? ''));
      return programs.length === 1 && /^\s*(?:F?NR\s*(?:>=?|!=)\s*\d{1,2}\s*)?\{[^}]*\}\s*$/.test(programs[0]!) && !/\b(?:if|next|exit)\b/.test(programs[0]!);
    }
    case 'cut':
    case 'tr':
    case 'sort':
    case 'uniq':
      return !words.some((word) => /^-[A-Za-z]*[ds]$/.test(word) && name === 'uniq');
    case 'tail':
      return words.some((word) => /^\+\d+$/.test(word)) || words.some((word) => /^-n\+?\d*$/.test(word) && /\+/.test(word));
    default:
      return false;
  }
}

/** Patterns (regular expressions) that every process name matches. */
const MATCH_ALL = /^(?:\.\*?|\.\+|\^|\$|\^\.\*\$?|\.\*\$|)$/;

/** Patterns that match every whole name (`-x`, `--exact`): any run of characters, anchored or not. */
const MATCH_EVERY_WHOLE_NAME = /^\^?\.[*+]\$?$/;

/**
 * `pkill -v PATTERN` (every process that does not match) and `pkill`/`killall -r` with a pattern
 * every name matches (`.`, `.*`, `^`, the empty pattern): a signal to every process.
 */
export function checkKillPattern(name: string, args: readonly Word[]): HardlineFinding | null {
  const reading = readByRow(name, args);
  if (reading === null || hasOption(reading, '--help', '-V', '--version', '--list') || (name === 'killall' && hasOption(reading, '-l'))) return null;
  const patterns = reading.operands.map(literalText);
  if (name === 'pkill' && hasOption(reading, '-v', '--inverse') && patterns.length > 0) return hardlineFinding('kill-all', 'pkill -v signals every process that does not match');
  const regexp = name === 'pkill' || hasOption(reading, '-r', '--regexp');
  const all = patterns.find((pattern) => pattern !== null && regexp && MATCH_ALL.test(pattern));
  return all !== undefined ? hardlineFinding('kill-all', `${name} with the pattern "${all}" matches every process`) : null;
}

/**
 * Signals init (PID 1) answers by ending the machine: systemd's SIGINT (ctrl-alt-del.target, a
 * reboot), SIGRTMIN+3…+7 (halt, poweroff, reboot, kexec, soft-reboot) and +13…+16 (the same at
 * once), SysV init's SIGINT and SIGPWR (the power-fail entries), by name or by Linux's number (2,
 * 30; glibc's SIGRTMIN is 34). HUP, 0, TERM, USR1 and USR2 are left: reload, a liveness probe, and
 * what `kill 1` asks of a container's first process.
 */
function initPowerSignal(signal: string): boolean {
  const name = signal.replace(/^-signal=/, '').toUpperCase().replace(/^SIG/, '');
  if (/^(?:INT|PWR|2|30)$/.test(name)) return true;
  const rt = /^RTMIN\+([0-9]{1,2})$/.exec(name);
  if (rt !== null) return POWER_RT_OFFSETS.has(Number(rt[1]));
  if (/^[0-9]{2}$/.test(name)) return POWER_RT_OFFSETS.has(Number(name) - 34);
  return false;
}
const POWER_RT_OFFSETS: ReadonlySet<number> = new Set([3, 4, 5, 6, 7, 13, 14, 15, 16]);

/** Options after which these commands do not shut anything down. */
const SHUTDOWN_HARMLESS: Readonly<Record<string, readonly string[]>> = {
  // Windows' shutdown.exe (run from WSL): `/a` aborts, `/?` prints help (`/l` logs off: it ends the session, docs/decisions.md).
  shutdown: ['-c', '--cancel', '-k', '--show', '--help', '--version', '/a', '/A', '/?'],
  reboot: ['-w', '--wtmp-only', '--help', '--version'],
  halt: ['-w', '--wtmp-only', '--help', '--version'],
  poweroff: ['-w', '--wtmp-only', '--help', '--version'],
};

/** D-Bus methods of logind's and systemd's Manager that end the running system (the last word of a dotted name). */
const DBUS_POWER_METHOD = /(?:^|\.)(?:PowerOff|Reboot|Halt|KExec|SoftReboot)(?:WithFlags)?$/;

/** `terminate-*` and `kill-*` end sessions: a logout (a signal to a session's processes counts as one, whichever). */
const LOGINCTL_VERBS = new Set(['poweroff', 'reboot', 'halt', 'kexec', 'soft-reboot', 'terminate-session', 'terminate-user', 'terminate-seat', 'kill-session', 'kill-user']);
const SYSTEMCTL_VERBS = new Set(['poweroff', 'reboot', 'halt', 'kexec', 'soft-reboot', 'emergency', 'rescue']);
/**
 * Targets that end the machine or every session when started or isolated (docs/decisions.md "Power,
 * whatever the route"): `ctrl-alt-del.target` is a reboot, `exit.target` the system manager's
 * power-off (outside a container).
 */
const SYSTEMCTL_TARGETS = new Set(['poweroff', 'reboot', 'halt', 'kexec', 'soft-reboot', 'emergency', 'rescue', 'shutdown', 'ctrl-alt-del', 'exit']);
/** systemctl verbs that start the units they name. */
const SYSTEMCTL_STARTING = new Set(['start', 'isolate', 'restart', 'reload-or-restart']);
/** systemctl options that take the next word as their value. */
const SYSTEMCTL_WITH_VALUE = new Set([
  '-t', '--type', '-p', '--property', '-P', '-s', '--signal', '-H', '--host', '-M', '--machine', '-n', '--lines',
  '-o', '--output', '--root', '--image', '--kill-whom', '--kill-value', '--job-mode', '--state', '--what',
  '--boot-loader-entry', '--boot-loader-menu', '--reboot-argument', '--timestamp', '--when', '--message',
  '--preset-mode', '--drop-in', '--image-policy',
]);

/** systemctl verbs that stop a unit's processes (and, for the restarting ones, start it anew: the sessions are gone). */
const UNIT_STOPPING_VERBS = new Set(['stop', 'restart', 'kill', 'try-restart', 'reload-or-restart', 'try-reload-or-restart', 'condrestart', 'force-reload', 'freeze']);

/** What stopping the unit (or SysV service) named does, when it is the display manager or another process the session cannot live without. */
function displayManagerUnit(unit: string): string | null {
  const base = unit.replace(/\.service$/, '');
  if (base === 'graphical-session.target') return 'stops the units of the graphical session: a logout';
  return base === 'display-manager' ? 'ends the display manager and every session it started' : sessionProcess(base);
}

/**
 * Service managers other than systemctl, by where their verb stands: SysV `service NAME stop` and
 * OpenRC's `rc-service` (and an init script run by its path, `/etc/init.d/NAME stop`) name the
 * service first; runit's `sv`, Shepherd's `herd`, dinit's `dinitctl` and Upstart's `initctl` the verb.
 */
const SERVICE_MANAGERS: Readonly<Record<string, 'unit-first' | 'verb-first'>> = { service: 'unit-first', 'rc-service': 'unit-first', sv: 'verb-first', herd: 'verb-first', dinitctl: 'verb-first', initctl: 'verb-first' };
/** Their verbs that stop a service's processes (runit's `down`, `term`, `kill`, `exit`; the restarts). */
const SERVICE_STOPPING = new Set(['stop', 'restart', 'force-reload', 'zap', 'force-stop', 'force-restart', 'try-restart', 'down', 'term', 'kill', 'exit', 'release']);

const HERD_POWER_ACTIONS: ReadonlySet<string> = new Set(['power-off', 'halt', 'reboot', 'kexec']);

/** A service manager stopping the display manager (a logout), or Shepherd's `herd stop root` / `dinitctl shutdown` (the machine). */
export function checkServiceStop(name: string, texts: readonly (string | null)[]): HardlineFinding | null {
  const words = texts.filter((text): text is string => text !== null && !text.startsWith('-'));
  const order = SERVICE_MANAGERS[name] ?? 'unit-first';
  const [unit, action] = order === 'unit-first' ? words : [words[1], words[0]];
  if (name === 'dinitctl' && words[0] === 'shutdown') return hardlineFinding('shutdown', 'dinitctl shutdown stops every service and the machine');
  // Shepherd's own service, `root` or `shepherd`: stopped, it stops every service and the machine;
  // its `power-off`, `halt`, `reboot` and `kexec` actions say so outright.
  if (name === 'herd' && (unit === 'root' || unit === 'shepherd') && action !== undefined && (SERVICE_STOPPING.has(action) || HERD_POWER_ACTIONS.has(action))) {
    return hardlineFinding('shutdown', `herd ${action} ${unit} stops every service and the machine`);
  }
  if (unit === undefined || action === undefined || !SERVICE_STOPPING.has(action)) return null;
  const what = displayManagerUnit(unit.slice(unit.lastIndexOf('/') + 1));
  return what === null ? null : hardlineFinding('shutdown', `${order === 'unit-first' ? `${name} ${unit} ${action}` : `${name} ${action} ${unit}`}: ${what}`);
}

export function checkShutdown(name: string, systemProgram: boolean, args: readonly Word[]): HardlineFinding | null {
  if (!systemProgram) return null;
  const texts = args.map(literalText);
  if (Object.prototype.hasOwnProperty.call(SHUTDOWN_HARMLESS, name)) {
    // Harmless only when no other option rides along: systemd's shutdown reads its action
    // options in order and the last wins, so `shutdown -c -r now` reboots. A wall message or a
    // time operand beside the harmless option is no action.
    const harmless = SHUTDOWN_HARMLESS[name]!;
    const isHarmless = (text: string | null) => text !== null && harmless.includes(text);
    const otherOption = texts.some((text) => text === null || (/^[-/]./.test(text) && !isHarmless(text)));
    if (texts.some(isHarmless) && !otherOption) return null;
    return hardlineFinding('shutdown', `${name}${texts.length > 0 ? ' ' + texts.map((t) => t ?? '…').join(' ') : ''}`);
  }
  if (name === 'init' || name === 'telinit' || name === 'runit-init') {
    // Every run level ends something on some system (docs/decisions.md "Run levels and illumos's
    // uadmin"): 0 and 6 power off and reboot everywhere, 5 powers off on Solaris and illumos, 1 and
    // S stop every service and session, 2–4 leave the graphical session on SysV Linux. Only `q`/`Q`
    // (read inittab again), `u`/`U` (re-execute init) and `a`–`c` (on-demand entries) change nothing.
    const level = literalText(operands(args)[0]);
    if (level === null || level === undefined) return null;
    if (name === 'runit-init') return level === '0' || level === '6' ? hardlineFinding('shutdown', `${name} ${level}`) : null;
    return /^[0-6sS]$/.test(level) ? hardlineFinding('shutdown', `${name} ${level}${level === '0' || level === '6' ? '' : ': a run level that stops the graphical session or the machine'}`) : null;
  }
  if (name === 'uadmin') {
    // illumos/Solaris `uadmin CMD FCN`: A_REBOOT (1), A_SHUTDOWN (2) and A_DUMP (5, a panic and reboot).
    const command = literalText(operands(args)[0]);
    return command === '1' || command === '2' || command === '5' ? hardlineFinding('shutdown', `uadmin ${command} ${literalText(operands(args)[1]) ?? ''} reboots, halts or powers off the machine`.trim()) : null;
  }
  if (name === 'loginctl') {
    const verb = literalText(readByRow('loginctl', args)?.operands[0]);
    return verb !== null && LOGINCTL_VERBS.has(verb) ? hardlineFinding('shutdown', `loginctl ${verb}`) : null;
  }
  if (name === 'rtcwake') {
    // `-m off|disk|mem|standby|freeze` powers the machine off or suspends it now (`-m no`, `-m show`, `-m disable` do not).
    for (let k = 0; k < texts.length; k++) {
      const text = texts[k];
      const mode = text === '-m' || text === '--mode' ? texts[k + 1] : text?.startsWith('--mode=') ? text.slice(7) : text?.startsWith('-m') && text.length > 2 ? text.slice(2) : undefined;
      if (mode === undefined) continue;
      if (mode === null || !['no', 'show', 'disable', 'on'].includes(mode)) return hardlineFinding('shutdown', `rtcwake -m ${mode ?? '…'}`);
    }
    return null;
  }
  if (Object.prototype.hasOwnProperty.call(SERVICE_MANAGERS, name)) return checkServiceStop(name, texts);
  if (name === 'launchctl') {
    // macOS: `launchctl reboot [system|halt|userspace|logout|apps]` restarts or halts the machine, or ends the session.
    const [verb, kind, ...more] = operands(args).map(literalText);
    // `launchctl bootout gui/UID` (or `user/`, `login/`) with no service: the whole session ends, a logout.
    if (verb === 'bootout' && more.length === 0 && kind !== undefined && (kind === null || /^(?:gui|user|login)\/[^/]*$/.test(kind))) return hardlineFinding('shutdown', `launchctl bootout ${kind ?? '…'} ends the session`);
    // Every kind ends something: `system`, `halt` and `userspace` the machine, `logout` and `apps` the session.
    if (verb === 'reboot') return hardlineFinding('shutdown', `launchctl reboot${kind ? ' ' + kind : ''}`);
    // A service the session lives in, stopped or killed (`kickstart -k system/com.apple.WindowServer`,
    // `kill 9 gui/501/com.apple.loginwindow`, `bootout`, `stop`, `remove`): the label's last part names its process.
    const stops = (verb === 'kickstart' && texts.includes('-k')) || verb === 'kill' || verb === 'bootout' || verb === 'stop' || verb === 'remove';
    const label = (verb === 'kill' ? more[0] : kind) ?? null;
    const ended = stops && label !== null ? sessionProcess(label.slice(label.lastIndexOf('.') + 1)) : null;
    return ended === null ? null : hardlineFinding('shutdown', `launchctl ${verb} ${label}: ${ended}`);
  }
  if (name === 'busctl' || name === 'gdbus' || name === 'dbus-send' || name === 'qdbus') {
    // logind's or systemd's Manager asked over D-Bus to power off, reboot or halt.
    const texts = args.map((word) => literalText(word) ?? '');
    const manager = texts.some((text) => /org\.freedesktop\.(?:login1|systemd1)/.test(text));
    const method = texts.find((text) => DBUS_POWER_METHOD.test(text));
    return manager && method !== undefined ? hardlineFinding('shutdown', `${name} calling ${method}`) : null;
  }
  if (name === 'osascript') {
    // AppleScript asking System Events, Finder or loginwindow to shut down or restart.
    for (const text of args.map(literalText)) {
      // AppleScript (`tell app "System Events" to restart`, the raw events `«event aevtrlgo»`,
      // `aevtrrst`, `aevtrsdn`) and JXA (`Application("System Events").restart()`), logout included.
      if (text !== null && /\b(?:System Events|Finder|loginwindow)\b[\s\S]*(?:\b(?:shut\s*down|restart|log\s*out)\b|aevt(?:rlgo|rrst|rsdn|shut|logo))/i.test(text)) {
        return hardlineFinding('shutdown', 'osascript telling the system to shut down or restart');
      }
    }
    return null;
  }
  if (name === 'kexec') {
    return texts.some((text) => text === '-e' || text === '--exec') ? hardlineFinding('shutdown', 'kexec -e reboots into another kernel') : null;
  }
  if (name === 'systemctl') {
    let verbIndex = -1;
    for (let k = 0; k < texts.length; k++) {
      const text = texts[k];
      if (text === null || text === undefined) break;
      if (text === '--help' || text === '-h' || text === '--version') return null;
      if (SYSTEMCTL_WITH_VALUE.has(text)) {
        k++;
        continue;
      }
      if (text.startsWith('-')) continue;
      verbIndex = k;
      break;
    }
    if (verbIndex === -1) return null;
    const verb = texts[verbIndex]!;
    if (SYSTEMCTL_VERBS.has(verb)) return hardlineFinding('shutdown', `systemctl ${verb}`);
    // `systemctl exit` is the system manager's power-off, but for a user's manager (`--user`).
    if (verb === 'exit' && !texts.includes('--user')) return hardlineFinding('shutdown', 'systemctl exit powers the system manager off');
    // The display manager's unit stopped, restarted or killed: every graphical session it started ends.
    if (UNIT_STOPPING_VERBS.has(verb) || ((verb === 'disable' || verb === 'mask') && texts.includes('--now'))) {
      const unit = texts.slice(verbIndex + 1).find((text) => text !== null && !text.startsWith('-') && displayManagerUnit(text) !== null);
      if (unit !== undefined) return hardlineFinding('shutdown', `systemctl ${verb} ${unit}: ${displayManagerUnit(unit!)}`);
    }
    if (verb === 'isolate' && texts.slice(verbIndex + 1).some((unit) => unit === 'multi-user.target' || unit === 'multi-user')) return hardlineFinding('shutdown', 'systemctl isolate multi-user.target stops the graphical session');
    if (SYSTEMCTL_STARTING.has(verb)) {
      for (const unit of texts.slice(verbIndex + 1)) {
        if (unit === null || unit.startsWith('-')) continue;
        const base = unit.endsWith('.target') ? unit.slice(0, -7) : verb === 'isolate' ? unit : null;
        if (base !== null && SYSTEMCTL_TARGETS.has(base)) return hardlineFinding('shutdown', `systemctl ${verb} ${unit}`);
      }
    }
  }
  return null;
}
