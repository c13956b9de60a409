import { flagged, valued, type Grammar } from '../grammar';
import type { Command, OptionRole, ProgramRow } from '../row';

/**
 * Image-based systems' updaters (D§5 "shutdown"; docs/decisions.md "Image updaters that restart
 * the machine"): rpm-ostree, bootc and SUSE's transactional-update stage a new system image, and
 * their restart switch (`--reboot`, `--apply`, the `reboot` command) restarts this machine to
 * boot it, as `reboot` does: an `endsSession` form, which the hardline floor's `shutdown` arm
 * refuses. Without it the image waits for the next boot. Each subcommand is listed; those that
 * only report are `{}`-like reads.
 */

const REBOOTS = (program: string, options: readonly string[]): OptionRole => ({
  role: 'destructive',
  options,
  endsSession: true,
  note: `${program} ${options[options.length - 1]} restarts this machine into the new image`,
});

/** rpm-ostree's options shared by its deployment-changing commands. */
const RPM_OSTREE_GRAMMAR: Grammar = {
  short: 'o',
  flags: 'rnCqh',
  long: {
    ...valued('os', 'sysroot', 'peer', 'install', 'uninstall', 'remove', 'replace', 'append', 'delete', 'append-if-missing', 'delete-if-present', 'editor', 'arg', 'from', 'branch', 'remote', 'experimental', 'bypass-driver'),
    ...flagged('reboot', 'dry-run', 'preview', 'check', 'cache-only', 'download-only', 'unchanged-exit-77', 'allow-downgrade', 'allow-inactive', 'idempotent', 'apply-live', 'force-replacefiles', 'lock-finalization', 'skip-purge', 'bypass-driver', 'custom-origin-url', 'custom-origin-description', 'enable', 'disable', 'all', 'reset', 'import-proc-cmdline', 'json', 'verbose', 'booted', 'pending-exit-77', 'base', 'pending', 'rollback', 'repomd', 'help', 'version', 'quiet', 'ex-cliwrap', 'unchanged', 'allow-replacement', 'force', 'target'),
  },
};

/** An rpm-ostree command that changes the deployments: `-r`/`--reboot` restarts into the new one. */
const RPM_OSTREE_CHANGE: Command = { grammar: RPM_OSTREE_GRAMMAR, options: [REBOOTS('rpm-ostree', ['-r', '--reboot'])] };

/** bootc's options of `upgrade`, `switch` and `rollback`. */
const BOOTC_GRAMMAR: Grammar = {
  long: {
    ...valued('transport', 'target-imgref', 'enforce-container-sigpolicy', 'format', 'format-version'),
    ...flagged('apply', 'check', 'quiet', 'soft-reboot', 'retain', 'ostree-remote', 'mutate-in-place', 'json', 'booted', 'help', 'version', 'no-signature-verification', 'enforce-container-sigpolicy'),
  },
};

const BOOTC_CHANGE: Command = { grammar: BOOTC_GRAMMAR, options: [REBOOTS('bootc', ['--apply'])] };

export const SYSTEM_IMAGE_ROWS: readonly ProgramRow[] = [
  {
    names: ['rpm-ostree'],
    category: 'system',
    what: 'manages the deployments of an rpm-ostree system (Fedora Atomic, CoreOS)',
    grammar: RPM_OSTREE_GRAMMAR,
    subcommands: {
      upgrade: RPM_OSTREE_CHANGE,
      update: RPM_OSTREE_CHANGE,
      rebase: RPM_OSTREE_CHANGE,
      deploy: RPM_OSTREE_CHANGE,
      rollback: RPM_OSTREE_CHANGE,
      install: RPM_OSTREE_CHANGE,
      uninstall: RPM_OSTREE_CHANGE,
      reset: RPM_OSTREE_CHANGE,
      kargs: RPM_OSTREE_CHANGE,
      initramfs: RPM_OSTREE_CHANGE,
      'initramfs-etc': RPM_OSTREE_CHANGE,
      'finalize-deployment': RPM_OSTREE_CHANGE,
      override: { grammar: RPM_OSTREE_GRAMMAR, subcommands: { replace: RPM_OSTREE_CHANGE, remove: RPM_OSTREE_CHANGE, reset: RPM_OSTREE_CHANGE } },
      'apply-live': {},
      status: {},
      search: {},
      'refresh-md': {},
      reload: {},
      cancel: {},
      cleanup: {},
      usroverlay: {},
      db: {},
      compose: {},
      ex: {},
      countme: {},
    },
    plain: ['status', 'upgrade --check', 'db diff'],
  },
  {
    names: ['bootc'],
    category: 'system',
    what: 'updates and switches a bootable container image system',
    subcommands: {
      upgrade: BOOTC_CHANGE,
      switch: BOOTC_CHANGE,
      rollback: BOOTC_CHANGE,
      status: {},
      edit: {},
      'usr-overlay': {},
      install: {},
      container: {},
      image: {},
      state: {},
      internals: {},
    },
    plain: ['status', 'upgrade --check', 'switch quay.io/example/os:next'],
  },
  {
    // Its operands are a list of commands run in order; `reboot` among them restarts the machine.
    names: ['transactional-update'],
    category: 'system',
    what: 'updates a read-only root (SUSE) in a new snapshot, used at the next boot',
    grammar: { flags: 'icndh', long: flagged('interactive', 'continue', 'non-interactive', 'no-selfupdate', 'drop-if-no-change', 'quiet', 'help', 'version') },
    operands: [{ role: 'destructive', operand: 'every', when: (text) => text === 'reboot', example: 'reboot', endsSession: true, note: 'transactional-update reboot restarts this machine into the new snapshot' }],
    plain: ['dup', 'up', 'pkg install vim', 'status'],
  },
  {
    // Sailfish OS's device state manager client: `-b` reboots, `-o` powers off the device.
    names: ['dsmetool'],
    category: 'system',
    what: "Sailfish OS: asks the device state manager to reboot, power off or change the run level",
    strict: true,
    grammar: { short: 't', flags: 'bohv', long: { ...valued('telinit'), ...flagged('reboot', 'shutdown', 'help', 'version') } },
    options: [
      { role: 'destructive', options: ['-b', '--reboot', '-o', '--shutdown'], endsSession: true, note: 'dsmetool --reboot and --shutdown restart or power off the device' },
      { role: 'destructive', options: ['-t', '--telinit'], endsSession: true, note: 'dsmetool --telinit changes the run level, power off and reboot among them' },
    ],
    plain: ['--help', '--version'],
  },
];
