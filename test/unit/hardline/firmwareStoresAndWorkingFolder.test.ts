/**
 * Floor classes of the fifteenth look (docs/decisions.md "Firmware stores written by a program
 * without a row", "Bare disk names in commands that make a store", "A lister given no folder lists
 * the working folder", "sudoers made unreadable, and chmod read where the line runs it",
 * "Backtick values assigned and expanded later"): each rule on spellings it was not written for,
 * and the everyday neighbours on the same resources it must leave alone.
 */
import { strict as assert } from 'node:assert';
import { checkHardline } from '../../../src/gate/hardline/hardline';
import { takesOwnerRead } from '../../../src/gate/hardline/readRights';
import { createsStorage } from '../../../src/gate/hardline/storageVerbs';
import { readCommand } from '../../../src/gate/reading/reading';

function arm(command: string): string | null {
  return checkHardline(readCommand(command, { home: '/home/agent', shell: 'bash' }), '/home/agent/project')?.arm ?? null;
}

describe('hardline: a firmware store written by a program no row places', () => {
  it('refuses a firmware noun with a writing, erasing or deleting verb, in operands, options or the name', () => {
    assert.equal(arm('chipsec_util spi erase 0x0'), 'raw-device-write');
    assert.equal(arm('sudo chipsec_util uefi var-write PK 8be4df61-93ca-11d2-aa0d-00e098032b8c pk.bin'), 'raw-device-write');
    assert.equal(arm('sudo efivar --write --name 8be4df61-93ca-11d2-aa0d-00e098032b8c-PK --fromfile x'), 'raw-device-write');
    assert.equal(arm('sudo efivar -w -n 8be4df61-93ca-11d2-aa0d-00e098032b8c-BootOrder -f order.bin'), 'raw-device-write');
    assert.equal(arm('sudo nvramtool -w boot_option=Normal'), 'raw-device-write');
    assert.equal(arm('sudo superiotool --bios-erase'), 'raw-device-write');
    assert.equal(arm('sudo biosutil erase'), 'raw-device-write');
  });

  it('refuses one word saying both (`flasherase`, `install-blob`)', () => {
    assert.equal(arm('sudo ectool flasherase 0 0x40000'), 'raw-device-write');
    assert.equal(arm('sudo fwupdtool install-blob firmware.bin'), 'raw-device-write');
  });

  it('leaves what only reads, lists or dumps, a file named for firmware, and a board on a cable being programmed', () => {
    for (const command of [
      'chipsec_util spi info',
      'chipsec_util spi dump rom.bin',
      'chipsec_util uefi var-list',
      'efivar -l',
      'efivar -p -n 8be4df61-93ca-11d2-aa0d-00e098032b8c-BootOrder',
      'fwupdmgr get-devices',
      'fwupdmgr refresh',
      'west flash',
      'idf.py -p /dev/ttyUSB0 flash',
      'pyocd flash build/zephyr.hex',
      'uefitool image.bin',
      'mytool write bios_notes.txt',
    ]) {
      assert.equal(arm(command), null, command);
    }
  });
});

describe('hardline: a program the gate cannot read that says it erases', () => {
  it('refuses an erasing word, with or without raised rights, on a cable or not', () => {
    assert.equal(arm('west flash --erase'), 'raw-device-write');
    assert.equal(arm('idf.py -p /dev/ttyUSB0 erase-flash'), 'raw-device-write');
    assert.equal(arm('pyocd erase --chip -t nrf52840'), 'raw-device-write');
    assert.equal(arm('nrfjprog --eraseall -f NRF52'), 'raw-device-write');
    assert.equal(arm('commander device masserase'), 'raw-device-write');
    assert.equal(arm('cli -c "request system zeroize"'), 'raw-device-write');
    assert.equal(arm('cmd.exe /c "nrfutil device erase --all"'), 'raw-device-write');
  });

  it('leaves a switch turned off, a file handed to a program named for erasing, and words that only contain one', () => {
    for (const command of ['maas admin machine deploy abc123 erase=false', 'frob sync --wipe=no', 'wipe -f ./scratch/dump.bin', 'frob swipe left', 'eraser-notes list']) {
      assert.equal(arm(command), null, command);
    }
  });
});

describe('hardline: bare disk names in commands that make a store', () => {
  it('reads a bare kernel name as the device when the words make a store on it', () => {
    assert.equal(arm('pveceph osd create sdb'), 'raw-device-write');
    assert.equal(arm('omv-cli filesystem create --device nvme0n1 --type ext4'), 'raw-device-write');
    assert.equal(arm('diskutil-linux volume create vol1 disk=nvme0n1'), 'raw-device-write');
    assert.equal(arm('ceph-deploy osd create --data sdb node1'), 'raw-device-write');
    assert.equal(arm('storage-tool raid create --level 1 --members sdb,sdc'), 'raw-device-write');
    assert.equal(arm('xe sr-create name-label=local type=lvm device-config:device=sdb'), 'raw-device-write');
  });

  it('reads a true erasing switch as the disks erased', () => {
    // (`maas … machine release ID erase=true` is refused too, first as the machine's power:
    // releasing powers it off, docs/decisions.md "A power program's states and a machine's stop".)
    assert.equal(arm('somecli disks rebuild abc123 erase=true'), 'mkfs');
    assert.equal(arm('somecli node deprovision n1 --wipe-disks=yes'), 'mkfs');
  });

  it('leaves listings, inspections, a false switch, a store on a folder and a file named like a disk', () => {
    for (const command of [
      'proxmox-backup-manager disk list',
      'proxmox-backup-manager disk smart-attributes sdc',
      'proxmox-backup-manager datastore create store1 /mnt/datastore/store1',
      'maas admin machine deploy abc123 erase=false',
      'somecli disks rebuild abc123 erase=false',
      'lsblk sdc',
      'smartctl -a sdb',
      'iostat -x sdb 1',
      'mytool create --data sdb_results.csv',
      'cloud-tool volume create --size 10 myvol',
    ]) {
      assert.equal(arm(command), null, command);
    }
  });

  it('needs a creating verb among the first words', () => {
    assert.equal(createsStorage(['tool', 'disk', 'fs', 'create', 'x', '--disk', 'sdc']), true);
    assert.equal(createsStorage(['tool', 'disk', 'list', '--disk', 'sdc']), false);
    assert.equal(createsStorage(['tool', 'report', 'create', '--title', 'x']), false);
  });
});

describe('hardline: a lister given no folder lists the working folder', () => {
  it('refuses its names deleted one by one where a cd moved the line', () => {
    assert.equal(arm('cd ~ && ls -A | xargs rm -rf'), 'recursive-delete-root');
    assert.equal(arm('cd $HOME; ls -a | xargs -I{} rm -rf {}'), 'recursive-delete-root');
    assert.equal(arm('cd / && find | xargs rm -rf'), 'recursive-delete-root');
    assert.equal(arm('cd /var && du -a | cut -f2 | xargs rm -rf'), 'recursive-delete-root');
  });

  it('leaves a project folder, the temp folder and listings fed to readers', () => {
    for (const command of ['ls -A | xargs rm -rf', 'cd build && ls | xargs rm -rf', 'cd /tmp && ls | xargs rm -rf', 'ls | xargs wc -l', 'cd ~ && ls | xargs -n1 du -sh']) {
      assert.equal(arm(command), null, command);
    }
  });
});

describe('hardline: sudoers made unreadable, and chmod read where the line runs it', () => {
  it('refuses a mode that takes reading from sudoers, by path or after cd', () => {
    assert.equal(arm('sudo chmod 0 /etc/sudoers'), 'recursive-chmod-root');
    assert.equal(arm('sudo chmod a-r /etc/sudoers'), 'recursive-chmod-root');
    assert.equal(arm('cd /etc && sudo chmod 000 sudoers'), 'recursive-chmod-root');
    assert.equal(arm('cd /etc && sudo chmod 666 sudoers'), 'recursive-chmod-root');
    assert.equal(arm('cd /etc; chmod 600 passwd'), 'recursive-chmod-root');
  });

  it('leaves the modes repairs use, /etc/shadow at 000, and a file of the same name elsewhere', () => {
    for (const command of ['sudo chmod 440 /etc/sudoers', 'sudo chmod 0440 /etc/sudoers', 'sudo chmod u-w /etc/sudoers', 'sudo chmod 400 /etc/sudoers', 'sudo chmod 000 /etc/shadow', 'cd /etc && sudo chmod 440 sudoers', 'cd ~/proj && chmod 000 sudoers']) {
      assert.equal(arm(command), null, command);
    }
  });

  it('reads the owner digit and owner clauses', () => {
    assert.equal(takesOwnerRead('000'), true);
    assert.equal(takesOwnerRead('0'), true);
    assert.equal(takesOwnerRead('0200'), true);
    assert.equal(takesOwnerRead('u=w'), true);
    assert.equal(takesOwnerRead('0440'), false);
    assert.equal(takesOwnerRead('go-r'), false);
    assert.equal(takesOwnerRead('u+r'), false);
  });
});

describe('hardline: backtick values assigned and expanded later', () => {
  it('refuses every pid assigned with backticks then killed, in a loop or at once', () => {
    assert.equal(arm('pid=`ps -e -o pid=`; for id in $pid; do kill -9 $id; done'), 'kill-all');
    assert.equal(arm("PIDS=`ps aux | awk '{print $2}'`; for p in $PIDS; do kill -KILL $p; done"), 'kill-all');
    assert.equal(arm('list=`pgrep .`; kill -9 $list'), 'kill-all');
  });

  it('leaves a narrowed selection and a pid file', () => {
    for (const command of ['pid=`pgrep -f myserver`; kill $pid', 'pid=`cat app.pid`; kill -9 $pid', "pid=`ps -ef | grep java | awk '{print $2}'`; kill -9 $pid", 'v=`date +%s`; echo $v']) {
      assert.equal(arm(command), null, command);
    }
  });
});
