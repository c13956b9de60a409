/**
 * The one redaction pass (D§12). Everything that leaves the window as text a person may paste
 * into a bug report — the debug dump, `explain --capture` — goes through {@link redact} once.
 *
 * Two layers, applied to every string (object keys included):
 * 1. **Literal secrets**: values the gate knows are secret (the stored API key, environment values
 *    whose names say key/token/secret/password), each replaced wherever it appears, also in its
 *    JSON-escaped and URL-encoded spellings.
 * 2. **Patterns** for secrets with a recognisable shape (provider key prefixes, URL userinfo,
 *    `Authorization`/`Bearer` values, AWS signatures, PEM private keys, `password=`-style pairs).
 *
 * Safety properties:
 * - A failure never leaks: each string is redacted inside its own try, and a string whose
 *   redaction throws becomes the marker, never the raw value.
 * - Every pattern is linear: character classes with single quantifiers, no quantified groups
 *   that can overlap, bounded repeats where a prefix is optional; the PEM block is found with
 *   `indexOf`, not a lazy regex. Tests run each one on 64 KiB adversarial inputs.
 * - It errs towards removing too much: a dump with an extra `<redacted>` is still useful; a
 *   dump with a live key is an incident.
 */

/** What every secret is replaced by. */
export const REDACTED = '<redacted>';

/** Values shorter than this are never treated as literal secrets: they would wipe common words. */
export const MIN_SECRET_LITERAL_LENGTH = 8;

/** Nesting deeper than this is replaced by the marker (a dump is never that deep; a hostile value may be). */
const MAX_DEPTH = 64;

export interface SecretSet {
  /** Exact secret values to remove wherever they appear. */
  literals: readonly string[];
}

/**
 * Does an environment variable's NAME say its value is secret? Matches names with TOKEN, SECRET,
 * PASSWORD/PASSWD/PASSPHRASE, CREDENTIAL, API_KEY/APIKEY, ACCESS_KEY, PRIVATE_KEY anywhere, and
 * names with a `_`-separated part KEY, PAT, PASS, PWD or AUTH (`GPG_KEY`, `MYSQL_PWD`). `PWD` and
 * `OLDPWD` themselves are the shell's working directories, not secrets.
 */
export function isSecretEnvName(name: string): boolean {
  const upper = name.toUpperCase();
  if (upper === 'PWD' || upper === 'OLDPWD') return false;
  if (/TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY/.test(upper)) return true;
  return upper.split(/[^A-Z0-9]+/).some((part) => part === 'KEY' || part === 'PAT' || part === 'PASS' || part === 'PWD' || part === 'AUTH');
}

/**
 * The literal secrets to redact: the values of environment variables whose names look secret,
 * plus `extra` (the stored API key, keys from settings). Values shorter than
 * {@link MIN_SECRET_LITERAL_LENGTH} are ignored; duplicates removed; longest first, so a secret
 * that contains another is replaced whole.
 */
export function collectSecretLiterals(env: Readonly<Record<string, string | undefined>>, extra: readonly string[] = []): string[] {
  const found = new Set<string>();
  const consider = (value: unknown) => {
    if (typeof value !== 'string') return;
    const trimmed = value.trim();
    for (const candidate of [value, trimmed]) {
      if (candidate.length >= MIN_SECRET_LITERAL_LENGTH) found.add(candidate);
    }
  };
  for (const [name, value] of Object.entries(env)) {
    if (isSecretEnvName(name)) consider(value);
  }
  for (const value of extra) consider(value);
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * One redaction pass over any JSON-shaped value: strings (object keys included) are redacted,
 * numbers, booleans and null kept, arrays and objects walked; `toJSON` is honoured as
 * `JSON.stringify` would; functions and symbols are dropped; a cycle or over-deep nesting becomes
 * the marker. Never throws and never returns a raw string it failed to redact.
 */
export function redact(value: unknown, secrets: SecretSet): unknown {
  const literals = expandLiterals(secrets.literals);
  return walk(value, literals, 0, new Set());
}

/** Redacts one string. On any error the whole string becomes {@link REDACTED}. */
export function redactText(text: string, secrets: SecretSet): string {
  return redactString(text, expandLiterals(secrets.literals));
}

function walk(value: unknown, literals: readonly string[], depth: number, seen: Set<object>): unknown {
  try {
    if (typeof value === 'string') return redactString(value, literals);
    if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
    if (typeof value === 'bigint') return redactString(value.toString(), literals);
    if (typeof value !== 'object') return undefined;
    if (depth > MAX_DEPTH || seen.has(value)) return REDACTED;
    const withJson = value as { toJSON?: () => unknown };
    if (typeof withJson.toJSON === 'function') return walk(withJson.toJSON(), literals, depth + 1, seen);
    seen.add(value);
    try {
      if (Array.isArray(value)) return value.map((item) => walk(item, literals, depth + 1, seen) ?? null);
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        let item: unknown;
        try {
          item = walk((value as Record<string, unknown>)[key], literals, depth + 1, seen);
        } catch {
          item = REDACTED;
        }
        if (item === undefined) continue;
        let outKey = redactString(key, literals);
        // Two keys that both redact to the marker must not overwrite each other.
        for (let n = 2; Object.prototype.hasOwnProperty.call(out, outKey); n++) outKey = `${redactString(key, literals)}#${n}`;
        // defineProperty: a `__proto__` key stays a plain key instead of replacing the prototype.
        Object.defineProperty(out, outKey, { value: item, enumerable: true, writable: true, configurable: true });
      }
      return out;
    } finally {
      seen.delete(value);
    }
  } catch {
    return REDACTED;
  }
}

/** Each literal plus the spellings it takes inside JSON text and URLs; longest first. */
function expandLiterals(literals: readonly string[]): string[] {
  const all = new Set<string>();
  for (const literal of literals) {
    if (typeof literal !== 'string' || literal.length === 0) continue;
    all.add(literal);
    try {
      all.add(JSON.stringify(literal).slice(1, -1));
      all.add(encodeURIComponent(literal));
    } catch {
      // A lone surrogate cannot be URL-encoded; the literal itself is still replaced.
    }
  }
  return [...all].sort((a, b) => b.length - a.length);
}

function redactString(text: string, literals: readonly string[]): string {
  try {
    let out = text;
    for (const literal of literals) {
      if (out.includes(literal)) out = out.split(literal).join(REDACTED);
    }
    out = redactPemBlocks(out);
    for (const rule of PATTERN_RULES) out = applyRule(out, rule);
    return out;
  } catch {
    return REDACTED;
  }
}

function applyRule(text: string, rule: PatternRule): string {
  const { pattern, replace } = rule;
  // `replace` with a global pattern starts from index 0 whatever `lastIndex` says.
  return typeof replace === 'string' ? text.replace(pattern, () => replace) : text.replace(pattern, replace);
}

// ── Patterns ───────────────────────────────────────────────────────────────────────────

interface PatternRule {
  /** What it catches, for the docs and the tests. */
  name: string;
  pattern: RegExp;
  replace: string | ((match: string, ...groups: string[]) => string);
}

/** Characters that end a credential in running text, a header, a URL or a quoted argument. */
const TOKEN_CHARS = 'A-Za-z0-9\\-._~+/';
/** Not preceded by a character that would make the prefix the tail of a longer word. */
const START = '(?<![A-Za-z0-9_\\-])';

/**
 * Redaction patterns, applied in order to each string after the literals. Each is a prefix or
 * a keyword followed by one character class with one quantifier.
 */
export const PATTERN_RULES: readonly PatternRule[] = [
  {
    // https://user:pass@host → https://<redacted>@host; also a bare token as the user.
    name: 'url-userinfo',
    pattern: /\b([A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/)[^\s/?#"'`<>]+@/g,
    replace: (_m, scheme: string) => `${scheme}${REDACTED}@`,
  },
  {
    // Digest credentials quote their parameters, so they run to the end of the line (or a shell quote).
    name: 'digest-credentials',
    pattern: /\b(Digest[ \t]+)(username=[^\r\n'`]*)/gi,
    replace: (_m, head: string) => `${head}${REDACTED}`,
  },
  {
    // Authorization: Basic …, Proxy-Authorization: …, "authorization": "…" (also inside JSON text
    // that is itself a JSON string, where quotes arrive as \") — the value to the end of the line or quote.
    name: 'authorization-header',
    pattern: /\b((?:proxy-)?authorization(?:\\{0,4}["'])?[ \t]*[:=][ \t]*(?:\\{0,4}["'])?)[^\s"'`\\][^\r\n"'`]*/gi,
    replace: (_m, head: string) => `${head}${REDACTED}`,
  },
  {
    // Bearer <token>, wherever it appears. A plain lowercase word after "bearer" is prose, not a token.
    name: 'bearer',
    pattern: new RegExp(`\\b(bearer[ \\t]+)([${TOKEN_CHARS}]{8,}=*)`, 'gi'),
    replace: (match: string, head: string, token: string) => (/^[a-z]{8,19}$/.test(token) ? match : `${head}${REDACTED}`),
  },
  {
    // OpenAI and compatible (sk-…, sk-proj-…, sk-ant-…).
    name: 'sk-key',
    pattern: new RegExp(`${START}sk-[A-Za-z0-9_\\-]{16,}`, 'g'),
    replace: REDACTED,
  },
  {
    // Stripe-style live/test keys (sk_live_…, rk_test_…).
    name: 'stripe-key',
    pattern: new RegExp(`${START}(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}`, 'g'),
    replace: REDACTED,
  },
  {
    // GitHub tokens: ghp_ (classic), gho_ (OAuth), ghs_ (app server), ghu_, ghr_.
    name: 'github-token',
    pattern: new RegExp(`${START}gh[pousr]_[A-Za-z0-9]{20,}`, 'g'),
    replace: REDACTED,
  },
  {
    name: 'github-fine-grained-pat',
    pattern: new RegExp(`${START}github_pat_[A-Za-z0-9_]{20,}`, 'g'),
    replace: REDACTED,
  },
  {
    name: 'gitlab-pat',
    pattern: new RegExp(`${START}glpat-[A-Za-z0-9_\\-]{20,}`, 'g'),
    replace: REDACTED,
  },
  {
    name: 'google-api-key',
    pattern: new RegExp(`${START}AIza[A-Za-z0-9_\\-]{30,}`, 'g'),
    replace: REDACTED,
  },
  {
    name: 'xai-key',
    pattern: new RegExp(`${START}xai-[A-Za-z0-9_\\-]{20,}`, 'g'),
    replace: REDACTED,
  },
  {
    // Slack bot, user, app and refresh tokens.
    name: 'slack-token',
    pattern: new RegExp(`${START}xox[abposr]-[A-Za-z0-9\\-]{10,}`, 'g'),
    replace: REDACTED,
  },
  {
    name: 'huggingface-token',
    pattern: new RegExp(`${START}hf_[A-Za-z0-9]{30,}`, 'g'),
    replace: REDACTED,
  },
  {
    name: 'npm-token',
    pattern: new RegExp(`${START}npm_[A-Za-z0-9]{30,}`, 'g'),
    replace: REDACTED,
  },
  {
    // AWS access key ids (long-term AKIA…, temporary ASIA…).
    name: 'aws-access-key-id',
    pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g,
    replace: REDACTED,
  },
  {
    // Presigned-URL and header signatures: X-Amz-Signature=, X-Amz-Credential=, X-Amz-Security-Token=, Signature=, Azure sig=.
    name: 'aws-signature',
    pattern: /\b(X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token|Signature|sig)=[^\s&"'`<>,]+/gi,
    replace: (_m, name: string) => `${name}=${REDACTED}`,
  },
  {
    // JSON Web Tokens (three base64url parts, the first two JSON objects).
    name: 'jwt',
    pattern: new RegExp(`${START}eyJ[A-Za-z0-9_\\-]{8,}\\.eyJ[A-Za-z0-9_\\-]{8,}\\.[A-Za-z0-9_\\-]{8,}`, 'g'),
    replace: REDACTED,
  },
  {
    // password=…, "api_key": "…", GITHUB_TOKEN=…, client_secret: … — the value after the keyword.
    name: 'secret-assignment',
    pattern: /(password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key)((?:\\{0,4}["'])?[ \t]*[:=][ \t]*(?:\\{0,4}["'])?)[^\s"'`&,;<>]{4,}/gi,
    replace: (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`,
  },
];

const PEM_BEGIN = '-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----';

/**
 * Replaces PEM private key blocks (`-----BEGIN … PRIVATE KEY-----` to the matching END line) with
 * the marker. An unterminated block is redacted to the end of the string: a truncated key is
 * still a key. Found with `indexOf`, so many unterminated BEGIN lines stay linear.
 */
function redactPemBlocks(text: string): string {
  if (!text.includes('PRIVATE KEY')) return text;
  let out = '';
  let from = 0;
  const beginLine = new RegExp(PEM_BEGIN, 'g');
  for (let begin = beginLine.exec(text); begin; begin = beginLine.exec(text)) {
    out += text.slice(from, begin.index);
    const end = text.indexOf('-----END ', begin.index + begin[0].length);
    const close = end < 0 ? -1 : text.indexOf('-----', end + 9);
    if (close < 0) {
      return `${out}${REDACTED}`;
    }
    out += REDACTED;
    from = close + 5;
    beginLine.lastIndex = from;
  }
  return out + text.slice(from);
}
