/**
 * The services whose credentials have fixed hosts: one row a service, read by the credential floor
 * for secret-named variables (hardline/secretVariables.ts) and by the rows whose forms print such a
 * credential (`gh auth token`, `doctl auth token`, `heroku auth:token`, `fly auth token`), so the
 * hosts a token is made for live in one place (docs/decisions.md "Secret-named variables sent to a
 * host they are not for").
 */
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
  { service: 'fly', prefixes: ['FLY_'], hosts: ['fly.io', 'fly.dev'] },
  // VS Code's marketplace takes an Azure DevOps personal access token; Open VSX its own.
  { service: 'vsce', prefixes: ['VSCE_', 'AZURE_DEVOPS_', 'ADO_'], hosts: ['marketplace.visualstudio.com', 'visualstudio.com', 'dev.azure.com', 'vsassets.io'] },
  { service: 'ovsx', prefixes: ['OVSX_', 'OPEN_VSX_'], hosts: ['open-vsx.org'] },
] satisfies SecretService[]);

/** The hosts (and their subdomains) a service's credentials are made for. */
export function serviceHosts(service: string): readonly string[] {
  const row = SECRET_SERVICES.find((candidate) => candidate.service === service);
  if (row === undefined) throw new Error(`no secret service named ${service}`);
  return row.hosts;
}
