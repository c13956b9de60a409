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
});

describe('hardline protected roots', () => {
  it('refuses an unknown program given a protected root with a destructive word, not without one', () => {
    assert.equal(arm('frob --purge /etc'), 'recursive-delete-root');
    assert.equal(arm('frob eraseAll ~'), 'recursive-delete-root');
    assert.equal(arm('frob /etc'), null);
    assert.equal(arm('frob --purge ./build'), null);
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

  it('reads the account rows’ removesHome and the option rows’ removesOperands', () => {
    assert.equal(arm('userdel -r carol'), 'recursive-delete-root');
    assert.equal(arm('userdel carol'), null);
    assert.equal(arm('rsync --remove-source-files -a /usr/ /mnt/u/'), 'recursive-delete-root');
    assert.equal(arm('rsync --remove-source-files -a ./dist/ /mnt/u/'), null);
  });
});
