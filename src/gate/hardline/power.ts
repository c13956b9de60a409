/**
 * The `shutdown` arm for power and logout asked in words no row places (D§5, docs/decisions.md
 * "Power and logout through any session manager"): the named power programs are read by
 * `checkShutdown` (processes.ts); this reads the rest.
 * - A D-Bus call, whatever the client (`gdbus`, `dbus-send`, `busctl`, `qdbus`, `qdbus6`, a
 *   program without a row): a method named by a power or logout word (`Logout`, `RequestReboot`,
 *   `PowerOff`, `TerminateSession`, `logoutAndReboot`; `Restart` of a session manager) on any bus
 *   name. Status queries (`CanPowerOff`) and suspend are not power words.
 * - A form of a program's row marked `endsSession` (window managers' exits, `fdesetup authrestart`).
 * - A program without a row, or whose row cannot place every word: an option that names a power,
 *   logout or fencing action (`--halt`, `--power-off`, `--reboot`, `--shutdown`, `--logout`,
 *   `--force-logout`, `--fence`), and a power action among its operands (hostPower.ts): what is a
 *   guest's, a device's or a service's power (`virsh shutdown web01`) only a row says.
 * - A fence agent (`fence_ipmilan`, `fence_pcmk`, any `fence_*`: one command-line contract), whose
 *   action is a node's power unless it only asks (`-o status`).
 */
import { sharesHost, type PathPlace } from '../programs/pathResolver';
import { leavesWordsUnplaced, programForms, rowFor } from '../programs/table';
import type { SegmentRecord } from '../programs/segmentRecord';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { asksHowUsed, ibmiSystemEnd, redfishReset, unplacedPowerPhrase } from './hostPower';
import { checkServiceStop } from './processes';
import { sessionProcess } from './sessionProcesses';
import { unreadCode } from './unreadPrinters';

/**
 * A method (the last segment of a dotted name, or a bare word) that ends the machine's power or the
 * session: the power word, with the prefixes session managers put before it (`Request`, `Schedule`,
 * `Force`, `Confirm`, `Do`, `Try`, `Immediate`: each still ends it, a `Confirm…` after a dialog
 * nobody may answer) and `WithFlags`/`Now` after it.
 */
const POWER_METHOD = /^(?:(?:request|schedule|force|confirm|do|try|immediate)[-_]?){0,2}(?:power-?off|shut-?down|reboot|restart-?system|halt|kexec|soft-?reboot|log-?out|log-?off)(?:withflags|now)?$|^(?:force[-_]?)?(?:terminate|kill|stop|end)(?:user|session|seat)s?$|^logoutand\w+$/i;
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
/** A name with the action before what it acts on (Hestia's `v-restart-system`, `frob-reboot-host`). */
const ACTION_THEN_MACHINE_NAME = /[-_.](?:restart|reboot|shutdown|power-?off|halt)[-_.](?:system|machine|host|server|node)$/i;
/**
 * A web interface asked to end its machine's power: a URL whose path names the machine (or the
 * system, host, server, node) and then a power action (Moonraker's `/machine/shutdown`,
 * OctoPrint's `/api/system/commands/core/reboot`), or a JSON-RPC method so named
 * (`"method":"machine.shutdown"`). An application's own shutdown endpoint (`/actuator/shutdown`)
 * names no machine.
 */
const POWER_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/\s]+\/(?:[^\s?#]*\/)?(?:machine|system|host|server|node)\/(?:[^\s?#]*\/)?(?:shutdown|reboot|power-?off|halt)(?:[/?#]|$)/i;
const POWER_RPC = /"method"\s*:\s*"(?:machine|system|host|server)\.(?:shutdown|reboot|power_?off|halt)"/i;
/** A D-Bus bus or interface name (three dotted parts at least) or a unique name (`:1.42`). */
const BUS_NAME = /^(?:[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*){2,}|:\d+\.\d+)$/;
/** An option word naming a power or logout action, also Windows' (`/reboot`) and PowerShell's (`-AutoReboot`). */
const POWER_OPTION = /^(?:--?|\/)(?:force-?|no-prompt-|auto-?)?(?:halt|power-?off|reboot|shut-?down|log-?out|log-?off|fence)(?:=.*)?$/i;

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
  const asked = texts.find((text) => POWER_URL.test(text) || POWER_RPC.test(text));
  if (asked !== undefined) return hardlineFinding('shutdown', `${name.name} ${asked.length > 80 ? `${asked.slice(0, 77)}…` : asked}: a machine's power asked over its web interface (this one, at worst)`);
  if (reading === null && (POWER_NAME.test(name.name) || JOINED_POWER_NAME.test(name.name) || ACTION_THEN_MACHINE_NAME.test(name.name))) return hardlineFinding('shutdown', `${name.name}: a program named for a power or logout action, which no row places`);
  const fenced = reading === null && FENCE_AGENT.test(name.name) ? fenceAction(argv) : null;
  if (fenced !== null) return hardlineFinding('shutdown', `${name.name} ${fenced}: a fence agent's action on a node's power (this machine's, at worst)`);
  const ends = reading?.forms.find((form) => form.endsSession === true);
  if (ends !== undefined) return hardlineFinding('shutdown', ends.note);
  if (reading !== null && !leavesWordsUnplaced(reading)) return null;
  const category = rowFor(name.name)?.category;
  const phrase = unplacedPowerPhrase(argv, category === 'cloud' || category === 'container');
  if (phrase !== null) return hardlineFinding('shutdown', `${name.name} ${phrase}: a machine's power (this one, at worst), in words no row places`);
  const option = argv.slice(1).map(literalText).find((text) => text !== null && POWER_OPTION.test(text));
  if (option !== undefined) return hardlineFinding('shutdown', `${name.name} ${option}`);
  return sessionEnded(name.name, argv);
}

/**
 * A program named for a desktop's session (`gnome-session-save`, `budgie-session`, `x-session-manager`,
 * `lxsession-logout`): a desktop's or window manager's name before `session`. A terminal multiplexer's
 * or a remote shell's sessions (`tmux-session`, `start-session`) are not the desktop's.
 */
const SESSION_NAME = /^(?:x|gnome|mate|xfce4?|lx|lxqt|lxde|budgie|cinnamon|ukui|deepin|dde|pantheon|unity|cosmic|enlightenment|kde|plasma|trinity|lumina|sugar|moksha|openbox|fluxbox|i3|sway|hypr|wayfire|labwc|niri|river|qtile|awesome|razor|ede|equinox|cde|phosh|sxmo|gala|startde|desktop)[-_]?session(?:[-_.]|$)/i;
/** A name that ends in what ends a session (`budgie-session-quit`, `foo-session-exit`). */
const SESSION_ENDING_NAME = /session[-_.](?:quit|exit|end|kill|leave)$/i;
/** Words that end a session, on a program named for one: `--kill` is GNOME's old logout, `quit` and `exit` are others'. */
const SESSION_ENDING_WORD = /^(?:--?)?(?:kill|quit|exit|end(?:-session)?|leave|terminate)$/i;

/**
 * A session manager no row places, asked to end its session (docs/decisions.md "Power and logout
 * through any session manager"): named for a session and given a word that ends one
 * (`gnome-session-save --kill`), or named for the ending itself (`budgie-session-quit`).
 */
function sessionEnded(name: string, argv: readonly Word[]): HardlineFinding | null {
  if (!SESSION_NAME.test(name)) return null;
  // Asking how it is used ends nothing (`gnome-session-quit --help`).
  if (asksHowUsed(argv.slice(1).map(literalText))) return null;
  if (SESSION_ENDING_NAME.test(name)) return hardlineFinding('shutdown', `${name}: a session manager no row places, named for ending the session (a logout)`);
  const word = argv.slice(1).map(literalText).find((text) => text !== null && SESSION_ENDING_WORD.test(text));
  return word === undefined ? null : hardlineFinding('shutdown', `${name} ${word}: a session manager no row places, asked to end the session (a logout)`);
}

/**
 * A fence agent: the ClusterLabs fence-agents programs (`fence_ipmilan`, `fence_pcmk`,
 * `fence_legacy`, `fence_vmware_soap` …, about seventy) share one command-line contract, whose
 * `-o`/`--action` names what is done to the node (`reboot` when none is given).
 */
const FENCE_AGENT = /^fence_[a-z0-9_]+$/;
/** The fence-agent actions that leave the node's power as it is: they ask, describe, or power it on. */
const FENCE_ASKING = new Set(['status', 'list', 'list-status', 'monitor', 'metadata', 'manpage', 'validate-all', 'on']);

/** A fence agent's action in these words when it ends or cycles the node's power, or null. */
function fenceAction(argv: readonly Word[]): string | null {
  let action: string | null = 'reboot';
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === '-h' || text === '--help' || text === '-V' || text === '--version') return null;
    if (text === '-o' || text === '--action') {
      action = literalText(argv[k + 1]);
      k++;
    } else if (text !== null && /^(?:-o|--action=)./.test(text)) {
      action = text.slice(text.startsWith('-o') ? 2 : 9);
    } else if (text === null && /^['"]?-(?:o|-action)/.test(argv[k]!.raw)) {
      action = null;
    }
  }
  if (action !== null && FENCE_ASKING.has(action.toLowerCase())) return null;
  return `-o ${action ?? '…'}`;
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
