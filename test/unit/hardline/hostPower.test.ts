/**
 * The reader of a power action aimed at this machine in the words of a program the table cannot
 * place (src/gate/hardline/hostPower.ts): a power word and a word naming the machine among the
 * operands, or an option whose own name and value say both.
 */
import { strict as assert } from 'node:assert';
import { hostPowerPhrase } from '../../../src/gate/hardline/hostPower';
import type { Word } from '../../../src/gate/reading/resolution';

function argv(...words: string[]): Word[] {
  return words.map((value) => ({ kind: 'literal', value, raw: value }));
}

describe('hostPowerPhrase', () => {
  it('reads a power action joined to a word naming this machine', () => {
    assert.notEqual(hostPowerPhrase(argv('xe', 'host-shutdown', 'host=xcp01')), null);
    assert.notEqual(hostPowerPhrase(argv('frob', 'system', 'reboot')), null);
    assert.notEqual(hostPowerPhrase(argv('frob', 'chassis', 'power', 'cycle')), null);
    assert.notEqual(hostPowerPhrase(argv('frob', 'machine.graceShutdown')), null);
  });

  it('reads an option whose name names the machine and whose value is the action', () => {
    assert.notEqual(hostPowerPhrase(argv('frob', '--chassis-control=POWER-DOWN')), null);
    assert.equal(hostPowerPhrase(argv('frob', '--host-shutdown-timeout=30')), null);
  });

  it('leaves a power word aimed at a guest, a device or a service alone', () => {
    assert.equal(hostPowerPhrase(argv('adb', 'reboot')), null);
    assert.equal(hostPowerPhrase(argv('VBoxManage', 'controlvm', 'vm1', 'poweroff')), null);
    assert.equal(hostPowerPhrase(argv('rabbitmqctl', '-n', 'rabbit@host', 'shutdown')), null);
    assert.equal(hostPowerPhrase(argv('frob', '--host', 'db1', 'status')), null);
  });

  it('does not read paths, free text or words only known at run time', () => {
    assert.equal(hostPowerPhrase(argv('frob', '/var/log/system.log', 'shutdown')), null);
    assert.equal(hostPowerPhrase(argv('frob', 'system reboot notes')), null);
    assert.equal(hostPowerPhrase([...argv('frob', 'host'), { kind: 'opaque', raw: '$ACTION', expansions: ['variable'] }]), null);
  });
});
