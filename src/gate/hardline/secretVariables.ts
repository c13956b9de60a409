/**
 * Secrets held in the environment and sent (docs/decisions.md "Secret-named variables sent to a
 * host they are not for"): a variable whose name says it holds a secret (the one name rule,
 * `capture/redaction.ts` `isSecretEnvName`: `*_TOKEN`, `*_SECRET*`, `*_API_KEY`, `*PASSWORD*` …)
 * expanded into what a network sink sends.
 *
 * Using a token is sending it to the service it was made for (`curl -H "Authorization: Bearer
 * $GITHUB_TOKEN" https://api.github.com/user`), so the floor judges only what it can place:
 * - a variable of a service `programs/secretServices.ts` knows, sent to a literal destination that is not one of the
 *   service's hosts (nor a host whose name carries the service's name: a company's GitHub
 *   Enterprise or GitLab), is the credential leaving;
 * - any secret-named variable written into a raw connection (`nc`, `telnet`: no protocol in which
 *   the secret authenticates anything) is the credential leaving.
 * A secret-named variable of no known service sent over HTTP is taken as used (an API of one's own).
 */
import { isSecretEnvName } from '../capture/redaction';
import type { Word } from '../reading/resolution';
import { SECRET_SERVICES, type SecretService } from '../programs/secretServices';

/** Most characters of a word scanned for expansions. */
const MAX_WORD = 8192;

/**
 * The secret-named variables a word expands (`"t=$GITHUB_TOKEN"`, `${NPM_TOKEN}`), outside single
 * quotes. A literal word expands none.
 */
export function secretVariablesIn(word: Word): string[] {
  if (word.kind === 'literal' || word.raw.length > MAX_WORD) return [];
  const found: string[] = [];
  // Single-quoted text is taken off first: `'$X'` is those two characters.
  const text = word.raw.replace(/'[^']*'/g, '');
  for (const match of text.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const name = match[1]!;
    if (isSecretEnvName(name) && !found.includes(name)) found.push(name);
  }
  return found;
}

/** The service a secret-named variable belongs to, or undefined. */
export function serviceOfVariable(name: string): SecretService | undefined {
  const upper = name.toUpperCase();
  return SECRET_SERVICES.find((row) => row.names?.includes(upper) === true || row.prefixes.some((prefix) => upper.startsWith(prefix)));
}

/**
 * Whether `host` is one the service's secret is made for: one of its hosts or a subdomain, or a
 * host one of whose labels carries the service's name (`github.corp.example`, `gitlab.internal`), or
 * a loopback host.
 */
export function isServiceHost(service: SecretService, host: string): boolean {
  const lower = host.toLowerCase().replace(/^\[|\]$/g, '');
  // A loopback host keeps the secret on this machine (a local proxy or a service under test).
  if (isLoopbackHost(lower)) return true;
  if (service.hosts.some((own) => lower === own || lower.endsWith(`.${own}`))) return true;
  return lower.split('.').some((label) => label.includes(service.service));
}

/** A loopback host (`localhost`, `127.0.0.1`, `::1`): what is sent there stays on this machine. */
export function isLoopbackHost(host: string): boolean {
  const lower = host.toLowerCase().replace(/^\[|\]$/g, '');
  return lower === 'localhost' || lower.endsWith('.localhost') || /^127\./.test(lower) || lower === '::1';
}
