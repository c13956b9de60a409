/**
 * The `shutdown` arm for power and logout asked in words no row places (D§5, docs/decisions.md
 * "Power and logout through any session manager"): the named power programs are read by
 * `checkShutdown` (processes.ts); this reads the rest.
 * - A D-Bus call, whatever the client (`gdbus`, `dbus-send`, `busctl`, `qdbus`, `qdbus6`, a
 *   program without a row): a method named by a power or logout word (`Logout`, `RequestReboot`,
 *   `PowerOff`, `TerminateSession`, `logoutAndReboot`; `Restart` of a session manager) on any bus
 *   name. Status queries (`CanPowerOff`) and suspend are not power words.
 * - A form of a program's row marked `endsSession` (window managers' exits, `fdesetup authrestart`).
 * - A program without a row, or whose row cannot place every word: an option that names a power
 *   or logout action (`--halt`, `--power-off`, `--reboot`, `--shutdown`, `--logout`,
 *   `--force-logout`). A bare operand such a word is not enough (`VBoxManage controlvm vm poweroff`,
 *   `adb reboot`, `supervisorctl shutdown` act on a guest, a device or a service).
 */
import { sharesHost, type PathPlace } from '../programs/pathResolver';
import { leavesWordsUnplaced, programForms, rowFor } from '../programs/table';
import type { SegmentRecord } from '../programs/segmentRecord';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { hostPowerPhrase, ibmiSystemEnd, redfishReset } from './hostPower';
import { checkServiceStop } from './processes';
import { sessionProcess } from './sessionProcesses';
import { unreadCode } from './unreadPrinters';

/**
 * A method (the last segment of a dotted name, or a bare word) that ends the machine's power or the
 * session: the power word, with the prefixes session managers put before it (`Request`, `Schedule`,
 * `Force`, `Confirm`, `Do`, `Try`, `Immediate`: each still ends it, a `Confirm…` after a dialog
 * nobody may answer) and `WithFlags`/`Now` after it.
 */
const POWER_METHOD = /^(?:(?:request|schedule|force|confirm|do|try|immediate)[-_]?){0,2}(?:power-?off|shut-?down|reboot|restart-?system|halt|kexec|soft-?reboot|log-?out|log-?off)(?:withflags|now)?$|^(?:force[-_]?)?(?:terminate|kill)(?:user|session|seat)s?$|^logoutand\w+$/i;
/** `Restart` is a power word only on a session manager (`org.xfce.SessionManager`), not on a service's own bus name. */
const SESSION_BUS = /session|ksmserver|login1|systemd1|shutdown|consolekit/i;
/** A bus or interface name of a session manager (`org.gnome.SessionManager`, `com.system76.CosmicSession`, `org.kde.ksmserver`). */
const SESSION_MANAGER_NAME = /session(?:manager)?$|\.session(?:manager)?\.|ksmserver/i;
/** The interface of a session's, user's or seat's own object (`org.freedesktop.login1.Session`). */
const SESSION_OBJECT = /\.(?:session|user|seat)$/i;
/** That interface's method that ends it, in one dotted name (`org.freedesktop.login1.Session.Terminate`). */
const SESSION_OBJECT_METHOD = /\.(?:session|user|seat)\.(?:terminate|kill)$/i;
/** ConsoleKit's Manager powers the machine off with `Stop` (and restarts it with `Restart`). */
const CONSOLEKIT_BUS = /consolekit/i;
/**
 * A program named for a power or logout action (`wayland-logout`, `foo-poweroff`, `x-reboot`): the
 * last part of its name the action, joined to another by `-`, `_` or `.` (`/etc/rc.halt`). Taken at its worst when no
 * row places it; tools that only ask or report (`needs-reboot`, `grub-reboot`, which picks the
 * next boot's entry) are left out by their first part.
 */
const POWER_NAME = /^(?!(?:check|needs?|grub2?|cancel|abort|can|is|get|show|status|notify|schedule|unattended)[-_.])[a-z0-9][\w.]*(?:[-_][\w.]+)*[-_.](?:logout|log-?off|power-?off|shutdown|reboot|halt)$/i;
/**
 * The same action joined to a vendor's prefix without a separator (`synopoweroff`, `qpkgreboot`):
 * only the long, unambiguous words (`poweroff`, `shutdown`, `reboot`; not `halt`, inside `asphalt`),
 * after two to sixteen letters, and not after the prefixes of tools that only ask or report.
 */
const JOINED_POWER_NAME = /^(?!(?:check|needs?|need|grub2?|cancel|abort|can|is|get|show|status|notify|schedule|unattended|no|auto|pre|post|after|before|on|test|safe)(?:poweroff|shutdown|reboot)$)[a-z][a-z0-9]{1,15}(?:poweroff|shutdown|reboot)$/i;
/** A D-Bus bus or interface name (three dotted parts at least) or a unique name (`:1.42`). */
const BUS_NAME = /^(?:[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*){2,}|:\d+\.\d+)$/;
/** An option word naming a power or logout action, also Windows' (`/reboot`) and PowerShell's (`-AutoReboot`). */
const POWER_OPTION = /^(?:--?|\/)(?:force-?|no-prompt-|auto-?)?(?:halt|power-?off|reboot|shut-?down|log-?out|log-?off)$/i;

export function checkPowerWords(command: SegmentRecord, place: PathPlace): HardlineFinding | null {
  // Inside a container its power is its own (programArms.ts, the same rule); a chroot's is the host's.
  if (place.mounts !== undefined && !sharesHost(place)) return null;
  const argv = command.argv;
  const name = commandName(argv[0]);
  if (name === null) return null;
  const texts = argv.slice(1).map((word) => (literalText(word) ?? '').replace(/^--?[a-z-]+=/, ''));
  // An init script run by its path (`/etc/init.d/gdm3 stop`): the service manager's stop of that service.
  const script = literalText(argv[0]);
  if (script !== null && /^\/etc\/(?:rc\.d\/)?(?:init\.d|rc\.d)\/[^/]+$/.test(script)) {
    const stopped = checkServiceStop('service', [script, ...texts]);
    if (stopped !== null) return stopped;
  }
  const method = dbusPowerMethod(texts);
  if (method !== null) return hardlineFinding('shutdown', `${name.name} calling ${method} over D-Bus`);
  // A row's form that ends the session or the power (`swaymsg exit`, `fdesetup authrestart`).
  const reading = rowFor(name.name) === null ? null : command.forms;
  // Words of code the gate cannot read (a program without a row, a script an interpreter runs).
  const redfish = redfishReset(argv, reading === null || leavesWordsUnplaced(reading) || unreadCode(command) !== null);
  if (redfish !== null) return hardlineFinding('shutdown', `${name.name} ${redfish}: the power of the machine that controller manages (this one, at worst)`);
  const ibmi = reading === null ? ibmiSystemEnd(argv) : null;
  if (ibmi !== null) return hardlineFinding('shutdown', `${name.name} running IBM i's ${ibmi}, which ends the system`);
  if (reading === null && (POWER_NAME.test(name.name) || JOINED_POWER_NAME.test(name.name))) return hardlineFinding('shutdown', `${name.name}: a program named for a power or logout action, which no row places`);
  const ends = reading?.forms.find((form) => form.endsSession === true);
  if (ends !== undefined) return hardlineFinding('shutdown', ends.note);
  if (reading !== null && !leavesWordsUnplaced(reading)) return null;
  const phrase = hostPowerPhrase(argv);
  if (phrase !== null) return hardlineFinding('shutdown', `${name.name} ${phrase}: this machine's power, in words no row places`);
  const option = texts.find((text, k) => POWER_OPTION.test(literalText(argv[k + 1]) ?? '') && text !== '');
  return option === undefined ? null : hardlineFinding('shutdown', `${name.name} ${option}`);
}

/** The power method a D-Bus call in these words names, or null. */
function dbusPowerMethod(texts: readonly string[]): string | null {
  // KDE 3's DCOP and the like name the session manager by its program name (`dcop ksmserver ksmserver logout`).
  const manager = texts.findIndex((text) => /^[a-z][\w-]*$/i.test(text) && SESSION_BUS.test(text) && sessionProcess(text) !== null);
  if (manager !== -1) {
    const method = texts.slice(manager + 1).find((text) => POWER_METHOD.test(text));
    if (method !== undefined) return method;
  }
  if (!texts.some((text) => BUS_NAME.test(text))) return null;
  const session = texts.some((text) => SESSION_BUS.test(text));
  const consoleKit = texts.some((text) => CONSOLEKIT_BUS.test(text));
  // `Exit`/`Quit` end the session only on a session manager's own bus or interface name (`com.system76.CosmicSession`), not a player's.
  const sessionManager = texts.some((text) => BUS_NAME.test(text) && !text.startsWith(':') && SESSION_MANAGER_NAME.test(text));
  // A session's, user's or seat's own object (logind's `Session.Terminate`, ConsoleKit's): its
  // `Terminate` or `Kill` ends it, as `loginctl terminate-session` does. A unit's `Kill` does not.
  const sessionObject = session && texts.some((text) => (BUS_NAME.test(text) && SESSION_OBJECT.test(text)) || /^\/\S*\/(?:session|user|seat)s?\//i.test(text));
  const isPower = (method: string): boolean => POWER_METHOD.test(method) || (session && /^restart$/i.test(method)) || (consoleKit && /^stop$/i.test(method)) || (sessionManager && /^(?:exit|quit)$/i.test(method)) || (sessionObject && /^(?:terminate|kill)$/i.test(method));
  let afterPath = false;
  for (const text of texts) {
    if (BUS_NAME.test(text) && text.includes('.') && !text.startsWith(':')) {
      const last = text.slice(text.lastIndexOf('.') + 1);
      if (isPower(last) || (SESSION_OBJECT_METHOD.test(text) && session)) return text;
    } else if (/^\/[A-Za-z]/.test(text)) {
      afterPath = true;
    } else if (afterPath && /^[A-Za-z][\w-]*$/.test(text) && isPower(text)) {
      return text;
    }
  }
  return null;
}

/**
 * A bare power word among the operands of a program without a row (`VBoxManage controlvm vm
 * poweroff`, `adb reboot`, `virsh`-like tools, `supervisorctl shutdown`) names the guest's,
 * device's or service's power, not this machine's: the unknown-program reading does not take it
 * as the command `poweroff`. Options may follow it when the first operand after them names what
 * is powered (`xl shutdown -w guest1`, `openstack server reboot --soft web-1`): the host's
 * `shutdown`/`reboot` take no such name, only a time (`now`, `+5`, `18:30`; docs/decisions.md "A
 * power word aimed at a named guest"). Spelled as a path (`/sbin/reboot`), after an option
 * (`-c reboot`, `-- reboot`), followed by options alone (`reboot -f`), by a time (`shutdown -h
 * now`) or by a word only known at run time, it is still read.
 */
export function isGuestPowerOperand(argv: readonly Word[], k: number): boolean {
  const word = argv[k];
  if (word === undefined || word.kind !== 'literal' || !/^(?:halt|poweroff|reboot|shutdown)$/.test(word.value)) return false;
  const before = k > 1 ? literalText(argv[k - 1]) : '';
  if (before === null || before.startsWith('-')) return false;
  // A word before it that names this machine (`esxcli system shutdown poweroff`, `xe host-reboot`).
  if (argv.slice(1, k).some((earlier) => (literalText(earlier) ?? '').toLowerCase().split(/[-_.]/).some((token) => HOST_NOUNS.has(token)))) return false;
  if (k + 1 >= argv.length) return true;
  for (let j = k + 1; j < argv.length; j++) {
    const text = literalText(argv[j]);
    if (text === null) return false;
    if (text.startsWith('-')) continue;
    return !HOST_POWER_TIME.test(text);
  }
  return false;
}

/** Nouns a command line uses for the machine it runs on, as against a guest, a device or a service. */
const HOST_NOUNS = new Set(['system', 'host', 'machine', 'computer', 'localhost']);

/** The time operand of the host's `shutdown` (`now`, `+5`, `18:30`); a bare number is none (`qm shutdown 101` names a guest). */
const HOST_POWER_TIME = /^(?:now|\+\d{1,6}|\d{1,2}:\d{2})$/i;

/**
 * Code a program reads on its standard input where its row takes code as an operand
 * (`echo 'awesome.quit()' | awesome-client`): read as that operand would be, for the row's forms
 * that end the session. `texts`: the alternatives of what flows in.
 */
export function checkStdinCodeEndsSession(argv: readonly Word[], texts: readonly string[]): HardlineFinding | null {
  const name = commandName(argv[0]);
  const row = name === null ? null : rowFor(name.name);
  if (row === null || row.stdinCode !== true || !(row.operands ?? []).some((role) => role.payload === 'code')) return null;
  for (const text of texts) {
    const ends = programForms([...argv, { kind: 'literal', value: text, raw: text }]).forms.find((form) => form.endsSession === true);
    if (ends !== undefined) return hardlineFinding('shutdown', ends.note);
  }
  return null;
}
