import { strict as assert } from 'node:assert';
import { ansibleDeclarations, ansiblePlaybookDeclarations, chefDeclarations, puppetDeclarations, saltDeclarations } from '../../../../src/gate/programs/languages/declarations';
import { languageTable } from '../../../support/languageTable';

describe('configuration tools: declarations read as the commands they amount to', () => {
  it('reads a Puppet resource declared absent as its deletion, whatever the attribute order', () => {
    assert.deepEqual(puppetDeclarations(`file { '/srv/a': force => true, ensure => absent }`), [`rm -rf -- '/srv/a'`]);
    assert.deepEqual(puppetDeclarations(`file { ['/a', '/b']: ensure => 'absent' }`), [`rm -rf -- '/a'`, `rm -rf -- '/b'`]);
    assert.deepEqual(puppetDeclarations(`user { 'dev': ensure => absent, managehome => true }`), [`userdel -r -- 'dev'`]);
    assert.deepEqual(puppetDeclarations(`file { '/srv/a': ensure => directory }`), []);
  });
  it('reads a Chef resource with a delete action, in both block spellings', () => {
    assert.deepEqual(chefDeclarations(`directory "/srv" do\n  recursive true\n  action :delete\nend`), [`rm -rf -- '/srv'`]);
    assert.deepEqual(chefDeclarations(`file('/x') { action :create }`), []);
    assert.deepEqual(chefDeclarations(`user 'dev' do manage_home true; action :remove end`), [`userdel -r -- 'dev'`]);
  });
  it('reads Ansible modules by name, fully qualified or not', () => {
    assert.deepEqual(ansibleDeclarations('ansible.builtin.file path=/srv state=absent'), [`rm -rf -- '/srv'`]);
    assert.deepEqual(ansibleDeclarations('file path=/srv state=directory'), []);
    assert.deepEqual(ansibleDeclarations('shell ls -la chdir=/tmp'), ['ls -la']);
    assert.deepEqual(ansibleDeclarations('community.general.shutdown'), ['poweroff']);
  });
  it('reads an Ansible playbook\'s tasks, in the one-line and the mapping spellings', () => {
    assert.deepEqual(ansiblePlaybookDeclarations('- hosts: all\n  tasks:\n    - ansible.builtin.user: name=dev state=absent remove=yes\n'), [`userdel -r -- 'dev'`]);
    assert.deepEqual(ansiblePlaybookDeclarations('- hosts: all\n  tasks:\n    - file:\n        path: /etc\n        state: absent\n    - debug: msg=hi\n'), [`rm -rf -- '/etc'`]);
    assert.deepEqual(ansiblePlaybookDeclarations('- hosts: all\n  tasks:\n    - file:\n        path: ./build\n        state: directory\n'), []);
  });
  it('reads Salt functions after the options', () => {
    assert.deepEqual(saltDeclarations('--local file.remove /srv'), [`rm -rf -- '/srv'`]);
    assert.deepEqual(saltDeclarations('state.single file.absent name=/srv'), [`rm -rf -- '/srv'`]);
    assert.deepEqual(saltDeclarations('--local system.reboot'), ['reboot']);
    assert.deepEqual(saltDeclarations('--local grains.items'), []);
  });
  languageTable({
    refused: [
      [`puppet apply -e 'file { "/usr": ensure => absent }'`, 'recursive-delete-root'],
      [`chef-apply -e 'directory "/var" do action :delete end'`, 'recursive-delete-root'],
      [`ansible localhost -m file -a 'path=/etc state=absent'`, 'recursive-delete-root'],
      [`salt-call --local file.remove /usr`, 'recursive-delete-root'],
      [`salt-call --local system.halt`, 'shutdown'],
      ["ansible-playbook -b -i localhost, -c local /dev/stdin <<'EOF'\n- hosts: all\n  tasks:\n    - ansible.builtin.user: name=dev state=absent remove=yes\nEOF", 'recursive-delete-root'],
    ],
    benign: [
      `puppet apply -e 'file { "/tmp/x": ensure => absent }'`,
      `ansible localhost -m file -a 'path=./build state=absent'`,
      `salt-call --local test.ping`,
      "ansible-playbook -i localhost, -c local /dev/stdin <<'EOF'\n- hosts: all\n  tasks:\n    - file:\n        path: ./build\n        state: absent\nEOF",
      `chef-apply -e "package 'htop'"`,
    ],
  });
});
