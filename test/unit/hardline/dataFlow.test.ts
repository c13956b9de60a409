import * as assert from 'node:assert/strict';
import type { Word } from '../../../src/gate/reading/resolution';
import { lineWithValues, listedPaths, listingWords, transformedText } from '../../../src/gate/hardline/dataFlow';
import { programForms } from '../../../src/gate/programs/table';
import { killsBySession, printsEveryProcess, printsEverySession } from '../../../src/gate/hardline/processes';
import { printsEveryPackage } from '../../../src/gate/hardline/listings';
import { removesPackagesHanded } from '../../../src/gate/hardline/essentialPackages';

const words = (...values: string[]): Word[] => values.map((value) => ({ kind: 'literal', value, raw: value }));
const given = (text: string) => () => ({ texts: [text], exact: true });
const raws = (list: Word[] | null): string[] | null => list?.map((word) => (word.kind === 'literal' ? word.value : word.raw)) ?? null;

describe('data between segments (hardline/dataFlow.ts)', () => {
  it('reads the file database, disk usage and completion globs as listers by their rows', () => {
    assert.deepEqual(raws(listedPaths(words('plocate', '-0', '/etc/'))), ['/etc/', '/etc/*', '/etc/**']);
    assert.equal(listedPaths(words('locate', '-b', 'libssl.so')), null);
    assert.equal(listedPaths(words('locate', '-c', '/etc')), null);
    assert.deepEqual(raws(listedPaths(words('du', '-a', '/usr'))), ['/usr', '/usr/*', '/usr/**']);
    assert.deepEqual(raws(listedPaths(words('du', '-a', '-d', '1', '/usr'))), ['/usr', '/usr/*']);
    assert.deepEqual(raws(listedPaths(words('compgen', '-G', '/etc/*'))), ['/etc/*', '/etc/*/*', '/etc/*/**']);
    assert.equal(listedPaths(words('find', '/etc', '-user', 'root')) === null, false, 'an ownership test is no narrowing');
  });

  it('keeps a listing\'s globs as globs once a field selection passed it on', () => {
    const listed = listingWords('/usr\n/usr/*\n/usr/**');
    assert.deepEqual(listed.map((word) => word.kind), ['literal', 'opaque', 'opaque']);
  });

  it('reads a module\'s words with its row, and MSBuild event properties as commands', () => {
    const triggers = (...values: string[]): string[] => programForms(words(...values)).forms.map((form) => `${form.role} ${form.trigger}`);
    assert.deepEqual(triggers('python3', '-m', 'pytest', '-p', 'evil_plugin', 'tests/'), ['loader -p']);
    assert.deepEqual(triggers('python3', '-m', 'pip', 'install', '-e', '.'), []);
    assert.deepEqual(triggers('dotnet', 'build', '-p:PostBuildEvent=make deploy'), ['executor -p:PostBuildEvent=make deploy']);
    assert.deepEqual(triggers('dotnet', 'msbuild', '/p:Configuration=Release'), []);
    assert.deepEqual(triggers('jupytext', '--to', 'notebook', '--execute', 'a.py'), ['executor --execute']);
  });

  it('computes the known transforms exactly', () => {
    assert.deepEqual(transformedText(words('rev'), given('~ fr- mr')), { texts: ['rm -rf ~'], exact: true });
    assert.deepEqual(transformedText(words('tr', 'A-Za-z', 'N-ZA-Mn-za-m'), given('ez -es /hfe')), { texts: ['rm -rf /usr'], exact: true });
    assert.deepEqual(transformedText(words('base64', '-d'), given('cm0gLXJmIH4=\n')), { texts: ['rm -rf ~'], exact: true });
    assert.deepEqual(transformedText(words('base32', '--decode'), given('OJWSALLSMYQH4===')), { texts: ['rm -rf ~'], exact: true });
    assert.deepEqual(transformedText(words('xxd', '-r', '-p'), given('726d202d7266202f')), { texts: ['rm -rf /'], exact: true });
    assert.deepEqual(transformedText(words('openssl', 'base64', '-d'), given('cm0gLXJmIH4=')), { texts: ['rm -rf ~'], exact: true });
    assert.deepEqual(transformedText(words('sed', 's/X/rm -rf/'), given('X /boot')), { texts: ['rm -rf /boot'], exact: true });
    assert.deepEqual(transformedText(words('jq', '-r', '.dirs[]'), given('{"dirs":["/var","/opt"]}')), { texts: ['/var\n/opt'], exact: true });
    assert.deepEqual(transformedText(words('jq', '.[0]'), given('["a"]')), { texts: ['"a"'], exact: true });
    assert.equal(transformedText(words('jq', '-r', 'map(.x)'), given('[]')), null);
    assert.equal(transformedText(words('jq', '-r', '.[]', 'list.json'), given('[]')), null);
  });

  it('passes on a transform it cannot compute approximately, and nothing for one that reads a file or for data that is not gzip', () => {
    assert.deepEqual(transformedText(words('sed', 's/[a-z]x/y/'), given('rm -rf ~')), { texts: ['rm -rf ~'], exact: false });
    assert.equal(transformedText(words('base64', '-d', 'payload.b64'), given('cm0=')), null);
    assert.equal(transformedText(words('gunzip'), given('H4sI')), null);
    assert.equal(transformedText(words('zcat', 'x.gz'), given('H4sI')), null);
    assert.equal(transformedText(words('base64', '-d'), given('//79AAEC')), null);
  });

  it('computes sed substitutions with regular expressions, approximately, and puts an uncomputed replacement before each line', () => {
    assert.deepEqual(transformedText(words('sed', 's/^X/rm -rf/'), given('X /home/dev')), { texts: ['rm -rf /home/dev'], exact: false });
    assert.deepEqual(transformedText(words('sed', '-E', 's/^(Y) (.*)$/rm -rf \\2/'), given('Y /etc')), { texts: ['rm -rf /etc'], exact: false });
    assert.deepEqual(transformedText(words('sed', 's/\\(a\\)\\(b\\)/\\2\\1/g'), given('abab')), { texts: ['baba'], exact: false });
    assert.deepEqual(transformedText(words('sed', 's/[[:digit:]]\\{2\\}/N/g'), given('a12b345')), { texts: ['aNbN5'], exact: false });
    assert.deepEqual(transformedText(words('sed', 's/o/0/2'), given('foo')), { texts: ['fo0'], exact: false });
    assert.deepEqual(transformedText(words('sed', 's/q/\\U&/'), given('q /usr')), { texts: ['q /usr\nU q /usr'], exact: false });
  });

  it('reads yq over JSON by its path and over YAML as every scalar', () => {
    assert.deepEqual(transformedText(words('yq', '-r', '.run'), given('{"run": "rm -rf ~", "x": 1}')), { texts: ['rm -rf ~'], exact: false });
    assert.deepEqual(transformedText(words('yq', '-r', '.run'), given('name: a\nrun: "rm -rf ~"\nlist:\n  - b')), { texts: ['a\nrm -rf ~\nb'], exact: false });
    assert.equal(transformedText(words('yq', '-r', '.run', 'x.yaml'), given('run: x')), null);
  });

  it('inflates gzip data that flows decoded into gunzip, zcat or gzip -d', () => {
    const bytes = transformedText(words('base64', '-d'), given('H4sIAAAAAAAAAyvKVdAtSlPQz8jPTdVPSS0DAOVAVdwQAAAA'));
    assert.ok(bytes !== null && bytes.exact);
    for (const argv of [words('gunzip'), words('zcat'), words('gzip', '-dc')]) {
      assert.deepEqual(transformedText(argv, () => bytes), { texts: ['rm -rf /home/dev'], exact: true });
    }
  });

  it('lists a root and everything under it, unless the lister keeps only some paths', () => {
    assert.deepEqual(raws(listedPaths(words('ls', '-d', '/usr'))), ['/usr', '/usr/*']);
    assert.deepEqual(raws(listedPaths(words('find', '/etc', '-type', 'f'))), ['/etc', '/etc/*', '/etc/**']);
    assert.deepEqual(raws(listedPaths(words('fd', '.', '/srv'))), ['/srv', '/srv/*', '/srv/**']);
    assert.equal(listedPaths(words('find', '/home/u', '-name', '*.pyc')), null);
    assert.equal(listedPaths(words('fd', '-e', 'rs', '.', '/srv')), null);
    assert.equal(listedPaths(words('fd', 'foo', '/srv')), null);
    assert.equal(listedPaths(words('tree', '/opt')), null);
    assert.deepEqual(raws(listedPaths(words('tree', '-fi', '/opt'))), ['/opt', '/opt/*', '/opt/**']);
    // Given no folder it lists the working folder (docs/decisions.md "A lister given no folder lists the working folder").
    assert.deepEqual(raws(listedPaths(words('ls'))), ['.', './*', '*']);
    assert.deepEqual(raws(listedPaths(words('find'))), ['.', './*', './**']);
  });

  it('lists every depth below a root only for a lister that descends and is given no depth', () => {
    assert.deepEqual(raws(listedPaths(words('find', '/etc', '-maxdepth', '1'))), ['/etc', '/etc/*']);
    assert.deepEqual(raws(listedPaths(words('fd', '-d1', '.', '/srv'))), ['/srv', '/srv/*']);
    assert.deepEqual(raws(listedPaths(words('fd', '--max-depth=2', '.', '/srv'))), ['/srv', '/srv/*']);
    assert.deepEqual(raws(listedPaths(words('tree', '-fi', '-L1', '/opt'))), ['/opt', '/opt/*']);
    // ls descends with -R but prints names, not paths (its row's namesUnless): no `/usr/**`.
    assert.deepEqual(raws(listedPaths(words('ls', '-R', '/usr'))), ['/usr', '/usr/*', '*']);
  });

  it('counts a seq over the whole pid space and ls /proc among the producers of every process id', () => {
    const pipe = (...commands: string[][]) => commands.reduce<{ argv: Word[]; pipedFrom: unknown } | null>((from, argv) => ({ argv: words(...argv), pipedFrom: from }), null) as Parameters<typeof printsEveryProcess>[0];
    assert.equal(printsEveryProcess(pipe(['seq', '32768'])), true);
    assert.equal(printsEveryProcess(pipe(['seq', '2', '1', '4194304'])), true);
    assert.equal(printsEveryProcess(pipe(['ls', '/proc'], ['grep', '-E', '^[0-9]+$'])), true);
    assert.equal(printsEveryProcess(pipe(['seq', '1', '100'])), false);
    assert.equal(printsEveryProcess(pipe(['seq', '3000', '40000'])), false);
    assert.equal(printsEveryProcess(pipe(['seq', '1', '2', '40000'])), false);
    assert.equal(printsEveryProcess(pipe(['ls', '/proc'], ['grep', 'cpu'])), false);
    assert.equal(printsEveryProcess(pipe(['ls', '/proc/self'])), false);
  });

  it('knows the producers of every process id from those that select some', () => {
    const pipe = (...commands: string[][]) => commands.reduce<{ argv: Word[]; pipedFrom: unknown } | null>((from, argv) => ({ argv: words(...argv), pipedFrom: from }), null) as Parameters<typeof printsEveryProcess>[0];
    assert.equal(printsEveryProcess(pipe(['pgrep', '.'])), true);
    assert.equal(printsEveryProcess(pipe(['ps', '-eo', 'pid='])), true);
    assert.equal(printsEveryProcess(pipe(['ps', 'aux'], ['awk', '{print $2}'])), true);
    assert.equal(printsEveryProcess(pipe(['pgrep', 'node'])), false);
    assert.equal(printsEveryProcess(pipe(['ps', 'aux'], ['grep', 'vite'], ['awk', '{print $2}'])), false);
    assert.equal(printsEveryProcess(pipe(['ps', '-o', 'pid=', '-p', '42'])), false);
  });

  // docs/decisions.md "Listings of every mount, process and terminal".
  it('reads top -b past its header lines as every process, unless it picks some', () => {
    const pipe = (...commands: string[][]) => commands.reduce<{ argv: Word[]; pipedFrom: unknown } | null>((from, argv) => ({ argv: words(...argv), pipedFrom: from }), null) as Parameters<typeof printsEveryProcess>[0];
    assert.equal(printsEveryProcess(pipe(['top', '-b', '-n1'], ['awk', 'NR>7 {print $1}'])), true);
    assert.equal(printsEveryProcess(pipe(['top', '-b', '-n1', '-u', 'dev'], ['awk', 'NR>7 {print $1}'])), false);
    assert.equal(printsEveryProcess(pipe(['top', '-n1'])), false);
    assert.equal(printsEveryProcess(pipe(['top', '-b', '-n1'], ['awk', '$9>50 {print $1}'])), false);
  });

  it('knows who and users print every login session, and a killer by terminal or account handed them', () => {
    const pipe = (...commands: string[][]) => commands.reduce<{ argv: Word[]; pipedFrom: unknown } | null>((from, argv) => ({ argv: words(...argv), pipedFrom: from }), null) as Parameters<typeof printsEverySession>[0];
    assert.equal(printsEverySession(pipe(['who'], ['awk', '{print $2}'])), true);
    assert.equal(printsEverySession(pipe(['users'])), true);
    assert.equal(printsEverySession(pipe(['who', 'am', 'i'])), false);
    assert.equal(printsEverySession(pipe(['who'], ['grep', 'pts/3'])), false);
    assert.equal(killsBySession(words('sudo', 'pkill', '-KILL', '-t', '{}'))?.arm, 'kill-all');
    assert.notEqual(killsBySession(words('pkill', '-u')), null);
    assert.equal(killsBySession(words('pkill', '-t', '{}', 'vim')), null);
    assert.equal(killsBySession(words('echo', '-t')), null);
  });

  it('reads a package tool\'s removal, forced or not, as the system\'s deletion when handed every package', () => {
    const pipe = (...commands: string[][]) => commands.reduce<{ argv: Word[]; pipedFrom: unknown } | null>((from, argv) => ({ argv: words(...argv), pipedFrom: from }), null) as Parameters<typeof printsEveryPackage>[0];
    const plain = (command: Parameters<typeof printsEveryPackage>[0]) => command.argv;
    assert.equal(printsEveryPackage(pipe(['apt', 'list', '--installed'], ['cut', '-d/', '-f1'], ['tail', '-n', '+2']), plain), true);
    assert.equal(printsEveryPackage(pipe(['dpkg', '-l'], ['awk', '/^rc/ {print $2}']), plain), false);
    assert.equal(printsEveryPackage(pipe(['dpkg', '-l'], ['grep', 'linux-image']), plain), false);
    assert.equal(removesPackagesHanded(words('sudo', 'apt-get', 'purge', '-y'))?.arm, 'recursive-delete-root');
    assert.equal(removesPackagesHanded(words('dnf', 'remove', '-y'))?.arm, 'recursive-delete-root');
    assert.equal(removesPackagesHanded(words('dpkg', '-P'))?.arm, 'recursive-delete-root');
    assert.equal(removesPackagesHanded(words('dpkg', '-s')), null);
    assert.equal(removesPackagesHanded(words('pip', 'uninstall', '-y')), null);
    assert.equal(removesPackagesHanded(words('apt-get', 'install', '-y')), null);
  });

  it('puts values set earlier on the line where they are expanded', () => {
    const none = () => null;
    assert.equal(lineWithValues("x='rm -rf /'; $x", none), "x='rm -rf /'; rm -rf /");
    assert.equal(lineWithValues('T=$HOME; rm -rf "$T"', none), 'T=$HOME; rm -rf "$HOME"');
    assert.equal(lineWithValues('a=(rm -rf /home); "${a[@]}"', none), 'a=(rm -rf /home); ""rm -rf /home""');
    assert.equal(lineWithValues("printf -v c 'rm -rf %s' /lib; eval \"$c\"", none), "printf -v c 'rm -rf %s' /lib; eval \"rm -rf /lib\"");
    assert.equal(lineWithValues('$(echo rm) -rf ~', (inner) => (inner === 'echo rm' ? 'rm\n' : null)), 'rm -rf ~');
    assert.equal(lineWithValues("echo '$x'", none), null);
  });
});
