import { strict as assert } from 'node:assert';
import { engineRunOverSocket } from '../../../src/gate/hardline/engineSocket';
import type { Word } from '../../../src/gate/reading/resolution';

const words = (...texts: string[]): Word[] => texts.map((value) => ({ kind: 'literal', value, raw: value }));

describe('a container created over the engine socket is the docker run it makes (hardline/engineSocket.ts)', () => {
  it('writes the body back as a docker run line with its binds, mounts, rights and command', () => {
    const body = '{"Image":"alpine","Entrypoint":["sh","-c"],"Cmd":["rm -rf /h/etc"],"HostConfig":{"Binds":["/:/h"],"Mounts":[{"Type":"bind","Source":"/home","Target":"/m","ReadOnly":true}],"Privileged":true,"PidMode":"host"}}';
    assert.equal(
      engineRunOverSocket(words('curl', '--unix-socket', '/var/run/docker.sock', '-X', 'POST', 'http://localhost/v1.45/containers/create?name=x', '-d', body)),
      "'docker' 'run' '--rm' '-v' '/:/h' '--mount' 'type=bind,source=/home,target=/m,readonly' '--privileged' '--pid=host' '--entrypoint' 'sh' 'alpine' '-c' 'rm -rf /h/etc'",
    );
    assert.match(engineRunOverSocket(words('curl', '--unix-socket=/run/podman/podman.sock', 'http://d/containers/create', '--data={"Image":"a","Cmd":"ls"}')) ?? '', /'a' 'ls'$/);
  });
  it('reads nothing without an engine socket, a create path or a container body', () => {
    assert.equal(engineRunOverSocket(words('curl', '--unix-socket', '/var/run/docker.sock', 'http://localhost/containers/json')), null);
    assert.equal(engineRunOverSocket(words('curl', '-X', 'POST', 'http://localhost/containers/create', '-d', '{"Image":"a"}')), null);
    assert.equal(engineRunOverSocket(words('curl', '--unix-socket', '/var/run/docker.sock', '-X', 'POST', 'http://localhost/containers/create', '-d', 'not json')), null);
  });
});
