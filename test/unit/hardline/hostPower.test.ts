/**
 * The reader of a power action in the words of a program the table cannot place
 * (src/gate/hardline/hostPower.ts; docs/decisions.md "A power action no row places is a
 * machine's"): any power action among the operands or in an option's value, unless a word only asks.
 */
import { strict as assert } from 'node:assert';
import { unplacedPowerPhrase } from '../../../src/gate/hardline/hostPower';
import type { Word } from '../../../src/gate/reading/resolution';

function argv(...words: string[]): Word[] {
  return words.map((value) => ({ kind: 'literal', value, raw: value }));
}

describe('unplacedPowerPhrase', () => {
  it('reads a power action among the operands, whoever it names', () => {
    assert.notEqual(unplacedPowerPhrase(argv('xe', 'host-shutdown', 'host=xcp01')), null);
    assert.notEqual(unplacedPowerPhrase(argv('frob', 'chassis', 'power', 'cycle')), null);
    assert.notEqual(unplacedPowerPhrase(argv('frob', 'machine.graceShutdown')), null);
    // Without a row nothing says these are a guest's or a device's: taken at their worst.
    assert.notEqual(unplacedPowerPhrase(argv('sdb', 'shell', 'reboot')), null);
    assert.notEqual(unplacedPowerPhrase(argv('vim-cmd', 'vmsvc/power.off', '12')), null);
    assert.notEqual(unplacedPowerPhrase(argv('pcs', 'stonith', 'fence', 'pcmk-2')), null);
  });

  it('reads the value of an option, not its name', () => {
    assert.notEqual(unplacedPowerPhrase(argv('frob', '--chassis-control=POWER-DOWN')), null);
    assert.notEqual(unplacedPowerPhrase(argv('frob', '--action=reboot', 'node2')), null);
    assert.equal(unplacedPowerPhrase(argv('frob', '--host-shutdown-timeout=30')), null);
    assert.equal(unplacedPowerPhrase(argv('frob', '--no-reboot', 'install')), null);
  });

  it('reads a setter of the power state as the power off', () => {
    assert.notEqual(unplacedPowerPhrase(argv('ipmcset', '-d', 'powerstate', '-v', '0')), null);
    assert.equal(unplacedPowerPhrase(argv('ipmcget', '-d', 'powerstate')), null);
  });

  it('reads `power off` typed to a program named power', () => {
    assert.notEqual(unplacedPowerPhrase(argv('power', 'off')), null);
    assert.equal(unplacedPowerPhrase(argv('power', 'status')), null);
  });

  it('leaves words that only ask about the power alone', () => {
    assert.equal(unplacedPowerPhrase(argv('frob', 'reboot', 'status')), null);
    assert.equal(unplacedPowerPhrase(argv('frob', 'show', 'shutdown-history')), null);
    assert.equal(unplacedPowerPhrase(argv('frob', 'needs-reboot')), null);
    assert.equal(unplacedPowerPhrase(argv('frob', 'cancel', 'shutdown')), null);
  });

  it('does not read paths, code, free text or words only known at run time', () => {
    assert.equal(unplacedPowerPhrase(argv('frob', '/var/log/reboot.log')), null);
    assert.equal(unplacedPowerPhrase(argv('frob', 'system reboot notes')), null);
    assert.equal(unplacedPowerPhrase(argv('gprolog', '--init-goal', 'write(hello),nl,halt')), null);
    assert.equal(unplacedPowerPhrase([...argv('frob', 'host'), { kind: 'opaque', raw: '$ACTION', expansions: ['variable'] }]), null);
  });
});
