/**
 * The floor's readers of what a glob matches, of guest power, of modes that take reading from the
 * files every account reads and of output folders a tool empties (src/gate/hardline/paths.ts
 * `everyEntryGlob`, power.ts, readRights.ts, replacedTrees.ts).
 */
import { strict as assert } from 'node:assert';
import { checkHardline } from '../../../src/gate/hardline/hardline';
import { everyEntryGlob } from '../../../src/gate/hardline/paths';
import { readByEveryone, takesOthersRead } from '../../../src/gate/hardline/readRights';
import { readCommand } from '../../../src/gate/reading/reading';

function arm(command: string): string | null {
  return checkHardline(readCommand(command, { home: '/home/agent', shell: 'bash' }), '/home/agent/project')?.arm ?? null;
}

describe('hardline: every entry, guest power, read rights, emptied output folders', () => {
  it('reads a glob that matches every visible or every hidden entry as * or .*', () => {
    for (const glob of ['*', '?*', '[!.]*', '[^.]*']) assert.equal(everyEntryGlob(glob), '*', glob);
    for (const glob of ['.*', '.[!.]*', '.[^.]*', '.??*', '.?*']) assert.equal(everyEntryGlob(glob), '.*', glob);
    for (const glob of ['*.log', 'D*', '.*.swp', '.c*', 'notes', '[a-m]*']) assert.equal(everyEntryGlob(glob), null, glob);
  });

  it('takes a power word no row places as a machine\'s, and a row\'s guest verbs as the guest\'s (docs/decisions.md "A power action no row places is a machine\'s")', () => {
    // No row: nothing says whose power it is, so the worst is taken.
    assert.equal(arm('vmctl shutdown --wait db-2'), 'shutdown');
    assert.equal(arm('vmctl reboot 117'), 'shutdown');
    assert.equal(arm('vmctl shutdown -h now'), 'shutdown');
    assert.equal(arm('vmctl reboot status'), null);
    // Rows that place the verb as a guest's (guestPower.ts), and a hypervisor's row given a machine noun.
    assert.equal(arm('xl shutdown -w guest1'), null);
    assert.equal(arm('qm reboot 117'), null);
    assert.equal(arm('openstack server reboot --soft web-1'), null);
    assert.equal(arm('openstack baremetal node power off n1'), 'shutdown');
    // The words name a guest or a part of the machine.
    assert.equal(arm('vmctl vm-shutdown db-2'), null);
    assert.equal(arm('wmctl action power-off-monitors'), null);
  });

  it('reads a command run on another machine as this machine\'s (docs/decisions.md "A command run on another machine is judged as this one\'s")', () => {
    assert.equal(arm("ssh admin@cluster1 'sudo reboot'"), 'shutdown');
    assert.equal(arm("ssh db1 'rm -rf /var/lib'"), 'recursive-delete-root');
    assert.equal(arm("ssh db1 'rm -rf /tmp/build'"), null);
    assert.equal(arm('ssh db1 uptime'), null);
    // Given no command, the remote login shell reads its commands from standard input.
    assert.equal(arm("printf 'scope chassis\\npower off\\n' | ssh admin@cimc01"), 'shutdown');
    assert.equal(arm("echo 'sudo rm -rf /etc' | ssh db1"), 'recursive-delete-root');
    assert.equal(arm("echo 'sudo rm -rf /etc' | ssh -W db1:22 jump"), null);
    assert.equal(arm('echo uptime | ssh db1'), null);
  });

  it('reads the fence agents\' contract and stonith_admin\'s fencing options', () => {
    assert.equal(arm('fence_ipmilan -a 10.0.0.5 -l admin -p pw -o off'), 'shutdown');
    // No action: the agents reboot the node.
    assert.equal(arm('fence_xvm -H guest1'), 'shutdown');
    assert.equal(arm('fence_ipmilan -a 10.0.0.5 -l admin -p pw -o status'), null);
    assert.equal(arm('stonith_admin --reboot node2'), 'shutdown');
    assert.equal(arm('stonith_admin --list-registered'), null);
  });

  it('knows which modes take reading from the others and which files every account reads', () => {
    for (const mode of ['000', '600', '0640', 'o-r', 'a-rwx', '-r', 'go=', 'a=x']) assert.equal(takesOthersRead(mode), true, mode);
    for (const mode of ['644', '0755', 'u+w', 'o+r', 'g-w', 'a=r']) assert.equal(takesOthersRead(mode), false, mode);
    assert.notEqual(readByEveryone('/etc/group'), null);
    assert.notEqual(readByEveryone('/usr/lib/x86_64-linux-gnu/libc.so.6'), null);
    assert.equal(readByEveryone('/etc/shadow'), null);
    assert.equal(readByEveryone('/etc/hosts'), null);
  });

  it('refuses an emptied output folder that is a protected place, whatever spells the emptying', () => {
    assert.equal(arm('staticgen --output-dir ~ --clean'), 'recursive-delete-root');
    assert.equal(arm('staticgen --dest=/usr --delete-output'), 'recursive-delete-root');
    assert.equal(arm('staticgen --output-dir out --clean'), null);
    assert.equal(arm('staticgen --output-dir ~ --minify'), null);
    // A row that places every word: only an option of emptying the output folder counts.
    assert.equal(arm('hugo --destination ~ --gc'), null);
    assert.equal(arm('hugo --destination public --cleanDestinationDir'), null);
    assert.equal(arm('hugo --destination ~ --cleanDestinationDir'), 'recursive-delete-root');
  });

  it('reads an output option of a program it cannot place over a critical file as a replacement', () => {
    assert.equal(arm('templater --output=/etc/group in.j2'), 'recursive-delete-root');
    assert.equal(arm('templater --output out.txt /etc/group'), null);
  });

  it('refuses git clean -f -d of a protected work tree only', () => {
    assert.equal(arm('git --work-tree=/home/agent clean -df'), 'recursive-delete-root');
    assert.equal(arm('git --work-tree=/home/agent clean -f'), null);
    assert.equal(arm('git --work-tree=/home/agent clean --dry-run -fd'), null);
    assert.equal(arm('git -C /home/agent/project clean -fdx'), null);
  });
});
