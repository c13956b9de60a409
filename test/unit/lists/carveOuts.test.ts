/**
 * The carve-out table (D§6), one block per row. For every row: the options that turn the program
 * into an executor or a writer fire (with the spellings an attacker would try: clusters,
 * `--opt=value`, abbreviations, options after operands, absolute paths), and the innocent forms
 * neither fire nor stop a prefix allow entry naming the program from matching.
 */
import { strict as assert } from 'node:assert';

import { programForms, rowFor, rowName } from '../../../src/gate/programs/table';
import { peelWrappers } from '../../../src/gate/programs/wrappers';
import { readSedScript } from '../../../src/gate/programs/sed';
import { parseListEntries } from '../../../src/gate/lists/listEntry';
import { matchAllow } from '../../../src/gate/lists/listMatcher';
import { readCommand } from '../../../src/gate/reading/reading';
import type { Word } from '../../../src/gate/reading/resolution';

const HOME = '/home/tester';

/**
 * What the program table says keeps a prefix entry for the program off: the first form that is
 * not the program's everyday job, or why the argv cannot be read for sure.
 */
function findCarveOut(argv: readonly Word[]): { program: string; why: string } | null {
  const first = argv[0];
  if (first === undefined) return null;
  if (first.kind !== 'literal') return { program: first.raw, why: 'the program is only known at run time' };
  const reading = programForms(argv);
  if (reading.unreadable !== null) return { program: reading.row === null ? first.value : rowName(reading.row), why: reading.unreadable };
  const form = reading.forms.find((f) => f.everyday !== true);
  return form === undefined ? null : { program: rowName(rowFor(form.program.split(' ')[0]!)!), why: form.note };
}

interface Row {
  /** Commands in which the row must fire. */
  fires: string[];
  /**
   * Commands the row must leave alone, and which a prefix entry naming the program (the first
   * word of the command) must then cover. Empty only for programs that always execute.
   */
  innocent: string[];
}

const AWK_FIRES = [
  `awk 'BEGIN{system("id")}'`,
  `awk '{print | "sh"}' f`,
  `awk '{print > "out"}' f`,
  `awk '{print >> "out"}' f`,
  `awk 'BEGIN{"date" | getline d}'`,
  `awk '{print |& "sh"}' f`,
  'awk -f prog.awk f',
  'awk --file=prog.awk f',
  'awk -E prog.awk',
  'awk -i inc.awk 1',
  'awk -l ext 1',
  `awk '@load "x"; 1'`,
  `awk 'BEGIN{f="sys" "tem"; @f("id")}'`,
  'awk -o 1 f',
  'awk -p 1 f',
  'awk --dump-variables 1 f',
  `awk -e 'BEGIN{system("id")}'`,
  `awk --source='{print > "x"}' f`,
  `awk 'BEGIN{getline l < "/inet/tcp/0/evil.example/80"}'`,
  'awk -W exec x',
  'awk -Q 1',
  'awk 1 $FILE',
  `awk '{print $1 > $2}' f`,
  `awk 'BEGIN{print length / 2}'`,
  `awk '{ while ((getline line < ARGV[1]) > 0) n++ }' f`,
];
const AWK_INNOCENT = [
  `awk '{print $1}' f`,
  `awk -F: '{print $2}' /etc/passwd`,
  `awk -v n=3 'NR<n' f`,
  `awk 'NR%2==0' f`,
  `awk -- '{print}' f`,
  `awk -e '{print $2}' f`,
  // comparisons, regexps and strings holding | or > are what they are (the awk reader)
  `awk '$3 > 100 {print}' data.csv`,
  `awk '/a|b/ {print}' f`,
  `awk '{print "a|b"}' f`,
  `awk -F'|' '{print $1}' f`,
  `awk '{print ($1 > $2)}' f`,
  `awk '{printf "%s\\n", $1 > "/dev/stderr"}' f`,
  `awk '{ s += $2 } END { print s / NR }' f`,
];

const SED_FIRES = [
  'sed -i s/a/b/ f',
  'sed -i.bak s/a/b/ f',
  'sed -ni p f',
  'sed -in p f',
  'sed -Ei s/a/b/ f',
  'sed --in-place s/a/b/ f',
  'sed --in-pl=.bak s/a/b/ f',
  'sed s/a/b/ f -i',
  'sed -f script.sed f',
  'sed --file=script.sed f',
  `sed 'e id' f`,
  `sed '1e id' f`,
  `sed 's/x/id/e' f`,
  `sed 's/x/id/ge' f`,
  `sed 's|x|y|w /tmp/x' f`,
  `sed 'w /tmp/x' f`,
  `sed '/re/W out' f`,
  `sed -n -e p -e 'e id' f`,
  `sed --expression='1w out' f`,
  `sed '1!G;h;$!d;e id' f`,
  `sed ':a;e id' f`,
  `sed 'y/abc/xyz/;w out' f`,
  `sed '1{p;e id
}' f`,
  `sed 'a text
e id' f`,
  'sed -Z p f',
  `sed 'k' f`,
  `sed 's/a/b' f`,
  `sed "$SCRIPT" f`,
];
const SED_INNOCENT = [
  `sed -n '1,5p' f`,
  `sed 's/a/b/g' f`,
  `sed -E 's/(a|b)+/x/2' f`,
  `sed '/^#/d' f`,
  `sed -n '$p' f`,
  `sed 'a hello world' f`,
  `sed '1i\\
header' f`,
  `sed -e 's/a/b/' -e 's/c/d/' f`,
  `sed 'y/abc/xyz/' f`,
  `sed ':a;N;$!ba;s/\\n/ /g' f`,
  `sed '0~3d' f`,
  `sed '/x/I,+2d' f`,
  `sed 's/e/w/' f`,
  `sed 's/w/e/3' f`,
  `sed --debug -n '/re/{p;q}' f`,
  `sed -s -n '$=' a b`,
];

const ROWS: Record<string, Row> = {
  // radare2's `-c` commands: `!` runs shell text, `.` a script, `w…` writes the file (docs/decisions.md "Rows for r2 and sops --output").
  r2: {
    fires: [`r2 -q -c '!./scripts/patch.sh' ./build/app`, `r2 -qc '!!id' a.out`, `r2 -c 'aaa; !id' a.out`, `r2 -c '. cmds.r2' a.out`, `r2 -w -c 'wx 90 @ main' a.out`, 'r2 -i script.r2 a.out', 'r2 -d ./a.out'],
    innocent: [`r2 -q -c 'pd 10' ./build/app`, `r2 -qc 'aaa; afl' a.out`, 'r2 -A ./build/app', 'radare2 -v'],
  },
  // sops' `--output` writes the result (decrypted: secrets in the clear) to the file named.
  sops: {
    fires: ['sops -d --output ~/.aws/credentials secrets/aws.enc.ini', 'sops --decrypt --output=out.env .env.enc'],
    innocent: ['sops -e -i secrets/dev.yaml', 'sops updatekeys secrets/prod.enc.yaml', 'sops --version'],
  },
  find: {
    fires: [
      'find . -exec rm {} ;',
      'find . -execdir sh -c id ;',
      'find . -ok rm {} ;',
      'find . -okdir rm {} +',
      'find . -delete',
      'find . -name x -fprint out',
      'find . -fprint0 out',
      'find . -fprintf out %p',
      'find . -fls out',
      '/usr/bin/find . -delete',
      'find . $OPTS',
      // The tricky forms: an executor after a value, after an operator spelled with a dash, after
      // -D's value, or hidden by an -exec command that looks like it holds a primary.
      "find . -name x -exec rm {} ';' -delete",
      "find . -name -exec -exec id ';'",
      "find -D exec . -exec id ';'",
      "find -O3 . '-(' -exec id ';' '-)'",
      "find . -exec echo -delete ';' -fls out",
      "find . -ok id {} + ';'",
      'find -files0-from list -execdir id {} +',
      // Lines the reader cannot vouch for: unknown primaries, a missing `;`, a value at the end.
      'find . -fprintx out',
      'find . -HL',
      'find . -exec rm {}',
      'find . -name',
      'find . -print name',
    ],
    innocent: [
      `find . -name '*.ts'`,
      'find src -type f -newer x -print',
      `find . -printf '%p\\n'`,
      'find . -maxdepth 2 -type d',
      // Values that look like executors or writers are values.
      'find . -name -exec',
      'find . -name -delete -o -path -fprint',
      'find . -printf -fls',
      "find -D exec . -name x",
      "find -O3 -L . '(' -name a -o -name b ')' -print0",
      "find , ')' - -maxdepth 0",
      'find -files0-from list -print',
      'find . --help',
    ],
  },
  git: {
    fires: [
      'git -c core.pager=sh log',
      'git --config-env=core.pager=X log',
      'git --exec-path=/tmp log',
      'git -p log',
      'git --paginate log',
      'git --git-dir=/tmp/x status',
      'git --work-tree=/tmp status',
      // `git -C /tmp status` is `cd /tmp && git status`: covered by an entry for git (allow matcher).
      'git -C "$D" status',
      'git --no-pager -C /tmp status',
      'git --namespace=x log',
      'git --bare log',
      'git grep -O foo',
      'git grep -Ovim foo',
      'git grep -iO foo',
      'git grep --open-files-in-pager=vim foo',
      'git grep --open foo',
      'git log --output=/tmp/x',
      'git diff --output /tmp/x',
      'git show --outp=/tmp/x',
      'git diff --ext-diff',
      'git diff --ext',
      'git log -p --textconv',
      'git log -p --textc',
      'git format-patch -o out HEAD~1',
      'git clone --upload-pack=sh x',
      'git clone -u sh x',
      'git clone -c core.hooksPath=h x',
      'git clone --template=t x',
      'git fetch --upload-pack=sh origin',
      'git ls-remote --upload-pack=sh x',
      'git push --receive-pack=sh origin',
      'git push --exec=sh origin',
      'git archive --exec=sh --remote=x HEAD',
      'git archive -o /tmp/x HEAD',
      'git rebase -x id main',
      'git rebase --exec=id main',
      'git rebase -i main',
      'git bisect run make',
      'git submodule foreach id',
      'git difftool',
      'git mergetool',
      'git config core.pager sh',
      "git config --add alias.x '!sh'",
      'git config set core.pager sh',
      'git config --unset core.pager',
      'git config -e',
      'git help --web log',
      'git branch --edit-description',
      '/usr/bin/git -c x=y log',
      'git log $FLAG',
    ],
    innocent: [
      'git log --oneline -5',
      'git log --format=%H',
      'git diff --stat',
      'git diff --text',
      'git diff --no-ext-diff',
      'git diff --output-indicator-new=+',
      'git show HEAD:README.md',
      'git grep -n foo',
      'git grep -e foo --or -e bar',
      'git status --short',
      'git --no-pager log',
      'git config --get user.name',
      'git config user.name',
      'git config --list',
      'git config get user.name',
      'git ls-remote origin',
      'git rebase main',
      'git help log',
      'git branch -a',
    ],
  },
  sed: { fires: SED_FIRES, innocent: SED_INNOCENT },
  gsed: { fires: SED_FIRES.map((c) => c.replace(/^sed/, 'gsed')), innocent: SED_INNOCENT.map((c) => c.replace(/^sed/, 'gsed')) },
  awk: { fires: AWK_FIRES, innocent: AWK_INNOCENT },
  gawk: { fires: AWK_FIRES.map((c) => c.replace(/^awk/, 'gawk')), innocent: AWK_INNOCENT.map((c) => c.replace(/^awk/, 'gawk')) },
  // mawk has no /inet/ special files: reading one is reading a file.
  mawk: { fires: AWK_FIRES.filter((c) => !/inet|ARGV/.test(c)).map((c) => c.replace(/^awk/, 'mawk')), innocent: AWK_INNOCENT.map((c) => c.replace(/^awk/, 'mawk')) },
  nawk: { fires: AWK_FIRES.map((c) => c.replace(/^awk/, 'nawk')), innocent: AWK_INNOCENT.map((c) => c.replace(/^awk/, 'nawk')) },
  rg: {
    // `rg foo $DIR` is no form of the row's: the allow matcher keeps every entry off an opaque word
    // that may become an option (operandGlobs.test.ts); `--pr=sh` is no rg flag (the row is strict).
    fires: ['rg --pre sh foo', 'rg --pre=sh foo', 'rg -z foo', 'rg -iz foo', 'rg --search-zip foo', 'rg --hostname-bin=/tmp/x foo', 'rg --pr=sh foo', 'rg foo -z', 'rg -n --pre sh foo -- src', 'rg --frobnicate foo', 'rg -e -- -z'],
    innocent: ['rg -n foo src', 'rg -e -z foo', 'rg --pretty foo', `rg --pre-glob '*.pdf' foo`, `rg -g '*.ts' foo`, 'rg --no-search-zip foo', 'rg -ez foo', 'rg foo -- --pre=sh'],
  },
  fd: {
    fires: ['fd -x rm', 'fd --exec rm', 'fd -X rm', 'fd --exec-batch rm', 'fd -Hx rm', 'fd -e ts -x rm', 'fd --exe rm'],
    innocent: ['fd -e ts', 'fd -H foo src', 'fd --exclude node_modules foo', 'fd -t f -E x foo'],
  },
  tree: {
    fires: ['tree -o out', 'tree -ao out', 'tree -R -H .', 'tree -L 2 -o out', 'tree -aRH . x'],
    innocent: ['tree -L 2', 'tree -a src', 'tree --dirsfirst -I node_modules'],
  },
  sort: {
    fires: ['sort -o out in', 'sort -uo out in', 'sort -uoout in', 'sort --output=out in', 'sort --out=out in', 'sort in -o out', 'sort --compress-program=sh in', 'sort --co=sh in'],
    innocent: ['sort -u in', 'sort -k2 -t: in', 'sort -rn in', 'sort -t o in', 'sort --check in', 'sort -S 1M in'],
  },
  uniq: {
    fires: ['uniq in out', 'uniq -c in out', 'uniq -f 1 in out', 'uniq in -c out'],
    innocent: ['uniq in', 'uniq -c in', 'uniq -f 1 in', 'uniq', 'uniq -s 2 -w 3 in'],
  },
  file: {
    fires: ['file -C -m magic', 'file --compile -m magic', 'file -zC x', 'file --comp -m m'],
    innocent: ['file README.md', 'file -b --mime-type x', 'file -m magic x', 'file -z x'],
  },
  date: {
    fires: ['date -s 2020-01-01', 'date --set=2020-01-01', 'date -us 2020-01-01', 'date --se=2020', 'date -s@0', 'date +%s -s 1', 'date 010100002020', 'date -u 0101'],
    innocent: ['date', 'date +%s', 'date -u', 'date -d yesterday', 'date -d -s', 'date --iso-8601=seconds', 'date -r file'],
  },
  printf: {
    fires: ['printf -v PATH /tmp', 'printf -vPATH x'],
    innocent: [`printf '%s\\n' hi`, 'printf -- -v', `printf '%s' -v`],
  },
  tar: {
    fires: [
      'tar -xf a.tar --to-command=sh',
      'tar --to-com=sh -xf a.tar',
      'tar -cf a.tar --checkpoint=1 --checkpoint-action=exec=sh x',
      'tar -I sh -xf a.tar',
      'tar --use-compress-program=sh -xf a.tar',
      'tar xIf sh a.tar',
      'tar -F script -cf a.tar x',
      'tar --info-script=s -cf a.tar x',
      'tar --new-volume-script=s -cf a.tar x',
      'tar --rsh-command=/tmp/x -tf h:a.tar',
      'tar -tf evil:a.tar',
      'tar --file=evil:a.tar -t',
      'tar -g snap -cf a.tar x',
      'tar --remove-files -cf a.tar x',
      'tar --index-file=out -tvf a.tar',
    ],
    innocent: ['tar -tf a.tar', 'tar tzf a.tgz', 'tar -tf ./a:b.tar', 'tar --force-local -tf c:a.tar', 'tar -cf a.tar --checkpoint=10 x', 'tar -xOf a.tar file', 'tar --to-stdout -xf a.tar'],
  },
  zip: {
    fires: [`zip -T -TT 'sh -c id' a.zip x`, 'zip --unzip-command=sh a.zip x', 'zip --unzip-c sh a.zip x'],
    innocent: ['zip a.zip x', 'zip -r a.zip dir', 'zip -T a.zip x'],
  },
  less: {
    fires: [`less '+!id' f`, `less '+|sh' f`, 'less -o log f', 'less --log-file=log f', 'less -O log f', 'less -k keys f', 'less --lesskey-src=k f', 'less -No log f'],
    innocent: ['less f', 'less -N f', 'less -p pattern f', 'less -R f'],
  },
  man: {
    fires: ['man -P sh ls', 'man --pager=sh ls', 'man -Hfirefox ls', 'man --html ls', 'man -C cfg ls', 'man --config-file=cfg ls', 'man -X ls', 'man --pa=sh ls'],
    innocent: ['man ls', 'man 5 crontab', 'man -k socket', 'man -f ls'],
  },
  // Concourse's fly: a privileged one-off task, a shell in a build's container (docs/decisions.md "Concourse's fly").
  flyctl: {
    fires: ['fly -t tutorial execute -c task.yml --input repo=. --privileged', 'fly -t ci intercept -j app/test', 'fly -t ci hijack -b 42'],
    innocent: ['fly -t tutorial execute -c task.yml', 'fly -t tutorial execute -c task.yml -i repo=.', 'fly status'],
  },
  xargs: { fires: ['xargs rm', 'xargs', 'xargs -0 echo', 'xargs --version'], innocent: [] },
  parallel: { fires: ['parallel echo ::: a', 'parallel --version'], innocent: [] },
  watch: { fires: ['watch ls', 'watch -n 5 git status', 'watch -x ls'], innocent: [] },
  env: {
    fires: [`env -S 'sh -c id'`, `env --split-string='sh -c id'`, `env -iS sh`, 'env -X ls', 'env --sp=sh', 'env -u HOME -S sh', 'env -C /tmp ./build.sh'],
    innocent: ['env CI=1 ls', 'env -i ls', 'env -u HOME ls', 'env git log -S foo'],
  },
  sudo: {
    fires: ['sudo -s', 'sudo -i', 'sudo -e /etc/hosts', 'sudo -E ls', 'sudo --preserve-env=PATH ls', 'sudo -A ls', 'sudo -R /tmp ls', 'sudo --shell', 'sudo -Z ls', 'sudo -u root -s'],
    innocent: ['sudo ls', 'sudo -u root ls', 'sudo -n apt update', 'sudo ls -s'],
  },
  doas: { fires: ['doas -s', 'doas -Z ls', 'doas -su root'], innocent: ['doas ls', 'doas -u root ls', 'doas -n ls'] },
  time: {
    fires: ['/usr/bin/time -o out ls', '/usr/bin/time --output=out ls', '/usr/bin/time -ao out ls', '/usr/bin/time --out=x ls', '/usr/bin/time -Z ls'],
    innocent: ['/usr/bin/time ls', '/usr/bin/time -v ls', '/usr/bin/time ls -o x', '/usr/bin/time -f %e ls'],
  },
  go: {
    fires: [
      'go test -exec sh ./...',
      'go test -exec=sh ./...',
      'go test --exec sh',
      'go test -toolexec=sh ./...',
      'go build -toolexec sh',
      'go vet -vettool=/tmp/x ./...',
      'go build -o /tmp/x',
      'go test -coverprofile=c.out',
      'go test ./... -args -test.cpuprofile=x',
      'go generate ./...',
      'go tool x',
      'go env -w GOFLAGS=-x',
    ],
    innocent: ['go test ./...', 'go test -run TestX -v ./...', 'go vet ./...', 'go build ./...', 'go env GOPATH', 'go version', 'go -C sub test ./...'],
  },
  npm: {
    fires: [
      'npm exec cowsay',
      'npm x cowsay',
      'npm test --script-shell=/tmp/sh',
      'npm test --node-options=--require=/tmp/x',
      'npm run lint --userconfig=/tmp/rc',
      'npm --prefix /tmp/evil test',
      'npm -C /tmp/evil test',
      'npm explore lodash',
      'npm test -c id',
      'npm --scr=sh test',
      'npm --loglevel silent exec cowsay',
    ],
    innocent: ['npm test', 'npm run lint', 'npm ls', 'npm view react version', 'npm --version', 'npm run build --silent'],
  },
  curl: {
    fires: [
      'curl -o /tmp/x https://e.example',
      'curl -sSLo /tmp/x https://e.example',
      'curl -O https://e.example/f',
      'curl --output=/tmp/x https://e.example',
      'curl --out /tmp/x https://e.example',
      'curl -D h.txt https://e.example',
      'curl -c jar https://e.example',
      'curl -K cfg',
      'curl --trace t https://e.example',
      `curl -w '%output{/tmp/x}x' https://e.example`,
    ],
    innocent: ['curl -s https://e.example', `curl -sS -o /dev/null -w '%{http_code}' https://e.example`, 'curl -o - https://e.example', `curl -H 'X: y' https://e.example`, 'curl -b cookies https://e.example'],
  },
  rsync: {
    fires: ['rsync -e sh a b', 'rsync -avze sh a h:b', 'rsync --rsh=sh a b', 'rsync --rsync-path=sh a h:b', 'rsync --log-file=x a b', 'rsync --write-batch=x a b', 'rsync -avz --delete a h:b'],
    innocent: ['rsync -av a b'],
  },
  ssh: {
    fires: [
      'ssh -o ProxyCommand=sh h',
      'ssh -oProxyCommand=sh h',
      `ssh -o 'LocalCommand id' -o PermitLocalCommand=yes h`,
      'ssh -F cfg h',
      'ssh -E log h',
      'ssh -I lib.so h',
      'ssh -vo proxycommand=sh h',
      'ssh -o KnownHostsCommand=x h',
    ],
    innocent: ['ssh h', 'ssh -p 2222 h', 'ssh -o StrictHostKeyChecking=no h', 'ssh -i key h'],
  },
  scp: {
    fires: ['scp -S sh a h:b', 'scp -o ProxyCommand=sh a h:b', 'scp -F cfg a h:b', 'scp -rS sh a h:b'],
    innocent: ['scp a h:b', 'scp -P 2222 a h:b', 'scp -r -i key a h:b'],
  },
  sftp: {
    fires: ['sftp -D /usr/lib/sftp-server', 'sftp -S ./myssh h', 'sftp -b cmds h', 'sftp -o ProxyCommand=sh h', 'sftp -F cfg h', 'sftp -qD sh'],
    innocent: ['sftp h', 'sftp -P 2222 h', 'sftp -i key h:dir'],
  },
};

/** The argv of the only segment of a command, read by the resolver. */
function argvOf(command: string): Word[] {
  const { resolution } = readCommand(command, { home: HOME, shell: 'bash' });
  assert.ok(resolution.resolved, `${command} should resolve: ${resolution.resolved ? '' : resolution.detail}`);
  assert.equal(resolution.segments.length, 1, `${command} should be one segment`);
  return resolution.segments[0]!.argv;
}

describe('carve-out table', () => {
  it('has a row in the program table for every program tested here', () => {
    for (const program of Object.keys(ROWS)) assert.equal(rowFor(program) === null ? null : rowName(rowFor(program)!), program);
  });

  for (const [program, row] of Object.entries(ROWS)) {
    describe(`row: ${program}`, () => {
      for (const command of row.fires) {
        it(`fires: ${command}`, () => {
          const found = findCarveOut(argvOf(command));
          assert.ok(found, 'expected a carve-out');
          assert.equal(found.program, program);
          assert.ok(found.why.length > 0);
          // A prefix entry naming the program must not cover it either.
          const entry = parseListEntries([command.split(' ')[0]!], 'allow', 'test').entries;
          assert.equal(matchAllow(readCommand(command, { home: HOME, shell: 'bash' }), entry), null);
        });
      }
      for (const command of row.innocent) {
        // A wrapper's entry must name the command it runs too (D§4.3): the whole line is the entry.
        const wrapper = rowFor(program)?.wrapper !== undefined;
        const entryText = wrapper ? command : command.split(' ')[0]!;
        it(`innocent, and a "${entryText}" entry covers it: ${command}`, () => {
          // A wrapper that does not peel is a form of its own (it runs what follows as someone else).
          if (rowFor(program)?.wrapper?.peel !== false) assert.equal(findCarveOut(argvOf(command)), null);
          const entries = parseListEntries([entryText], 'allow', 'test').entries;
          assert.notEqual(matchAllow(readCommand(command, { home: HOME, shell: 'bash' }), entries), null);
          if (wrapper && (peelWrappers(argvOf(command)).layers.some((layer) => layer.inner.length > 0) || programForms(argvOf(command)).forms.some((f) => f.wrapped !== undefined))) {
            const alone = parseListEntries([command.split(' ')[0]!], 'allow', 'test').entries;
            assert.equal(matchAllow(readCommand(command, { home: HOME, shell: 'bash' }), alone), null, 'an entry for the wrapper alone covers nothing it runs');
          }
        });
      }
      if (row.innocent.length === 0) {
        it('has no innocent form: it always runs another command', () => {
          assert.ok(findCarveOut(argvOf(program)));
        });
      }
    });
  }

  describe('outside the table', () => {
    it('leaves programs without a row alone', () => {
      for (const command of ['ls -la', 'cat -A f', 'grep -r x .', 'echo -e x', 'no-such-tool --exec x']) assert.equal(findCarveOut(argvOf(command)), null, command);
    });
    it('reports an opaque program word', () => {
      assert.ok(findCarveOut([{ kind: 'opaque', raw: '$CMD', expansions: ['variable'] }]));
    });
    it('chooses the row by lower-cased basename', () => {
      assert.equal(findCarveOut(argvOf('/opt/bin/FIND . -delete'))?.program, 'find');
    });
    it('reports nothing for an empty argv', () => {
      assert.equal(findCarveOut([]), null);
    });
  });

  describe('sed script reader', () => {
    const cases: Array<[string, boolean]> = [
      ['p', false],
      ['s/a/b/g;p', false],
      ['1,/x/{s/a/b/;p}', false],
      ['\\%x%d', false],
      ['e', true],
      ['$!e id', true],
      ['s/a/b/w out', true],
      ['s/a/b/e', true],
      ['W out', true],
      ['b end; e id', true],
      ['i\\\nline one\\\nline two\ne id', true],
      ['s/a/b', true],
      ['/unterminated', true],
      ['#n\np', false],
      ['# e w\np', false],
      ['q5', false],
      ['l 40', false],
      ['r /etc/hosts', false],
    ];
    for (const [script, dangerous] of cases) {
      it(`${JSON.stringify(script)} → ${dangerous ? 'carve-out' : 'fine'}`, () => {
        const reading = readSedScript(script);
        assert.equal(!reading.readable || reading.forms.length > 0, dangerous);
      });
    }
  });
});
