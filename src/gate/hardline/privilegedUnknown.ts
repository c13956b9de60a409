/**
 * A program the gate cannot read, run with raised rights, that says it destroys (D§5 "Positive
 * knowledge"; docs/decisions.md "A program the gate cannot read, run as root, that says it
 * destroys"). No row says what `sudo purevol destroy vol1`, `sudo vxdg destroy datadg` or
 * `sudo mmdelfs gpfs0 -p` touches; run as root with a word that says it destroys, wipes, erases,
 * formats or ends the machine's power, the worst it can do is the machine's storage or power, and
 * the floor takes it so. Without raised rights such a word stays the other arms' (a protected
 * root given, a device named): everyday tools clean and delete their own things.
 *
 * Two words say it with or without raised rights: erasing (`erase`, `wipe`, `zeroize`, a factory
 * reset: {@link checkUnplacedEraser}) and deleting a user account ({@link checkUnplacedAccountDeleter}).
 */
import { privilegeWrapper } from '../programs/writeTargets';
import type { SegmentRecord } from '../programs/segmentRecord';
import { hardlineFinding, type HardlineArm, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { AFTER_POWER, asksHowUsed } from './hostPower';
import { tokens, unplaced } from './protectedTrees';

/**
 * The words that say so, with the arm each belongs to. Read in the program's name and in words
 * that are no option, and as a long option's whole name (`--destroy`); not `remove`, `delete` or
 * `clean` (package and cache removal as root is everyday), and not `--format` (an output format).
 */
const DESTROYING: Readonly<Record<string, HardlineArm>> = {
  destroy: 'recursive-delete-root',
  eradicate: 'recursive-delete-root',
  obliterate: 'recursive-delete-root',
  nuke: 'recursive-delete-root',
  wipe: 'raw-device-write',
  erase: 'raw-device-write',
  zap: 'raw-device-write',
  shred: 'raw-device-write',
  zeroize: 'raw-device-write',
  sanitize: 'raw-device-write',
  format: 'mkfs',
  reformat: 'mkfs',
  poweroff: 'shutdown',
  reboot: 'shutdown',
  halt: 'shutdown',
  shutdown: 'shutdown',
  fence: 'shutdown',
};


/** The destroying word among these texts (program name first), or null. */
function destroyingWord(name: string, texts: ReadonlyArray<string | null>): string | null {
  const said: string[] = [...tokens(name)];
  for (const text of texts) {
    if (text === null || text.length > 64) continue;
    if (text.startsWith('--')) {
      const option = text.slice(2).split('=')[0]!.toLowerCase();
      if (Object.prototype.hasOwnProperty.call(DESTROYING, option) && option !== 'format') return option;
      continue;
    }
    if (!text.startsWith('-')) said.push(...tokens(text));
  }
  for (let k = 0; k < said.length; k++) {
    const token = said[k]!;
    if (Object.prototype.hasOwnProperty.call(DESTROYING, token)) return token;
    if (token === 'power' && AFTER_POWER.has(said[k + 1] ?? '')) return 'poweroff';
  }
  return null;
}

/**
 * Words that say a store's content is destroyed, whoever runs the program: erasing, wiping and
 * zeroizing are what a flash chip, a disk, a phone's data partition or an appliance's
 * configuration undergo, and no everyday command of a program without a row says them (D§5 "Raw
 * disks"; docs/decisions.md "A program the gate cannot read that says it erases"). A word made of
 * one and what it erases (`masserase`, `chiperase`, `eraseall`, `erase_flash`) says it too.
 */
const ERASING = /^(?:(?:mass|chip|page|sector|bulk|full|secure|flash|block|factory)?erase(?:all|chip|flash)?|wipe|wipeall|wipedata|zap|shred|zeroize|zeroise|sanitize)$/;

/**
 * The erasing word among these texts (program name first), or null: {@link ERASING}, or a reset to
 * the factory's state (`restore-default`, `factory-reset`). A name that says it erases and is
 * handed a path (`wipe -f ./scratch/dump.bin`) erases that path: what such a path is stays the
 * deletion arms'.
 */
function erasingWord(name: string, texts: ReadonlyArray<string | null>): string | null {
  const givenPath = texts.some((text) => text !== null && !text.startsWith('-') && /[/~.]/.test(text));
  const said: string[] = givenPath ? [] : [...tokens(name)];
  for (const text of texts) {
    if (text === null || text.length > 64) continue;
    // A switch turned off says it does not (`erase=false`, `--wipe=no`).
    if (/=(?:false|no|off|0|n)$/i.test(text)) continue;
    if (text.startsWith('--')) {
      const option = text.slice(2).split('=')[0]!.toLowerCase();
      said.push(option, ...(option.includes('-') ? tokens(option) : []));
    } else if (!text.startsWith('-') && !/[./]/.test(text)) {
      // A file or a path (`defaults.json`, `./dump.bin`) is what the program is handed, not what it says.
      said.push(...tokens(text));
    }
  }
  const word = said.find((token) => ERASING.test(token));
  if (word !== undefined) return word;
  // A reset to the factory's state erases what the device holds (`syswrapper.sh restore-default`,
  // `frob factory-reset`, `frob reset --factory-defaults`).
  for (let k = 0; k + 1 < said.length; k++) {
    const pair = `${said[k]} ${said[k + 1]}`;
    if (/^(?:factory (?:reset|default|defaults|restore)|(?:reset|restore) (?:factory|default|defaults))$/.test(pair)) return pair;
  }
  return said.find((token) => /^factory(?:reset|default|defaults)$/.test(token)) ?? null;
}

/**
 * A program the gate cannot read whose words say it erases (`pyocd erase --chip`, `nrfjprog
 * --eraseall`, `commander device masserase`, `cli -c "request system zeroize"`): at its worst it
 * erases a store of this machine, with or without raised rights.
 * `record`: a segment's record, wrappers peeled or not.
 */
export function checkUnplacedEraser(record: SegmentRecord): HardlineFinding | null {
  const inside = record.inside;
  const name = commandName(inside.argv[0])?.name;
  if (name === undefined || !unplaced(inside, name)) return null;
  const texts = inside.argv.slice(1).map(literalText);
  const word = asksHowUsed(texts) ? null : erasingWord(name, texts);
  if (word === null) return null;
  return hardlineFinding('raw-device-write', `${name}, a program the gate cannot read, given a word that says it erases (${word})`);
}

/** `record`: a segment's record with its wrappers (`sudo`, `doas`, `pkexec` …) still on. */
export function checkPrivilegedUnknown(record: SegmentRecord): HardlineFinding | null {
  const raisedBy = privilegeWrapper(record.peeled.wrappers);
  if (raisedBy === undefined) return null;
  const inside = record.inside;
  const name = commandName(inside.argv[0])?.name;
  if (name === undefined || !unplaced(inside, name)) return null;
  const word = destroyingWord(name, inside.argv.slice(1).map(literalText));
  if (word === null) return null;
  return hardlineFinding(DESTROYING[word]!, `${name}, a program the gate cannot read, run through ${raisedBy} and given a word that says it destroys (${word})`);
}

/** What an account is called by directories and account tools: a user, an account, a Kerberos principal. */
const ACCOUNT_NOUN = '(?:user|users|account|accounts|acct|principal|princ)';
/** Verbs that delete what they name. */
const ACCOUNT_VERB = '(?:del|delete|remove|rm|destroy|purge|kill)';
/** A word that says both (`user-del`, `deluser`, `removeacct`, `delprinc`, `delete_user`, `userdel`). */
const ACCOUNT_DELETING_WORD = new RegExp(`^(?:${ACCOUNT_VERB}[-_]?${ACCOUNT_NOUN}|${ACCOUNT_NOUN}[-_]?${ACCOUNT_VERB})$`);
const ACCOUNT_NOUN_WORD = new RegExp(`^${ACCOUNT_NOUN}$`);
const ACCOUNT_VERB_WORD = new RegExp(`^${ACCOUNT_VERB}$`);
/** Accounts products ship with, which setup guides tell people to remove. */
const DEFAULT_ACCOUNTS = new Set(['guest', 'anonymous', 'demo', 'test', 'sample']);
/** A directory entry of a person (`uid=jdoe,ou=people,dc=example,dc=com`): what `ldapdelete` deletes. */
const PERSON_DN = /^uid=[^,]+,/i;

/**
 * A program the gate cannot read that deletes a user account, by what its words say (D§5 "a user
 * account destroyed"; docs/decisions.md "Accounts deleted through a directory"): directories and
 * hosting panels name their accounts, not the machine's files, so `samba-tool user delete jdoe`,
 * `ipa user-del jdoe`, `kadmin.local -q "delprinc jdoe"`, `whmapi1 removeacct user=bob` and
 * `ldapdelete … uid=jdoe,ou=people,…` have no path for the other arms to read. An account noun and
 * a deleting verb in one word, or side by side among the first words, or a program named for
 * deleting given a person's directory entry, is such a deletion at its worst. Dropping a database's
 * role (`dropuser`) is a database's business and says `drop`, no deleting verb here.
 */
export function checkUnplacedAccountDeleter(record: SegmentRecord): HardlineFinding | null {
  const inside = record.inside;
  const name = commandName(inside.argv[0])?.name;
  if (name === undefined || !unplaced(inside, name)) return null;
  const texts = inside.argv.slice(1).map(literalText);
  // The program's own name says it too (`v-delete-user`, cPanel's `removeacct`, `killacct`).
  const written = literalText(inside.argv[0]) ?? name;
  const base = written.slice(written.lastIndexOf('/') + 1).toLowerCase();
  const words: string[] = [base, ...base.split(/[-_]/).filter((part) => part !== '' && part !== base)];
  for (const text of texts.slice(0, 6)) {
    if (text === null || text.length > 64 || text.startsWith('-')) continue;
    words.push(...text.toLowerCase().split(/[\s=]+/).filter((word) => word !== ''));
  }
  const said = (word: string): boolean => ACCOUNT_DELETING_WORD.test(word);
  let found = words.find(said) ?? null;
  // Side by side, or one word between (`tmsh delete auth user all`).
  for (let k = 0; found === null && k + 1 < words.length; k++) {
    for (const b of words.slice(k + 1, k + 3)) {
      const a = words[k]!;
      if ((ACCOUNT_NOUN_WORD.test(a) && ACCOUNT_VERB_WORD.test(b)) || (ACCOUNT_VERB_WORD.test(a) && ACCOUNT_NOUN_WORD.test(b))) found = `${a} … ${b}`;
    }
  }
  if (found === null && /delete|del$/.test(name) && texts.some((text) => text !== null && PERSON_DN.test(text))) found = 'a person\'s directory entry';
  // A recursive delete of a directory's base (`ldapdelete -r … "dc=example,dc=com"`): every account in it.
  if (found === null && /delete|del$/.test(name) && texts.includes('-r') && texts.some((text) => text !== null && /^dc=[^,]+(?:,dc=[^,]+)*$/i.test(text))) found = "the directory's whole tree";
  if (found === null || asksHowUsed(texts)) return null;
  // Removing a product's default account is hardening, not a person's account lost (`rabbitmqctl delete_user guest`).
  if (texts.some((text) => text !== null && DEFAULT_ACCOUNTS.has(text.toLowerCase()))) return null;
  return hardlineFinding('recursive-delete-root', `${name} ${found}: a program the gate cannot read deleting a user account`);
}

