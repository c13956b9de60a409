import { flagged, hasOption, optionValues, textOf, valued } from '../grammar';
import type { ArgReading } from '../grammar';
import type { Form, ProgramRow } from '../row';

/**
 * The machine's power through its management controller (IPMI, iDRAC, iLO) and its UPS (NUT,
 * apcupsd) (D§5, docs/decisions.md "The machine's power through its controller and its UPS").
 * Powering off, cycling or resetting the chassis, or cutting the UPS's load, ends this machine's
 * power as `poweroff` does: an `endsSession` form, which the hardline floor's `shutdown` arm
 * refuses. Given a controller by its address (`-H bmc02`, `-r idrac01`, `--url`), the form is the
 * same: that controller may well be this machine's. Status, sensors, event logs and the UPS's
 * variables only read.
 */

/**
 * One form for the power action at `index` (in the words after the program word). Given a
 * controller by its address (`-H bmc02`, `-r idrac01`, `--url`), the machine it manages may well
 * be this one: the gate cannot tell, so the unknown is taken at its worst and the form ends the
 * power all the same (docs/decisions.md "The machine's power through its controller and its UPS").
 */
function powerForm(program: string, trigger: string, index: number, remote: boolean, what: string): Form {
  const whose = remote ? 'of the machine that controller manages (this one, at worst)' : 'of this machine';
  return { role: 'destructive', program, trigger, index, value: null, endsSession: true, note: `${program} ${trigger} ${what} ${whose}` };
}

/** The operand texts, lower case (null: only known at run time). */
function operandTexts(reading: ArgReading): (string | null)[] {
  return reading.operands.map((word) => textOf(word)?.toLowerCase() ?? null);
}

/** ipmitool's chassis actions that end the machine's power (`on`, `status`, `diag`'s NMI aside). */
const IPMI_POWER_ACTIONS = new Set(['off', 'cycle', 'reset', 'soft']);

/** ipmitool: `chassis power off|cycle|reset|soft` and its shortcut `power …` (`-H`: another machine's controller). */
const IPMITOOL: ProgramRow = {
  names: ['ipmitool'],
  category: 'system',
  what: "talks to the machine's management controller (IPMI): sensors, event log, chassis power",
  grammar: { short: 'IHUPfpLACyYotbTBlmORNekdz', flags: 'vcEahVgsS', long: {} },
  read: (_args, reading) => {
    const texts = operandTexts(reading);
    const at = texts[0] === 'chassis' ? 1 : 0;
    if (texts[at] !== 'power') return [];
    const action = texts[at + 1];
    if (action !== null && (action === undefined || !IPMI_POWER_ACTIONS.has(action))) return [];
    const remote = hasOption(reading, '-H');
    return [powerForm('ipmitool', `power ${action ?? '…'}`, reading.operandIndexes[at + 1] ?? reading.operandIndexes[at]!, remote, 'ends the power')];
  },
  plain: ['sensor list', 'chassis status', 'chassis power status', 'sel list', '-H bmc01 -U admin -P pw sdr'],
};

/** FreeIPMI: `ipmi-chassis --chassis-control=…` and `ipmipower --off|--cycle|--reset|--soft` (`-h`: other machines). */
const IPMI_CHASSIS: ProgramRow = {
  names: ['ipmi-chassis'],
  category: 'system',
  what: "FreeIPMI's chassis tool: status, identify, boot flags and power control",
  grammar: { short: 'hupklaDIW', flags: 'gisv', long: { ...valued('hostname', 'username', 'password', 'chassis-control', 'chassis-identify', 'driver-type', 'config-file'), ...flagged('get-chassis-status', 'get-system-restart-cause', 'get-power-on-hours-counter', 'help', 'version') } },
  read: (_args, reading) => {
    const control = optionValues(reading, '--chassis-control')[0];
    if (control === undefined) return [];
    const text = textOf(control)?.toUpperCase() ?? null;
    if (text === 'POWER-UP' || text === 'DIAGNOSTIC-INTERRUPT') return [];
    return [powerForm('ipmi-chassis', `--chassis-control=${text ?? '…'}`, 0, hasOption(reading, '-h', '--hostname'), 'ends the power')];
  },
  plain: ['--get-chassis-status', '-h bmc01 --get-chassis-status'],
};

const IPMIPOWER: ProgramRow = {
  names: ['ipmipower'],
  category: 'system',
  what: "FreeIPMI's power control of machines through their management controllers",
  grammar: { short: 'hupklaDIW', flags: 'nfrsc', long: { ...valued('hostname', 'username', 'password', 'driver-type', 'config-file'), ...flagged('on', 'off', 'cycle', 'reset', 'stat', 'soft', 'pulse', 'help', 'version') } },
  read: (_args, reading) => {
    const acts = reading.options.filter((option) => ['--off', '--cycle', '--reset', '--soft', '-f', '-c', '-r', '-s'].includes(option.name));
    return acts.map((option) => powerForm('ipmipower', option.name, option.index, hasOption(reading, '-h', '--hostname'), 'ends the power'));
  },
  plain: ['--stat -h bmc01', '-h bmc01 --on'],
};

/** ipmiutil: `power` (or `reset`) with `-d` (down), `-r` (reset), `-c` (cycle), `-s` (soft shutdown), `-o` (off to the OS's shutdown); `-N`: another machine. */
const IPMIUTIL_ACTS = ['-d', '-r', '-c', '-s', '-D', '-o'];
const IPMIUTIL_POWER = {
  grammar: { short: 'NUPRFJTVYZEpmhb', flags: 'drcsnuoDikwx', long: {} },
  read: (_args: readonly unknown[], reading: ArgReading): Form[] =>
    reading.options.filter((option) => IPMIUTIL_ACTS.includes(option.name)).map((option) => powerForm('ipmiutil', option.name, option.index, hasOption(reading, '-N'), 'ends the power')),
};
const IPMIUTIL: ProgramRow = {
  names: ['ipmiutil'],
  category: 'system',
  what: "talks to the machine's management controller (IPMI): sensors, event log, health, power",
  subcommands: { power: IPMIUTIL_POWER, reset: IPMIUTIL_POWER },
  plain: ['sensor', 'sel', 'health', 'fru'],
};

/** Dell iDRAC: `racadm serveraction ACTION` (`-r`: another machine's iDRAC). */
const RACADM: ProgramRow = {
  names: ['racadm'],
  category: 'system',
  what: "Dell's iDRAC command line: inventory, settings and the server's power",
  grammar: { short: 'rupi', flags: '', long: flagged('nocertwarn') },
  read: (_args, reading) => {
    const texts = operandTexts(reading);
    if (texts[0] !== 'serveraction') return [];
    const action = texts[1];
    if (action === 'powerup' || action === 'powerstatus' || action === undefined) return [];
    return [powerForm('racadm', `serveraction ${action ?? '…'}`, reading.operandIndexes[1]!, hasOption(reading, '-r'), 'ends the power')];
  },
  plain: ['getsysinfo', 'serveraction powerstatus', 'getsel', '-r idrac01 -u root -p pw getsysinfo'],
};

/** HPE iLO RESTful tool: `reboot [TYPE]` (every type but `On`; `--url`: another machine's iLO). */
const ILOREST: ProgramRow = {
  names: ['ilorest'],
  category: 'system',
  what: "HPE's iLO RESTful tool: settings, inventory and the server's power",
  grammar: { short: 'uph', flags: 'v', long: { ...valued('url', 'user', 'password', 'user-name', 'select', 'selector'), ...flagged('json', 'nologo', 'help', 'debug', 'verbose', 'confirm', 'force') } },
  read: (_args, reading) => {
    const texts = operandTexts(reading);
    if (texts[0] !== 'reboot' || texts[1] === 'on') return [];
    return [powerForm('ilorest', `reboot ${texts[1] ?? ''}`.trim(), reading.operandIndexes[0]!, hasOption(reading, '--url'), 'restarts or ends the power')];
  },
  plain: ['serverinfo', 'login', 'list --select Bios.', 'reboot On'],
};

/**
 * A NUT instant command that cuts the UPS's output (the machines it feeds lose power):
 * `load.off`, `load.off.delay`, `load.cycle`, `shutdown.return|stayoff|reboot…`, an outlet's `…off`/`…cycle`.
 */
const UPS_CUTS = /^(?:load\.(?:off|cycle)(?:\.delay)?|shutdown\.[\w.]+|outlet\.[\w.]*\.(?:off|cycle|shutdown\.return)(?:\.delay)?)$/;

/** NUT: `upscmd [OPTIONS] UPS COMMAND` (`-l UPS` lists the commands). */
const UPSCMD: ProgramRow = {
  names: ['upscmd'],
  category: 'system',
  what: "Network UPS Tools: sends an instant command to a UPS",
  grammar: { short: 'upt', flags: 'lwhV', long: {} },
  read: (_args, reading) => {
    if (hasOption(reading, '-l')) return [];
    const texts = operandTexts(reading);
    const command = texts[1];
    if (command === undefined || (command !== null && !UPS_CUTS.test(command))) return [];
    return [powerForm('upscmd', command ?? '…', reading.operandIndexes[1]!, false, "cuts the UPS's output, and the power")];
  },
  plain: ['-l myups', 'myups@localhost beeper.disable', '-u admin -p pw myups test.battery.start.quick'],
};

/** NUT: `upsmon -c fsd` declares a forced shutdown (every machine the UPS feeds shuts down, then the UPS cuts its load). */
const UPSMON: ProgramRow = {
  names: ['upsmon'],
  category: 'system',
  what: 'Network UPS Tools: the monitor that shuts the machine down when its UPS runs out',
  grammar: { short: 'cPu', flags: 'hDKFBV', long: {} },
  read: (_args, reading) => {
    const command = optionValues(reading, '-c')[0];
    if (command === undefined) return [];
    const text = textOf(command)?.toLowerCase() ?? null;
    if (text !== null && text !== 'fsd') return [];
    return [powerForm('upsmon', `-c ${text ?? '…'}`, reading.options.find((option) => option.name === '-c')!.index, false, 'shuts down the machines its UPS feeds and cuts the power')];
  },
  plain: ['-c reload', '-K'],
};

/** NUT: `upsdrvctl shutdown [UPS]` tells the UPS to cut its load. */
const UPSDRVCTL: ProgramRow = {
  names: ['upsdrvctl'],
  category: 'system',
  what: 'Network UPS Tools: starts and stops the UPS drivers',
  grammar: { short: 'ur', flags: 'thDV', long: {} },
  read: (_args, reading) => {
    const verb = operandTexts(reading)[0];
    // `-t` only prints what would be done.
    if ((verb !== null && verb !== 'shutdown') || hasOption(reading, '-t')) return [];
    return [powerForm('upsdrvctl', verb ?? '…', reading.operandIndexes[0] ?? 0, false, "cuts the UPS's output, and the power")];
  },
  plain: ['start', 'stop myups', '-t shutdown'],
};

/**
 * apcupsd's event script: `doshutdown`, `killpower` and the events whose default action is a
 * shutdown (`emergency`, `timeout`, `loadlimit`, `runlimit`, `remotedown`, `doreboot`); the other
 * events only notify.
 */
const APCCONTROL_ENDS = new Set(['doshutdown', 'killpower', 'emergency', 'timeout', 'loadlimit', 'runlimit', 'remotedown', 'doreboot']);
const APCCONTROL: ProgramRow = {
  names: ['apccontrol'],
  category: 'system',
  what: "apcupsd's event script: notifies of UPS events and shuts the machine down",
  read: (_args, reading) => {
    const verb = operandTexts(reading)[0];
    if (verb === undefined || (verb !== null && !APCCONTROL_ENDS.has(verb))) return [];
    return [powerForm('apccontrol', verb ?? '…', reading.operandIndexes[0]!, false, 'shuts down or ends the power')];
  },
  plain: ['onbattery', 'mainsback', 'commfailure'],
};

/**
 * OpenBMC's obmcutil, run on the controller itself: `poweroff` asks the host to power off,
 * `chassisoff` cuts the chassis power and `chassiskill` cuts it at once. The host a BMC manages
 * is this machine's power, as ipmitool's local controller is; the state queries only read.
 */
const OBMCUTIL_POWER = new Set(['poweroff', 'chassisoff', 'chassiskill']);
const OBMCUTIL: ProgramRow = {
  names: ['obmcutil'],
  category: 'system',
  what: "OpenBMC's control tool: host and chassis state and power",
  grammar: { short: '', flags: 'hwvd', long: flagged('help', 'wait', 'verbose') },
  read: (_args, reading) => {
    const texts = operandTexts(reading);
    const at = texts.findIndex((text) => text === null || OBMCUTIL_POWER.has(text));
    return at === -1 ? [] : [powerForm('obmcutil', texts[at] ?? '…', reading.operandIndexes[at]!, false, 'ends the host\'s power')];
  },
  plain: ['state', 'status', 'bmcstate', 'hoststate', 'chassisstate', 'poweron'],
};

/**
 * Pacemaker's `stonith_admin`: `-F/--fence NODE` powers a cluster node off and `-B/--reboot NODE`
 * cycles it through its fence device; the node may be this machine. `-U/--unfence` gives a node its
 * access back; lists, history and queries only read.
 */
const STONITH_ADMIN: ProgramRow = {
  names: ['stonith_admin'],
  category: 'system',
  what: "Pacemaker's fencing tool: lists fence devices and history, fences cluster nodes",
  grammar: {
    short: 'FBUlHQRDaoeTtirdvn',
    flags: 'LIMCqVh',
    long: {
      ...valued('fence', 'reboot', 'unfence', 'list', 'history', 'query', 'register', 'deregister', 'agent', 'option', 'env-option', 'timeout', 'tolerance', 'index', 'register-level', 'deregister-level', 'devices', 'last', 'validate'),
      ...flagged('list-registered', 'list-installed', 'list-targets', 'metadata', 'cleanup', 'broadcast', 'quiet', 'verbose', 'help', 'version', 'output-as'),
    },
  },
  read: (_args, reading) =>
    reading.options
      .filter((option) => ['-F', '--fence', '-B', '--reboot'].includes(option.name))
      .map((option) => ({ role: 'destructive', program: 'stonith_admin', trigger: option.name, index: option.index, value: null, endsSession: true, note: `stonith_admin ${option.name} powers a cluster node off through its fence device (this machine, at worst)` })),
  plain: ['-L', '--history=node2', '-l node2', '-I'],
};

export const MACHINE_POWER_ROWS: readonly ProgramRow[] = [STONITH_ADMIN, OBMCUTIL, IPMITOOL, IPMIUTIL, IPMI_CHASSIS, IPMIPOWER, RACADM, ILOREST, UPSCMD, UPSMON, UPSDRVCTL, APCCONTROL];
