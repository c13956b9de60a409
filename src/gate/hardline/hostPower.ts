/**
 * The `shutdown` arm for a program the table cannot place whose words ask for this machine's power
 * to end (D§5, docs/decisions.md "The machine's power through its controller and its UPS"): a
 * power action (`shutdown`, `reboot`, `halt`, `poweroff`, `power-down`, `power cycle`, with the
 * prefixes management tools put before them: `graceshutdown`, `doshutdown`, `forcereboot`) and,
 * among the same operands, a word naming the machine itself (`host`, `system`, `machine`,
 * `computer`, `localhost`, `chassis`, `hypervisor`): `xe host-shutdown host=x`, `frob system
 * reboot`, `tool --chassis-control=POWER-DOWN`. A power word without such a noun stays the guest's,
 * device's or service's (`VBoxManage controlvm vm poweroff`, `adb reboot`: hardline/power.ts
 * `isGuestPowerOperand`). Option names are not read (`--host db1` names another machine, `--no-reboot`
 * is a choice), except the name of the option whose value is the power action.
 */
import type { Word } from '../reading/resolution';
import { literalText } from './commandName';

/** A token that is a power action by itself, with the management tools' prefixes. */
const POWER_TOKEN = /^(?:do|grace(?:ful)?|hard|soft|forced?|cold|immediate)?(?:shutdown|reboot|poweroff|powerdown|powercycle|halt|turnoff|logout|logoff)$/;
/** The second token of a two-token power action after `power` (`power off`, `POWER-DOWN`, `power cycle`). */
const AFTER_POWER = new Set(['off', 'down', 'cycle', 'reset']);
/** What a power setter sets: its value is the power's next state. */
const POWER_SETTING = new Set(['action', 'state']);
/**
 * Tokens that name the machine itself, or its management controller (`ipmi`, `bmc`, iDRAC, iLO,
 * Redfish, Lenovo's IMM and XCC, Cisco's CIMC, Fujitsu's iRMC): a controller's power is the
 * machine's it manages, this one at worst (docs/decisions.md "The machine's power through its
 * controller and its UPS").
 */
const HOST_TOKENS = new Set(['host', 'system', 'machine', 'computer', 'localhost', 'chassis', 'hypervisor', 'ipmi', 'bmc', 'idrac', 'ilo', 'redfish', 'imm', 'xcc', 'cimc', 'irmc']);
/** A token joining such a noun to `power` (`ospower`, `syspower`, `hostpower`): the machine's power by name. */
const HOST_POWER_NOUN = /^(?:os|sys|system|host|machine|server)power$/;
/** Whether a token names this machine or its power. */
function namesHost(token: string): boolean {
  return HOST_TOKENS.has(token) || HOST_POWER_NOUN.test(token);
}

/** A word's tokens: split on punctuation and at lower-to-upper case changes, lower-cased. */
function tokensOf(text: string): string[] {
  return text
    .split(/[-_.=:,@+]+|(?<=[a-z])(?=[A-Z])/)
    .map((token) => token.toLowerCase())
    .filter((token) => token !== '');
}

/** Whether the tokens (in order) hold a power action. */
function hasPowerAction(tokens: readonly string[]): boolean {
  return tokens.some((token, k) => POWER_TOKEN.test(token) || (token === 'power' && AFTER_POWER.has(tokens[k + 1] ?? '')) || (token === 'shut' && tokens[k + 1] === 'down'));
}

/** The words of `argv` (program first) that ask for this machine's power to end, or null. */
export function hostPowerPhrase(argv: readonly Word[]): string | null {
  const operandTokens: string[][] = [];
  let optionPhrase: string | null = null;
  for (const word of argv.slice(1)) {
    const text = literalText(word);
    // Paths and free text are data (a log file, a message), not a verb.
    if (text === null || text === '' || /[/\s]/.test(text)) continue;
    if (text.startsWith('-')) {
      const eq = text.indexOf('=');
      if (eq > 0 && hasPowerAction(tokensOf(text.slice(eq + 1))) && tokensOf(text.slice(0, eq)).some(namesHost)) optionPhrase = text;
      continue;
    }
    // `service@host` names a service's node (`rabbit@host`), not this machine.
    operandTokens.push(tokensOf(text.split('@')[0]!));
  }
  if (optionPhrase !== null) return optionPhrase;
  const all = operandTokens.flat();
  const phrase = argv.slice(1).map((word) => literalText(word) ?? '…').join(' ');
  // A setter of the power state or action (`-c SetPowerAction --action 2`) whose value no row
  // places: taken at its worst, the power off (docs/decisions.md "Power words by the program's name").
  if (all.some((token, k) => token === 'set' && all[k + 1] === 'power' && POWER_SETTING.has(all[k + 2] ?? ''))) return phrase;
  // A program named for the power or the session (`sxmo_power.sh`, `…-session-ctl`) given a power
  // action as its verb names no guest: its own machine's power or session.
  const program = literalText(argv[0]);
  const programTokens = program === null ? [] : tokensOf(program.slice(program.lastIndexOf('/') + 1).replace(/\.(?:sh|py|pl|rb|bash)$/, ''));
  if (programTokens.some((token) => token === 'power' || token === 'session' || HOST_POWER_NOUN.test(token)) && operandTokens.length > 0 && operandTokens[0]!.length === 1 && hasPowerAction(operandTokens[0]!)) return phrase;
  if (!all.some(namesHost)) return null;
  // Power words may span operands (`chassis power off`).
  return hasPowerAction(all) ? phrase : null;
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
