import { strict as assert } from 'node:assert';
import { podRun } from '../../../src/gate/programs/podSpec';

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
