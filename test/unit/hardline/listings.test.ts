import * as assert from 'node:assert/strict';
import { fieldSelection, listsEveryPackage, printedAtWorst } from '../../../src/gate/hardline/listings';
import { takesOwnerAccess } from '../../../src/gate/hardline/permissions';
import { lineWithValues } from '../../../src/gate/hardline/dataFlow';
import { sedEmptiedFiles } from '../../../src/gate/programs/sed';
import { programForms } from '../../../src/gate/programs/table';
import type { Word } from '../../../src/gate/reading/resolution';

const argv = (...words: string[]): Word[] => words.map((value) => ({ kind: 'literal', value, raw: value }));
const none = () => null;

describe('listings read at their worst (hardline/listings.ts)', () => {
  it('prints the account lines getent gives, a named account with its own home', () => {
    const all = printedAtWorst(argv('getent', 'passwd'), none);
    assert.ok(all !== null && all.texts[0]!.includes(':/home/*:') && all.texts[0]!.includes(':/root:'));
    assert.match(printedAtWorst(argv('getent', 'passwd', 'dev'), none)!.texts[0]!, /:\/home\/dev:/);
    assert.equal(printedAtWorst(argv('getent', 'hosts', 'example.com'), none), null);
  });

  it('prints the system files that list paths, and nothing for any other file', () => {
    assert.match(printedAtWorst(argv('cat', '/etc/shells'), none)!.texts[0]!, /^\/bin\/sh$/m);
    assert.equal(printedAtWorst(argv('cat', 'files.txt'), none), null);
    assert.equal(printedAtWorst(argv('head', '-n', '3', '/etc/hosts'), none), null);
  });

  it('computes cut and awk field selections, on a file or on what flows in', () => {
    assert.deepEqual(printedAtWorst(argv('cut', '-d:', '-f6', '/etc/passwd'), none)!.texts[0]!.split('\n'), ['/root', '/home/*', '/Users/*']);
    const flowing = () => ({ texts: ['a:b:c\nd:e:f'], exact: true });
    assert.deepEqual(printedAtWorst(argv('cut', '-d', ':', '-f', '1,3'), flowing), { texts: ['a:c\nd:f'], exact: true });
    assert.deepEqual(printedAtWorst(argv('awk', '-F:', '{print $2}'), flowing), { texts: ['b\ne'], exact: true });
    // A line pattern picks lines: at worst every line passes, so the fields of all of them are
    // what it prints, no longer exactly.
    assert.equal(fieldSelection('awk', argv('-F:', '$3 > 1000 {print $1}'))?.picks, true);
    assert.deepEqual(printedAtWorst(argv('awk', '-F:', '$3 > 1000 {print $1}'), flowing), { texts: ['a\nd'], exact: false });
    const listing = () => ({ texts: ['/opt\n/opt/*'], exact: false, listing: true as const });
    assert.deepEqual(printedAtWorst(argv('awk', 'NR>1 {print $NF}'), listing), listing());
    assert.deepEqual(printedAtWorst(argv('awk', '{print $2}'), listing), listing());
    assert.equal(fieldSelection('awk', argv('{print $1; system("x")}')), null);
    assert.equal(fieldSelection('cut', argv('-c1-3')), null);
  });

  it('prints disk names for lsblk, as /dev paths with -p', () => {
    assert.match(printedAtWorst(argv('lsblk', '-dno', 'NAME'), none)!.texts[0]!, /^sda$/m);
    assert.match(printedAtWorst(argv('lsblk', '-dpno', 'NAME'), none)!.texts[0]!, /^\/dev\/sda$/m);
  });

  // docs/decisions.md "Listings of every mount, process and terminal": the rows' printsAtWorst 'mounts'.
  it('prints the devices and mount points, / among them, for findmnt, df, blkid and a bare mount', () => {
    for (const words of [['findmnt', '-no', 'SOURCE', '/'], ['df', '--output=target'], ['blkid', '-o', 'device'], ['mount']]) {
      const printed = printedAtWorst(argv(...words), none);
      assert.ok(printed !== null && printed.listing === true, words.join(' '));
      assert.match(printed.texts[0]!, /^\/$/m);
      assert.match(printed.texts[0]!, /^\/dev\/sda1?$/m);
    }
    // mount with operands mounts: it prints nothing.
    assert.equal(printedAtWorst(argv('mount', '/dev/sdb1', '/mnt'), none), null);
    // The kernel's mount table, its columns computed.
    assert.match(printedAtWorst(argv('cut', '-d', ' ', '-f2', '/proc/mounts'), none)!.texts[0]!, /^\/$/m);
  });

  it('reads every installed package from a subcommand\'s listsPackages (apt list --installed, apk info), not a narrowed one', () => {
    assert.equal(listsEveryPackage('apt', argv('list', '--installed')), true);
    assert.equal(listsEveryPackage('apt', argv('list', '--upgradable')), false);
    assert.equal(listsEveryPackage('apk', argv('info')), true);
    assert.equal(listsEveryPackage('apk', argv('info', 'musl')), false);
    assert.equal(listsEveryPackage('rpm', argv('-qa')), true);
    assert.equal(listsEveryPackage('pip', argv('freeze')), false);
  });
});

describe('values set earlier on the line (dataFlow.ts lineWithValues)', () => {
  it('reads set --, an IFS set on the line, ${!NAME} and $\'…\'', () => {
    assert.equal(lineWithValues('set -- /a /b; rm -rf "$@"', none), 'set -- /a /b; rm -rf "/a" "/b"');
    assert.equal(lineWithValues("IFS=:; c='rm:-rf:/x'; $c", none), "IFS=:; c='rm:-rf:/x'; rm -rf /x");
    assert.equal(lineWithValues('p=HOME; rm -rf "${!p}"', none), 'p=HOME; rm -rf "${HOME}"');
    assert.equal(lineWithValues("X=$'rm\\x20-rf\\x20/x'; $X", none), "X=$'rm\\x20-rf\\x20/x'; rm -rf /x");
  });
});

describe('modes that take the owner\'s access (hardline/permissions.ts)', () => {
  it('reads octal and symbolic modes', () => {
    for (const mode of ['0', '000', '0644', '600', 'a-rwx', '-x', 'u-r', 'a=', 'u=w', 'go-w,u-x']) assert.equal(takesOwnerAccess(mode), true, mode);
    for (const mode of ['700', '755', '0750', 'go-rwx', 'u+rwX', 'a+r', 'u=rwx', 'o-x']) assert.equal(takesOwnerAccess(mode), false, mode);
  });
});

describe('truncations rows read (sed regexps, socat addresses)', () => {
  it('empties a file with sed -i at an every-line regexp address, not at one that picks lines', () => {
    for (const script of ['/./d', '/^/d', '/.*/d', '\\|.|d']) assert.deepEqual(sedEmptiedFiles(['-i', script, '/etc/group']), ['/etc/group'], script);
    // Root's own line is another matter: an account database without it is read as emptied (docs/decisions.md).
    for (const script of ['/^$/d', '/^#/d', '/^games:/d', '/./!d']) assert.deepEqual(sedEmptiedFiles(['-i', script, '/etc/group']), [], script);
  });

  it('gives socat create: and trunc addresses as files emptied', () => {
    const emptied = (...words: string[]) => programForms(argv('socat', ...words)).forms.filter((form) => form.empties === true).map((form) => (form.value as { value: string }).value);
    assert.deepEqual(emptied('-u', 'STDIN', 'CREATE:/etc/hosts'), ['/etc/hosts']);
    assert.deepEqual(emptied('-u', 'STDIN', 'OPEN:/etc/hosts,creat,trunc'), ['/etc/hosts']);
    assert.deepEqual(emptied('-u', 'STDIN', 'OPEN:/etc/hosts,append'), []);
  });
});
