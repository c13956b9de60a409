/**
 * The floor's reading of raw devices and protected roots on positive knowledge
 * (src/gate/hardline/deviceWords.ts, src/gate/hardline/protectedTrees.ts): where a device path
 * stands inside a word, which words a row places as read, and the arm each class answers with.
 */
import { strict as assert } from 'node:assert';
import { deviceInWord } from '../../../src/gate/hardline/deviceWords';
import { checkHardline } from '../../../src/gate/hardline/hardline';
import { readCommand } from '../../../src/gate/reading/reading';
import type { Word } from '../../../src/gate/reading/resolution';

const literal = (value: string): Word => ({ kind: 'literal', value, raw: value });

function arm(command: string): string | null {
  return checkHardline(readCommand(command, { home: '/home/agent', shell: 'bash' }), '/home/agent/project')?.arm ?? null;
}

describe('hardline device words', () => {
  it('finds a device path as a word, after =, : or , and cut at a following , or :', () => {
    assert.equal(deviceInWord(literal('/dev/sda')), '/dev/sda');
    assert.equal(deviceInWord(literal('of=/dev/nvme0n1')), '/dev/nvme0n1');
    assert.equal(deviceInWord(literal('--output=/dev/sdb')), '/dev/sdb');
    assert.equal(deviceInWord(literal('OPEN:/dev/sdb,creat')), '/dev/sdb');
    assert.equal(deviceInWord(literal('id=0,dest=/dev/sda1')), '/dev/sda1');
    assert.equal(deviceInWord(literal('/dev/disk/by-id/usb-X-0:0')), '/dev/disk/by-id/usb-X-0:0');
  });

  it('finds no device in other paths, harmless devices or paths that only contain one further in', () => {
    for (const text of ['/dev/null', '/dev/loop0', 'disk.img', 'backup/dev/sda', 'x/dev/sda', '/dev/tty', '/tmp/dev/sda.img']) {
      assert.equal(deviceInWord(literal(text)), null, text);
    }
  });

  it('reads a device word of a program with no row as a write, and one its row places as read as a read', () => {
    assert.equal(arm('frob /dev/sdb'), 'raw-device-write');
    assert.equal(arm('frob -o /dev/sdb x.img'), 'raw-device-write');
    assert.equal(arm('lsblk /dev/sdb'), null);
    assert.equal(arm('sudo smartctl -a /dev/sdb'), null);
  });

  it('places a device as read only where the row says: an option, an operand, a key', () => {
    assert.equal(arm('sudo fdisk -l /dev/sdb'), null);
    assert.equal(arm('echo w | sudo fdisk /dev/sdb'), 'raw-device-write');
    assert.equal(arm('dd if=/dev/sdb of=sdb.img'), null);
    assert.equal(arm('ddrescue /dev/sdb sdb.img sdb.map'), null);
    assert.equal(arm('ddrescue sdb.img /dev/sdc sdb.map'), 'raw-device-write');
    assert.equal(arm('partclone.ext4 -c -s /dev/sdb1 -o sdb1.img'), null);
    assert.equal(arm('partclone.ext4 -r -s sdb1.img -o /dev/sdb1'), 'raw-device-write');
    assert.equal(arm('qemu-img convert -O raw /dev/sdb sdb.raw'), null);
    assert.equal(arm('qemu-img convert -O raw sdb.raw /dev/sdb'), 'raw-device-write');
  });

  it('takes a readOnly row at its writer forms (xxd writes its second operand)', () => {
    assert.equal(arm('xxd -l 64 /dev/sda'), null);
    assert.equal(arm('xxd -r dump.hex /dev/sda'), 'raw-device-write');
  });

  it('reads no device through a strict row when an option it does not list is given', () => {
    assert.equal(arm('hdparm -I /dev/sdb'), null);
    assert.equal(arm('hdparm --make-bad-sector 10 /dev/sdb'), 'raw-device-write');
  });

  it('finds the pass-through devices that reach a disk, and bare names of every system where a row takes them', () => {
    for (const text of ['/dev/sg3', '/dev/bsg/0:0:0:0', '/dev/ng0n1', '/dev/pass1', '/dev/raw/raw1']) assert.equal(deviceInWord(literal(text)), text, text);
    for (const [text, path] of [['sd1', '/dev/sd1'], ['rsd0c', '/dev/rsd0c'], ['c1t2d0', '/dev/c1t2d0'], ['c0d0s0', '/dev/c0d0s0'], ['pass2', '/dev/pass2'], ['rdisk3', '/dev/rdisk3']]) {
      assert.equal(deviceInWord(literal(text!), true), path, text);
      assert.equal(deviceInWord(literal(text!)), null, text);
    }
  });

  it('reads a bare name as the row says: zpool and gpt vdevs written, OpenBSD fdisk printing without its writing options', () => {
    assert.equal(arm('zpool create tank mirror c2t0d0 c2t1d0'), 'raw-device-write');
    assert.equal(arm('zpool status c2t0d0'), null);
    assert.equal(arm('gpt create wd1'), 'raw-device-write');
    assert.equal(arm('gpt show wd1'), null);
    assert.equal(arm('fdisk sd2'), null);
    assert.equal(arm('fdisk -i -y sd2'), 'raw-device-write');
  });

  it('lets a writing mode win over reading options, and read-only verbs read the devices they name', () => {
    assert.equal(arm('mdadm --create /dev/md3 --level=1 --raid-devices=2 --run /dev/sdc1 /dev/sdd1'), 'raw-device-write');
    assert.equal(arm('mdadm --assemble --run /dev/md3 /dev/sdc1 /dev/sdd1'), null);
    assert.equal(arm('diskutil info /dev/disk4'), null);
    assert.equal(arm('diskutil list disk4'), null);
    assert.equal(arm('diskutil appleRAID delete disk4'), 'raw-device-write');
  });
});

describe('hardline protected roots', () => {
  it('refuses an unknown program given a protected root with a destructive word, not without one', () => {
    assert.equal(arm('frob --purge /etc'), 'recursive-delete-root');
    assert.equal(arm('frob eraseAll ~'), 'recursive-delete-root');
    assert.equal(arm('frob /etc'), null);
    assert.equal(arm('frob --purge ./build'), null);
  });

  it('reads a declared state `absent` as a destructive word (cdist types in a manifest)', () => {
    assert.equal(arm('__directory /etc --state absent'), 'recursive-delete-root');
    assert.equal(arm('__file /etc/passwd --state absent'), 'recursive-delete-root');
    assert.equal(arm('__directory /etc --state present'), null);
    assert.equal(arm('__directory ./build --state absent'), null);
  });

  it('refuses a known write over a critical file, not an append or an in-place edit', () => {
    assert.equal(arm('cp /dev/null /etc/group'), 'recursive-delete-root');
    assert.equal(arm('echo > /etc/group'), 'recursive-delete-root');
    assert.equal(arm('echo x >> /etc/group'), null);
    assert.equal(arm('echo x | tee --append /etc/group'), null);
    assert.equal(arm('sed -i s/a/b/ /etc/group'), null);
  });

  it('refuses execute bits taken from the machine’s programs, and sudoers made writable or given away', () => {
    assert.equal(arm('chmod 600 /bin/bash'), 'recursive-chmod-root');
    assert.equal(arm('chmod u=rw /usr/bin/*'), 'recursive-chmod-root');
    assert.equal(arm('chmod 4755 /usr/bin/sudo'), null);
    assert.equal(arm('chmod 755 /bin/bash'), null);
    assert.equal(arm('chmod 666 /etc/sudoers'), 'recursive-chmod-root');
    assert.equal(arm('chmod 0440 /etc/sudoers'), null);
    assert.equal(arm('chgrp users /etc/sudoers'), 'recursive-chmod-root');
  });

  it('reads the account rows’ removesHome, removesAccount and the option rows’ removesOperands', () => {
    assert.equal(arm('userdel -r carol'), 'recursive-delete-root');
    // An account removed is catastrophic with or without its home (docs/decisions.md).
    assert.equal(arm('userdel carol'), 'recursive-delete-root');
    assert.equal(arm('groupdel carol'), null);
    assert.equal(arm('rsync --remove-source-files -a /usr/ /mnt/u/'), 'recursive-delete-root');
    assert.equal(arm('rsync --remove-source-files -a ./dist/ /mnt/u/'), null);
  });
});
