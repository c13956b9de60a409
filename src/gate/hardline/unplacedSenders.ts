/**
 * Programs the table cannot place, taken at their worst as senders of the credentials they are
 * handed (D§5; docs/decisions.md "A program the gate cannot place sends the credentials it is
 * handed"). A program without a row, or whose row cannot place every word, may be an upload
 * client of any cloud (`frob obj put ~/.aws/credentials bucket`), so:
 *
 * - a credential path it is given as data is sent: an operand after its subcommand words
 *   (`frob bucket put PATH`; a first operand with no verb before it, `frob PATH`, is how viewers
 *   and editors are called and is not read), or the value of an option whose name says data
 *   (`--file`, `--dir`, `--data`, `--upload` …). Such a path counts at its worst (a home's
 *   configuration and state: `~/.oci/config`). Any other option's value counts when it is a
 *   credential for certain, unless the option's name says the file is the program's own identity
 *   or configuration (`--kubeconfig`, `--config`, `-i`, `--identity`, `--key`, `--credentials`,
 *   `--profile` …): that is a credential used, not sent;
 * - a credential's content it is given is sent: a substitution that reads one (`K="$(cat
 *   ~/.ssh/id_ed25519)"`) in any word but a using option's value, and its standard input read from
 *   a credential file or piped from a command that reads or prints one, when it has words
 *   besides options (`frob server ssh web-1`; `frob -q` alone is a filter at best).
 *
 * A program whose verb words name a secret (`frob iam oauth-tokens`, `frob get-password`) prints
 * it at its worst: {@link secretNamedVerb}.
 */
import type { Word } from '../reading/resolution';
import type { SegmentRecord } from '../programs/segmentRecord';
import { leavesWordsUnplaced, rowFor } from '../programs/table';
import { commandName, literalText } from './commandName';

/** Option names that say their value is the program's own identity or configuration: used, not sent. */
const USE_OPTION = /(?:^|-)(?:kube)?config(?:-file|-dir|-path)?$|identity|(?:^|-)keys?(?:-?file|-?path)?$|cred|cert|auth|profile|token|secret|pass|login|kube|ssh|keyring|keychain|account|(?:^|-)(?:ca|tls)(?:-|$)/i;

/** Option names that say their value is data the program sends (or reads to send). */
const SEND_OPTION = /^(?:file|files|dir|directory|data|data-binary|post-file|put-file|body|content|contents|attach|attachment|upload|upload-file|source|src|from-file|input|in|payload|path|archive|local-path|local-file|publish-dir|folder)$/i;

/**
 * Short options whose value is the program's own key or configuration: `-i KEY`, `-k`, `-c FILE`,
 * `-F CONFIG`. Others (`-p`, `-u`, `-a`: a put, an upload, an attachment as often as a password or a
 * user) are read as the operand their value may be.
 */
const USE_SHORT = new Set(['i', 'k', 'K', 'c', 'C', 'F']);

/**
 * Verbs that say the operands after them are sent somewhere (`obj put PATH`, `deploy DIR`; an
 * object or secret made from a file, `object create CONTAINER PATH`, is its upload).
 */
const SEND_VERB = /^(?:put|push|upload|send|deploy|publish|share|cp|copy|sync|post|submit|transfer|attach|mirror|import|set|add|create|store)$/i;

/**
 * Verbs that publish a package or a release, built from the folder the program runs in whatever
 * files it names (`vsce publish`, `twine upload dist/*`, `surge deploy`).
 */
const PUBLISH_VERB = /^(?:publish|upload|release|deploy)$/i;

/**
 * An unplaced program whose first verb publishes ({@link PUBLISH_VERB}): at its worst what it
 * uploads is built from the whole workspace (docs/decisions.md "A home sent whole, a credential
 * published with the workspace").
 */
export function publishesAtWorst(record: SegmentRecord): boolean {
  if (!isUnplaced(record)) return false;
  const argv = record.inside.argv;
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === null) return false;
    if (text.startsWith('-')) continue;
    return PUBLISH_VERB.test(text);
  }
  return false;
}

/**
 * A program name that ends in a sending verb (`megaput`, `ftpput`, `wput`, `s3upload`, `nc-send`):
 * the name says what it does to its operands. `input` and `output` are no verbs, at the end of a
 * name either (`Write-Output`, `read-input`).
 */
const SENDING_NAME = /^(?![a-z0-9_.-]*(?:in|out|through)put$)[a-z0-9_.-]*(?:put|push|upload|send|post|publish|share)$/i;

/**
 * A subcommand word that names a secret the command prints at worst: tokens, passwords, keys, and
 * what stands for them (Kerberos-style `tickets`, password hashes, browser `cookies` and `logins`), and a verb that exports or dumps keys (`export-key`: a repository's or a store's
 * own key, whatever it is called).
 */
const SECRET_WORD = /(?:^|[-_:])(?:(?:pre-?)?auth-?keys?|(?:oauth-?|access-?|auth-?|api-?|bearer-?|id-?)?tokens?|secrets?|passwords?|passwd|credentials?|creds|api-?keys?|access-?keys?|private-?keys?|tickets|pass(?:word)?-?hashes|cookies|keychains?|logins|(?:export|dump)-(?:secret-|private-|symmetric-)?keys?)(?:$|[-_:])/i;

/** An option that asks for something shown or dumped: `--show-…`, `-DumpCreds` (dashed: `-dump-creds`). */
const SHOWING_OPTION = /^-{1,2}(?:dump|show|print|export|expose|reveal|get|list|display|extract|decrypt)-/;

/** A camel-case word with its parts dashed and lower-cased (`DumpCreds` → `dump-creds`). */
function dashed(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The program a command runs cannot be placed by the table: no row, or words its row cannot place. */
export function isUnplaced(record: SegmentRecord): boolean {
  const first = record.inside.argv[0];
  if (first === undefined || first.kind !== 'literal') return false;
  const name = commandName(first)?.name ?? first.value;
  return rowFor(name) === null || leavesWordsUnplaced(record.inside.forms);
}

/** How a word of an unplaced program's argv is read for what it may send. */
export interface UnplacedWords {
  /**
   * Words that are data it sends: operands after a sending verb, values of options that name
   * data. Credential paths there count at their worst.
   */
  sent: Word[];
  /** Other operands after a verb, and words after an option it cannot place: a credential for certain there counts. */
  other: Word[];
  /** Whether it has words besides options (a verb or an operand). */
  hasOperands: boolean;
}

/** Sorts the words of an unplaced program (argv[0] its name) by {@link UnplacedWords}. */
export function unplacedWords(argv: readonly Word[]): UnplacedWords {
  const sent: Word[] = [];
  const other: Word[] = [];
  // A program named for sending (`megaput`, `ftpupload`, `s3-push`) is its own sending verb: its
  // operands are sent, as after `put` (docs/decisions.md "A program named for sending").
  const sendingName = SENDING_NAME.test(commandName(argv[0])?.name ?? '');
  // A PowerShell cmdlet's name (`Get-Content`, `Invoke-WebRequest`): its parameters have one dash.
  const cmdlet = /^[A-Za-z]+-[A-Za-z]+$/.test(literalText(argv[0]) ?? '');
  let verbSeen = sendingName;
  let sendVerb = sendingName;
  let hasOperands = false;
  // Values of options that name the program's own identity or configuration: used, not sent.
  const used = new Set<number>();
  // Operands before any verb: paths in a home or from the root, and any other word.
  const loose: Word[] = [];
  const bare: Word[] = [];
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    const text = literalText(word);
    if (text === null || !text.startsWith('-') || text === '-' || text === '--') {
      if (text === '--') continue;
      hasOperands = true;
      // A literal word with no path in it before any operand is a verb (`obj`, `put`, `deploy`).
      if (text !== null && /^[A-Za-z][A-Za-z0-9:_-]*$/.test(text) && (!verbSeen || (sent.length === 0 && other.length === 0))) {
        verbSeen = true;
        sendVerb ||= SEND_VERB.test(text);
        continue;
      }
      if (verbSeen) (sendVerb ? sent : other).push(word);
      // Before any verb (`surge ~/.aws DOMAIN`, `obexftp -b MAC -p ~/.ssh/id_x`): a path in a home
      // or from the root counts as a credential for certain would after a verb when the program is
      // handed something else too (where it may send it); alone with flags (`subl FILE`) it is a
      // viewer's or an editor's file. A file of the project named for a secret (`cipher /c
      // secrets.txt`) is how local tools are called, and is not read (docs/decisions.md
      // "Credentials handed to a program without a row, and what carries them").
      else if (text === null) other.push(word);
      else if (/^(?:~|\/|"?\$\{?HOME\b)/.test(word.raw)) loose.push(word);
      else bare.push(word);
      continue;
    }
    // Go's flag package spells long options with one dash, in lower case (`-data FILE`, `-file=F`):
    // a data option so spelled is read as its two-dash form. PowerShell's parameters (`Get-Content
    // -Path F`) name what a cmdlet reads, and are not.
    const goStyle = !text.startsWith('--') && !cmdlet && /^-[a-z][a-z0-9-]{2,}(?:=|$)/.test(text) && SEND_OPTION.test(text.slice(1).split('=')[0]!);
    if (text.startsWith('--') || goStyle) {
      const eq = text.indexOf('=');
      const name = text.slice(goStyle ? 1 : 2, eq === -1 ? undefined : eq);
      const send = SEND_OPTION.test(name);
      const use = !send && USE_OPTION.test(name);
      if (eq !== -1) {
        const value: Word = { kind: 'literal', value: text.slice(eq + 1), raw: text.slice(eq + 1) };
        if (!use) (send ? sent : other).push(value);
        continue;
      }
      // Whether an option it cannot place takes a value is unknown: the next word is then read
      // as the operand it may be (`--acl-public PATH bucket`).
      if (!send && !use) continue;
      const next = argv[k + 1];
      const nextText = next === undefined ? null : literalText(next);
      if (next === undefined || (nextText !== null && nextText.startsWith('-'))) continue;
      k++;
      if (send) sent.push(next);
      else used.add(k);
      continue;
    }
    // `-i KEY`, `-c FILE`: a short option that names the program's own key or configuration
    // skips its value; any other short option's next word is read as the operand it may be.
    if (text.length !== 2 || !USE_SHORT.has(text[1]!)) continue;
    const next = argv[k + 1];
    const nextText = next === undefined ? null : literalText(next);
    if (next !== undefined && !(nextText !== null && nextText.startsWith('-'))) used.add(++k);
  }
  if (loose.length > 1 || bare.length > 0) other.push(...loose);
  // A word that is itself text of commands (`weechat -r '/join #x;/exec -o cat ~/.aws/credentials'`):
  // the paths in it are handed to the program too, each counting as a credential for certain would;
  // a key named as an identity (`ssh -i KEY`, `IdentityFile=KEY`) is used, not sent.
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === null || !/[\s;]/.test(text) || text.length > 4096) continue;
    for (const match of text.matchAll(/(^|[\s;,=(])((?:~|\$\{?HOME\}?)?\/[^\s;,'"()]+)/g)) {
      const before = text.slice(0, match.index + match[1]!.length);
      if (/(?:^|\s)(?:-[ik]|--identity(?:-file)?|-o\s*IdentityFile)\s*=?\s*$|IdentityFile\s*=?\s*$/i.test(before)) continue;
      other.push({ kind: 'literal', value: match[2]!, raw: match[2]! });
    }
  }
  // A word that names another machine (a URL, `user@host`, an address, a host name) makes the
  // program a client of that machine: every operand and every option's value it is given is sent
  // at its worst, verb or none (`ftpput HOST /dir ~/.aws`, `frob -h broker.example.com -f PATH`).
  if (argv.slice(1).some((word) => namesAnotherMachine(literalText(word)))) {
    for (let k = 1; k < argv.length; k++) {
      const word = argv[k]!;
      const text = literalText(word);
      if (used.has(k) || (text !== null && (text.startsWith('-') || namesAnotherMachine(text)))) continue;
      if (!sent.includes(word) && !other.includes(word)) sent.push(word);
    }
  }
  return { sent: sent.map(fileUrlPath), other: other.map(fileUrlPath), hasOperands };
}

/**
 * A `file://` URL names a file of this machine, and the AWS CLI's `file://P` and `fileb://P`
 * parameters (`~` expanded) are P's content: the word read as the path it names.
 */
function fileUrlPath(word: Word): Word {
  const text = literalText(word);
  const match = text === null ? null : /^fileb?:\/\/(?:localhost(?=\/))?([~/].*)$/i.exec(text);
  return match === null ? word : { kind: 'literal', value: match[1]!, raw: match[1]! };
}

/** The files a command's `file://` words and `--opt=file://…` values name (see {@link fileUrlPath}). */
export function fileUrlWords(argv: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (const word of argv.slice(1)) {
    // `@PATH`: the file's content as the value (`consul kv put KEY @FILE`, `az … --body @FILE`, curl's `-d @FILE`).
    if (/^@(?:~|\/|"?\$\{?HOME\b)/.test(word.raw)) {
      out.push(word.kind === 'literal' ? { kind: 'literal', value: word.value.slice(1), raw: word.raw.slice(1) } : { ...word, raw: word.raw.slice(1) });
      continue;
    }
    const text = literalText(word);
    if (text === null) continue;
    const value: Word = text.startsWith('--') && text.includes('=') ? { kind: 'literal', value: text.slice(text.indexOf('=') + 1), raw: text.slice(text.indexOf('=') + 1) } : word;
    const path = fileUrlPath(value);
    if (path !== value) out.push(path);
  }
  return out;
}

/**
 * The program sends the words it is handed at its worst: it cannot be placed ({@link isUnplaced}),
 * or it is a cloud provider's client, every call of which sends its parameters to the provider's
 * service (`gcloud pubsub topics publish T --message="$(cat KEY)"`, `aws sqs send-message
 * --message-body file://KEY`): docs/decisions.md "A cloud client sends what it is handed".
 */
export function sendsWordsAtWorst(record: SegmentRecord): boolean {
  if (isUnplaced(record)) return true;
  const first = record.inside.argv[0];
  if (first === undefined || first.kind !== 'literal') return false;
  return rowFor(commandName(first)?.name ?? first.value)?.category === 'cloud';
}

/** Generic and special-use top-level names a host name ends with, as written in commands. */
const HOST_SUFFIXES = /\.(?:com|org|net|io|dev|example|internal|local|lan|corp|home|cloud|edu|gov|info|biz|co|me|us|uk|de|fr|eu|xyz|site|online|tech|ai|test|invalid|localhost)\.?(?::\d+)?$/i;

/**
 * The text names another machine: a URL with a host (`ftp://h/`, `https://…`), `user@host`
 * (with or without `:path`), an IPv4 address (with a port), or a dotted name ending with a
 * top-level name hosts use (`ftp.example.org`, `broker.example.com:1883`). A file name with
 * an extension (`app.tar.gz`, `notes.md`) is none: only names the suffix list knows count.
 */
export function namesAnotherMachine(text: string | null): boolean {
  if (text === null || text === '' || text.startsWith('-') || text.includes('/') && !text.includes('://') && !/^[^/]*@[^/]*:/.test(text)) {
    return text !== null && /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]/.test(text) && !/^(?:file|unix|fd|data):/i.test(text);
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]/.test(text)) return !/^(?:file|unix|fd|data):/i.test(text);
  if (/^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]+(?::.*)?$/.test(text) || /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+:/.test(text)) return true;
  if (/^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?$/.test(text)) return !/^127\./.test(text);
  return /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+\.?(?::\d+)?$/.test(text) && HOST_SUFFIXES.test(text);
}

/**
 * The verb words of an unplaced program that name a secret it prints (`ibm iam oauth-tokens`,
 * `frob auth print-token`), or null. Only words before the first word that is no verb.
 */
export function secretNamedVerb(record: SegmentRecord): string | null {
  if (!isUnplaced(record)) return null;
  return secretVerbWords(record.inside.argv) ?? readsNamedSecret(record.inside.argv);
}

/** {@link secretNamedVerb}'s reading of the verb words and switches. */
function secretVerbWords(argv: readonly Word[]): string | null {
  // The program's own name when it is a verb and what it acts on (`Get-PassHashes`, `dump-creds`).
  // Read as written (its case marks the words of a camel-case name), without its folder.
  const written = literalText(argv[0]);
  const name = written === null ? null : written.slice(written.lastIndexOf('/') + 1);
  if (name !== null && /^[A-Za-z]+[-_]/.test(name) && SECRET_WORD.test(dashed(name.replace(/^[A-Za-z]+[-_]/, '-')))) return commandName(argv[0])?.name ?? name;
  for (let k = 1; k < argv.length && k <= 4; k++) {
    const text = literalText(argv[k]);
    if (text === null) return null;
    // A switch that asks for the secrets (`-DumpCreds`, `--show-token`, `--export-secrets`).
    if (SHOWING_OPTION.test(dashed(text)) && SECRET_WORD.test(dashed(text).replace(SHOWING_OPTION, '-'))) return text;
    if (text.startsWith('-')) continue;
    // A key or an entry's address whose last part names a secret (`settings.kubernetes.bootstrap-token`,
    // `pass://Personal/aws/password`): the value at that key is the secret.
    if (/^(?!(?:https?|ftps?|file|wss?):)[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+$|^[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)+$/.test(text) && SECRET_WORD.test(dashed(text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf('.')) + 1)))) return text;
    if (!/^[A-Za-z][A-Za-z0-9:_-]*$/.test(text)) return null;
    // A camel-case verb is read by its parts (`GetPassword` is `get-password`).
    if (SECRET_WORD.test(text) || SECRET_WORD.test(dashed(text))) return text;
    // A tool's whole configuration exported (`frob config export`, and in one word as PaaS clients
    // spell it, `frob config:export`): its servers' tokens and passwords at worst.
    if (/^(?:dump|export)$/.test(text) && /^(?:config|configuration|settings)$/.test(literalText(argv[k - 1]) ?? '')) return `${literalText(argv[k - 1])} ${text}`;
    if (/^(?:config|configuration|settings|env)[:_-](?:dump|export)$/i.test(text)) return text;
  }
  // A switch that asks for the secret anywhere among the words (`acr login -n reg --expose-token`).
  for (let k = 5; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text !== null && SHOWING_OPTION.test(dashed(text)) && SECRET_WORD.test(dashed(text).replace(SHOWING_OPTION, '-'))) return text;
  }
  return null;
}

/** A verb that hands back what an entry holds (`get`, `show`, `read`, `export` …). */
const READING_VERB = /^(?:get|show|read|cat|print|reveal|export|dump|view|fetch|retrieve|lookup|value|output|decrypt|open|copy)$/i;

/**
 * An unplaced program whose first verb reads an entry and whose words name the secret asked for
 * (docs/decisions.md "Secret stores by their verbs and words"): an option named for it, a switch as
 * often as not (`keecli get github --password`, `frob show item --secret`), or an entry whose last
 * part names it (`ent get something/password`, `frob read prod/db/api-token`). A password manager's
 * or a secret store's client the table has no row for prints the secret at its worst; `list`,
 * `status` and the like name no entry's value, and are not read.
 */
function readsNamedSecret(argv: readonly Word[]): string | null {
  let verb: string | null = null;
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === null) continue;
    if (verb === null) {
      // Before the verb: options, and their values (a path, a file: `--db x.kdbx show …`).
      if (text.startsWith('-')) continue;
      if (READING_VERB.test(text)) verb = text;
      else if (/^[A-Za-z][A-Za-z0-9-]*$/.test(text)) return null;
      continue;
    }
    const option = /^--?([A-Za-z][A-Za-z0-9-]*)$/.exec(text);
    const secret = option !== null ? SECRET_WORD.test(dashed(option[1]!)) : /\/[^/]+$/.test(text) && !text.includes('://') && SECRET_WORD.test(dashed(text.slice(text.lastIndexOf('/') + 1)));
    if (secret) return `${verb} ${text}`;
  }
  return null;
}
