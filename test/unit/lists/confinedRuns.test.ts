/**
 * A container's command under the runner's entry (docs/decisions.md "A container's command under
 * the runner's entry"; programs/confinedRuns.ts): an entry that spells the runner covers the command
 * a container runs when every option of the run is one the row knows to reach nothing of the host
 * and every bind is a volume or a folder of the workspace; a writable workspace folder needs
 * `writes: true`; an exec names its container. Each table mixes covered and uncovered lines, so a
 * matcher that always (or never) covers fails it.
 */
import { strict as assert } from 'node:assert';

import { parseListEntries, type ListEntry } from '../../../src/gate/lists/listEntry';
import { matchAllow } from '../../../src/gate/lists/listMatcher';
import { workspaceBind } from '../../../src/gate/programs/containerBinds';
import { readCommand } from '../../../src/gate/reading/reading';
import { CONFINED_RUNS, decideUnder, manualEntry } from '../../support/decisionInvariants';

const HOME = '/home/tester';

function entries(raw: unknown[]): ListEntry[] {
  const parsed = parseListEntries(raw, 'allow', 'test');
  assert.deepEqual(parsed.errors, [], 'test entries must be valid');
  return parsed.entries;
}

function covered(raw: unknown[], command: string): boolean {
  return matchAllow(readCommand(command, { home: HOME, shell: 'bash' }), entries(raw)) !== null;
}

const WRITES = (pattern: string): unknown => ({ match: 'prefix', pattern, writes: true });

/** [entries, command, covered?] */
type Case = [unknown[], string, boolean];

const CASES: Record<string, Case[]> = {
  'options that reach nothing of the host: the runner\'s entry covers the command': [
    [['docker run'], 'docker run --rm alpine echo hello', true],
    [['podman run'], 'podman run --rm -it fedora:40 bash', true],
    [['nerdctl run'], 'nerdctl run --rm alpine:3.20 echo hello', true],
    [['finch run'], 'finch run --rm public.ecr.aws/docker/library/alpine echo hi', true],
    [['docker run'], 'docker run --rm --network none -e NODE_ENV=test --name t -w /app --read-only --tmpfs /tmp alpine ls', true],
    [['docker run'], 'docker run --rm --entrypoint sh alpine -c id', true],
    [['docker compose run'], 'docker compose run --rm api pytest -q', true],
    [['kubectl run'], 'kubectl run tmp --rm -it --image=busybox --restart=Never -- nslookup kubernetes.default', true],
    [['sudo ctr run'], 'sudo ctr run --rm docker.io/library/alpine:latest t1 echo hello', true],
  ],
  'an entry for the program alone, or for another command, does not': [
    [['docker'], 'docker run --rm alpine echo hello', false],
    [['docker exec'], 'docker run --rm alpine echo hello', false],
    [['ctr run'], 'sudo ctr run --rm docker.io/library/alpine:latest t1 echo hello', false],
  ],
  'an option not on the row\'s list keeps the command a carve-out': [
    [['docker run'], 'docker run --rm --privileged alpine ls', false],
    [['docker run'], 'docker run --rm --device /dev/fuse alpine ls', false],
    [['docker run'], 'docker run --rm --cap-add NET_ADMIN alpine ls', false],
    [['docker run'], 'docker run --rm --pid=host alpine ls', false],
    [['docker run'], 'docker run --rm --network host alpine ls', false],
    [['docker run'], 'docker run --rm --network container:web alpine ls', false],
    [['docker run'], 'docker run --rm --security-opt seccomp=unconfined alpine ls', false],
    [['docker run'], 'docker run --rm --volumes-from web alpine ls', false],
    [['docker run'], 'docker run --rm --restart always alpine ls', false],
    [['docker run'], 'docker run --rm --runtime=runsc alpine ls', false],
    [['docker run'], 'docker run --rm --gpus all alpine ls', false],
    [['docker run'], 'docker run --rm --cidfile /tmp/id alpine ls', false],
    [['docker run'], 'docker run --rm -e AWS_SECRET_ACCESS_KEY alpine env', false],
    [['docker run'], 'docker run --rm --env-file ~/.aws/env alpine env', false],
    [['docker run'], 'docker run --rm --env-file ../secrets.env alpine env', false],
    [['docker run'], 'docker run --rm --some-new-option alpine ls', false],
    [['docker run'], 'docker -H tcp://203.0.113.5:2375 run --rm alpine ls', false],
    [['docker run'], 'docker --context prod run --rm alpine ls', false],
    [['kubectl run'], `kubectl run x --image=busybox --overrides='{"spec":{"hostPID":true}}' -- ps`, false],
    [['kubectl run'], 'kubectl run x --image=busybox --privileged -- ls', false],
    [['kubectl run'], 'kubectl --kubeconfig /tmp/k run x --image=busybox -- ls', false],
    [['sudo ctr run'], 'sudo ctr run --rm --net-host docker.io/library/alpine:latest t1 ls', false],
    [['sudo ctr run'], 'sudo ctr run --rm --mount type=bind,src=.,dst=/w,options=rbind docker.io/library/alpine:latest t1 ls', false],
    [['docker compose run'], 'docker compose run --rm --service-ports api pytest', false],
  ],
  'binds: a volume or a folder of the workspace, read-only unless the entry says writes': [
    [['docker run'], 'docker run --rm -v ./:/app:ro -w /app node:20 npm test', true],
    [['docker run'], 'docker run --rm -v .:/mnt:ro -w /mnt koalaman/shellcheck:stable scripts/build.sh', true],
    [['podman run'], 'podman run --rm -v ./src:/src:ro,Z fedora ls /src', true],
    [['docker run'], 'docker run --rm -v pgdata:/data alpine du -sh /data', true],
    [['docker run'], 'docker run --rm -v /data alpine ls /data', true],
    [['docker run'], 'docker run --rm --mount type=volume,source=pipcache,target=/root/.cache/pip python:3.12-slim pip --version', true],
    [['docker run'], 'docker run --rm --mount type=bind,source=./dist,target=/dist,readonly nginx:alpine ls /dist', true],
    [['docker run'], 'docker run --rm --mount type=tmpfs,target=/scratch alpine ls', true],
    [['docker run'], 'docker run --rm -v ./:/app -w /app node:20 npm ci', false],
    [[WRITES('docker run')], 'docker run --rm -v ./:/app -w /app node:20 npm ci', true],
    [['docker run'], 'docker run --rm --mount type=bind,src=.,dst=/app -w /app golang:1.22 go test ./...', false],
    [[WRITES('docker run')], 'docker run --rm --mount type=bind,src=.,dst=/app -w /app golang:1.22 go test ./...', true],
    [[WRITES('docker compose run')], 'docker compose run --rm -v ./out:/out api make', true],
    [['docker compose run'], 'docker compose run --rm -v ./out:/out api make', false],
  ],
  'a bind outside the workspace, or one the gate cannot place, keeps the carve-out': [
    [[WRITES('docker run')], 'docker run --rm -v /etc/os-release:/host-os-release:ro alpine cat /host-os-release', false],
    [[WRITES('docker run')], 'docker run --rm -v /home/dev/project:/src:ro alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm -v ../:/up alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm -v ./a/../..:/up alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm -v ~/.ssh:/k:ro alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm -v /var/run/docker.sock:/var/run/docker.sock alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm -v "$PWD":/src:ro alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm -v ./:/app:rshared alpine ls', false],
    [[WRITES('podman run')], 'podman run --rm -v ./:/app:U alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm -v ./:app alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm --mount type=bind,src=/,dst=/h alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm --mount type=volume,source=x,target=/y,volume-opt=device=/etc,volume-opt=o=bind alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm --mount type=bind,src=.,dst=/w,bind-propagation=rshared alpine ls', false],
    [[WRITES('docker run')], 'docker run --rm -v=./:/app alpine ls', false],
  ],
  'an exec into a running container: the entry names the container': [
    [['docker exec web'], 'docker exec web ls /app', true],
    [['docker exec'], 'docker exec web ls /app', false],
    [['docker exec web'], 'docker exec web2 ls /app', false],
    [['docker exec web'], 'docker exec --privileged web ls /app', false],
    [['docker exec -it web'], 'docker exec -it web sh', true],
    [['kubectl exec web-0'], 'kubectl exec web-0 -- ls /app', true],
    [['kubectl exec'], 'kubectl exec web-0 -- ls /app', false],
    [['lxc exec web'], 'lxc exec web -- df -h', true],
    [['lxc exec'], 'lxc exec web -- df -h', false],
    [['docker compose exec db'], `docker compose exec db psql -U postgres -c 'select 1'`, true],
    [['docker compose exec'], `docker compose exec db psql -U postgres -c 'select 1'`, false],
  ],
  'an entry that spells the command covers what it covered before, writable binds included': [
    [['docker run --rm -v ./:/app -w /app node:20 npm'], 'docker run --rm -v ./:/app -w /app node:20 npm ci', true],
    [['docker run --rm --privileged alpine'], 'docker run --rm --privileged alpine ls', false],
  ],
};

describe('a container\'s command under the runner\'s entry', function () {
  for (const [title, cases] of Object.entries(CASES)) {
    describe(title, function () {
      for (const [raw, command, expect] of cases) {
        it(`${JSON.stringify(raw)} ${expect ? 'covers' : 'does not cover'} ${command}`, function () {
          assert.equal(covered(raw, command), expect);
        });
      }
    });
  }

  describe('workspaceBind reads the bind readers\' values', function () {
    const BINDS: Array<[kind: 'volume' | 'mount', value: string, writes: string[] | null]> = [
      ['volume', './:/app', ['./']],
      ['volume', './src:/src:ro,Z', []],
      ['volume', 'cache:/root/.cache', []],
      ['volume', '/data', []],
      ['volume', '/srv/x:/x:ro', null],
      ['volume', '../x:/x', null],
      ['volume', './x:/x:ro:extra', null],
      ['volume', 'data', null],
      ['mount', 'type=bind,src=.,dst=/app', ['.']],
      ['mount', 'type=bind,source=./dist,target=/dist,readonly', []],
      ['mount', 'type=bind,source=./dist,target=/dist,readonly=false', ['./dist']],
      ['mount', 'type=volume,source=gocache,target=/root/.cache/go-build', []],
      ['mount', 'type=bind,src=/home/u,dst=/h,readonly', null],
      ['mount', 'type=npipe,src=x,dst=/x', null],
    ];
    for (const [kind, value, writes] of BINDS) {
      it(`${kind} ${value} → ${JSON.stringify(writes)}`, function () {
        assert.deepEqual(workspaceBind(kind, value)?.writes ?? null, writes);
      });
    }
  });

  describe('the seeds of the invariant "confinement only narrows" are covered as they are', function () {
    for (const run of CONFINED_RUNS) {
      it(`${run.runner} ${run.rest} under ${run.entry} (writes: true)`, function () {
        assert.ok(covered([WRITES(run.entry)], `${run.runner} ${run.rest}`));
      });
    }
  });

  describe('the pipeline: the floors and the protected places still hold under the entry', function () {
    const ENTRY = [{ match: 'prefix', pattern: 'docker run', writes: true }];
    it('a workspace folder bound writable after a cd to the home folder is a protected write', async function () {
      const decision = await decideUnder('cd ~ && docker run --rm -v ./:/h alpine sh -c "echo x >> /h/.bashrc"', manualEntry([...ENTRY, 'cd']));
      assert.notEqual(decision.action, 'approve');
    });
    it('a bound .git folder is a protected write', async function () {
      const decision = await decideUnder('docker run --rm -v ./.git:/g alpine ls /g', manualEntry(ENTRY));
      assert.notEqual(decision.action, 'approve');
    });
    it('the workspace bound writable, with writes: true, is approved', async function () {
      const decision = await decideUnder('docker run --rm -v ./:/app -w /app node:20 npm ci', manualEntry(ENTRY));
      assert.equal(decision.action, 'approve');
    });
    it('a run the floor refuses stays refused', async function () {
      const decision = await decideUnder('docker run --rm -v /:/host alpine rm -rf /host/etc', manualEntry(ENTRY));
      assert.equal(decision.action, 'reject');
    });
  });
});
