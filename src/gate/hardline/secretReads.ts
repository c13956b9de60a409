/**
 * Commands that print a secret by what their words say, whatever the program (D§5;
 * docs/decisions.md "Secrets asked for by name: stores, settings and code"). The `credentials`
 * forms of the program table say it for the programs they know (`gh auth token`); these rules say
 * it from words whose meaning is fixed across programs, so a store, a setting or a library the
 * table has never seen is read too:
 *
 * - **a store asked for an entry**: a program or verb word that names a secret store (`keyring`,
 *   `keychain`, `vault`, `secrets`, `credential-manager`, `git-credential-NAME`) followed by a
 *   reading verb (`get`, `show`, `read`, `lookup`, `fill`, `export` …): `keyring get URL NAME`,
 *   `git credential-manager get`, `frob vault read kv/app`, `frob vault kv get app` (one plain word
 *   between);
 * - **a setting whose name is a secret, read**: a configuration verb (`config`, `configure`,
 *   `settings`) reading a key (`get KEY`, `--get KEY`, or a single key alone) whose last part
 *   names a token, password, secret or key: `npm config get //registry.npmjs.org/:_authToken`,
 *   `aws configure get aws_secret_access_key`, `git config --get sendemail.smtpPass`;
 * - **code that calls a secret getter**: inline code (a word of an interpreter, or of a program
 *   the table cannot place) that calls a function named as reading a secret
 *   (`keyring.get_password(…)`, `keytar.getPassword(…)`, `get_secret_value(…)`).
 *
 * What is left out: a store's listing verbs (`list`, `ls`, `status`: names, not values), a
 * setting written (`config set KEY VALUE`), code that only names a getter without calling it.
 */
import type { SegmentRecord } from '../programs/segmentRecord';
import { leavesWordsUnplaced, rowFor } from '../programs/table';
import { commandName, literalText } from './commandName';

/** A word that names a place keeping secrets. */
const STORE_WORD = /(?:^|[-_.])(?:key-?rings?|key-?chains?|vaults?|secrets?|credentials?|creds|passwords?|password-?store|tokens?)(?:$|[-_.])/i;

/** Verbs that hand back an entry's value. */
const READ_VERB = /^(?:get|show|read|cat|fill|lookup|find|print|export|dump|reveal|decrypt|view|fetch|retrieve|access|value|output|get-[a-z-]+|find-[a-z-]+)$/i;

/** Configuration verbs, and their reading verbs. */
const CONFIG_VERB = /^(?:config|configure|conf|settings|setting)$/i;
const CONFIG_READ = /^(?:get|--get|--get-all|get-value|show|view|print|read)$/i;

/** The last part of a key (`//registry.npmjs.org/:_authToken` → `_authToken`, `http-basic.pypi.password` → `password`). */
function keyTail(key: string): string {
  const parts = key.split(/[./:\\]+/).filter((part) => part !== '');
  return parts[parts.length - 1] ?? key;
}

/** A key's last part names a secret (camel case read as words: `npmAuthToken`, `_authToken`). */
const SECRET_KEY = /(?:^|[-_])(?:auth-?token|token|access-?token|api-?token|password|passwd|pass|secret|secret-?key|secret-?access-?key|private-?key|api-?key|client-?secret|auth)(?:$|[-_])/i;

function dashed(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/**
 * A call of a function whose name reads a secret: a reading verb then a secret's name, in snake,
 * camel or kebab case, right before `(` (`get_password(`, `getPassword(`, `get-secret-value(`).
 */
const SECRET_GETTER_CALL = /(?:^|[^A-Za-z0-9_])(?:get|read|load|fetch|find|lookup|retrieve|reveal|decrypt|export|dump)[-_]?(?:generic[-_]?|internet[-_]?|stored[-_]?)?(?:password|passwd|secret|credential|token|api[-_]?key|private[-_]?key)s?(?:[-_]?value)?\s*\(/i;

/** Most characters of a word read for a getter call. */
const MAX_CODE = 16 * 1024;

/**
 * What the command prints, described, when its words ask for a secret by name; null otherwise.
 * `record`: the command, wrappers peeled by the record.
 */
export function secretAskedByName(record: SegmentRecord): string | null {
  const argv = record.inside.argv;
  const first = argv[0];
  if (first === undefined || first.kind !== 'literal') return null;
  const name = commandName(first)?.name ?? first.value;
  // The verbs: words before the first operand that is no plain word (up to four).
  const words: string[] = [name];
  for (let k = 1; k < argv.length && words.length < 6; k++) {
    const text = literalText(argv[k]);
    if (text === null) break;
    if (text.startsWith('-')) {
      if (CONFIG_READ.test(text)) words.push(text);
      continue;
    }
    words.push(text);
  }
  for (let k = 0; k + 1 < words.length; k++) {
    const word = words[k]!;
    if (/^[A-Za-z][A-Za-z0-9._-]*$/.test(word) && STORE_WORD.test(dashed(word)) && (READ_VERB.test(words[k + 1]!) || (k + 2 < words.length && /^[a-z]+$/.test(words[k + 1]!) && READ_VERB.test(words[k + 2]!)))) {
      return `what ${words.slice(0, READ_VERB.test(words[k + 1]!) ? k + 2 : k + 3).join(' ')} prints (an entry of a secret store, asked by name)`;
    }
  }
  const config = words.findIndex((word, k) => k <= 2 && CONFIG_VERB.test(word));
  if (config !== -1) {
    const rest = words.slice(config + 1);
    const reads = rest.length > 0 && CONFIG_READ.test(rest[0]!);
    const keys = reads ? rest.slice(1) : rest.length === 1 ? rest : [];
    const secret = keys.find((key) => SECRET_KEY.test(dashed(keyTail(key))));
    if (secret !== undefined) return `what ${words.slice(0, config + 1).join(' ')} prints of ${secret} (a setting named as a secret)`;
  }
  // Code: an interpreter's words, or those of a program the table cannot place.
  const row = rowFor(name);
  if (row !== null && row.category !== 'interpreter' && row.category !== 'shell' && !leavesWordsUnplaced(record.inside.forms)) return null;
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]) ?? argv[k]!.raw;
    if (text.length > MAX_CODE || !text.includes('(')) continue;
    const call = SECRET_GETTER_CALL.exec(text);
    if (call !== null) return `what ${name}'s code prints (it calls ${call[0].replace(/^[^A-Za-z]/, '').replace(/\s*\($/, '')}, a secret getter)`;
  }
  return null;
}
