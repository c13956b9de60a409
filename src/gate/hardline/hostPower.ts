/**
 * The `shutdown` arm for words no row places (D§5, docs/decisions.md "A power action no row places
 * is a machine's"): a power action among a program's operands (`shutdown`, `reboot`, `halt`,
 * `poweroff`, `power off|down|cycle|reset`, `fence`, with the prefixes management tools put before
 * them: `graceshutdown`, `forcereboot`, and in dotted or slashed verbs: `vmsvc/power.off`,
 * `vm-shutdown`) ends some machine's power, and the gate cannot tell which: this one, the host of
 * the guests it runs, a cluster node, a device on a cable. What is positively a guest's, a
 * device's or a service's power is said by a row (`virsh shutdown web01`, `xl shutdown guest1`,
 * `VBoxManage controlvm vm poweroff`); without one the words are taken at their worst. A word that
 * only asks (`status`, `show`, `get`, `list`, `history`, `needs`, `cancel` …) anywhere among the
 * operands makes it a question. Option names are not read (`--no-reboot` is a choice; the power
 * options are hardline/power.ts's), but an option's value is (`--action=reboot`,
 * `--chassis-control=POWER-DOWN`). Paths and code are data (a log file, `halt.` in Prolog text).
 */
import type { Word } from '../reading/resolution';
import { literalText } from './commandName';

/** A token that is a power action by itself, with the management tools' prefixes. */
const POWER_TOKEN = /^(?:do|grace(?:ful)?|hard|soft|forced?|cold|immediate)?(?:shutdown|reboot|poweroff|powerdown|powercycle|halt|turnoff|fence)$/;
/** The second token of a two-token power action after `power` (`power off`, `POWER-DOWN`, `power cycle`). */
export const AFTER_POWER: ReadonlySet<string> = new Set(['off', 'down', 'cycle', 'reset']);
/** What a power setter sets: its value is the power's next state. */
const POWER_SETTING = new Set(['action', 'state']);
/** Tokens that make the words a question about the power, not an action on it. */
const ASKING = new Set(['status', 'show', 'get', 'list', 'ls', 'query', 'history', 'info', 'check', 'needs', 'need', 'required', 'pending', 'cancel', 'abort', 'can', 'describe', 'help', 'log', 'logs', 'last', 'count', 'notify', 'dryrun', 'test']);

/** Options that make a program only print its help or what it would do (`--help`, `--dry-run`, `--what-if`). */
const ASKING_OPTION = /^--?(?:help|dry-?run|noop|what-?if)$/i;

/**
 * Words that make a whole command a question (how it is used, its version, what it would do):
 * a program without a row given one does nothing its other words say (`pyocd erase --help`,
 * `gnome-session-quit --help`).
 */
export function asksHowUsed(texts: ReadonlyArray<string | null>): boolean {
  return texts.some((text) => text !== null && (ASKING_OPTION.test(text) || /^(?:--version|-V|-h|-\?|help)$/.test(text)));
}

/**
 * Words naming what is powered when it is not a machine: a guest, a simulator, a part of the
 * machine (`xe vm-shutdown`, `xcrun simctl shutdown all`, `niri msg action power-off-monitors`).
 * Before the power action (the guest) or right after it (the part).
 */
const GUEST_NOUNS = new Set(['vm', 'vms', 'guest', 'guests', 'domain', 'domu', 'instance', 'instances', 'simctl', 'simulator', 'simulators', 'emulator', 'emulators', 'container', 'containers', 'droplet', 'sandbox', 'devbox', 'vps']);
const PART_NOUNS = new Set(['monitor', 'monitors', 'display', 'displays', 'screen', 'screens', 'backlight', 'led', 'leds', 'port', 'ports', 'usb', 'wifi', 'wlan', 'bluetooth', 'radio', 'hdmi', 'output', 'outputs']);
/**
 * Words naming a machine rather than a guest: given to a hypervisor's or cloud's program whose row
 * says its power verbs are guests' (`xe host-shutdown`, `openstack baremetal node power off`), the
 * power is a machine's again (this one, at worst).
 */
const MACHINE_NOUNS = new Set(['host', 'hosts', 'hypervisor', 'chassis', 'baremetal', 'metal', 'bmc', 'ipmi', 'idrac', 'ilo', 'redfish', 'node', 'nodes', 'system', 'machine', 'computer', 'localhost']);

/** A word's tokens: split on punctuation and at lower-to-upper case changes, lower-cased. */
function tokensOf(text: string): string[] {
  return text
    .split(/[-_.=:,@+/]+|(?<=[a-z])(?=[A-Z])/)
    .map((token) => token.toLowerCase())
    .filter((token) => token !== '');
}

/** Whether the tokens (in order) hold a power action of a machine: not a guest's before it, nor a part's after it. */
function hasPowerAction(tokens: readonly string[]): boolean {
  return tokens.some((token, k) => {
    const width = POWER_TOKEN.test(token) ? 1 : (token === 'power' && AFTER_POWER.has(tokens[k + 1] ?? '')) || (token === 'shut' && tokens[k + 1] === 'down') ? 2 : 0;
    if (width === 0) return false;
    return !tokens.slice(0, k).some((before) => GUEST_NOUNS.has(before)) && !PART_NOUNS.has(tokens[k + width] ?? '');
  });
}

/** Free text, code or a path: data, not a verb (`'halt.'`, `/var/log/reboot.log`, `~/shutdown.md`). */
const DATA_WORD = /[\s()'"`;{}$\\]|^[/.~]/;

/**
 * The words of `argv` (program first), read as a program no row places, that ask for a machine's
 * power to end, or null. `guestsManaged`: the program's row is a hypervisor's or a cloud's, whose
 * power verbs are its guests' unless a word names a machine.
 */
export function unplacedPowerPhrase(argv: readonly Word[], guestsManaged = false): string | null {
  const operandTokens: string[] = [];
  let valuePhrase: string | null = null;
  const program = literalText(argv[0]);
  const name = program === null ? '' : program.slice(program.lastIndexOf('/') + 1).toLowerCase();
  const nameTokens = tokensOf(name.replace(/\.(?:sh|py|pl|rb|bash)$/, ''));
  const powerNamed = nameTokens.some((token) => POWER_NAME_TOKEN.test(token));
  for (const word of argv.slice(1)) {
    const text = literalText(word);
    if (text === null || text === '' || text.length > 128) continue;
    if (text.startsWith('-')) {
      // An option that only prints help or what would be done makes the whole a question.
      if (ASKING_OPTION.test(text)) return null;
      const eq = text.indexOf('=');
      // A program named for the power given a state as an option (`pwrctl --off n1`, powerman's `--cycle`).
      if (powerNamed && OPTION_STATES.has(text.slice(text.startsWith('--') ? 2 : 1, eq > 0 ? eq : undefined).toLowerCase())) valuePhrase ??= text;
      const value = eq > 0 ? text.slice(eq + 1) : '';
      if (value !== '' && !DATA_WORD.test(value)) {
        const tokens = tokensOf(value);
        operandTokens.push(...tokens);
        if (hasPowerAction(tokens)) valuePhrase ??= text;
      }
      continue;
    }
    if (DATA_WORD.test(text)) continue;
    // `service@host` names a service's node (`rabbit@host`): its own part alone.
    operandTokens.push(...tokensOf(text.split('@')[0]!));
  }
  if (operandTokens.some((token) => ASKING.has(token))) return null;
  if (guestsManaged && !operandTokens.some((token) => MACHINE_NOUNS.has(token))) return null;
  const phrase = argv.slice(1).map((word) => literalText(word) ?? '…').join(' ');
  if (valuePhrase !== null) return valuePhrase;
  // A setter of the power state or action (`-c SetPowerAction --action 2`, `ipmcset -d powerstate
  // -v 0`) whose value no row places: taken at its worst, the power off.
  const sets = /set$/.test(name) || operandTokens.includes('set');
  if (sets && operandTokens.some((token, k) => token === 'powerstate' || token === 'poweraction' || (token === 'power' && POWER_SETTING.has(operandTokens[k + 1] ?? '')))) return phrase;
  // A program named for the power or the session (`sxmo_power.sh`, `…-session-ctl`) given a power
  // or logout action as its first word names no guest: its own machine's power or session.
  const first = argv[1] === undefined ? null : literalText(argv[1]);
  if (nameTokens.some((token) => token === 'power' || token === 'session') && first !== null && /^(?:log-?out|log-?off|poweroff|power-?off|reboot|shutdown|halt)$/i.test(first)) return phrase;
  // A program named `power` given `off` (`power off` typed into a controller's shell).
  if (/(?:^|[-_.])power$/.test(name) && AFTER_POWER.has(operandTokens[0] ?? '')) return `${name} ${phrase}`;
  return hasPowerAction(operandTokens) || powerState(powerNamed, operandTokens) || machineStop(operandTokens) ? phrase : null;
}

/**
 * Words naming the power itself (docs/decisions.md "A power program's states and a machine's
 * stop"): after one of them, or in a program named for the power (`rpower`, `ipmipower`,
 * `power_utils`, `pwr`), a state word is the power's next state (`rpower NODES off`, `wwctl power
 * soft NODES`, `tool chassis cycle`).
 */
const POWER_NOUNS = new Set(['power', 'pwr', 'chassis']);
/** A program's name part that names the power: `power`/`pwr` with a short prefix or suffix (`rpower`, `ipmipower`, `powerman`; not `powershell`). */
const POWER_NAME_TOKEN = /^(?:[a-z]{0,5}(?:power|pwr)|(?:power|pwr)[a-z]{0,4})$/;
/** The power states that end or restart it (`boot` is xCAT's "reset if on"; `soft` ACPI's soft off). `on` ends nothing and is left. */
const POWER_STATES = new Set(['off', 'down', 'cycle', 'reset', 'soft', 'hard', 'boot', 'reboot', 'restart', 'halt', 'stop', 'kill']);
/** The same states as an option of a program named for the power: not `stop` or `kill`, which such programs' daemons use for themselves (`powerline-daemon --kill`). */
const OPTION_STATES = new Set(['off', 'down', 'cycle', 'reset', 'soft', 'hard', 'boot', 'reboot', 'halt']);

/** A state word after a power noun, or anywhere among the operands of a program named for the power, not a guest's nor a part's. */
function powerState(named: boolean, tokens: readonly string[]): boolean {
  const noun = tokens.findIndex((token) => POWER_NOUNS.has(token));
  const from = named ? 0 : noun === -1 ? tokens.length : noun + 1;
  for (let k = from; k < tokens.length; k++) {
    if (!POWER_STATES.has(tokens[k]!) || PART_NOUNS.has(tokens[k + 1] ?? '')) continue;
    return !tokens.slice(0, k).some((before) => GUEST_NOUNS.has(before));
  }
  return false;
}

/**
 * Nouns naming a machine as what a verb acts on (`hammer host stop`, `maas … machine release`):
 * `server` and `instance` are left (a program's server, a cloud's guest), as are the guests'.
 */
const STOPPED_MACHINES = new Set(['host', 'hosts', 'machine', 'machines', 'baremetal', 'node', 'nodes']);
/** Verbs that stop a machine: `release` (MAAS's, which powers it off and may erase it), `reset`, `off`. */
const MACHINE_STOPS = new Set(['stop', 'halt', 'release', 'reset', 'off']);

/** A machine noun next to a stop verb (either order, one word or two: `host-stop`, `stop host`), no guest before it. */
function machineStop(tokens: readonly string[]): boolean {
  return tokens.some((a, k) => {
    const b = tokens[k + 1] ?? '';
    const pair = (STOPPED_MACHINES.has(a) && MACHINE_STOPS.has(b)) || (MACHINE_STOPS.has(a) && STOPPED_MACHINES.has(b));
    return pair && !tokens.slice(0, k).some((before) => GUEST_NOUNS.has(before));
  });
}

/**
 * Redfish's reset of a computer system or chassis (docs/decisions.md "The machine's power through
 * its controller and its UPS"): a word naming the `ComputerSystem.Reset` or `Chassis.Reset` action
 * (a URL any HTTP client posts to) with a `ResetType` other than `On`/`ForceOn`, or none readable
 * (`-d @body.json`); or, for a program no row places, a word that is a Redfish reset type ending the
 * power (`--set GracefulRestart`, `ForceOff`): those names mean nothing else. In words, or null.
 */
export function redfishReset(argv: readonly Word[], unplaced: boolean): string | null {
  const texts = argv.slice(1).map((word) => literalText(word) ?? word.raw);
  const target = texts.find((text) => REDFISH_RESET_ACTION.test(text));
  if (target !== undefined) {
    const type = texts.map((text) => RESET_TYPE_VALUE.exec(text)?.[1]).find((value) => value !== undefined);
    if (type !== undefined && /^(?:force)?on$/i.test(type)) return null;
    return `posts ${type ?? 'a reset'} to the Redfish action ${target.slice(target.search(/\w+\.Reset/))}`;
  }
  if (!unplaced) return null;
  const word = texts.find((text) => REDFISH_POWER_TYPES.test(text.replace(/^--?[\w-]+=/, '')));
  return word === undefined ? null : `${word}: a Redfish reset that ends the power`;
}
const REDFISH_RESET_ACTION = /(?:ComputerSystem|Chassis)\.Reset(?!ActionInfo)\b/i;
const RESET_TYPE_VALUE = /ResetType["']?\s*[:=]\s*["']?([A-Za-z]+)/i;
const REDFISH_POWER_TYPES = /^(?:ForceOff|GracefulShutdown|GracefulRestart|ForceRestart|PowerCycle|FullPowerCycle|PushPowerButton)$/i;

/**
 * IBM i's CL commands that end the system, handed as one word to a program no row places (QSH's
 * and PASE's `system "PWRDWNSYS …"`): `PWRDWNSYS` powers it down (or restarts it), `ENDSYS` and
 * `ENDSBS SBS(*ALL)` end every subsystem and every session with them. In words, or null.
 */
export function ibmiSystemEnd(argv: readonly Word[]): string | null {
  for (const word of argv.slice(1)) {
    const text = (literalText(word) ?? '').trim().toUpperCase();
    if (/^(?:QSYS\/)?(?:PWRDWNSYS|ENDSYS)\b/.test(text) || /^(?:QSYS\/)?ENDSBS\b.*\*ALL\b/.test(text)) return text.split(/\s/)[0]!;
  }
  return null;
}
