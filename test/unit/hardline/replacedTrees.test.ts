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

  it('takes a power word followed by a named operand as a guest, by a time or options alone as the host', () => {
    assert.equal(arm('vmctl shutdown --wait db-2'), null);
    assert.equal(arm('vmctl reboot 117'), null);
    assert.equal(arm('vmctl shutdown -h now'), 'shutdown');
    assert.equal(arm('vmctl reboot --force'), 'shutdown');
    assert.equal(arm('vmctl host reboot --delay 5 --note x'), 'shutdown');
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
