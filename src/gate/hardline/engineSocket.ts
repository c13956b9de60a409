/**
 * A container created through the engine's API on its socket (D§5 "Containers and VMs that reach
 * the host"; docs/decisions.md "A container created over the engine's socket"): `curl
 * --unix-socket /var/run/docker.sock -X POST http://localhost/containers/create -d '{…}'` makes the
 * container `docker run` would, and its JSON body says what the host hands it (`HostConfig.Binds`,
 * `Mounts`, `Privileged`, `PidMode`) and what it runs (`Entrypoint`, `Cmd`). The body is written
 * back as that `docker run` line, so the one reading of container runs judges its command where its
 * paths land. Any program that names an engine socket and a create path is read, not only curl.
 */
import { bashSingleQuote } from '../execution/terminalShellInit';
import type { Word } from '../reading/resolution';

/** The sockets of the engines that speak Docker's API (Docker, Podman's compatible service). */
const ENGINE_SOCKET = /(?:^|[=/])(?:docker|podman)\.sock$/;
/** The API path that creates a container (`/containers/create`, `/v1.45/containers/create?name=x`). */
const CREATE_PATH = /\/containers\/create(?:[?#]|$)/;
/** Options whose value is the request body. */
const BODY_OPTIONS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--json', '--data-ascii']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const object = (value: Json | undefined): { [key: string]: Json } | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null);
const strings = (value: Json | undefined): string[] => (typeof value === 'string' ? [value] : Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : []);

/** The literal texts of the words (null where opaque). */
function texts(argv: readonly Word[]): Array<string | null> {
  return argv.map((word) => (word.kind === 'literal' ? word.value : null));
}

/** The request bodies given as option values (`-d BODY`, `--data=BODY`). */
function bodies(words: ReadonlyArray<string | null>): string[] {
  const out: string[] = [];
  for (let k = 1; k < words.length; k++) {
    const text = words[k];
    if (text === null || text === undefined) continue;
    const eq = text.indexOf('=');
    if (text.startsWith('--') && eq > 0 && BODY_OPTIONS.has(text.slice(0, eq))) out.push(text.slice(eq + 1));
    else if (BODY_OPTIONS.has(text) && typeof words[k + 1] === 'string') out.push(words[k + 1]!);
  }
  return out;
}

/**
 * The `docker run` line the request makes, or null when the words name no engine socket and no
 * create path, or no body that is a container spec.
 */
export function engineRunOverSocket(argv: readonly Word[]): string | null {
  const words = texts(argv);
  if (!words.some((text) => text !== null && ENGINE_SOCKET.test(text))) return null;
  if (!words.some((text) => text !== null && CREATE_PATH.test(text))) return null;
  for (const body of bodies(words)) {
    let spec: Json;
    try {
      spec = JSON.parse(body) as Json;
    } catch {
      continue;
    }
    const container = object(spec);
    if (container === null || typeof container.Image !== 'string') continue;
    const host = object(container.HostConfig);
    const options: string[] = [];
    for (const bind of strings(host?.Binds)) options.push('-v', bind);
    if (Array.isArray(host?.Mounts)) {
      for (const item of host.Mounts) {
        const mount = object(item);
        if (mount === null || typeof mount.Source !== 'string' || typeof mount.Target !== 'string') continue;
        options.push('--mount', `type=${typeof mount.Type === 'string' ? mount.Type : 'bind'},source=${mount.Source},target=${mount.Target}${mount.ReadOnly === true ? ',readonly' : ''}`);
      }
    }
    if (host?.Privileged === true) options.push('--privileged');
    if (host?.PidMode === 'host') options.push('--pid=host');
    const entrypoint = strings(container.Entrypoint);
    const command = [...entrypoint.slice(1), ...strings(container.Cmd)];
    if (entrypoint.length > 0) options.push('--entrypoint', entrypoint[0]!);
    return ['docker', 'run', '--rm', ...options, container.Image, ...command].map(bashSingleQuote).join(' ');
  }
  return null;
}
