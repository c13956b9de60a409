/**
 * Classes the floor closes by rule rather than by name (docs/decisions.md "Every path under /dev is
 * a device unless a table says otherwise", "An account removed is catastrophic, with or without its
 * home", "System folders at every depth the gate can compute", "Power, whatever the route",
 * "Firmware flashers and erased volumes without a row"): each rule, a spelling it was not written
 * for, and the everyday neighbour it must leave alone.
 */
import { strict as assert } from 'node:assert';
import { checkHardline } from '../../../src/gate/hardline/hardline';
import { isRawBlockDevicePath } from '../../../src/gate/hardline/paths';
import { rowRemovals } from '../../../src/gate/programs/removals';
import { readCommand } from '../../../src/gate/reading/reading';
import type { Word } from '../../../src/gate/reading/resolution';

function arm(command: string): string | null {
  return checkHardline(readCommand(command, { home: '/home/agent', shell: 'bash' }), '/home/agent/project')?.arm ?? null;
}

const words = (...values: string[]): Word[] => values.map((value) => ({ kind: 'literal', value, raw: value }));

describe('hardline: every path under /dev is a device unless the table says otherwise', () => {
  it('takes any depth and any vendor spelling as a disk', () => {
    for (const path of ['/dev/disk/azure/scsi1/lun1', '/dev/disk/gce/persistent-disk-1', '/dev/xvdf2', '/dev/vg0/lv_data', '/dev/zvol/tank/vol1', '/dev/mapper/mpatha', '/dev/rdsk/c0t0d0s2', '/dev/nvme-fabrics']) {
      assert.equal(isRawBlockDevicePath(path, true), true, path);
    }
  });

  it('leaves the character devices, device folders and the families left out on purpose', () => {
    for (const path of ['/dev/null', '/dev/urandom', '/dev/stdout', '/dev/fd/3', '/dev/pts/4', '/dev/shm/x', '/dev/ttyUSB0', '/dev/ttyACM1', '/dev/cu.usbserial-1410', '/dev/net/tun', '/dev/kvm', '/dev/dri/renderD128', '/dev/nvidia0', '/dev/loop0', '/dev/sr0', '/dev/st0', '/dev/zram0', '/dev/mtd0ro', '/dev/input/event3', '/dev/disk', '/dev/mapper', '/dev/.udev/db']) {
      assert.equal(isRawBlockDevicePath(path, true), false, path);
    }
  });

  it('takes a name only partly known at its worst unless its start names a family of the table', () => {
    assert.equal(isRawBlockDevicePath('/dev/$disk', false), true);
    assert.equal(isRawBlockDevicePath('/dev/sd$X', false), true);
    assert.equal(isRawBlockDevicePath('/dev/tty$N', false), false);
    assert.equal(isRawBlockDevicePath('/dev/pts/$N', false), false);
    // A `,` ends the device's name (deviceWords.ts cuts `/dev/sdb,trunc`).
    assert.equal(isRawBlockDevicePath('/dev/sdb,trunc', true), false);
  });

  it('refuses a write to a vendor link and lets a row that only reads a label pass', () => {
    assert.equal(arm('echo y | mkfs.ext4 /dev/disk/azure/scsi1/lun1'), 'mkfs');
    assert.equal(arm('pvcreate -f /dev/disk/azure/scsi1/lun1'), 'raw-device-write');
    assert.equal(arm('prtvtoc /dev/rdsk/c0t0d0s2'), null);
    assert.equal(arm('mkswap /dev/zram0'), null);
    assert.equal(arm('stty -F /dev/ttyACM0 115200'), null);
  });
});

describe('hardline: an account removed, with or without its home', () => {
  it('reads removesAccount from the rows, and not a group or a membership', () => {
    assert.equal(rowRemovals(words('userdel', 'bob'), 'userdel')[0]?.account, 'bob');
    assert.equal(rowRemovals(words('homectl', 'remove', 'alice'), 'homectl')[0]?.account, 'alice');
    assert.equal(rowRemovals(words('synouser', '--del', 'alice'), 'synouser')[0]?.account, 'alice');
    assert.deepEqual(rowRemovals(words('deluser', 'bob', 'docker'), 'deluser'), []);
    assert.deepEqual(rowRemovals(words('deluser', '--group', 'devs'), 'deluser'), []);
    assert.deepEqual(rowRemovals(words('groupdel', 'devs'), 'groupdel'), []);
    assert.deepEqual(rowRemovals(words('homectl', 'inspect', 'alice'), 'homectl'), []);
  });

  it('refuses every account remover, Windows and Samba included', () => {
    for (const command of ['rmuser -p baduser', 'sudo homectl remove alice', 'homectl deactivate alice && homectl remove alice', '/usr/syno/sbin/synouser --del alice', 'sysadminctl -deleteUser bob -keepHome', 'net user bob /delete', 'net rpc user delete bob']) {
      assert.equal(arm(command), 'recursive-delete-root', command);
    }
    for (const command of ['groupdel devs', 'delgroup devs', 'net user bob', 'net localgroup admins bob /delete', 'synouser --enum local']) {
      assert.equal(arm(command), null, command);
    }
  });
});

describe('hardline: system folders at every depth the gate can compute', () => {
  it('refuses /usr/local’s program and library folders, and leaves what is below them', () => {
    assert.equal(arm('sudo rm -rf /usr/local/bin /usr/local/lib'), 'recursive-delete-root');
    assert.equal(arm('rm -rf /usr/local/sbin/*'), 'recursive-delete-root');
    assert.equal(arm('rm -rf /usr/local/bin/mytool'), null);
    assert.equal(arm('rm -rf /usr/local/share/man'), null);
  });

  it('takes a last component only known at run time as empty below a system folder', () => {
    assert.equal(arm('sudo rm -rf "/lib/modules/$(uname -r)"'), 'recursive-delete-root');
    assert.equal(arm('rm -rf /var/lib/`cat name`'), 'recursive-delete-root');
    assert.equal(arm('rm -rf "/var/lib/${APP:?}"'), null);
    assert.equal(arm('rm -rf /lib/modules/5.15.0-old'), null);
    assert.equal(arm('rm -rf /tmp/$X'), null);
  });

  it('refuses the firmware variables deleted whole', () => {
    assert.equal(arm('rm -rf /sys/firmware/efi/efivars/*'), 'recursive-delete-root');
    assert.equal(arm('rm -rf /sys/firmware/efi/vars/'), 'recursive-delete-root');
  });
});

describe('hardline: power, whatever the route', () => {
  it('refuses the signals init reads as power (TERM too: BusyBox init reboots on it), and leaves reload and probe', () => {
    for (const command of ['kill -SIGRTMIN+4 1', 'kill -s RTMIN+15 1', 'kill -INT 1', 'kill -PWR 1', 'kill -39 1', 'kill --signal=SIGINT 1', 'kill 1']) assert.equal(arm(command), 'shutdown', command);
    for (const command of ['kill -HUP 1', 'kill -0 1', 'kill -INT 4242']) assert.equal(arm(command), null, command);
  });

  it('refuses the units, Shepherd’s own service and power-joined names', () => {
    for (const command of ['systemctl start ctrl-alt-del.target', 'systemctl isolate exit.target', 'systemctl exit', 'herd stop shepherd', 'herd power-off root', 'synopoweroff', 'qnapreboot']) assert.equal(arm(command), 'shutdown', command);
    for (const command of ['systemctl --user exit', 'herd stop nginx', 'asphalt', 'needsreboot']) assert.equal(arm(command), null, command);
  });

  it('refuses a terminal’s processes and every SSH session, not the service restarted', () => {
    assert.equal(arm('pkill -KILL -t pts/0'), 'shutdown');
    assert.equal(arm('killall -9 sshd'), 'shutdown');
    assert.equal(arm('pkill -x sshd-session'), 'shutdown');
    assert.equal(arm('pkill -t pts/3 vim'), null);
    assert.equal(arm('systemctl restart sshd'), null);
  });

  it('takes a controller named by its address as this machine’s, Redfish from any client', () => {
    assert.equal(arm('ipmitool -H 10.0.0.5 -U a -P b chassis power off'), 'shutdown');
    assert.equal(arm('SMCIPMITool 10.0.0.50 ADMIN ADMIN ipmi power down'), 'shutdown');
    assert.equal(arm(`wget --method=POST --body-data='{"ResetType":"PowerCycle"}' https://bmc/redfish/v1/Chassis/1/Actions/Chassis.Reset`), 'shutdown');
    assert.equal(arm('./power.py --host bmc1 --set ForceOff'), 'shutdown');
    assert.equal(arm(`curl -X POST -d '{"ResetType":"On"}' https://bmc/redfish/v1/Systems/1/Actions/ComputerSystem.Reset`), null);
    assert.equal(arm('SMCIPMITool 10.0.0.50 ADMIN ADMIN ipmi power status'), null);
  });
});

describe('hardline: firmware flashers and erased volumes without a row', () => {
  it('refuses a flasher given an image or a flashing word, and one that only reads', () => {
    for (const command of ['mstflint -d 04:00.0 -i fw.bin burn', 'sudo ./sas3flash -o -e 6', 'sudo ./atiflash -p 0 card.rom', 'sudo ./afuefi64 BIOS.CAP /P /B']) assert.equal(arm(command), 'raw-device-write', command);
    for (const command of ['./nvflash --list', './nvflash --save backup.rom', 'mstflint -d 04:00.0 q', 'sudo st-flash write fw.bin 0x8000000', 'npm run flash']) assert.equal(arm(command), null, command);
  });

  it('reads AIX’s LVM rows: disks overwritten, a boot record cleared, a volume removed', () => {
    assert.equal(arm('mkvg -y datavg hdisk2'), 'raw-device-write');
    assert.equal(arm('chpv -c hdisk0'), 'raw-device-write');
    assert.equal(arm('rmlv -f hd1'), 'raw-device-write');
    assert.equal(arm('chpv -v a hdisk1'), null);
  });

  it('refuses a vendor firmware package run with root, and a whole volume handed to a program without a row', () => {
    assert.equal(arm('sudo ./Network_Firmware_ABC12_LN_21.5.BIN -q'), 'raw-device-write');
    assert.equal(arm('sudo ./R740_BIOS_2.19.1.BIN -c'), null);
    assert.equal(arm('./R740_BIOS_2.19.1.BIN -q'), null);
    assert.equal(arm('sudo ./mkinstaller --volume /Volumes/USB'), 'raw-device-write');
    assert.equal(arm('sudo ./mkinstaller --volume /Volumes/USB/sub'), null);
  });
});

// docs/decisions.md "Containers: the working folder, SYS_ADMIN, and host shells": the engine's state
// deleted from inside a container it runs is never its uninstall (the engine is running).
describe('hardline: a container engine\'s state deleted from inside one of its containers', () => {
  it('refuses the whole state folder, or everything in it, through a bind or a node shell', () => {
    assert.equal(arm('docker run --rm -v /var/lib/docker:/vld alpine rm -rf /vld'), 'recursive-delete-root');
    assert.equal(arm('podman run --rm -v /var/lib:/h alpine sh -c "rm -rf /h/containers/*"'), 'recursive-delete-root');
    assert.equal(arm('kubectl node-shell worker-1 -- rm -rf /var/lib/containerd'), 'recursive-delete-root');
    assert.equal(arm('docker run --rm -v /:/host alpine find /host/var/lib/docker -delete'), 'recursive-delete-root');
  });
  it('leaves the uninstall on this machine, a chroot\'s, and files below the state folder', () => {
    assert.equal(arm('sudo rm -rf /var/lib/docker /var/lib/containerd'), null);
    assert.equal(arm('sudo chroot /mnt rm -rf /var/lib/docker'), null);
    assert.equal(arm('docker run --rm -v /var/lib/docker:/vld alpine rm -rf /vld/tmp/buildkit'), null);
    assert.equal(arm('docker run --rm -v /var/lib/docker:/vld alpine du -sh /vld'), null);
  });
});

// docs/decisions.md "Containers: the working folder, SYS_ADMIN, and host shells": a runner hands
// its input to the command it starts, so printed code piped into a container's shell runs there.
describe('hardline: input piped into a shell a runner starts', () => {
  it('reads the input where the command runs (binds, a node shell, a node debug pod)', () => {
    assert.equal(arm("echo 'rm -rf /home/*' | kubectl node-shell node1 -- sh"), 'recursive-delete-root');
    assert.equal(arm("echo 'rm -rf /h/usr' | sudo docker run -i -v /:/h alpine sh"), 'recursive-delete-root');
    assert.equal(arm("docker run -i -v /:/h alpine sh <<< 'rm -rf /h/etc'"), 'recursive-delete-root');
  });
  it('leaves the container\'s own paths and harmless input alone', () => {
    assert.equal(arm("echo 'rm -rf /usr' | docker run -i alpine sh"), null);
    assert.equal(arm("echo 'ls /h/etc' | docker run -i -v /:/h alpine sh"), null);
  });
});
