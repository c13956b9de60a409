/**
 * How a container run's options bind host folders into the container: `-v SRC:DST[:OPTS]` and
 * `--mount type=bind,source=SRC,target=DST`. Read by the docker row's roles (a bind of a system
 * folder is a destructive form) and by the path resolver (a container path below DST is the host
 * path below SRC). Which options these are is the row's fact (`Command.container`).
 */

/** One bind as written: the host side (null when the option names none: an anonymous or named volume) and the container side. */
export interface BindSpec {
  readonly host: string;
  readonly inside: string;
  /** A read-only bind: the container reads the host's files there but cannot change them. */
  readonly readOnly?: true;
}

/**
 * `-v SRC:DST[:OPTS]`: the bind, or null for an anonymous volume (`-v /data`) or a named one
 * (`-v cache:/root/.cache`: its source has no `/` and does not start with `.` or `~`).
 */
export function volumeBind(value: string): BindSpec | null {
  const colon = value.indexOf(':');
  if (colon === -1) return null;
  const host = value.slice(0, colon);
  const rest = value.slice(colon + 1);
  const second = rest.indexOf(':');
  const inside = second === -1 ? rest : rest.slice(0, second);
  if (!isHostPath(host) || inside === '') return null;
  // `:ro` (alone or among `ro,Z`): the container cannot change the host's files there.
  if (second !== -1 && rest.slice(second + 1).split(',').includes('ro')) return { host, inside, readOnly: true };
  return { host, inside };
}

/**
 * `--bind SRC[:DST[:OPTS]]` (systemd-nspawn, apptainer, bwrap's pairs aside): DST defaults to SRC;
 * `ro` among the options makes it read-only (left out). Several binds may be given comma-separated
 * (apptainer); each is read.
 */
export function bindOptionBinds(value: string): BindSpec[] {
  const out: BindSpec[] = [];
  for (const part of value.split(',')) {
    const [host = '', inside = host, options = ''] = part.split(':');
    if (host === '' || !isHostPath(host) || options.split(/[,+]/).includes('ro')) continue;
    out.push({ host, inside: inside === '' ? host : inside });
  }
  return out;
}

/** The source part of `-v SRC:DST`, whatever it names (null for an anonymous volume). */
export function volumeSource(value: string): string | null {
  const colon = value.indexOf(':');
  return colon === -1 ? null : value.slice(0, colon);
}

/** The `key=value` fields of a `--mount` value, keys lower-cased. */
function mountFields(value: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const field of value.split(',')) {
    const eq = field.indexOf('=');
    const key = (eq === -1 ? field : field.slice(0, eq)).trim().toLowerCase();
    fields.set(key, eq === -1 ? '' : field.slice(eq + 1));
  }
  return fields;
}

/** The `source`/`src` of a `--mount` value, or null when it names none. */
export function mountSource(value: string): string | null {
  const fields = mountFields(value);
  return fields.get('source') ?? fields.get('src') ?? null;
}

/** `--mount type=bind,source=SRC,target=DST`: the bind, or null for another type of mount. */
export function mountBind(value: string): BindSpec | null {
  const fields = mountFields(value);
  const type = fields.get('type') ?? 'volume';
  if (type !== 'bind' && type !== 'rbind') return null;
  const host = fields.get('source') ?? fields.get('src');
  const inside = fields.get('target') ?? fields.get('destination') ?? fields.get('dst');
  if (host === undefined || inside === undefined || inside === '') return null;
  // `readonly`, `ro`, `readonly=true`; ctr's `options=rbind:ro`.
  const readonly = fields.get('readonly') ?? fields.get('ro');
  if ((readonly !== undefined && !/^(false|0)$/i.test(readonly)) || (fields.get('options') ?? '').split(':').includes('ro')) return { host, inside, readOnly: true };
  return { host, inside };
}

/** A source that is a host path (absolute, relative with `.`, or from the home folder), not a volume name. */
function isHostPath(source: string): boolean {
  return source.startsWith('/') || source.startsWith('.') || source.startsWith('~') || source.startsWith('$');
}

/**
 * How a word (an option's value, `--opt=` already taken off) spells a bind when no row says which
 * option binds (a runner without a row, taken at its worst: docs/decisions.md "A program without a
 * row binds the host folders its words spell"): `SRC:DST[:OPTS]` with SRC a host path and DST a
 * container path (`/:/host`, `~/x:/x:ro`, `"$HOME":/h`), or a field list of a bind
 * (`type=bind,source=SRC,destination=DST`). A search list (`/usr/lib:/lib:/opt/lib`) has a path,
 * not options, after its second colon, and is no bind. `text` is the word as written, quotes off.
 */
export function bindSpelling(text: string): 'volume' | 'mount' | null {
  if (/^(?:[/.~]|\$\{?(?:HOME|PWD)\b)[^:\s]*:(?:\/|~|\$\{?HOME\b)[^:\s]*(?::[A-Za-z,+]*)?$/.test(text)) return 'volume';
  const fields = mountFields(text);
  return /^r?bind$/.test(fields.get('type') ?? '') && (fields.has('source') || fields.has('src')) ? 'mount' : null;
}

/**
 * A relative path that cannot leave the folder it starts from: not absolute, no `~`, no `..`
 * component. Relative to the folder the command was asked in, it names a place of the workspace (a
 * nested repository, a submodule, a project folder bound into a container); one elsewhere
 * (`/tmp/evilrepo`, whose configuration may name programs git runs: test/fixtures/eval/allow-bypass.jsonl,
 * ab-074; `~/.ssh`) does not.
 */
export function staysBelow(path: string): boolean {
  return !path.startsWith('/') && !path.startsWith('~') && !path.split('/').includes('..');
}

/** A volume's name as the engines accept it (`cache`, `pg_data`): no `/`, so no host folder. */
const VOLUME_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** `-v SRC:DST:OPTS` options that change neither what is bound nor how far it reaches (`:ro`, SELinux's `:z`/`:Z` relabel, macOS's consistency hints). */
const KNOWN_VOLUME_OPTIONS: ReadonlySet<string> = new Set(['ro', 'rw', 'z', 'Z', 'cached', 'delegated', 'consistent', 'nocopy']);

/** `--mount` fields known to bind nothing more than `type`, `source` and `readonly` say. */
const KNOWN_MOUNT_FIELDS: ReadonlySet<string> = new Set(['type', 'source', 'src', 'target', 'destination', 'dst', 'readonly', 'ro', 'consistency', 'tmpfs-size', 'tmpfs-mode', 'volume-nocopy']);

/**
 * What a bind option's value hands a container when it reaches nothing of this machine but the
 * workspace (docs/decisions.md "A container's command under the runner's entry"): `{ writes }` —
 * the workspace folders the container may write (empty for a read-only bind, a named or anonymous
 * volume, a tmpfs) — or null when the value may reach more: a host path outside the workspace, an
 * option or field not known here (bind propagation, a volume driver's options, podman's `U` that
 * changes the owner), a target that is not a container path. Read with this module's own readers
 * ({@link volumeBind}, {@link mountBind}); `kind` is the option's kind in the row's `container`.
 */
export function workspaceBind(kind: 'volume' | 'mount', value: string): { readonly writes: readonly string[] } | null {
  if (kind === 'volume') {
    const parts = value.split(':');
    // `-v /data`: an anonymous volume at a container path.
    if (parts.length === 1) return value.startsWith('/') ? { writes: [] } : null;
    if (parts.length > 3) return null;
    const [source = '', inside = '', options = ''] = parts;
    if (!inside.startsWith('/') || (parts.length === 3 && !options.split(',').every((option) => KNOWN_VOLUME_OPTIONS.has(option)))) return null;
    if (VOLUME_NAME.test(source)) return { writes: [] };
    const bind = volumeBind(value);
    if (bind === null || !source.startsWith('.') || !staysBelow(source)) return null;
    return { writes: bind.readOnly === true ? [] : [bind.host] };
  }
  const fields = mountFields(value);
  for (const key of fields.keys()) if (!KNOWN_MOUNT_FIELDS.has(key)) return null;
  const inside = fields.get('target') ?? fields.get('destination') ?? fields.get('dst');
  if (inside === undefined || !inside.startsWith('/')) return null;
  const source = fields.get('source') ?? fields.get('src');
  const type = fields.get('type') ?? 'volume';
  if (type === 'tmpfs') return source === undefined ? { writes: [] } : null;
  if (type === 'volume') return source === undefined || VOLUME_NAME.test(source) ? { writes: [] } : null;
  if (type !== 'bind' || source === undefined || !staysBelow(source)) return null;
  const bind = mountBind(value);
  if (bind === null) return null;
  return { writes: bind.readOnly === true ? [] : [bind.host] };
}
