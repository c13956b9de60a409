import { strict as assert } from 'node:assert';
import { podRun, podsInManifest } from '../../../src/gate/programs/podSpec';

describe('pod specs given inline (kubectl run --overrides)', () => {
  it('reads the command, then the arguments, of the first container that names one', () => {
    const run = podRun('{"spec":{"containers":[{"name":"a","image":"x"},{"name":"b","command":["sh","-c"],"args":["ls /h"]}]}}');
    assert.deepEqual(run?.argv, ['sh', '-c', 'ls /h']);
    assert.deepEqual(podRun('{"spec":{"containers":[{"name":"b","args":["rm","-rf","/x"]}]}}')?.argv, ['rm', '-rf', '/x']);
  });
  it('binds hostPath volumes at their mount paths, not read-only ones, and reads privileged and hostPID', () => {
    const run = podRun(
      '{"spec":{"hostPID":true,"volumes":[{"name":"r","hostPath":{"path":"/"}},{"name":"e","hostPath":{"path":"/etc"}},{"name":"t","emptyDir":{}}],' +
        '"containers":[{"name":"p","command":["ls"],"securityContext":{"privileged":true},"volumeMounts":[{"name":"r","mountPath":"/host"},{"name":"e","mountPath":"/e","readOnly":true},{"name":"t","mountPath":"/t"}]}]}}',
    );
    assert.deepEqual(run?.binds, [{ host: '/', inside: '/host' }]);
    assert.equal(run?.privileged, true);
    assert.equal(run?.hostPid, true);
  });
  it('is null for text that is no pod or whose containers name no command', () => {
    assert.equal(podRun('{"spec":{"containers":[{"name":"a","image":"x"}]}}'), null);
    assert.equal(podRun('{"metadata":{"labels":{"a":"b"}}}'), null);
    assert.equal(podRun('not json'), null);
  });
});

describe('pods a manifest declares, JSON or YAML (programs/podSpec.ts podsInManifest)', () => {
  const POD_YAML = ['apiVersion: v1', 'kind: Pod', 'spec:', '  containers:', '  - name: w', '    command: ["rm", "-rf", "/host/etc"]'].join('\n');
  it('reads a YAML pod as the JSON pod kubectl run --overrides takes', () => {
    const pods = podsInManifest(POD_YAML);
    assert.equal(pods.length, 1);
    assert.deepEqual(podRun(pods[0]!)?.argv, ['rm', '-rf', '/host/etc']);
  });
  it('reads the pod template of a workload, and every document of a multi-document text', () => {
    const daemonSet = ['kind: DaemonSet', 'spec:', '  template:', '    spec:', '      hostPID: true', '      containers:', '      - name: r', '        command: [reboot]'].join('\n');
    const cronJob = ['kind: CronJob', 'spec:', '  jobTemplate:', '    spec:', '      template:', '        spec:', '          containers:', '          - name: c', '            args: [ls]'].join('\n');
    const pods = podsInManifest(`${daemonSet}\n---\n${cronJob}\n---\nkind: ConfigMap\ndata: {a: b}`);
    assert.equal(pods.length, 2);
    assert.equal(podRun(pods[0]!)?.hostPid, true);
    assert.deepEqual(podRun(pods[1]!)?.argv, ['ls']);
  });
  it('keeps JSON as it was read before', () => {
    assert.deepEqual(podsInManifest('{"spec":{"containers":[{"name":"a","command":["ls"]}]}}').map((text) => podRun(text)?.argv), [['ls']]);
  });
  it('gives nothing for text that is no manifest, invalid YAML, or an alias bomb', () => {
    assert.deepEqual(podsInManifest('hello world'), []);
    assert.deepEqual(podsInManifest('a: [unclosed'), []);
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]', 'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]', 'spec: {containers: [{name: x, command: [ls], args: *e}]}'].join('\n');
    assert.deepEqual(podsInManifest(bomb), []);
  });
});
