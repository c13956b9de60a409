import type { Command, ProgramRow } from '../row';

/**
 * Hypervisors', clouds' and services' control programs whose power verbs act on a guest, a device
 * or a service, positively known
 * (D§5 "Positive knowledge"; docs/decisions.md "A power action no row places is a machine's"):
 * `xl shutdown guest1`, `qm reboot 101`, `VBoxManage controlvm dev poweroff`, `openstack server
 * reboot web-1`. Without these rows the floor takes a power word among a program's words at its
 * worst, as this machine's. Each verb is a destructive form an entry must spell (a guest's work is
 * lost); what the row does not list stays unplaced.
 */

const GUEST = (note: string): Command => ({ role: { role: 'destructive', note } });

/** Xen's toolstack (`xl`, and `xm` before it): DOMAIN operands are guests; `dmesg`, `info` read the host. */
const XEN_VERBS: Readonly<Record<string, Command>> = {
  shutdown: GUEST('shuts a Xen guest down'),
  reboot: GUEST('reboots a Xen guest'),
  destroy: GUEST('forces a Xen guest off at once'),
  pause: GUEST('pauses a Xen guest'),
  list: { plain: ['', '-l'] },
  info: { plain: [''] },
  uptime: { plain: [''] },
  vcpu_list: { plain: [''] },
};
const XL: ProgramRow = {
  names: ['xl', 'xm'],
  category: 'container',
  what: "Xen's toolstack, which runs and controls guest domains",
  grammar: { flags: 'vNft', long: {}, stopAtOperand: true },
  subcommands: XEN_VERBS,
  plain: ['list', 'info', 'uptime'],
};

/** Proxmox VE's guests: `qm` (virtual machines) and `pct` (containers) by numeric id. */
const PROXMOX_VERBS: Readonly<Record<string, Command>> = {
  shutdown: GUEST('shuts a Proxmox guest down'),
  reboot: GUEST('reboots a Proxmox guest'),
  stop: GUEST('stops a Proxmox guest at once, as pulling its plug'),
  reset: GUEST('resets a Proxmox guest like a power cycle'),
  suspend: GUEST('suspends a Proxmox guest'),
  destroy: GUEST("deletes a Proxmox guest and its disks"),
  list: { plain: [''] },
  status: { plain: ['101'] },
  config: { plain: ['101'] },
};
const QM: ProgramRow = { names: ['qm'], category: 'container', what: "Proxmox VE's virtual machine manager", subcommands: PROXMOX_VERBS, plain: ['list', 'status 101'] };
const PCT: ProgramRow = { names: ['pct'], category: 'container', what: "Proxmox VE's container manager", subcommands: PROXMOX_VERBS, plain: ['list', 'status 101'] };

/** VirtualBox: `controlvm VM ACTION` changes a running guest's state; `list` and `showvminfo` read. */
const VBOXMANAGE: ProgramRow = {
  names: ['vboxmanage'],
  category: 'container',
  what: "VirtualBox's command line, which creates and controls virtual machines",
  subcommands: {
    controlvm: GUEST("changes a running VirtualBox guest's state (power off, reset, pause, save)"),
    unregistervm: GUEST('removes a VirtualBox guest (with --delete, its disks)'),
    list: { plain: ['vms', 'runningvms'] },
    showvminfo: { plain: ['dev'] },
  },
  plain: ['list vms', 'showvminfo dev', '--version'],
};

/** OpenStack's client: `server` verbs act on cloud instances. */
const OPENSTACK: ProgramRow = {
  names: ['openstack'],
  category: 'cloud',
  what: "OpenStack's unified command line client",
  subcommands: {
    server: {
      subcommands: {
        reboot: GUEST('reboots a cloud instance'),
        stop: GUEST('stops a cloud instance'),
        delete: GUEST('deletes a cloud instance'),
        pause: GUEST('pauses a cloud instance'),
        suspend: GUEST('suspends a cloud instance'),
        shelve: GUEST('shelves a cloud instance'),
        list: { plain: [''] },
        show: { plain: ['web-1'] },
      },
    },
  },
  plain: ['server list', 'server show web-1'],
};

/**
 * Android's bridges to a device on a cable or the network: its power is the device's, a guest of
 * sorts (category `container`), not this machine's. Only the verbs below are placed.
 */
const ADB: ProgramRow = {
  names: ['adb'],
  category: 'container',
  what: "Android's debug bridge to an attached device or emulator",
  grammar: { short: 'sPHL', flags: 'dehat', long: {} },
  subcommands: {
    reboot: GUEST('reboots the attached Android device (into the system, the bootloader or recovery)'),
    devices: { plain: ['', '-l'] },
    version: { plain: [''] },
    'get-state': { plain: [''] },
  },
  plain: ['devices', 'version', 'get-state'],
};
/**
 * fastboot: `-w`, `erase`, `format` and unlocking or locking the boot loader (which wipes the user
 * data) erase the attached device's storage: a raw-disk write, whichever machine holds the disk
 * (docs/decisions.md "A program the gate cannot read that says it erases"). Flashing an image
 * (`flash boot boot.img`) is the everyday job and stays the lists'.
 */
const FASTBOOT: ProgramRow = {
  names: ['fastboot'],
  category: 'container',
  what: "Android's bootloader tool for an attached device",
  grammar: { short: 's', flags: 'wv', long: {} },
  flashes: { what: "the attached device's user data (-w wipes it)", withOptions: ['-w'] },
  subcommands: {
    reboot: GUEST('reboots the attached device (into the system, the bootloader or recovery)'),
    devices: { plain: ['', '-l'] },
    getvar: { plain: ['all'] },
    erase: { flashes: { what: 'a partition of the attached device (erased)' } },
    format: { flashes: { what: 'a partition of the attached device (formatted)' } },
    flashing: { flashes: { what: "the attached device's user data (wiped when the boot loader is unlocked or locked)", withOperands: ['unlock', 'lock', 'unlock_critical', 'lock_critical'] } },
    oem: { flashes: { what: "the attached device's user data (wiped when the boot loader is unlocked or locked)", withOperands: ['unlock', 'lock'] } },
  },
  plain: ['devices', 'getvar all'],
};

/** The legacy OpenStack compute client: `nova reboot SERVER` and its twins act on instances. */
const NOVA: ProgramRow = {
  names: ['nova'],
  category: 'cloud',
  what: "OpenStack's legacy compute client",
  subcommands: {
    reboot: GUEST('reboots a cloud instance'),
    stop: GUEST('stops a cloud instance'),
    delete: GUEST('deletes a cloud instance'),
    list: { plain: [''] },
    show: { plain: ['web-3'] },
  },
  plain: ['list', 'show web-3'],
};

/** Supervisor's client: `shutdown` stops supervisord and every program it runs, not the machine. */
const SUPERVISORCTL: ProgramRow = {
  names: ['supervisorctl'],
  category: 'system',
  what: "Supervisor's control client for the programs supervisord runs",
  grammar: { short: 'cspu', flags: 'hi', long: {} },
  subcommands: {
    shutdown: GUEST('stops supervisord and every program it runs'),
    stop: GUEST('stops programs supervisord runs'),
    restart: GUEST('restarts programs supervisord runs'),
    status: { plain: ['', 'web'] },
    avail: { plain: [''] },
  },
  plain: ['status', 'avail'],
};

/** RabbitMQ's node control: `shutdown` and `stop_app` stop a broker node (`-n` names which), not the machine. */
const RABBITMQCTL: ProgramRow = {
  names: ['rabbitmqctl'],
  category: 'system',
  what: "RabbitMQ's control tool for a broker node",
  grammar: { short: 'nqt', flags: 'sl', long: {} },
  subcommands: {
    shutdown: GUEST('stops the RabbitMQ node and its runtime'),
    stop: GUEST('stops the RabbitMQ node'),
    stop_app: GUEST('stops the RabbitMQ application on the node'),
    status: { plain: [''] },
    list_queues: { plain: [''] },
    cluster_status: { plain: [''] },
  },
  plain: ['status', 'list_queues', 'cluster_status'],
};

export const GUEST_POWER_ROWS: readonly ProgramRow[] = [XL, QM, PCT, VBOXMANAGE, OPENSTACK, NOVA, ADB, FASTBOOT, SUPERVISORCTL, RABBITMQCTL];
