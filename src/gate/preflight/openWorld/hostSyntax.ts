/**
 * Host syntax for the open-world floor (D§7): what counts as a host in a piece of text. URLs
 * (`https://user@host:port/path`), ssh-style destinations (`user@host:port`), scp-like
 * `user@host:path`, git remotes (`ext::`, `host:repo`), bracketed IPv6, `a:b:c:d` forward
 * specs, libpq and MongoDB connection strings, npm package specs, image references and Go
 * module paths.
 *
 * Every function here reads a string, never argv: which word of a command is in a host position
 * is the business of the per-program readers (`hostReaders.ts`). Kept apart so that the rules for
 * "is this a host, and which" live in one place and can be tested as a table on their own.
 */

/** Schemes that name no other machine. */
const LOCAL_SCHEMES = new Set(['file', 'unix', 'npipe', 'fd', 'data', 'about', 'blob', 'javascript', 'mailto']);

/**
 * The host of a URL or of a bare `host[:port][/path]` (as curl reads its operands).
 * Returns `undefined` when the text names no other machine (`file:///x`, an empty host).
 */
export function hostOfUrl(text: string): string | undefined {
  let rest = text.trim();
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(rest);
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    if (LOCAL_SCHEMES.has(name) || name.endsWith('+unix')) return undefined;
    rest = rest.slice(scheme[0].length);
  }
  const end = rest.search(/[/?#\\]/);
  let authority = end < 0 ? rest : rest.slice(0, end);
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = authority.slice(at + 1);
  const host = stripPort(authority);
  return /[\p{L}\p{N}]/u.test(host) ? host : undefined;
}

export function stripPort(authority: string): string {
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    return close < 0 ? authority.slice(1) : authority.slice(1, close);
  }
  const first = authority.indexOf(':');
  if (first < 0) return authority;
  // Two or more colons without brackets: a bare IPv6 address, kept whole.
  return authority.indexOf(':', first + 1) >= 0 ? authority : authority.slice(0, first);
}

/**
 * The host of an opaque URL word whose expansions all come after the host
 * (`"https://api.example/$PATH"`, find's `https://x.example/{}`): the host part is plain text
 * followed by `/`, `?` or `#`, so no expansion can change it.
 */
export function hostOfUrlPrefix(raw: string): string | undefined {
  const match = /^["']?([A-Za-z][A-Za-z0-9+.-]*:\/\/[A-Za-z0-9._~%:@\[\]-]+)[/?#]/.exec(raw);
  if (!match || /[[\]]/.test(match[1]!.replace(/\/\/\[[0-9A-Fa-f:.]+\]/, '//'))) return undefined;
  return hostOfUrl(match[1]!);
}

/** `[user@]host[:port]` as ssh, telnet and ping take it. */
export function hostOfDestination(text: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) return hostOfUrl(text);
  const at = text.lastIndexOf('@');
  const host = stripPort(at >= 0 ? text.slice(at + 1) : text);
  return host.length > 0 ? host : undefined;
}

/** Every `scheme://host` inside a longer text (`pkg @ https://x/y.whl`, `-c url.https://x/.insteadOf=…`). */
export function urlHostsIn(text: string): string[] {
  const hosts: string[] = [];
  let from = 0;
  for (;;) {
    const mark = text.indexOf('://', from);
    if (mark < 0) break;
    let start = mark;
    while (start > 0 && /[A-Za-z0-9+.-]/.test(text[start - 1]!)) start--;
    from = mark + 3;
    if (start === mark) continue;
    let end = from;
    // The authority ends at the first `/`: stopping there keeps the whole scan linear.
    while (end < text.length && !/[\s'"`<>|;&()/?#\\]/.test(text[end]!)) end++;
    const host = hostOfUrl(text.slice(start, end));
    if (host !== undefined) hosts.push(host);
  }
  return hosts;
}

/**
 * A git repository argument: `undefined` for a local path or a remote name (`origin`),
 * `null` for a remote the gate cannot read (`ext::…`), else the host.
 */
export function gitRemoteHost(text: string): string | null | undefined {
  const transport = /^([A-Za-z][A-Za-z0-9+.-]*)::(.*)$/s.exec(text);
  if (transport) {
    const helper = transport[1]!.toLowerCase();
    if (helper === 'ext' || helper === 'fd') return null;
    return gitRemoteHost(transport[2]!) ?? hostOfUrl(transport[2]!) ?? null;
  }
  if (text.includes('://')) return hostOfUrl(text);
  if (text.startsWith('/') || text.startsWith('.')) return undefined;
  // scp-like syntax: a colon before the first slash means `[user@]host:path` over ssh.
  const colon = text.indexOf(':');
  const slash = text.indexOf('/');
  if (colon > 0 && (slash < 0 || colon < slash)) return hostOfDestination(text.slice(0, colon));
  return undefined;
}

/** `user@host:path` as a package spec or a clone URL. */
export function scpLikeHost(text: string): string | undefined {
  const match = /^[A-Za-z0-9._~-]+@([^/:@\s]+):/.exec(text);
  return match ? match[1] : undefined;
}

export const PORT_LIKE = /^\d+([-,]\d+)*$/;

/** `a:b:c:d` with bracketed IPv6 parts kept whole. */
export function splitHostPorts(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let bracket = false;
  for (const c of text) {
    if (c === '[') bracket = true;
    if (c === ']') bracket = false;
    if (c === ':' && !bracket) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts.map((p) => p.replace(/^\[|\]$/g, ''));
}

/** Hosts in a libpq connection string: a `postgres://` URI or `host=… hostaddr=…` pairs. */
export function libpqHosts(text: string): string[] {
  if (/^postgres(ql)?:\/\//i.test(text)) {
    const rest = text.replace(/^postgres(ql)?:\/\//i, '');
    const authority = rest.split(/[/?#]/)[0]!;
    const at = authority.lastIndexOf('@');
    const hosts = (at >= 0 ? authority.slice(at + 1) : authority).split(',').map(stripPort).filter((h) => h.length > 0);
    const query = /[?&]host(?:addr)?=([^&]+)/i.exec(rest);
    if (query) hosts.push(...decodeURIComponentSafe(query[1]!).split(',').filter((h) => !h.startsWith('/')));
    return hosts;
  }
  if (!text.includes('=')) return [];
  const hosts: string[] = [];
  for (const match of text.matchAll(/(?:^|\s)(?:host|hostaddr)\s*=\s*'?([^\s']+)/gi)) {
    for (const host of match[1]!.split(',')) if (host && !host.startsWith('/')) hosts.push(host);
  }
  return hosts;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `mongodb://h1,h2/db`, `host/db`, `host:port/db`, `rs0/h1:27017,h2` (as `--host`). */
export function mongoHosts(text: string, asHostOption: boolean): string[] {
  if (/^mongodb(\+srv)?:\/\//i.test(text)) {
    const rest = text.replace(/^mongodb(\+srv)?:\/\//i, '');
    const authority = rest.split(/[/?#]/)[0]!;
    const at = authority.lastIndexOf('@');
    return (at >= 0 ? authority.slice(at + 1) : authority).split(',').map(stripPort).filter((h) => h.length > 0);
  }
  if (asHostOption) {
    const list = text.includes('/') ? text.slice(text.indexOf('/') + 1) : text;
    return list.split(',').map(stripPort).filter((h) => h.length > 0);
  }
  // A bare operand is a database name on the local server unless it carries a host part.
  if (!text.includes('/')) return [];
  const host = stripPort(text.slice(0, text.indexOf('/')));
  return host ? [host] : [];
}

const HOSTED_GIT_SHORTCUTS: Readonly<Record<string, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
  gist: 'gist.github.com',
};

/**
 * The host an npm-style package spec fetches from, `undefined` for a registry name or a local
 * path (the configured registry is not a named host, like `git pull` without a URL).
 */
export function packageSpecHost(spec: string): string | undefined {
  const urls = urlHostsIn(spec);
  if (urls.length > 0) return urls[0];
  if (spec.includes('://')) return undefined;
  // `name@<spec>` aliases: look at what follows the first unscoped `@`.
  let body = spec;
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  if (at > 0 && !spec.slice(0, at).includes('/')) body = spec.slice(at + 1);
  const shortcut = /^([a-z]+):/i.exec(body);
  if (shortcut) {
    const host = HOSTED_GIT_SHORTCUTS[shortcut[1]!.toLowerCase()];
    if (host) return host;
    if (LOCAL_SPEC_PROTOCOLS.has(shortcut[1]!.toLowerCase())) return undefined;
  }
  const scp = scpLikeHost(spec);
  if (scp) return scp;
  if (shortcut) return undefined;
  if (/^(\.|\/|~)/.test(body) || /\.(tgz|tar|tar\.gz)$/i.test(body)) return undefined;
  // `user/repo[#ref]` is GitHub shorthand; `@scope/name` is a registry package.
  if (!body.startsWith('@') && /^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+(#.*)?$/.test(body)) return 'github.com';
  return undefined;
}

/** Spec protocols that name no host: registry aliases and local sources. */
const LOCAL_SPEC_PROTOCOLS = new Set(['npm', 'file', 'link', 'workspace', 'patch', 'portal', 'exec', 'jsr']);

/** The registry host of an image reference: its first component, when it has a dot, a colon or is `localhost`. */
export function imageRegistryHost(reference: string): string | undefined {
  const slash = reference.indexOf('/');
  if (slash <= 0) return undefined;
  const first = reference.slice(0, slash);
  if (!first.includes('.') && !first.includes(':') && first.toLowerCase() !== 'localhost') return undefined;
  return stripPort(first);
}

/** The host of a Go module path (`golang.org/x/tools/...@latest` → `golang.org`). */
export function goModuleHost(path: string): string | undefined {
  const at = path.indexOf('@');
  const module = at >= 0 ? path.slice(0, at) : path;
  if (module.startsWith('.') || module.startsWith('/') || module.endsWith('.go') || module.length === 0) return undefined;
  const first = module.split('/')[0]!;
  return first.includes('.') ? stripPort(first) : undefined;
}
