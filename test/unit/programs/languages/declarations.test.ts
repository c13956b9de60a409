import { strict as assert } from 'node:assert';
import { ansibleDeclarations, chefDeclarations, puppetDeclarations, saltDeclarations } from '../../../../src/gate/programs/languages/declarations';
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
    ],
    benign: [
      `puppet apply -e 'file { "/tmp/x": ensure => absent }'`,
      `ansible localhost -m file -a 'path=./build state=absent'`,
      `salt-call --local test.ping`,
      `chef-apply -e "package 'htop'"`,
    ],
  });
});
