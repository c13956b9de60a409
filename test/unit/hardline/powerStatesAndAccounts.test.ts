/**
 * Floor classes of the fifteenth look (docs/decisions.md "A power program's states and a
 * machine's stop"): a power state after a power noun or given to a program named for the power, a
 * machine noun next to a stop verb, the default signal to every process of a person's account, and
 * a login service's pids substituted into kill. Each rule with spellings it was not written for
 * (other cluster, BMC and provisioning tools), and the everyday neighbours it must leave alone.
 */
import { strict as assert } from 'node:assert';
import { checkHardline } from '../../../src/gate/hardline/hardline';
import { unplacedPowerPhrase } from '../../../src/gate/hardline/hostPower';
import { readCommand } from '../../../src/gate/reading/reading';
import type { Word } from '../../../src/gate/reading/resolution';

function arm(command: string): string | null {
  return checkHardline(readCommand(command, { home: '/home/agent', shell: 'bash' }), '/home/agent/project')?.arm ?? null;
}

function argv(...words: string[]): Word[] {
  return words.map((value) => ({ kind: 'literal', value, raw: value }));
}

describe('hardline: a power state after a power noun or given to a power-named program', () => {
  it('reads the state words of programs named for the power, whatever their node list', () => {
    assert.notEqual(unplacedPowerPhrase(argv('rpower', 'n01-n16', 'cycle')), null);
    assert.notEqual(unplacedPowerPhrase(argv('pwr', 'off', 'cn[1-10]')), null);
    assert.notEqual(unplacedPowerPhrase(argv('nodepower', 'rack3', 'reset')), null);
    assert.notEqual(unplacedPowerPhrase(argv('power_ctl', 'blade', 'hard')), null);
    assert.notEqual(unplacedPowerPhrase(argv('xpower', 'all', 'boot')), null);
  });

  it('reads a state given as an option to a program named for the power, but not a daemon\'s own stop', () => {
    assert.notEqual(unplacedPowerPhrase(argv('pwrctl', '--off', 'node1')), null);
    assert.notEqual(unplacedPowerPhrase(argv('powerman', '--cycle', 't[1-4]')), null);
    assert.equal(unplacedPowerPhrase(argv('powerman', '--query', 't1')), null);
    assert.equal(unplacedPowerPhrase(argv('powerline-daemon', '--kill')), null);
    assert.equal(unplacedPowerPhrase(argv('frob', '--off', 'node1')), null);
  });

  it('reads a state word after `power`, `pwr` or `chassis` among the operands', () => {
    assert.notEqual(unplacedPowerPhrase(argv('wwctl', 'power', 'soft', 'n[1-64]')), null);
    assert.notEqual(unplacedPowerPhrase(argv('clusterctl', 'pwr', 'rack2', 'cycle')), null);
    assert.notEqual(unplacedPowerPhrase(argv('bmcli', 'chassis', 'reset')), null);
    assert.notEqual(unplacedPowerPhrase(argv('cm', 'node-set-power-state', 'n1', 'soft')), null);
  });

  it('leaves the questions, power on, a guest\'s or a part\'s power, and programs merely named like power', () => {
    assert.equal(unplacedPowerPhrase(argv('rpower', 'compute', 'state')), null);
    assert.equal(unplacedPowerPhrase(argv('rpower', 'compute', 'stat')), null);
    assert.equal(unplacedPowerPhrase(argv('rpower', 'compute', 'on')), null);
    assert.equal(unplacedPowerPhrase(argv('wwctl', 'power', 'status', 'n1')), null);
    assert.equal(unplacedPowerPhrase(argv('vmtool', 'vm', 'power', 'off', 'web1')), null);
    assert.equal(unplacedPowerPhrase(argv('hubctl', 'power', 'off', 'port', '2')), null);
    assert.equal(unplacedPowerPhrase(argv('cpupower', 'frequency-info')), null);
    assert.equal(unplacedPowerPhrase(argv('powertop', '--auto-tune')), null);
    assert.equal(unplacedPowerPhrase(argv('powershellish', 'restart')), null);
  });
});

describe('hardline: a machine noun next to a stop verb', () => {
  it('reads host, machine, node or baremetal stopped, released or reset, either order', () => {
    assert.notEqual(unplacedPowerPhrase(argv('hammer', 'host', 'stop', '--name', 'db01', '--force')), null);
    assert.notEqual(unplacedPowerPhrase(argv('maas', 'admin', 'machines', 'release')), null);
    assert.notEqual(unplacedPowerPhrase(argv('provctl', 'baremetal-halt', 'r1n4')), null);
    assert.notEqual(unplacedPowerPhrase(argv('fleet', 'release', 'machine', 'm-42')), null);
    assert.notEqual(unplacedPowerPhrase(argv('clusterctl', 'node', 'reset', 'n3')), null);
  });

  it('leaves listings, a guest\'s stop, and a program\'s server', () => {
    assert.equal(unplacedPowerPhrase(argv('hammer', 'host', 'list')), null);
    assert.equal(unplacedPowerPhrase(argv('hammer', 'host', 'info', '--name', 'db01')), null);
    assert.equal(unplacedPowerPhrase(argv('maas', 'admin', 'machines', 'read')), null);
    assert.equal(unplacedPowerPhrase(argv('maas', 'admin', 'machine', 'release', '--help')), null);
    assert.equal(unplacedPowerPhrase(argv('cloudctl', 'instance', 'host', 'stop')), null);
    assert.equal(unplacedPowerPhrase(argv('devtool', 'server', 'stop')), null);
  });

  it('refuses them on the whole line, through xargs reading the nodes from a file too', () => {
    assert.equal(arm('hammer host stop --name db01.example.com --force'), 'shutdown');
    assert.equal(arm('xargs -a nodes.txt -I{} rpower {} off'), 'shutdown');
    assert.equal(arm('cat racks.txt | xargs -n1 -I% nodepower % cycle'), 'shutdown');
    assert.equal(arm('rsetboot cn1 net && rpower cn1 reset'), 'shutdown');
  });
});

describe('hardline: every process of a person\'s account, and a login service\'s pids', () => {
  it('refuses the default signal to every process of an account no list places as a service\'s', () => {
    assert.equal(arm('sudo killall -u jake'), 'kill-all');
    assert.equal(arm('pkill -u alice'), 'kill-all');
    assert.equal(arm('sudo pkill --euid carol'), 'kill-all');
    assert.equal(arm('skill -u dev'), 'kill-all');
  });

  it('leaves a service\'s account, a narrowed selection and a stop signal', () => {
    assert.equal(arm('killall -u www-data'), null);
    assert.equal(arm('pkill -u nobody'), null);
    assert.equal(arm('pkill -u _www'), null);
    assert.equal(arm('pkill -u systemd-resolve'), null);
    assert.equal(arm('pkill -u 33'), null);
    assert.equal(arm('pkill -u dev node'), null);
    assert.equal(arm('killall -u dev -i'), null);
    assert.equal(arm('pkill -STOP -u alice'), null);
  });

  it('reads a login service\'s pids substituted into kill as the killer would', () => {
    assert.equal(arm('sudo kill -9 $(pgrep -u david sshd)'), 'shutdown');
    assert.equal(arm('kill `pidof sshd-session`'), 'shutdown');
    assert.equal(arm('pgrep -u david sshd | xargs kill'), 'shutdown');
    assert.equal(arm('kill $(pgrep -f myserver)'), null);
    assert.equal(arm('kill -0 $(pgrep sshd)'), null);
    assert.equal(arm('kill 1234'), null);
  });

  it('reads an account\'s every pid substituted into kill or piped into xargs kill, as pkill -u', () => {
    assert.equal(arm('kill $(pgrep -u david)'), 'kill-all');
    assert.equal(arm('kill -9 $(ps -u jake -o pid=)'), 'kill-all');
    assert.equal(arm('pgrep -u jake | xargs kill'), 'kill-all');
    assert.equal(arm('kill -9 $(pgrep -u www-data)'), 'kill-all');
    assert.equal(arm('kill $(pgrep -u www-data)'), null);
    assert.equal(arm('pgrep -u nobody | xargs kill'), null);
    assert.equal(arm('kill -STOP $(pgrep -u jake)'), null);
    assert.equal(arm('pgrep -u jake | xargs kill -STOP'), null);
    assert.equal(arm('kill $(pgrep -u jake node)'), null);
  });
});
