/**
 * Floor classes of the fourteenth look (docs/decisions.md "skill and slay: every process of an
 * account or a terminal", "Storage managers' destroying verbs", "A formatter's dry run and a
 * tuner's query"): each rule, spellings it was not written for, and the everyday neighbour it
 * must leave alone.
 */
import { strict as assert } from 'node:assert';
import { checkHardline } from '../../../src/gate/hardline/hardline';
import { readCommand } from '../../../src/gate/reading/reading';

function arm(command: string): string | null {
  return checkHardline(readCommand(command, { home: '/home/agent', shell: 'bash' }), '/home/agent/project')?.arm ?? null;
}

describe('hardline: skill and slay read as pkill -u / -t are', () => {
  it('refuses skill ending every process of an account or a terminal, through sudo too', () => {
    assert.equal(arm('skill -KILL -u dev'), 'kill-all');
    assert.equal(arm('sudo skill -9 --user dev'), 'kill-all');
    assert.equal(arm('skill -u "$USER"'), 'kill-all');
    assert.equal(arm('skill -KILL -t pts/0'), 'shutdown');
    assert.equal(arm('skill --tty=tty1'), 'shutdown');
  });

  it('refuses slay, whose default signal is KILL, for any account it names', () => {
    assert.equal(arm('sudo slay dev'), 'kill-all');
    assert.equal(arm('slay -clean alice bob'), 'kill-all');
    assert.equal(arm('slay -HUP dev'), 'kill-all');
  });

  it('leaves a dry run, a narrowed selection, a stop signal, snice and the listings', () => {
    assert.equal(arm('skill -n -KILL -t pts/0'), null);
    assert.equal(arm('skill -KILL -u dev bash'), null);
    assert.equal(arm('skill -STOP -u dev'), null);
    assert.equal(arm('skill -u nobody'), null);
    assert.equal(arm('snice +5 -u dev'), null);
    assert.equal(arm('skill -l'), null);
    assert.equal(arm('slay -help'), null);
    assert.equal(arm('slay -STOP dev'), null);
  });
});

describe("hardline: a formatter's dry run and a tuner's query write nothing (rows' deviceReads.dryRun)", () => {
  it('leaves the dry run each manual names, for every formatter whose row knows one', () => {
    assert.equal(arm('mkfs.lustre --dryrun --mdt --mgs --fsname t1 --index 0 /dev/vdb'), null);
    assert.equal(arm('mkfs.ext4 -n -L data /dev/nvme1n1p1'), null);
    assert.equal(arm('mke2fs -F -n /dev/sdb1'), null);
    assert.equal(arm('mkfs.xfs -N -f /dev/sdc'), null);
    assert.equal(arm('mkntfs --no-action -Q /dev/sdd1'), null);
    assert.equal(arm('mkfs.ocfs2 --dry-run -L data /dev/sde'), null);
  });

  it('still refuses the same formatters without it, and a formatter whose manual names none', () => {
    assert.equal(arm('mkfs.lustre --mdt --mgs --fsname t1 --index 0 /dev/vdb'), 'mkfs');
    assert.equal(arm('mkfs.ext4 -L data /dev/nvme1n1p1'), 'mkfs');
    assert.equal(arm('mkfs.xfs -n ftype=1 /dev/sdc'), 'mkfs');
    assert.equal(arm('mkfs.ocfs2 -L data /dev/sde'), 'mkfs');
    // mkfs.btrfs's -n is the node size, not a dry run.
    assert.equal(arm('mkfs.btrfs -n 16k /dev/sdb'), 'mkfs');
  });

  it('reads tunefs.ocfs2 -Q and --list-sparse as queries and its changing options as writes', () => {
    assert.equal(arm("tunefs.ocfs2 -Q '%V %N %B\\n' /dev/sdb1"), null);
    assert.equal(arm('tunefs.ocfs2 --list-sparse /dev/sdb1'), null);
    assert.equal(arm('tunefs.ocfs2 -L newlabel /dev/sdb1'), 'raw-device-write');
    assert.equal(arm("tunefs.ocfs2 -Q '%V' -U /dev/sdb1"), 'raw-device-write');
  });
});

describe("hardline: storage managers' destroying verbs (storageVerbs.ts and the rows' flashes)", () => {
  it('refuses a program without a row whose name says it destroys a storage object', () => {
    assert.equal(arm('mmdelfs gpfs1 -p'), 'mkfs');
    assert.equal(arm('mmdelnsd "nsd1;nsd2"'), 'mkfs');
    assert.equal(arm('mmdeldisk fs1 nsd7'), 'mkfs');
    assert.equal(arm('/opt/VRTS/bin/vxdestroy_lvmroot -v c1t0d0'), 'mkfs');
    assert.equal(arm('rmfs -r /data'), 'mkfs');
  });

  it('refuses a destroying verb word with its storage noun in the word, the name or the word beside', () => {
    assert.equal(arm('juicefs destroy redis://10.0.0.2/1 4d4f9c2a'), 'mkfs');
    assert.equal(arm('gluster volume delete gv0'), 'mkfs');
    assert.equal(arm('ceph-volume lvm zap /srv/osd1 --destroy'), 'mkfs');
    assert.equal(arm('storcli delete-volume v2'), 'mkfs');
  });

  it('leaves a verb without a storage noun, rm of a name-only noun, listings and mkinitfs', () => {
    assert.equal(arm('mmlsfs all'), null);
    assert.equal(arm('mmlsnsd -m'), null);
    assert.equal(arm('ipfs files rm /notes'), null);
    assert.equal(arm('mytool delete report.csv'), null);
    assert.equal(arm('mkinitfs -o /tmp/initramfs'), null);
    assert.equal(arm('gluster volume info gv0'), null);
  });

  it('leaves a file system\'s or pool\'s tool making a new store (init, format) unless its noun is a device', () => {
    assert.equal(arm('ipfs init'), null);
    assert.equal(arm('juicefs format redis://localhost/1 myjfs'), null);
    assert.notEqual(arm('sandisk init c2t1d0'), null);
    assert.notEqual(arm('frobdisk format d0'), null);
  });

  it("reads rauc's, vxdisk's and vxdg's rows: writing verbs floored, listings left", () => {
    assert.equal(arm('rauc write-slot rootfs.0 rootfs.ext4'), 'raw-device-write');
    assert.equal(arm('sudo rauc install /tmp/update.raucb'), 'raw-device-write');
    assert.equal(arm('vxdisk -f init c1t1d0'), 'raw-device-write');
    assert.equal(arm('vxdg destroy appdg'), 'raw-device-write');
    assert.equal(arm('/etc/vx/bin/vxdisksetup -i c2t0d0'), 'raw-device-write');
    for (const command of ['rauc status', 'rauc status mark-good', 'rauc info b.raucb', 'vxdisk list', 'vxdisk -o alldgs list', 'vxdg list', 'vxdg -g appdg free']) {
      assert.equal(arm(command), null, command);
    }
  });

  it('leaves lthor, a flasher of a phone on a cable (another machine), unfloored', () => {
    assert.equal(arm('lthor boot.tar rootfs.tar'), null);
  });
});

describe('hardline: lsyncd -rsync/-direct mirror with delete, as rsync --delete does', () => {
  it("refuses a mirror onto the home folder or a system folder", () => {
    assert.equal(arm('lsyncd -nodaemon -rsync /tmp/empty /home/agent'), 'recursive-delete-root');
    assert.equal(arm('lsyncd -rsync "$(mktemp -d)" ~'), 'recursive-delete-root');
    assert.equal(arm('lsyncd -direct ./build /usr'), 'recursive-delete-root');
  });

  it('leaves a mirror into the workspace and one onto another machine', () => {
    assert.equal(arm('lsyncd -nodaemon -rsync ./src ./mirror'), null);
    assert.equal(arm('lsyncd -nodaemon -rsync ./site web1:/var/www/site'), null);
    assert.equal(arm('lsyncd -rsyncssh ./site web1 /var/www/site'), null);
  });
});

describe("hardline: sed's p flag and -n flow into the shell that runs its output (dataFlow.ts sedTransform)", () => {
  it('reads the lines a s///p prints under -n as the code they become', () => {
    assert.equal(arm("sed -n 's|^|sudo rm -rf |p' <<< /var/lib | sh"), 'recursive-delete-root');
    assert.equal(arm("echo /etc | sed -n 's/^/rm -rf /p' | bash"), 'recursive-delete-root');
    assert.equal(arm("printf '/usr\\n' | sed 's/^/rm -rf /p' | sh"), 'recursive-delete-root');
  });

  it('leaves what the same scripts print when it is harmless, and -n lines no s///p prints', () => {
    assert.equal(arm("sed -n 's|^|ls -la |p' <<< /var/lib | sh"), null);
    assert.equal(arm("echo /etc | sed -n 's/^x/rm -rf /p' | sh"), null);
  });
});

describe('hardline: process ids piped from pidof and pgrep read as $(pidof …) handed to the killer', () => {
  it('refuses the ids of a process the session or the system cannot live without, through xargs', () => {
    assert.equal(arm('pidof systemd sshd dbus-daemon | xargs sudo kill -9'), 'shutdown');
    assert.equal(arm('pgrep -x Xorg | xargs kill'), 'shutdown');
  });

  it("leaves an everyday program's ids", () => {
    assert.equal(arm('pidof node | xargs kill -9'), null);
    assert.equal(arm('pgrep -f vite | xargs -r kill'), null);
  });
});

describe("hardline: a read loop's producer is the whole pipeline before it (readLoops.ts)", () => {
  it('reads what the lister prints through a line filter into the loop variable', () => {
    assert.equal(arm('lsblk -dpno NAME | grep -v loop | while read d; do sudo dd if=/dev/zero of="$d" bs=1M count=10; done'), 'raw-device-write');
    assert.equal(arm('ls -d /usr/* | grep -v local | while read d; do rm -rf "$d"; done'), 'recursive-delete-root');
  });

  it('leaves a filtered listing of the workspace', () => {
    assert.equal(arm('ls ./build | grep -v keep | while read f; do rm -rf "build/$f"; done'), null);
    assert.equal(arm('git ls-files | grep .tmp | while read f; do rm "$f"; done'), null);
  });
});

describe('hardline: a value known only at its worst holds one of its lines (checkLineValues)', () => {
  it("reads an account's home computed by getent into a variable or a quoted substitution", () => {
    assert.equal(arm('HOMEDIR=$(getent passwd dev | cut -d: -f6); sudo rm -rf "$HOMEDIR"'), 'recursive-delete-root');
    assert.equal(arm('rm -rf "$(getent passwd agent | cut -d: -f6)"'), 'recursive-delete-root');
  });

  it('leaves a reading of the same home, and exact multi-line text in one word', () => {
    assert.equal(arm('H=$(getent passwd dev | cut -d: -f6); ls "$H"'), null);
    assert.equal(arm('D=$(printf "a\\nb"); rm -rf "$D"'), null);
  });
});

describe('hardline: read -a from a here-string of a variable, expanded as an array (dataFlow.ts lineWithValues)', () => {
  it("refuses the search path's folders read into an array and deleted", () => {
    assert.equal(arm('IFS=: read -ra P <<< "$PATH"; sudo rm -rf "${P[@]}"'), 'recursive-delete-root');
    assert.equal(arm('read -ra P <<< "/usr /etc"; rm -rf "${P[@]}"'), 'recursive-delete-root');
  });

  it("leaves a listing of the same folders and an array of the workspace's folders", () => {
    assert.equal(arm('IFS=: read -ra P <<< "$PATH"; ls "${P[@]}"'), null);
    assert.equal(arm('read -ra F <<< "build dist"; rm -rf "${F[@]}"'), null);
  });
});

describe('hardline: storageVerbs.ts leaves the programs an arm reads by name to that arm', () => {
  it('leaves wipefs listing signatures, and still refuses wipefs -a', () => {
    assert.equal(arm('wipefs /dev/sdb'), null);
    assert.equal(arm('wipefs -a /dev/sdb'), 'mkfs');
  });
});
