import { serviceHosts } from '../secretServices';
import { bindOptionBinds, mountBind, mountSource, staysBelow, volumeBind, volumeSource, workspaceBind } from '../containerBinds';
import { ngrokFileUrl, servedFolderForm } from './fileServers';
import { writes } from './settingsStores';
import type { Word } from '../../reading/resolution';
import { flagged, optionValues, textOf, valued, type ArgReading, type Arity, type Grammar } from '../grammar';
import { printsSecret, printsSecretUnless, uploadsToRemote, withoutRoles, type Attachment, type Command, type ConfinedRun, type ContainerRun, type Form, type OperandRole, type OptionRole, type ProgramRow } from '../row';

/**
 * Containers, clusters, clouds, tunnels and service managers. Their everyday job is to talk to a
 * daemon or an API; an entry for one covers that, never a form that hands the host to a container
 * (`docker run -v /:/mnt`, `--privileged`), runs a command somewhere else (`docker exec`,
 * `kubectl exec`), opens the machine to others (tunnels, servers bound to every address) or
 * deletes (`kubectl delete`, `terraform destroy`, `helm uninstall`) unless the entry spells it.
 */

// ---------------------------------------------------------------------------------------------
// Shared readers of values.

/** A host part that only this machine can reach. */
function loopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === 'ip6-localhost';
}

/** An address list (`0.0.0.0`, `localhost,127.0.0.1`) that opens to more than this machine (null: unknown). */
function openAddress(value: string | null): boolean {
  if (value === null) return true;
  const parts = value.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0) return true;
  return parts.some((p) => !loopbackHost(p.replace(/:\d+$/, '')));
}

/** `docker run -p`: a publish spec not bound to a loopback address (`8080:80`, `0.0.0.0:80:80`). */
function openPublish(value: string | null): boolean {
  if (value === null) return true;
  const m = /^(\[[^\]]*\]|[^:]+):[^:]+:/.exec(value);
  if (m === null) return true;
  return !loopbackHost(m[1]!);
}

/** A URL or host that is not a local socket. */
function remoteEndpoint(value: string | null): boolean {
  if (value === null) return true;
  return !/^(unix|npipe|fd):\/\//.test(value);
}

function isUrl(value: string | null): boolean {
  return value === null || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^git@/.test(value) || /^github\.com\//.test(value);
}

/** System places a container must not get bound in: the root, system folders, sockets, home folders. */
const SYSTEM_PATHS = ['/etc', '/root', '/boot', '/dev', '/proc', '/sys', '/run', '/var', '/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/srv', '/snap'];

function normalisePath(path: string): string | null {
  if (path.includes('..')) return null;
  const collapsed = path.replace(/\/+/g, '/').replace(/\/\.(?=\/|$)/g, '').replace(/\/+$/, '');
  return collapsed === '' ? '/' : collapsed;
}

/** A host path whose bind mount hands a container the host (null: unknown, so yes). */
function systemSource(source: string | null): boolean {
  if (source === null) return true;
  if (source.startsWith('~') || source.startsWith('$')) return true;
  if (!source.startsWith('/')) return false; // a named volume or a relative path
  const path = normalisePath(source);
  if (path === null || path === '/') return true;
  if (path.includes('docker.sock') || path.includes('containerd.sock') || path.includes('podman.sock') || path.includes('crio.sock')) return true;
  if (SYSTEM_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return true;
  // A whole home folder, or its secrets.
  if (path === '/home' || /^\/home\/[^/]+$/.test(path)) return true;
  if (/^\/home\/[^/]+\/\.(ssh|aws|kube|docker|gnupg|config|azure|gcloud|local)(\/|$)/.test(path)) return true;
  return false;
}

/** `-v SRC:DST[:opts]`: the source part. */
function volumeBindsSystem(value: string | null): boolean {
  if (value === null) return true;
  const source = volumeSource(value);
  // An anonymous volume at a container path.
  return source !== null && systemSource(source);
}

/** `--mount type=bind,source=/,target=/x`: a bind of a system path. */
function mountBindsSystem(value: string | null): boolean {
  if (value === null) return true;
  const source = mountSource(value);
  return source !== null && systemSource(source);
}

/** `--pid=host`, `--network=host`, `--ipc=host`: shares a namespace of the host. */
function hostNamespace(value: string | null): boolean {
  return value === null || value === 'host' || value.startsWith('ns:/proc/');
}

/** A boolean flag that is on (`--privileged`, `--privileged=true`; not `--privileged=false`). */
function on(value: string | null): boolean {
  return value === null || !/^(false|0)$/i.test(value);
}

/** `-- CMD…` after the operands of a command whose options stop at its first operand: the command after `--`. */
function afterDashDash(program: string, note: string, here = false): (args: readonly Word[], reading: ArgReading) => readonly Form[] {
  return (args) => {
    const at = args.findIndex((w) => w.kind === 'literal' && w.value === '--');
    if (at === -1 || at + 1 >= args.length) return [];
    const word = args[at + 1]!;
    return [{ role: 'executor', trigger: word.kind === 'literal' ? word.value : word.raw, index: at + 1, value: word, ...(here ? { payload: 'shell-argv' as const } : {}), program, note }];
  };
}

/** A form for a read function, carried by the command word itself (index -1 of its args). */
function selfForm(role: Form['role'], program: string, trigger: string, note: string): Form {
  return { role, program, trigger, index: -1, value: null, note };
}

/**
 * `CMD [options] TARGET [options] [--] COMMAND…` (cobra, options on both sides of the target): the
 * command is after `--`, or is the first word after the target that is neither an option nor the
 * value of one (`valued`: the options, without dashes, that take a value).
 */
function commandAfterTarget(program: string, note: string, valued: ReadonlySet<string>): (args: readonly Word[], reading: ArgReading) => readonly Form[] {
  const form = (w: Word, index: number): Form => ({ role: 'executor', program, trigger: w.kind === 'literal' ? w.value : w.raw, index, value: w, note });
  return (args, reading) => {
    if (reading.endOfOptions !== -1) {
      // `-- TARGET COMMAND…`
      const k = reading.operandIndexes.findIndex((i) => i > reading.endOfOptions);
      const at = k === -1 ? undefined : reading.operandIndexes[k + 1];
      return at === undefined ? [] : [form(args[at]!, at)];
    }
    const first = reading.operandIndexes[0];
    if (first === undefined) return [];
    for (let i = first + 1; i < args.length; i++) {
      const w = args[i]!;
      if (w.kind !== 'literal') return [form(w, i)];
      if (w.value === '--') return args[i + 1] === undefined ? [] : [form(args[i + 1]!, i + 1)];
      if (w.value.startsWith('-') && w.value.length > 1) {
        const name = w.value.replace(/^--?/, '');
        if (!name.includes('=') && valued.has(name)) i++;
        continue;
      }
      return [form(w, i)];
    }
    return [];
  };
}

/**
 * A command run somewhere else (in a container, a pod, another machine): an executor form at its
 * program word, the operand after `skip` others, for the allow entries — but no payload, because
 * the hardline floor guards this machine and `docker run --rm img shutdown` does not shut it down.
 * (A wrapper role would hand the floor the command as a payload of this machine.)
 */
function elsewhere(program: string, note: string, skip: number): (args: readonly Word[], reading: ArgReading) => readonly Form[] {
  return (_args, reading) => {
    const word = reading.operands[skip];
    if (word === undefined) return [];
    return [{ role: 'executor', program, trigger: word.kind === 'literal' ? word.value : word.raw, index: reading.operandIndexes[skip]!, value: word, note }];
  };
}


const DESTROY = (what: string): { role: 'destructive'; note: string } => ({ role: 'destructive', note: what });

// ---------------------------------------------------------------------------------------------
// docker, podman, nerdctl (one grammar: nerdctl and podman follow docker's).

/** Global options of docker, podman and nerdctl (pflag: `--name value`, `--name=value`). */
const DOCKER_GLOBAL_LONG = {
  ...valued(
    'config', 'context', 'host', 'log-level', 'tlscacert', 'tlscert', 'tlskey',
    // podman
    'url', 'connection', 'identity', 'root', 'runroot', 'storage-driver', 'storage-opt', 'cgroup-manager', 'conmon', 'events-backend', 'hooks-dir', 'imagestore', 'module', 'network-cmd-path', 'network-config-dir', 'out', 'registries-conf', 'runtime', 'runtime-flag', 'ssh', 'tmpdir', 'volumepath', 'cni-config-dir', 'db-backend',
    // nerdctl
    'address', 'namespace', 'snapshotter', 'cni-path', 'cni-netconfpath', 'data-root', 'hosts-dir', 'host-gateway-ip', 'bridge-ip',
  ),
  ...flagged('debug', 'tls', 'tlsverify', 'version', 'help', 'remote', 'syslog', 'noout', 'debug-full', 'insecure-registry', 'experimental', 'kube-hide-dupe'),
};

/** Dangerous global roles, repeated at every level (cobra reads persistent flags after a subcommand). */
const DOCKER_GLOBAL_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['-H', '--host', '--url'], when: remoteEndpoint, example: 'tcp://203.0.113.5:2375', note: '-H/--host points the client at another machine\'s container daemon' },
];

/** The root-only roles (podman's engine options name programs and hook folders). */
const DOCKER_ROOT_ROLES: readonly OptionRole[] = [
  ...DOCKER_GLOBAL_ROLES,
  { role: 'executor', options: ['--runtime', '--conmon', '--network-cmd-path'], payload: 'program', example: '/tmp/runtime', note: 'the value is a program the engine runs for every container' },
  { role: 'loader', options: ['--hooks-dir'], example: '/tmp/hooks', note: '--hooks-dir loads container hooks, programs run around each container' },
  { role: 'writer', options: ['--out'], example: 'out.txt', note: '--out writes the command\'s output to a file' },
];

/** The value-taking options of `docker run` / `create` (with podman's and nerdctl's extra ones). */
const RUN_LONG = {
  ...valued(
    'add-host', 'annotation', 'attach', 'blkio-weight', 'blkio-weight-device', 'cap-add', 'cap-drop', 'cgroup-parent', 'cgroupns', 'cidfile', 'cpu-count', 'cpu-percent', 'cpu-period', 'cpu-quota', 'cpu-rt-period', 'cpu-rt-runtime', 'cpu-shares', 'cpus', 'cpuset-cpus', 'cpuset-mems', 'detach-keys', 'device', 'device-cgroup-rule', 'device-read-bps', 'device-read-iops', 'device-write-bps', 'device-write-iops', 'dns', 'dns-opt', 'dns-option', 'dns-search', 'domainname', 'entrypoint', 'env', 'env-file', 'expose', 'gpus', 'group-add', 'health-cmd', 'health-interval', 'health-retries', 'health-start-period', 'health-start-interval', 'health-timeout', 'hostname', 'ip', 'ip6', 'ipc', 'isolation', 'kernel-memory', 'label', 'label-file', 'link', 'link-local-ip', 'log-driver', 'log-opt', 'mac-address', 'memory', 'memory-reservation', 'memory-swap', 'memory-swappiness', 'mount', 'name', 'network', 'net', 'network-alias', 'net-alias', 'oom-score-adj', 'pid', 'pids-limit', 'platform', 'publish', 'pull', 'restart', 'runtime', 'security-opt', 'shm-size', 'stop-signal', 'stop-timeout', 'storage-opt', 'sysctl', 'tmpfs', 'ulimit', 'user', 'userns', 'uts', 'volume', 'volume-driver', 'volumes-from', 'workdir',
    // podman
    'arch', 'authfile', 'cert-dir', 'chrootdirs', 'conmon-pidfile', 'creds', 'decryption-key', 'env-merge', 'gidmap', 'group-entry', 'hostuser', 'image-volume', 'init-path', 'os', 'passwd-entry', 'personality', 'pidfile', 'pod', 'pod-id-file', 'preserve-fds', 'rdt-class', 'requires', 'retry', 'retry-delay', 'sdnotify', 'seccomp-policy', 'secret', 'subgidname', 'subuidname', 'systemd', 'timeout', 'uidmap', 'umask', 'unsetenv', 'variant', 'cgroups', 'cgroup-conf', 'chrootdirs', 'health-on-failure', 'health-log-destination', 'health-max-log-count', 'health-max-log-size', 'health-startup-cmd', 'health-startup-interval', 'health-startup-retries', 'health-startup-success', 'health-startup-timeout', 'label-file', 'shm-size-systemd',
    // nerdctl
    'cosign-key', 'verify', 'ipfs-address', 'snapshotter',
  ),
  ...flagged('detach', 'interactive', 'tty', 'rm', 'privileged', 'publish-all', 'quiet', 'read-only', 'init', 'disable-content-trust', 'no-healthcheck', 'oom-kill-disable', 'sig-proxy', 'use-api-socket', 'help', 'replace', 'rootfs', 'tls-verify', 'http-proxy', 'read-only-tmpfs', 'no-hosts', 'env-host', 'privileged-without-host-devices', 'net-host'),
};

const RUN_GRAMMAR: Grammar = { short: 'acehlmpuvwH', flags: 'diPqt', long: { ...RUN_LONG, host: 'value', url: 'value' }, abbreviations: false, stopAtOperand: true };

/**
 * A folder of the workspace bound writable (`-v ./src:/app`, `--mount type=bind,src=.,dst=/app`): the
 * container may write it. Its everyday job (an entry for the runner covers it as before), read by the
 * preflight where the folder lands on this machine — after a `cd` elsewhere it is outside the
 * workspace, and a bound `.git` or `.vscode` is protected (D§7) — and by the allow matcher, which asks
 * `writes: true` of an entry that covers the container's command by spelling the runner
 * (docs/decisions.md "A container's command under the runner's entry"). The working folder itself
 * (`.`, `./`) is written as a place, not as a tree landing on it: what the container writes below it
 * is what any command run there may write (`npm ci` on this machine too), not a copy dropped in.
 */
function workspaceBindWrites(options: readonly string[], kind: 'volume' | 'mount'): OptionRole[] {
  const folder = (value: string | null): string | null => (value === null ? null : (workspaceBind(kind, value)?.writes[0] ?? null));
  const itself = (path: string): boolean => /^\.\/*$/.test(path);
  return [
    { role: 'writer', options, when: (value) => { const path = folder(value); return path !== null && !itself(path); }, target: 'tree', targetText: folder, everyday: true, example: kind === 'volume' ? './out:/out' : 'type=bind,src=./out,dst=/out', note: 'binds a folder below the working folder, which the container may write' },
    { role: 'writer', options, when: (value) => { const path = folder(value); return path !== null && itself(path); }, target: 'file', targetText: folder, everyday: true, example: kind === 'volume' ? './:/app' : 'type=bind,src=.,dst=/app', note: 'binds the working folder itself, which the container may write' },
  ];
}
/**
 * A writable bind of a host folder that is not below the working folder (`-v /srv/data:/d`,
 * `--mount type=bind,src=/etc,dst=/etc2`): the container may write the host's files there, a write
 * outside the workspace (D§7) that a person sees, whichever spelling binds it. The host folder is
 * the place written; the floors read what the container's command does there through the bind.
 */
function hostBindWrites(options: readonly string[], kind: 'volume' | 'mount'): OptionRole {
  const host = (value: string | null): string | null => {
    if (value === null || workspaceBind(kind, value) !== null) return null;
    const bind = kind === 'volume' ? volumeBind(value) : mountBind(value);
    return bind === null || bind.readOnly === true ? null : bind.host;
  };
  // The host folder is written as a place, as the working folder's own bind is (a bind of the
  // workspace's absolute path stays a write inside it).
  return { role: 'writer', options, when: (value) => host(value) !== null, target: 'file', targetText: host, example: kind === 'volume' ? '/srv/data:/d' : 'type=bind,src=/srv/data,dst=/d', note: 'binds a host folder outside the working folder, which the container may write' };
}
const WORKSPACE_BIND_WRITES: readonly OptionRole[] = [...workspaceBindWrites(['-v', '--volume'], 'volume'), ...workspaceBindWrites(['--mount'], 'mount'), hostBindWrites(['-v', '--volume'], 'volume'), hostBindWrites(['--mount'], 'mount')];
const COMPOSE_BIND_WRITES: readonly OptionRole[] = workspaceBindWrites(['-v', '--volume'], 'volume');

/** What `docker run` and `docker create` options can hand the container. */
const RUN_ROLES: readonly OptionRole[] = [
  ...DOCKER_GLOBAL_ROLES,
  { role: 'destructive', options: ['-v', '--volume'], when: volumeBindsSystem, example: '/:/mnt', note: '-v binds a system folder of the host (or the whole disk, or the daemon socket) into the container' },
  { role: 'destructive', options: ['--mount'], when: mountBindsSystem, example: 'type=bind,source=/,target=/mnt', note: '--mount binds a system folder of the host into the container' },
  // A bind only known at run time (`-v "$X"`) may be any host folder, writable: at its worst the
  // container writes there (a protected write outside the workspace, D§7).
  { role: 'writer', options: ['-v', '--volume', '--mount'], when: (value) => value === null, target: 'tree', example: '"$X"', note: 'a bind known only at run time may hand the container any host folder to write' },
  ...WORKSPACE_BIND_WRITES,
  { role: 'destructive', options: ['--privileged', '--privileged-without-host-devices'], when: on, note: '--privileged gives the container every device and capability of the host' },
  { role: 'destructive', options: ['--pid', '--ipc', '--uts', '--userns', '--cgroupns'], when: hostNamespace, example: 'host', note: 'shares a namespace of the host (its processes, memory or user ids) with the container' },
  { role: 'destructive', options: ['--network', '--net'], when: hostNamespace, example: 'host', note: '--network=host puts the container on the host\'s own network' },
  { role: 'destructive', options: ['--net-host'], when: on, note: '--net-host puts the container on the host\'s own network' },
  { role: 'destructive', options: ['--cap-add'], example: 'SYS_ADMIN', note: '--cap-add gives the container extra kernel privileges' },
  { role: 'destructive', options: ['--device'], example: '/dev/sda', note: '--device hands a device of the host to the container' },
  { role: 'destructive', options: ['--security-opt'], example: 'seccomp=unconfined', note: '--security-opt loosens the container\'s confinement' },
  { role: 'destructive', options: ['--volumes-from'], example: 'other', note: '--volumes-from mounts every volume of another container' },
  { role: 'destructive', options: ['--rootfs'], when: on, note: '--rootfs runs the container on a host folder (the host\'s root too) instead of an image' },
  { role: 'executor', options: ['--entrypoint'], payload: 'program', example: 'sh', note: '--entrypoint replaces the program the container starts' },
  { role: 'destructive', options: ['--use-api-socket'], when: on, note: '--use-api-socket hands the container the daemon socket, and with it the host' },
  { role: 'listener', options: ['-p', '--publish'], when: openPublish, example: '8080:80', note: '-p publishes a container port on every address of the machine' },
  { role: 'listener', options: ['-P', '--publish-all'], when: on, note: '-P publishes every exposed port on every address of the machine' },
];

/** `-e NAME=VALUE`: the value is on the line. `-e NAME` alone copies this machine's variable (a token, say) into the container. */
function valueOnLine(value: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(value);
}

/** `--network NAME`: a network of the engine's own (`none`, `bridge`, a project's), not `host`, another container's (`container:ID`) or a namespace path. */
function ownNetwork(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(value) && value !== 'host';
}

/**
 * The options of `docker run` (podman, nerdctl and finch share the row) that hand the container
 * nothing of this machine, checked against the docker run reference (docs/decisions.md "A
 * container's command under the runner's entry"): removal, the terminal and detaching, names and
 * labels written on the line, the working folder and user inside the container, the image's
 * platform and pull policy, `--init` (the engine's own init), a read-only root, tmpfs, resource
 * limits, dropping capabilities, the container's own host name, DNS and `/etc/hosts` entries, and
 * `--entrypoint` (the image runs a program of its choosing anyway). `-p` stays the listener it is
 * (its own form, D§7 open-world). Not listed, so still a carve-out: privileges and capabilities
 * added, devices and GPUs, `--security-opt`, host namespaces, `--volumes-from`, `--env-file` and
 * `--label-file` outside the workspace, `--cidfile` (a file of this machine), `--restart` (a
 * container that comes back after a reboot), log drivers (another process, another host),
 * `--runtime` (podman takes a program's path there), podman's `--userns`, `--rootfs`, `--replace`.
 */
const RUN_CONFINED: ConfinedRun = {
  options: [
    '--rm', '-i', '--interactive', '-t', '--tty', '-d', '--detach', '--detach-keys', '-a', '--attach', '--sig-proxy', '-q', '--quiet',
    '--name', '-l', '--label', '-w', '--workdir', '-u', '--user', '--platform', '--pull', '--init', '--read-only', '--tmpfs', '--entrypoint',
    '-m', '--memory', '--memory-reservation', '--memory-swap', '--cpus', '--cpu-shares', '-c', '--cpuset-cpus', '--pids-limit', '--shm-size', '--stop-signal', '--stop-timeout',
    '--cap-drop', '-h', '--hostname', '--dns', '--dns-search', '--dns-option', '--dns-opt', '--add-host', '--expose', '--no-healthcheck', '-p', '--publish',
  ],
  values: { '-e': valueOnLine, '--env': valueOnLine, '--network': ownNetwork, '--net': ownNetwork, '--env-file': staysBelow },
  binds: true,
  spelledBy: 'runner',
};

const RUN_PLAIN = ['--rm alpine', '--rm -it -e A=1 -w /app ubuntu:22.04', '-d --name web -p 127.0.0.1:8080:80 nginx', '--rm -v ./src:/app -v cache:/root/.cache node:20'];

const DOCKER_RUN: Command = {
  grammar: RUN_GRAMMAR,
  options: RUN_ROLES,
  read: elsewhere('docker run', 'runs the command inside a container of the image named first', 1),
  container: { command: 1, volumes: ['-v', '--volume'], mounts: ['--mount'], workdir: ['-w', '--workdir'], devices: ['--privileged', '--device'], capabilities: ['--cap-add'], hostPid: ['--pid'], rootfsFlags: ['--rootfs'], entrypoint: ['--entrypoint'], inheritsMounts: ['--volumes-from'] },
  confined: RUN_CONFINED,
  attaches: runAttaches,
  plain: RUN_PLAIN,
};

/**
 * What a run or create binds stays bound in the container it makes (D§5, docs/decisions.md "A
 * container made earlier on the line keeps its binds"): `docker run -d --name c -v /:/h … &&
 * docker exec c rm -rf /h/usr`. The container's name is `--name`; without one it is only known at
 * run time (every container). Read-only binds are left out, as for the run's own command.
 */
function runAttaches(_operands: readonly (string | null)[], values: (...names: string[]) => { readonly given: boolean; readonly values: readonly (string | null)[] }): Attachment[] {
  const name = values('--name').values[0] ?? '*';
  const binds = [
    ...values('-v', '--volume').values.map((value) => (value === null ? null : volumeBind(value))),
    ...values('--mount').values.map((value) => (value === null ? null : mountBind(value))),
  ];
  return binds.flatMap((bind) => (bind === null || bind.readOnly === true ? [] : [{ instance: name, host: bind.host, inside: bind.inside }]));
}

const DOCKER_CREATE: Command = { grammar: { ...RUN_GRAMMAR, stopAtOperand: true }, options: RUN_ROLES, attaches: runAttaches, plain: ['--name web nginx'] };

const DOCKER_EXEC: Command = {
  grammar: { short: 'euwH', flags: 'dit', long: { ...valued('detach-keys', 'env', 'env-file', 'user', 'workdir', 'host', 'url', 'preserve-fds'), ...flagged('detach', 'interactive', 'tty', 'privileged', 'help', 'latest') }, abbreviations: false, stopAtOperand: true },
  options: [...DOCKER_GLOBAL_ROLES, { role: 'destructive', options: ['--privileged'], when: on, note: '--privileged runs the command with every privilege of the host' }],
  read: elsewhere('docker exec', 'runs the command inside the running container named first', 1),
  // The running container's own binds are those attached to it earlier on the line (a run, a
  // cluster creator's nodes); `--privileged` hands it the host's devices.
  container: { command: 1, instance: 0, volumes: [], mounts: [], workdir: ['-w', '--workdir'], devices: ['--privileged'] },
  // A running container's own binds and privileges are not on the line: an entry names the
  // container it trusts (`docker exec web`) to cover the commands run in it. Not `--privileged`.
  confined: { options: ['-i', '--interactive', '-t', '--tty', '-d', '--detach', '--detach-keys', '-w', '--workdir', '-u', '--user'], values: { '-e': valueOnLine, '--env': valueOnLine, '--env-file': staysBelow }, spelledBy: 'instance' },
};

/** A docker level with the global roles and the options of most listing and inspecting commands. */
/**
 * `volume create [--driver local] --opt type=none --opt o=bind --opt device=PATH NAME`: the local
 * driver's bind of a host folder. Recorded as an attachment of the instance `volume:NAME` (or every
 * volume, when the name is only known at run time), which a later `-v NAME:/dst` binds in
 * (`programs/pathResolver.ts`). Other drivers and options (tmpfs, nfs) name no folder of this machine.
 */
function volumeOfHostFolder(operands: readonly (string | null)[], values: (...names: string[]) => { readonly given: boolean; readonly values: readonly (string | null)[] }): Attachment[] {
  const opts = values('-o', '--opt').values;
  const device = opts.find((opt) => opt !== null && opt.startsWith('device='));
  const binds = opts.some((opt) => opt !== null && (/^o=(?:.*,)?r?bind(?:,|$)/.test(opt) || opt === 'type=none'));
  if (device === undefined || device === null || !binds) return [];
  const name = values('--name').values[0] ?? operands[0] ?? null;
  return [{ instance: `volume:${name ?? '*'}`, host: device.slice('device='.length), inside: '/' }];
}

/**
 * The same volume as a write of that folder: every container given the volume later, on this line
 * or another, may write it, so the command is a write there (D§7: outside the workspace, a person
 * sees it), whatever entry covers `docker`.
 */
function volumeHostFolderWrite(_args: readonly Word[], reading: ArgReading): Form[] {
  const attached = volumeOfHostFolder(reading.operands.map(textOf), (...names) => ({ given: true, values: optionValues(reading, ...names).map(textOf) }));
  return attached.map((attachment) => writes('docker', 'volume create', attachment.host, 'tree', 'volume create --opt o=bind --opt device=PATH hands that folder to every container given the volume'));
}

function dockerLeaf(extra: Partial<Command> = {}, long: Record<string, Arity> = {}, short = ''): Command {
  return {
    grammar: { short: `fnH${short}`, flags: 'aqs', long: { ...valued('filter', 'format', 'host', 'url', 'since', 'until', 'tail', 'time', 'type', 'signal', 'platform'), ...flagged('all', 'quiet', 'no-trunc', 'help', 'force', 'follow', 'timestamps', 'size', 'latest'), ...long }, abbreviations: false },
    options: [...DOCKER_GLOBAL_ROLES, ...(extra.options ?? [])],
    ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'options')),
  };
}

/**
 * Subcommands of docker (and of podman, nerdctl and finch, which share the row) that only read or
 * change containers, images, volumes or networks in the daemon: docker's global roles and no
 * role of their own. Those that run a command, load code, write a file of this machine or send one
 * get their roles, or stay unlisted (docs/decisions.md "A subcommand the row does not list is
 * unplaced for the floors").
 */
function dockerLeaves(names: string): Record<string, Command> {
  return Object.fromEntries(names.split(' ').map((name) => [name, dockerLeaf()]));
}

const DOCKER_BUILD: Command = dockerLeaf(
  {
    options: [
      { role: 'writer', options: ['-o', '--output'], example: 'out', note: '-o writes the build result into a local folder or file' },
      { role: 'writer', options: ['--iidfile', '--metadata-file'], example: 'id.txt', note: 'writes the image id or build metadata to a file' },
      { role: 'loader', options: ['--secret', '--ssh'], example: 'id=key,src=/home/u/.ssh/id_rsa', note: 'hands a secret or the SSH agent of this machine to the build' },
      { role: 'destructive', options: ['--allow'], example: 'security.insecure', note: '--allow grants the build extra privileges (host network, insecure mode)' },
      { role: 'destructive', options: ['--network'], when: hostNamespace, example: 'host', note: '--network=host runs the build steps on the host\'s own network' },
    ],
    operands: [{ role: 'network', operand: 0, when: isUrl, example: 'https://example.com/repo.git', note: 'builds from a remote repository or archive, fetched from that URL' }],
    plain: ['-t app:dev .', '-f docker/Dockerfile --build-arg V=1 -t app .', '--no-cache -q .'],
  },
  { ...valued('tag', 'file', 'build-arg', 'target', 'label', 'cache-from', 'cache-to', 'output', 'iidfile', 'metadata-file', 'secret', 'ssh', 'allow', 'network', 'progress', 'builder', 'add-host', 'build-context', 'cgroup-parent', 'isolation', 'shm-size', 'ulimit', 'memory', 'cpu-shares', 'annotation', 'attest', 'call', 'provenance', 'sbom', 'set', 'cpuset-cpus'), ...flagged('no-cache', 'pull', 'push', 'load', 'rm', 'force-rm', 'squash', 'check', 'print') },
  'tol',
);

// Copying a file out of a container onto the machine (GTFOBins' file-write for docker) is what
// `docker cp` is for: the target is an everyday writer, which the preflight still reads.
const DOCKER_COPY: Command = dockerLeaf({
  operands: [{ role: 'writer', operand: 'last', when: (v) => v === null || !/^[^/]*:/.test(v), everyday: true, target: 'file', example: 'out.txt', note: 'copies out of a container into this path of the machine (replacing a file there)' }],
  plain: [],
}, flagged('archive', 'follow-link'), 'L');

const DOCKER_RM = (what: string): Command => dockerLeaf({ role: DESTROY(what) });

/** The docker-compose grammar: `docker compose` and the standalone `docker-compose`. */
const COMPOSE_GLOBAL_LONG = { ...valued('file', 'project-name', 'project-directory', 'profile', 'env-file', 'ansi', 'parallel', 'progress', 'host', 'context'), ...flagged('compatibility', 'dry-run', 'all-resources', 'verbose', 'version', 'help', 'no-ansi') };
const COMPOSE_GLOBAL_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['-H', '--host'], when: remoteEndpoint, example: 'tcp://203.0.113.5:2375', note: '-H/--host points compose at another machine\'s container daemon' },
];
const COMPOSE_RUN_LONG = { ...valued('env', 'entrypoint', 'label', 'name', 'publish', 'user', 'volume', 'workdir', 'cap-add', 'cap-drop', 'env-file', 'index', 'pull'), ...flagged('detach', 'rm', 'service-ports', 'use-aliases', 'no-deps', 'no-TTY', 'interactive', 'tty', 'build', 'quiet-pull', 'remove-orphans', 'privileged', 'quiet', 'quiet-build') };
const COMPOSE: Command = {
  grammar: { short: 'fpH', long: COMPOSE_GLOBAL_LONG, abbreviations: false },
  options: COMPOSE_GLOBAL_ROLES,
  subcommands: {
    up: { grammar: { short: 'H', flags: 'dV', long: { ...valued('scale', 'timeout', 'exit-code-from', 'pull', 'attach', 'no-attach', 'wait-timeout'), ...flagged('detach', 'build', 'no-build', 'force-recreate', 'no-recreate', 'no-deps', 'remove-orphans', 'renew-anon-volumes', 'abort-on-container-exit', 'wait', 'watch', 'quiet-pull', 'no-color', 'no-start', 'timestamps', 'always-recreate-deps', 'menu', 'yes') , host: 'value' }, abbreviations: false }, options: COMPOSE_GLOBAL_ROLES, plain: ['-d', '--build -d web', ''] },
    down: {
      grammar: { short: 'tH', flags: 'v', long: { ...valued('rmi', 'timeout', 'host'), ...flagged('volumes', 'remove-orphans') }, abbreviations: false },
      options: [...COMPOSE_GLOBAL_ROLES, { role: 'destructive', options: ['-v', '--volumes'], note: '-v deletes the project\'s volumes and the data in them' }, { role: 'destructive', options: ['--rmi'], example: 'all', note: '--rmi deletes the project\'s images' }],
      plain: ['', '--remove-orphans'],
    },
    run: {
      grammar: { short: 'eluvwpH', flags: 'dTi', long: { ...COMPOSE_RUN_LONG, host: 'value' }, abbreviations: false, stopAtOperand: true },
      options: [...COMPOSE_GLOBAL_ROLES, ...COMPOSE_BIND_WRITES, { role: 'destructive', options: ['-v', '--volume'], when: volumeBindsSystem, example: '/:/mnt', note: '-v binds a system folder of the host into the container' }, { role: 'destructive', options: ['--cap-add'], example: 'SYS_ADMIN', note: '--cap-add gives the container extra kernel privileges' }, { role: 'destructive', options: ['--privileged'], when: on, note: '--privileged gives the container every privilege of the host' }],
      read: elsewhere('compose run', 'runs the command in a new container of the service named first', 1),
      container: { command: 1, volumes: ['-v', '--volume'], mounts: [], workdir: ['-w', '--workdir'], devices: ['--privileged'], capabilities: ['--cap-add'], entrypoint: ['--entrypoint'] },
      // The service reaches what the project's compose file gives it, as `compose run SERVICE`
      // without a command (or `compose up`) already does; the line's own options must add nothing
      // of the host. Not `--service-ports`/`-p` (listeners compose does not mark), `--build`, `--remove-orphans`.
      confined: { options: ['--rm', '-d', '--detach', '-i', '--interactive', '-t', '--tty', '-T', '--no-TTY', '--no-deps', '--name', '-l', '--label', '-w', '--workdir', '-u', '--user', '--entrypoint', '--pull', '--quiet-pull', '--cap-drop'], values: { '-e': valueOnLine, '--env': valueOnLine, '--env-file': staysBelow }, binds: true, spelledBy: 'runner' },
    },
    exec: {
      grammar: { short: 'euwH', flags: 'dTi', long: { ...valued('env', 'user', 'workdir', 'index', 'host'), ...flagged('detach', 'no-TTY', 'privileged', 'interactive', 'tty') }, abbreviations: false, stopAtOperand: true },
      options: [...COMPOSE_GLOBAL_ROLES, { role: 'destructive', options: ['--privileged'], when: on, note: '--privileged runs the command with every privilege of the host' }],
      read: elsewhere('compose exec', 'runs the command in the running container of the service named first', 1),
      confined: { options: ['-d', '--detach', '-i', '--interactive', '-t', '--tty', '-T', '--no-TTY', '-w', '--workdir', '-u', '--user', '--index'], values: { '-e': valueOnLine, '--env': valueOnLine }, spelledBy: 'instance' },
    },
    rm: { grammar: { flags: 'fsv', long: flagged('force', 'stop', 'volumes'), abbreviations: false }, role: DESTROY('deletes the project\'s stopped containers') },
    kill: { grammar: { short: 's', long: valued('signal'), abbreviations: false }, role: DESTROY('kills the project\'s containers') },
    cp: { grammar: { flags: 'aL', long: flagged('archive', 'follow-link', 'all'), abbreviations: false }, operands: [{ role: 'writer', operand: 'last', when: (v) => v === null || !/^[^/]*:/.test(v), everyday: true, target: 'file', example: 'out.txt', note: 'copies out of a service container into this path of the machine (replacing a file there)' }] },
    ps: { grammar: { flags: 'aq', long: { ...valued('format', 'filter', 'status'), ...flagged('all', 'quiet', 'services') }, abbreviations: false }, plain: ['', '-a'] },
    logs: { grammar: { short: 'n', flags: 'ft', long: { ...valued('tail', 'since', 'until', 'index'), ...flagged('follow', 'timestamps', 'no-color', 'no-log-prefix') }, abbreviations: false }, plain: ['-f web', '--tail 50'] },
    build: { grammar: { long: { ...valued('build-arg', 'builder', 'memory', 'progress', 'ssh', 'push'), ...flagged('no-cache', 'pull', 'quiet', 'with-dependencies') }, abbreviations: false }, plain: ['', '--no-cache web'] },
    config: { grammar: { short: 'o', long: { ...valued('format', 'output', 'hash'), ...flagged('quiet', 'services', 'volumes', 'images', 'profiles', 'no-interpolate', 'resolve-image-digests') }, abbreviations: false }, options: [{ role: 'writer', options: ['-o', '--output'], example: 'out.yml', note: '-o writes the resolved compose file to a file' }], plain: ['', '--services'] },
    ...withoutRoles('create events ls pause port scale stats unpause wait watch'),
    attach: { role: { role: 'executor', note: 'attaches this terminal to a service container\'s main process' } },
    push: { role: { role: 'network', note: 'uploads the services\' images to their registries' } },
    pull: { plain: [''] },
    stop: { plain: [''] },
    restart: { plain: ['web'] },
    start: { plain: [''] },
    images: { plain: [''] },
    top: { plain: [''] },
    version: { plain: [''] },
  },
  plain: ['ps', 'up -d', 'logs -f web', '-f compose.dev.yml up --build'],
};

/** Every docker subcommand (and the CLI plugins docker ships): any other name runs a `docker-NAME` plugin. */
const DOCKER_KNOWN = new Set([
  'attach', 'build', 'builder', 'buildx', 'checkpoint', 'commit', 'compose', 'config', 'container', 'context', 'cp', 'create', 'diff', 'events', 'exec', 'export', 'help', 'history', 'image', 'images', 'import', 'info', 'init', 'inspect', 'kill', 'load', 'login', 'logout', 'logs', 'manifest', 'network', 'node', 'pause', 'plugin', 'port', 'ps', 'pull', 'push', 'rename', 'restart', 'rm', 'rmi', 'run', 'save', 'scan', 'scout', 'search', 'secret', 'service', 'stack', 'start', 'stats', 'stop', 'swarm', 'system', 'tag', 'top', 'trust', 'unpause', 'update', 'version', 'volume', 'wait', 'debug', 'sbom', 'ai', 'model', 'mcp', 'offload', 'desktop', 'extension', 'dev', 'feedback', 'cloud', 'bake',
  // podman and nerdctl
  'pod', 'machine', 'generate', 'kube', 'play', 'healthcheck', 'farm', 'artifact', 'quadlet', 'unshare', 'mount', 'umount', 'untag', 'namespace', 'ipfs', 'apparmor', 'builder', 'auto-update', 'completion', 'image-scp',
]);

const DOCKER_CONTAINER: Command = dockerLeaf({
  subcommands: {
    run: DOCKER_RUN,
    create: DOCKER_CREATE,
    exec: DOCKER_EXEC,
    rm: DOCKER_RM('deletes the containers'),
    kill: DOCKER_RM('kills the containers'),
    prune: DOCKER_RM('deletes every stopped container'),
    cp: DOCKER_COPY,
    ...dockerLeaves('commit diff inspect list logs pause port ps rename restart start stats stop top unpause update wait'),
    attach: dockerLeaf({ role: { role: 'executor', note: 'attaches this terminal to the main process of a running container' } }),
    ls: dockerLeaf({ plain: ['', '-a'] }),
    export: dockerLeaf({ options: [{ role: 'writer', options: ['-o', '--output'], example: 'out.tar', note: '-o writes the container\'s files to an archive' }] }, valued('output'), 'o'),
  },
  plain: ['ls -a', 'inspect web'],
});

/**
 * `podman machine ssh [NAME] [COMMAND…]`: the words after the options, joined, are run by the
 * virtual machine's shell (ssh's way); the first may be the machine's name, which the reading of
 * a program without a row then skips. Podman machines mount the home folder at its own path, and
 * on macOS `/Users` at `/Users` (the older default): read there at their worst.
 */
const PODMAN_MACHINE: Command = dockerLeaf({
  subcommands: {
    ssh: dockerLeaf({
      grammar: { long: { ...valued('username'), ...flagged('help') }, abbreviations: false, stopAtOperand: true },
      read: elsewhere('podman machine ssh', 'runs the command in the virtual machine', 0),
      container: { command: 0, volumes: [], mounts: [], workdir: [], shellText: true, fixed: () => [{ inside: '~', host: '~' }, { inside: '/Users', host: '/Users' }] },
    }),
  },
  plain: ['list', 'ls', 'inspect', 'start', 'stop'],
});

/**
 * `docker service create [OPTIONS] IMAGE [COMMAND…]`: a swarm service runs its command in
 * containers on the swarm's nodes (this machine among them, at worst), with `--mount` binds of
 * the node's folders, as `docker run` does.
 */
const SERVICE_LONG = {
  ...valued(
    'cap-add', 'cap-drop', 'config', 'constraint', 'container-label', 'credential-spec', 'dns', 'dns-option', 'dns-search', 'endpoint-mode', 'entrypoint', 'env', 'env-file',
    'generic-resource', 'group', 'health-cmd', 'health-interval', 'health-retries', 'health-start-period', 'health-timeout', 'host', 'hostname', 'isolation', 'label',
    'limit-cpu', 'limit-memory', 'limit-pids', 'log-driver', 'log-opt', 'max-concurrent', 'mode', 'mount', 'name', 'network', 'oom-score-adj', 'placement-pref', 'publish',
    'replicas', 'replicas-max-per-node', 'reserve-cpu', 'reserve-memory', 'restart-condition', 'restart-delay', 'restart-max-attempts', 'restart-window', 'rollback-delay',
    'rollback-failure-action', 'rollback-max-failure-ratio', 'rollback-monitor', 'rollback-order', 'rollback-parallelism', 'secret', 'stop-grace-period', 'stop-signal',
    'sysctl', 'ulimit', 'update-delay', 'update-failure-action', 'update-max-failure-ratio', 'update-monitor', 'update-order', 'update-parallelism', 'user', 'workdir',
  ),
  ...flagged('detach', 'init', 'no-healthcheck', 'no-resolve-image', 'quiet', 'read-only', 'tty', 'with-registry-auth', 'help'),
};
const DOCKER_SERVICE_CREATE: Command = {
  grammar: { short: 'eluwpH', flags: 'dqt', long: SERVICE_LONG, abbreviations: false, stopAtOperand: true },
  options: RUN_ROLES,
  read: elsewhere('docker service create', 'runs the command in the containers of a swarm service of the image named first', 1),
  container: { command: 1, volumes: [], mounts: ['--mount'], workdir: ['-w', '--workdir'], entrypoint: ['--entrypoint'] },
  plain: ['--name web --replicas 2 nginx'],
};

const DOCKER_ROW_BODY: Command = {
  grammar: { short: 'cHlan', flags: 'Dvr', long: DOCKER_GLOBAL_LONG, abbreviations: false },
  options: DOCKER_ROOT_ROLES,
  operands: [{ role: 'loader', operand: 0, when: (v) => v === null || !DOCKER_KNOWN.has(v), example: 'evilplugin', note: 'an unknown subcommand runs the docker-NAME CLI plugin of that name' }],
  subcommands: {
    run: DOCKER_RUN,
    create: DOCKER_CREATE,
    exec: DOCKER_EXEC,
    container: DOCKER_CONTAINER,
    build: DOCKER_BUILD,
    buildx: dockerLeaf({ subcommands: { build: DOCKER_BUILD, prune: DOCKER_RM('deletes the build cache'), rm: DOCKER_RM('deletes a builder'), bake: dockerLeaf({ plain: [''] }) }, plain: ['ls', 'version'] }),
    builder: dockerLeaf({ subcommands: { build: DOCKER_BUILD, prune: DOCKER_RM('deletes the build cache') }, plain: ['ls'] }),
    compose: COMPOSE,
    machine: PODMAN_MACHINE,
    service: dockerLeaf({ subcommands: { create: DOCKER_SERVICE_CREATE, rm: DOCKER_RM('deletes swarm services'), ls: dockerLeaf({ plain: [''] }) }, plain: ['ls', 'ps web', 'logs web', 'inspect web'] }),
    cp: DOCKER_COPY,
    rm: DOCKER_RM('deletes the containers'),
    rmi: DOCKER_RM('deletes the images'),
    kill: DOCKER_RM('kills the containers'),
    attach: dockerLeaf({ role: { role: 'executor', note: 'attaches this terminal to the main process of a running container' } }),
    push: dockerLeaf({ role: { role: 'network', note: 'uploads an image to a registry' } }),
    login: dockerLeaf({ operands: [{ role: 'network', operand: 0, example: 'registry.example.com', note: 'logs in to (and sends credentials to) the registry named' }], plain: ['', '-u me --password-stdin'] }, valued('username', 'password'), 'up'),
    save: dockerLeaf({ options: [{ role: 'writer', options: ['-o', '--output'], example: 'img.tar', note: '-o writes the image to an archive file' }], plain: ['app:dev'] }, valued('output'), 'o'),
    export: dockerLeaf({ options: [{ role: 'writer', options: ['-o', '--output'], example: 'fs.tar', note: '-o writes the container\'s files to an archive' }] }, valued('output'), 'o'),
    import: dockerLeaf({ operands: [{ role: 'network', operand: 0, when: (v) => v !== null && isUrl(v), example: 'https://example.com/fs.tar', note: 'imports a file system downloaded from that URL' }], plain: ['fs.tar app:imported'] }, valued('change', 'message'), 'cm'),
    image: dockerLeaf({
      subcommands: {
        ...dockerLeaves('history inspect list load pull tag'),
        import: dockerLeaf({ operands: [{ role: 'network', operand: 0, when: (v) => v !== null && isUrl(v), example: 'https://example.com/fs.tar', note: 'imports a file system downloaded from that URL' }], plain: ['fs.tar app:imported'] }, valued('change', 'message'), 'cm'),
        rm: DOCKER_RM('deletes the images'),
        remove: DOCKER_RM('deletes the images'),
        prune: DOCKER_RM('deletes unused images'),
        build: DOCKER_BUILD,
        push: dockerLeaf({ role: { role: 'network', note: 'uploads an image to a registry' } }),
        save: dockerLeaf({ options: [{ role: 'writer', options: ['-o', '--output'], example: 'img.tar', note: '-o writes the image to an archive file' }] }, valued('output'), 'o'),
        ls: dockerLeaf({ plain: ['', '-a'] }),
      },
      plain: ['ls', 'inspect alpine'],
    }),
    // `volume create --opt type=none --opt o=bind --opt device=PATH` makes a volume of a host folder:
    // a container given that volume later on the line has the folder bound in (docs/decisions.md
    // "A named volume made of a host folder earlier on the line").
    volume: dockerLeaf({ subcommands: { create: dockerLeaf({ attaches: volumeOfHostFolder, read: volumeHostFolderWrite }, valued('driver', 'opt', 'label', 'name'), 'do'), ...dockerLeaves('inspect list update'), remove: DOCKER_RM('deletes the volumes and their data'), rm: DOCKER_RM('deletes the volumes and their data'), prune: DOCKER_RM('deletes unused volumes and their data'), ls: dockerLeaf({ plain: [''] }) }, plain: ['ls', 'inspect data'] }),
    network: dockerLeaf({ subcommands: { ...dockerLeaves('connect create disconnect inspect list'), remove: DOCKER_RM('deletes the networks'), rm: DOCKER_RM('deletes the networks'), prune: DOCKER_RM('deletes unused networks'), ls: dockerLeaf({ plain: [''] }) }, plain: ['ls', 'inspect bridge'] }),
    // `system dial-stdio` hands the daemon's socket to its input and output; podman's `system reset`, `service`: unlisted.
    system: dockerLeaf({ subcommands: { ...dockerLeaves('events info'), prune: DOCKER_RM('deletes stopped containers, unused networks, images and caches'), df: dockerLeaf({ plain: [''] }) }, plain: ['df', 'info'] }),
    plugin: dockerLeaf({ subcommands: { install: dockerLeaf({ role: { role: 'loader', note: 'installs a daemon plugin, code the daemon runs as root' } }), rm: DOCKER_RM('deletes a plugin') }, plain: ['ls'] }),
    swarm: dockerLeaf({ subcommands: { init: dockerLeaf({ role: { role: 'listener', note: 'makes this machine a swarm manager that listens for other nodes' } }), join: dockerLeaf({ role: { role: 'network', note: 'joins this machine to the swarm of another host' } }), leave: DOCKER_RM('takes this machine out of its swarm') } }),
    context: dockerLeaf({ subcommands: { rm: DOCKER_RM('deletes a context'), ls: dockerLeaf({ plain: [''] }) }, plain: ['ls', 'show'] }),
    // Not listed: login state (`logout` edits ~/.docker/config.json), checkpoint, config, manifest, node, secret, stack, trust (swarm and registry
    // objects made from files or sent), scout, debug, init, the plugins, podman's own (pod, play,
    // kube, unshare, mount...).
    ...dockerLeaves('commit diff events history load pause port rename search top unpause update wait'),
    ps: dockerLeaf({ plain: ['', '-a', '--format "{{.Names}}"'] }),
    images: dockerLeaf({ plain: ['', '-q'] }),
    logs: dockerLeaf({ plain: ['-f --tail 100 web'] }, {}, 'n'),
    inspect: dockerLeaf({ plain: ['web'] }),
    pull: dockerLeaf({ plain: ['alpine:3.20'] }),
    version: dockerLeaf({ plain: [''] }),
    info: dockerLeaf({ plain: [''] }),
    stop: dockerLeaf({ plain: ['web'] }, {}, 't'),
    start: dockerLeaf({ plain: ['web'] }),
    restart: dockerLeaf({ plain: ['web'] }, {}, 't'),
    tag: dockerLeaf({ plain: ['app:dev app:latest'] }),
    stats: dockerLeaf({ plain: ['--no-stream'] }),
  },
  plain: ['ps', 'images', 'version', 'build -t app .', 'logs web', 'compose up -d'],
};

// ---------------------------------------------------------------------------------------------
// Kubernetes tools that read the kubeconfig as kubectl does (`--kubeconfig`: a configuration whose
// credential plugins are programs they run).

const KUBECONFIG_LOADER: OptionRole = { role: 'loader', options: ['--kubeconfig'], example: '/tmp/kubeconfig', note: '--kubeconfig loads a configuration whose credential plugins are programs the client runs' };

/** stern: tails the logs of the pods matching a query (stern 1.x `--help`). */
const STERN_ROW: ProgramRow = {
  names: ['stern'],
  category: 'container',
  what: 'a Kubernetes log tailer for the pods matching a name pattern or selector',
  grammar: {
    short: 'ncloiepEs',
    flags: 'hvAt',
    abbreviations: false,
    long: {
      namespace: ['value', 'n'], container: ['value', 'c'], selector: ['value', 'l'], output: ['value', 'o'], include: ['value', 'i'], exclude: ['value', 'e'], 'exclude-container': ['value', 'E'], since: ['value', 's'],
      ...valued('kubeconfig', 'context', 'tail', 'template', 'template-file', 'field-selector', 'node', 'color', 'container-state', 'max-log-requests', 'timezone', 'exclude-pod', 'condition', 'config', 'completion', 'verbosity'),
      timestamps: 'optional', 'all-namespaces': ['flag', 'A'], prompt: ['flag', 'p'],
      ...flagged('help', 'version', 'no-follow', 'only-log-lines', 'diff', 'ephemeral-containers', 'init-containers', 'show-hidden-options', 'stdin'),
    },
  },
  options: [KUBECONFIG_LOADER],
  plain: ['web', '-n shop checkout --since 15m', '-l app=api --tail 50', '. -n kube-system --container kube-proxy', 'web -o raw', '--version'],
};

/** kn: the Knative client (kn 1.x `--help`). Another subcommand runs the kn-NAME plugin. */
const KN_LEVEL: Command = {
  grammar: { short: 'no', flags: 'hA', abbreviations: false, long: { namespace: ['value', 'n'], output: ['value', 'o'], ...valued('kubeconfig', 'context', 'cluster', 'config', 'image', 'env', 'port', 'label', 'annotation', 'revision-name', 'scale', 'template', 'service', 'sink', 'tag', 'traffic', 'target'), ...flagged('help', 'all-namespaces', 'no-headers', 'force', 'wait', 'no-wait') } },
  options: [KUBECONFIG_LOADER, { role: 'loader', options: ['--config'], example: '/tmp/kn.yaml', note: '--config reads kn\'s configuration, which names plugin folders' }],
};
const knLevels = (names: string): Record<string, Command> => Object.fromEntries(names.split(' ').map((name) => [name, KN_LEVEL]));
const KN_OBJECT = (what: string): Command => ({ ...KN_LEVEL, subcommands: { ...knLevels('list describe create update apply'), delete: { ...KN_LEVEL, role: { role: 'destructive', note: `deletes the Knative ${what}` } } } });
const KN_ROW: ProgramRow = {
  names: ['kn'],
  category: 'container',
  what: 'the Knative command-line client (services, revisions, routes, eventing)',
  ...KN_LEVEL,
  // `service create --mount` and `--env-from` name secrets and config maps of the cluster, not files here.
  // Not listed: `plugin` (lists and runs plugins), `source` (its kinds include plugin ones).
  subcommands: {
    ...Object.fromEntries(['service', 'revision', 'route', 'domain', 'broker', 'trigger', 'channel', 'subscription', 'eventtype', 'container'].map((name) => [name, KN_OBJECT(name)])),
    ...knLevels('version completion options'),
  },
  plain: ['service list', 'service describe hello -o yaml', 'revision list', 'route list', 'version'],
};

/** velero: backs up and restores Kubernetes objects and volumes (velero 1.x `--help`). */
const VELERO_LEVEL: Command = {
  grammar: { short: 'no', flags: 'h', abbreviations: false, long: { namespace: ['value', 'n'], output: ['value', 'o'], ...valued('kubeconfig', 'kubecontext', 'features', 'colorized', 'selector', 'include-namespaces', 'exclude-namespaces', 'include-resources', 'exclude-resources', 'ttl', 'from-backup', 'from-schedule', 'schedule', 'storage-location', 'volume-snapshot-locations', 'timeout', 'label-columns', 'insecureskiptlsverify', 'cacert'), ...flagged('help', 'details', 'wait', 'all', 'confirm', 'show-labels') } },
  options: [KUBECONFIG_LOADER],
};
const veleroLevels = (names: string): Record<string, Command> => Object.fromEntries(names.split(' ').map((name) => [name, VELERO_LEVEL]));
const VELERO_DELETE = (what: string): Command => ({ ...VELERO_LEVEL, role: { role: 'destructive', note: `deletes the ${what} (and the data it keeps)` } });
const VELERO_ROW: ProgramRow = {
  names: ['velero'],
  category: 'cloud',
  what: 'a tool that backs up and restores a Kubernetes cluster\'s objects and volumes',
  ...VELERO_LEVEL,
  // Not listed: `install` (sends a credentials file to the cluster), `plugin` (adds plugin images
  // the server runs), `client config set` (writes velero's settings), `backup download` (writes an
  // archive here).
  subcommands: {
    backup: { ...VELERO_LEVEL, subcommands: { ...veleroLevels('get describe create logs'), delete: VELERO_DELETE('backups') }, plain: ['get', 'describe nightly --details'] },
    restore: { ...VELERO_LEVEL, subcommands: { ...veleroLevels('get describe create logs'), delete: VELERO_DELETE('restores') }, plain: ['get'] },
    schedule: { ...VELERO_LEVEL, subcommands: { ...veleroLevels('get describe create pause unpause'), delete: VELERO_DELETE('schedules') }, plain: ['get'] },
    'backup-location': { ...VELERO_LEVEL, subcommands: { ...veleroLevels('get create set'), delete: VELERO_DELETE('backup locations') } },
    'snapshot-location': { ...VELERO_LEVEL, subcommands: { ...veleroLevels('get create set'), delete: VELERO_DELETE('snapshot locations') } },
    ...veleroLevels('version completion'),
  },
  plain: ['backup get', 'schedule get', 'restore get', 'version', 'backup create pre-upgrade --include-namespaces shop'],
};

const DOCKER_ROWS: readonly ProgramRow[] = [
  { names: ['docker', 'podman', 'nerdctl', 'finch'], category: 'container', what: 'the Docker container client (and Podman, nerdctl and Finch, nerdctl with a VM of its own, which share its commands)', ...DOCKER_ROW_BODY },
  { names: ['docker-compose'], category: 'container', what: 'Docker Compose, which runs a set of containers from a compose file', ...COMPOSE },
  {
    names: ['dockerd'],
    category: 'container',
    what: 'the Docker daemon',
    grammar: {
      short: 'bGHlps',
      flags: 'Dv',
      long: {
        ...valued('add-runtime', 'allow-nondistributable-artifacts', 'api-cors-header', 'authorization-plugin', 'bip', 'bip6', 'bridge', 'cdi-spec-dir', 'cgroup-parent', 'config-file', 'containerd', 'containerd-namespace', 'containerd-plugins-namespace', 'cpu-rt-period', 'cpu-rt-runtime', 'cri-containerd', 'data-root', 'default-address-pool', 'default-cgroupns-mode', 'default-gateway', 'default-gateway-v6', 'default-ipc-mode', 'default-network-opt', 'default-runtime', 'default-shm-size', 'default-ulimit', 'dns', 'dns-opt', 'dns-search', 'exec-opt', 'exec-root', 'feature', 'fixed-cidr', 'fixed-cidr-v6', 'group', 'host', 'host-gateway-ip', 'http-proxy', 'https-proxy', 'init-path', 'insecure-registry', 'ip', 'label', 'log-driver', 'log-format', 'log-level', 'log-opt', 'max-concurrent-downloads', 'max-concurrent-uploads', 'max-download-attempts', 'metrics-addr', 'mtu', 'network-control-plane-mtu', 'no-proxy', 'node-generic-resource', 'oom-score-adjust', 'pidfile', 'registry-mirror', 'seccomp-profile', 'shutdown-timeout', 'storage-driver', 'storage-opt', 'swarm-default-advertise-addr', 'tlscacert', 'tlscert', 'tlskey', 'userland-proxy-path', 'userns-remap', 'validate', 'add-host'),
        ...flagged('debug', 'experimental', 'help', 'icc', 'init', 'ip-forward', 'ip-forward-no-drop', 'ip-masq', 'ip6tables', 'iptables', 'ipv6', 'live-restore', 'no-new-privileges', 'raw-logs', 'rootless', 'selinux-enabled', 'tls', 'tlsverify', 'userland-proxy', 'version', 'allow-direct-routing'),
      },
      abbreviations: false,
    },
    options: [
      { role: 'listener', options: ['-H', '--host'], when: (v) => v === null || /^tcp:\/\//.test(v) || !/^(unix|fd|npipe):\/\//.test(v), example: 'tcp://0.0.0.0:2375', note: '-H tcp://… serves the Docker API, root on this machine, on a network port' },
      { role: 'listener', options: ['--metrics-addr'], when: openAddress, example: '0.0.0.0:9323', note: '--metrics-addr serves the daemon\'s metrics on a network address' },
      { role: 'loader', options: ['--config-file', '--authorization-plugin', '--add-runtime', '--userland-proxy-path', '--init-path'], example: '/tmp/x', note: 'names a configuration or a program the daemon loads and runs as root' },
      { role: 'destructive', options: ['--insecure-registry'], example: 'registry.example.com', note: '--insecure-registry pulls images from a registry without checking its certificate' },
    ],
    plain: ['--version', '--validate', '--debug', '-H unix:///var/run/docker.sock'],
  },
];

// ---------------------------------------------------------------------------------------------
// kubectl

const KUBE_GLOBAL_LONG = {
  ...valued('as', 'as-group', 'as-uid', 'cache-dir', 'certificate-authority', 'client-certificate', 'client-key', 'cluster', 'context', 'kubeconfig', 'log-flush-frequency', 'namespace', 'password', 'profile', 'profile-output', 'request-timeout', 'server', 'tls-server-name', 'token', 'user', 'username', 'v', 'vmodule', 'log-backtrace-at', 'log-dir', 'log-file', 'log-file-max-size', 'stderrthreshold'),
  ...flagged('disable-compression', 'insecure-skip-tls-verify', 'match-server-version', 'warnings-as-errors', 'help', 'alsologtostderr', 'logtostderr', 'one-output', 'add-dir-header', 'skip-headers', 'skip-log-headers'),
};

/** kubectl's persistent flags, dangerous wherever they stand. */
const KUBE_GLOBAL_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['-s', '--server'], example: 'https://203.0.113.5:6443', note: '-s/--server sends the request (and credentials) to another API server' },
  { role: 'loader', options: ['--kubeconfig'], example: '/tmp/kubeconfig', note: '--kubeconfig loads a configuration whose credential plugins are programs kubectl runs' },
  { role: 'writer', options: ['--profile-output', '--log-file'], example: 'out.prof', note: 'writes a profile or a log to a file' },
  { role: 'destructive', options: ['--insecure-skip-tls-verify'], when: on, note: '--insecure-skip-tls-verify talks to the server without checking its certificate' },
];

/** A kubectl level's grammar: its own value-taking options and the persistent ones. */
function kubeGrammar(short = '', long: Record<string, Arity> = {}, stop = false): Grammar {
  return { short: `snv${short}`, flags: 'hAqiwRt', long: { ...KUBE_GLOBAL_LONG, ...valued('output', 'selector', 'filename', 'field-selector', 'template', 'kustomize', 'label-columns', 'sort-by', 'chunk-size', 'show-managed-fields', 'container', 'raw', 'subresource', 'for', 'timeout', 'field-manager', 'dry-run', 'validate', 'grace-period', 'cascade', 'pod-running-timeout', 'port', 'address', 'image', 'overrides', 'env', 'labels', 'restart', 'serviceaccount', 'profile', 'target', 'copy-to', 'attach-timeout'), ...flagged('all-namespaces', 'watch', 'watch-only', 'show-labels', 'no-headers', 'recursive', 'ignore-not-found', 'force', 'now', 'wait', 'all', 'stdin', 'tty', 'quiet', 'ignore-daemonsets', 'delete-emptydir-data', 'disable-eviction', 'prune', 'server-side', 'force-conflicts', 'privileged', 'rm', 'follow', 'previous', 'timestamps', 'prefix', 'openapi-patch', 'local', 'overwrite', 'show-kind', 'share-processes', 'keep-annotations'), ...long }, abbreviations: false, ...(stop ? { stopAtOperand: true } : {}) };
}

const KUBE_LEAF_SHORT = 'oflcLk';
/** The options of `kubectl exec` (and the persistent ones) that take a value, without dashes. */
const KUBE_VALUED: ReadonlySet<string> = new Set(['c', 'container', 'f', 'filename', 'pod-running-timeout', 'n', 'namespace', 's', 'server', 'v', ...Object.entries(KUBE_GLOBAL_LONG).filter(([, a]) => a === 'value').map(([k]) => k)]);

/**
 * `kubectl config set-credentials|set-cluster NAME` saves into the kubeconfig (`~/.kube/config`
 * unless `--kubeconfig` or `KUBECONFIG` says otherwise): a user's `exec` plugin there runs on every
 * later call. Choosing a context (`use-context`) changes which saved entry is used, no program.
 */
const KUBECONFIG_WRITE: OperandRole = { role: 'writer', operand: 0, target: 'file', targetText: () => '~/.kube/config', everyday: true, example: 'dev', note: 'saves the entry into the kubeconfig' };

function kube(extra: Partial<Command> = {}, short = KUBE_LEAF_SHORT, long: Record<string, Arity> = {}, stop = false): Command {
  return {
    grammar: kubeGrammar(short, long, stop),
    ...extra,
    options: [...KUBE_GLOBAL_ROLES, ...(extra.options ?? [])],
  };
}

/** `-f URL` of apply/create/replace/delete: the manifest is fetched from the network. */
const KUBE_FILE_URL: OptionRole = { role: 'network', options: ['-f', '--filename', '-k', '--kustomize'], when: (v) => v !== null && isUrl(v), example: 'https://example.com/x.yaml', note: '-f URL fetches the manifest from the network' };

/** Every kubectl subcommand: any other name runs a `kubectl-NAME` plugin from the PATH. */
const KUBE_KNOWN = new Set(['annotate', 'api-resources', 'api-versions', 'apply', 'attach', 'auth', 'autoscale', 'certificate', 'cluster-info', 'completion', 'config', 'cordon', 'cp', 'create', 'debug', 'delete', 'describe', 'diff', 'drain', 'edit', 'events', 'exec', 'explain', 'expose', 'get', 'help', 'kustomize', 'label', 'logs', 'options', 'patch', 'plugin', 'port-forward', 'proxy', 'replace', 'rollout', 'run', 'scale', 'set', 'taint', 'top', 'uncordon', 'version', 'wait', 'alpha']);

/** Output formats of `kubectl get` that print a resource's data (a secret's values, base64), not only its name and age. */
const KUBE_DATA_OUTPUT = /^(json|yaml|jsonpath|jsonpath-as-json|jsonpath-file|go-template|go-template-file|template|templatefile|custom-columns|custom-columns-file)(=|$)/;

/**
 * `kubectl get secret(s) NAME -o yaml|json|jsonpath=…`: prints the secrets' values (base64). The
 * resource may be `secret`, `secrets`, `secret/NAME`, or a list (`cm,secret`); an output format
 * only known at run time may be one of these.
 */
function kubeSecretValues(_args: readonly Word[], reading: ArgReading): Form[] {
  const kind = reading.operands[0];
  if (kind === undefined) return [];
  const kinds = kind.kind === 'literal' ? kind.value.toLowerCase().split(',').map((k) => k.split('/')[0]!) : ['secret'];
  if (!kinds.some((k) => k === 'secret' || k === 'secrets' || k === 'all')) return [];
  const output = reading.options.filter((o) => o.key === 'o' || o.key === 'output');
  if (!output.some((o) => o.value === null || o.value.kind !== 'literal' || KUBE_DATA_OUTPUT.test(o.value.value))) return [];
  return [{ role: 'credentials', program: 'kubectl get', trigger: 'get', index: -1, value: null, everyday: true, note: 'kubectl get secret -o yaml/json/jsonpath prints the secrets\' values' }];
}

/** kubectl's subcommands of no role of their own: the global roles only (see {@link dockerLeaves}). */
function kubeLeaves(names: string): Record<string, Command> {
  return Object.fromEntries(names.split(' ').map((name) => [name, kube()]));
}

const KUBECTL_BODY: Command = {
  grammar: kubeGrammar('', {}, true),
  options: KUBE_GLOBAL_ROLES,
  operands: [{ role: 'loader', operand: 0, when: (v) => v === null || !KUBE_KNOWN.has(v), example: 'evilplugin', note: 'an unknown subcommand runs the kubectl-NAME plugin of that name from the PATH' }],
  subcommands: {
    get: kube({ read: kubeSecretValues, plain: ['pods', 'pods -A -o wide', 'deploy web -n prod -o yaml', 'svc --watch', 'secrets', 'secret db'] }),
    describe: kube({ plain: ['pod web-1', 'nodes'] }),
    logs: kube({ plain: ['web-1 -c app --tail 100', '-f deploy/web', '-p web-1'] }, 'clL'),
    explain: kube({ plain: ['pod.spec'] }),
    version: kube({ plain: ['--client'] }),
    'cluster-info': kube({ plain: [''] }),
    'api-resources': kube({ plain: [''] }),
    top: kube({ plain: ['pods', 'nodes'] }),
    events: kube({ plain: [''] }),
    diff: kube({ options: [KUBE_FILE_URL], plain: ['-f deploy.yaml'] }),
    wait: kube({ plain: ['--for=condition=Ready pod/web-1 --timeout=60s'] }),
    config: kube({
      subcommands: {
        view: kube({ options: [{ role: 'credentials', options: ['--raw', '--flatten'], when: on, everyday: true, note: '--raw (and --flatten) print the kubeconfig with its client keys and tokens, not redacted' }], plain: ['', '--minify'] }, KUBE_LEAF_SHORT, { ...flagged('minify', 'merge'), raw: 'optional', flatten: 'optional' }),
        'current-context': kube({ plain: [''] }),
        'get-contexts': kube({ plain: [''] }),
        'use-context': kube({ plain: ['dev'] }),
        ...kubeLeaves('get-clusters get-users'),
        'set-context': kube({ operands: [KUBECONFIG_WRITE] }),
        'rename-context': kube({ operands: [KUBECONFIG_WRITE] }),
        'set-cluster': kube({ options: [{ role: 'network', options: ['--server'], example: 'https://203.0.113.5:6443', note: '--server points the saved cluster at another API server' }], operands: [KUBECONFIG_WRITE] }),
        'set-credentials': kube({ options: [{ role: 'loader', options: ['--exec-command'], example: '/tmp/x', note: '--exec-command saves a credential program kubectl will run' }], operands: [KUBECONFIG_WRITE] }, KUBE_LEAF_SHORT, valued('exec-command', 'exec-api-version', 'exec-arg', 'exec-env', 'auth-provider', 'auth-provider-arg', 'client-certificate', 'client-key', 'token')),
        'delete-context': kube({ role: DESTROY('deletes a context from the kubeconfig') }),
        'delete-cluster': kube({ role: DESTROY('deletes a cluster from the kubeconfig') }),
        'delete-user': kube({ role: DESTROY('deletes a user from the kubeconfig') }),
      },
      plain: ['view', 'current-context'],
    }),
    apply: kube({ options: [KUBE_FILE_URL, { role: 'destructive', options: ['--prune'], when: on, note: '--prune deletes every object the manifests no longer name' }, { role: 'destructive', options: ['--force'], when: on, note: '--force deletes and recreates objects it cannot update' }], plain: ['-f deploy.yaml', '-k overlays/dev'] }),
    create: kube({
      options: [KUBE_FILE_URL],
      // `kubectl create token SA` prints a new service-account token (a bearer credential for the cluster).
      read: (_args, reading) => (reading.operands[0]?.kind === 'literal' && reading.operands[0].value === 'token' ? [{ role: 'credentials', program: 'kubectl create', trigger: 'token', index: reading.operandIndexes[0]!, value: null, everyday: true, note: 'kubectl create token prints a service account\'s bearer token' }] : []),
      plain: ['-f job.yaml', 'namespace dev'],
    }),
    replace: kube({ options: [KUBE_FILE_URL, { role: 'destructive', options: ['--force'], when: on, note: '--force deletes the objects and creates them again' }], plain: ['-f deploy.yaml'] }),
    delete: kube({ role: DESTROY('deletes objects from the cluster') }),
    drain: kube({ role: DESTROY('evicts every pod from a node') }),
    cordon: kube({ role: DESTROY('stops new pods from being scheduled on a node') }),
    taint: kube({ role: DESTROY('changes which pods a node accepts (and may evict them)') }),
    exec: kube({
      // The command follows `--`; kubectl before 1.20-something also took it without one.
      read: commandAfterTarget('kubectl exec', 'runs the command inside a container of the pod', KUBE_VALUED),
      // A running pod's own volumes and privileges are not on the line: an entry names the pod it
      // trusts (`kubectl exec web-0`). Persistent flags (`--kubeconfig`, `-s`) are not listed.
      confined: { options: ['-i', '--stdin', '-t', '--tty', '-q', '--quiet', '-c', '--container', '-n', '--namespace', '--pod-running-timeout'], spelledBy: 'instance' },
    }, KUBE_LEAF_SHORT, {}, true),
    attach: kube({ role: { role: 'executor', note: 'attaches this terminal to the main process of a container in the pod' } }),
    debug: kube({
      role: { role: 'executor', note: 'starts a debugging container (on a node: with the node\'s file system and processes) and attaches to it' },
      read: afterDashDash('kubectl debug', 'runs the command after -- in a debugging container'),
      // A node's debugging pod gets the node's root folder at /host (and its processes).
      container: { command: 'after-dash-dash', volumes: [], mounts: [], workdir: [], fixed: (operands) => (operands.some((text) => text === null || text.startsWith('node/')) ? [{ inside: '/host', host: '/' }] : []) },
    }, KUBE_LEAF_SHORT, {}, true),
    // A kubectl plugin (kubectl-node-shell, on the PATH) that starts a privileged pod entering the
    // node's own namespaces: a root shell on the node, which runs the command after `--`. Its role
    // stays the plugin's (a loader, as for any plugin: an entry naming it covers it); the floors
    // read the command where it runs.
    'node-shell': kube({
      role: { role: 'loader', note: 'runs the kubectl-node-shell plugin: a root shell (or the command after --) in the node\'s own namespaces' },
      container: { command: 'after-dash-dash', volumes: [], mounts: [], workdir: [], hostNamespaces: true },
    }, `${KUBE_LEAF_SHORT}xm`, { ...valued('image', 'mount') }, true),
    run: kube({
      options: [
        { role: 'destructive', options: ['--privileged'], when: on, note: '--privileged runs the pod with every privilege of its node' },
        { role: 'destructive', options: ['--overrides'], example: '{"spec":{"hostPID":true}}', note: '--overrides sets any field of the pod, privileged and host-sharing ones too' },
      ],
      // No wrapper role: `kubectl run NAME --image=X` without `--` runs the image's own command.
      read: afterDashDash('kubectl run', 'runs the command after -- in a new pod'),
      container: { command: 'after-dash-dash', volumes: [], mounts: [], workdir: [], devices: ['--privileged'], podSpec: ['--overrides'] },
      // A new pod of the image on the cluster: without `--overrides` (any field of the pod, host
      // paths and namespaces too) and `--privileged` it reaches nothing of a node.
      confined: { options: ['--image', '--rm', '-i', '--stdin', '-t', '--tty', '-q', '--quiet', '--restart', '-l', '--labels', '-n', '--namespace', '--command', '--image-pull-policy', '--attach', '--pod-running-timeout'], values: { '--env': valueOnLine }, spelledBy: 'runner' },
      plain: ['web --image=nginx'],
    }, KUBE_LEAF_SHORT, {}, true),
    cp: kube({ operands: [{ role: 'writer', operand: 'last', when: (v) => v === null || !/^[^/]*:/.test(v), everyday: true, target: 'file', example: 'out.txt', note: 'copies out of a pod into this path of the machine (replacing a file there)' }] }),
    'port-forward': kube({ options: [{ role: 'listener', options: ['--address'], when: openAddress, example: '0.0.0.0', note: '--address opens the forwarded port on a network address, not only this machine' }], plain: ['svc/web 8080:80', 'pod/db 5432'] }),
    proxy: kube({
      options: [
        { role: 'listener', options: ['--address'], when: openAddress, example: '0.0.0.0', note: '--address serves the cluster API on a network address' },
        { role: 'listener', options: ['--accept-hosts'], example: '.*', note: '--accept-hosts lets other hosts use the API proxy' },
        { role: 'listener', options: ['--disable-filter'], when: on, note: '--disable-filter lets the proxy pass any request, exec and attach too' },
        { role: 'listener', options: ['-w', '--www'], example: '/', note: '-w serves a local folder over the proxy' },
      ],
      plain: ['', '--port=8001'],
    }, 'pPwu', { ...valued('accept-hosts', 'accept-paths', 'api-prefix', 'reject-methods', 'reject-paths', 'unix-socket', 'www', 'www-prefix', 'keepalive', 'append-server-path'), ...flagged('disable-filter') }),
    plugin: kube({ plain: ['list'] }),
    rollout: kube({ subcommands: { ...kubeLeaves('history pause restart resume status'), undo: kube({ role: DESTROY('rolls a workload back to an earlier revision') }) }, plain: ['status deploy/web', 'history deploy/web', 'restart deploy/web'] }),
    // Objects changed in the cluster, as `apply` changes them. Not listed: `kustomize` (its
    // `--enable-alpha-plugins`/`--enable-exec` run programs), `alpha`, `config set` (it can save a
    // credential program to run), `set env` (`--resolve` prints the values of secrets).
    ...kubeLeaves('annotate api-versions autoscale completion expose label options patch scale uncordon'),
    edit: kube({ role: { role: 'executor', note: 'kubectl edit opens the object in the editor KUBE_EDITOR or EDITOR names' } }),
    auth: kube({ subcommands: kubeLeaves('can-i reconcile whoami'), plain: ['can-i get pods', 'whoami'] }),
    certificate: kube({ subcommands: kubeLeaves('approve deny') }),
    set: kube({ subcommands: kubeLeaves('image resources selector serviceaccount subject'), plain: ['image deploy/web app=nginx:1.27'] }),
  },
  plain: ['get pods', 'get pods -n kube-system -o wide', 'describe pod web-1', 'logs -f deploy/web', 'apply -f deploy.yaml', 'config current-context'],
};

/**
 * OpenShift's `oc` is kubectl with OpenShift's own commands added: kubectl's subcommands are read
 * by kubectl's rows (`oc debug node/N -- chroot /host …` maps the node's root at /host, as
 * `kubectl debug node/N` does); the names below are oc's own, not plugins.
 */
const OC_KNOWN = new Set([
  ...KUBE_KNOWN, 'adm', 'login', 'logout', 'whoami', 'project', 'projects', 'new-project', 'new-app', 'new-build', 'start-build', 'cancel-build',
  'import-image', 'tag', 'status', 'rsh', 'rsync', 'process', 'extract', 'idle', 'image', 'observe', 'policy', 'registry', 'secrets',
  'serviceaccounts', 'get-token', 'request-token', 'set-data',
]);

const OC_BODY: Command = {
  ...KUBECTL_BODY,
  // `oc whoami -t` (`--show-token`) prints the session's bearer token.
  subcommands: {
    ...KUBECTL_BODY.subcommands,
    whoami: kube({ options: [{ role: 'credentials', options: ['-t', '--show-token'], everyday: true, note: '-t prints the session\'s bearer token' }] }, KUBE_LEAF_SHORT, { 'show-token': 'flag', 'show-server': 'flag', 'show-context': 'flag', 'show-console': 'flag' }),
  },
  operands: [{ role: 'loader', operand: 0, when: (v) => v === null || !OC_KNOWN.has(v), example: 'evilplugin', note: 'an unknown subcommand runs the oc-NAME or kubectl-NAME plugin of that name from the PATH' }],
  plain: ['get pods', 'get nodes -o wide', 'describe pod web-1', 'logs -f deploy/web', 'status', 'whoami'],
};

// ---------------------------------------------------------------------------------------------
// helm

const HELM_GLOBAL_LONG = {
  ...valued('burst-limit', 'kube-apiserver', 'kube-as-group', 'kube-as-user', 'kube-ca-file', 'kube-context', 'kube-tls-server-name', 'kube-token', 'kubeconfig', 'namespace', 'qps', 'registry-config', 'repository-cache', 'repository-config', 'content-cache', 'color', 'colour'),
  ...flagged('debug', 'help', 'kube-insecure-skip-tls-verify'),
};
const HELM_GLOBAL_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['--kube-apiserver'], example: 'https://203.0.113.5:6443', note: '--kube-apiserver sends the request (and credentials) to another API server' },
  { role: 'loader', options: ['--kubeconfig'], example: '/tmp/kubeconfig', note: '--kubeconfig loads a configuration whose credential plugins are programs helm runs' },
  { role: 'destructive', options: ['--kube-insecure-skip-tls-verify'], when: on, note: 'talks to the API server without checking its certificate' },
];
function helm(extra: Partial<Command> = {}, long: Record<string, Arity> = {}, short = ''): Command {
  return {
    grammar: { short: `n${short}`, flags: 'agq', long: { ...HELM_GLOBAL_LONG, ...valued('output', 'values', 'set', 'set-string', 'set-file', 'set-json', 'set-literal', 'version', 'repo', 'timeout', 'post-renderer', 'post-renderer-args', 'description', 'username', 'password', 'ca-file', 'cert-file', 'key-file', 'keyring', 'name-template', 'labels', 'revision', 'destination', 'untardir', 'filter', 'max', 'offset', 'selector', 'cascade', 'api-versions', 'kube-version', 'output-dir', 'show-only', 'release-name'), ...flagged('install', 'atomic', 'wait', 'wait-for-jobs', 'create-namespace', 'dry-run', 'force', 'reset-values', 'reuse-values', 'reset-then-reuse-values', 'all-namespaces', 'generate-name', 'devel', 'dependency-update', 'disable-openapi-validation', 'no-hooks', 'skip-crds', 'insecure-skip-tls-verify', 'plain-http', 'pass-credentials', 'keep-history', 'cleanup-on-fail', 'verify', 'untar', 'all', 'include-crds', 'validate', 'rollback-on-failure', 'take-ownership'), ...long }, abbreviations: false },
    ...extra,
    options: [...HELM_GLOBAL_ROLES, ...(extra.options ?? [])],
  };
}
const HELM_INSTALL_ROLES: readonly OptionRole[] = [
  { role: 'executor', options: ['--post-renderer'], payload: 'program', example: './render.sh', note: '--post-renderer runs a program of this machine over the rendered manifests' },
];
const HELM_KNOWN = new Set(['completion', 'create', 'dependency', 'dep', 'dependencies', 'env', 'get', 'help', 'history', 'hist', 'install', 'lint', 'list', 'ls', 'package', 'plugin', 'pull', 'fetch', 'push', 'registry', 'repo', 'rollback', 'search', 'show', 'inspect', 'status', 'template', 'test', 'uninstall', 'delete', 'del', 'un', 'upgrade', 'verify', 'version']);
const HELM_UNINSTALL = helm({ role: DESTROY('uninstalls a release and deletes its objects from the cluster') });

/** Helm's list of chart repositories (with their credentials), in the user's configuration. */
const HELM_REPOSITORIES = '~/.config/helm/repositories.yaml';
const HELM_BODY: Command = {
  grammar: { short: 'n', long: HELM_GLOBAL_LONG, abbreviations: false },
  options: HELM_GLOBAL_ROLES,
  operands: [{ role: 'loader', operand: 0, when: (v) => v === null || !HELM_KNOWN.has(v), example: 'evilplugin', note: 'an unknown subcommand runs the helm plugin of that name' }],
  subcommands: {
    install: helm({ options: HELM_INSTALL_ROLES, plain: ['web ./chart -f values.yaml', 'web bitnami/nginx --version 15.0.0 -n prod'] }),
    upgrade: helm({ options: HELM_INSTALL_ROLES, plain: ['web ./chart --install -f values.yaml'] }),
    template: helm({ options: [...HELM_INSTALL_ROLES, { role: 'writer', options: ['--output-dir'], example: 'out', note: '--output-dir writes the rendered manifests to files' }], plain: ['web ./chart -f values.yaml'] }),
    uninstall: HELM_UNINSTALL,
    delete: HELM_UNINSTALL,
    del: HELM_UNINSTALL,
    un: HELM_UNINSTALL,
    rollback: helm({ role: DESTROY('rolls a release back to an earlier revision') }),
    list: helm({ plain: ['', '-A', '-n prod'] }),
    ls: helm({ plain: [''] }),
    status: helm({ plain: ['web'] }),
    history: helm({ plain: ['web'] }),
    get: helm({ plain: ['values web', 'manifest web'] }),
    show: helm({ plain: ['values bitnami/nginx'] }),
    lint: helm({ plain: ['./chart'] }),
    search: helm({ plain: ['repo nginx'] }),
    version: helm({ plain: [''] }),
    pull: helm({ options: [{ role: 'writer', options: ['-d', '--destination', '--untardir'], example: 'charts', note: 'writes the downloaded chart into that folder' }], plain: ['bitnami/nginx --untar'] }, {}, 'd'),
    package: helm({ options: [{ role: 'writer', options: ['-d', '--destination'], example: 'dist', note: '-d writes the chart archive into that folder' }], plain: ['./chart'] }, {}, 'd'),
    repo: helm({ subcommands: { add: helm({ read: () => [writes('helm', 'repo add', HELM_REPOSITORIES, 'file', 'helm repo add writes the repository (and its credentials) into ~/.config/helm/repositories.yaml, which later installs fetch charts from')] }), remove: helm({ role: DESTROY('removes a chart repository'), read: () => [writes('helm', 'repo remove', HELM_REPOSITORIES, 'file', 'helm repo remove rewrites ~/.config/helm/repositories.yaml')] }), update: helm({ plain: [''] }), list: helm({ plain: [''] }) }, plain: ['list', 'update'] }),
    plugin: helm({ subcommands: { install: helm({ role: { role: 'loader', note: 'installs a helm plugin, a program helm will run' } }), update: helm({ role: { role: 'loader', note: 'replaces a helm plugin with a downloaded one, a program helm will run' } }), list: helm({ plain: [''] }), ls: helm({ plain: [''] }), uninstall: helm({ role: DESTROY('removes a helm plugin') }) }, plain: ['list'] }),
    dependency: helm({ plain: ['update ./chart', 'build ./chart'] }),
    test: helm({ role: { role: 'executor', note: 'runs the release\'s test pods in the cluster' } }),
    // Aliases (helm's own), and commands that only read, print or make a chart in the workspace.
    // Not listed: `push` (uploads a chart). `registry login` sends the password to the registry, as `docker login` does.
    ...Object.fromEntries(['dep', 'dependencies'].map((name) => [name, helm({ plain: ['update ./chart'] })])),
    ...Object.fromEntries(['completion', 'create', 'env', 'hist', 'inspect', 'verify'].map((name) => [name, helm()])),
    registry: helm({ subcommands: { login: helm({ operands: [{ role: 'network', operand: 0, example: 'registry.example.com', note: 'logs in to (and sends credentials to) the registry named' }] }, valued('username', 'password', 'cert-file', 'key-file', 'ca-file'), 'up'), logout: helm() } }),
  },
  plain: ['list -A', 'status web', 'install web ./chart', 'upgrade --install web ./chart -f values.yaml', 'repo update', 'version'],
};

// ---------------------------------------------------------------------------------------------
// terraform, tofu (Go flags: `-name=value` or `-name value`, one dash or two).

/** `-backend-config=KEY=VALUE` naming where the state lives (a backend file is the project's own). */
function backendEndpoint(value: string | null): boolean {
  if (value === null) return true;
  if (isUrl(value)) return true;
  return /^\s*(address|endpoint|endpoints|url|host|hostname|server|bucket|storage_account_name|conn_str|region|organization|lock_address|unlock_address|sts_endpoint|dynamodb_endpoint|iam_endpoint)\s*=/i.test(value);
}

const TF_LONG = {
  ...valued('chdir', 'var', 'var-file', 'target', 'replace', 'out', 'state', 'state-out', 'backup', 'lock-timeout', 'parallelism', 'backend-config', 'plugin-dir', 'from-module', 'lockfile', 'test-directory', 'filter', 'generate-config-out', 'input', 'lock', 'refresh', 'get', 'backend', 'upgrade', 'list', 'write', 'diff', 'check', 'recursive', 'json', 'raw', 'type', 'draw-cycles', 'module-depth', 'plan', 'provider', 'platform', 'fs-mirror', 'net-mirror', 'enable-plugin-cache', 'ignore-remote-version', 'allow-missing-config', 'allow-missing', 'force-copy', 'migrate-state', 'reconfigure', 'cloud', 'destroy', 'refresh-only', 'auto-approve', 'compact-warnings', 'no-color', 'detailed-exitcode', 'verbose', 'force', 'light', 'concise', 'deep', 'allow-empty'),
  ...flagged('help', 'version', 'h', 'v'),
};

/** Terraform booleans take `=false`: a bare `-auto-approve` is on. The grammar reads them as valued, so the value is attached or absent. */
const TF_BOOL = new Set(['input', 'lock', 'refresh', 'get', 'backend', 'upgrade', 'list', 'write', 'diff', 'check', 'recursive', 'json', 'raw', 'draw-cycles', 'enable-plugin-cache', 'ignore-remote-version', 'allow-missing-config', 'allow-missing', 'force-copy', 'migrate-state', 'reconfigure', 'destroy', 'refresh-only', 'auto-approve', 'compact-warnings', 'no-color', 'detailed-exitcode', 'verbose', 'force', 'light', 'concise', 'deep', 'allow-empty']);
const TF_GRAMMAR: Grammar = {
  singleDash: true,
  abbreviations: false,
  long: Object.fromEntries(Object.entries(TF_LONG).map(([k, v]) => [k, TF_BOOL.has(k) ? 'optional' : v])),
};

const TF_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['-backend-config', '--backend-config'], when: backendEndpoint, example: 'address=https://203.0.113.5/state', note: '-backend-config points the state (and its secrets) at another server' },
  { role: 'loader', options: ['-plugin-dir', '--plugin-dir'], example: '/tmp/plugins', note: '-plugin-dir loads provider programs from that folder' },
  { role: 'network', options: ['-from-module', '--from-module'], example: 'git::https://example.com/mod.git', note: '-from-module downloads a module (code terraform will run) from that source' },
];

const TF_APPLY_ROLES: readonly OptionRole[] = [
  ...TF_ROLES,
  { role: 'destructive', options: ['-auto-approve', '--auto-approve'], when: on, note: '-auto-approve changes (and may destroy) infrastructure without asking' },
  { role: 'destructive', options: ['-destroy', '--destroy'], when: on, note: '-destroy plans the destruction of every resource' },
  { role: 'writer', options: ['-state-out', '--state-out', '-backup', '--backup'], example: 'other.tfstate', note: 'writes the state to another file' },
];

function tf(extra: Partial<Command> = {}): Command {
  return { grammar: TF_GRAMMAR, ...extra, options: [...TF_ROLES, ...(extra.options ?? [])] };
}

// Terraform runs the providers and provisioners the project's own .tf files name (`local-exec`,
// the `external` data source): that is its everyday job, like `make` running a Makefile.
const TERRAFORM_BODY: Command = {
  grammar: { ...TF_GRAMMAR, stopAtOperand: true },
  options: TF_ROLES,
  subcommands: {
    init: tf({ plain: ['', '-upgrade', '-backend-config=dev.hcl', '-input=false -reconfigure'] }),
    validate: tf({ plain: ['', '-json'] }),
    plan: tf({ options: [...TF_APPLY_ROLES, { role: 'writer', options: ['-out', '--out'], everyday: true, example: 'tfplan', note: '-out writes the plan to a file' }], plain: ['', '-var-file=dev.tfvars -var region=eu-west-1', '-target=module.web'] }),
    apply: tf({
      options: TF_APPLY_ROLES,
      operands: [{ role: 'destructive', operand: 0, example: 'tfplan', note: 'applies a saved plan without asking' }],
      plain: ['', '-var-file=dev.tfvars', '-auto-approve=false'],
    }),
    destroy: tf({ role: DESTROY('destroys every resource of the configuration'), options: TF_APPLY_ROLES }),
    refresh: tf({ plain: [''] }),
    import: tf({ plain: ['aws_instance.web i-123'] }),
    console: tf({ plain: [''] }),
    fmt: tf({ plain: ['', '-check -recursive'] }),
    output: tf({ plain: ['', '-json', '-raw url'] }),
    show: tf({ plain: ['', '-json tfplan'] }),
    providers: tf({ plain: [''] }),
    graph: tf({ plain: [''] }),
    version: tf({ plain: [''] }),
    get: tf({ plain: [''] }),
    test: tf({ plain: [''] }),
    login: tf({ operands: [{ role: 'network', operand: 0, example: 'tf.example.com', note: 'logs in to (and stores a token for) the host named' }], plain: [''] }),
    'force-unlock': tf({ role: DESTROY('removes the state lock another run may hold') }),
    taint: tf({ role: DESTROY('marks a resource to be destroyed and recreated') }),
    untaint: tf({ plain: ['aws_instance.web'] }),
    modules: tf({ plain: ['', '-json'] }),
    metadata: tf({ subcommands: { functions: tf({ plain: ['-json'] }) } }),
    workspace: tf({ subcommands: { delete: tf({ role: DESTROY('deletes a workspace and its state') }), list: tf({ plain: [''] }), show: tf({ plain: [''] }), select: tf({ plain: ['dev'] }), new: tf({ plain: ['dev'] }) }, plain: ['list', 'show'] }),
    state: tf({
      subcommands: {
        rm: tf({ role: DESTROY('removes resources from the state') }),
        push: tf({ role: DESTROY('overwrites the remote state') }),
        mv: tf({ role: DESTROY('moves resources in the state') }),
        'replace-provider': tf({ role: DESTROY('rewrites the provider of resources in the state') }),
        list: tf({ plain: [''] }),
        show: tf({ plain: ['aws_instance.web'] }),
        pull: tf({ plain: [''] }),
      },
      plain: ['list', 'show aws_instance.web'],
    }),
  },
  plain: ['init', 'plan', 'validate', 'fmt -check', '-chdir=infra plan'],
};

// ---------------------------------------------------------------------------------------------
// aws (options anywhere after the service; values with `--name value` or `--name=value`; argparse,
// which takes an unambiguous abbreviation of a long option: awscli's parsers keep that default).

const AWS_GLOBAL_LONG = {
  ...valued('endpoint-url', 'output', 'query', 'profile', 'region', 'color', 'ca-bundle', 'cli-read-timeout', 'cli-connect-timeout', 'cli-binary-format', 'cli-input-json', 'cli-input-yaml', 'generate-cli-skeleton', 'page-size', 'max-items', 'starting-token'),
  ...flagged('debug', 'no-verify-ssl', 'no-paginate', 'version', 'no-sign-request', 'no-cli-pager', 'cli-auto-prompt', 'no-cli-auto-prompt', 'help'),
};
const AWS_GLOBAL_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['--endpoint-url'], example: 'https://203.0.113.5', note: '--endpoint-url sends the request (signed with the credentials) to another server' },
  { role: 'destructive', options: ['--no-verify-ssl'], note: '--no-verify-ssl talks to the service without checking its certificate' },
];

/** Operations that delete, stop or take away. */
const AWS_DELETE = /^(delete|terminate|remove|deregister|destroy|purge|revoke|cancel|stop|reboot|disable|reset|detach|disassociate|release|deactivate|abort|empty|schedule-key-deletion|batch-delete|force-delete)(-|$)/;
/** Operations that hand out access or open resources to the world. */
const AWS_GRANT = /^(attach-[a-z-]*policy|put-[a-z-]*policy|put-bucket-acl|put-object-acl|create-access-key|create-login-profile|update-login-profile|update-assume-role-policy|authorize-security-group-(ingress|egress)|add-permission|add-role-to-instance-profile|add-user-to-group|modify-[a-z-]*-attribute|set-[a-z-]*policy|update-function-code|put-public-access-block)$/;
/** Operations that run commands somewhere. */
const AWS_RUN = /^(send-command|start-session|execute-command|send-ssh-public-key|send-serial-console-ssh-public-key|invoke|invoke-async|run-task|start-automation-execution)$/;

/**
 * Operations that print a secret: a registry password or token, temporary credentials, a stored
 * secret's value, a new access key (also a grant, below).
 */
const AWS_SECRET = /^(get-login-password|get-authorization-token|get-session-token|get-federation-token|assume-role|assume-role-with-saml|assume-role-with-web-identity|get-secret-value|batch-get-secret-value|create-access-key|decrypt)$/;
/** Parameter Store reads that print SecureString values decrypted when given `--with-decryption`. */
const AWS_PARAMETER_READ = /^(get-parameter|get-parameters|get-parameters-by-path|get-parameter-history)$/;

function awsOperationForms(program: string, operation: string | null, index: number, decrypting = false): Form[] {
  if (operation === null) return [];
  if (AWS_SECRET.test(operation) || (decrypting && AWS_PARAMETER_READ.test(operation))) {
    const secret: Form = { role: 'credentials', program, trigger: operation, index, value: null, everyday: true, note: 'prints credentials or a secret (a token, a password, a secret key)' };
    // `iam create-access-key` also grants: both forms.
    return AWS_GRANT.test(operation) ? [secret, { role: 'destructive', program, trigger: operation, index, value: null, note: 'grants access to cloud resources or opens them to others' }] : [secret];
  }
  if (AWS_RUN.test(operation)) return [{ role: 'executor', program, trigger: operation, index, value: null, note: 'runs a command or code on a cloud machine or function' }];
  if (AWS_DELETE.test(operation)) return [{ role: 'destructive', program, trigger: operation, index, value: null, note: 'deletes, stops or takes away cloud resources' }];
  if (AWS_GRANT.test(operation)) return [{ role: 'destructive', program, trigger: operation, index, value: null, note: 'grants access to cloud resources or opens them to others' }];
  return [];
}

const AWS_SERVICE: Command = {
  grammar: { long: AWS_GLOBAL_LONG },
  options: AWS_GLOBAL_ROLES,
  read: (args, reading) => {
    const word = reading.operands[0];
    if (word === undefined) return [];
    const decrypting = args.some((arg) => arg.kind === 'literal' && arg.value === '--with-decryption');
    return awsOperationForms('aws', word.kind === 'literal' ? word.value : null, reading.operandIndexes[0]!, decrypting);
  },
  plain: ['describe-instances', 'describe-instances --filters Name=tag:env,Values=dev --output table', 'list-functions --region eu-west-1', 'get-caller-identity'],
};

function aws(extra: Partial<Command> = {}, long: Record<string, Arity> = {}): Command {
  return { grammar: { long: { ...AWS_GLOBAL_LONG, ...valued('include', 'exclude', 'acl', 'storage-class', 'sse', 'sse-kms-key-id', 'content-type', 'cache-control', 'expires', 'metadata', 'grants', 'website-redirect', 'expected-size', 'source-region', 'request-payer', 'sse-c', 'sse-c-key', 'checksum-algorithm', 'expires-in', 'metadata-directive'), ...flagged('recursive', 'dryrun', 'quiet', 'only-show-errors', 'follow-symlinks', 'no-follow-symlinks', 'exact-timestamps', 'size-only', 'human-readable', 'summarize', 'force', 'no-progress', 'delete', 'no-guess-mime-type'), ...long } }, ...extra, options: [...AWS_GLOBAL_ROLES, ...(extra.options ?? [])] };
}

/** `aws s3 cp/sync/mv SRC DST` with DST in a bucket: SRC (a local path, `-` for the input) is uploaded. */
const S3_UPLOADS = uploadsToRemote((t) => /^s3:\/\//.test(t), 'uploads this local file or folder (`-`: the input) to S3');
/** `gsutil cp`, `gcloud storage cp` to a bucket. */
const GCS_UPLOADS = uploadsToRemote((t) => /^(gs|s3):\/\//.test(t), 'uploads this local file or folder (`-`: the input) to a bucket');

/** `aws s3 cp SRC DST`: DST a local path (not `s3://`). */
const S3_LOCAL_TARGET: OperandRole = { role: 'writer', operand: 'last', when: (v) => v === null || (v !== '-' && !/^s3:\/\//.test(v)), everyday: true, example: 'out.txt', note: 'downloads into this path of the machine' };

// Services read as the others are (their operations by name, above); not listed, those whose
// operations print credentials the names above miss (`sso get-role-credentials`, `lightsail
// download-default-key-pair`, `codecommit credential-helper`) or run code (`rds-data execute-statement`).
const AWS_SERVICES = ['ec2', 'iam', 'lambda', 'rds', 'dynamodb', 'cloudformation', 'eks', 'ecs', 'ecr', 'sts', 'logs', 'sqs', 'sns', 'route53', 'secretsmanager', 'ssm', 'kms', 'cloudwatch', 's3api', 'organizations', 'elbv2', 'autoscaling', 'cloudfront', 'apigateway', 'kinesis', 'glue', 'athena', 'stepfunctions', 'events', 'ec2-instance-connect', 'elasticache', 'efs', 'sagemaker', 'codebuild', 'codepipeline', 'acm', 'cognito-idp', 'batch', 'emr',
  'account', 'apigatewayv2', 'application-autoscaling', 'budgets', 'ce', 'cloudtrail', 'configservice', 'dynamodbstreams', 'ecr-public', 'elb', 'es', 'firehose', 'guardduty', 'health', 'inspector2', 'kafka', 'opensearch', 'pricing', 'resourcegroupstaggingapi', 'route53domains', 'scheduler', 'securityhub', 'service-quotas', 'wafv2', 'xray'];

/** `aws configure get NAME`: the settings that are secrets (`profile.dev.aws_secret_access_key` too); the key id is not one. */
const AWS_SECRET_SETTING = /(^|\.)(aws_secret_access_key|aws_session_token|aws_security_token)$/;

// `aws help` pages through less (whose `!` runs a shell) only on a terminal; an agent has none.
const AWS_BODY: Command = {
  grammar: { long: AWS_GLOBAL_LONG },
  options: AWS_GLOBAL_ROLES,
  // A service the table does not list: its operation is the word after the service.
  read: (args, reading) => {
    const service = reading.operands[0];
    if (service === undefined || service.kind !== 'literal' || service.value === 's3' || AWS_SERVICES.includes(service.value) || service.value === 'configure') return [];
    const rest = readArgsAfter(args, reading.operandIndexes[0]! + 1, AWS_GLOBAL_LONG);
    return rest === null ? [] : awsOperationForms('aws', rest.text, rest.index);
  },
  subcommands: {
    ...Object.fromEntries(AWS_SERVICES.map((name) => [name, AWS_SERVICE])),
    s3: aws({
      subcommands: {
        ls: aws({ plain: ['', 's3://bucket/prefix/ --recursive'] }),
        cp: aws({ operands: [S3_LOCAL_TARGET], read: S3_UPLOADS, plain: ['s3://bucket/key.txt -'] }),
        sync: aws({ operands: [S3_LOCAL_TARGET], read: S3_UPLOADS, options: [{ role: 'destructive', options: ['--delete'], removesOperands: 'last', note: '--delete deletes files at the target that the source does not have' }] }),
        mv: aws({ role: DESTROY('moves objects, deleting them at the source'), read: S3_UPLOADS }),
        rm: aws({ role: DESTROY('deletes objects from a bucket') }),
        rb: aws({ role: DESTROY('deletes a bucket') }),
        mb: aws({ plain: ['s3://new-bucket'] }),
        presign: aws({ plain: ['s3://bucket/key'] }),
        website: aws({ role: { role: 'listener', note: 'serves a bucket as a public website' } }),
      },
      plain: ['ls', 'ls s3://bucket/'],
    }),
    configure: aws({
      subcommands: {
        list: aws({ plain: [''] }),
        get: aws({
          operands: [{ role: 'credentials', operand: 0, when: (v) => v !== null && AWS_SECRET_SETTING.test(v), everyday: true, example: 'aws_secret_access_key', note: 'prints a secret setting (the secret access key or the session token)' }],
          plain: ['region', 'output', 'aws_access_key_id', 'profile.dev.region'],
        }),
        'export-credentials': aws({ role: printsSecret('prints the profile\'s credentials, the secret key included') }, valued('format')),
        set: aws({ role: { role: 'writer', note: 'writes a setting or credential into the AWS configuration' } }),
      },
      plain: ['list', 'get region'],
    }),
  },
  plain: ['sts get-caller-identity', 'ec2 describe-instances --region eu-west-1', 's3 ls', '--version', 'lambda list-functions --output json'],
};

/** The first word at or after `from` that is not an option or the value of one: `[text|null, index]`. */
function readArgsAfter(args: readonly Word[], from: number, long: Readonly<Record<string, unknown>>): { text: string | null; index: number } | null {
  for (let i = from; i < args.length; i++) {
    const w = args[i]!;
    if (w.kind !== 'literal') return { text: null, index: i };
    if (w.value.startsWith('--')) {
      const name = w.value.slice(2);
      if (!name.includes('=') && long[name] === 'value') i++;
      continue;
    }
    if (w.value.startsWith('-')) continue;
    return { text: w.value, index: i };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// gcloud, az: command groups then a verb; a verb that deletes is read wherever it stands.

/** Command words (not options) with their indexes, read from the operands of a level that stops at its first operand. */
function pathWords(reading: ArgReading, long: Readonly<Record<string, unknown>>): Array<{ text: string | null; index: number }> {
  const out: Array<{ text: string | null; index: number }> = [];
  let skipNext = false;
  reading.operands.forEach((w, k) => {
    if (skipNext) {
      skipNext = false;
      return;
    }
    const index = reading.operandIndexes[k]!;
    if (w.kind !== 'literal') {
      out.push({ text: null, index });
      return;
    }
    if (w.value.startsWith('--')) {
      const name = w.value.slice(2);
      if (!name.includes('=') && long[name] === 'value') skipNext = true;
      return;
    }
    if (w.value.startsWith('-')) return;
    out.push({ text: w.value, index });
  });
  return out;
}

const DELETE_VERBS = new Set(['delete', 'remove', 'destroy', 'purge', 'reset', 'remove-iam-policy-binding', 'add-iam-policy-binding', 'set-iam-policy', 'stop', 'deallocate', 'restart', 'disable', 'revoke', 'undelete', 'abandon-instances', 'delete-instances', 'recreate-instances', 'rollback', 'cancel', 'regenerate-key', 'reset-windows-password', 'role', 'deprovision']);

function verbForms(program: string, note: string, verbs: ReadonlySet<string>, long: Readonly<Record<string, unknown>>) {
  return (_args: readonly Word[], reading: ArgReading): Form[] => {
    const words = pathWords(reading, long).slice(0, 6);
    for (const w of words) {
      if (w.text !== null && verbs.has(w.text)) return [{ role: 'destructive', program, trigger: w.text, index: w.index, value: null, note }];
    }
    return [];
  };
}

const GCLOUD_GLOBAL_LONG = {
  ...valued('account', 'billing-project', 'configuration', 'flags-file', 'flatten', 'format', 'project', 'verbosity', 'impersonate-service-account', 'access-token-file', 'trace-token', 'zone', 'region', 'filter', 'limit', 'page-size', 'sort-by', 'universe-domain'),
  ...flagged('help', 'quiet', 'log-http', 'no-user-output-enabled', 'user-output-enabled', 'verbose', 'version'),
};
function gc(extra: Partial<Command> = {}, long: Record<string, Arity> = {}): Command {
  return { grammar: { short: '', flags: 'qh', long: { ...GCLOUD_GLOBAL_LONG, ...long }, abbreviations: false }, ...extra };
}
const GCLOUD_SSH = gc({
  role: { role: 'executor', note: 'opens a shell (or runs a command) on a cloud machine over SSH' },
  options: [
    { role: 'executor', options: ['--command'], example: 'rm -rf /tmp/x', note: '--command runs that shell text on the cloud machine' },
    { role: 'executor', options: ['--ssh-flag'], when: (v) => v === null || /proxycommand|localcommand|permitlocalcommand/i.test(v), example: '-oProxyCommand=sh -c id', note: '--ssh-flag passes an SSH option that runs a local command' },
  ],
}, valued('command', 'ssh-flag', 'ssh-key-file', 'container', 'internal-ip', 'strict-host-key-checking', 'tunnel-through-iap', 'troubleshoot', 'ssh-key-expire-after'));
const GCLOUD_GROUPS: Record<string, Command> = {
  compute: gc({
    subcommands: {
      ssh: GCLOUD_SSH,
      scp: gc({ operands: [{ role: 'writer', operand: 'last', when: (v) => v === null || !/^[^/]*:/.test(v), everyday: true, target: 'file', example: 'out.txt', note: 'copies from a cloud machine into this path (replacing a file there)' }] }),
      'connect-to-serial-port': gc({ role: { role: 'executor', note: 'attaches this terminal to a cloud machine\'s serial console' } }),
      'start-iap-tunnel': gc({ options: [{ role: 'listener', options: ['--local-host-port'], when: (v) => v === null || openAddress(v.replace(/:\d+$/, '')) && !/^:?\d+$/.test(v), example: '0.0.0.0:2222', note: '--local-host-port opens the tunnel on a network address' }], plain: ['vm-1 22 --local-host-port=localhost:2222'] }, valued('local-host-port')),
      instances: gc({ plain: ['list', 'describe vm-1 --zone europe-west1-b'] }),
      // Not listed: `config-ssh` (writes ~/.ssh/config), `reset-windows-password` (prints a password), `copy-files`.
      ...Object.fromEntries(['addresses', 'disks', 'firewall-rules', 'images', 'instance-groups', 'instance-templates', 'machine-types', 'networks', 'operations', 'project-info', 'regions', 'snapshots', 'zones'].map((name) => [name, gc()])), 
    },
    plain: ['instances list', 'zones list'],
  }),
  'cloud-shell': gc({ subcommands: { ssh: GCLOUD_SSH } }),
  components: gc({ subcommands: { install: gc({ role: { role: 'loader', note: 'installs SDK components, programs gcloud will run' } }), update: gc({ role: { role: 'loader', note: 'downloads and installs new SDK components' } }), list: gc({ plain: [''] }) }, plain: ['list'] }),
  auth: gc({
    subcommands: {
      // Not listed: `login`, `revoke`, `activate-service-account`, `configure-docker` (they write the
      // credentials and settings of the user's gcloud and docker folders).
      ...Object.fromEntries(['list'].map((name) => [name, gc()])), 
      'print-access-token': gc({ role: printsSecret('prints an OAuth access token of the logged-in account') }),
      'print-identity-token': gc({ role: printsSecret('prints an identity token of the logged-in account') }),
      'application-default': gc({
        subcommands: { 'print-access-token': gc({ role: printsSecret('prints an access token of the application-default credentials') }) },
        plain: ['login'],
      }),
    },
    plain: ['list', 'login', 'application-default login'],
  }),
  config: gc({
    // Not listed: `set`, `unset`, `configurations` (they write the user's gcloud settings, which name proxies, certificate files and endpoints).
    subcommands: { ...Object.fromEntries(['get', 'get-value', 'list'].map((name) => [name, gc()])), 'config-helper': gc({ role: printsSecret('prints the active credentials, an access token included') }) },
    plain: ['list', 'get-value project', 'set project my-proj'],
  }),
  storage: gc({
    subcommands: {
      cp: gc({ read: GCS_UPLOADS }, { ...valued('content-type', 'storage-class', 'cache-control', 'manifest-path', 'exclude'), ...flagged('recursive', 'no-clobber', 'continue-on-error', 'daisy-chain', 'preserve-posix') }),
      mv: gc({ read: GCS_UPLOADS }, { ...valued('content-type', 'storage-class', 'exclude'), ...flagged('no-clobber', 'continue-on-error') }),
      rsync: gc({ read: GCS_UPLOADS }, { ...valued('exclude', 'storage-class'), ...flagged('recursive', 'delete-unmatched-destination-objects', 'checksums-only', 'dry-run', 'no-clobber') }),
      ls: gc({ plain: ['', 'gs://bucket/'] }),
      ...Object.fromEntries(['buckets', 'cat', 'du', 'hash', 'objects'].map((name) => [name, gc()])), 
    },
    plain: ['ls', 'buckets list'],
  }),
  secrets: gc({
    subcommands: {
      versions: gc({
        subcommands: { access: gc({ read: printsSecretUnless('access', 'prints the secret version\'s value', '--out-file') }, valued('secret', 'out-file')) },
        plain: ['list --secret=db'],
      }),
    },
    plain: ['list', 'describe db'],
  }),
  projects: gc({ plain: ['list', 'describe my-proj'] }),
  container: gc({ plain: ['clusters list', 'clusters get-credentials dev --region europe-west1'] }),
  // Groups whose commands read or change cloud settings in words (the verbs read above). Not
  // listed: groups with commands that upload the workspace or a local file (`builds submit`,
  // `app deploy`, `functions deploy`, `run deploy --source`), run a local client (`sql connect`),
  // or write or print keys (`iam service-accounts keys create`).
  ...Object.fromEntries(['billing', 'help', 'info', 'logging', 'organizations', 'services', 'topic', 'version'].map((name) => [name, gc()])),
};
// `gcloud help` pages through less (whose `!` runs a shell) only on a terminal; an agent has none.
const GCLOUD_BODY: Command = {
  grammar: { flags: 'qh', long: GCLOUD_GLOBAL_LONG, abbreviations: false },
  read: verbForms('gcloud', 'deletes, stops or resets cloud resources, or changes who may use them', DELETE_VERBS, GCLOUD_GLOBAL_LONG),
  options: [{ role: 'loader', options: ['--flags-file'], example: 'flags.yaml', note: '--flags-file reads more flags from a file' }],
  subcommands: { ...GCLOUD_GROUPS, alpha: gc({ subcommands: GCLOUD_GROUPS }), beta: gc({ subcommands: GCLOUD_GROUPS }) },
  plain: ['config list', 'compute instances list --project my-proj', 'auth list', 'projects list --format=json', 'version'],
};

// az reads its options with argparse (knack), which takes unambiguous abbreviations of long options.
const AZ_GLOBAL_LONG = { ...valued('output', 'query', 'subscription'), ...flagged('debug', 'help', 'only-show-errors', 'verbose', 'yes') };
function az(extra: Partial<Command> = {}, long: Record<string, Arity> = {}, short = ''): Command {
  return { grammar: { short: `o${short}`, flags: 'hy', long: { ...AZ_GLOBAL_LONG, ...valued('resource-group', 'name', 'location', 'ids', 'scripts', 'command-id', 'parameters', 'command', 'file', 'source', 'method', 'url', 'uri', 'body', 'headers', 'resource', 'uri-parameters', 'skip-authorization-header', 'output-file', 'local-user', 'ip', 'vm-name', 'private-key-file'), ...long } }, ...extra };
}
const AZ_BODY: Command = {
  grammar: { short: 'o', flags: 'h', long: AZ_GLOBAL_LONG },
  read: verbForms('az', 'deletes, stops or resets cloud resources, or changes who may use them', new Set(['delete', 'purge', 'remove', 'stop', 'deallocate', 'restart', 'reset', 'revoke', 'delete-all', 'redeploy', 'reimage']), AZ_GLOBAL_LONG),
  subcommands: {
    rest: az({
      options: [{ role: 'network', options: ['-u', '--url', '--uri'], example: 'https://203.0.113.5/x', note: '--url sends a request (with an Azure token) to that address' }, { role: 'writer', options: ['--output-file'], example: 'out.json', note: '--output-file writes the response to a file' }],
      plain: [],
    }, {}, 'mub'),
    vm: az({ subcommands: { 'run-command': az({ subcommands: { invoke: az({ role: { role: 'executor', note: 'runs a script on a cloud machine' } }), create: az({ role: { role: 'executor', note: 'runs a script on a cloud machine' } }) } }), ssh: az({ role: { role: 'executor', note: 'opens a shell on a cloud machine over SSH' } }), list: az({ plain: ['', '-o table'] }) }, plain: ['list -o table', 'show -g rg -n vm1'] }, {}, 'gn'),
    ssh: az({ subcommands: { vm: az({ role: { role: 'executor', note: 'opens a shell on a cloud machine over SSH' } }), arc: az({ role: { role: 'executor', note: 'opens a shell on a connected machine over SSH' } }) } }),
    aks: az({ subcommands: { ...Object.fromEntries(['list', 'show'].map((name) => [name, az()])), command: az({ subcommands: { invoke: az({ role: { role: 'executor', note: 'runs a command in the cluster' } }) } }) }, plain: ['list', 'get-credentials -g rg -n dev'] }, {}, 'gn'),
    webapp: az({ subcommands: { ...Object.fromEntries(['list', 'show'].map((name) => [name, az()])), ssh: az({ role: { role: 'executor', note: 'opens a shell in a web app\'s container' } }) }, plain: ['list'] }, {}, 'gn'),
    extension: az({ subcommands: { add: az({ role: { role: 'loader', note: 'installs an Azure CLI extension, code az will run' } }), list: az({ plain: [''] }), ...Object.fromEntries(['list-available', 'remove', 'show'].map((name) => [name, az()])), }, plain: ['list'] }, {}, 'n'),
    account: az({ subcommands: { ...Object.fromEntries(['list', 'list-locations', 'show'].map((name) => [name, az()])), 'get-access-token': az({ role: printsSecret('prints an access token of the logged-in account') }, valued('resource', 'resource-type', 'scope', 'tenant')) }, plain: ['show', 'list -o table'] }),
    keyvault: az({ subcommands: { ...Object.fromEntries(['list', 'show'].map((name) => [name, az()])), secret: az({ subcommands: { ...Object.fromEntries(['list'].map((name) => [name, az()])), show: az({ role: printsSecret('prints a Key Vault secret with its value') }) }, plain: ['list --vault-name v'] }) }, plain: ['list'] }, valued('vault-name', 'id', 'version')),
    storage: az({
      subcommands: {
        blob: az({
          subcommands: {
            upload: az({ options: [{ role: 'network', options: ['-f', '--file'], sends: true, everyday: true, example: 'report.pdf', note: 'az storage blob upload uploads that file to a storage container' }] }, valued('container-name', 'account-name', 'account-key', 'connection-string', 'sas-token', 'content-type', 'type', 'tier'), 'fcn'),
            'upload-batch': az({ options: [{ role: 'network', options: ['-s', '--source'], sends: true, everyday: true, example: 'dist', note: 'az storage blob upload-batch uploads that folder to a storage container' }] }, valued('destination', 'account-name', 'account-key', 'connection-string', 'sas-token', 'pattern', 'destination-path'), 'sd'),
          },
          plain: ['list -c c --account-name a'],
        }),
        file: az({
          subcommands: {
            upload: az({ options: [{ role: 'network', options: ['--source'], sends: true, everyday: true, example: 'report.pdf', note: 'az storage file upload uploads that file to a file share' }] }, valued('share-name', 'account-name', 'account-key', 'connection-string', 'sas-token', 'path')),
            'upload-batch': az({ options: [{ role: 'network', options: ['-s', '--source'], sends: true, everyday: true, example: 'dist', note: 'az storage file upload-batch uploads that folder to a file share' }] }, valued('destination', 'account-name', 'account-key', 'connection-string', 'sas-token', 'pattern', 'destination-path'), 'sd'),
          },
        }),
      },
      plain: ['account list'],
    }),
    group: az({ plain: ['list', 'show -n rg'] }, {}, 'gn'),
    // Groups whose commands read or change Azure resources in words (the verbs read above). Not
    // listed: groups that upload the workspace or a file, run a local client or a downloaded
    // program (`acr build`, `functionapp deploy`, `bicep`, `postgres ... connect`, `interactive`),
    // or print keys and passwords (`ad sp create-for-rbac`, `cosmosdb keys list`).
    ...Object.fromEntries(['cloud', 'feedback', 'find', 'lock', 'monitor', 'policy', 'provider', 'resource', 'tag'].map((name) => [name, az()])),
    login: az({ plain: ['', '--use-device-code'] }),
    version: az({ plain: [''] }),
  },
  plain: ['account show', 'group list -o table', 'vm list', 'version', 'login'],
};

// ---------------------------------------------------------------------------------------------
// vault (Go flags, one dash: `-address=URL`; the HTTP options stand on every command).

const VAULT_HTTP_LONG = {
  ...valued('address', 'agent-address', 'ca-cert', 'ca-path', 'client-cert', 'client-key', 'header', 'mfa', 'namespace', 'ns', 'tls-server-name', 'unlock-key', 'wrap-ttl', 'format', 'field', 'policy-override', 'method', 'path', 'mount', 'version', 'versions', 'cas', 'log-level', 'config', 'dev-root-token-id', 'dev-listen-address', 'dev-plugin-dir', 'plugin-dir', 'exec', 'role', 'mode', 'policy', 'ttl', 'explicit-max-ttl', 'period', 'display-name', 'type', 'description', 'id', 'accessor', 'increment', 'key-shares', 'key-threshold', 'pgp-keys', 'root-token-pgp-key', 'recovery-shares', 'recovery-threshold', 'recovery-pgp-keys', 'sha256', 'command', 'args', 'env', 'default-lease-ttl', 'max-lease-ttl', 'audit-non-hmac-request-keys', 'audit-non-hmac-response-keys', 'listing-visibility', 'plugin-name', 'plugin-version', 'options', 'local', 'seal-wrap', 'external-entropy-access', 'public-key-path', 'private-key-path', 'host-key-mount-point', 'host-key-hostnames', 'ssh-executable', 'user-known-hosts-file', 'strict-host-key-checking', 'valid-principals', 'mount-point', 'output', 'orphan'),
  ...flagged('tls-skip-verify', 'non-interactive', 'output-curl-string', 'output-policy', 'detailed', 'dev', 'dev-tls', 'dev-ha', 'dev-transactional', 'dev-no-store-token', 'token-only', 'no-store', 'no-print', 'help', 'force', 'self', 'all', 'recursive', 'no-exec', 'init', 'status', 'cancel', 'nonce', 'verify', 'backup', 'delete-version-after', 'prefix', 'sync', 'exit-after-auth', 'dev-three-node', 'dev-four-cluster'),
};
const VAULT_GRAMMAR: Grammar = { singleDash: true, abbreviations: false, long: VAULT_HTTP_LONG };
const VAULT_GLOBAL_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['-address', '--address', '-agent-address', '--agent-address'], example: 'https://203.0.113.5:8200', note: '-address sends the request (and the token) to another Vault server' },
  { role: 'destructive', options: ['-tls-skip-verify', '--tls-skip-verify'], when: on, note: '-tls-skip-verify talks to the server without checking its certificate' },
];
function vault(extra: Partial<Command> = {}): Command {
  return { grammar: VAULT_GRAMMAR, ...extra, options: [...VAULT_GLOBAL_ROLES, ...(extra.options ?? [])] };
}
const VAULT_SERVER_ROLES: readonly OptionRole[] = [
  { role: 'loader', options: ['-config', '--config'], example: 'server.hcl', note: '-config loads a server configuration (listeners, plugins, seals)' },
  { role: 'listener', options: ['-dev-listen-address', '--dev-listen-address'], when: openAddress, example: '0.0.0.0:8200', note: '-dev-listen-address serves the dev server on a network address' },
  { role: 'loader', options: ['-dev-plugin-dir', '--dev-plugin-dir'], example: '/tmp/plugins', note: '-dev-plugin-dir loads plugin programs from that folder' },
];
const VAULT_BODY: Command = {
  grammar: VAULT_GRAMMAR,
  options: VAULT_GLOBAL_ROLES,
  subcommands: {
    login: vault({ plain: ['-method=userpass username=me', '-method=oidc'] }),
    status: vault({ plain: ['', '-format=json'] }),
    read: vault({ role: printsSecret('prints the secret (or the data) stored at that path') }),
    print: vault({ subcommands: { token: vault({ role: printsSecret('prints the token the client uses') }) } }),
    list: vault({ plain: ['secret/'] }),
    write: vault({ plain: ['secret/app password=x'] }),
    delete: vault({ role: DESTROY('deletes the secret or configuration at that path') }),
    version: vault({ plain: [''] }),
    token: vault({ subcommands: { revoke: vault({ role: DESTROY('revokes tokens (and their children)') }), lookup: vault({ role: printsSecret('prints the token\'s properties, its id (the token itself) included') }), create: vault({ role: printsSecret('creates a token and prints it') }) }, plain: ['capabilities secret/app'] }),
    lease: vault({ subcommands: { revoke: vault({ role: DESTROY('revokes leases, ending the credentials they hold') }) } }),
    kv: vault({
      subcommands: {
        get: vault({ role: printsSecret('prints the secret stored at that path, its values included') }),
        list: vault({ plain: ['secret/'] }),
        put: vault({ plain: ['secret/app password=x'] }),
        patch: vault({ plain: ['secret/app a=b'] }),
        delete: vault({ role: DESTROY('deletes the latest version of a secret') }),
        destroy: vault({ role: DESTROY('destroys secret versions for good') }),
        metadata: vault({ subcommands: { delete: vault({ role: DESTROY('deletes a secret with every version') }) }, plain: ['get secret/app'] }),
      },
      plain: ['list secret/'],
    }),
    secrets: vault({ subcommands: { disable: vault({ role: DESTROY('disables a secrets engine and deletes its data') }), list: vault({ plain: [''] }) }, plain: ['list'] }),
    auth: vault({ subcommands: { disable: vault({ role: DESTROY('disables an auth method and revokes its tokens') }), list: vault({ plain: [''] }) }, plain: ['list'] }),
    policy: vault({ subcommands: { delete: vault({ role: DESTROY('deletes a policy') }), list: vault({ plain: [''] }), read: vault({ plain: ['default'] }) }, plain: ['list'] }),
    audit: vault({ subcommands: { disable: vault({ role: DESTROY('turns an audit log off') }), list: vault({ plain: [''] }) }, plain: ['list'] }),
    operator: vault({ subcommands: { seal: vault({ role: DESTROY('seals the server: nothing can be read until it is unsealed') }), 'step-down': vault({ role: DESTROY('makes the active node give up its role') }), raft: vault({ subcommands: { 'remove-peer': vault({ role: DESTROY('removes a node from the cluster') }) }, plain: ['list-peers'] }), 'generate-root': vault({ role: DESTROY('generates a new root token') }), members: vault({ plain: [''] }) }, plain: ['members'] }),
    plugin: vault({ subcommands: { register: vault({ role: { role: 'loader', note: 'registers a plugin program the server will run' } }), list: vault({ plain: [''] }) }, plain: ['list'] }),
    server: vault({ role: { role: 'listener', note: 'starts a Vault server that listens for clients' }, options: VAULT_SERVER_ROLES }),
    agent: vault({ role: { role: 'listener', note: 'starts a Vault agent (a local listener and template runner)' }, options: [...VAULT_SERVER_ROLES, { role: 'executor', options: ['-exec', '--exec'], payload: 'shell-text', example: 'sh -c id', note: '-exec runs that command with the secrets in its environment' }] }),
    proxy: vault({ role: { role: 'listener', note: 'starts a Vault proxy that listens for clients' }, options: VAULT_SERVER_ROLES }),
    ssh: vault({ role: { role: 'executor', note: 'opens a shell on a remote host with credentials from Vault' } }),
  },
  plain: ['status', 'kv get secret/app', 'read -format=json secret/data/app', 'login -method=oidc', 'version'],
};

// ---------------------------------------------------------------------------------------------
// Tunnels: ngrok, cloudflared, tailscale.

const NGROK_LONG = {
  ...valued('config', 'log', 'log-format', 'log-level', 'authtoken', 'api-key', 'region', 'url', 'domain', 'basic-auth', 'oauth', 'oauth-allow-domain', 'oauth-allow-email', 'oidc', 'host-header', 'traffic-policy-file', 'traffic-policy-url', 'proxy-proto', 'remote-addr', 'scheme', 'upstream-protocol', 'binding', 'description', 'metadata', 'request-header-add', 'request-header-remove', 'response-header-add', 'response-header-remove', 'cidr-allow', 'cidr-deny', 'circuit-breaker', 'mutual-tls-cas', 'crt', 'key', 'ua-filter-allow', 'ua-filter-deny', 'verify-webhook', 'verify-webhook-secret', 'websocket-tcp-converter', 'hostname', 'subdomain', 'inspect', 'compression', 'pooling-enabled', 'terminate-at', 'name', 'label'),
  ...flagged('help', 'all', 'none', 'insecure', 'app-protocol', 'force'),
};
function ngrok(extra: Partial<Command> = {}): Command {
  return { grammar: { long: NGROK_LONG, abbreviations: false }, ...extra };
}
const NGROK_TUNNEL = (what: string): Command => ngrok({ role: { role: 'listener', note: what }, read: ngrokFileUrl('ngrok') });
const NGROK_BODY: Command = {
  grammar: { long: NGROK_LONG, abbreviations: false },
  subcommands: {
    http: NGROK_TUNNEL('opens a public URL that forwards to a local HTTP port'),
    tcp: NGROK_TUNNEL('opens a public TCP address that forwards to a local port'),
    tls: NGROK_TUNNEL('opens a public TLS address that forwards to a local port'),
    start: NGROK_TUNNEL('starts the tunnels of the configuration file'),
    tunnel: NGROK_TUNNEL('opens a labelled tunnel to a local port'),
    service: ngrok({ subcommands: { install: NGROK_TUNNEL('installs ngrok as a system service that keeps its tunnels open'), start: NGROK_TUNNEL('starts the ngrok system service and its tunnels') }, plain: ['stop'] }),
    update: ngrok({ role: { role: 'loader', note: 'downloads and installs a new ngrok program' } }),
    config: ngrok({ plain: ['check', 'add-authtoken TOKEN'] }),
    version: ngrok({ plain: [''] }),
    diagnose: ngrok({ plain: [''] }),
    completion: ngrok({ plain: [''] }),
  },
  plain: ['version', 'config check', 'help', '--help'],
};

const CLOUDFLARED_TUNNEL_MANAGE = new Set(['login', 'create', 'route', 'list', 'info', 'delete', 'cleanup', 'token', 'ingress', 'vnet', 'diag', 'help']);
const CLOUDFLARED_LONG = {
  ...valued('config', 'url', 'hostname', 'token', 'token-file', 'credentials-file', 'credentials-contents', 'metrics', 'loglevel', 'transport-loglevel', 'logfile', 'log-directory', 'protocol', 'edge-ip-version', 'edge-bind-address', 'region', 'name', 'origincert', 'origin-ca-pool', 'autoupdate-freq', 'pidfile', 'tag', 'grace-period', 'retries', 'label', 'lb-pool', 'unix-socket', 'http-host-header', 'origin-server-name', 'service-op-ip', 'management-diagnostics', 'output', 'address', 'port', 'upstream', 'bootstrap', 'max-upstream-conns', 'hello-world-port', 'connector-id', 'fields', 'sort-by', 'show-deleted', 'when', 'overwrite-dns', 'post-quantum', 'features', 'icmpv4-src', 'icmpv6-src', 'destination', 'service-token-id', 'service-token-secret', 'listener'),
  ...flagged('hello-world', 'no-autoupdate', 'no-tls-verify', 'proxy-dns', 'no-chunked-encoding', 'bastion', 'socks5', 'help', 'version', 'quick-service', 'force', 'overwrite', 'legacy-hostname', 'is-no-autoupdate'),
};
function cf(extra: Partial<Command> = {}, stop = false): Command {
  return { grammar: { long: CLOUDFLARED_LONG, abbreviations: false, ...(stop ? { stopAtOperand: true } : {}) }, ...extra };
}
const CLOUDFLARED_TUNNEL_ROLES: readonly OptionRole[] = [
  { role: 'listener', options: ['--url', '--hello-world', '--unix-socket'], note: 'publishes a local service on a public hostname through the tunnel' },
  { role: 'listener', options: ['--metrics'], when: openAddress, example: '0.0.0.0:2000', note: '--metrics serves the tunnel\'s metrics on a network address' },
];
const CLOUDFLARED_BODY: Command = {
  grammar: { long: CLOUDFLARED_LONG, abbreviations: false },
  options: CLOUDFLARED_TUNNEL_ROLES,
  subcommands: {
    tunnel: cf({
      options: CLOUDFLARED_TUNNEL_ROLES,
      // `cloudflared tunnel` alone (or `tunnel run`) runs a tunnel; its other verbs manage them.
      read: (_args, reading) => {
        const first = reading.operands[0];
        if (first !== undefined && first.kind === 'literal' && CLOUDFLARED_TUNNEL_MANAGE.has(first.value)) return [];
        return [selfForm('listener', 'cloudflared tunnel', 'tunnel', 'runs a tunnel that publishes local services to the internet')];
      },
      subcommands: {
        run: cf({ role: { role: 'listener', note: 'runs a named tunnel that publishes local services to the internet' }, options: CLOUDFLARED_TUNNEL_ROLES }),
        delete: cf({ role: DESTROY('deletes a tunnel') }),
        cleanup: cf({ role: DESTROY('drops the connections of a tunnel') }),
        list: cf({ plain: [''] }),
        info: cf({ plain: ['web'] }),
        create: cf({ plain: ['web'] }),
        route: cf({ plain: ['dns web web.example.com'] }),
        login: cf({ plain: [''] }),
      },
    }, true),
    access: cf({
      subcommands: {
        tcp: cf({ options: [{ role: 'listener', options: ['--url'], when: openAddress, example: '0.0.0.0:2222', note: '--url opens the local end of the access tunnel on a network address' }], plain: ['--hostname ssh.example.com --url localhost:2222'] }),
        ssh: cf({ options: [{ role: 'listener', options: ['--url'], when: openAddress, example: '0.0.0.0:2222', note: '--url opens the local end of the access tunnel on a network address' }], plain: ['--hostname ssh.example.com'] }),
        login: cf({ plain: ['https://app.example.com'] }),
        curl: cf({ plain: ['https://app.example.com/api'] }),
        token: cf({ role: { role: 'credentials', everyday: true, note: 'prints the access token of an application (a token that signs in as you)' } }),
      },
    }),
    'proxy-dns': cf({ options: [{ role: 'listener', options: ['--address'], when: openAddress, example: '0.0.0.0', note: '--address serves the DNS proxy on a network address' }], plain: [''] }),
    service: cf({ subcommands: { install: cf({ role: { role: 'listener', note: 'installs a system service that keeps a tunnel open' } }), uninstall: cf({ role: DESTROY('removes the tunnel system service') }) } }),
    update: cf({ role: { role: 'loader', note: 'downloads and installs a new cloudflared program' } }),
    version: cf({ plain: [''] }),
  },
  plain: ['--version', 'version', 'tunnel list', 'tunnel info web'],
};

const TS_LONG = {
  ...valued('socket', 'authkey', 'auth-key', 'login-server', 'advertise-routes', 'advertise-tags', 'exit-node', 'hostname', 'operator', 'netfilter-mode', 'timeout', 'set-path', 'bg', 'https', 'http', 'tcp', 'tls-terminated-tcp', 'set-path', 'cert-file', 'key-file', 'min-validity', 'listen', 'prefix', 'targets', 'name', 'verbose', 'c', 'until', 'size', 'peerapi', 'icmp', 'tsmp', 'service', 'accept-dns', 'accept-routes', 'shields-up', 'ssh', 'advertise-exit-node', 'advertise-connector', 'exit-node-allow-lan-access', 'snat-subnet-routes', 'stateful-filtering', 'webclient', 'auto-update', 'update-check', 'unattended', 'reset', 'force-reauth', 'json', 'qr', 'yes', 'active', 'self', 'peers', 'web', 'browser', 'readonly', 'conflict', 'wait', 'loop', 'targets', 'report-posture', 'relay-server-port'),
  ...flagged('help', 'version', 'upstream', 'daemon'),
};
/** tailscale booleans also take `=false`; they are read as `optional` here so that the bare spelling is on. */
const TS_BOOL = new Set(['accept-dns', 'accept-routes', 'shields-up', 'ssh', 'advertise-exit-node', 'advertise-connector', 'exit-node-allow-lan-access', 'snat-subnet-routes', 'stateful-filtering', 'webclient', 'auto-update', 'update-check', 'unattended', 'reset', 'force-reauth', 'json', 'qr', 'yes', 'active', 'self', 'peers', 'web', 'browser', 'readonly', 'wait', 'loop', 'report-posture', 'bg', 'verbose']);
const TS_GRAMMAR: Grammar = { singleDash: true, abbreviations: false, long: Object.fromEntries(Object.entries(TS_LONG).map(([k, v]) => [k, TS_BOOL.has(k) ? 'optional' : v])) };
function ts(extra: Partial<Command> = {}): Command {
  return { grammar: TS_GRAMMAR, ...extra };
}
const TS_UP_ROLES: readonly OptionRole[] = [
  { role: 'listener', options: ['--ssh', '-ssh'], when: on, note: '--ssh runs Tailscale\'s SSH server, letting the tailnet log in here' },
  { role: 'listener', options: ['--advertise-exit-node', '-advertise-exit-node'], when: on, note: '--advertise-exit-node routes other machines\' internet traffic through this one' },
  { role: 'listener', options: ['--advertise-routes', '-advertise-routes'], example: '10.0.0.0/24', note: '--advertise-routes opens local networks to the tailnet' },
  { role: 'listener', options: ['--webclient', '-webclient'], when: on, note: '--webclient serves the device\'s web interface to the tailnet' },
  { role: 'network', options: ['--login-server', '-login-server'], example: 'https://203.0.113.5', note: '--login-server joins the tailnet of another control server' },
  { role: 'destructive', options: ['--shields-up', '-shields-up'], when: (v) => v !== null && /^(false|0)$/i.test(v), example: 'false', note: '--shields-up=false lets the tailnet connect to this machine' },
];
/** `tailscale serve|funnel …` opens a port unless it only reports (`status`) or takes one away (`reset`, `off`). */
function tsServe(verb: string, note: string): Command {
  const report = new Set(['status', 'reset', 'off', 'get-config']);
  return ts({
    read: (_args, reading) => {
      const first = reading.operands[0];
      if (first !== undefined && first.kind === 'literal' && report.has(first.value)) return [];
      if (reading.operands.some((w) => w.kind === 'literal' && w.value === 'off')) return [];
      // A target that is a path (not a port or a URL) is a folder or file it publishes (fileServers.ts).
      const served = reading.operands.flatMap((w, k) => (w.kind === 'literal' && /^[/~.]/.test(w.value) ? [servedFolderForm(`tailscale ${verb}`, w, reading.operandIndexes[k]!)] : []));
      return [selfForm('listener', `tailscale ${verb}`, verb, note), ...served];
    },
    subcommands: { status: ts({ plain: ['', '--json'] }), reset: ts({ plain: [''] }) },
  });
}
const TAILSCALE_BODY: Command = {
  grammar: TS_GRAMMAR,
  subcommands: {
    funnel: tsServe('funnel', 'publishes a local service or file to the whole internet'),
    serve: tsServe('serve', 'serves a local service, folder or file to the tailnet'),
    web: ts({ role: { role: 'listener', note: 'serves the device\'s web interface' } }),
    up: ts({ options: TS_UP_ROLES, plain: ['', '--accept-routes', '--hostname=dev-box'] }),
    set: ts({ options: TS_UP_ROLES, plain: ['--accept-routes=true'] }),
    login: ts({ options: TS_UP_ROLES, plain: [''] }),
    ssh: ts({ role: { role: 'executor', note: 'opens a shell on another machine of the tailnet' } }),
    nc: ts({ role: { role: 'network', note: 'connects this terminal to a port of another machine of the tailnet' } }),
    file: ts({ subcommands: { cp: ts({ role: { role: 'network', note: 'sends files to another machine of the tailnet' }, read: uploadsToRemote((text) => /^[^/\s]+:$/.test(text), 'tailscale file cp sends that file to another machine of the tailnet') }), get: ts({ operands: [{ role: 'writer', operand: 'last', everyday: true, example: 'Downloads/', note: 'saves the received files into that folder' }] }) } }),
    drive: ts({ subcommands: { share: ts({ role: { role: 'listener', note: 'shares a folder with the tailnet' } }), list: ts({ plain: [''] }) } }),
    cert: ts({ options: [{ role: 'writer', options: ['--cert-file', '-cert-file', '--key-file', '-key-file'], example: 'tls.crt', note: 'writes the certificate or key to that file' }], plain: ['host.tailnet.ts.net'] }),
    update: ts({ role: { role: 'loader', note: 'downloads and installs a new Tailscale version' } }),
    logout: ts({ role: DESTROY('logs the machine out of its tailnet') }),
    down: ts({ role: DESTROY('disconnects the machine from its tailnet') }),
    status: ts({ plain: ['', '--json'] }),
    ip: ts({ plain: ['', '-4'] }),
    ping: ts({ plain: ['host'] }),
    netcheck: ts({ plain: [''] }),
    version: ts({ plain: [''] }),
    whois: ts({ plain: ['100.64.0.1'] }),
    'exit-node': ts({ plain: ['list'] }),
    // Not listed: `debug` (its many verbs), `lock` (signs and changes tailnet keys), `metrics write FILE`, `syspolicy`.
    ...Object.fromEntries(['bugreport', 'completion', 'dns', 'licenses'].map((name) => [name, ts()])),
  },
  plain: ['status', 'ip -4', 'version', 'netcheck', 'ping host'],
};

// ---------------------------------------------------------------------------------------------
// code (VS Code's command line: options anywhere; `code tunnel`, `code serve-web`).

const CODE_GRAMMAR: Grammar = {
  short: 'g',
  flags: 'dmnrwavhs',
  long: {
    ...valued('locale', 'user-data-dir', 'profile', 'extensions-dir', 'install-extension', 'uninstall-extension', 'enable-proposed-api', 'category', 'log', 'sync', 'remote', 'folder-uri', 'file-uri', 'add-mcp', 'inspect-extensions', 'inspect-brk-extensions', 'disable-extension', 'locate-extension', 'crash-reporter-directory', 'prof-startup-prefix', 'open-url', 'transient', 'accept-server-license-terms', 'name', 'host', 'port', 'socket-path', 'connection-token', 'connection-token-file', 'server-base-path', 'server-data-dir', 'cli-data-dir', 'random-name', 'mode', 'add-file', 'maximize', 'reuse-window'),
    ...flagged('diff', 'merge', 'add', 'remove', 'goto', 'new-window', 'wait', 'help', 'version', 'verbose', 'status', 'telemetry', 'list-extensions', 'show-versions', 'pre-release', 'force', 'disable-extensions', 'disable-gpu', 'disable-lcd-text', 'disable-chromium-sandbox', 'prof-startup', 'locate-shell-integration-path', 'without-connection-token', 'no-sleep', 'install-source', 'update-extensions'),
  },
  abbreviations: false,
};
const CODE_TUNNEL_MANAGE = new Set(['status', 'prune', 'kill', 'rename', 'unregister', 'user', 'help', 'restart']);
const CODE_ROW: ProgramRow = {
  // Cursor is a fork of VS Code with the same command line.
  names: ['code', 'code-insiders', 'codium', 'cursor'],
  category: 'editor',
  what: 'Visual Studio Code (and VSCodium, Cursor) from the command line',
  grammar: CODE_GRAMMAR,
  options: [
    { role: 'loader', options: ['--install-extension'], example: 'publisher.ext', note: '--install-extension installs an extension, code the editor runs' },
    { role: 'loader', options: ['--extensions-dir'], example: '/tmp/ext', note: '--extensions-dir loads every extension found in that folder' },
    { role: 'loader', options: ['--add-mcp'], example: '{"name":"x","command":"sh"}', note: '--add-mcp registers an MCP server, a program the editor will start' },
    { role: 'loader', options: ['--enable-proposed-api'], example: 'publisher.ext', note: '--enable-proposed-api gives an extension unreleased powers' },
    { role: 'listener', options: ['--inspect-extensions', '--inspect-brk-extensions'], example: '9229', note: 'opens a debugger port into the extension host' },
    { role: 'network', options: ['--remote'], example: 'ssh-remote+203.0.113.5', note: '--remote opens a window on another machine' },
    { role: 'destructive', options: ['--disable-chromium-sandbox'], note: '--disable-chromium-sandbox turns off the editor\'s process sandbox' },
  ],
  operands: [{ role: 'listener', operand: 0, when: (v) => v === 'serve-web', example: 'serve-web', note: 'serve-web serves the editor (and a terminal) over HTTP' }],
  // `code tunnel` opens this machine (a terminal included) to whoever signs in to the tunnel.
  read: (_args, reading) => {
    const ops = reading.operands.filter((w) => !(w.kind === 'literal' && w.value.startsWith('-')));
    const first = ops[0];
    if (first !== undefined && first.kind === 'literal' && first.value === 'ext') {
      const verb = ops[1];
      if (verb !== undefined && verb.kind === 'literal' && verb.value === 'install') return [{ role: 'loader', program: 'code', trigger: 'install', index: reading.operandIndexes[reading.operands.indexOf(verb)]!, value: null, note: 'code ext install installs an extension, code the editor runs' }];
      return [];
    }
    if (first === undefined || first.kind !== 'literal' || first.value !== 'tunnel') return [];
    const second = ops[1];
    if (second !== undefined && second.kind === 'literal' && CODE_TUNNEL_MANAGE.has(second.value)) return [];
    return [{ role: 'listener', program: 'code', trigger: 'tunnel', index: reading.operandIndexes[reading.operands.indexOf(first)]!, value: null, note: 'code tunnel opens this machine, a terminal included, to a remote editor' }];
  },
  plain: ['.', 'src/main.ts', '-g src/main.ts:10', '--diff a.txt b.txt', '--list-extensions', '-r .'],
};

// ---------------------------------------------------------------------------------------------
// jupyter (traitlets options: `--name=value`, `--Class.trait=value`).

const JUPYTER_SERVER_LONG = {
  ...valued('ip', 'port', 'port-retries', 'notebook-dir', 'root-dir', 'preferred-dir', 'config', 'certfile', 'keyfile', 'client-ca', 'browser', 'log-level', 'transport', 'sock', 'sock-mode', 'gateway-url', 'app-dir', 'user-settings-dir', 'workspaces-dir', 'knownhosts', 'info-file', 'pylab', 'notebook-dir',
    'ServerApp.ip', 'NotebookApp.ip', 'ServerApp.token', 'NotebookApp.token', 'IdentityProvider.token', 'ServerApp.password', 'NotebookApp.password', 'PasswordIdentityProvider.hashed_password', 'ServerApp.allow_origin', 'NotebookApp.allow_origin', 'ServerApp.allow_remote_access', 'NotebookApp.allow_remote_access', 'ServerApp.disable_check_xsrf', 'NotebookApp.disable_check_xsrf', 'ServerApp.port', 'NotebookApp.port', 'ServerApp.root_dir', 'NotebookApp.notebook_dir', 'ServerApp.open_browser', 'NotebookApp.open_browser', 'ServerApp.allow_root', 'NotebookApp.allow_root', 'ServerApp.base_url', 'ServerApp.jpserver_extensions', 'NotebookApp.nbserver_extensions', 'ServerApp.allow_origin_pat', 'PasswordIdentityProvider.password_required', 'ServerApp.password_required'),
  ...flagged('no-browser', 'allow-root', 'debug', 'autoreload', 'no-mathjax', 'generate-config', 'y', 'expose-app-in-browser', 'core-mode', 'dev-mode', 'watch', 'collaborative', 'help', 'help-all', 'version', 'no-script', 'script', 'show-config', 'show-config-json', 'NotebookApp.no_browser'),
};
const JUPYTER_SERVER_ROLES: readonly OptionRole[] = [
  { role: 'listener', options: ['--ip', '--ServerApp.ip', '--NotebookApp.ip'], when: (v) => v === null || v === '*' || openAddress(v), example: '0.0.0.0', note: '--ip serves the notebook (code execution) on a network address' },
  { role: 'listener', options: ['--ServerApp.token', '--NotebookApp.token', '--IdentityProvider.token', '--ServerApp.password', '--NotebookApp.password', '--PasswordIdentityProvider.hashed_password'], when: (v) => v === null || v === '', example: '', note: 'an empty token or password lets anyone who reaches the port run code' },
  { role: 'listener', options: ['--ServerApp.allow_origin', '--NotebookApp.allow_origin', '--ServerApp.allow_origin_pat'], when: (v) => v === null || v === '*' || v.includes('*'), example: '*', note: 'allow_origin=* lets any web page drive the notebook' },
  { role: 'listener', options: ['--ServerApp.allow_remote_access', '--NotebookApp.allow_remote_access', '--ServerApp.disable_check_xsrf', '--NotebookApp.disable_check_xsrf'], when: on, example: 'True', note: 'turns off a check that keeps other machines or pages out of the notebook' },
  { role: 'loader', options: ['--config'], example: 'jupyter_config.py', note: '--config loads a configuration file, which is Python code' },
  { role: 'loader', options: ['--ServerApp.jpserver_extensions', '--NotebookApp.nbserver_extensions'], example: '{"evil":true}', note: 'loads server extensions, Python modules the server imports' },
];
/** `--generate-config` writes the user's Jupyter configuration (Python code it runs at start) in `~/.jupyter`. */
const JUPYTER_CONFIG_WRITE = (_args: readonly Word[], reading: ArgReading): Form[] =>
  reading.options.some((option) => option.name === '--generate-config')
    ? [{ role: 'writer', program: 'jupyter', trigger: '--generate-config', index: -1, value: { kind: 'literal', value: '~/.jupyter/jupyter_notebook_config.py', raw: '~/.jupyter/jupyter_notebook_config.py' }, target: 'file', note: '--generate-config writes the Jupyter configuration, Python code run at start' }]
    : [];
const JUPYTER_SERVER: Command = {
  grammar: { long: JUPYTER_SERVER_LONG, abbreviations: false },
  options: JUPYTER_SERVER_ROLES,
  read: JUPYTER_CONFIG_WRITE,
  plain: ['', '--no-browser', '--port=8890', '--ip=127.0.0.1 --no-browser', 'notebook.ipynb'],
};
const JUPYTER_LEAF: Command = { grammar: { long: { ...JUPYTER_SERVER_LONG, ...valued('to', 'output', 'output-dir', 'template', 'ExecutePreprocessor.timeout', 'kernel', 'existing', 'name', 'prefix', 'user', 'display-name', 'env', 'replace', 'sys-prefix'), ...flagged('execute', 'inplace', 'stdout', 'allow-errors', 'clear-output', 'user', 'sys-prefix', 'replace', 'no-input') }, abbreviations: false }, options: [{ role: 'loader', options: ['--config'], example: 'jupyter_config.py', note: '--config loads a configuration file, which is Python code' }] };
const JUPYTER_KNOWN = new Set(['notebook', 'lab', 'server', 'nbclassic', 'console', 'qtconsole', 'kernel', 'kernelspec', 'nbconvert', 'execute', 'run', 'trust', 'troubleshoot', 'labextension', 'nbextension', 'serverextension', 'migrate', 'events', 'dejavu', 'book', 'lite', 'bundlerextension', 'help']);
const JUPYTER_BODY: Command = {
  grammar: { long: { ...valued('config-dir', 'data-dir', 'runtime-dir'), ...flagged('paths', 'json', 'version', 'help', 'debug') }, abbreviations: false },
  operands: [{ role: 'loader', operand: 0, when: (v) => v === null || !JUPYTER_KNOWN.has(v), example: 'evil', note: 'an unknown subcommand runs the jupyter-NAME program of that name' }],
  subcommands: {
    notebook: JUPYTER_SERVER,
    lab: { ...JUPYTER_SERVER, subcommands: { build: { plain: [''] }, clean: { plain: [''] }, path: { plain: [''] } } },
    server: JUPYTER_SERVER,
    nbclassic: JUPYTER_SERVER,
    // Running a notebook's code is what these are for, as `python3 script.py` is for Python.
    nbconvert: { ...JUPYTER_LEAF, options: [...JUPYTER_LEAF.options!, { role: 'writer', options: ['--output', '--output-dir'], everyday: true, example: 'out', note: 'writes the converted notebook to that file or folder' }, { role: 'writer', options: ['--inplace'], everyday: true, note: '--inplace overwrites the notebook' }], plain: ['--to html nb.ipynb', '--execute --to notebook nb.ipynb --stdout'] },
    execute: { ...JUPYTER_LEAF, plain: ['nb.ipynb'] },
    run: { ...JUPYTER_LEAF, plain: ['script.py'] },
    console: { ...JUPYTER_LEAF, plain: ['', '--kernel python3'] },
    kernelspec: { ...JUPYTER_LEAF, subcommands: { install: { ...JUPYTER_LEAF, role: { role: 'loader', note: 'installs a kernel, a program jupyter will start to run code' } }, remove: { ...JUPYTER_LEAF, role: DESTROY('removes installed kernels') }, uninstall: { ...JUPYTER_LEAF, role: DESTROY('removes installed kernels') }, list: { plain: [''] } }, plain: ['list'] },
    labextension: { ...JUPYTER_LEAF, subcommands: { install: { ...JUPYTER_LEAF, role: { role: 'loader', note: 'installs a JupyterLab extension' } }, develop: { ...JUPYTER_LEAF, role: { role: 'loader', note: 'links a JupyterLab extension under development' } }, list: { plain: [''] } }, plain: ['list'] },
    nbextension: { ...JUPYTER_LEAF, subcommands: { install: { ...JUPYTER_LEAF, role: { role: 'loader', note: 'installs a notebook extension' } }, enable: { ...JUPYTER_LEAF, role: { role: 'loader', note: 'enables a notebook extension' } }, list: { plain: [''] } } },
    serverextension: { ...JUPYTER_LEAF, subcommands: { enable: { ...JUPYTER_LEAF, role: { role: 'loader', note: 'enables a server extension, Python code the server imports' } }, list: { plain: [''] } } },
    trust: { ...JUPYTER_LEAF, role: { role: 'loader', note: 'marks notebooks trusted, so that their scripts and HTML run when opened' } },
    troubleshoot: { plain: [''] },
  },
  plain: ['--version', '--paths', 'notebook', 'lab --no-browser', 'kernelspec list', 'nbconvert --to html nb.ipynb'],
};

// ---------------------------------------------------------------------------------------------
// systemctl, journalctl, service (GNU getopt_long: options anywhere, abbreviations accepted).

const SYSTEMCTL_GRAMMAR: Grammar = {
  short: 'tspPonHM',
  flags: 'alqrifh',
  long: {
    ...valued('type', 'state', 'property', 'signal', 'kill-whom', 'kill-value', 'what', 'output', 'lines', 'host', 'machine', 'root', 'image', 'image-policy', 'job-mode', 'timestamp', 'preset-mode', 'boot-loader-menu', 'boot-loader-entry', 'reboot-argument', 'message', 'drop-in', 'when', 'check-inhibitors', 'legend', 'marked', 'runtime'),
    ...flagged('all', 'recursive', 'reverse', 'after', 'before', 'with-dependencies', 'full', 'value', 'show-types', 'show-transaction', 'failed', 'ignore-inhibitors', 'quiet', 'wait', 'no-block', 'no-wall', 'no-reload', 'no-ask-password', 'no-warn', 'global', 'user', 'system', 'now', 'force', 'no-pager', 'plain', 'firmware-setup', 'help', 'version', 'read-only', 'mkdir', 'dry-run', 'stdin'),
  },
};
const SYSTEMCTL_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['-H', '--host'], example: 'admin@203.0.113.5', note: '-H runs the command on another machine over SSH' },
];
const SYSTEMCTL_READ = new Set(['status', 'list-units', 'list-unit-files', 'list-sockets', 'list-timers', 'list-jobs', 'list-dependencies', 'list-automounts', 'list-paths', 'list-machines', 'cat', 'show', 'show-environment', 'is-active', 'is-enabled', 'is-failed', 'is-system-running', 'get-default', 'help', 'whoami']);
function sctl(extra: Partial<Command> = {}): Command {
  return { grammar: SYSTEMCTL_GRAMMAR, ...extra, options: [...SYSTEMCTL_ROLES, ...(extra.options ?? [])] };
}
const SCTL_CHANGE = (note: string): Command => sctl({ role: DESTROY(note) });
// `systemctl` pages its output through less (whose `!` runs a shell) only on a terminal; an agent's
// commands have none.
const SYSTEMCTL_BODY: Command = {
  grammar: SYSTEMCTL_GRAMMAR,
  options: SYSTEMCTL_ROLES,
  operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !SYSTEMCTL_READ.has(v), example: 'try-restart', note: 'a verb that starts, stops or changes units or the system' }],
  subcommands: {
    ...Object.fromEntries([...SYSTEMCTL_READ].map((verb) => [verb, sctl({ plain: verb === 'status' ? ['', 'nginx', 'nginx --no-pager -n 50', '--user pipewire'] : [''] })])),
    start: SCTL_CHANGE('starts units'),
    stop: SCTL_CHANGE('stops units'),
    restart: SCTL_CHANGE('restarts units'),
    reload: SCTL_CHANGE('makes units reload their configuration'),
    enable: SCTL_CHANGE('makes units start at boot (with --now, starts them too)'),
    disable: SCTL_CHANGE('stops units from starting at boot'),
    mask: SCTL_CHANGE('blocks units from being started at all'),
    kill: SCTL_CHANGE('sends a signal to the processes of units'),
    poweroff: SCTL_CHANGE('powers the machine off'),
    reboot: SCTL_CHANGE('reboots the machine'),
    halt: SCTL_CHANGE('halts the machine'),
    isolate: SCTL_CHANGE('stops every unit the target does not need'),
    link: sctl({ role: { role: 'loader', note: 'adds a unit file from any path, a program the service manager will run' } }),
    edit: sctl({ role: { role: 'writer', note: 'opens an editor (SYSTEMD_EDITOR) on unit files and saves an override' } }),
    'daemon-reload': SCTL_CHANGE('reloads every unit file'),
    'set-environment': SCTL_CHANGE('changes the environment every new unit gets'),
  },
  plain: ['', 'status nginx', 'list-units --failed', 'cat nginx.service', 'show -p ActiveState nginx', 'is-active --quiet nginx'],
};

// Like systemctl, journalctl pages through less (whose `!` runs a shell) only on a terminal.
const JOURNALCTL_ROW: ProgramRow = {
  names: ['journalctl'],
  category: 'system',
  what: 'the reader of the systemd journal',
  readOnly: false /* pages its output: keys typed into a pager can run a shell */,
  // `-n` and `-b` take an optional value that journalctl also reads from the next word (`-n 20`);
  // read as flags here, the number becomes an operand, which journalctl takes as a match.
  grammar: {
    short: 'oDpgcSUtTuFMi',
    flags: 'hefalqmkNIxrnb',
    long: {
      ...valued('output', 'output-fields', 'directory', 'file', 'root', 'image', 'image-policy', 'namespace', 'priority', 'facility', 'grep', 'cursor', 'after-cursor', 'cursor-file', 'since', 'until', 'identifier', 'exclude-identifier', 'unit', 'user-unit', 'field', 'machine', 'interval', 'verify-key', 'vacuum-size', 'vacuum-files', 'vacuum-time', 'invocation'),
      lines: 'optional', boot: 'optional', 'case-sensitive': 'optional',
      ...flagged('help', 'version', 'no-pager', 'pager-end', 'follow', 'all', 'full', 'quiet', 'merge', 'dmesg', 'system', 'user', 'reverse', 'catalog', 'utc', 'no-hostname', 'no-full', 'no-tail', 'show-cursor', 'list-boots', 'list-namespaces', 'disk-usage', 'verify', 'rotate', 'flush', 'sync', 'relinquish-var', 'smart-relinquish-var', 'setup-keys', 'update-catalog', 'list-catalog', 'dump-catalog', 'header', 'fields', 'list-invocations', 'force', 'truncate-newline', 'synchronize-on-exit'),
    },
  },
  options: [
    { role: 'destructive', options: ['--vacuum-size', '--vacuum-files', '--vacuum-time'], example: '1d', note: 'deletes old journal files' },
    { role: 'destructive', options: ['--rotate', '--flush', '--relinquish-var', '--smart-relinquish-var', '--sync'], note: 'makes the journal daemon rotate, move or write its files' },
    { role: 'writer', options: ['--cursor-file'], example: 'cursor.txt', note: '--cursor-file writes the position reached into that file' },
    { role: 'writer', options: ['--setup-keys', '--update-catalog'], note: 'writes sealing keys or the message catalog' },
  ],
  plain: ['-u nginx', '-u nginx -n 100 --no-pager', '-f', '-b -p err', '--since "1 hour ago" -o json', '--disk-usage'],
};

const SERVICE_ROW: ProgramRow = {
  names: ['service'],
  category: 'system',
  what: 'runs a System V init script (or the systemd unit) with an action',
  grammar: { long: flagged('status-all', 'full-restart', 'help', 'version'), abbreviations: false, stopAtOperand: true },
  operands: [
    { role: 'destructive', operand: 1, when: (v) => v === null || v !== 'status', example: 'restart', note: 'an action that starts, stops or reloads the service' },
    { role: 'executor', operand: 0, when: (v) => v === null || v.includes('/'), payload: 'program', example: '../../bin/sh', note: 'a service name with a slash runs that path as the init script' },
  ],
  options: [{ role: 'destructive', options: ['--full-restart'], note: '--full-restart stops and starts the service' }],
  plain: ['--status-all', 'nginx status', 'ssh status', '--version'],
};

// ---------------------------------------------------------------------------------------------
// Local clusters and machines: minikube, kind, virsh, vagrant.

const MK_LONG = {
  ...valued('profile', 'bootstrapper', 'log_dir', 'log_file', 'user', 'v', 'vmodule', 'driver', 'cpus', 'memory', 'disk-size', 'kubernetes-version', 'container-runtime', 'mount-string', 'listen-address', 'apiserver-ips', 'apiserver-names', 'apiserver-name', 'apiserver-port', 'insecure-registry', 'registry-mirror', 'addons', 'extra-config', 'network', 'nodes', 'image-repository', 'base-image', 'iso-url', 'ports', 'node', 'format', 'output', 'bind-address', 'port', 'address', 'uid', 'gid', 'mode', 'msize', 'options', 'type', 'ip', 'namespace', 'interval', 'wait', 'cni', 'gpus', 'static-ip', 'subnet', 'service-cluster-ip-range', 'feature-gates', 'mount-9p-version', 'mount-gid', 'mount-uid', 'mount-ip', 'mount-port', 'mount-type', 'mount-options', 'mount-msize', 'docker-env', 'docker-opt', 'hyperkit-vpnkit-sock', 'kvm-network', 'vm-driver', 'wait-timeout', 'tag', 'file', 'build-env', 'build-opt', 'shell'),
  ...flagged('alsologtostderr', 'logtostderr', 'skip-audit', 'rootless', 'help', 'all', 'purge', 'mount', 'force', 'native-ssh', 'url', 'https', 'cleanup', 'keep-context', 'delete-on-failure', 'install-addons', 'embed-certs', 'interactive', 'download-only', 'dry-run', 'unset', 'short', 'ha', 'no-kubernetes', 'disable-driver-mounts', 'preload', 'auto-update-drivers'),
};
function mk(extra: Partial<Command> = {}, stop = false): Command {
  return { grammar: { short: 'pbvnfon', flags: 'h', long: MK_LONG, abbreviations: false, ...(stop ? { stopAtOperand: true } : {}) }, ...extra };
}
/**
 * Host folders minikube shares with its machine: `minikube mount SRC:DST` and `minikube start
 * --mount --mount-string=SRC:DST` (with `--mount` alone, the home folder at `/minikube-host`). Any
 * profile (`-p`): the worst, every machine of the line (`minikube ssh` reads them all).
 */
function minikubeMounts(texts: readonly (string | null)[]): Attachment[] {
  const out: Attachment[] = [];
  for (const text of texts) {
    if (text === null) continue;
    const colon = text.lastIndexOf(':');
    if (colon <= 0 || colon === text.length - 1) continue;
    out.push({ instance: '*', host: text.slice(0, colon), inside: text.slice(colon + 1) });
  }
  return out;
}

const MINIKUBE_BODY: Command = {
  grammar: { short: 'pbv', flags: 'h', long: MK_LONG, abbreviations: false },
  subcommands: {
    start: mk({
      options: [
        { role: 'destructive', options: ['--mount-string'], when: volumeBindsSystem, example: '/:/host', note: '--mount-string shares a system folder of the host with the cluster' },
        { role: 'listener', options: ['--listen-address'], when: openAddress, example: '0.0.0.0', note: '--listen-address opens the cluster\'s ports on a network address' },
        { role: 'destructive', options: ['--insecure-registry'], example: '0.0.0.0/0', note: '--insecure-registry pulls images without checking certificates' },
      ],
      attaches: (_operands, optionValues) => {
        const strings = optionValues('mount-string');
        if (strings.given) return minikubeMounts(strings.values);
        return optionValues('mount').given ? [{ instance: '*', host: '~', inside: '/minikube-host' }] : [];
      },
      plain: ['', '--driver=docker --cpus=4 --memory=8g', '-p dev --kubernetes-version=v1.30.0'],
    }),
    stop: mk({ plain: ['', '-p dev'] }),
    status: mk({ plain: [''] }),
    ip: mk({ plain: [''] }),
    version: mk({ plain: [''] }),
    logs: mk({ plain: [''] }),
    'docker-env': mk({ plain: [''] }),
    'update-context': mk({ plain: [''] }),
    dashboard: mk({ plain: ['--url'] }),
    service: mk({ plain: ['web --url', 'list'] }),
    addons: mk({ plain: ['list', 'enable ingress'] }),
    profile: mk({ plain: ['list'] }),
    image: mk({ subcommands: { rm: mk({ role: DESTROY('deletes images from the cluster') }), ls: mk({ plain: [''] }), load: mk({ plain: ['app:dev'] }), build: mk({ plain: ['-t app .'] }) }, plain: ['ls'] }),
    node: mk({ subcommands: { delete: mk({ role: DESTROY('deletes a node of the cluster') }), list: mk({ plain: [''] }) } }),
    delete: mk({ role: DESTROY('deletes the cluster and its machine') }),
    // `minikube ssh [--] WORDS…`: ssh's way, the words joined are run by the machine's shell, with
    // the host folders minikube mounted earlier on the line bound in.
    ssh: mk({
      read: elsewhere('minikube ssh', 'runs the command on the cluster\'s machine', 0),
      container: { command: 0, volumes: [], mounts: [], workdir: [], shellText: true, anyInstance: true },
      plain: [''],
    }, true),
    kubectl: mk({ role: { role: 'executor', note: 'runs kubectl against the cluster with the words after it' } }),
    tunnel: mk({ role: { role: 'listener', note: 'routes the cluster\'s load-balancer services to this machine' } }),
    mount: mk({
      attaches: (operands) => minikubeMounts(operands.slice(0, 1)),
      role: { role: 'listener', note: 'serves a host folder to the cluster over a file server' },
      operands: [{ role: 'destructive', operand: 0, when: volumeBindsSystem, example: '/:/host', note: 'shares a system folder of the host with the cluster' }],
      options: [{ role: 'listener', options: ['--address', '--ip'], when: openAddress, example: '0.0.0.0', note: '--address opens the file server on a network address' }],
    }),
    cp: mk({ operands: [{ role: 'writer', operand: 'last', when: (v) => v === null || !/^[^/]*:/.test(v), everyday: true, example: 'out.txt', note: 'copies from the cluster machine into this path' }] }),
  },
  plain: ['status', 'start', 'stop', 'ip', 'version', 'addons list'],
};

const KIND_LONG = { ...valued('loglevel', 'verbosity', 'name', 'config', 'image', 'kubeconfig', 'wait', 'nodes', 'retain', 'type', 'base-image', 'arch', 'build-type'), ...flagged('quiet', 'help', 'retain', 'internal', 'all', 'version') };
function kind(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'vn', flags: 'qhA', long: KIND_LONG, abbreviations: false }, ...extra };
}
const KIND_BODY: Command = {
  grammar: { short: 'v', flags: 'qh', long: KIND_LONG, abbreviations: false },
  subcommands: {
    create: kind({ plain: ['cluster', 'cluster --name dev --config kind.yaml'] }),
    delete: kind({ role: DESTROY('deletes clusters and their node containers') }),
    get: kind({ plain: ['clusters', 'nodes', 'kubeconfig --name dev'] }),
    load: kind({ plain: ['docker-image app:dev --name dev'] }),
    export: kind({
      subcommands: {
        kubeconfig: kind({
          options: [{ role: 'writer', options: ['--kubeconfig'], example: 'other.yaml', note: '--kubeconfig writes the cluster\'s credentials into that file' }],
          // Without --kubeconfig it merges the cluster into the Kubernetes client's own configuration.
          read: (_args, reading) => (reading.options.some((option) => option.name === '--kubeconfig') ? [] : [writes('kind', 'export kubeconfig', '~/.kube/config', 'file', 'kind export kubeconfig writes the cluster and its credentials into ~/.kube/config and makes it the current context')]),
        }),
        logs: kind({ operands: [{ role: 'writer', operand: 0, everyday: true, example: 'logs/', note: 'writes the cluster\'s logs into that folder' }] }),
      },
    }),
    build: kind({ plain: ['node-image'] }),
    version: kind({ plain: [''] }),
  },
  plain: ['get clusters', 'create cluster', 'version'],
};

/**
 * k3d: k3s clusters whose nodes are docker containers (`k3d-NAME-server-0`, `k3d-NAME-agent-0`).
 * `cluster create -v SRC:DST[@NODEFILTER]` binds a host folder into the nodes: a later `docker
 * exec` into any container reaches it (the node names are k3d's, so every container: '*').
 */
const K3D_LONG = {
  ...valued('volume', 'port', 'env', 'label', 'k3s-arg', 'k3s-node-label', 'runtime-label', 'runtime-ulimit', 'servers', 'agents', 'image', 'network', 'api-port', 'config', 'token', 'registry-create', 'registry-use', 'registry-config', 'servers-memory', 'agents-memory', 'host-alias', 'gpus', 'subnet', 'timeout', 'output', 'role', 'cluster', 'replicas', 'memory', 'mode', 'default-network', 'proxy-remote-url'),
  ...flagged('help', 'verbose', 'trace', 'timestamps', 'version', 'wait', 'no-lb', 'no-rollback', 'no-image-volume', 'kubeconfig-switch-context', 'kubeconfig-update-default', 'kubeconfig-merge-default', 'all', 'force', 'no-headers', 'token', 'keep-tools', 'overwrite', 'update', 'all', 'keep-registry-volume', 'skip-api-server'),
};
function k3d(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'vpeciaolm', flags: 'hawds', long: { ...K3D_LONG, 'kubeconfig-merge-default': ['flag', 'd'], 'kubeconfig-switch-context': ['flag', 's'] }, abbreviations: false }, ...extra };
}
function k3dVolumes(_operands: readonly (string | null)[], values: (...names: string[]) => { readonly given: boolean; readonly values: readonly (string | null)[] }): Attachment[] {
  return values('-v', '--volume').values.flatMap((value) => {
    // `SRC:DST[:OPTS][@NODEFILTER…]`: the node filter names nodes of the cluster, all of them at worst.
    const bind = value === null ? null : volumeBind(value.split('@')[0]!);
    return bind === null || bind.readOnly === true ? [] : [{ instance: '*', host: bind.host, inside: bind.inside, family: 'docker' }];
  });
}
const K3D_NODES_BIND = { role: 'destructive' as const, options: ['-v', '--volume'], when: (value: string | null) => value === null || volumeBindsSystem(value.split('@')[0]!), example: '/:/host@server:0', note: '-v binds a system folder of the host into the cluster\'s node containers' };
const K3D_BODY: Command = {
  grammar: { flags: 'h', long: K3D_LONG, abbreviations: false },
  subcommands: {
    cluster: k3d({
      subcommands: {
        create: k3d({
          options: [K3D_NODES_BIND, { role: 'loader', options: ['-c', '--config', '--registry-config'], example: '/tmp/k3d.yaml', note: '--config reads a cluster configuration (volumes, k3s arguments, registries)' }],
          attaches: k3dVolumes,
          plain: ['dev', 'dev --agents 2 -p 8080:80@loadbalancer'],
        }),
        // Deletes the cluster's node containers and the data in them.
        delete: k3d({ role: DESTROY('deletes the cluster and its nodes (and their data)') }),
        edit: k3d({ plain: ['dev --port-add 8081:80@loadbalancer'] }),
        list: k3d({ plain: ['', '-o json'] }),
        start: k3d({ plain: ['dev'] }),
        stop: k3d({ plain: ['dev'] }),
      },
    }),
    node: k3d({
      subcommands: {
        create: k3d({ plain: ['extra --cluster dev --role agent'] }),
        delete: k3d({ role: DESTROY('deletes node containers') }),
        edit: k3d({ plain: ['k3d-dev-serverlb --port-add 8082:80'] }),
        list: k3d({ plain: [''] }),
        start: k3d({ plain: ['k3d-dev-agent-0'] }),
        stop: k3d({ plain: ['k3d-dev-agent-0'] }),
      },
    }),
    kubeconfig: k3d({
      subcommands: {
        get: k3d({ role: { role: 'credentials', note: 'prints the cluster\'s kubeconfig with its client key' } }),
        merge: k3d({
          options: [{ role: 'writer', options: ['-o', '--output'], example: 'kube.yaml', note: '-o writes the cluster\'s credentials into that file' }],
          // Without -o: into ~/.kube/config with -d, else into k3d's own folder of the home.
          read: (_args, reading) => {
            const named = (...names: string[]): boolean => reading.options.some((option) => names.includes(option.name));
            if (named('-o', '--output')) return [];
            return named('-d', '--kubeconfig-merge-default')
              ? [writes('k3d', 'kubeconfig merge', '~/.kube/config', 'file', 'k3d kubeconfig merge -d writes the cluster and its credentials into the Kubernetes client\'s configuration')]
              : [writes('k3d', 'kubeconfig merge', '~/.config/k3d', 'tree', 'k3d kubeconfig merge writes the cluster\'s credentials into ~/.config/k3d')];
          },
        }),
        write: k3d({ read: () => [writes('k3d', 'kubeconfig write', '~/.config/k3d', 'tree', 'k3d kubeconfig write writes the cluster\'s credentials into ~/.config/k3d')] }),
      },
    }),
    image: k3d({ subcommands: { import: k3d({ plain: ['app:dev -c dev'] }) } }),
    registry: k3d({
      subcommands: {
        create: k3d({ plain: ['reg.localhost --port 5000'] }),
        delete: k3d({ role: DESTROY('deletes registry containers') }),
        list: k3d({ plain: [''] }),
      },
    }),
    config: k3d({ subcommands: { init: k3d({ plain: [''] }), migrate: k3d({ plain: ['old.yaml new.yaml'] }) } }),
    completion: k3d({ plain: ['bash'] }),
    version: k3d({ plain: [''] }),
    help: k3d({ plain: [''] }),
  },
  plain: ['cluster list', 'version'],
};

/** A libvirt URI that reaches another host (`qemu+ssh://host/system`, `qemu://host/system`). */
function remoteUri(value: string | null): boolean {
  if (value === null) return true;
  if (/^[a-z0-9]+\+(ssh|tcp|tls|libssh|libssh2)/i.test(value)) return true;
  const m = /^[a-z0-9+]+:\/\/([^/]*)\//i.exec(value);
  return m !== null && m[1] !== '' && !loopbackHost(m[1]!.replace(/^[^@]*@/, '').replace(/:\d+$/, ''));
}
const VIRSH_CHANGE = (note: string): Command => ({ role: DESTROY(note) });
const VIRSH_LOAD = (note: string): Command => ({ role: { role: 'loader', note } });
const VIRSH_WRITE = (note: string): Command => ({ role: { role: 'writer', note } });
const VIRSH_BODY: Command = {
  grammar: { short: 'cdekKl', flags: 'qrtvVh', long: { ...valued('connect', 'debug', 'escape', 'keepalive-interval', 'keepalive-count', 'log'), ...flagged('quiet', 'readonly', 'timing', 'version', 'help', 'no-pkttyagent') }, abbreviations: false, stopAtOperand: true },
  options: [
    { role: 'network', options: ['-c', '--connect'], when: remoteUri, example: 'qemu+ssh://root@203.0.113.5/system', note: '-c connects to the hypervisor of another machine' },
    { role: 'writer', options: ['-l', '--log'], example: 'virsh.log', note: '-l writes a log to that file' },
  ],
  // Several commands in one word (`virsh 'destroy x; undefine x'`) are not read here.
  read: (args, reading) => {
    const first = reading.operands[0];
    if (first !== undefined && first.kind === 'literal' && /[;\s]/.test(first.value)) throw new Error('several commands in one word');
    if (args.some((w) => w.kind === 'literal' && w.value === ';')) throw new Error('several commands separated by ;');
    return [];
  },
  subcommands: {
    destroy: VIRSH_CHANGE('forces a virtual machine off'),
    undefine: VIRSH_CHANGE('deletes a virtual machine\'s definition (and with options its disks)'),
    shutdown: VIRSH_CHANGE('shuts a virtual machine down'),
    reboot: VIRSH_CHANGE('reboots a virtual machine'),
    reset: VIRSH_CHANGE('resets a virtual machine like a power cycle'),
    suspend: VIRSH_CHANGE('pauses a virtual machine'),
    'managedsave-remove': VIRSH_CHANGE('deletes a saved machine state'),
    'snapshot-delete': VIRSH_CHANGE('deletes a snapshot'),
    'snapshot-revert': VIRSH_CHANGE('reverts a machine to a snapshot, losing its current state'),
    'vol-delete': VIRSH_CHANGE('deletes a storage volume'),
    'vol-wipe': VIRSH_CHANGE('wipes a storage volume'),
    'pool-destroy': VIRSH_CHANGE('stops a storage pool'),
    'pool-delete': VIRSH_CHANGE('deletes the storage of a pool'),
    'pool-undefine': VIRSH_CHANGE('deletes a storage pool\'s definition'),
    'net-destroy': VIRSH_CHANGE('stops a virtual network'),
    'net-undefine': VIRSH_CHANGE('deletes a virtual network\'s definition'),
    'detach-device': VIRSH_CHANGE('takes a device away from a machine'),
    'detach-disk': VIRSH_CHANGE('takes a disk away from a machine'),
    create: VIRSH_LOAD('starts a machine from an XML file, which can name host devices and scripts'),
    define: VIRSH_LOAD('defines a machine from an XML file, which can name host devices and scripts'),
    edit: VIRSH_LOAD('opens an editor on a machine\'s XML and defines the result'),
    'net-create': VIRSH_LOAD('starts a virtual network from an XML file'),
    'net-define': VIRSH_LOAD('defines a virtual network from an XML file'),
    'pool-create': VIRSH_LOAD('starts a storage pool from an XML file'),
    'pool-define': VIRSH_LOAD('defines a storage pool from an XML file'),
    'pool-create-as': VIRSH_WRITE('creates a storage pool on a host folder'),
    'pool-define-as': VIRSH_WRITE('defines a storage pool on a host folder'),
    'attach-device': VIRSH_LOAD('gives a machine a device from an XML file (a host disk or device too)'),
    'attach-disk': VIRSH_LOAD('gives a machine a host file or disk'),
    'nodedev-create': VIRSH_LOAD('creates a host device from an XML file'),
    'vol-create': VIRSH_WRITE('creates a storage volume (a host file) from an XML file'),
    'vol-create-as': VIRSH_WRITE('creates a storage volume (a host file)'),
    'vol-upload': VIRSH_WRITE('writes a host file\'s contents into a storage volume'),
    'vol-download': VIRSH_WRITE('writes a storage volume\'s contents into a host file'),
    save: VIRSH_WRITE('saves a machine\'s memory into a host file'),
    dump: VIRSH_WRITE('dumps a machine\'s memory into a host file'),
    screenshot: VIRSH_WRITE('writes a screenshot of a machine into a host file'),
    console: { role: { role: 'executor', note: 'attaches this terminal to a machine\'s console' } },
    'qemu-monitor-command': { role: { role: 'executor', note: 'sends a raw command to the hypervisor\'s monitor' } },
    'qemu-agent-command': { role: { role: 'executor', note: 'sends a command to the agent inside a machine' } },
    list: { plain: ['', '--all'] },
    dominfo: { plain: ['vm1'] },
    domstate: { plain: ['vm1'] },
    dumpxml: { plain: ['vm1'] },
    'net-list': { plain: ['--all'] },
    'pool-list': { plain: [''] },
    'vol-list': { plain: ['default'] },
    version: { plain: [''] },
    nodeinfo: { plain: [''] },
    uri: { plain: [''] },
    start: { plain: ['vm1'] },
  },
  plain: ['list --all', 'dominfo vm1', 'version', '-c qemu:///system list', '--version'],
};

const VAGRANT_LONG = { ...valued('command', 'provider', 'provision-with', 'box-version', 'name', 'checksum', 'checksum-type', 'plugin-version', 'plugin-source', 'entry-point', 'machine-readable'), ...flagged('color', 'no-color', 'debug', 'timestamp', 'debug-timestamp', 'no-tty', 'help', 'version', 'force', 'graceful', 'provision', 'no-provision', 'destroy-on-error', 'no-destroy-on-error', 'parallel', 'no-parallel', 'install-provider', 'plain', 'tty', 'no-tty', 'prune', 'all', 'clean', 'local', 'insecure', 'parallel') };
function vg(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'c', flags: 'fhvpt', long: VAGRANT_LONG }, ...extra };
}
// Every vagrant command first evaluates the project's Vagrantfile, which is Ruby: that is the
// program's everyday job (as a Makefile is make's), so `vagrant up` is not a form of its own.
const VAGRANT_BODY: Command = {
  grammar: { flags: 'hv', long: VAGRANT_LONG },
  subcommands: {
    up: vg({ plain: ['', '--provider=virtualbox', 'web --no-provision'] }),
    status: vg({ plain: [''] }),
    'global-status': vg({ plain: [''] }),
    'ssh-config': vg({ plain: [''] }),
    halt: vg({ plain: [''] }),
    reload: vg({ plain: [''] }),
    provision: vg({ plain: [''] }),
    suspend: vg({ plain: [''] }),
    resume: vg({ plain: [''] }),
    validate: vg({ plain: [''] }),
    version: vg({ plain: [''] }),
    ssh: vg({
      role: { role: 'executor', note: 'opens a shell on the virtual machine' },
      options: [{ role: 'executor', options: ['-c', '--command'], example: 'rm -rf /tmp/x', note: '-c runs that shell text on the virtual machine' }],
    }),
    powershell: vg({ role: { role: 'executor', note: 'opens PowerShell on the virtual machine' } }),
    winrm: vg({ role: { role: 'executor', note: 'runs commands on the virtual machine over WinRM' } }),
    destroy: vg({ role: DESTROY('deletes the virtual machines and their disks') }),
    share: vg({ role: { role: 'listener', note: 'shares the environment with others over the internet' } }),
    plugin: vg({ subcommands: { install: vg({ role: { role: 'loader', note: 'installs a vagrant plugin, Ruby code vagrant loads' } }), list: vg({ plain: [''] }), uninstall: vg({ role: DESTROY('removes a plugin') }) }, plain: ['list'] }),
    box: vg({ subcommands: { remove: vg({ role: DESTROY('deletes a box') }), prune: vg({ role: DESTROY('deletes old box versions') }), list: vg({ plain: [''] }), add: vg({ plain: ['hashicorp/bionic64'] }) }, plain: ['list'] }),
    snapshot: vg({ subcommands: { delete: vg({ role: DESTROY('deletes a snapshot') }), restore: vg({ role: DESTROY('restores a snapshot, losing the current state') }), list: vg({ plain: [''] }), save: vg({ plain: ['before'] }) }, plain: ['list'] }),
  },
  plain: ['status', 'up', 'halt', 'global-status', 'version'],
};

// ---------------------------------------------------------------------------------------------
// ansible, ansible-playbook (argparse: options anywhere, abbreviations accepted).

const ANSIBLE_COMMON_LONG = {
  ...valued('inventory', 'inventory-file', 'limit', 'extra-vars', 'forks', 'module-path', 'user', 'connection', 'timeout', 'private-key', 'key-file', 'ssh-common-args', 'sftp-extra-args', 'scp-extra-args', 'ssh-extra-args', 'become-method', 'become-user', 'become-password-file', 'connection-password-file', 'vault-id', 'vault-password-file', 'playbook-dir', 'task-timeout'),
  ...flagged('ask-vault-password', 'ask-vault-pass', 'ask-pass', 'ask-become-pass', 'become', 'check', 'diff', 'list-hosts', 'syntax-check', 'verbose', 'version', 'help', 'flush-cache'),
};
const ANSIBLE_COMMON_ROLES: readonly OptionRole[] = [
  { role: 'loader', options: ['-M', '--module-path'], example: '/tmp/modules', note: '-M loads modules (code run on the hosts) from that folder' },
  { role: 'loader', options: ['-i', '--inventory', '--inventory-file'], everyday: true, example: 'hosts.ini', note: '-i names the inventory; an executable inventory is a program ansible runs' },
  { role: 'loader', options: ['--vault-password-file', '--vault-id', '--become-password-file', '--connection-password-file'], when: (v) => v === null || /\.(py|sh|bash|rb|pl)$|client|@prompt$/i.test(v) && !/@prompt$/.test(v), example: 'vault-client.py', note: 'an executable password file is a program ansible runs to get the password' },
  { role: 'executor', options: ['--ssh-common-args', '--ssh-extra-args', '--sftp-extra-args', '--scp-extra-args'], when: (v) => v === null || /proxycommand|localcommand|permitlocalcommand|-o\s*proxyjump/i.test(v), example: '-o ProxyCommand="sh -c id"', note: 'passes an SSH option that runs a local command' },
  { role: 'executor', options: ['-e', '--extra-vars'], when: (v) => v === null || /proxycommand|_executable|_interpreter|ansible_ssh_args|ansible_ssh_common_args|ansible_connection\s*=\s*local/i.test(v), example: 'ansible_python_interpreter=/tmp/x', note: '-e sets a variable that names a program ansible runs or how it connects' },
];
const ANSIBLE_ROW: ProgramRow = {
  names: ['ansible'],
  category: 'cloud',
  what: 'Ansible\'s ad-hoc runner: one module on a set of hosts',
  grammar: { short: 'iefluMcTaBPmt', flags: 'bCDkKovhy', long: { ...ANSIBLE_COMMON_LONG, ...valued('args', 'background', 'poll', 'module-name', 'tree'), ...flagged('one-line') } },
  options: [
    ...ANSIBLE_COMMON_ROLES,
    { role: 'executor', options: ['-a', '--args'], example: 'rm -rf /tmp/x', note: '-a gives the module its arguments: with command, shell or raw, a command run on each host' },
    { role: 'writer', options: ['-t', '--tree'], example: 'out/', note: '-t writes each host\'s output into that folder' },
  ],
  // On this machine (`localhost`, `-c local`) the command of -a is a payload the hardline floor reads.
  read: (args, reading) => {
    const hosts = reading.operands[0];
    const local = (hosts !== undefined && hosts.kind === 'literal' && /^(localhost|127\.0\.0\.1|::1)$/.test(hosts.value)) || reading.options.some((o) => (o.key === 'c' || o.key === 'connection') && o.value !== null && o.value.kind === 'literal' && o.value.value === 'local');
    if (!local) return [];
    const out: Form[] = [];
    // The module (`-m`, default `command`): command, shell, raw and script run -a as a command;
    // any other module's -a declares what it does (`-m file -a 'path=/etc state=absent'`), read
    // with the module by the languages reader (declarations.ts).
    const moduleWord = [...reading.options].reverse().find((o) => o.key === 'm' || o.key === 'module-name')?.value;
    const module = moduleWord === undefined ? 'command' : moduleWord !== null && moduleWord.kind === 'literal' ? moduleWord.value : null;
    const runsCommand = module !== null && /^(?:(?:ansible\.(?:builtin|legacy)\.)?(?:command|shell|raw|script))$/.test(module);
    for (const o of reading.options) {
      if ((o.key === 'a' || o.key === 'args') && o.value !== null) {
        if (runsCommand || module === null) out.push({ role: 'executor', program: 'ansible', trigger: o.name, index: o.index, value: o.value, payload: 'shell-text', note: '-a runs that command on this machine' });
        if (!runsCommand) out.push({ role: 'executor', program: 'ansible', trigger: o.name, index: o.index, value: o.value, payload: 'code', payloadText: `${module ?? ''} ${o.value.kind === 'literal' ? o.value.value : o.value.raw}`, note: "-a gives the module what it does on this machine" });
      }
    }
    // The modules that act without -a: `-m reboot`, `-m community.general.shutdown`.
    if (module !== null && /(?:^|\.)(?:reboot|shutdown)$/.test(module) && !reading.options.some((o) => o.key === 'a' || o.key === 'args')) {
      out.push({ role: 'executor', program: 'ansible', trigger: '-m', index: -1, value: moduleWord ?? null, payload: 'code', payloadText: module, note: '-m runs that module on this machine' });
    }
    void args;
    return out;
  },
  plain: ['all -m ping', 'web -m setup -l db1', '--version', 'all --list-hosts'],
};
// A playbook is ansible-playbook's own program (its tasks run shell commands): running the playbook
// named is the everyday job, as running a script is an interpreter's.
const ANSIBLE_PLAYBOOK_ROW: ProgramRow = {
  names: ['ansible-playbook'],
  category: 'cloud',
  what: 'Ansible\'s playbook runner',
  grammar: { short: 'iefluMcTt', flags: 'bCDkKvh', long: { ...ANSIBLE_COMMON_LONG, ...valued('tags', 'skip-tags', 'start-at-task'), ...flagged('list-tasks', 'list-tags', 'step', 'force-handlers') } },
  options: ANSIBLE_COMMON_ROLES,
  operands: [{ role: 'loader', operand: 'every', everyday: true, example: 'site.yml', note: 'runs the tasks of the playbook, shell commands included' }],
  plain: ['--version', '--syntax-check', '--list-hosts'],
};

// ---------------------------------------------------------------------------------------------
// pulumi

const PULUMI_LONG = {
  ...valued('cwd', 'color', 'logflow', 'memprofilerate', 'profiling', 'tracing', 'verbose', 'stack', 'config', 'config-file', 'parallel', 'target', 'replace', 'message', 'exec-kind', 'exec-agent', 'policy-pack', 'policy-pack-config', 'secrets-provider', 'suppress-permalink', 'plan', 'save-plan', 'import-file', 'out', 'refresh', 'client', 'cloud-url', 'name', 'description', 'dir', 'generate-only', 'language', 'file', 'from', 'server', 'target-dependents', 'exclude', 'continue-on-error', 'attach-debugger', 'diff', 'json', 'show-secrets', 'yes', 'skip-preview', 'force', 'remove', 'preserve-config', 'run-program', 'expect-no-changes'),
  ...flagged('disable-integrity-checking', 'emoji', 'logtostderr', 'non-interactive', 'help', 'version', 'all', 'debug', 'suppress-outputs', 'suppress-progress', 'show-config', 'show-replacement-steps', 'show-sames', 'show-reads', 'strict', 'upsert', 'local', 'insecure', 'path', 'watch'),
};
/** pulumi booleans such as `--yes` take `=false` too. */
const PULUMI_BOOL = new Set(['diff', 'json', 'show-secrets', 'yes', 'skip-preview', 'force', 'remove', 'preserve-config', 'run-program', 'expect-no-changes', 'refresh', 'suppress-permalink', 'generate-only', 'target-dependents', 'continue-on-error']);
const PULUMI_GRAMMAR: Grammar = { short: 'Cvscmptfdj', flags: 'yefh', long: Object.fromEntries(Object.entries(PULUMI_LONG).map(([k, v]) => [k, PULUMI_BOOL.has(k) ? 'optional' : v])), abbreviations: false };
const PULUMI_YES: OptionRole = { role: 'destructive', options: ['-y', '--yes', '--skip-preview', '-f'], when: on, note: '--yes changes (and may delete) infrastructure without asking' };
function pl(extra: Partial<Command> = {}): Command {
  return { grammar: PULUMI_GRAMMAR, ...extra };
}
// `pulumi up` runs the project's own program (its everyday job, like make running a Makefile).
const PULUMI_BODY: Command = {
  grammar: PULUMI_GRAMMAR,
  subcommands: {
    up: pl({ options: [PULUMI_YES], plain: ['', '-s dev', '--diff'] }),
    update: pl({ options: [PULUMI_YES], plain: [''] }),
    refresh: pl({ options: [PULUMI_YES], plain: [''] }),
    preview: pl({ plain: ['', '--diff -s dev'] }),
    destroy: pl({ role: DESTROY('deletes every resource of the stack') }),
    watch: pl({ role: DESTROY('applies every change of the program as it happens, without asking') }),
    cancel: pl({ role: DESTROY('cancels the stack\'s running update') }),
    stack: pl({ subcommands: { rm: pl({ role: DESTROY('deletes a stack') }), ls: pl({ plain: [''] }), select: pl({ plain: ['dev'] }), output: pl({ plain: ['url'] }), init: pl({ plain: ['dev'] }) }, plain: ['ls', 'output'] }),
    state: pl({ subcommands: { delete: pl({ role: DESTROY('removes resources from the state') }), unprotect: pl({ role: DESTROY('lets protected resources be deleted') }), edit: pl({ role: DESTROY('edits the state by hand') }) } }),
    plugin: pl({ subcommands: { install: pl({ role: { role: 'loader', note: 'installs a plugin, a program pulumi will run' } }), rm: pl({ role: DESTROY('removes plugins') }), ls: pl({ plain: [''] }) }, plain: ['ls'] }),
    package: pl({ subcommands: { add: pl({ role: { role: 'loader', note: 'adds a package (a provider program) to the project' } }) } }),
    login: pl({ operands: [{ role: 'network', operand: 0, when: isUrl, example: 'https://203.0.113.5', note: 'stores state with (and sends credentials to) that backend' }], plain: ['', '--local'] }),
    new: pl({ operands: [{ role: 'network', operand: 0, when: (v) => v !== null && isUrl(v), example: 'https://example.com/template.git', note: 'downloads a project template (code it will run) from that URL' }], plain: ['aws-typescript'] }),
    env: pl({ subcommands: { run: pl({ read: afterDashDash('pulumi env run', 'runs the command after -- here, with the environment\'s secrets', true) }) }, plain: ['ls'] }),
    config: pl({ plain: ['', 'set aws:region eu-west-1', 'get aws:region'] }),
    whoami: pl({ plain: [''] }),
    version: pl({ plain: [''] }),
    about: pl({ plain: [''] }),
  },
  plain: ['preview', 'up', 'stack ls', 'config', 'version'],
};

// ---------------------------------------------------------------------------------------------
// nginx, gsutil

const NGINX_ROW: ProgramRow = {
  names: ['nginx'],
  category: 'network',
  what: 'the nginx web server',
  grammar: { short: 'cgpse', flags: 'tTqvVh?', abbreviations: false },
  options: [
    { role: 'loader', options: ['-c'], example: '/tmp/nginx.conf', note: '-c loads another configuration (it can load modules and serve any folder)' },
    { role: 'loader', options: ['-g'], example: 'load_module /tmp/x.so;', note: '-g adds configuration directives (a module to load, a user to run as)' },
    { role: 'loader', options: ['-p'], example: '/tmp/prefix', note: '-p takes the configuration and modules from another prefix folder' },
    { role: 'writer', options: ['-e'], example: '/tmp/error.log', note: '-e writes the error log to that file' },
    { role: 'destructive', options: ['-s'], when: (v) => v === null || v === 'stop' || v === 'quit', example: 'stop', note: '-s stop shuts the running server down' },
  ],
  // Without -t, -T, -v, -V, -h or -s, nginx starts serving.
  read: (_args, reading) => {
    if (reading.options.some((o) => 'tTvVh?s'.includes(o.key))) return [];
    return [selfForm('listener', 'nginx', 'nginx', 'starts the web server, listening on its configured ports')];
  },
  // `nginx -t -c FILE` loads the modules FILE names while testing it: -c stays a form with -t.
  plain: ['-t', '-T', '-v', '-V', '-s reload', '-q -t'],
};

/** s3cmd's local words against its `s3://` ones: a copy to a bucket uploads what is local. */
const S3CMD_UPLOADS = uploadsToRemote((text) => /^s3:\/\//i.test(text), 'uploads this file or folder of the machine to the bucket');
const S3CMD_READ = ['ls', 'la', 'du', 'info', 'getlifecycle', 'getpolicy', 'getcors', 'getnotification', 'listmp', 'ws-info', 'cfinfo', 'cflist', 'cfinvalinfo', 'help', 'version'];
const S3CMD_GRAMMAR: Grammar = {
  short: 'cm',
  flags: 'rfnHepPsqvdFhV',
  abbreviations: false,
  long: {
    ...valued('config', 'access_key', 'secret_key', 'access_token', 'host', 'host-bucket', 'bucket-location', 'region', 'exclude', 'exclude-from', 'rexclude', 'rexclude-from', 'include', 'include-from', 'rinclude', 'rinclude-from', 'files-from', 'add-header', 'remove-header', 'mime-type', 'default-mime-type', 'encoding', 'storage-class', 'cache-file', 'max-delete', 'limit', 'expiry-date', 'expiry-days', 'expiry-prefix', 'acl-grant', 'acl-revoke', 'multipart-chunk-size-mb', 'limit-rate', 'ssl-client-cert-file', 'ssl-client-key-file', 'ca-certs', 'proxy-host', 'proxy-port', 'gpg-passphrase', 'add-encoding-exts', 'website-index', 'website-error', 'lifecycle-rule', 'upload-id', 'kms-key', 'server-side-encryption-kms-id', 'content-disposition', 'content-type'),
    ...flagged('configure', 'dump-config', 'recursive', 'force', 'dry-run', 'human-readable', 'encrypt', 'no-encrypt', 'preserve', 'no-preserve', 'acl-public', 'acl-private', 'ssl', 'no-ssl', 'quiet', 'verbose', 'debug', 'help', 'version', 'delete-removed', 'no-delete-removed', 'delete-after', 'delete-after-fetch', 'skip-existing', 'continue', 'continue-put', 'check-md5', 'no-check-md5', 'list-md5', 'long-listing', 'signature-v2', 'requester-pays', 'follow-symlinks', 'no-progress', 'progress', 'stats', 'server-side-encryption', 'guess-mime-type', 'no-guess-mime-type', 'no-mime-magic', 'disable-multipart', 'check-certificate', 'no-check-certificate', 'check-hostname', 'no-check-hostname', 'ignore-failed-copy', 'recursive', 'exclude-file', 'no-check'),
  },
};
const S3CMD_ROW: ProgramRow = {
  names: ['s3cmd'],
  category: 'cloud',
  what: 's3cmd, a client of Amazon S3 and S3-compatible storage',
  grammar: S3CMD_GRAMMAR,
  options: [
    { role: 'loader', options: ['-c', '--config'], example: '/tmp/s3cfg', note: '-c reads another configuration: its keys, its server and the gpg command it runs' },
    { role: 'network', options: ['--host', '--host-bucket', '--proxy-host'], example: '203.0.113.5', note: '--host/--proxy-host send the requests (signed with the keys) to another server' },
    { role: 'credentials', options: ['--dump-config'], note: '--dump-config prints the configuration with its access and secret keys' },
    { role: 'writer', options: ['--cache-file'], target: 'file', example: '/tmp/cache', note: '--cache-file writes the MD5 cache to the named file' },
  ],
  read: (_args, reading) => (reading.options.some((o) => o.name === '--configure') ? [writes('s3cmd', '--configure', '~/.s3cfg', 'file', 's3cmd --configure writes the configuration file with the access keys')] : []),
  operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !S3CMD_READ.includes(v) && !['get', 'put', 'sync', 'mb', 'cp', 'signurl'].includes(v), example: 'setacl', note: 'an s3cmd command that deletes or changes buckets and objects (or one only known at run time)' }],
  subcommands: {
    ...Object.fromEntries(S3CMD_READ.map((verb) => [verb, { grammar: S3CMD_GRAMMAR }])),
    get: { grammar: S3CMD_GRAMMAR, operands: [{ role: 'writer', operand: 'last', when: (v) => v === null || (v !== '-' && !/^s3:\/\//i.test(v)), everyday: true, target: 'file', example: 'out.txt', note: 'downloads into this path of the machine' }] },
    put: { grammar: S3CMD_GRAMMAR, read: S3CMD_UPLOADS },
    sync: {
      grammar: S3CMD_GRAMMAR,
      operands: [{ role: 'writer', operand: 'last', when: (v) => v === null || !/^s3:\/\//i.test(v), everyday: true, target: 'tree', example: 'out/', note: 'downloads into this folder of the machine' }],
      options: [{ role: 'destructive', options: ['--delete-removed', '--delete-after-fetch'], removesOperands: 'last', note: '--delete-removed deletes what the source does not have at the target (--delete-after-fetch: the fetched objects)' }],
      read: S3CMD_UPLOADS,
    },
    mb: { grammar: S3CMD_GRAMMAR },
    cp: { grammar: S3CMD_GRAMMAR },
    signurl: { grammar: S3CMD_GRAMMAR, role: printsSecret('prints a signed URL through which anyone may fetch the object until it expires') },
  },
  plain: ['ls', 'ls s3://public-datasets/', 'du -H s3://bucket', 'info s3://bucket/a.txt', 'get s3://bucket/a.txt a.txt'],
};

/**
 * Ollama's client talks to the local Ollama server (OLLAMA_HOST): `run` and `pull` download a
 * model when it is missing (their job), `push` uploads one, `rm` deletes one, `serve` is the server.
 */
const OLLAMA_GRAMMAR: Grammar = {
  short: 'fq',
  flags: 'vh',
  abbreviations: false,
  long: { ...valued('format', 'keepalive', 'file', 'quantize', 'think', 'dimensions'), ...flagged('verbose', 'insecure', 'nowordwrap', 'hidethinking', 'help', 'version', 'license', 'modelfile', 'parameters', 'system', 'template', 'experimental') },
};
const OLLAMA_ROW: ProgramRow = {
  names: ['ollama'],
  category: 'misc',
  what: 'Ollama, which downloads and runs language models locally',
  grammar: OLLAMA_GRAMMAR,
  operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !['run', 'pull', 'list', 'ls', 'ps', 'show', 'help', 'push', 'rm', 'serve', 'start', 'create', 'cp', 'stop'].includes(v), example: 'x-unknown-verb', note: 'an ollama command this row does not know (or one only known at run time)' }],
  subcommands: {
    run: { grammar: OLLAMA_GRAMMAR, role: { role: 'network', everyday: true, note: 'ollama run downloads the model first when it is missing' }, plain: ['llama3.2', "llama3.2 'Summarise this in one line'"] },
    pull: { grammar: OLLAMA_GRAMMAR, role: { role: 'network', everyday: true, note: 'ollama pull downloads a model' }, plain: ['llama3.2'] },
    ...Object.fromEntries(['list', 'ls', 'ps', 'show', 'help'].map((verb) => [verb, { grammar: OLLAMA_GRAMMAR }])),
    push: { grammar: OLLAMA_GRAMMAR, role: { role: 'network', note: 'ollama push uploads a model of this machine to a registry' } },
    rm: { grammar: OLLAMA_GRAMMAR, role: DESTROY('ollama rm deletes downloaded models') },
    stop: { grammar: OLLAMA_GRAMMAR, role: DESTROY('ollama stop unloads a running model') },
    serve: { grammar: OLLAMA_GRAMMAR, role: { role: 'listener', note: 'ollama serve starts the model server (on OLLAMA_HOST, localhost:11434 unless set)' } },
    start: { grammar: OLLAMA_GRAMMAR, role: { role: 'listener', note: 'ollama start starts the model server' } },
    create: { grammar: OLLAMA_GRAMMAR, role: { role: 'writer', note: 'ollama create builds a model from a Modelfile (which names files of the machine) into the model store' } },
    cp: { grammar: OLLAMA_GRAMMAR, role: { role: 'writer', note: 'ollama cp copies a model in the model store' } },
  },
  plain: ['list', 'ps', 'show llama3.2', '--version'],
};

const GSUTIL_ROW: ProgramRow = {
  names: ['gsutil'],
  category: 'cloud',
  what: 'the Google Cloud Storage client',
  grammar: { short: 'hiou', flags: 'Dmq', stopAtOperand: true, long: flagged('help', 'version') },
  options: [
    { role: 'network', options: ['-o'], when: (v) => v === null || /host|proxy|endpoint|url|port/i.test(v), example: 'Credentials:gs_json_host=203.0.113.5', note: '-o sets a client option; this one sends the requests to another server' },
  ],
  subcommands: {
    ls: { grammar: { flags: 'ablLhreR', long: {} }, plain: ['', 'gs://bucket/', '-l gs://bucket/dir/'] },
    cat: { plain: ['gs://bucket/a.txt'] },
    du: { plain: ['-s gs://bucket'] },
    stat: { plain: ['gs://bucket/a.txt'] },
    version: { plain: ['', '-l'] },
    cp: {
      grammar: { short: 'ajLsxz', flags: 'AcDeIJMnpPrRUv' },
      operands: [{ role: 'writer', operand: 'last', when: (v) => v === null || (v !== '-' && !/^gs:\/\//.test(v)), everyday: true, example: 'out.txt', note: 'downloads into this path of the machine' }],
      options: [{ role: 'writer', options: ['-L'], example: 'cp.log', note: '-L writes a log of the copies to that file' }],
      read: GCS_UPLOADS,
    },
    rsync: {
      grammar: { short: 'aijxy', flags: 'cCdeJnpPrRuU' },
      operands: [{ role: 'writer', operand: 'last', when: (v) => v === null || !/^gs:\/\//.test(v), everyday: true, example: 'out/', note: 'downloads into this folder of the machine' }],
      options: [{ role: 'destructive', options: ['-d'], removesOperands: 'last', note: '-d deletes files at the target that the source does not have' }],
      read: GCS_UPLOADS,
    },
    rm: { role: DESTROY('deletes objects') },
    rb: { role: DESTROY('deletes a bucket') },
    mv: { role: DESTROY('moves objects, deleting them at the source'), read: GCS_UPLOADS },
    acl: { subcommands: { ch: { role: DESTROY('changes who may read or write objects') }, set: { role: DESTROY('replaces the access list of objects') }, get: { plain: ['gs://bucket/a'] } } },
    defacl: { subcommands: { ch: { role: DESTROY('changes the default access of new objects') }, set: { role: DESTROY('replaces the default access of new objects') } } },
    iam: { subcommands: { ch: { role: DESTROY('changes who may use a bucket') }, set: { role: DESTROY('replaces who may use a bucket') }, get: { plain: ['gs://bucket'] } } },
    mb: { plain: ['gs://new-bucket'] },
  },
  plain: ['ls', 'ls gs://bucket/', 'cat gs://bucket/a.txt', 'version'],
};

// ---------------------------------------------------------------------------------------------
// Hosting platforms: doctl, heroku, flyctl, vercel, wrangler, firebase.

const DOCTL_LONG = {
  ...valued('access-token', 'api-url', 'config', 'context', 'output', 'http-retry-max', 'http-retry-wait-max', 'http-retry-wait-min', 'ssh-command', 'ssh-key-path', 'ssh-port', 'ssh-user', 'format', 'region', 'size', 'image', 'tag-name', 'ssh-keys', 'vpc-uuid', 'user-data', 'user-data-file', 'expiry-seconds', 'spec', 'app', 'component', 'type', 'name'),
  ...flagged('trace', 'verbose', 'interactive', 'help', 'no-header', 'force', 'ssh-agent-forwarding', 'ssh-private-ip', 'wait', 'follow', 'upsert', 'set-current-context'),
};
function doctl(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'tuco', flags: 'vfh', long: DOCTL_LONG, abbreviations: false }, ...extra, options: [...DOCTL_ROLES, ...(extra.options ?? [])] };
}
const DOCTL_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['-u', '--api-url'], example: 'https://203.0.113.5', note: '--api-url sends the requests (and the token) to another server' },
];
const DOCTL_SSH = (): Command => doctl({
  role: { role: 'executor', note: 'opens a shell on a droplet over SSH' },
  operands: [{ role: 'network', operand: 0, everyday: true, example: 'web-1', note: 'connects to the droplet over SSH: what it reads from standard input goes there' }],
  options: [{ role: 'executor', options: ['--ssh-command'], example: 'rm -rf /tmp/x', note: '--ssh-command runs that shell text on the droplet' }],
});
const DOCTL_BODY: Command = {
  grammar: { short: 'tuco', flags: 'vh', long: DOCTL_LONG, abbreviations: false },
  options: DOCTL_ROLES,
  read: verbForms('doctl', 'deletes cloud resources', new Set(['delete', 'rm', 'del', 'destroy', 'purge', 'revoke', 'power-off', 'shutdown', 'power-cycle', 'reset']), DOCTL_LONG),
  subcommands: {
    compute: doctl({ subcommands: { ssh: DOCTL_SSH(), droplet: doctl({ plain: ['list', 'get 123'] }) }, plain: ['droplet list', 'region list'] }),
    apps: doctl({ subcommands: { console: doctl({ role: { role: 'executor', note: 'opens a shell in an app\'s running component' } }), list: doctl({ plain: [''] }) }, plain: ['list'] }),
    kubernetes: doctl({ plain: ['cluster list', 'cluster kubeconfig save dev'] }),
    account: doctl({ plain: ['get'] }),
    version: doctl({ plain: [''] }),
    auth: doctl({ subcommands: { token: doctl({ role: printsSecret('prints the DigitalOcean API token of the current context', serviceHosts('digitalocean')) }) }, plain: ['init', 'list'] }),
  },
  plain: ['account get', 'compute droplet list', 'version', 'apps list -o json'],
};

const HEROKU_LONG = { ...valued('app', 'remote', 'size', 'env', 'type', 'dyno', 'num', 'tail', 'source', 'confirm', 'team', 'region', 'stack', 'space', 'process-type', 'command'), ...flagged('help', 'json', 'exit-code', 'no-tty', 'no-notify', 'tail', 'all', 'force', 'listen', 'extended', 'shell') };
function hk(extra: Partial<Command> = {}, stop = false): Command {
  return { grammar: { short: 'arsenct', flags: 'xh', long: HEROKU_LONG, abbreviations: false, ...(stop ? { stopAtOperand: true } : {}) }, ...extra };
}
const HK_RUN = hk({ role: { role: 'executor', note: 'runs a command (or a shell) in a one-off dyno of the app' } }, true);
const HK_CHANGE = (note: string): Command => hk({ role: DESTROY(note) });
const HEROKU_BODY: Command = {
  grammar: { long: HEROKU_LONG, abbreviations: false },
  subcommands: {
    run: HK_RUN,
    'run:detached': HK_RUN,
    'run:inside': HK_RUN,
    'ps:exec': hk({ role: { role: 'executor', note: 'opens a shell in a running dyno' } }),
    'pg:psql': hk({ role: { role: 'executor', note: 'opens a SQL shell on the app\'s database' } }),
    'redis:cli': hk({ role: { role: 'executor', note: 'opens a shell on the app\'s Redis' } }),
    'apps:destroy': HK_CHANGE('deletes an app and its data'),
    destroy: HK_CHANGE('deletes an app and its data'),
    'pg:reset': HK_CHANGE('deletes every table of a database'),
    'pg:kill': HK_CHANGE('kills a database query'),
    'pg:killall': HK_CHANGE('kills every database connection'),
    'addons:destroy': HK_CHANGE('deletes an add-on and its data'),
    'config:unset': HK_CHANGE('removes settings and restarts the app'),
    'ps:kill': HK_CHANGE('stops dynos'),
    'ps:stop': HK_CHANGE('stops dynos'),
    'maintenance:on': HK_CHANGE('takes the app offline'),
    'domains:remove': HK_CHANGE('removes a domain from the app'),
    'access:remove': HK_CHANGE('removes a collaborator'),
    'access:add': HK_CHANGE('gives another account access to the app'),
    'keys:add': HK_CHANGE('adds an SSH key that may push to your apps'),
    'releases:rollback': HK_CHANGE('rolls the app back to an earlier release'),
    rollback: HK_CHANGE('rolls the app back to an earlier release'),
    'plugins:install': hk({ role: { role: 'loader', note: 'installs a CLI plugin, code heroku will run' } }),
    'plugins:link': hk({ role: { role: 'loader', note: 'links a local CLI plugin, code heroku will run' } }),
    apps: hk({ plain: ['', '--all'] }),
    logs: hk({ plain: ['--tail -a web'] }),
    config: hk({ role: printsSecret('prints the app\'s config vars, the secrets among them (database URLs, API keys)') }),
    'config:get': hk({ role: printsSecret('prints the value of a config var') }),
    'auth:token': hk({ role: printsSecret('prints the Heroku API token the CLI is logged in with', serviceHosts('heroku')) }),
    ps: hk({ plain: ['-a web'] }),
    releases: hk({ plain: ['-a web'] }),
    'git:remote': hk({ plain: ['-a web'] }),
    info: hk({ plain: ['-a web'] }),
    version: hk({ plain: [''] }),
    login: hk({ plain: [''] }),
    local: hk({ plain: ['web'] }),
  },
  plain: ['apps', 'logs --tail -a web', 'config -a web', 'ps -a web', '--version'],
};

const FLY_LONG = { ...valued('app', 'config', 'access-token', 'command', 'region', 'image', 'bind-addr', 'select', 'org', 'user', 'machine', 'pty', 'vm-size', 'env', 'port', 'name', 'strategy', 'dockerfile', 'build-arg', 'file', 'output'), ...flagged('verbose', 'json', 'debug', 'help', 'yes', 'force', 'quiet', 'detach', 'rm', 'remote-only', 'local-only', 'ha', 'now', 'interactive') };
function fly(extra: Partial<Command> = {}, stop = false): Command {
  return { grammar: { short: 'actCrbsoueip', flags: 'jyfdh', long: FLY_LONG, abbreviations: false, ...(stop ? { stopAtOperand: true } : {}) }, ...extra };
}
const FLY_DESTROY = (note: string): Command => fly({ role: DESTROY(note) });
const FLY_CONSOLE = fly({
  role: { role: 'executor', note: 'opens a shell on a machine of the app' },
  options: [{ role: 'executor', options: ['-C', '--command'], example: 'rm -rf /tmp/x', note: '-C runs that command on the machine' }],
});
const FLYCTL_BODY: Command = {
  grammar: { short: 'act', flags: 'jh', long: FLY_LONG, abbreviations: false },
  subcommands: {
    ssh: fly({ subcommands: { console: FLY_CONSOLE, sftp: fly({ role: { role: 'network', note: 'copies files to and from a machine of the app' } }), issue: fly({ plain: [''] }) } }),
    console: FLY_CONSOLE,
    auth: fly({ subcommands: { token: fly({ role: printsSecret('prints the access token of the logged-in account', serviceHosts('fly')) }) }, plain: ['whoami', 'login'] }),
    destroy: FLY_DESTROY('deletes an app'),
    apps: fly({ subcommands: { destroy: FLY_DESTROY('deletes an app'), list: fly({ plain: [''] }) }, plain: ['list'] }),
    machine: fly({
      subcommands: {
        run: fly({ role: { role: 'executor', note: 'runs a command in a new cloud machine' } }),
        exec: fly({ role: { role: 'executor', note: 'runs a command in a cloud machine' } }),
        destroy: FLY_DESTROY('deletes a machine'),
        remove: FLY_DESTROY('deletes a machine'),
        rm: FLY_DESTROY('deletes a machine'),
        list: fly({ plain: [''] }),
      },
      plain: ['list'],
    }),
    volumes: fly({ subcommands: { destroy: FLY_DESTROY('deletes a volume and its data'), delete: FLY_DESTROY('deletes a volume and its data'), list: fly({ plain: [''] }) }, plain: ['list'] }),
    secrets: fly({ subcommands: { unset: FLY_DESTROY('removes secrets and restarts the app'), list: fly({ plain: [''] }), set: fly({ operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'API_KEY=x', note: 'sends the values to the app\'s secrets, which its machines and operators read' }] }) }, plain: ['list'] }),
    postgres: fly({ subcommands: { connect: fly({ role: { role: 'executor', note: 'opens a SQL shell on the app\'s database' } }) } }),
    proxy: fly({ options: [{ role: 'listener', options: ['-b', '--bind-addr'], when: openAddress, example: '0.0.0.0', note: '--bind-addr opens the proxied port on a network address' }], plain: ['5432 -a db'] }),
    deploy: fly({ plain: ['', '--remote-only'] }),
    // Concourse CI's client is also called `fly` (`fly -t TARGET …`): its one-off task runs a
    // container on a worker, with the worker's devices and powers when `--privileged`, and
    // `intercept` (`hijack`) opens a shell in a build's container.
    execute: fly({
      grammar: { short: 'tciojlp', flags: 'xh', long: { ...valued('target', 'config', 'input', 'output', 'inputs-from', 'image', 'tag', 'var', 'load-vars-from', 'input-mapping'), ...flagged('privileged', 'exclude-ignored', 'include-ignored', 'help') }, abbreviations: false },
      options: [{ role: 'executor', options: ['--privileged'], note: '--privileged runs the task\'s container with the worker\'s devices and powers' }],
      plain: ['-c task.yml', '-c task.yml -i repo=.'],
    }),
    intercept: fly({ role: { role: 'executor', note: 'opens a shell in a container of a Concourse build' } }),
    hijack: fly({ role: { role: 'executor', note: 'opens a shell in a container of a Concourse build' } }),
    status: fly({ plain: [''] }),
    logs: fly({ plain: ['-a web'] }),
    version: fly({ plain: [''] }),
  },
  plain: ['status', 'deploy', 'logs -a web', 'apps list', 'version'],
};

const VERCEL_LONG = { ...valued('token', 'scope', 'local-config', 'global-config', 'cwd', 'env', 'build-env', 'meta', 'regions', 'listen', 'environment', 'git-branch', 'archive', 'target', 'output', 'since', 'until', 'limit'), ...flagged('debug', 'yes', 'help', 'version', 'no-color', 'prod', 'force', 'public', 'with-cache', 'prebuilt', 'skip-domain', 'no-wait', 'logs', 'safe', 'json', 'follow') };
function vc(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'tSAQebml', flags: 'dyhvf', long: VERCEL_LONG, abbreviations: false }, ...extra };
}
const VC_RM = (note: string): Command => vc({ role: DESTROY(note) });
const VERCEL_BODY: Command = {
  grammar: { short: 'tSAQebm', flags: 'dyhvf', long: VERCEL_LONG, abbreviations: false },
  options: [{ role: 'listener', options: ['--public'], note: '--public makes the deployment\'s source code public' }],
  subcommands: {
    dev: vc({ options: [{ role: 'listener', options: ['-l', '--listen'], when: (v) => v === null || (!/^\d+$/.test(v) && openAddress(v.replace(/^[a-z]+:\/\//, '').replace(/:\d+$/, ''))), example: '0.0.0.0:3000', note: '--listen serves the development server on a network address' }], plain: ['', '--listen 3000'] }),
    remove: VC_RM('deletes deployments or projects'),
    rm: VC_RM('deletes deployments or projects'),
    env: vc({ subcommands: { rm: VC_RM('deletes environment variables'), remove: VC_RM('deletes environment variables'), ls: vc({ plain: [''] }), pull: vc({ operands: [{ role: 'writer', operand: 0, everyday: true, example: '.env.local', note: 'writes the environment variables into that file' }] }) }, plain: ['ls'] }),
    domains: vc({ subcommands: { rm: VC_RM('removes a domain'), ls: vc({ plain: [''] }) }, plain: ['ls'] }),
    project: vc({ subcommands: { rm: VC_RM('deletes a project'), ls: vc({ plain: [''] }) }, plain: ['ls'] }),
    alias: vc({ subcommands: { rm: VC_RM('removes an alias'), ls: vc({ plain: [''] }) }, plain: ['ls'] }),
    dns: vc({ subcommands: { rm: VC_RM('removes a DNS record'), ls: vc({ plain: [''] }) }, plain: ['ls'] }),
    rollback: VC_RM('points production back at an earlier deployment'),
    ls: vc({ plain: [''] }),
    list: vc({ plain: [''] }),
    logs: vc({ plain: ['https://app.vercel.app'] }),
    whoami: vc({ plain: [''] }),
    inspect: vc({ plain: ['app.vercel.app'] }),
    build: vc({ plain: ['', '--prod'] }),
    deploy: vc({ operands: [{ role: 'network', operand: 0, sends: true, everyday: true, example: 'dist', note: 'uploads that folder as the deployment' }], plain: ['', '--prod'] }),
    link: vc({ plain: ['--yes'] }),
    pull: vc({ plain: ['--yes --environment=preview'] }),
  },
  plain: ['', '--prod', 'ls', 'whoami', 'logs https://app.vercel.app'],
};

const WRANGLER_LONG = { ...valued('config', 'env', 'cwd', 'ip', 'port', 'host', 'local-protocol', 'inspector-port', 'upstream-protocol', 'var', 'define', 'persist-to', 'name', 'compatibility-date', 'routes', 'command', 'file', 'output', 'binding', 'namespace-id', 'database', 'format', 'message', 'tag', 'assets', 'site', 'outdir', 'branch', 'project-name', 'commit-hash', 'commit-message', 'script', 'env-file', 'experimental-json-config'), ...flagged('help', 'version', 'local', 'remote', 'live-reload', 'dry-run', 'minify', 'yes', 'force', 'preview', 'json', 'test-scheduled', 'experimental-local', 'latest', 'x-remote-bindings') };
function wr(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'ce', flags: 'hvy', long: WRANGLER_LONG, abbreviations: false }, ...extra };
}
const WR_DEL = (note: string): Command => wr({ role: DESTROY(note) });
const WRANGLER_DEV = wr({ options: [{ role: 'listener', options: ['--ip'], when: openAddress, example: '0.0.0.0', note: '--ip serves the development server on a network address' }], plain: ['', '--port 8788', '--remote'] });
const WRANGLER_BODY: Command = {
  grammar: { short: 'ce', flags: 'hv', long: WRANGLER_LONG, abbreviations: false },
  subcommands: {
    dev: WRANGLER_DEV,
    delete: WR_DEL('deletes a Worker'),
    rollback: WR_DEL('points the Worker back at an earlier version'),
    secret: wr({ subcommands: { delete: WR_DEL('deletes a secret of the Worker'), list: wr({ plain: [''] }), put: wr({ plain: ['API_KEY'] }) }, plain: ['list'] }),
    kv: wr({ subcommands: { namespace: wr({ subcommands: { delete: WR_DEL('deletes a KV namespace and its data') }, plain: ['list'] }), key: wr({ subcommands: { delete: WR_DEL('deletes a KV key') }, plain: ['list --binding KV'] }), bulk: wr({ subcommands: { delete: WR_DEL('deletes KV keys in bulk') } }) } }),
    r2: wr({ subcommands: { bucket: wr({ subcommands: { delete: WR_DEL('deletes an R2 bucket') }, plain: ['list'] }), object: wr({ subcommands: { delete: WR_DEL('deletes an R2 object'), put: wr({ options: [{ role: 'network', options: ['--file'], sends: true, everyday: true, example: 'report.pdf', note: '--file uploads that file as the object' }] }), get: wr({ options: [{ role: 'writer', options: ['--file'], everyday: true, example: 'out.bin', note: '--file writes the object into that file' }] }) } }) } }),
    d1: wr({
      subcommands: {
        execute: wr({ options: [{ role: 'executor', options: ['--command', '--file'], payload: 'code', example: 'DROP TABLE users', note: 'runs that SQL on the database' }], plain: [] }),
        delete: WR_DEL('deletes a D1 database'),
        export: wr({ options: [{ role: 'writer', options: ['--output'], everyday: true, example: 'dump.sql', note: '--output writes the export into that file' }] }),
        list: wr({ plain: [''] }),
      },
      plain: ['list'],
    }),
    pages: wr({ subcommands: { dev: WRANGLER_DEV, project: wr({ subcommands: { delete: WR_DEL('deletes a Pages project') }, plain: ['list'] }), deploy: wr({ operands: [{ role: 'network', operand: 0, sends: true, everyday: true, example: 'dist', note: 'uploads that folder as the Pages site' }] }) }, plain: ['project list'] }),
    deploy: wr({ plain: ['', '--env production'] }),
    tail: wr({ plain: ['', '--format pretty'] }),
    whoami: wr({ plain: [''] }),
    login: wr({ plain: [''] }),
    types: wr({ plain: [''] }),
    versions: wr({ plain: ['list'] }),
    deployments: wr({ plain: ['list'] }),
  },
  plain: ['dev', 'deploy', 'tail', 'whoami', '--version'],
};

const FIREBASE_LONG = { ...valued('project', 'token', 'config', 'account', 'only', 'except', 'message', 'port', 'host', 'import', 'export-on-exit', 'inspect-functions', 'ui', 'log-verbosity', 'data', 'instance', 'expires', 'site', 'format', 'hash-algo', 'rounds', 'salt-separator', 'hash-key', 'mem-cost', 'parallelization', 'block-size', 'dk-len', 'shard', 'limit', 'database', 'collection-ids', 'recursive-delete', 'output'), ...flagged('json', 'non-interactive', 'interactive', 'debug', 'help', 'version', 'force', 'yes', 'recursive', 'all-collections', 'shallow', 'pretty') };
function fb(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'Pcmpoj', flags: 'hVfyr', long: FIREBASE_LONG, abbreviations: false }, ...extra };
}
const FB_DEL = (note: string): Command => fb({ role: DESTROY(note) });
const FIREBASE_BODY: Command = {
  grammar: { short: 'Pc', flags: 'jhV', long: FIREBASE_LONG, abbreviations: false },
  subcommands: {
    serve: fb({ options: [{ role: 'listener', options: ['-o', '--host'], when: openAddress, example: '0.0.0.0', note: '--host serves the site and functions on a network address' }], plain: ['', '--only hosting'] }),
    'emulators:start': fb({ options: [{ role: 'listener', options: ['--host'], when: openAddress, example: '0.0.0.0', note: '--host serves the emulators on a network address' }], plain: ['', '--only functions'] }),
    'emulators:exec': fb({ operands: [{ role: 'executor', operand: 0, payload: 'shell-text', example: 'npm test', note: 'runs that shell text with the emulators up' }] }),
    'hosting:disable': FB_DEL('takes the site offline'),
    'hosting:channel:delete': FB_DEL('deletes a preview channel'),
    'functions:delete': FB_DEL('deletes Cloud Functions'),
    'database:remove': FB_DEL('deletes data from the Realtime Database'),
    'database:set': FB_DEL('overwrites data in the Realtime Database'),
    'database:update': FB_DEL('changes data in the Realtime Database'),
    'database:push': FB_DEL('adds data to the Realtime Database'),
    'firestore:delete': FB_DEL('deletes Firestore documents or collections'),
    'auth:import': FB_DEL('imports user accounts into Authentication'),
    'auth:export': fb({ operands: [{ role: 'writer', operand: 0, example: 'users.json', note: 'writes every user account (with password hashes) into that file' }] }),
    'ext:install': fb({ role: { role: 'loader', note: 'installs an extension, code run in the project' } }),
    'functions:shell': fb({ role: { role: 'executor', note: 'opens an interactive shell that calls the project\'s functions' } }),
    deploy: fb({ plain: ['', '--only hosting', '-P prod'] }),
    login: fb({ plain: [''] }),
    use: fb({ plain: ['prod'] }),
    'projects:list': fb({ plain: [''] }),
    'functions:log': fb({ plain: [''] }),
    init: fb({ plain: ['hosting'] }),
  },
  plain: ['deploy', 'projects:list', 'use prod', '--version', 'login'],
};

// ---------------------------------------------------------------------------------------------
// crictl, ctr, lxc

const CRICTL_GLOBAL: Grammar = { short: 'cirt', flags: 'Dh', long: { ...valued('config', 'image-endpoint', 'runtime-endpoint', 'timeout', 'tracing-endpoint', 'tracing-sampling-rate-per-million', 'profile-cpu', 'profile-mem'), ...flagged('debug', 'enable-tracing', 'help', 'version') }, abbreviations: false, stopAtOperand: true };
const CRICTL_LEAF: Grammar = { short: 'o', flags: 'aqvfl', long: { ...valued('output', 'name', 'pod', 'label', 'state', 'image', 'namespace', 'id', 'since', 'tail', 'timeout', 'transport', 'env', 'filter', 'last', 'seconds', 'window'), ...flagged('all', 'quiet', 'verbose', 'latest', 'force', 'no-trunc', 'follow', 'timestamps', 'interactive', 'tty', 'sync', 'prune', 'digests', 'pinned') }, abbreviations: false };
const CRICTL_DEL = (note: string): Command => ({ grammar: CRICTL_LEAF, role: DESTROY(note) });
const CRICTL_ROW: ProgramRow = {
  names: ['crictl'],
  category: 'container',
  what: 'the client of Kubernetes container runtimes (CRI)',
  grammar: CRICTL_GLOBAL,
  subcommands: {
    exec: { grammar: { ...CRICTL_LEAF, short: 'oe', flags: 'itsql', stopAtOperand: true }, read: elsewhere('crictl exec', 'runs the command inside the container named first', 1) },
    attach: { grammar: CRICTL_LEAF, role: { role: 'executor', note: 'attaches this terminal to a running container' } },
    run: { grammar: CRICTL_LEAF, role: { role: 'loader', note: 'creates and starts a container from spec files, which can ask for host privileges' } },
    runp: { grammar: CRICTL_LEAF, role: { role: 'loader', note: 'starts a pod from a spec file, which can ask for host privileges' } },
    create: { grammar: CRICTL_LEAF, role: { role: 'loader', note: 'creates a container from spec files, which can ask for host privileges' } },
    rm: CRICTL_DEL('deletes containers'),
    rmi: CRICTL_DEL('deletes images'),
    rmp: CRICTL_DEL('deletes pods'),
    stop: CRICTL_DEL('stops containers'),
    stopp: CRICTL_DEL('stops pods'),
    ps: { grammar: CRICTL_LEAF, plain: ['', '-a'] },
    pods: { grammar: CRICTL_LEAF, plain: [''] },
    images: { grammar: CRICTL_LEAF, plain: [''] },
    inspect: { grammar: CRICTL_LEAF, plain: ['abc123'] },
    inspectp: { grammar: CRICTL_LEAF, plain: ['abc123'] },
    logs: { grammar: CRICTL_LEAF, plain: ['--tail 50 abc123'] },
    stats: { grammar: CRICTL_LEAF, plain: [''] },
    info: { grammar: CRICTL_LEAF, plain: [''] },
    version: { grammar: CRICTL_LEAF, plain: [''] },
    pull: { grammar: CRICTL_LEAF, plain: ['alpine'] },
  },
  plain: ['ps', 'pods', 'images', 'logs abc123', 'version'],
};

const CTR_RUN_LONG = {
  ...valued('mount', 'env', 'env-file', 'label', 'snapshotter', 'snapshotter-label', 'config', 'cwd', 'user', 'runtime', 'runtime-config-path', 'with-ns', 'pid-file', 'fifo-dir', 'gpus', 'memory-limit', 'cpus', 'cpu-shares', 'cpu-quota', 'cpu-period', 'seccomp-profile', 'apparmor-profile', 'annotation', 'hostname', 'platform', 'blockio-config-file', 'rdt-class', 'log-uri', 'cgroup', 'uidmap', 'gidmap', 'cap-add', 'cap-drop', 'device', 'sandbox', 'exec-id', 'rootfs-propagation', 'isolated', 'ulimit', 'cni-netconfpath', 'net-host-if', 'key', 'signal', 'timeout'),
  ...flagged('rm', 'tty', 'detach', 'null-io', 'read-only', 'privileged', 'privileged-without-host-devices', 'privileged-without-host-devices-all-devices-allowed', 'net-host', 'rootfs', 'cni', 'allow-new-privs', 'seccomp', 'apparmor-default-profile', 'remap-labels', 'all', 'quiet', 'force', 'help', 'no-pivot', 'skip-verify', 'plain-http', 'local'),
};
const CTR_RUN_ROLES: readonly OptionRole[] = [
  { role: 'destructive', options: ['--mount'], when: mountBindsSystem, example: 'type=bind,src=/,dst=/host,options=rbind', note: '--mount binds a system folder of the host into the container' },
  { role: 'destructive', options: ['--privileged', '--privileged-without-host-devices', '--privileged-without-host-devices-all-devices-allowed'], when: on, note: '--privileged gives the container every device and capability of the host' },
  { role: 'destructive', options: ['--net-host'], when: on, note: '--net-host puts the container on the host\'s own network' },
  { role: 'destructive', options: ['--cap-add'], example: 'CAP_SYS_ADMIN', note: '--cap-add gives the container extra kernel privileges' },
  { role: 'destructive', options: ['--device'], example: '/dev/sda', note: '--device hands a device of the host to the container' },
  { role: 'destructive', options: ['--with-ns'], example: 'pid:/proc/1/ns/pid', note: '--with-ns joins a namespace of another process (the host\'s too)' },
  { role: 'destructive', options: ['--rootfs'], when: on, note: '--rootfs runs the container on a host folder instead of an image' },
  { role: 'executor', options: ['--log-uri'], when: (v) => v === null || /^binary:\/\//.test(v), payload: 'program', example: 'binary:///tmp/logger', note: '--log-uri binary://… runs that program as the container\'s logger' },
  { role: 'loader', options: ['--config', '--runtime-config-path'], example: 'spec.json', note: 'takes the container\'s whole spec (privileges and mounts too) from a file' },
];
/**
 * `ctr run` options that hand the container nothing of this machine (a new network namespace with no
 * network unless `--net-host` or `--cni`): removal, the terminal, detaching, labels, the working
 * folder and user inside, a read-only root, resource limits. ctr's `--mount` takes raw mount
 * options, so no bind is let through.
 */
const CTR_RUN_CONFINED: ConfinedRun = { options: ['--rm', '-t', '--tty', '-d', '--detach', '--null-io', '--label', '--cwd', '-u', '--user', '--read-only', '--memory-limit', '--cpus', '--cpu-shares', '--hostname', '--platform', '--cap-drop'], values: { '--env': valueOnLine }, spelledBy: 'runner' };
const CTR_LEAF: Grammar = { short: 'unq', flags: 'qfh', long: CTR_RUN_LONG, abbreviations: false };
const CTR_DEL = (note: string): Command => ({ grammar: CTR_LEAF, role: DESTROY(note) });
const CTR_TASKS: Command = {
  grammar: CTR_LEAF,
  subcommands: {
    exec: { grammar: { ...CTR_LEAF, stopAtOperand: true }, options: [CTR_RUN_ROLES[7]!], read: elsewhere('ctr task exec', 'runs the command inside the running task named first', 1) },
    kill: CTR_DEL('kills a task'),
    rm: CTR_DEL('deletes a task'),
    delete: CTR_DEL('deletes a task'),
    del: CTR_DEL('deletes a task'),
    attach: { grammar: CTR_LEAF, role: { role: 'executor', note: 'attaches this terminal to a running task' } },
    ls: { grammar: CTR_LEAF, plain: [''] },
    list: { grammar: CTR_LEAF, plain: [''] },
    ps: { grammar: CTR_LEAF, plain: ['web'] },
  },
  plain: ['ls'],
};
const CTR_CONTAINERS: Command = {
  grammar: CTR_LEAF,
  subcommands: {
    create: { grammar: { ...CTR_LEAF, stopAtOperand: true }, options: CTR_RUN_ROLES, plain: ['docker.io/library/alpine:latest web'] },
    rm: CTR_DEL('deletes containers'),
    delete: CTR_DEL('deletes containers'),
    del: CTR_DEL('deletes containers'),
    remove: CTR_DEL('deletes containers'),
    ls: { grammar: CTR_LEAF, plain: [''] },
    list: { grammar: CTR_LEAF, plain: [''] },
    info: { grammar: CTR_LEAF, plain: ['web'] },
  },
  plain: ['ls'],
};
const CTR_IMAGES: Command = {
  grammar: CTR_LEAF,
  subcommands: {
    rm: CTR_DEL('deletes images'),
    remove: CTR_DEL('deletes images'),
    delete: CTR_DEL('deletes images'),
    del: CTR_DEL('deletes images'),
    push: { grammar: CTR_LEAF, role: { role: 'network', note: 'uploads an image to a registry' } },
    export: { grammar: CTR_LEAF, operands: [{ role: 'writer', operand: 0, everyday: true, example: 'img.tar', note: 'writes the image into that archive' }] },
    mount: { grammar: CTR_LEAF, role: { role: 'writer', note: 'mounts an image\'s files on a host folder' } },
    ls: { grammar: CTR_LEAF, plain: [''] },
    list: { grammar: CTR_LEAF, plain: [''] },
    pull: { grammar: CTR_LEAF, plain: ['docker.io/library/alpine:latest'] },
  },
  plain: ['ls'],
};
const CTR_ROW: ProgramRow = {
  names: ['ctr'],
  category: 'container',
  what: 'containerd\'s low-level client',
  grammar: { short: 'an', flags: 'h', long: { ...valued('address', 'namespace', 'timeout', 'connect-timeout'), ...flagged('debug', 'help', 'version') }, abbreviations: false, stopAtOperand: true },
  subcommands: {
    run: { grammar: { ...CTR_LEAF, short: 'u', flags: 'tdh', stopAtOperand: true }, options: CTR_RUN_ROLES, read: elsewhere('ctr run', 'runs the command in a new container of the image, with the id named second', 2), container: { command: 2, volumes: [], mounts: ['--mount'], workdir: ['--cwd'], devices: ['--privileged', '--device'], capabilities: ['--cap-add'], rootfsFlags: ['--rootfs'] }, confined: CTR_RUN_CONFINED, plain: ['--rm -t docker.io/library/alpine:latest demo'] },
    tasks: CTR_TASKS,
    task: CTR_TASKS,
    t: CTR_TASKS,
    containers: CTR_CONTAINERS,
    container: CTR_CONTAINERS,
    c: CTR_CONTAINERS,
    images: CTR_IMAGES,
    image: CTR_IMAGES,
    i: CTR_IMAGES,
    snapshots: { grammar: CTR_LEAF, subcommands: { rm: CTR_DEL('deletes snapshots'), delete: CTR_DEL('deletes snapshots') }, plain: ['ls'] },
    content: { grammar: CTR_LEAF, subcommands: { rm: CTR_DEL('deletes content blobs'), del: CTR_DEL('deletes content blobs') }, plain: ['ls'] },
    namespaces: { grammar: CTR_LEAF, subcommands: { rm: CTR_DEL('deletes a namespace'), remove: CTR_DEL('deletes a namespace') }, plain: ['ls'] },
    install: { grammar: CTR_LEAF, role: { role: 'loader', note: 'installs the programs an image carries onto the host' } },
    version: { plain: [''] },
  },
  plain: ['images ls', 'containers ls', 'tasks ls', 'version', '-n k8s.io images ls'],
};

const LXC_LONG = { ...valued('project', 'cwd', 'env', 'group', 'user', 'mode', 'config', 'profile', 'storage', 'network', 'target', 'type', 'format', 'columns', 'device', 'console', 'vm', 'uid', 'gid'), ...flagged('debug', 'force-local', 'help', 'quiet', 'verbose', 'force', 'all', 'force-interactive', 'force-noninteractive', 'disable-stdin', 'recursive', 'empty', 'ephemeral', 'stateful', 'create-dirs', 'no-profiles') };
const LXC_GRAMMAR: Grammar = { short: 'pcsntf', flags: 'hqvTr', long: LXC_LONG, abbreviations: false };
function lxc(extra: Partial<Command> = {}): Command {
  return { grammar: LXC_GRAMMAR, ...extra };
}
/** `-c security.privileged=true`, `raw.lxc`, `security.nesting`: instance settings that hand it the host. */
function privilegedSetting(value: string | null): boolean {
  return value === null || /^(security\.(privileged|nesting|syscalls|idmap)|raw\.|linux\.kernel_modules)/i.test(value);
}
const LXC_CONFIG_ROLES: readonly OptionRole[] = [
  { role: 'destructive', options: ['-c', '--config'], when: privilegedSetting, example: 'security.privileged=true', note: '-c sets an instance option that hands it host privileges' },
];
/**
 * `lxc config device add C NAME disk source=SRC path=DST [readonly=true]` (and `lxc profile device
 * add P …`, every instance): the host folder SRC at DST of the instance, unless read-only or the
 * instance is on another server (`remote:C`).
 */
function lxcDiskDevice(everyInstance: boolean): (operands: readonly (string | null)[]) => Attachment[] {
  return (operands) => {
    const [instance, , type, ...settings] = operands;
    if (instance === null || instance === undefined || instance.includes(':') || type !== 'disk') return [];
    let source: string | null = null;
    let path: string | null = null;
    for (const setting of settings) {
      if (setting === null) continue;
      if (setting.startsWith('source=')) source = setting.slice(7);
      else if (setting.startsWith('path=')) path = setting.slice(5);
      else if (/^readonly=(true|1|yes|on)$/i.test(setting)) return [];
    }
    return source === null || path === null ? [] : [{ instance: everyInstance ? '*' : instance, host: source, inside: path }];
  };
}
const LXC_ROW: ProgramRow = {
  names: ['lxc', 'incus'],
  category: 'container',
  what: 'the LXD (and Incus) container and VM client',
  grammar: LXC_GRAMMAR,
  subcommands: {
    exec: lxc({
      grammar: { ...LXC_GRAMMAR, short: 'p', flags: 'ntTqh', stopAtOperand: true },
      // `lxc exec NAME [options] [--] CMD…`: options may follow the instance (cobra).
      read: commandAfterTarget('lxc exec', 'runs the command inside the instance named first', new Set(['cwd', 'env', 'group', 'user', 'mode', 'project', 'p'])),
      container: { command: 'after-dash-dash', instance: 0, volumes: [], mounts: [], workdir: ['--cwd'] },
      // The instance's own devices and settings are not on the line: an entry names the instance it trusts (`lxc exec web`).
      confined: { options: ['-t', '--force-interactive', '-T', '--force-noninteractive', '-n', '--disable-stdin', '--cwd', '--user', '--group', '--mode'], values: { '--env': valueOnLine }, spelledBy: 'instance' },
    }),
    shell: lxc({ role: { role: 'executor', note: 'opens a shell inside the instance' } }),
    console: lxc({ role: { role: 'executor', note: 'attaches this terminal to the instance\'s console' } }),
    launch: lxc({ options: LXC_CONFIG_ROLES, plain: ['ubuntu:24.04 web'] }),
    init: lxc({ options: LXC_CONFIG_ROLES, plain: ['ubuntu:24.04 web'] }),
    config: lxc({
      subcommands: {
        set: lxc({ operands: [{ role: 'destructive', operand: 'every', when: privilegedSetting, example: 'security.privileged', note: 'sets an instance option that hands it host privileges' }], plain: ['web limits.cpu 2'] }),
        device: lxc({ subcommands: { add: lxc({ attaches: lxcDiskDevice(false), operands: [{ role: 'destructive', operand: 'every', when: (v) => v === null || (/^source=/.test(v) && systemSource(v.slice(7))) || /^(type=)?(unix-char|unix-block|gpu|usb|pci|nic)$/.test(v), example: 'source=/', note: 'gives the instance a host folder or device' }], plain: ['web data disk source=/data/web path=/data'] }) }, plain: ['show web'] }),
        show: lxc({ plain: ['web'] }),
        edit: lxc({ role: { role: 'loader', note: 'opens an editor on the instance configuration and applies it' } }),
      },
      plain: ['show web'],
    }),
    delete: lxc({ role: DESTROY('deletes instances') }),
    rm: lxc({ role: DESTROY('deletes instances') }),
    restore: lxc({ role: DESTROY('restores a snapshot, losing the current state') }),
    stop: lxc({ plain: ['web'] }),
    start: lxc({ plain: ['web'] }),
    restart: lxc({ plain: ['web'] }),
    list: lxc({ plain: ['', '--format json'] }),
    ls: lxc({ plain: [''] }),
    info: lxc({ plain: ['web'] }),
    snapshot: lxc({ plain: ['web before'] }),
    image: lxc({ subcommands: { delete: lxc({ role: DESTROY('deletes images') }), list: lxc({ plain: [''] }) }, plain: ['list'] }),
    storage: lxc({ subcommands: { delete: lxc({ role: DESTROY('deletes a storage pool') }), list: lxc({ plain: [''] }) }, plain: ['list'] }),
    network: lxc({ subcommands: { delete: lxc({ role: DESTROY('deletes a network') }), list: lxc({ plain: [''] }) }, plain: ['list'] }),
    profile: lxc({ subcommands: { delete: lxc({ role: DESTROY('deletes a profile') }), list: lxc({ plain: [''] }), device: lxc({ subcommands: { add: lxc({ attaches: lxcDiskDevice(true) }) } }) }, plain: ['list'] }),
    project: lxc({ subcommands: { delete: lxc({ role: DESTROY('deletes a project') }), list: lxc({ plain: [''] }) }, plain: ['list'] }),
    remote: lxc({ subcommands: { add: lxc({ role: { role: 'network', note: 'adds (and trusts) another LXD server' } }), list: lxc({ plain: [''] }) }, plain: ['list'] }),
    file: lxc({ subcommands: { pull: lxc({ operands: [{ role: 'writer', operand: 'last', everyday: true, example: 'out.txt', note: 'copies out of the instance into this path' }] }), push: lxc({ plain: ['a.txt web/tmp/'] }), mount: lxc({ role: { role: 'writer', note: 'mounts the instance\'s files on a host folder' } }) } }),
    version: lxc({ plain: [''] }),
  },
  plain: ['list', 'info web', 'version', 'start web'],
};

// ---------------------------------------------------------------------------------------------
// multipass

const MULTIPASS_GRAMMAR: Grammar = { flags: 'vh', long: flagged('verbose', 'help'), abbreviations: false };
function multipass(extra: Partial<Command> = {}, long: Record<string, Arity> = {}, short = '', flags = ''): Command {
  return { grammar: { short, flags: `vh${flags}`, long: { ...flagged('verbose', 'help'), ...long }, abbreviations: false }, ...extra };
}
/**
 * `multipass mount SRC NAME[:PATH]…`: the host folder SRC at PATH of each instance named (PATH
 * defaults to SRC's own path). Multipass has no read-only mount.
 */
function multipassMount(operands: readonly (string | null)[]): Attachment[] {
  const [source, ...targets] = operands;
  if (source === null || source === undefined) return [];
  const out: Attachment[] = [];
  for (const target of targets) {
    if (target === null) continue;
    const colon = target.indexOf(':');
    const instance = colon === -1 ? target : target.slice(0, colon);
    const path = colon === -1 || colon === target.length - 1 ? source : target.slice(colon + 1);
    if (instance !== '') out.push({ instance, host: source, inside: path });
  }
  return out;
}

/**
 * OrbStack's `orbctl run [-m MACHINE] [-u USER] [-w DIR] COMMAND…` (`orb`, which takes any command, stays unplaced): the command
 * runs in a Linux machine that sees the Mac's whole file system at `/mnt/mac`, and its `/Users`,
 * `/Volumes` and `/private` at their own paths. Read as a container with those folders bound in.
 */
const ORBSTACK_RUN: Command = {
  grammar: { short: 'muwp', flags: 'h', long: { machine: ['value', 'm'], user: ['value', 'u'], workdir: ['value', 'w'], path: ['value', 'p'], ...flagged('help', 'shell') }, abbreviations: false, stopAtOperand: true },
  read: elsewhere('orbctl run', 'runs the command in an OrbStack machine that shares the Mac\'s files', 0),
  container: {
    command: 0,
    volumes: [],
    mounts: [],
    workdir: ['-w', '--workdir'],
    fixed: () => [{ inside: '/mnt/mac', host: '/' }, { inside: '/Users', host: '/Users' }, { inside: '/Volumes', host: '/Volumes' }, { inside: '/private', host: '/private' }],
  },
};
const ORBSTACK_ROW: ProgramRow = {
  names: ['orbctl'],
  category: 'container',
  what: 'OrbStack, which runs Linux machines and containers on macOS',
  grammar: { flags: 'h', long: flagged('help', 'version') },
  subcommands: {
    run: ORBSTACK_RUN,
    list: { plain: [''] },
    ls: { plain: [''] },
    info: { plain: ['ubuntu'] },
    status: { plain: [''] },
    version: { plain: [''] },
  },
  plain: ['list', 'status', 'version'],
};

/**
 * Parallels Desktop's `prlctl exec VM CMD` runs CMD in a guest that, with the default sharing,
 * sees the Mac user's home folder at `/media/psf/Home` and, with "all disks" shared, the Mac's
 * root at `/media/psf/AllFiles` (Linux guests; D§5, docs/decisions.md "Guests that share the
 * host's folders"). Read as a container with those folders bound in. Subcommands that start, stop,
 * change or register machines are left unlisted (their words stay unplaced).
 */
const PRLCTL_ROW: ProgramRow = {
  names: ['prlctl'],
  category: 'container',
  what: 'Parallels Desktop\'s virtual machine control program',
  grammar: { flags: 'h', long: flagged('help', 'version') },
  subcommands: {
    exec: {
      grammar: { long: { ...flagged('without-shell', 'resolve-paths', 'password'), ...valued('user') }, abbreviations: false, stopAtOperand: true },
      read: elsewhere('prlctl exec', 'runs the command inside the virtual machine named first', 1),
      container: { command: 1, volumes: [], mounts: [], workdir: [], fixed: () => [{ inside: '/media/psf/Home', host: '~' }, { inside: '/media/psf/AllFiles', host: '/' }] },
    },
    enter: { role: { role: 'executor', note: 'opens a root shell inside the virtual machine' } },
    delete: { role: DESTROY('deletes a virtual machine with its disks') },
    list: { grammar: { short: 'os', flags: 'aijft', long: { ...flagged('all', 'info', 'json', 'full', 'template', 'vmtype'), ...valued('output', 'sort') }, abbreviations: false }, plain: ['', '-a', '--all --info'] },
    status: { plain: ['dev'] },
    'snapshot-list': { plain: ['dev'] },
  },
  plain: ['list -a', 'status dev'],
};

/**
 * A jail's or container's fstab line (`SRC DST TYPE OPTS DUMP PASS`, as separate words or one):
 * the host folder SRC at DST of the instance, DST read from the instance's root (`usr/home` is
 * `/usr/home` there); none when read-only (`ro` among the options) or not a bind of a host folder
 * (nullfs, a bind, or no type given). `family`: the runner whose instances these are.
 */
function fstabBind(instance: string | null, words: readonly (string | null)[], family?: string): Attachment[] {
  const fields = words.length === 1 && words[0] !== null ? words[0]!.trim().split(/\s+/) : words;
  const [source, target, type, options] = fields;
  if (source === null || source === undefined || target === null || target === undefined || instance === null) return [];
  if (type !== undefined && type !== null && !/^(?:nullfs|none|bind|rbind|auto)$/.test(type)) return [];
  if (options !== undefined && (options === null ? false : options.split(',').includes('ro'))) return [];
  return [{ instance: /^all$/i.test(instance) ? '*' : instance, host: source, inside: `/${target.replace(/^\/+/, '')}`, ...(family !== undefined ? { family } : {}) }];
}

/**
 * Bastille, FreeBSD's jail manager: `bastille mount TARGET HOST_PATH JAIL_PATH [TYPE OPTS 0 0]`
 * binds a host folder into the jail (`ALL`: every jail), `bastille cmd TARGET CMD…` runs a command
 * there (docs/decisions.md "Containers: the working folder, SYS_ADMIN, and host shells").
 */
const BASTILLE_ROW: ProgramRow = {
  names: ['bastille'],
  category: 'container',
  what: 'Bastille, a FreeBSD jail manager',
  subcommands: {
    mount: { attaches: (operands) => fstabBind(operands[0] ?? null, operands.slice(1)), role: { role: 'destructive', note: 'binds a host folder into the jail' } },
    cmd: { grammar: { stopAtOperand: true }, role: { role: 'executor', note: 'runs the command inside the jail named first' }, container: { command: 1, instance: 0, volumes: [], mounts: [], workdir: [] } },
    list: { plain: ['', 'jails'] },
  },
};

/**
 * iocage, a FreeBSD jail manager: `iocage fstab -a JAIL SRC DST TYPE OPTS 0 0` (or the line as one
 * word) binds a host folder into the jail; `iocage exec JAIL CMD…` runs a command there.
 */
const IOCAGE_ROW: ProgramRow = {
  names: ['iocage'],
  category: 'container',
  what: 'iocage, a FreeBSD jail manager',
  subcommands: {
    fstab: {
      grammar: { flags: 'arelhL', long: flagged('add', 'remove', 'edit', 'list', 'header', 'replace') },
      attaches: (operands, values) => (values('-a', '--add').given ? fstabBind(operands[0] ?? null, operands.slice(1)) : []),
    },
    exec: { grammar: { short: 'uUf', stopAtOperand: true, long: valued('host_user', 'jail_user') }, role: { role: 'executor', note: 'runs the command inside the jail named first' }, container: { command: 1, instance: 0, volumes: [], mounts: [], workdir: [] } },
    list: { plain: [''] },
  },
};

/** `lxc-start -n C -s lxc.mount.entry='SRC DST TYPE OPTS 0 0'`: the entry binds SRC at DST of C for `lxc-attach`. */
function lxcDefinedMounts(_operands: readonly (string | null)[], values: (...names: string[]) => { readonly given: boolean; readonly values: readonly (string | null)[] }): Attachment[] {
  const names = values('-n', '--name').values;
  const instance = names.length === 0 ? null : names[names.length - 1]!;
  return values('-s', '--define').values.flatMap((value) => {
    const entry = value === null ? null : /^lxc\.mount\.entry\s*=\s*(.*)$/s.exec(value);
    return entry === null ? [] : fstabBind(instance ?? '*', [entry[1]!], 'lxc-attach');
  });
}
const LXC_TOOL_SHORT = 'nPfsolvuga';
const LXC_START_ROW: ProgramRow = {
  names: ['lxc-start'],
  category: 'container',
  what: 'LXC\'s tool that starts a container',
  grammar: { short: 'nPfsolpc', flags: 'dFhq', long: { ...valued('name', 'lxcpath', 'rcfile', 'define', 'logfile', 'logpriority', 'pidfile', 'console', 'console-log', 'share-net', 'share-ipc', 'share-uts'), ...flagged('daemon', 'foreground', 'help', 'quiet', 'close-all-fds') } },
  attaches: lxcDefinedMounts,
  plain: ['-n c1', '-n c1 -d'],
};
const LXC_ATTACH_ROW: ProgramRow = {
  names: ['lxc-attach'],
  category: 'container',
  what: 'LXC\'s tool that runs a command in a running container',
  grammar: { short: LXC_TOOL_SHORT, flags: 'hqRe', long: { ...valued('name', 'lxcpath', 'rcfile', 'namespaces', 'logfile', 'logpriority', 'set-var', 'uid', 'gid', 'arch', 'context', 'pty-log'), ...flagged('help', 'quiet', 'remount-sys-proc', 'elevated-privileges', 'clear-env', 'keep-env') } },
  read: afterDashDash('lxc-attach', 'runs the command after -- inside the container'),
  container: { command: 'after-dash-dash', instanceOption: ['-n', '--name'], volumes: [], mounts: [], workdir: [] },
};

const MULTIPASS_ROW: ProgramRow = {
  names: ['multipass'],
  category: 'container',
  what: 'Canonical Multipass, which runs Ubuntu virtual machines',
  grammar: MULTIPASS_GRAMMAR,
  subcommands: {
    exec: multipass({
      read: commandAfterTarget('multipass exec', 'runs the command inside the instance named first', new Set(['working-directory', 'd'])),
      // The `primary` instance mounts the host's home folder at ~/Home of its default user.
      container: { command: 'after-dash-dash', instance: 0, volumes: [], mounts: [], workdir: ['-d', '--working-directory'], fixed: (operands) => (operands[0] === 'primary' || operands[0] === null ? [{ inside: '/home/ubuntu/Home', host: '~' }] : []) },
    }, { ...valued('working-directory'), ...flagged('no-map-working-directory') }, 'd', 'n'),
    mount: multipass({ attaches: multipassMount }, valued('gid-map', 'uid-map', 'type'), 'gut'),
    shell: multipass({ role: { role: 'executor', note: 'opens a shell inside the instance' } }),
    launch: multipass({ plain: ['24.04 --name dev', '--name dev --cpus 2 --memory 4G'] }, { ...valued('cpus', 'disk', 'memory', 'name', 'cloud-init', 'network', 'mount', 'timeout'), ...flagged('bridged') }, 'cdmn'),
    delete: multipass({ role: DESTROY('deletes instances') }, flagged('purge', 'all'), '', 'p'),
    purge: multipass({ role: DESTROY('purges every deleted instance for good') }),
    list: multipass({ plain: ['', '--format json'] }, valued('format')),
    ls: multipass({ plain: [''] }, valued('format')),
    info: multipass({ plain: ['dev'] }, valued('format')),
    stop: multipass({ plain: ['dev'] }),
    start: multipass({ plain: ['dev'] }),
    restart: multipass({ plain: ['dev'] }),
    version: multipass({ plain: [''] }),
  },
  plain: ['list', 'info dev', 'version', 'start dev'],
};

// ---------------------------------------------------------------------------------------------
// buildah, k3s, lxd, containerd

const BUILDAH_RUN: Command = {
  grammar: { short: 'tv', flags: 'h', long: { ...RUN_LONG, ...valued('isolation', 'runtime-flag', 'hostname', 'contextdir', 'no-hostname', 'no-hosts', 'network', 'terminal', 'volume', 'mount', 'cap-add', 'cap-drop', 'device', 'env', 'security-opt', 'user', 'workingdir', 'cgroupns', 'ipc', 'pid', 'uts', 'userns') }, abbreviations: false, stopAtOperand: true },
  options: RUN_ROLES,
  // `buildah run CTR [--] CMD…` or `buildah run -- CTR CMD…`: read here, not by a wrapper role, so
  // that the `--` is never taken for the command.
  read: commandAfterTarget('buildah run', 'runs the command inside the working container named first', new Set()),
  // Its binds are podman run's (`-v SRC:DST`, `--mount type=bind,…`).
  container: { command: 'after-dash-dash', instance: 0, volumes: ['-v', '--volume'], mounts: ['--mount'], workdir: ['--workingdir'], devices: ['--device'], capabilities: ['--cap-add'] },
};
const BUILDAH_LEAF: Grammar = { short: 'ftv', flags: 'aqh', long: { ...valued('file', 'tag', 'build-arg', 'layers', 'format', 'authfile', 'creds', 'cert-dir', 'name', 'pull', 'platform', 'arch', 'os', 'variant', 'isolation', 'network', 'volume', 'cap-add', 'cap-drop', 'device', 'security-opt', 'secret', 'ssh', 'target', 'output', 'iidfile', 'add-host', 'cgroupns', 'userns', 'pid', 'ipc', 'uts', 'chown', 'chmod', 'from', 'runtime', 'signature-policy', 'sign-by', 'compression-format', 'root', 'runroot', 'storage-driver'), ...flagged('all', 'quiet', 'help', 'rm', 'force-rm', 'no-cache', 'squash', 'tls-verify', 'json', 'noheading', 'notruncate') }, abbreviations: false };
const BUILDAH_ROW: ProgramRow = {
  names: ['buildah'],
  category: 'container',
  what: 'Buildah, which builds container images',
  grammar: { long: { ...valued('root', 'runroot', 'storage-driver', 'storage-opt', 'registries-conf', 'short-name-alias-conf', 'log-level', 'cgroup-manager', 'userns-uid-map', 'userns-gid-map'), ...flagged('debug', 'help', 'version') }, abbreviations: false },
  subcommands: {
    run: BUILDAH_RUN,
    unshare: { grammar: { short: 'm', flags: 'h', long: valued('mount'), stopAtOperand: true }, wrapper: { peel: false, note: 'runs the command as root of a user namespace (with image mounts)' } },
    bud: { grammar: BUILDAH_LEAF, options: DOCKER_BUILD.options!.filter((r) => r.role !== 'network') },
    build: { grammar: BUILDAH_LEAF, options: DOCKER_BUILD.options!.filter((r) => r.role !== 'network'), plain: ['-t app .', '-f Containerfile .'] },
    from: { grammar: BUILDAH_LEAF, options: RUN_ROLES, plain: ['alpine'] },
    rm: { grammar: BUILDAH_LEAF, role: DESTROY('deletes working containers') },
    rmi: { grammar: BUILDAH_LEAF, role: DESTROY('deletes images') },
    prune: { grammar: BUILDAH_LEAF, role: DESTROY('deletes unused images and build cache') },
    push: { grammar: BUILDAH_LEAF, role: { role: 'network', note: 'uploads an image to a registry' } },
    add: { grammar: BUILDAH_LEAF, operands: [{ role: 'network', operand: 'all-but-first', when: (v) => v !== null && isUrl(v), example: 'https://example.com/x.tar', note: 'downloads that URL into the container' }], plain: ['ctr ./app /app'] },
    mount: { grammar: BUILDAH_LEAF, role: { role: 'writer', note: 'mounts a container\'s files on a host folder' } },
    images: { grammar: BUILDAH_LEAF, plain: [''] },
    containers: { grammar: BUILDAH_LEAF, plain: [''] },
    inspect: { grammar: BUILDAH_LEAF, plain: ['ctr'] },
    commit: { grammar: BUILDAH_LEAF, plain: ['ctr app:dev'] },
    copy: { grammar: BUILDAH_LEAF, plain: ['ctr ./app /app'] },
    config: { grammar: BUILDAH_LEAF, plain: ['--cmd "/app" ctr'] },
    version: { plain: [''] },
  },
  plain: ['images', 'containers', 'build -t app .', 'version'],
};

const K3S_LONG = { ...valued('config', 'debug', 'data-dir', 'token', 'token-file', 'server', 'bind-address', 'advertise-address', 'https-listen-port', 'node-ip', 'node-external-ip', 'node-name', 'cluster-cidr', 'service-cidr', 'cluster-dns', 'cluster-domain', 'tls-san', 'write-kubeconfig', 'write-kubeconfig-mode', 'disable', 'flannel-backend', 'kube-apiserver-arg', 'kubelet-arg', 'node-label', 'node-taint', 'datastore-endpoint', 'etcd-snapshot-dir', 'name', 'dir', 'log', 'private-registry', 'image-credential-provider-bin-dir', 'image-credential-provider-config', 'container-runtime-endpoint', 'default-runtime', 'supervisor-port', 'egress-selector-mode', 'vpn-auth', 'vpn-auth-file', 'kube-controller-manager-arg', 'kube-scheduler-arg', 'kube-proxy-arg', 'etcd-arg'), ...flagged('help', 'version', 'cluster-init', 'cluster-reset', 'disable-agent', 'docker', 'rootless', 'secrets-encryption', 'selinux', 'protect-kernel-defaults', 'embedded-registry', 'prefer-bundled-bin', 'disable-apiserver', 'disable-etcd', 'disable-scheduler', 'flannel-ipv6-masq', 'etcd-expose-metrics') };
const K3S_ROW: ProgramRow = {
  names: ['k3s'],
  category: 'container',
  what: 'k3s, a small Kubernetes distribution (server, agent and bundled tools)',
  grammar: { short: 'c', flags: 'hv', long: K3S_LONG, abbreviations: false },
  subcommands: {
    server: {
      grammar: { short: 'ct', flags: 'h', long: K3S_LONG, abbreviations: false },
      role: { role: 'listener', note: 'starts a Kubernetes server (API, kubelet) that listens for clients and nodes' },
      options: [{ role: 'destructive', options: ['--cluster-reset'], note: '--cluster-reset throws away the other members of the cluster' }],
    },
    agent: { grammar: { short: 'cts', flags: 'h', long: K3S_LONG, abbreviations: false }, role: { role: 'network', note: 'joins this machine, as a node running any pod, to the server named' } },
    // The bundled tools read their arguments exactly as the stand-alone ones.
    kubectl: KUBECTL_BODY,
    crictl: { grammar: CRICTL_ROW.grammar!, subcommands: CRICTL_ROW.subcommands! },
    ctr: { grammar: CTR_ROW.grammar!, subcommands: CTR_ROW.subcommands! },
    'etcd-snapshot': { grammar: { long: K3S_LONG, abbreviations: false }, subcommands: { delete: { role: DESTROY('deletes etcd snapshots') }, prune: { role: DESTROY('deletes old etcd snapshots') }, list: { plain: [''] }, save: { plain: [''] } }, plain: ['list'] },
    'check-config': { plain: [''] },
    'secrets-encrypt': { plain: ['status'] },
    certificate: { plain: ['check'] },
    token: { plain: ['list'] },
  },
  plain: ['--version', 'kubectl get pods -A', 'check-config', 'crictl ps'],
};

const LXD_ROW: ProgramRow = {
  names: ['lxd'],
  category: 'container',
  what: 'the LXD daemon (and its administration commands)',
  grammar: { short: '', flags: 'hqvd', long: { ...valued('group', 'logfile', 'syslog', 'trace', 'network-address', 'network-port', 'storage-backend', 'storage-create-device', 'storage-create-loop', 'storage-pool', 'preseed', 'dump', 'timeout', 'target', 'cpu-profile', 'memprofile', 'print-goroutines-every', 'format'), ...flagged('debug', 'help', 'verbose', 'version', 'quiet', 'auto', 'minimal', 'force', 'trust-password') }, abbreviations: false },
  subcommands: {
    init: {
      options: [
        { role: 'listener', options: ['--network-address'], when: openAddress, example: '0.0.0.0', note: '--network-address serves the LXD API (root on this machine) on a network address' },
        { role: 'loader', options: ['--preseed'], when: on, note: '--preseed reads the whole configuration (network listeners too) from standard input' },
      ],
      plain: ['--auto', '--minimal'],
    },
    sql: { role: { role: 'executor', note: 'runs SQL on the daemon\'s own database' } },
    shutdown: { role: DESTROY('stops every instance and the daemon') },
    recover: { role: DESTROY('rebuilds the database from the storage pools') },
    cluster: { plain: ['list-database'] },
    waitready: { plain: ['', '--timeout=30'] },
    version: { plain: [''] },
  },
  plain: ['--version', 'waitready', 'version'],
};

const CONTAINERD_ROW: ProgramRow = {
  names: ['containerd'],
  category: 'container',
  what: 'the containerd container daemon',
  grammar: { short: 'cal', flags: 'hv', long: { ...valued('config', 'address', 'log-level', 'root', 'state', 'namespace'), ...flagged('help', 'version') }, abbreviations: false },
  options: [{ role: 'loader', options: ['-c', '--config'], example: '/tmp/config.toml', note: '-c loads a configuration naming the plugins and runtimes the daemon runs as root' }],
  subcommands: {
    config: { plain: ['default', 'dump'] },
    'oci-hook': { role: { role: 'executor', note: 'runs as an OCI hook, handing control to the hook command' } },
  },
  plain: ['--version', 'config default'],
};

// ---------------------------------------------------------------------------------------------
// packer, consul, nomad (Go flags, one dash).

const PACKER_LONG = { ...valued('var', 'var-file', 'only', 'except', 'on-error', 'parallel-builds', 'color', 'timestamp-ui', 'machine-readable', 'evaluate-datasources', 'output-file', 'with-annotations'), ...flagged('debug', 'force', 'help', 'upgrade', 'syntax-only', 'no-warn-undeclared-var', 'check', 'diff', 'recursive', 'write', 'version') };
const PACKER_GRAMMAR: Grammar = { singleDash: true, abbreviations: false, long: PACKER_LONG };
// `packer build` runs the template's provisioners (shell scripts) on the machine it builds: that is
// its everyday job, as running a Makefile is make's.
const PACKER_ROW: ProgramRow = {
  names: ['packer'],
  category: 'cloud',
  what: 'Packer, which builds machine images from templates',
  grammar: { ...PACKER_GRAMMAR, stopAtOperand: true },
  subcommands: {
    build: { grammar: PACKER_GRAMMAR, options: [{ role: 'destructive', options: ['-force', '--force'], note: '-force deletes earlier build artifacts before building' }], plain: ['.', '-var-file=dev.pkrvars.hcl .', '-only=amazon-ebs.web .'] },
    init: { grammar: PACKER_GRAMMAR, plain: ['.', '-upgrade .'] },
    validate: { grammar: PACKER_GRAMMAR, plain: ['.'] },
    fmt: { grammar: PACKER_GRAMMAR, plain: ['-check .'] },
    inspect: { grammar: PACKER_GRAMMAR, plain: ['.'] },
    console: { grammar: PACKER_GRAMMAR, plain: ['.'] },
    version: { plain: [''] },
    plugins: { grammar: PACKER_GRAMMAR, subcommands: { install: { role: { role: 'loader', note: 'installs a plugin, a program packer will run' } }, remove: { role: DESTROY('removes installed plugins') }, installed: { plain: [''] } }, plain: ['installed'] },
  },
  plain: ['build .', 'validate .', 'init .', 'version'],
};

const HASHI_HTTP_LONG = { ...valued('http-addr', 'address', 'token', 'token-file', 'ca-file', 'ca-path', 'ca-cert', 'client-cert', 'client-key', 'tls-server-name', 'datacenter', 'stale', 'region', 'namespace', 'partition', 'peer', 'format', 'filter', 'type', 'key', 'prefix', 'service', 'tag', 'state', 'passingonly', 'shell', 'node', 'name', 'id', 'config-file', 'config-dir', 'data-dir', 'bind', 'client', 'advertise', 'retry-join', 'join', 'encrypt', 'ui-dir', 'log-level', 'node-id', 'dev-listen-address', 'wait', 'limit', 'n', 'timeout', 'recurse', 'modify-index', 'cas', 'flags', 'task', 'job', 'group', 'i', 't', 'e', 'check-index', 'var', 'var-file', 'policy', 'rules', 'description', 'accessor', 'http-port', 'https-port', 'dns-port', 'grpc-port', 'server-port', 'serf-lan-port', 'serf-wan-port', 'bootstrap-expect', 'network-interface', 'servers', 'plugin-dir', 'alloc-dir', 'state-dir', 'meta', 'node-class'), ...flagged('help', 'dev', 'server', 'ui', 'detailed', 'verbose', 'purge', 'yes', 'force', 'enable', 'disable', 'deadline', 'no-deadline', 'ignore-system-jobs', 'self', 'detach', 'global', 'all-allocs', 'json', 'monitor', 'prune', 'version', 'recurse', 'keys', 'base64', 'stale', 'no-shutdown-delay', 'hcl1', 'hcl2-strict', 'preserve-counts', 'consul-token', 'vault-token', 'check-index', 'tty', 'client') };
const HASHI_GRAMMAR: Grammar = { singleDash: true, abbreviations: false, long: HASHI_HTTP_LONG };
const HASHI_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['-http-addr', '--http-addr', '-address', '--address'], example: 'https://203.0.113.5:8500', note: 'sends the request (and the token) to another server' },
];
const HASHI_AGENT_ROLES: readonly OptionRole[] = [
  { role: 'listener', options: ['-client', '--client', '-bind', '--bind', '-dev-listen-address'], when: openAddress, example: '0.0.0.0', note: 'serves the agent\'s API on a network address' },
  { role: 'loader', options: ['-config-file', '--config-file', '-config-dir', '--config-dir', '-config', '--config'], example: '/tmp/agent.hcl', note: 'loads an agent configuration (checks and watches in it run programs)' },
  { role: 'loader', options: ['-plugin-dir', '--plugin-dir'], example: '/tmp/plugins', note: 'loads plugin programs from that folder' },
];
function hashi(extra: Partial<Command> = {}): Command {
  return { grammar: HASHI_GRAMMAR, ...extra, options: [...HASHI_ROLES, ...(extra.options ?? [])] };
}
const CONSUL_ROW: ProgramRow = {
  names: ['consul'],
  category: 'cloud',
  what: 'the HashiCorp Consul agent and client',
  grammar: { ...HASHI_GRAMMAR, stopAtOperand: true },
  subcommands: {
    agent: hashi({ role: { role: 'listener', note: 'starts a Consul agent that listens for its cluster and clients' }, options: HASHI_AGENT_ROLES }),
    exec: hashi({ role: { role: 'executor', note: 'runs the command on every node of the cluster that accepts remote exec' } }),
    lock: { grammar: { ...HASHI_GRAMMAR, stopAtOperand: true }, options: HASHI_ROLES, wrapper: { peel: false, skip: 1, note: 'runs the command (through a shell) while holding the lock named first' } },
    watch: hashi({ operands: [{ role: 'executor', operand: 0, payload: 'shell-text', example: 'sh -c id', note: 'runs that command each time the watched data changes' }], plain: ['-type=key -key=app/config'] }),
    connect: hashi({ subcommands: { envoy: hashi({ role: { role: 'executor', note: 'starts the Envoy proxy program for a service' } }), proxy: hashi({ role: { role: 'listener', note: 'starts a service-mesh proxy that listens for connections' } }) } }),
    kv: hashi({ subcommands: { delete: hashi({ role: DESTROY('deletes keys (with -recurse, a whole tree)') }), get: hashi({ plain: ['app/config'] }), put: hashi({ plain: ['app/config value'] }), export: hashi({ plain: ['app/'] }) }, plain: ['get app/config'] }),
    leave: hashi({ role: DESTROY('takes the agent out of its cluster and stops it') }),
    'force-leave': hashi({ role: DESTROY('forces a node out of the cluster') }),
    snapshot: hashi({ subcommands: { restore: hashi({ role: DESTROY('replaces the cluster\'s whole state with a snapshot') }), save: hashi({ operands: [{ role: 'writer', operand: 0, everyday: true, example: 'backup.snap', note: 'writes the snapshot into that file' }] }) } }),
    services: hashi({ subcommands: { deregister: hashi({ role: DESTROY('removes a service from the catalog') }) }, plain: [] }),
    acl: hashi({ read: verbForms('consul acl', 'deletes or changes who may use the cluster', new Set(['delete', 'update', 'set-agent-token']), HASHI_HTTP_LONG), plain: ['token list', 'policy list'] }),
    members: hashi({ plain: ['', '-detailed'] }),
    catalog: hashi({ plain: ['services', 'nodes'] }),
    info: hashi({ plain: [''] }),
    monitor: hashi({ plain: [''] }),
    version: hashi({ plain: [''] }),
  },
  plain: ['members', 'catalog services', 'kv get app/config', 'version'],
};
// HashiCorp Boundary's client: Go flags (one dash); its session and login tokens are credentials.
const BOUNDARY_LONG = {
  ...valued('addr', 'token', 'token-name', 'keyring-type', 'format', 'id', 'target-id', 'target-name', 'target-scope-id', 'target-scope-name', 'scope-id', 'scope-name', 'auth-method-id', 'login-name', 'password', 'host-id', 'authz-token', 'exec', 'listen-addr', 'listen-port', 'filter', 'config', 'ca-cert', 'ca-path', 'client-cert', 'client-key', 'tls-server-name', 'style', 'username', 'name', 'description', 'version', 'inactive-timeout', 'log-level', 'log-format', 'sort-by', 'sort-direction'),
  ...flagged('help', 'tls-insecure', 'recursive', 'output-curl-string', 'skip-cache-daemon', 'force', 'dry-run'),
};
const BOUNDARY_GRAMMAR: Grammar = { singleDash: true, abbreviations: false, long: BOUNDARY_LONG };
function bnd(extra: Partial<Command> = {}): Command {
  return {
    grammar: BOUNDARY_GRAMMAR,
    ...extra,
    options: [{ role: 'network', options: ['-addr'], example: 'https://203.0.113.5:9200', note: 'sends the request (and the token) to another controller' }, ...(extra.options ?? [])],
  };
}
// `connect` opens a proxy on 127.0.0.1 to the target (its job); `-listen-addr` can open it to others.
const BOUNDARY_CONNECT_ROLES: readonly OptionRole[] = [
  { role: 'executor', options: ['-exec'], payload: 'program', example: '/tmp/x', note: '-exec runs that program against the proxy' },
  { role: 'listener', options: ['-listen-addr'], example: '0.0.0.0', note: '-listen-addr opens the session\'s proxy on that address (others can use the session)' },
];
const BOUNDARY_CONNECT = (what: string): Command =>
  bnd({ role: { role: 'network', everyday: true, note: `connects to the target's ${what} through a local proxy` }, options: BOUNDARY_CONNECT_ROLES });
const BOUNDARY_ROW: ProgramRow = {
  names: ['boundary'],
  category: 'cloud',
  what: 'HashiCorp Boundary\'s client (sessions to targets, logins, the controller\'s resources)',
  grammar: { ...BOUNDARY_GRAMMAR, stopAtOperand: true },
  subcommands: {
    // `authorize-session` prints the session's authorization token and the credentials brokered for
    // it; `config get-token` the login token; `authenticate` prints the token where no keyring keeps it.
    targets: bnd({
      subcommands: {
        'authorize-session': bnd({ role: { role: 'credentials', everyday: true, note: 'prints a session authorization token and the credentials brokered for the target' } }),
        list: bnd({ plain: ['-scope-id p_1234567890'] }),
        read: bnd({ plain: ['-id ttcp_1234567890'] }),
      },
    }),
    config: bnd({ subcommands: { 'get-token': bnd({ role: { role: 'credentials', everyday: true, note: 'prints the login token of the stored session' } }) } }),
    authenticate: bnd({ role: { role: 'credentials', everyday: true, note: 'logs in and stores the login token (with -keyring-type none or -format json, prints it)' } }),
    connect: bnd({
      role: { role: 'network', everyday: true, note: 'opens a local proxy (on 127.0.0.1) to the target for the session' },
      options: BOUNDARY_CONNECT_ROLES,
      subcommands: { ssh: BOUNDARY_CONNECT('SSH server'), postgres: BOUNDARY_CONNECT('database'), http: BOUNDARY_CONNECT('web server'), kube: BOUNDARY_CONNECT('Kubernetes API'), rdp: BOUNDARY_CONNECT('desktop'), mysql: BOUNDARY_CONNECT('database'), cassandra: BOUNDARY_CONNECT('database'), redis: BOUNDARY_CONNECT('database'), mongo: BOUNDARY_CONNECT('database') },
    }),
    sessions: bnd({ subcommands: { list: bnd({ plain: ['-scope-id p_1234567890'] }), read: bnd({ plain: ['-id s_1234567890'] }), cancel: bnd({ role: DESTROY('cancels a session (its connections are closed)') }) } }),
    scopes: bnd({ subcommands: { list: bnd({ plain: [''] }), read: bnd({ plain: ['-id o_1234567890'] }) } }),
    'auth-methods': bnd({ subcommands: { list: bnd({ plain: [''] }) } }),
    logout: bnd({ plain: [''] }),
    version: bnd({ plain: [''] }),
  },
  plain: ['version', 'targets list -scope-id p_1234567890', 'sessions list'],
};
const NOMAD_ROW: ProgramRow = {
  names: ['nomad'],
  category: 'cloud',
  what: 'the HashiCorp Nomad scheduler agent and client',
  grammar: { ...HASHI_GRAMMAR, stopAtOperand: true },
  // `nomad job run -` reads the job from standard input; its tasks' commands run on the nodes
  // (`raw_exec`: on the node itself), read as declared commands (hardline/declaredCommands.ts).
  stdinCodeForm: { dashOperandAfter: ['run', 'dispatch'] },
  subcommands: {
    agent: hashi({ role: { role: 'listener', note: 'starts a Nomad agent (its client runs the jobs it is given)' }, options: HASHI_AGENT_ROLES }),
    run: hashi({ role: { role: 'executor', note: 'schedules the job file\'s tasks, commands run on the cluster\'s nodes' } }),
    exec: { grammar: { ...HASHI_GRAMMAR, stopAtOperand: true }, options: HASHI_ROLES, read: elsewhere('nomad exec', 'runs the command inside the allocation named first', 1) },
    stop: hashi({ role: DESTROY('stops a job') }),
    job: hashi({
      subcommands: {
        run: hashi({ role: { role: 'executor', note: 'schedules the job file\'s tasks, commands run on the cluster\'s nodes' } }),
        dispatch: hashi({ role: { role: 'executor', note: 'starts an instance of a parameterized job' } }),
        stop: hashi({ role: DESTROY('stops a job (with -purge, deletes it)') }),
        revert: hashi({ role: DESTROY('reverts a job to an earlier version') }),
        status: hashi({ plain: ['', 'web'] }),
        plan: hashi({ plain: ['web.nomad.hcl'] }),
        validate: hashi({ plain: ['web.nomad.hcl'] }),
      },
      plain: ['status', 'status web'],
    }),
    alloc: hashi({
      subcommands: {
        exec: { grammar: { ...HASHI_GRAMMAR, stopAtOperand: true }, options: HASHI_ROLES, read: elsewhere('nomad exec', 'runs the command inside the allocation named first', 1) },
        stop: hashi({ role: DESTROY('stops an allocation') }),
        signal: hashi({ role: DESTROY('sends a signal to an allocation\'s tasks') }),
        restart: hashi({ role: DESTROY('restarts an allocation\'s tasks') }),
        logs: hashi({ plain: ['abc123'] }),
        status: hashi({ plain: ['abc123'] }),
        fs: hashi({ plain: ['abc123 alloc/logs'] }),
      },
      plain: ['status abc123'],
    }),
    node: hashi({ subcommands: { drain: hashi({ role: DESTROY('moves every allocation off a node') }), eligibility: hashi({ role: DESTROY('changes whether a node takes new work') }), status: hashi({ plain: [''] }) }, plain: ['status'] }),
    system: hashi({ subcommands: { gc: hashi({ role: DESTROY('garbage-collects stopped jobs and allocations') }) } }),
    var: hashi({ subcommands: { purge: hashi({ role: DESTROY('deletes a variable') }), get: hashi({ plain: ['app/config'] }), list: hashi({ plain: [''] }) } }),
    status: hashi({ plain: ['', 'web'] }),
    version: hashi({ plain: [''] }),
  },
  plain: ['status', 'job status web', 'node status', 'version'],
};

// ---------------------------------------------------------------------------------------------
// Configuration management: ansible-test, knife, puppet, facter, cdist.

const ANSIBLE_TEST_ROW: ProgramRow = {
  names: ['ansible-test'],
  category: 'cloud',
  what: 'the test runner of Ansible collections',
  grammar: { long: { ...valued('python', 'docker', 'remote', 'venv', 'controller', 'target', 'test', 'skip-test', 'coverage-check', 'color', 'requirements-mode'), ...flagged('help', 'version', 'requirements', 'coverage', 'explain', 'venv-system-site-packages', 'allow-destructive', 'allow-root') } },
  // Running a collection's own tests (sanity, units, integration) is the everyday job.
  subcommands: {
    shell: { role: { role: 'executor', note: 'opens an interactive shell in the test environment' } },
    sanity: { plain: ['', '--test pep8'] },
    units: { plain: ['', '--python 3.12'] },
    integration: { options: [{ role: 'destructive', options: ['--allow-destructive', '--allow-root'], note: 'lets integration tests change (or run as root on) this machine' }], plain: ['ping'] },
    env: { plain: ['', '--show'] },
    coverage: { plain: ['report'] },
  },
  plain: ['sanity', 'units', '--version'],
};

const KNIFE_LONG = { ...valued('config', 'server-url', 'user', 'key', 'environment', 'format', 'editor', 'chef-zero-port', 'profile', 'exec', 'ssh-user', 'ssh-password', 'ssh-port', 'ssh-gateway', 'identity-file', 'attribute', 'connection-user', 'connection-password', 'connection-port', 'connection-protocol', 'run-list', 'node-name', 'bootstrap-version', 'concurrency', 'script-path', 'winrm-user', 'winrm-password', 'winrm-port'), ...flagged('help', 'version', 'yes', 'verbose', 'disable-editing', 'print-after', 'local-mode', 'defaults', 'sudo', 'no-host-key-verify', 'with-uri') };
function kn(extra: Partial<Command> = {}, short = 'csukEFp'): Command {
  return { grammar: { short, flags: 'hvyVdz', long: KNIFE_LONG }, ...extra, options: [...KNIFE_ROLES, ...(extra.options ?? [])] };
}
const KNIFE_ROLES: readonly OptionRole[] = [
  { role: 'network', options: ['-s', '--server-url'], example: 'https://203.0.113.5', note: '-s sends the requests (signed with the key) to another Chef server' },
  { role: 'loader', options: ['-c', '--config'], example: '/tmp/knife.rb', note: '-c loads a knife configuration, which is Ruby code' },
];
const KNIFE_ROW: ProgramRow = {
  names: ['knife'],
  category: 'cloud',
  what: 'the Chef command-line client',
  grammar: { short: 'csukE', flags: 'hvyVdz', long: KNIFE_LONG, stopAtOperand: true },
  options: KNIFE_ROLES,
  read: verbForms('knife', 'deletes objects from the Chef server', new Set(['delete', 'bulk']), KNIFE_LONG),
  subcommands: {
    exec: kn({
      options: [{ role: 'executor', options: ['-E', '--exec'], payload: 'code', example: 'system("id")', note: '-E runs the Ruby code given on the command line' }],
      operands: [{ role: 'loader', operand: 'every', example: 'script.rb', note: 'runs the Ruby script named' }],
    }, 'csukEp'),
    ssh: kn({ role: { role: 'executor', note: 'runs the command on every node the search finds, over SSH' } }, 'csukExipPGaC'),
    winrm: kn({ role: { role: 'executor', note: 'runs the command on every node the search finds, over WinRM' } }, 'csukExipPa'),
    bootstrap: kn({ role: { role: 'executor', note: 'logs in to a machine and installs and runs Chef on it' } }, 'csukExipPNr'),
    node: kn({ plain: ['list', 'show web1'] }),
    cookbook: kn({ plain: ['list', 'upload app'] }),
    search: kn({ plain: ['node "role:web"'] }),
    status: kn({ plain: [''] }),
    role: kn({ plain: ['list'] }),
  },
  plain: ['node list', 'status', 'cookbook list', '--version'],
};

const PUPPET_LONG = { ...valued('execute', 'modulepath', 'environment', 'confdir', 'codedir', 'vardir', 'logdest', 'server', 'certname', 'catalog', 'hiera_config', 'loadclasses', 'tags', 'waitforcert', 'target-dir', 'version', 'render-as', 'param', 'edit', 'section', 'node', 'facts', 'config', 'local', 'bucket', 'libdir', 'basemodulepath', 'ca_server', 'masterport', 'serverport', 'runinterval'), ...flagged('help', 'debug', 'verbose', 'noop', 'test', 'onetime', 'no-daemonize', 'detailed-exitcodes', 'write-catalog-summary', 'color', 'evaltrace', 'summarize', 'trace', 'ignore-dependencies', 'force', 'remote', 'digest') };
/**
 * `puppet resource TYPE TITLE ATTR=VALUE…` applies the resource `TYPE { 'TITLE': ATTR => 'VALUE', … }`:
 * handed on as that Puppet code, for the declarations reader (languages/declarations.ts) to read.
 */
function puppetResourceCode(_args: readonly Word[], reading: ArgReading): Form[] {
  const [type, title, ...attributes] = reading.operands.map((word) => (word.kind === 'literal' ? word.value : null));
  const settings = attributes.filter((text): text is string => text !== null && text.includes('='));
  if (type === undefined || type === null || title === undefined || title === null || settings.length === 0) return [];
  const quoted = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const body = settings.map((setting) => `${setting.slice(0, setting.indexOf('='))} => ${quoted(setting.slice(setting.indexOf('=') + 1))}`).join(', ');
  const code = `${type} { ${quoted(title)}: ${body} }`;
  return [{ role: 'executor', program: 'puppet resource', trigger: 'resource', index: reading.operandIndexes[0]!, value: null, payload: 'code', payloadText: code, note: 'puppet resource applies the resource declared by its words' }];
}

function pp(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'elL', flags: 'hdvtVw', long: PUPPET_LONG }, ...extra };
}
// A manifest is puppet apply's own program: applying the one named is its everyday job.
const PUPPET_ROW: ProgramRow = {
  names: ['puppet'],
  category: 'cloud',
  what: 'the Puppet configuration manager',
  grammar: { flags: 'hV', long: PUPPET_LONG, stopAtOperand: true },
  subcommands: {
    apply: pp({
      options: [
        { role: 'executor', options: ['-e', '--execute'], payload: 'code', example: 'exec { "/bin/id": }', note: '-e applies the Puppet code given on the command line (it can run commands and write files)' },
        { role: 'loader', options: ['--modulepath', '--basemodulepath', '--libdir'], example: '/tmp/modules', note: 'loads Puppet modules (code, with Ruby functions and facts) from that folder' },
        { role: 'loader', options: ['--catalog'], example: 'catalog.json', note: '--catalog applies a compiled catalog from a file' },
      ],
      operands: [{ role: 'loader', operand: 0, everyday: true, example: 'site.pp', note: 'applies the manifest named, running what it declares' }],
      plain: ['--noop --detailed-exitcodes'],
    }),
    agent: pp({ options: [{ role: 'network', options: ['--server'], example: 'puppet.example.com', note: '--server takes the configuration to apply from another server' }], plain: ['--test --noop'] }),
    resource: pp({ operands: [{ role: 'destructive', operand: 'all-but-first', when: (v) => v === null || v.includes('='), example: 'ensure=absent', note: 'changes a resource of the machine (a user, package, file)' }], read: puppetResourceCode, plain: ['user root', 'package'] }),
    filebucket: pp({ role: { role: 'writer', note: 'reads and restores files through the file bucket' } }),
    module: pp({ subcommands: { install: pp({ role: { role: 'loader', note: 'installs a module, code puppet will load' } }), uninstall: pp({ role: DESTROY('removes an installed module') }), list: pp({ plain: [''] }) }, plain: ['list'] }),
    config: pp({ subcommands: { set: pp({ role: { role: 'writer', note: 'writes a setting into puppet.conf' } }), print: pp({ plain: ['', 'modulepath'] }) }, plain: ['print'] }),
    parser: pp({ plain: ['validate site.pp'] }),
    lookup: pp({ plain: ['ntp::servers'] }),
    facts: pp({ plain: [''] }),
  },
  plain: ['--version', 'parser validate site.pp', 'module list', 'config print'],
};

const FACTER_ROW: ProgramRow = {
  names: ['facter'],
  category: 'system',
  what: 'Facter, which prints facts about the machine',
  readOnly: true,
  grammar: { short: 'c', flags: 'dhjpvy', long: { ...valued('config', 'custom-dir', 'external-dir', 'log-level', 'list-block-groups', 'list-cache-groups', 'hocon', 'timing'), ...flagged('debug', 'help', 'json', 'yaml', 'puppet', 'trace', 'verbose', 'version', 'no-block', 'no-cache', 'no-custom-facts', 'no-external-facts', 'no-ruby', 'show-legacy', 'strict', 'color', 'no-color', 'plaintext') } },
  options: [
    { role: 'loader', options: ['--custom-dir'], example: '/tmp/facts', note: '--custom-dir loads custom facts, Ruby code, from that folder' },
    { role: 'loader', options: ['--external-dir'], example: '/tmp/facts.d', note: '--external-dir runs the executable facts of that folder' },
    { role: 'loader', options: ['-p', '--puppet'], note: '-p loads the facts of every installed Puppet module (Ruby code)' },
    { role: 'loader', options: ['-c', '--config'], example: '/tmp/facter.conf', note: '-c loads a configuration naming fact folders' },
  ],
  plain: ['', 'os', 'networking.ip --json', '-y memory', '--version'],
};

const CDIST_ROW: ProgramRow = {
  names: ['cdist'],
  category: 'cloud',
  what: 'cdist, a configuration manager driven by shell scripts',
  grammar: { flags: 'hvqV', long: flagged('help', 'version', 'verbose', 'quiet'), stopAtOperand: true },
  subcommands: {
    shell: { grammar: { short: 's', flags: 'hvq', long: valued('shell') }, role: { role: 'executor', note: 'opens a shell with cdist\'s environment' } },
    config: {
      grammar: { short: 'ijcCrsfpIAaBbX', flags: 'hvqn', long: { ...valued('initial-manifest', 'jobs', 'conf-dir', 'cache-path-pattern', 'remote-copy', 'remote-exec', 'remote-out-path', 'file', 'parallel', 'inventory', 'tag', 'save-output-streams', 'timestamp', 'beta', 'all-tagged', 'has-all-tags', 'use-archiving'), ...flagged('dry-run', 'help', 'verbose', 'quiet') } },
      options: [
        { role: 'loader', options: ['-i', '--initial-manifest'], example: 'manifest.sh', note: '-i runs that shell script here as the initial manifest' },
        { role: 'executor', options: ['--remote-exec', '--remote-copy'], payload: 'program', example: '/tmp/x', note: 'runs that program here instead of ssh or scp' },
        { role: 'loader', options: ['-c', '--conf-dir'], example: '/tmp/conf', note: '-c loads types and manifests (shell scripts) from that folder' },
      ],
      plain: ['web1.example.com'],
    },
    banner: { plain: [''] },
    info: { plain: [''] },
    inventory: { plain: ['list'] },
  },
  plain: ['banner', 'config web1.example.com', '--version'],
};

// ---------------------------------------------------------------------------------------------
// Web servers and brokers: apache2/httpd, apache2ctl, mosquitto, varnishncsa.

const APACHE_GRAMMAR: Grammar = { short: 'CcDdEefkRn', flags: 'hlLMStTvVXSF', abbreviations: false };
const APACHE_ROLES: readonly OptionRole[] = [
  { role: 'loader', options: ['-f'], example: '/tmp/httpd.conf', note: '-f loads another configuration (it can load modules and serve any folder)' },
  { role: 'loader', options: ['-C', '-c'], example: 'LoadModule x /tmp/x.so', note: 'adds a configuration directive (a module to load, a file to include)' },
  { role: 'loader', options: ['-d'], example: '/tmp/root', note: '-d takes the configuration and modules from another server root' },
  { role: 'loader', options: ['-R'], example: '/tmp/modules', note: '-R loads shared modules from that folder' },
  { role: 'writer', options: ['-E'], example: '/tmp/startup.log', note: '-E writes the startup errors to that file' },
  { role: 'destructive', options: ['-k'], when: (v) => v === null || v === 'stop' || v === 'graceful-stop', example: 'stop', note: '-k stop shuts the running server down' },
];
const APACHE_QUIET = 'tlLMSvVhk';
const APACHE_ROW: ProgramRow = {
  names: ['apache2', 'httpd'],
  category: 'network',
  what: 'the Apache HTTP server',
  grammar: APACHE_GRAMMAR,
  options: APACHE_ROLES,
  // Without a test or listing option (or -k), the server starts.
  read: (_args, reading) => {
    if (reading.options.some((o) => APACHE_QUIET.includes(o.key) && !(o.key === 'k' && o.value !== null && o.value.kind === 'literal' && /^(start|restart|graceful)$/.test(o.value.value)))) return [];
    return [selfForm('listener', 'apache2', 'apache2', 'starts the web server, listening on its configured ports')];
  },
  plain: ['-t', '-v', '-V', '-M', '-S', '-l'],
};
const APACHE2CTL_ROW: ProgramRow = {
  names: ['apache2ctl', 'apachectl'],
  category: 'network',
  what: 'the control script of the Apache HTTP server',
  grammar: APACHE_GRAMMAR,
  options: APACHE_ROLES,
  subcommands: {
    start: { grammar: APACHE_GRAMMAR, options: APACHE_ROLES, role: { role: 'listener', note: 'starts the web server' } },
    restart: { grammar: APACHE_GRAMMAR, options: APACHE_ROLES, role: { role: 'listener', note: 'restarts the web server with its configuration' } },
    graceful: { grammar: APACHE_GRAMMAR, options: APACHE_ROLES, role: { role: 'listener', note: 'reloads the web server with its configuration' } },
    stop: { role: DESTROY('stops the web server') },
    'graceful-stop': { role: DESTROY('stops the web server once requests finish') },
    configtest: { grammar: APACHE_GRAMMAR, options: APACHE_ROLES, plain: [''] },
    status: { plain: [''] },
    fullstatus: { plain: [''] },
  },
  plain: ['configtest', '-t', '-S', '-M', 'status'],
};

const MOSQUITTO_ROW: ProgramRow = {
  names: ['mosquitto'],
  category: 'network',
  what: 'the Mosquitto MQTT broker',
  grammar: { short: 'cp', flags: 'dvh', long: { ...valued('config-file', 'port'), ...flagged('daemon', 'verbose', 'help', 'test-config') }, abbreviations: false },
  options: [
    { role: 'loader', options: ['-c', '--config-file'], example: '/tmp/mosquitto.conf', note: '-c loads a configuration (listeners, plugins to load, files to read)' },
    { role: 'listener', options: ['-p', '--port'], example: '1883', note: '-p opens a broker port (on every address when no configuration limits it)' },
  ],
  // Without a configuration, mosquitto 2 listens on this machine only.
  plain: ['-h', '-v'],
};

const VARNISHNCSA_ROW: ProgramRow = {
  names: ['varnishncsa'],
  category: 'network',
  what: 'Varnish\'s request logger in the Apache log format',
  readOnly: true,
  grammar: { short: 'FfgLnNPqrRTtw', flags: 'abcDEhV', abbreviations: false },
  options: [
    { role: 'writer', options: ['-w'], example: '/tmp/out.log', note: '-w writes the log lines to that file' },
    { role: 'writer', options: ['-P'], example: '/tmp/x.pid', note: '-P writes the process id to that file' },
  ],
  plain: ['', '-F "%h %r"', '-q \'ReqURL ~ "/api"\'', '-g request', '-n web'],
};

// ---------------------------------------------------------------------------------------------
// systemd tools: loginctl, timedatectl, busctl, systemd-resolve (getopt_long; -H reaches another machine).

const SYSTEMD_REMOTE: OptionRole = { role: 'network', options: ['-H', '--host'], example: 'admin@203.0.113.5', note: '-H runs the command on another machine over SSH' };
// Their listings page through less (whose `!` runs a shell) only on a terminal; an agent has none.
function systemdTool(names: string[], what: string, extraLong: Record<string, Arity>, readVerbs: readonly string[], changes: Record<string, string>, plain: readonly string[], short = '', extra: Partial<ProgramRow> = {}): ProgramRow {
  const grammar: Grammar = { short: `HMpPno${short}`, flags: 'ahlq', long: { ...valued('host', 'machine', 'property', 'lines', 'output', 'signal', 'kill-whom', 'kill-value'), ...flagged('help', 'version', 'no-pager', 'no-legend', 'no-ask-password', 'all', 'full', 'value', 'quiet', 'json'), ...extraLong } };
  const read = new Set(readVerbs);
  const subcommands: Record<string, Command> = {};
  for (const verb of readVerbs) subcommands[verb] = { grammar, options: [SYSTEMD_REMOTE], plain: [''] };
  for (const [verb, note] of Object.entries(changes)) subcommands[verb] = { grammar, options: [SYSTEMD_REMOTE], role: DESTROY(note) };
  return {
    names,
    category: 'system',
    what,
    readOnly: false /* pages its output: keys typed into a pager can run a shell */,
    grammar,
    options: [SYSTEMD_REMOTE],
    operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !read.has(v), example: 'x-unknown-verb', note: 'a verb that changes the system' }],
    subcommands,
    plain,
    ...extra,
  };
}
const LOGINCTL_ROW = systemdTool(['loginctl'], 'the systemd login manager\'s control program', {},
  ['list-sessions', 'session-status', 'show-session', 'list-users', 'user-status', 'show-user', 'list-seats', 'seat-status', 'show-seat', 'help'],
  { 'terminate-session': 'ends a login session', 'terminate-user': 'ends every session of a user', 'kill-session': 'sends a signal to a session\'s processes', 'kill-user': 'sends a signal to a user\'s processes', 'terminate-seat': 'ends every session of a seat', 'lock-session': 'locks a session', 'lock-sessions': 'locks every session', 'unlock-session': 'unlocks a session', 'unlock-sessions': 'unlocks every session', 'activate': 'switches the active session', 'enable-linger': 'keeps a user\'s services running after they log out', 'disable-linger': 'stops a user\'s services when they log out', 'attach': 'gives a seat a device', 'flush-devices': 'takes every device away from the seats' },
  ['', 'list-sessions', 'session-status', 'user-status', 'show-user root -p Linger'], 's');
const TIMEDATECTL_ROW = systemdTool(['timedatectl'], 'the systemd clock and time-zone control program', flagged('adjust-system-clock', 'monitor'),
  ['status', 'show', 'list-timezones', 'timesync-status', 'show-timesync', 'help'],
  { 'set-time': 'sets the system clock', 'set-timezone': 'sets the time zone', 'set-local-rtc': 'changes how the hardware clock is read', 'set-ntp': 'turns network time on or off', 'ntp-servers': 'sets the time servers of a link', 'revert': 'resets the time servers of a link' },
  ['', 'status', 'show', 'list-timezones'], '', {});
/**
 * The files timedatectl's verbs rewrite outside the workspace (D§7): the zone link, the hardware
 * clock's mode, the time-sync service's enablement. `set-time` changes the clock itself, no file.
 */
const TIMEDATECTL_FILES: Readonly<Record<string, readonly [string, 'file' | 'tree']>> = {
  'set-timezone': ['/etc/localtime', 'file'],
  'set-local-rtc': ['/etc/adjtime', 'file'],
  'set-ntp': ['/etc/systemd/system', 'tree'],
};
for (const [verb, [path, scope]] of Object.entries(TIMEDATECTL_FILES)) {
  const level = TIMEDATECTL_ROW.subcommands![verb]!;
  (TIMEDATECTL_ROW.subcommands as Record<string, Command>)[verb] = { ...level, read: () => [writes('timedatectl', verb, path, scope, `timedatectl ${verb} rewrites ${path}`)] };
}
const BUSCTL_ROW = systemdTool(['busctl'], 'the D-Bus inspector and caller of systemd', { ...valued('address', 'match', 'size', 'timeout', 'destination', 'verbose'), ...flagged('system', 'user', 'show-machine', 'unique', 'acquired', 'activatable', 'list', 'expect-reply', 'auto-start', 'allow-interactive-authorization', 'augment-creds', 'watch-bind', 'limit-messages') },
  ['list', 'status', 'monitor', 'capture', 'tree', 'introspect', 'get-property', 'help', 'wait'],
  { call: 'calls a D-Bus method, which can start services or change the system', 'set-property': 'changes a property of a D-Bus object', emit: 'sends a D-Bus signal' },
  ['', 'list', 'status', 'tree org.freedesktop.systemd1', '--user list'], '', {
    options: [
      SYSTEMD_REMOTE,
      { role: 'executor', options: ['--address'], when: (v) => v === null || /unixexec:/i.test(v), payload: 'program', example: 'unixexec:path=/bin/sh', note: '--address=unixexec:… runs that program as the bus' },
      { role: 'network', options: ['--address'], when: (v) => v !== null && /(^|;)tcp:/i.test(v), example: 'tcp:host=203.0.113.5,port=5555', note: '--address=tcp:… talks to the bus of another machine' },
    ],
  });
/**
 * gdbus, GLib's D-Bus tool. `introspect`, `monitor` and `wait` read the bus; `call` runs a method of
 * whatever service it names (which may start programs, change the system or end the session:
 * `login1.Session.Terminate`) and `emit` sends a signal services act on. What a method does is the
 * service's, which no row knows: such a call is left unplaced (D§4.3 "Unknown is not harmless"), so
 * no `safe` rating approves it, except the standard interfaces' methods that only read
 * (`Properties.Get`, `Introspect`, `Ping`).
 */
const GDBUS_READ_METHODS = new Set([
  'org.freedesktop.DBus.Properties.Get', 'org.freedesktop.DBus.Properties.GetAll', 'org.freedesktop.DBus.Introspectable.Introspect', 'org.freedesktop.DBus.Peer.Ping',
  'org.freedesktop.DBus.Peer.GetMachineId', 'org.freedesktop.DBus.ListNames', 'org.freedesktop.DBus.ListActivatableNames', 'org.freedesktop.DBus.NameHasOwner', 'org.freedesktop.DBus.GetNameOwner', 'org.freedesktop.DBus.GetId',
]);
const GDBUS_GRAMMAR: Grammar = {
  short: 'adomts',
  flags: 'eyxrpih',
  abbreviations: false,
  long: {
    address: ['value', 'a'], dest: ['value', 'd'], 'object-path': ['value', 'o'], method: ['value', 'm'], timeout: ['value', 't'], signal: ['value', 's'], activate: 'value',
    session: ['flag', 'e'], system: ['flag', 'y'], xml: ['flag', 'x'], recurse: ['flag', 'r'], 'only-properties': ['flag', 'p'], interactive: ['flag', 'i'], help: ['flag', 'h'],
  },
};
const GDBUS_ADDRESS: readonly OptionRole[] = [
  { role: 'executor', options: ['-a', '--address'], when: (v) => v === null || /unixexec:/i.test(v), payload: 'program', example: 'unixexec:path=/bin/sh', note: '--address=unixexec:… runs that program as the bus' },
  { role: 'network', options: ['-a', '--address'], when: (v) => v !== null && /(^|;)(nonce-)?tcp:/i.test(v), example: 'tcp:host=203.0.113.5,port=5555', note: '--address=tcp:… talks to the bus of another machine' },
];
const GDBUS_ROW: ProgramRow = {
  names: ['gdbus'],
  category: 'system',
  what: 'GLib\'s D-Bus tool: introspects, monitors and calls services on the bus',
  grammar: GDBUS_GRAMMAR,
  operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !['introspect', 'monitor', 'wait', 'help'].includes(v), example: 'x-unknown-verb', note: 'a gdbus command that calls a method or sends a signal (or one only known at run time)' }],
  subcommands: {
    introspect: { grammar: GDBUS_GRAMMAR, options: GDBUS_ADDRESS, plain: ['--session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications'] },
    monitor: { grammar: GDBUS_GRAMMAR, options: GDBUS_ADDRESS, plain: ['--system --dest org.freedesktop.login1'] },
    wait: { grammar: GDBUS_GRAMMAR, options: GDBUS_ADDRESS, plain: ['--session org.example.Service'] },
    help: { grammar: GDBUS_GRAMMAR },
    call: {
      grammar: GDBUS_GRAMMAR,
      options: GDBUS_ADDRESS,
      read: (_args, reading) => {
        const method = optionValues(reading, 'm', '--method').map(textOf);
        const only = method.length === 1 ? method[0] : null;
        if (only !== null && only !== undefined && GDBUS_READ_METHODS.has(only)) return [];
        throw new Error('gdbus call runs a method of a D-Bus service, which does whatever the service does (start programs, change settings, end the session)');
      },
      plain: ['--session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.ListNames'],
    },
    emit: {
      grammar: GDBUS_GRAMMAR,
      options: GDBUS_ADDRESS,
      read: () => {
        throw new Error('gdbus emit sends a D-Bus signal, which services act on as they do');
      },
    },
  },
  plain: ['help', 'introspect --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1'],
};

/**
 * systemd-analyze's verbs that only read and print (boot timings, unit files, configuration,
 * security reports, checks of unit files and time specifications); `verify` loads unit files
 * without starting them. Other verbs (`log-level LEVEL`, `log-target`, `service-watchdogs`) change
 * the service manager, and a verb only known at run time may.
 */
const SYSTEMD_ANALYZE_READ = ['time', 'blame', 'critical-chain', 'plot', 'dot', 'dump', 'cat-config', 'unit-files', 'unit-paths', 'exit-status', 'capability', 'syscall-filter', 'filesystems', 'condition', 'compare-versions', 'verify', 'calendar', 'timestamp', 'timespan', 'security', 'inspect-elf', 'malloc', 'fdstore', 'image-policy', 'has-tpm2', 'pcrs', 'architectures', 'smbios11', 'help'];
const SYSTEMD_ANALYZE_GRAMMAR: Grammar = {
  short: 'HM',
  flags: 'hq',
  abbreviations: false,
  long: {
    ...valued('host', 'machine', 'recursive-errors', 'offline', 'threshold', 'security-policy', 'json', 'from-pattern', 'to-pattern', 'fuzz', 'iterations', 'base-time', 'profile', 'root', 'image', 'image-policy', 'unit', 'scale-svg'),
    man: 'optional',
    generators: 'optional',
    ...flagged('no-pager', 'system', 'user', 'global', 'order', 'require', 'quiet', 'help', 'version', 'no-legend', 'detailed', 'table'),
  },
};
const SYSTEMD_ANALYZE_OPTIONS: readonly OptionRole[] = [
  SYSTEMD_REMOTE,
  // `verify --generators` runs the unit generators (programs of /usr/lib/systemd/system-generators and the root or image given).
  { role: 'executor', options: ['--generators'], when: (v) => v === null || /^(1|yes|y|true|t|on)$/i.test(v), example: 'yes', note: '--generators=yes runs the unit generator programs while loading units' },
];
const SYSTEMD_ANALYZE_ROW: ProgramRow = {
  names: ['systemd-analyze'],
  category: 'system',
  what: 'systemd\'s analyser of boot time, unit files, configuration and security',
  readOnly: false /* pages its output: keys typed into a pager can run a shell */,
  grammar: SYSTEMD_ANALYZE_GRAMMAR,
  options: SYSTEMD_ANALYZE_OPTIONS,
  operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !SYSTEMD_ANALYZE_READ.includes(v), example: 'log-level', note: 'a systemd-analyze verb that changes the service manager (log-level, log-target, service-watchdogs), or one only known at run time' }],
  subcommands: Object.fromEntries(SYSTEMD_ANALYZE_READ.map((verb) => [verb, { grammar: SYSTEMD_ANALYZE_GRAMMAR, options: SYSTEMD_ANALYZE_OPTIONS }])),
  plain: ['', 'blame', 'critical-chain', '--user verify ops/devserver.service', 'security nginx.service', 'cat-config systemd/journald.conf', 'calendar daily'],
};
const RESOLVE_GRAMMAR_LONG = { ...valued('interface', 'type', 'class', 'service-address', 'service-txt', 'cname', 'search', 'raw', 'legend', 'stale-data', 'relax-single-label', 'validate', 'synthesize', 'cache', 'zone', 'trust-anchor', 'network', 'set-dns', 'set-domain', 'set-llmnr', 'set-mdns', 'set-dnsovertls', 'set-dnssec', 'set-nta'), ...flagged('status', 'statistics', 'reset-statistics', 'flush-caches', 'reset-server-features', 'revert', 'service', 'openpgp', 'tlsa', 'no-pager') };
const SYSTEMD_RESOLVE_ROW: ProgramRow = {
  names: ['systemd-resolve'],
  category: 'network',
  what: 'the older command line of systemd\'s DNS resolver (now resolvectl)',
  readOnly: true,
  grammar: { short: 'ipt', flags: 'h46', long: RESOLVE_GRAMMAR_LONG },
  options: [
    { role: 'destructive', options: ['--set-dns', '--set-domain', '--set-llmnr', '--set-mdns', '--set-dnsovertls', '--set-dnssec', '--set-nta', '--revert'], note: 'changes the DNS settings of a network link' },
    { role: 'destructive', options: ['--flush-caches', '--reset-statistics', '--reset-server-features'], note: 'resets the resolver\'s caches or counters' },
  ],
  plain: ['--status', 'example.com', '--statistics', '-t MX example.com'],
};

// ---------------------------------------------------------------------------------------------
// netlify, serverless, snap, flatpak

const NETLIFY_LONG = { ...valued('auth', 'site', 'filter', 'dir', 'functions', 'message', 'alias', 'context', 'port', 'target-port', 'command', 'framework', 'name', 'payload', 'data', 'querystring', 'identity', 'live', 'json', 'git', 'team', 'account-slug'), ...flagged('help', 'version', 'prod', 'prod-if-unlocked', 'debug', 'open', 'offline', 'force', 'build', 'no-build', 'skip-functions-cache', 'trigger', 'upload-source-zip', 'dry', 'no-open') };
function nl(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'dfmpacsno', flags: 'hVy', long: NETLIFY_LONG, abbreviations: false }, ...extra };
}
const NL_DEL = (note: string): Command => nl({ role: DESTROY(note) });
const NETLIFY_BODY: Command = {
  grammar: { short: '', flags: 'hV', long: NETLIFY_LONG, abbreviations: false },
  subcommands: {
    dev: nl({
      options: [
        { role: 'listener', options: ['--live'], note: '--live shares the development server on a public URL' },
        { role: 'executor', options: ['-c', '--command'], payload: 'shell-text', example: 'npm run start', note: '-c runs that shell text as the development server' },
      ],
      plain: ['', '--port 8888', '--offline'],
    }),
    'sites:delete': NL_DEL('deletes a site'),
    'env:unset': NL_DEL('removes an environment variable'),
    'env:clone': NL_DEL('overwrites the environment variables of another site'),
    'functions:invoke': nl({ role: { role: 'executor', note: 'runs a function of the site' } }),
    api: nl({ operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || /^(delete|update|create|restore|cancel|lock|unlock|purge|transfer|provision|configure)/i.test(v), example: 'deleteSite', note: 'calls an API method that changes or deletes sites and accounts' }], plain: ['listSites'] }),
    deploy: nl({ options: [{ role: 'network', options: ['-d', '--dir', '-f', '--functions'], sends: true, everyday: true, example: 'dist', note: 'uploads that folder as the site (or its functions)' }], plain: [''] }),
    build: nl({ plain: [''] }),
    status: nl({ plain: [''] }),
    link: nl({ plain: [''] }),
    'sites:list': nl({ plain: [''] }),
    'env:list': nl({ plain: [''] }),
  },
  plain: ['status', 'deploy', 'build', '--version'],
};

const SLS_LONG = { ...valued('stage', 'region', 'config', 'function', 'data', 'path', 'context', 'contextPath', 'type', 'log', 'aws-profile', 'app', 'org', 'package', 'name', 'template', 'template-url', 'template-path', 'format', 'startTime', 'filter', 'interval', 'env', 'docker-arg'), ...flagged('help', 'version', 'verbose', 'debug', 'force', 'tail', 'raw', 'docker', 'update-config', 'enforce-hash-update', 'aws-s3-accelerate', 'no-color') };
function sl(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'srcfdptl', flags: 'hv', long: SLS_LONG, abbreviations: false }, ...extra };
}
const SERVERLESS_BODY: Command = {
  grammar: { short: 'src', flags: 'hv', long: SLS_LONG, abbreviations: false },
  subcommands: {
    deploy: sl({ plain: ['', '--stage prod'] }),
    remove: sl({ role: DESTROY('deletes the deployed service and its resources') }),
    // Running a function of the project locally is like running one of its scripts: everyday.
    invoke: sl({
      subcommands: { local: sl({ plain: ['-f hello'] }) },
      read: (_args, reading) => {
        const first = reading.operands[0];
        if (first !== undefined && first.kind === 'literal' && first.value === 'local') return [];
        return [selfForm('executor', 'serverless invoke', 'invoke', 'runs a deployed function in the cloud')];
      },
    }),
    offline: sl({ role: { role: 'listener', note: 'serves the functions over HTTP (the serverless-offline plugin)' } }),
    plugin: sl({ subcommands: { install: sl({ role: { role: 'loader', note: 'installs a plugin, code serverless will load' } }), uninstall: sl({ role: DESTROY('removes a plugin') }), list: sl({ plain: [''] }) } }),
    create: sl({ options: [{ role: 'network', options: ['-u', '--template-url'], example: 'https://example.com/template', note: '--template-url downloads a project template from that URL' }], plain: ['-t aws-nodejs'] }),
    info: sl({ plain: [''] }),
    logs: sl({ plain: ['-f hello'] }),
    print: sl({ plain: [''] }),
    package: sl({ plain: [''] }),
  },
  plain: ['deploy', 'info', 'print', '--version'],
};

const SNAP_LONG = { ...valued('channel', 'revision', 'cohort', 'name', 'abs-time', 'color', 'unicode', 'last', 'n', 'command', 'shell', 'hook', 'time', 'abs-time', 'purge'), ...flagged('help', 'version', 'classic', 'devmode', 'jailmode', 'dangerous', 'unaliased', 'prefer', 'edge', 'beta', 'candidate', 'stable', 'no-wait', 'all', 'list', 'hold', 'unhold', 'enable', 'disable', 'strace', 'gdb', 'gdbserver', 'trace-exec', 'experimental-gdbserver', 'abs', 'verbose', 'private', 'abs-time', 'd', 'unset', 'reload', 'restart') };
const SNAP_GRAMMAR: Grammar = { short: 'n', flags: 'h', long: SNAP_LONG, abbreviations: false };
const SNAP_CHANGE = (note: string): Command => ({ grammar: SNAP_GRAMMAR, role: DESTROY(note) });
const SNAP_ROW: ProgramRow = {
  names: ['snap'],
  category: 'package',
  what: 'the snap package manager',
  grammar: SNAP_GRAMMAR,
  subcommands: {
    install: { grammar: SNAP_GRAMMAR, role: DESTROY('installs snaps, running their hooks as root'), options: [{ role: 'destructive', options: ['--dangerous', '--devmode', '--classic', '--jailmode'], note: 'installs without signature checks or confinement' }] },
    remove: SNAP_CHANGE('removes snaps and their data'),
    refresh: SNAP_CHANGE('updates snaps, running their hooks as root'),
    revert: SNAP_CHANGE('reverts a snap to an earlier revision'),
    try: { grammar: SNAP_GRAMMAR, role: { role: 'loader', note: 'installs a snap from a folder in development mode, running its hooks as root' } },
    run: { grammar: { ...SNAP_GRAMMAR, stopAtOperand: true }, wrapper: { peel: false, note: 'runs an application of a snap, in its confinement (or a shell with --shell)' } },
    connect: SNAP_CHANGE('connects a snap to an interface, giving it more access'),
    disconnect: SNAP_CHANGE('disconnects a snap from an interface'),
    set: SNAP_CHANGE('changes a snap\'s configuration'),
    unset: SNAP_CHANGE('removes a snap\'s configuration'),
    start: SNAP_CHANGE('starts a snap\'s services'),
    stop: SNAP_CHANGE('stops a snap\'s services'),
    restart: SNAP_CHANGE('restarts a snap\'s services'),
    enable: SNAP_CHANGE('enables a snap'),
    disable: SNAP_CHANGE('disables a snap'),
    alias: SNAP_CHANGE('adds a command alias for a snap'),
    ack: { grammar: SNAP_GRAMMAR, role: { role: 'loader', note: 'adds an assertion (a signing key or a snap declaration) to the system\'s trust' } },
    list: { grammar: SNAP_GRAMMAR, plain: ['', '--all'] },
    info: { grammar: SNAP_GRAMMAR, plain: ['core'] },
    find: { grammar: SNAP_GRAMMAR, plain: ['vlc'] },
    version: { plain: [''] },
    services: { plain: [''] },
    changes: { plain: [''] },
    connections: { plain: ['firefox'] },
    logs: { grammar: SNAP_GRAMMAR, plain: ['lxd -n 50'] },
    get: { plain: ['lxd'] },
    ...Object.fromEntries(['aliases', 'change', 'interface', 'interfaces', 'known', 'model', 'routine', 'saved', 'tasks', 'warnings', 'watch', 'whoami'].map((name) => [name, { grammar: SNAP_GRAMMAR }])),
  },
  plain: ['list', 'info core', 'find vlc', 'version', 'services'],
};

const FLATPAK_LONG = { ...valued('arch', 'branch', 'command', 'cwd', 'filesystem', 'nofilesystem', 'socket', 'nosocket', 'share', 'unshare', 'device', 'nodevice', 'allow', 'disallow', 'env', 'unset-env', 'env-fd', 'own-name', 'talk-name', 'system-own-name', 'system-talk-name', 'add-policy', 'remove-policy', 'persist', 'runtime', 'runtime-version', 'commit', 'installation', 'columns', 'subpath', 'title', 'default-branch', 'gpg-import', 'collection-id', 'origin', 'app-path', 'usr-path', 'bind-mount', 'build-dir', 'sdk', 'metadata', 'log-session-bus', 'from', 'ostree-verbose', 'parent-pid', 'instance-id-fd', 'root'), ...flagged('help', 'version', 'verbose', 'user', 'system', 'noninteractive', 'assumeyes', 'app', 'runtime', 'devel', 'sandbox', 'no-related', 'no-deps', 'no-pull', 'no-deploy', 'reinstall', 'or-update', 'die-with-parent', 'file-forwarding', 'no-documents-portal', 'no-a11y-bus', 'no-session-bus', 'delete-data', 'unused', 'all', 'if-not-exists', 'no-gpg-verify', 'show-details', 'reset', 'log-system-bus') };
const FLATPAK_GRAMMAR: Grammar = { flags: 'hvuy', long: FLATPAK_LONG, abbreviations: false };
const FLATPAK_SANDBOX_ROLES: readonly OptionRole[] = [
  { role: 'destructive', options: ['--filesystem'], when: (v) => v === null || /^(host|host-os|host-etc|home|\/|~)(:|$)/.test(v) || systemSource(v.replace(/:(ro|rw|create)$/, '')), example: 'host', note: '--filesystem gives the application the host\'s files' },
  { role: 'destructive', options: ['--socket', '--device', '--share'], when: (v) => v === null || /^(system-bus|session-bus|ssh-auth|all|network|kvm|shm)$/.test(v), example: 'all', note: 'gives the application host devices, buses or the network' },
  { role: 'destructive', options: ['--talk-name', '--system-talk-name', '--own-name', '--system-own-name'], when: (v) => v === null || /^org\.freedesktop\.(Flatpak|systemd1|secrets|PolicyKit1)|\*/.test(v), example: 'org.freedesktop.Flatpak', note: 'lets the application talk to a bus service that can run host commands' },
];
const FLATPAK_CHANGE = (note: string): Command => ({ grammar: FLATPAK_GRAMMAR, role: DESTROY(note) });
const FLATPAK_ROW: ProgramRow = {
  names: ['flatpak'],
  category: 'package',
  what: 'the Flatpak application manager',
  grammar: FLATPAK_GRAMMAR,
  subcommands: {
    install: FLATPAK_CHANGE('installs applications or runtimes'),
    uninstall: FLATPAK_CHANGE('removes applications (with --delete-data, their data)'),
    update: FLATPAK_CHANGE('updates installed applications'),
    run: {
      grammar: { ...FLATPAK_GRAMMAR, stopAtOperand: true },
      options: [...FLATPAK_SANDBOX_ROLES, { role: 'executor', options: ['--command'], payload: 'program', example: 'sh', note: '--command runs that program in the sandbox instead of the application' }],
      wrapper: { peel: false, note: 'runs an application (the ref named first) in its sandbox' },
    },
    override: { grammar: FLATPAK_GRAMMAR, options: FLATPAK_SANDBOX_ROLES, plain: ['--show org.example.App'] },
    'remote-add': { grammar: FLATPAK_GRAMMAR, role: { role: 'network', note: 'adds (and trusts) a new repository of applications' } },
    'remote-delete': FLATPAK_CHANGE('removes a repository'),
    kill: FLATPAK_CHANGE('stops a running application'),
    repair: FLATPAK_CHANGE('repairs the installation, deleting broken objects'),
    build: { grammar: { ...FLATPAK_GRAMMAR, stopAtOperand: true }, read: elsewhere('flatpak build', 'runs the command in a sandbox on the build folder named first', 1) },
    enter: { grammar: { ...FLATPAK_GRAMMAR, stopAtOperand: true }, read: elsewhere('flatpak enter', 'runs the command inside the running sandbox named first', 1) },
    list: { grammar: FLATPAK_GRAMMAR, plain: ['', '--app'] },
    info: { grammar: FLATPAK_GRAMMAR, plain: ['org.example.App'] },
    search: { grammar: FLATPAK_GRAMMAR, plain: ['gimp'] },
    remotes: { grammar: FLATPAK_GRAMMAR, plain: [''] },
    ps: { grammar: FLATPAK_GRAMMAR, plain: [''] },
    history: { grammar: FLATPAK_GRAMMAR, plain: [''] },
    ...Object.fromEntries(['document-info', 'documents', 'permission-show', 'permissions', 'remote-info', 'remote-ls'].map((name) => [name, { grammar: FLATPAK_GRAMMAR }])),
  },
  plain: ['list', 'info org.example.App', 'search gimp', '--version'],
};

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Secret stores and credential helpers. Printing a secret is their everyday job (the role
// `credentials`, everyday: an entry for one covers it); the hardline floor refuses that output
// joined to a network sink (D§5). Forms that send the secret elsewhere (`-o FILE`, `--clip`) are
// no such form.

const OP_LONG = { ...valued('account', 'config', 'encoding', 'format', 'session', 'cache', 'vault', 'fields', 'out-file', 'file-mode', 'in-file', 'categories', 'tags'), ...flagged('debug', 'help', 'iso-timestamps', 'no-color', 'version', 'reveal', 'otp', 'force', 'no-newline', 'share-link', 'include-archive', 'long') };
function op1(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'oif', flags: 'hn', long: { ...OP_LONG, 'out-file': ['value', 'o'], 'in-file': ['value', 'i'], force: ['flag', 'f'], 'no-newline': ['flag', 'n'] }, abbreviations: false }, ...extra };
}

const PASS_COMMANDS = new Set(['init', 'ls', 'list', 'find', 'search', 'show', 'grep', 'insert', 'add', 'edit', 'generate', 'rm', 'remove', 'delete', 'mv', 'rename', 'cp', 'copy', 'git', 'help', 'version', 'otp']);
const PASS_GRAMMAR: Grammar = { shortAttached: 'c', flags: 'q', long: { clip: ['optional', 'c'], qrcode: ['flag', 'q'], ...flagged('help', 'version') }, abbreviations: false };
const PASS_SHOWS = printsSecretUnless('show', 'prints the password (the whole entry) stored under that name', '-c', '--clip', 'c', '-q', '--qrcode', 'q');

const SECURITY_FIND: Command = {
  grammar: { short: 'acCDGjlsdpPrt', flags: 'gw' },
  options: [{ role: 'credentials', options: ['-w'], everyday: true, note: '-w prints the password of the keychain item it finds' }],
  plain: ['-s github.com', '-a me -s svc'],
};

const DOPPLER_LONG = { ...valued('project', 'config', 'token', 'scope', 'format', 'configuration', 'api-host', 'dashboard-host', 'name-transformer', 'passphrase', 'fallback', 'command'), ...flagged('json', 'plain', 'raw', 'copy', 'no-file', 'help', 'silent', 'debug', 'no-check-version', 'only-names', 'visibility', 'all', 'preserve-env', 'mount') };
function dp(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'pc', flags: 'h', long: { ...DOPPLER_LONG, project: ['value', 'p'], config: ['value', 'c'] }, abbreviations: false }, ...extra };
}

/**
 * Password managers, keyrings and decrypting tools whose everyday job is to print a secret: each
 * such command is a `credentials` form (D§4.3), which the hardline floor refuses joined to a
 * network sink (hardline/exfiltration.ts). Their listing and status commands are not.
 */
const GOPASS_GRAMMAR: Grammar = { short: 'r', flags: 'cCfonuy', long: { ...flagged('clip', 'alsoclip', 'qr', 'password', 'force', 'noparsing', 'unsafe', 'yes', 'help', 'version', 'nosync'), ...valued('revision', 'chars') }, abbreviations: false };
const GOPASS_SHOWS = printsSecretUnless('show', 'prints the secret stored under that name', '-c', '--clip', 'c', 'clip', '-C', 'C', '--qr', 'qr');
const GOPASS_COMMANDS = new Set(['ls', 'list', 'find', 'search', 'show', 'cat', 'otp', 'insert', 'edit', 'generate', 'rm', 'delete', 'mv', 'cp', 'git', 'sync', 'audit', 'help', 'version', 'init', 'setup', 'config', 'mounts', 'recipients', 'templates', 'fsck', 'env', 'history', 'unclip', 'update']);
const BW_GRAMMAR: Grammar = { flags: 'h', long: { ...valued('session', 'output', 'format', 'password', 'organizationid', 'itemid', 'search', 'url', 'folderid', 'collectionid'), ...flagged('raw', 'pretty', 'response', 'quiet', 'nointeraction', 'help', 'version', 'trash', 'cleanexit') }, abbreviations: false };
const LPASS_GRAMMAR: Grammar = { shortAttached: 'cGxj', long: { ...flagged('clip', 'expand-multi', 'all', 'username', 'password', 'url', 'notes', 'id', 'name', 'json', 'basic-regexp', 'fixed-strings', 'quiet', 'help', 'version'), ...valued('field', 'attach', 'color', 'sync', 'fields') }, abbreviations: false };
const SECRET_TOOL_PRINTS = { role: printsSecret('prints the password stored under those attributes in the keyring') };


/**
 * GnuPG's commands are options (`--list-keys`, `--import`). Listing, exporting public keys,
 * verifying, signing and encrypting read the keyring; these change it (or the card), all kept
 * under the home folder's `~/.gnupg` (or `--homedir`), outside the workspace.
 */
const GPG_KEYRING_WRITERS = [
  '--import', '--fast-import', '--generate-key', '--gen-key', '--quick-generate-key', '--quick-gen-key', '--quick-add-uid', '--quick-adduid', '--quick-add-key', '--quick-addkey',
  '--quick-revoke-uid', '--quick-revuid', '--quick-set-expire', '--quick-set-primary-uid', '--full-generate-key', '--full-gen-key', '--quick-sign-key', '--quick-lsign-key', '--quick-revoke-sig',
  '--sign-key', '--lsign-key', '--edit-key', '--key-edit', '--change-passphrase', '--passwd', '--import-ownertrust', '--update-trustdb', '--check-trustdb', '--fix-trustdb', '--tofu-policy',
  '--rebuild-keydb-caches', '--receive-keys', '--recv-keys', '--refresh-keys', '--fetch-keys', '--delete-keys', '--delete-secret-keys', '--delete-secret-and-public-keys',
];
const GPG_DELETERS = ['--delete-keys', '--delete-secret-keys', '--delete-secret-and-public-keys'];
/** Commands that write FILE.gpg, FILE.asc or FILE.sig next to each file operand unless -o names the output. */
const GPG_FILE_WRITERS = ['-s', '--sign', '--clear-sign', '--clearsign', '-b', '--detach-sign', '-e', '--encrypt', '--encrypt-files', '-c', '--symmetric', '--store', '--decrypt-files', '--dearmor', '--dearmour', '--enarmor', '--enarmour'];
const GPG_GRAMMAR: Grammar = {
  short: 'orRufFzN',
  flags: 'abcdeiknqstvhKS',
  abbreviations: false,
  long: {
    ...valued(
      'debug', 'debug-level', 'display-charset', 'charset', 'options', 'logger-fd', 'log-file', 'logger-file', 'homedir', 'faked-system-time', 'default-key', 'encrypt-to', 'hidden-encrypt-to', 'default-recipient',
      'group', 'ungroup', 'compliance', 'default-new-key-algo', 'min-rsa-length', 'trust-model', 'photo-viewer', 'known-notation', 'agent-program', 'dirmngr-program', 'limit-card-insert-tries', 'temp-directory',
      'exec-path', 'default-sig-expire', 'default-cert-expire', 'default-cert-level', 'min-cert-level', 'personal-cipher-preferences', 'personal-digest-preferences', 'personal-compress-preferences',
      'personal-cipher-prefs', 'personal-digest-prefs', 'personal-compress-prefs', 'default-preference-list', 'default-keyserver-url', 'default-cert-check-level', 'tofu-default-policy', 'compress-algo',
      'compression-algo', 'completes-needed', 'marginals-needed', 'max-cert-depth', 'trustdb-name', 'input-size-hint', 'set-filesize', 'set-notation', 'sig-notation', 'cert-notation', 'set-policy-url',
      'sig-policy-url', 'cert-policy-url', 'sig-keyserver-url', 'output', 'max-output', 'comment', 'set-filename', 'compress-level', 'bzip2-compress-level', 'auto-key-locate', 'keyserver', 'keyserver-options',
      'key-origin', 'import-options', 'import-filter', 'export-options', 'export-filter', 'list-options', 'keyid-format', 'recipient', 'hidden-recipient', 'recipient-file', 'hidden-recipient-file', 'remote-user',
      'local-user', 'trusted-key', 'sender', 'try-secret-key', 'keyring', 'primary-keyring', 'secret-keyring', 'override-session-key', 'override-session-key-fd', 's2k-mode', 's2k-digest-algo', 's2k-cipher-algo',
      's2k-count', 'verify-options', 'disable-cipher-algo', 'disable-pubkey-algo', 'cipher-algo', 'digest-algo', 'cert-digest-algo', 'weak-digest', 'status-fd', 'status-file', 'attribute-fd', 'attribute-file',
      'command-fd', 'command-file', 'passphrase', 'passphrase-fd', 'passphrase-file', 'passphrase-repeat', 'pinentry-mode', 'request-origin', 'display', 'ttyname', 'ttytype', 'lc-ctype', 'lc-messages',
      'xauthority', 'sign-with', 'user', 'reader-port', 'ctapi-driver', 'pcsc-driver', 'gpg-agent-info', 'tofu-db-format', 'load-extension',
    ),
    ...flagged(
      'sign', 'clear-sign', 'clearsign', 'detach-sign', 'encrypt', 'encrypt-files', 'symmetric', 'store', 'decrypt', 'decrypt-files', 'verify', 'verify-files', 'list-keys', 'list-public-keys', 'list-signatures',
      'list-sigs', 'check-signatures', 'check-sigs', 'fingerprint', 'list-secret-keys', 'export', 'show-keys', 'export-secret-keys', 'export-secret-subkeys', 'export-ssh-key', 'card-status', 'edit-card', 'card-edit',
      'change-pin', 'list-config', 'list-gcrypt-config', 'gpgconf-list', 'gpgconf-test', 'list-packets', 'export-ownertrust', 'list-trustdb', 'print-md', 'print-mds', 'gen-prime', 'gen-random', 'server',
      'generate-revocation', 'gen-revoke', 'generate-designated-revocation', 'desig-revoke', 'send-keys', 'search-keys', 'locate-keys', 'locate-external-keys', 'list-key', 'list-sig', 'check-sig', 'show-key',
      'verbose', 'no-verbose', 'quiet', 'no-tty', 'no-greeting', 'debug-all', 'no-options', 'armor', 'armour', 'no-armor', 'no-armour', 'batch', 'no-batch', 'yes', 'no', 'with-colons', 'with-fingerprint',
      'with-subkey-fingerprint', 'with-subkey-fingerprints', 'with-keygrip', 'with-secret', 'with-sig-list', 'with-sig-check', 'with-key-data', 'with-wkd-hash', 'with-key-origin', 'with-tofu-info', 'fast-list-mode',
      'fixed-list-mode', 'no-default-keyring', 'no-keyring', 'always-trust', 'textmode', 'no-textmode', 'dry-run', 'interactive', 'expert', 'no-expert', 'use-embedded-filename', 'no-use-embedded-filename',
      'show-session-key', 'list-only', 'skip-verify', 'no-auto-key-locate', 'auto-key-retrieve', 'no-auto-key-retrieve', 'auto-key-import', 'no-auto-key-import', 'disable-dirmngr', 'no-autostart',
      'show-photos', 'no-show-photos', 'throw-keyids', 'try-all-secrets', 'default-recipient-self', 'no-default-recipient', 'encrypt-to-default-key', 'no-encrypt-to', 'no-symkey-cache', 'unwrap',
      'for-your-eyes-only', 'no-emit-version', 'emit-version', 'ignore-time-conflict', 'ignore-valid-from', 'ignore-mdc-error', 'require-secmem', 'no-secmem-warning', 'no-permission-warning', 'help', 'version', 'warranty',
      'dump-options', 'delete-keys', 'delete-secret-keys', 'delete-secret-and-public-keys', ...GPG_KEYRING_WRITERS.map((o) => o.slice(2)),
    ),
  },
};
const GPG_ROW: ProgramRow = {
  names: ['gpg', 'gpg2'],
  category: 'misc',
  what: 'GnuPG, which signs, verifies, encrypts and decrypts with OpenPGP keys and keeps the keyring',
  grammar: GPG_GRAMMAR,
  options: [
    { role: 'writer', options: ['-o', '--output'], when: (v) => v !== '-', everyday: true, target: 'file', example: 'out.gpg', note: '-o writes the output (signed, encrypted, decrypted or exported) to the named file' },
    { role: 'writer', options: ['--log-file', '--logger-file', '--status-file', '--attribute-file'], target: 'file', example: '/tmp/gpg.log', note: '--log-file/--status-file write to the named file' },
    { role: 'executor', options: ['--photo-viewer'], payload: 'shell-text', example: 'sh -c id', note: '--photo-viewer is a command line gpg runs through the shell to show a key\'s photo' },
    { role: 'executor', options: ['--exec-path', '--agent-program', '--dirmngr-program'], payload: 'program', example: '/tmp/bin', note: '--exec-path/--agent-program/--dirmngr-program name the programs gpg starts (keyserver helpers, the agent, dirmngr)' },
    { role: 'executor', options: ['--list-options', '--verify-options'], when: (v) => v === null || /show-photos/.test(v), example: 'show-photos', note: 'show-photos runs the photo viewer (a command line of gpg.conf) for keys with a photo' },
    { role: 'executor', options: ['--show-photos'], note: '--show-photos runs the photo viewer (a command line of gpg.conf) for keys with a photo' },
    { role: 'loader', options: ['--options', '--homedir', '--load-extension'], example: '/tmp/gnupg', note: '--options/--homedir read another configuration, which names programs gpg runs (photo-viewer, agent, keyserver helpers)' },
    { role: 'loader', options: ['--command-file'], example: '/tmp/cmds', note: '--command-file answers gpg\'s prompts (edit-key commands) from a file' },
    { role: 'network', options: ['--keyserver', '--auto-key-retrieve', '--auto-key-locate', '--locate-keys', '--locate-external-keys', '--search-keys', '--receive-keys', '--recv-keys', '--refresh-keys', '--fetch-keys'], when: (v) => v !== 'local' && v !== 'clear', example: 'hkps://keys.example.net', note: 'these options look keys up on or fetch them from a key server or the web' },
    { role: 'network', options: ['--send-keys'], sends: true, note: '--send-keys uploads keys to a key server' },
    { role: 'writer', options: GPG_KEYRING_WRITERS.filter((o) => !GPG_DELETERS.includes(o)), note: 'these commands change the keyring or the trust database under ~/.gnupg (importing, generating, signing or editing keys)' },
    { role: 'destructive', options: GPG_DELETERS, note: '--delete-keys/--delete-secret-keys remove keys from the keyring (a secret key may exist nowhere else)' },
    { role: 'destructive', options: ['--edit-card', '--card-edit', '--change-pin'], note: 'these commands change the smartcard (its keys, PINs and data)' },
    { role: 'credentials', options: ['--export-secret-keys', '--export-secret-subkeys', '--show-session-key'], note: 'these print secret key material (or a message\'s session key)' },
  ],
  read: (_args, reading) => {
    const forms: Form[] = [];
    // The keyring it changes is a folder of the home (or --homedir's): where the write lands.
    const changes = reading.options.find((o) => GPG_KEYRING_WRITERS.includes(o.name));
    if (changes !== undefined) {
      const homedir = reading.options.find((o) => o.name === '--homedir');
      const folder = homedir === undefined ? '~/.gnupg' : textOf(homedir.value);
      const note = `${changes.name} changes the keyring and trust database kept in ${folder ?? 'the folder --homedir names'}`;
      forms.push(folder === null ? { role: 'writer', program: 'gpg', trigger: changes.name, index: homedir!.valueIndex ?? homedir!.index, value: homedir!.value, target: 'tree', note } : { ...writes('gpg', changes.name, folder, 'tree', note), index: changes.index });
    }
    // `gpg -d FILE` prints the decrypted text: printing it is its job, as for `pass show`.
    const decrypt = reading.options.find((o) => o.name === '-d' || o.name === '--decrypt');
    const output = reading.options.some((o) => o.name === '-o' || o.name === '--output');
    if (decrypt !== undefined && !output) forms.push({ role: 'credentials', program: 'gpg', trigger: decrypt.name, index: decrypt.index, value: null, everyday: true, note: 'prints the decrypted message, which may be a secret' });
    // Signing, encrypting and armouring write FILE.gpg, FILE.asc or FILE.sig next to each file
    // given (its job); --decrypt-files writes each file without its .gpg.
    const command = reading.options.find((o) => GPG_FILE_WRITERS.includes(o.name));
    if (command !== undefined && !output) {
      const armor = reading.options.some((o) => o.name === '-a' || o.name === '--armor' || o.name === '--armour' || o.name === '--clear-sign' || o.name === '--clearsign' || o.name === '--enarmor' || o.name === '--enarmour');
      const detach = reading.options.some((o) => o.name === '-b' || o.name === '--detach-sign');
      const suffix = armor ? '.asc' : detach ? '.sig' : '.gpg';
      reading.operands.forEach((word, k) => {
        if (word.kind === 'literal' && word.value === '-') return;
        const text = word.kind === 'literal' ? word.value : null;
        const written = text === null ? null : command.name === '--decrypt-files' ? text.replace(/\.(gpg|pgp|asc)$/, '') : `${text}${suffix}`;
        forms.push({ role: 'writer', program: 'gpg', trigger: command.name, index: reading.operandIndexes[k]!, value: word, everyday: true, target: 'file', ...(written === null ? {} : { targetPath: written }), note: `${command.name} writes its output next to each file given (FILE${suffix})` });
      });
    }
    return forms;
  },
  plain: ['--list-keys', '--list-secret-keys --keyid-format=long', '--list-secret-keys --keyid-format long', '--export --armor dev@example.com', '--verify release.tar.gz.sig release.tar.gz', '--fingerprint', '--version'],
};

const PASSWORD_MANAGER_ROWS: readonly ProgramRow[] = [
  {
    names: ['gopass'],
    category: 'misc',
    what: 'gopass, a team password manager on pass\'s store format',
    grammar: GOPASS_GRAMMAR,
    // `gopass NAME` is `gopass show NAME`.
    read: (args, reading) => {
      const first = reading.operands[0];
      if (first === undefined || (first.kind === 'literal' && GOPASS_COMMANDS.has(first.value))) return [];
      return GOPASS_SHOWS(args, reading);
    },
    subcommands: {
      show: { grammar: GOPASS_GRAMMAR, read: GOPASS_SHOWS, plain: ['-c github'] },
      cat: { grammar: GOPASS_GRAMMAR, read: GOPASS_SHOWS },
      otp: { grammar: GOPASS_GRAMMAR, read: printsSecretUnless('otp', 'prints the current one-time code of that entry', '-c', '--clip', 'c', 'clip') },
    },
    plain: ['ls', 'list', 'find github', 'version'],
  },
  {
    names: ['bw'],
    category: 'misc',
    what: 'the Bitwarden command-line client',
    grammar: BW_GRAMMAR,
    subcommands: {
      get: { grammar: BW_GRAMMAR, role: printsSecret('prints an item, password, username, note or one-time code of the vault') },
      list: { grammar: BW_GRAMMAR, read: (_args, reading) => (reading.operands.some((word) => word.kind !== 'literal' || word.value === 'items') ? [{ role: 'credentials', program: 'bw list', trigger: 'items', index: -1, value: null, everyday: true, note: 'prints the vault\'s items with their passwords' }] : []) },
      export: { grammar: BW_GRAMMAR, options: [{ role: 'credentials', options: ['--raw'], everyday: true, note: '--raw prints the whole vault export instead of writing a file' }] },
    },
    plain: ['status', 'sync', 'list folders', 'login', 'lock'],
  },
  {
    names: ['lpass'],
    category: 'misc',
    what: 'the LastPass command-line client',
    grammar: LPASS_GRAMMAR,
    subcommands: {
      show: { grammar: LPASS_GRAMMAR, read: printsSecretUnless('show', 'prints the entry (its password with --password)', '-c', '--clip', 'c', 'clip') },
      export: { grammar: LPASS_GRAMMAR, role: printsSecret('prints every entry of the vault, passwords included, as CSV') },
    },
    plain: ['status', 'ls', 'sync'],
  },
  {
    names: ['keepassxc-cli'],
    category: 'misc',
    what: 'the KeePassXC command-line client',
    grammar: { flags: 'hqv', long: flagged('help', 'version', 'quiet', 'debug-info'), abbreviations: false },
    subcommands: {
      show: { grammar: { short: 'ak', flags: 'qst', long: { ...valued('attributes', 'key-file'), ...flagged('quiet', 'show-protected', 'totp', 'all', 'no-password', 'yubikey') }, abbreviations: false }, role: printsSecret('prints an entry of the database (protected attributes with -s)') },
      export: { grammar: { short: 'fk', flags: 'q', long: { ...valued('format', 'key-file'), ...flagged('quiet', 'no-password') }, abbreviations: false }, role: printsSecret('prints the whole database, passwords included') },
      attachment_export: { role: { role: 'credentials', note: 'prints an attachment of an entry (with --stdout)', everyday: true } },
    },
    plain: ['ls db.kdbx', 'search db.kdbx github', '--version'],
  },
  {
    names: ['secret-tool'],
    category: 'misc',
    what: 'the libsecret (GNOME Keyring, KWallet) command-line client',
    subcommands: {
      lookup: SECRET_TOOL_PRINTS,
      search: { grammar: { flags: '', long: flagged('all', 'unlock') }, role: printsSecret('prints the matching items of the keyring, secrets included') },
    },
    plain: ['store --label=x service x'],
  },
  {
    names: ['kwallet-query'],
    category: 'misc',
    what: 'reads and writes KDE Wallet entries',
    grammar: { short: 'frw', flags: 'hlv', long: { ...valued('folder', 'read-password', 'write-password'), ...flagged('help', 'list-entries', 'verbose', 'version') }, abbreviations: false },
    options: [
      { role: 'credentials', options: ['-r', '--read-password'], everyday: true, note: '-r prints the password stored under that entry' },
      { role: 'destructive', options: ['-w', '--write-password'], note: '-w replaces the password stored under that entry with what it reads on standard input' },
    ],
    plain: ['-l kdewallet'],
  },
  {
    // keyctl(1): the kernel's key retention service. `print`, `pipe` and `read` give a key's payload
    // (a token, a password, a session key); the others show, search or change the keyrings.
    names: ['keyctl'],
    category: 'misc',
    what: 'manages the kernel\'s keyrings and the keys in them',
    subcommands: {
      print: { role: printsSecret('prints the payload of the key, its secret') },
      pipe: { role: printsSecret('writes the raw payload of the key, its secret, to standard output') },
      read: { role: printsSecret('prints the payload of the key, its secret, as hex') },
      show: {},
      list: {},
      rlist: {},
      describe: {},
      rdescribe: {},
      search: {},
      supports: {},
      unlink: { role: { role: 'destructive', note: 'unlink removes the key from the keyring' } },
      revoke: { role: { role: 'destructive', note: 'revoke makes the key unusable for everyone' } },
      invalidate: { role: { role: 'destructive', note: 'invalidate destroys the key' } },
      clear: { role: { role: 'destructive', note: 'clear removes every key from the keyring' } },
      purge: { role: { role: 'destructive', note: 'purge destroys the keys of that type' } },
    },
    plain: ['show @u', 'list @s', 'describe 1234'],
  },
  {
    names: ['sops'],
    category: 'misc',
    what: 'SOPS, which encrypts and decrypts secret files',
    grammar: { short: 'ks', flags: 'deihv', long: { ...valued('output', 'input-type', 'output-type', 'extract', 'kms', 'pgp', 'age', 'gcp-kms', 'azure-kv', 'hc-vault-transit', 'config', 'encrypted-regex', 'unencrypted-regex', 'filename-override'), ...flagged('decrypt', 'encrypt', 'in-place', 'ignore-mac', 'verbose', 'help', 'version', 'indent') }, abbreviations: false },
    read: (args, reading) => {
      const decrypts = reading.options.some((option) => option.name === '-d' || option.name === '--decrypt') || (reading.operands[0]?.kind === 'literal' && reading.operands[0].value === 'decrypt');
      const elsewhere = reading.options.some((option) => option.name === '-i' || option.name === '--in-place' || option.name === '--output');
      return decrypts && !elsewhere ? printsSecretUnless('-d', 'prints the secret file decrypted')(args, reading) : [];
    },
    // `--output` writes the result (decrypted: the secrets in the clear) to any file named, a
    // credential file of the home included: a write an entry for `sops -d` does not spell.
    options: [{ role: 'writer', options: ['--output'], target: 'file', example: 'out.yaml', note: '--output writes the result (decrypted or encrypted) into the file named' }],
    plain: ['--version', '-e -i secrets.yaml'],
  },
  {
    // Seals a Kubernetes Secret read from standard input (or --secret-file) with the controller's
    // public key: the sealed output is ciphertext. Only --recovery-unseal, given the controller's
    // private key, prints secrets in the clear.
    names: ['kubeseal'],
    category: 'misc',
    what: 'Sealed Secrets\' client, which encrypts Kubernetes Secrets for the cluster\'s controller',
    grammar: { short: 'ow', flags: 'hv', long: { ...valued('format', 'cert', 'controller-name', 'controller-namespace', 'scope', 'name', 'namespace', 'kubeconfig', 'context', 'secret-file', 'sealed-secret-file', 'merge-into', 'recovery-private-key', 'from-file', 'template', 'key-cutoff-time'), ...flagged('raw', 'fetch-cert', 'validate', 're-encrypt', 'recovery-unseal', 'allow-empty-data', 'help', 'version') }, abbreviations: false },
    options: [
      { role: 'writer', options: ['-w', '--sealed-secret-file', '--merge-into'], target: 'file', example: 'sealed.yaml', everyday: true, note: 'writes the sealed secret to the file named' },
      { role: 'credentials', options: ['--recovery-unseal'], note: '--recovery-unseal decrypts sealed secrets with the controller\'s private key and prints them' },
    ],
    plain: ['--format yaml', '--fetch-cert', '--version', '--raw --name db --namespace app --from-file=secret.txt'],
  },
  {
    names: ['age', 'rage'],
    category: 'misc',
    what: 'age, a file encryption tool',
    grammar: { short: 'irRo', flags: 'deaph', long: { ...valued('identity', 'recipient', 'recipients-file', 'output', 'plugin'), ...flagged('decrypt', 'encrypt', 'armor', 'passphrase', 'help', 'version') }, abbreviations: false },
    read: (args, reading) => {
      const decrypts = reading.options.some((option) => option.name === '-d' || option.name === '--decrypt');
      return decrypts ? printsSecretUnless('-d', 'prints the file decrypted', '-o', '--output')(args, reading) : [];
    },
    plain: ['--version', '-r age1xyz -o out.age in.txt'],
  },
  GPG_ROW,
];

const SECRET_STORE_ROWS: readonly ProgramRow[] = [
  {
    names: ['op'],
    category: 'cloud',
    what: 'the 1Password command-line client',
    ...op1({
      subcommands: {
        run: op1({ wrapper: { environmentOnly: true, peel: false, afterDashDash: true, note: 'op run -- CMD runs CMD with the secret references of its environment resolved' } }),
        read: op1({ read: printsSecretUnless('read', 'prints the secret an op:// reference names', '-o', '--out-file', 'o', 'out-file') }),
        inject: op1({ read: printsSecretUnless('inject', 'prints the template with the secrets it references filled in', '-o', '--out-file', 'o', 'out-file') }),
        item: op1({
          subcommands: {
            get: op1({
              options: [{ role: 'credentials', options: ['--reveal', '--otp'], everyday: true, note: '--reveal prints concealed fields (passwords) in the clear; --otp prints the one-time code' }],
              plain: ['GitHub', 'GitHub --vault Private --format json'],
            }),
          },
          plain: ['list', 'get GitHub'],
        }),
      },
      plain: ['whoami', 'vault list', 'item list', '--version'],
    }),
  },
  {
    // passage is pass with age in place of GnuPG: the same commands and options.
    names: ['pass', 'passage'],
    category: 'misc',
    what: 'the standard Unix password manager (and passage, its age port)',
    grammar: PASS_GRAMMAR,
    // `pass NAME` is `pass show NAME`.
    read: (args, reading) => {
      const first = reading.operands[0];
      if (first === undefined || (first.kind === 'literal' && PASS_COMMANDS.has(first.value))) return [];
      return PASS_SHOWS(args, reading);
    },
    subcommands: { show: { grammar: PASS_GRAMMAR, read: PASS_SHOWS, plain: ['-c email/work', '--clip=2 email/work'] } },
    plain: ['', 'ls', 'find github', '-c email/work', 'git log'],
  },
  {
    names: ['security'],
    category: 'system',
    what: 'macOS keychain and security settings',
    subcommands: {
      'find-generic-password': SECURITY_FIND,
      'find-internet-password': SECURITY_FIND,
      'dump-keychain': {
        grammar: { flags: 'adir' },
        options: [{ role: 'credentials', options: ['-d'], everyday: true, note: '-d prints every item of the keychain with its secret decrypted' }],
        plain: ['', '-a'],
      },
    },
    plain: ['list-keychains', 'find-certificate -c name', 'find-generic-password -s github.com'],
  },
  {
    names: ['doppler'],
    category: 'cloud',
    what: 'the Doppler secrets manager client',
    ...dp({
      subcommands: {
        secrets: dp({
          // `doppler secrets` alone prints every secret with its value.
          read: (args, reading) => (reading.operands.length === 0 ? printsSecretUnless('secrets', 'prints every secret of the config with its value')(args, reading) : []),
          subcommands: {
            get: dp({ role: printsSecret('prints the values of the secrets named') }),
            download: dp({ options: [{ role: 'credentials', options: ['--no-file'], everyday: true, note: 'download --no-file prints every secret instead of writing a file' }], plain: ['', '--format env'] }),
            substitute: dp({ role: printsSecret('prints the template with the secrets it names filled in') }),
          },
          plain: ['--only-names'],
        }),
      // The CLI's own settings: `configure get token` (and `configure --all`, `configure debug`, which list every
      // setting) print the token the CLI signs in with.
      configure: dp({
        read: (args, reading) => {
          const words = reading.operands.map((word) => (word.kind === 'literal' ? word.value : null));
          const prints = words.length === 0 ? reading.options.some((option) => option.name === '--all') : words[0] === 'debug' || (words[0] === 'get' && words.slice(1).some((word) => word === null || word === 'token'));
          return prints ? [{ role: 'credentials', program: 'doppler configure', trigger: words[0] ?? 'configure', index: -1, value: null, everyday: true, note: 'prints the CLI\'s settings, the token it signs in with included' }] : [];
        },
        plain: ['get project', 'get config --plain', 'set project web', ''],
      }),
      // `run -- CMD` runs CMD with the secrets in its environment: a wrapper whose entry covers the command (secretStores.ts).
      run: dp({
        options: [{ role: 'executor', options: ['--command'], payload: 'shell-text', example: 'npm start', note: '--command runs that shell text with the secrets in its environment' }],
        wrapper: { environmentOnly: true, peel: false, afterDashDash: true, note: 'doppler run -- CMD runs CMD with the secrets in its environment' },
      }),
      },
      plain: ['me', 'projects', 'configs', '--version'],
    }),
  },
  {
    names: ['docker-credential-desktop', 'docker-credential-osxkeychain', 'docker-credential-pass', 'docker-credential-secretservice', 'docker-credential-wincred', 'docker-credential-ecr-login', 'docker-credential-gcloud', 'docker-credential-gcr', 'docker-credential-acr-env'],
    category: 'container',
    what: 'a Docker credential helper',
    subcommands: { get: { role: printsSecret('get prints the registry username and secret for the server URL read from standard input') } },
    plain: ['list', 'version'],
  },
];

/** Apptainer (Singularity): `exec IMAGE CMD` runs with the home folder, the working folder and `--bind` folders of the host mapped in. */
const APPTAINER_RUN_GRAMMAR: Grammar = {
  short: 'BeHWo',
  flags: 'Ccpuwi',
  long: {
    ...valued('bind', 'mount', 'home', 'pwd', 'env', 'env-file', 'overlay', 'network', 'network-args', 'security', 'workdir', 'scratch', 'hostname', 'apply-cgroups', 'app', 'dns', 'fusemount', 'add-caps', 'drop-caps', 'cpus', 'memory'),
    ...flagged('contain', 'containall', 'cleanenv', 'no-home', 'writable', 'writable-tmpfs', 'fakeroot', 'nv', 'rocm', 'userns', 'ipc', 'pid', 'net', 'no-privs', 'keep-privs', 'no-mount', 'compat', 'no-init', 'no-umask', 'no-eval', 'help', 'disable-cache', 'nonet'),
  },
  abbreviations: false,
  stopAtOperand: true,
};
const APPTAINER_EXEC: Command = {
  grammar: APPTAINER_RUN_GRAMMAR,
  read: elsewhere('apptainer exec', 'runs the command inside a container of the image named first', 1),
  // The host's home folder and its /dev are bound in by default (`--contain` swaps /dev for a
  // minimal one; read at its worst, the host's); an instance started earlier on the line
  // (`exec instance://NAME`) keeps the binds it was started with. The home is bound at its own
  // path, the home of whoever runs the command, which need not be the home the gate was given:
  // every path under /home inside is taken at its worst, as the host's.
  container: { command: 1, instance: 0, volumes: [], mounts: ['--mount'], workdir: ['--pwd'], binds: ['-B', '--bind'], bindVariables: ['APPTAINER_BIND', 'APPTAINER_BINDPATH', 'SINGULARITY_BIND', 'SINGULARITY_BINDPATH'], fixed: () => [{ inside: '~', host: '~' }, { inside: '/home', host: '/home' }, { inside: '/dev', host: '/dev' }] },
};

/**
 * `instance start [OPTIONS] IMAGE NAME`: the binds it is started with stay bound in the instance,
 * which later commands name `instance://NAME` (D§5, docs/decisions.md "A container made earlier on
 * the line keeps its binds").
 */
function apptainerInstanceBinds(operands: readonly (string | null)[], values: (...names: string[]) => { readonly given: boolean; readonly values: readonly (string | null)[] }): Attachment[] {
  const name = operands[1] === undefined || operands[1] === null ? '*' : `instance://${operands[1]}`;
  const binds = [
    ...values('-B', '--bind').values.flatMap((value) => (value === null ? [] : bindOptionBinds(value))),
    ...values('--mount').values.map((value) => (value === null ? null : mountBind(value))),
    { host: '~', inside: '~' },
  ];
  return binds.flatMap((bind) => (bind === null || bind.readOnly === true ? [] : [{ instance: name, host: bind.host, inside: bind.inside }]));
}

/**
 * CDK (cdk-team's container penetration toolkit; AWS CDK's `cdk` shares the name and none of these
 * subcommands, so its words stay unlisted, read at their worst). `cdk run EXPLOIT …` escapes the
 * container it runs in; the exploits that take a shell command say where it runs: through the
 * engine's socket or API in a new container with the host's root bound at /host
 * (`docker-sock-pwn SOCK CMD`, `docker-api-pwn URL CMD`), or on the host itself through a cgroup's
 * release agent or the kernel's core pattern (`mount-cgroup CMD`, `mount-procfs DIR CMD`).
 */
const CDK_HOST_ROOT: ContainerRun = { command: 1, volumes: [], mounts: [], workdir: [], shellText: true, fixed: () => [{ inside: '/host', host: '/' }] };
const CDK_ON_HOST = (command: number): ContainerRun => ({ command, volumes: [], mounts: [], workdir: [], shellText: true, hostNamespaces: true });
const CDK_EXPLOIT = (container: ContainerRun, note: string): Command => ({ grammar: { stopAtOperand: true }, role: { role: 'executor', note }, container });
const AWS_CDK_GRAMMAR: Grammar = {
  short: 'aco',
  flags: 'hvjeqf',
  long: {
    ...valued('app', 'context', 'output', 'profile', 'role-arn', 'plugin', 'proxy', 'ca-bundle-path', 'toolkit-stack-name', 'concurrency', 'require-approval', 'method', 'parameters', 'outputs-file', 'build', 'unstable', 'trust', 'cloudformation-execution-policies', 'bootstrap-bucket-name'),
    ...flagged('all', 'force', 'help', 'version', 'quiet', 'hotswap', 'watch', 'rollback', 'no-rollback', 'exclusively', 'fail', 'asset-metadata', 'path-metadata', 'version-reporting', 'lookups', 'ignore-errors', 'json', 'verbose', 'debug', 'strict', 'ec2creds', 'notices', 'no-color', 'ci'),
  },
};
const AWS_CDK_OPTIONS: readonly OptionRole[] = [{ role: 'executor', options: ['-a', '--app'], payload: 'shell-text', note: '--app is the command (AWS CDK) that runs the app, through a shell' }];
const awsCdk = (role: Command['role']): Command => ({ grammar: AWS_CDK_GRAMMAR, options: AWS_CDK_OPTIONS, role });
const CDK_ROW: ProgramRow = {
  names: ['cdk'],
  category: 'container',
  what: 'CDK, a container escape toolkit (cdk-team/CDK); AWS CDK\'s client shares the name',
  // AWS CDK's `--app` (`-a`, before or after its subcommand) is the command that runs the app,
  // through a shell; without it the app is cdk.json's, code of the project that every subcommand
  // reading the app runs.
  grammar: AWS_CDK_GRAMMAR,
  options: AWS_CDK_OPTIONS,
  subcommands: {
    ...Object.fromEntries(['synth', 'synthesize', 'deploy', 'diff', 'list', 'ls', 'watch', 'import', 'migrate', 'drift', 'rollback', 'refactor', 'metadata'].map((name) => [name, awsCdk({ role: 'executor', note: 'runs the CDK app (cdk.json\'s app command, or --app)' })])),
    destroy: awsCdk(DESTROY('deletes the stacks and the resources they own')),
    gc: awsCdk(DESTROY('deletes the bootstrap bucket\'s and registry\'s unused assets')),
    bootstrap: awsCdk({ role: 'executor', note: 'deploys the toolkit stack (and runs the app to find the environments)' }),
    run: {
      // An exploit this row does not list: a word of shell text among its operands may be a
      // command it runs, on the host at its worst.
      operands: [{ role: 'executor', operand: 'every', when: (text) => text === null || /[\s;&|`]|\$\(/.test(text), payload: 'shell-text', example: 'touch /host/x', note: 'an exploit may run this shell command on the host' }],
      subcommands: {
        'docker-sock-pwn': CDK_EXPLOIT(CDK_HOST_ROOT, 'runs the shell command on the host through the engine\'s socket, the host\'s root at /host'),
        'docker-api-pwn': CDK_EXPLOIT(CDK_HOST_ROOT, 'runs the shell command on the host through the engine\'s API, the host\'s root at /host'),
        'mount-cgroup': CDK_EXPLOIT(CDK_ON_HOST(0), 'runs the shell command on the host as a cgroup\'s release agent'),
        'mount-procfs': CDK_EXPLOIT(CDK_ON_HOST(1), 'runs the shell command on the host through the kernel\'s core pattern'),
      },
    },
    evaluate: { plain: ['', '--full'] },
  },
};

const APPTAINER_ROW: ProgramRow = {
  names: ['apptainer', 'singularity'],
  category: 'container',
  what: 'Apptainer (formerly Singularity), containers for shared machines',
  grammar: { flags: 'dqsv', long: flagged('debug', 'quiet', 'silent', 'verbose', 'help', 'version', 'nocolor') },
  subcommands: {
    exec: APPTAINER_EXEC,
    shell: { grammar: APPTAINER_RUN_GRAMMAR, role: { role: 'executor', note: 'starts a shell inside a container of the image' } },
    test: { grammar: APPTAINER_RUN_GRAMMAR, role: { role: 'executor', note: 'runs the image\'s test script' } },
    instance: {
      subcommands: {
        start: { grammar: APPTAINER_RUN_GRAMMAR, attaches: apptainerInstanceBinds, role: { role: 'executor', note: 'starts an instance running the image\'s startscript' } },
        run: { grammar: APPTAINER_RUN_GRAMMAR, attaches: apptainerInstanceBinds, role: { role: 'executor', note: 'starts an instance running the image\'s runscript' } },
        stop: {},
        list: {},
        stats: {},
      },
    },
    build: { role: { role: 'executor', note: 'builds an image, running the definition file\'s scripts' } },
    pull: {},
    push: { role: { role: 'network', note: 'uploads an image' } },
    inspect: {},
    'run-help': {},
    search: {},
    verify: {},
    version: {},
    help: {},
    cache: { subcommands: { list: {} } },
    // Unlisted on purpose: `run` (the image's runscript, read as an unplaced runner's words), `remote`, `registry`, `key`, `keyserver`, `config`, `capability` and
    // `plugin` change the user's or the machine's settings (a plugin is code it loads), `oci` runs
    // containers, `overlay`, `sif`, `sign` and `checkpoint` change images, `cache clean` and `delete`
    // remove what is stored.
  },
  plain: ['--version', 'inspect img.sif', 'pull docker://alpine', 'cache list', 'instance list', 'search alpine'],
};

export const CLOUD_ROWS: readonly ProgramRow[] = [
  ...DOCKER_ROWS,
  { names: ['kubectl'], category: 'container', what: 'the Kubernetes command-line client', ...KUBECTL_BODY },
  STERN_ROW,
  KN_ROW,
  VELERO_ROW,
  { names: ['oc'], category: 'container', what: "OpenShift's command-line client, kubectl's commands and OpenShift's own", ...OC_BODY },
  { names: ['helm'], category: 'container', what: 'the Helm package manager for Kubernetes', ...HELM_BODY },
  { names: ['terraform', 'tofu'], category: 'cloud', what: 'Terraform (and OpenTofu), which plans and applies infrastructure from configuration files', ...TERRAFORM_BODY },
  { names: ['aws'], category: 'cloud', what: 'the AWS command-line client', ...AWS_BODY },
  { names: ['gcloud'], category: 'cloud', what: 'the Google Cloud command-line client', ...GCLOUD_BODY },
  { names: ['az'], category: 'cloud', what: 'the Azure command-line client', ...AZ_BODY },
  // OpenBao's `bao` is Vault's client forked: the same commands and options.
  { names: ['vault', 'bao'], category: 'cloud', what: 'the HashiCorp Vault client and server (and OpenBao\'s, its fork)', ...VAULT_BODY },
  { names: ['ngrok'], category: 'network', what: 'ngrok, which opens public tunnels to local ports', ...NGROK_BODY },
  { names: ['cloudflared'], category: 'network', what: 'Cloudflare\'s tunnel client', ...CLOUDFLARED_BODY },
  CODE_ROW,
  // `jupyter console` (and `jupyter-console`) is a kernel's REPL: text on its input is the kernel's code (Python's, R's …, IPython's `!cmd` shell escapes).
  { names: ['jupyter'], category: 'interpreter', what: 'the Jupyter launcher (notebook, lab, nbconvert, kernels)', stdinCodeForm: { interpreterVerbs: ['console'] }, ...JUPYTER_BODY },
  { names: ['jupyter-notebook', 'jupyter-lab', 'jupyter-server', 'jupyter-nbclassic'], category: 'interpreter', what: 'a Jupyter notebook server', ...JUPYTER_SERVER },
  { names: ['systemctl'], category: 'system', what: 'the systemd service manager\'s control program', readOnly: false /* pages its output: keys typed into a pager can run a shell */, ...SYSTEMCTL_BODY },
  JOURNALCTL_ROW,
  SERVICE_ROW,
  { names: ['tailscale'], category: 'network', what: 'the Tailscale VPN client', ...TAILSCALE_BODY },
  { names: ['minikube'], category: 'container', what: 'minikube, a local Kubernetes cluster', ...MINIKUBE_BODY },
  { names: ['kind'], category: 'container', what: 'kind, Kubernetes clusters in containers', ...KIND_BODY },
  { names: ['k3d'], category: 'container', what: 'k3d, k3s clusters whose nodes are docker containers', ...K3D_BODY },
  { names: ['virsh'], category: 'container', what: 'the libvirt virtual machine shell', ...VIRSH_BODY },
  { names: ['vagrant'], category: 'container', what: 'Vagrant, which builds and runs development virtual machines', ...VAGRANT_BODY },
  ANSIBLE_ROW,
  ANSIBLE_PLAYBOOK_ROW,
  { names: ['pulumi'], category: 'cloud', what: 'Pulumi, infrastructure from a program', ...PULUMI_BODY },
  NGINX_ROW,
  GSUTIL_ROW,
  S3CMD_ROW,
  OLLAMA_ROW,
  { names: ['doctl'], category: 'cloud', what: 'the DigitalOcean command-line client', ...DOCTL_BODY },
  { names: ['heroku'], category: 'cloud', what: 'the Heroku command-line client', ...HEROKU_BODY },
  { names: ['flyctl', 'fly'], category: 'cloud', what: 'the Fly.io command-line client (and Concourse CI\'s, also called fly)', ...FLYCTL_BODY },
  { names: ['vercel'], category: 'cloud', what: 'the Vercel command-line client', ...VERCEL_BODY },
  { names: ['wrangler'], category: 'cloud', what: 'Cloudflare Workers\' command-line client', ...WRANGLER_BODY },
  { names: ['firebase'], category: 'cloud', what: 'the Firebase command-line client', ...FIREBASE_BODY },
  CRICTL_ROW,
  CTR_ROW,
  LXC_ROW,
  MULTIPASS_ROW,
  BASTILLE_ROW,
  IOCAGE_ROW,
  LXC_START_ROW,
  LXC_ATTACH_ROW,
  PRLCTL_ROW,
  ORBSTACK_ROW,
  BUILDAH_ROW,
  K3S_ROW,
  LXD_ROW,
  CONTAINERD_ROW,
  PACKER_ROW,
  CONSUL_ROW,
  BOUNDARY_ROW,
  NOMAD_ROW,
  ANSIBLE_TEST_ROW,
  KNIFE_ROW,
  PUPPET_ROW,
  FACTER_ROW,
  CDIST_ROW,
  APACHE_ROW,
  APACHE2CTL_ROW,
  MOSQUITTO_ROW,
  VARNISHNCSA_ROW,
  LOGINCTL_ROW,
  SYSTEMD_ANALYZE_ROW,
  TIMEDATECTL_ROW,
  BUSCTL_ROW,
  GDBUS_ROW,
  SYSTEMD_RESOLVE_ROW,
  { names: ['netlify'], category: 'cloud', what: 'the Netlify command-line client', ...NETLIFY_BODY },
  { names: ['serverless', 'sls'], category: 'cloud', what: 'the Serverless Framework client', ...SERVERLESS_BODY },
  SNAP_ROW,
  FLATPAK_ROW,
  ...SECRET_STORE_ROWS,
  ...PASSWORD_MANAGER_ROWS,
  APPTAINER_ROW,
  CDK_ROW,
];

export type { OperandRole };
