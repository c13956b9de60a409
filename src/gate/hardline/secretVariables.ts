/**
 * Secrets held in the environment and sent (docs/decisions.md "Secret-named variables sent to a
 * host they are not for"): a variable whose name says it holds a secret (the one name rule,
 * `capture/redaction.ts` `isSecretEnvName`: `*_TOKEN`, `*_SECRET*`, `*_API_KEY`, `*PASSWORD*` …)
 * expanded into what a network sink sends.
 *
 * Using a token is sending it to the service it was made for (`curl -H "Authorization: Bearer
 * $GITHUB_TOKEN" https://api.github.com/user`), so the floor judges only what it can place:
 * - a variable of a service this table knows, sent to a literal destination that is not one of the
 *   service's hosts (nor a host whose name carries the service's name: a company's GitHub
 *   Enterprise or GitLab), is the credential leaving;
 * - any secret-named variable written into a raw connection (`nc`, `telnet`: no protocol in which
 *   the secret authenticates anything) is the credential leaving.
 * A secret-named variable of no known service sent over HTTP is taken as used (an API of one's own).
 */
import { isSecretEnvName } from '../capture/redaction';
import type { Word } from '../reading/resolution';

export interface SecretService {
  /** The service, as said in findings, and the word a self-hosted host of it carries (`gitlab.corp.example`). */
  readonly service: string;
  /** Variable names start with one of these (or are one of `names`). */
  readonly prefixes: readonly string[];
  readonly names?: readonly string[];
  /** The hosts (and their subdomains) the secret is made for. */
  readonly hosts: readonly string[];
}

/** The services whose secrets have fixed hosts; one row a service. */
export const SECRET_SERVICES: readonly SecretService[] = Object.freeze([
  { service: 'github', prefixes: ['GITHUB_', 'GH_'], hosts: ['github.com', 'githubusercontent.com', 'ghcr.io'] },
  { service: 'gitlab', prefixes: ['GITLAB_', 'GL_', 'CI_JOB_'], hosts: ['gitlab.com'] },
  { service: 'npm', prefixes: ['NPM_'], names: ['NODE_AUTH_TOKEN'], hosts: ['npmjs.org', 'npmjs.com'] },
  { service: 'pypi', prefixes: ['PYPI_', 'TWINE_'], hosts: ['pypi.org', 'pythonhosted.org'] },
  { service: 'openai', prefixes: ['OPENAI_'], hosts: ['openai.com'] },
  { service: 'anthropic', prefixes: ['ANTHROPIC_', 'CLAUDE_'], hosts: ['anthropic.com'] },
  { service: 'aws', prefixes: ['AWS_'], hosts: ['amazonaws.com', 'aws.amazon.com'] },
  { service: 'docker', prefixes: ['DOCKERHUB_', 'DOCKER_HUB_'], hosts: ['docker.io', 'docker.com'] },
  { service: 'huggingface', prefixes: ['HF_', 'HUGGINGFACE_', 'HUGGING_FACE_'], hosts: ['huggingface.co', 'hf.co'] },
  { service: 'slack', prefixes: ['SLACK_'], hosts: ['slack.com'] },
  { service: 'stripe', prefixes: ['STRIPE_'], hosts: ['stripe.com'] },
  { service: 'cloudflare', prefixes: ['CLOUDFLARE_', 'CF_API_'], hosts: ['cloudflare.com'] },
  { service: 'digitalocean', prefixes: ['DIGITALOCEAN_', 'DO_API_'], hosts: ['digitalocean.com'] },
  { service: 'heroku', prefixes: ['HEROKU_'], hosts: ['heroku.com'] },
  { service: 'gemini', prefixes: ['GEMINI_', 'GOOGLE_API_'], hosts: ['googleapis.com', 'google.com'] },
  { service: 'mistral', prefixes: ['MISTRAL_'], hosts: ['mistral.ai'] },
  { service: 'groq', prefixes: ['GROQ_'], hosts: ['groq.com'] },
  { service: 'xai', prefixes: ['XAI_'], hosts: ['x.ai'] },
  { service: 'vercel', prefixes: ['VERCEL_'], hosts: ['vercel.com'] },
  { service: 'netlify', prefixes: ['NETLIFY_'], hosts: ['netlify.com'] },
  { service: 'sentry', prefixes: ['SENTRY_'], hosts: ['sentry.io'] },
  { service: 'codecov', prefixes: ['CODECOV_'], hosts: ['codecov.io'] },
  { service: 'circleci', prefixes: ['CIRCLECI_', 'CIRCLE_'], hosts: ['circleci.com'] },
] satisfies SecretService[]);

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
  if (lower === 'localhost' || lower.endsWith('.localhost') || /^127\./.test(lower) || lower === '::1') return true;
  if (service.hosts.some((own) => lower === own || lower.endsWith(`.${own}`))) return true;
  return lower.split('.').some((label) => label.includes(service.service));
}
