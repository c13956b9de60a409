import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { containerRun, landingPaths, placeInside, placesOfSegments, startPlace, type PathPlace } from '../../../src/gate/programs/pathResolver';
import { peelWrappers } from '../../../src/gate/programs/wrappers';
import { resolve } from '../../../src/gate/reading/resolver';

const HOME = '/home/dev';
const CWD = '/home/dev/project';

/** The place of each segment of a line, read by the resolver, walked from CWD (the disk not read). */
function places(line: string, cwd: string | null = CWD): PathPlace[] {
  const resolution = resolve(line, { home: HOME, shell: 'bash' });
  assert.ok(resolution.resolved, `${line} did not resolve`);
  return placesOfSegments(resolution.segments, startPlace(HOME, cwd, false));
}

/** Where the last segment of a line may run: its folders, and `?` when one is not pinned down. */
function lastFolders(line: string, cwd: string | null = CWD): string[] {
  const all = places(line, cwd);
  const place = all[all.length - 1]!;
  return [...place.folders, ...(place.unknownFolder ? ['?'] : [])];
}

describe('path resolver: the working folder along the line', () => {
  // After `cd X &&` the next command runs only if the cd succeeded: in X alone. After `;` it may
  // have failed (cdPlaceDifferential.test.ts holds both to the real bash).
  const cases: Array<[line: string, folders: string[]]> = [
    ['ls', [CWD]],
    ['cd /; ls', [CWD, '/']],
    ['cd ..; ls', [CWD, HOME]],
    ['cd / && ls', ['/']],
    ['cd /usr; cd lib; ls', [CWD, '/usr', `${CWD}/lib`, '/usr/lib']],
    ['cd .. && ls', [HOME]],
    ['cd ../../.. && ls', ['/']],
    ['cd ../../../../../../.. && ls', ['/']],
    ['cd && ls', [HOME]],
    ['cd ~ && ls', [HOME]],
    ['cd ~/x && ls', [`${HOME}/x`]],
    ['cd $HOME/x && ls', [`${HOME}/x`]],
    ['cd "${HOME}" && ls', [HOME]],
    ['cd ~root && ls', [CWD, '?']],
    ['cd "$D" && ls', [CWD, '?']],
    ['cd -P -- /etc && ls', ['/etc']],
    ['cd - && ls', [CWD, '?']],
    ['cd /a && cd - && ls', [CWD, '/a']],
    ['builtin cd /srv && ls', ['/srv']],
    ['command cd /srv && ls', ['/srv']],
    ['pushd /srv && ls', ['/srv']],
    ['pushd -n /srv && ls', [CWD]],
    ['popd && ls', [CWD, '?']],
    ['pushd /srv && popd && ls', [CWD, '/srv']],
    ['pushd +1 && ls', [CWD, '?']],
    // A cd in a pipeline or in the background runs in a subshell of its own.
    ['cd / | ls', [CWD]],
    ['echo | cd /; ls', [CWD]],
    ['cd / & ls', [CWD]],
    ['cd //usr/./lib/ && ls', ['/usr/lib']],
  ];
  for (const [line, folders] of cases) {
    it(`${line} → ${folders.join(' ')}`, () => assert.deepEqual(lastFolders(line), folders));
  }
  it('a line with no working folder knows none, and cd to an absolute folder pins one', () => {
    assert.deepEqual(lastFolders('ls', null), ['?']);
    assert.deepEqual(lastFolders('cd sub && ls', null), ['?']);
    assert.deepEqual(lastFolders('cd /srv && ls', null), ['/srv']);
    assert.deepEqual(lastFolders('cd /srv; ls', null), ['/srv', '?']);
  });
  it('every segment gets the place the commands before it leave', () => {
    assert.deepEqual(
      places('ls; cd /a; ls; cd b; ls').map((place) => place.folders),
      [[CWD], [CWD], [CWD, '/a'], [CWD, '/a'], [CWD, '/a', `${CWD}/b`, '/a/b']],
    );
  });
  it('a wrapper that names its folder moves the command it runs (env -C, sudo -D)', () => {
    for (const [line, folder] of [
      ['env -C /srv ls', '/srv'],
      ['env --chdir=sub ls', `${CWD}/sub`],
      ['sudo -D /etc ls', '/etc'],
      ['env -C "$D" ls', '?'],
    ] as const) {
      const resolution = resolve(line, { home: HOME, shell: 'bash' });
      assert.ok(resolution.resolved);
      const inner = placeInside(startPlace(HOME, CWD, false), peelWrappers(resolution.segments[0]!.argv).layers);
      assert.deepEqual([...inner.folders, ...(inner.unknownFolder ? ['?'] : [])], [folder], line);
    }
  });
});

describe('path resolver: where a path lands', () => {
  const place = startPlace(HOME, CWD, false);
  const cases: Array<[text: string, followLast: boolean, paths: string[]]> = [
    ['usr', false, [`${CWD}/usr`]],
    ['../../../../../../../../usr', false, ['/usr']],
    ['..', false, [HOME]],
    ['../', false, [HOME]],
    ['./a//b/./c/', false, [`${CWD}/a/b/c`]],
    ['/usr/../etc', false, ['/etc']],
    ['/../../etc', false, ['/etc']],
    ['~', false, [HOME]],
    ['~/.bashrc', false, [`${HOME}/.bashrc`]],
  ];
  for (const [text, followLast, paths] of cases) {
    it(`${text} → ${paths.join(' ')}`, () => assert.deepEqual(landingPaths(text, place, followLast).paths, paths));
  }
  it('a path after ~user, or relative in a folder not pinned down, is not known', () => {
    assert.deepEqual(landingPaths('~root/x', place, false), { paths: [], unknown: true });
    const unpinned = places('cd "$D"; ls')[1]!;
    assert.equal(landingPaths('usr', unpinned, false).unknown, true);
    assert.equal(landingPaths('/usr', unpinned, false).unknown, false);
  });
  it('a link made earlier on the line is followed, before `..`, and the last part only when asked', () => {
    const afterLink = places('ln -s / r; ls')[1]!;
    assert.deepEqual(landingPaths('r/usr', afterLink, false).paths, [`${CWD}/r/usr`, '/usr']);
    assert.deepEqual(landingPaths('r', afterLink, false).paths, [`${CWD}/r`]);
    assert.deepEqual(landingPaths('r', afterLink, true).paths, [`${CWD}/r`, '/']);
    assert.deepEqual(landingPaths('r/', afterLink, false).paths, [`${CWD}/r`, '/']);
    const relative = places('ln -s .git/hooks h && cp x h/pre-commit')[1]!;
    assert.deepEqual(landingPaths('h/pre-commit', relative, true).paths, [`${CWD}/h/pre-commit`, `${CWD}/.git/hooks/pre-commit`]);
    const intoFolder = places('ln -s /etc -t links; ls')[1]!;
    assert.deepEqual(landingPaths('links/etc/passwd', intoFolder, false).paths, [`${CWD}/links/etc/passwd`, '/etc/passwd']);
  });
});

describe('path resolver: links on disk', () => {
  let folder = '';
  before(() => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'gate-paths-')));
    mkdirSync(join(folder, 'real', 'deep'), { recursive: true });
    symlinkSync('/', join(folder, 'root'));
    symlinkSync('real/deep', join(folder, 'rel'));
    symlinkSync(join(folder, 'loop-b'), join(folder, 'loop-a'));
    symlinkSync(join(folder, 'loop-a'), join(folder, 'loop-b'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('follows a link to / made in the test folder, and `..` after it from where it points', () => {
    const place = startPlace(HOME, folder);
    assert.deepEqual(landingPaths('root/usr', place, false).paths, [`${folder}/root/usr`, '/usr']);
    assert.deepEqual(landingPaths(`${folder}/root/../etc`, place, false).paths, [`${folder}/etc`, '/etc']);
    assert.deepEqual(landingPaths(`${folder}/rel/../x`, place, false).paths, [`${folder}/x`, `${folder}/real/x`]);
  });
  it('does not follow the last part unless asked, nor read the disk when told not to', () => {
    assert.deepEqual(landingPaths('root', startPlace(HOME, folder), false).paths, [`${folder}/root`]);
    assert.deepEqual(landingPaths('root', startPlace(HOME, folder), true).paths, [`${folder}/root`, '/']);
    assert.deepEqual(landingPaths('root/usr', startPlace(HOME, folder, false), false).paths, [`${folder}/root/usr`]);
  });
  it('reads /proc/self/root as the root folder', () => {
    assert.deepEqual(landingPaths('/proc/self/root/usr', startPlace(HOME, folder), false).paths, ['/proc/self/root/usr', '/usr']);
  });
  it("never reads the gate's own descriptors or pid for the command's (/dev/stderr, /proc/self/fd)", () => {
    // On disk these lead to this test process's stderr (a pipe in CI, a log file elsewhere) and pid.
    for (const name of ['/dev/stderr', '/dev/stdout', '/dev/fd/2', '/proc/self/fd/1', '/proc/thread-self/cwd/x', '/proc/self']) {
      assert.deepEqual(landingPaths(name, startPlace(HOME, folder), true).paths, [name], name);
    }
  });
  it('gives up on a loop of links instead of spinning', () => {
    assert.deepEqual(landingPaths('loop-a/x', startPlace(HOME, folder), false).paths, [`${folder}/loop-a/x`]);
  });
});

describe('path resolver: container runs with host folders bound in', () => {
  function inside(line: string): { inner: string; land: (text: string) => string[] } | null {
    const resolution = resolve(line, { home: HOME, shell: 'bash' });
    assert.ok(resolution.resolved, line);
    const run = containerRun(resolution.segments[0]!.argv, startPlace(HOME, CWD, false));
    if (run === null) return null;
    return {
      inner: run.inner.map((word) => word.raw).join(' '),
      land: (text) => [...landingPaths(text, run.place, false).paths, ...(landingPaths(text, run.place, false).unknown ? ['?'] : [])],
    };
  }
  it('maps a container path below a bind to the host path, and leaves the container its own', () => {
    const run = inside('docker run --rm -v /:/h -v ./src:/app/src alpine rm -rf /h/usr')!;
    assert.equal(run.inner, 'rm -rf /h/usr');
    assert.deepEqual(run.land('/h/usr'), ['/usr']);
    assert.deepEqual(run.land('/h'), ['/']);
    assert.deepEqual(run.land('/app/src/x'), [`${CWD}/src/x`]);
    assert.deepEqual(run.land('/usr'), []);
    assert.deepEqual(run.land('usr'), ['?']);
    // A read-only bind cannot be written through: the container's path there is its own.
    assert.deepEqual(inside('docker run --rm -v /:/h -v ./src:/app/src:ro alpine ls')!.land('/app/src/x'), []);
  });
  it('reads --mount binds, -w, $PWD and the home folder; volumes are not host folders', () => {
    assert.deepEqual(inside('docker run --mount type=bind,source=/etc,target=/e alpine ls')!.land('/e/passwd'), ['/etc/passwd']);
    assert.deepEqual(inside('docker run -w /h -v /:/h alpine ls')!.land('usr'), ['/usr']);
    assert.deepEqual(inside('podman run -v "$PWD":/w alpine ls')!.land('/w/a'), [`${CWD}/a`]);
    assert.deepEqual(inside('docker run -v ~/.ssh:/k alpine ls')!.land('/k/id_rsa'), [`${HOME}/.ssh/id_rsa`]);
    assert.equal(inside('docker run -v cache:/c --mount type=volume,source=v,target=/v alpine ls'), null);
    assert.equal(inside('docker run --rm alpine ls'), null);
    assert.equal(inside('docker ps'), null);
  });
  // docs/decisions.md "The working folder and SYS_ADMIN inside a container": the host shell expands
  // `$HOME`/`$PWD` in -w and in a bind's both sides; the same path names the bound host folder.
  it('reads a workdir and a bind spelled with $HOME or $PWD on both sides as the host folder', () => {
    assert.deepEqual(inside('docker run --rm -v "$HOME":"$HOME" -w "$HOME" debian find . -delete')!.land('.'), [HOME]);
    assert.deepEqual(inside('podman run -v "$HOME:$HOME" --workdir "$HOME/src" debian ls')!.land('a'), [`${HOME}/src/a`]);
    assert.deepEqual(inside('nerdctl run -v "$PWD":"$PWD" -w "$PWD" debian ls')!.land('a'), [`${CWD}/a`]);
    assert.deepEqual(inside('docker run -v "${HOME}/data":/d alpine ls')!.land('/d/x'), [`${HOME}/data/x`]);
    // A workdir only known at run time, or none: relative paths are not pinned down.
    assert.deepEqual(inside('docker run -v "$HOME":"$HOME" -w "$X" debian ls')!.land('.'), ['?']);
    assert.deepEqual(inside('docker run -v "$HOME":"$HOME" debian ls')!.land('.'), ['?']);
    // Not the home variable: no bind read.
    assert.equal(inside('docker run -v "$HOMEDIR":/h alpine ls'), null);
  });
  // docs/decisions.md "Containers: the working folder, SYS_ADMIN, and host shells": a runner's row
  // names the variables it reads as binds; the floor hands the command's environment over.
  it('reads the binds of a row\'s bind variables from the environment given (APPTAINER_BIND, SINGULARITY_BINDPATH)', () => {
    const land = (line: string, environment: Record<string, string>, text: string): string[] | null => {
      const resolution = resolve(line, { home: HOME, shell: 'bash' });
      assert.ok(resolution.resolved, line);
      const variables = Object.entries(environment).map(([name, value]) => ({ name, value: { kind: 'literal' as const, value, raw: value } }));
      const run = containerRun(resolution.segments[0]!.argv, startPlace(HOME, CWD, false), variables);
      return run === null ? null : [...landingPaths(text, run.place, false).paths];
    };
    assert.deepEqual(land('apptainer exec x.sif ls', { APPTAINER_BIND: '/etc:/mnt/etc' }, '/mnt/etc/shadow'), ['/etc/shadow']);
    assert.deepEqual(land('singularity exec x.sif ls', { SINGULARITY_BINDPATH: '/srv,/data:/d' }, '/d/x'), ['/data/x']);
    assert.deepEqual(land('singularity exec x.sif ls', { SINGULARITY_BINDPATH: '/srv,/data:/d' }, '/srv/x'), ['/srv/x']);
    // Read-only, another variable, or a runner whose row names none: nothing bound from it.
    assert.deepEqual(land('apptainer exec x.sif ls', { APPTAINER_BIND: '/etc:/mnt/etc:ro' }, '/mnt/etc/shadow'), []);
    assert.deepEqual(land('apptainer exec x.sif ls', { OTHER_BIND: '/etc:/mnt/etc' }, '/mnt/etc/shadow'), []);
    assert.equal(land('docker run alpine ls', { APPTAINER_BIND: '/etc:/mnt/etc' }, '/mnt/etc/shadow'), null);
  });
  it('reads kubectl node-shell NODE -- CMD as a command in the node\'s own namespaces (the host at its worst)', () => {
    const run = inside('kubectl node-shell worker-1 -- rm -rf /var/lib/kubelet')!;
    assert.equal(run.inner, 'rm -rf /var/lib/kubelet');
    assert.deepEqual(run.land('/etc'), ['/etc']);
    const resolution = resolve('kubectl node-shell -n ops worker-1 -- kill 1', { home: HOME, shell: 'bash' });
    assert.ok(resolution.resolved);
    const place = containerRun(resolution.segments[0]!.argv, startPlace(HOME, CWD, false))!.place;
    assert.equal(place.hostPid, true);
    assert.equal(place.hostDevices, true);
    // Without `--` it opens an interactive shell: no command to read.
    assert.equal(inside('kubectl node-shell worker-1'), null);
  });
  it('reads CDK\'s exploits that run a shell command on the host: the host\'s root at /host, or the host itself', () => {
    const sock = inside("cdk run docker-sock-pwn /var/run/docker.sock 'rm -rf /host/root'")!;
    assert.equal(sock.inner, "'rm -rf /host/root'");
    assert.deepEqual(sock.land('/host/root'), ['/root']);
    assert.deepEqual(sock.land('/root'), []);
    assert.deepEqual(inside("cdk run mount-cgroup 'rm -rf /etc'")!.land('/etc'), ['/etc']);
    // AWS CDK's subcommands run no container.
    assert.equal(inside('cdk deploy --all'), null);
  });
  it('takes --cap-add SYS_ADMIN (or ALL, or a list only known at run time) as the host\'s disks handed over', () => {
    const devices = (line: string): boolean | undefined => {
      const resolution = resolve(line, { home: HOME, shell: 'bash' });
      assert.ok(resolution.resolved, line);
      return containerRun(resolution.segments[0]!.argv, startPlace(HOME, CWD, false))?.place.hostDevices;
    };
    assert.equal(devices('docker run --cap-add SYS_ADMIN alpine ls'), true);
    assert.equal(devices('podman run --cap-add=CAP_SYS_ADMIN,NET_ADMIN alpine ls'), true);
    assert.equal(devices('docker run --cap-add all alpine ls'), true);
    assert.equal(devices('docker run --cap-add "$CAPS" alpine ls'), true);
    assert.equal(devices('docker compose run --cap-add SYS_ADMIN app ls'), true);
    assert.equal(devices('docker run --cap-add NET_ADMIN alpine ls'), undefined);
    assert.equal(devices('docker run --cap-add SYS_PTRACE alpine ls'), undefined);
  });
});

describe('path resolver: folders and devices attached earlier on the line', () => {
  /** Where a path of the command the last segment starts lands on the host ([] for the instance's own paths). */
  function landsOnHost(line: string, text: string): string[] | null {
    const resolution = resolve(line, { home: HOME, shell: 'bash' });
    assert.ok(resolution.resolved, line);
    const all = placesOfSegments(resolution.segments, startPlace(HOME, CWD, false));
    const run = containerRun(resolution.segments[resolution.segments.length - 1]!.argv, all[all.length - 1]!);
    return run === null ? null : [...landingPaths(text, run.place, false).paths];
  }
  it('binds a disk device attached to the instance into what it later runs there', () => {
    assert.deepEqual(landsOnHost('lxc config device add c1 r disk source=/ path=/mnt/r && lxc exec c1 -- ls', '/mnt/r/usr'), ['/usr']);
    assert.deepEqual(landsOnHost('incus config device add c1 r disk path=/e source=/etc; incus exec c1 ls', '/e/passwd'), ['/etc/passwd']);
    // A profile's device reaches every instance.
    assert.deepEqual(landsOnHost('lxc profile device add default h disk source=~ path=/h && lxc exec any -- ls', '/h/x'), [`${HOME}/x`]);
  });
  it('leaves other instances, read-only devices and instances of another server their own paths', () => {
    assert.equal(landsOnHost('lxc config device add c1 r disk source=/ path=/r && lxc exec c2 -- ls', '/r/usr'), null);
    assert.equal(landsOnHost('lxc config device add c1 r disk source=/ path=/r readonly=true && lxc exec c1 -- ls', '/r/usr'), null);
    assert.equal(landsOnHost('lxc config device add s:c1 r disk source=/ path=/r && lxc exec s:c1 -- ls', '/r/usr'), null);
  });
  // docs/decisions.md "Containers: the working folder, SYS_ADMIN, and host shells": jails' and LXC's fstab lines.
  it('binds a jail\'s fstab line (bastille mount, iocage fstab -a) and an lxc-start mount entry into what runs there', () => {
    assert.deepEqual(landsOnHost('bastille mount web01 /usr/home usr/home nullfs rw 0 0 && bastille cmd web01 ls', '/usr/home/dev'), ['/usr/home/dev']);
    assert.deepEqual(landsOnHost('bastille mount web01 "/etc /mnt/e nullfs rw 0 0" && bastille cmd web01 ls', '/mnt/e/passwd'), ['/etc/passwd']);
    assert.deepEqual(landsOnHost('bastille mount ALL /etc mnt/e nullfs rw 0 0 && bastille cmd db ls', '/mnt/e/passwd'), ['/etc/passwd']);
    assert.deepEqual(landsOnHost('iocage fstab -a web /srv /mnt/srv nullfs rw 0 0 && iocage exec web ls', '/mnt/srv/x'), ['/srv/x']);
    assert.deepEqual(landsOnHost("sudo lxc-start -n c1 -s lxc.mount.entry='/ host none bind,create=dir 0 0' && lxc-attach -n c1 -- ls", '/host/etc'), ['/etc']);
    // Read-only, another jail, or a listing of the fstab: nothing bound.
    assert.deepEqual(landsOnHost('bastille mount web01 /etc mnt/e nullfs ro 0 0 && bastille cmd web01 ls', '/mnt/e/passwd'), null);
    assert.deepEqual(landsOnHost('bastille mount web01 /etc mnt/e nullfs rw 0 0 && bastille cmd web02 ls', '/mnt/e/passwd'), null);
    assert.deepEqual(landsOnHost('iocage fstab -l web /srv /mnt/srv && iocage exec web ls', '/mnt/srv/x'), null);
    assert.deepEqual(landsOnHost("lxc-start -n c1 -s lxc.mount.entry='/ host none bind 0 0' && lxc-attach -n c2 -- ls", '/host/etc'), null);
  });
  it('reads multipass mounts, their default path and the home folder spelled $HOME', () => {
    assert.deepEqual(landsOnHost('multipass mount "$HOME" vm:/h && multipass exec vm -- ls', '/h/a'), [`${HOME}/a`]);
    assert.deepEqual(landsOnHost('multipass mount /srv/data vm && multipass exec vm -- ls', '/srv/data/x'), ['/srv/data/x']);
    assert.deepEqual(landsOnHost('multipass exec primary -- ls', '/home/ubuntu/Home/a'), [`${HOME}/a`]);
  });
});
