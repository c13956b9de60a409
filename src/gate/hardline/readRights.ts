/**
 * Files every account reads (D§5; docs/decisions.md "Files every account reads, made unreadable"):
 * the account and group databases and the name-service and loader configuration every program
 * consults as the user who runs it, and the dynamic loader and C library every program maps. A
 * mode that takes reading from the others (`chmod 000 /etc/passwd`, `chmod o-r /etc/group`,
 * `chmod 600 /lib64/ld-linux-x86-64.so.2`) leaves every account but root unable to log in, look
 * up a name or start a program. The files only root reads (`/etc/shadow`, often mode 000 by
 * design; `/etc/sudoers`, 0440) are not here: their modes have their own rules (protectedTrees.ts).
 */

/** Under `/etc`: what every program reads as its own user. */
const EVERYONE_READS_ETC = new Set(['passwd', 'group', 'nsswitch.conf', 'ld.so.cache', 'ld.so.conf']);

/** The loader and the C library in any library folder (glibc's and musl's names). */
const LOADER_OR_LIBC = /^\/(?:usr\/)?lib(?:32|64|x32)?\/(?:[^/]+\/)?(?:ld-linux[^/]*\.so(?:\.\d+)*|ld-musl-[^/]+\.so\.1|libc\.so\.\d+|libc\.musl-[^/]+\.so\.1)$/;

/** The file at this path (literal, normalised) every account reads, in words, or null. */
export function readByEveryone(path: string): string | null {
  const etc = /^\/etc\/([^/]+)$/.exec(path);
  if (etc !== null && EVERYONE_READS_ETC.has(etc[1]!)) return `the file every account reads ${path}`;
  if (LOADER_OR_LIBC.test(path)) return `the loader or C library every program maps ${path}`;
  return null;
}

/** A chmod mode (octal or symbolic) that leaves the others (not owner, not group) without reading. */
export function takesOthersRead(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) return (Number(mode[mode.length - 1]) & 4) === 0;
  for (const clause of mode.split(',')) {
    const match = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (match === null) continue;
    const [, who, op, perms] = match as unknown as [string, string, string, string];
    const others = who === '' || who.includes('o') || who.includes('a');
    if (!others) continue;
    if (op === '-' && perms.includes('r')) return true;
    if (op === '=' && !perms.includes('r')) return true;
  }
  return false;
}

/**
 * A chmod mode that takes reading from the file's owner: an octal mode whose owner digit lacks 4
 * (`000`, `0`, `200`), or a clause for the owner (`u`, `a` or none) that removes `r` or sets the
 * rights without it (`a-r`, `u=w`, `a=`). On `/etc/sudoers` (owned by root, 0440) sudo then
 * refuses to run on the releases that insist on its mode, and no repair asks for it.
 */
export function takesOwnerRead(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) return mode.length <= 2 || (Number(mode[mode.length - 3]) & 4) === 0;
  return mode.split(',').some((clause) => {
    const match = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (match === null) return false;
    const [, who, op, perms] = match as unknown as [string, string, string, string];
    if (!(who === '' || who.includes('u') || who.includes('a'))) return false;
    return (op === '-' && perms.includes('r')) || (op === '=' && !perms.includes('r'));
  });
}

/** A setfacl entry list (`-m`, `-s`) that leaves the others without reading (`o::---`, `other::-wx`). */
export function aclTakesOthersRead(spec: string): boolean {
  return spec.split(',').some((entry) => {
    const match = /^(?:o|other):{1,2}([rwxX-]{0,3}|[0-7])$/.exec(entry.trim());
    if (match === null) return false;
    const perms = match[1]!;
    return /^[0-7]$/.test(perms) ? (Number(perms) & 4) === 0 : !perms.includes('r');
  });
}
