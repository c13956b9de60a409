import { strict as assert } from 'node:assert';
import { approximateWordText, executedPayloads, type Payload } from '../../../src/gate/programs/executorPayloads';
import { argvRecord } from '../../../src/gate/programs/segmentRecord';
import { readCommand } from '../../../src/gate/reading/reading';

const HOME = '/home/agent';

/** The payloads of a one-segment command, read through the real resolver. */
function payloadsOf(command: string): Payload[] {
  const reading = readCommand(command, { home: HOME, shell: 'bash' });
  assert.ok(reading.resolution.resolved, `test command must resolve: ${command}`);
  assert.equal(reading.resolution.segments.length, 1, `test command must be one segment: ${command}`);
  return executedPayloads(argvRecord(reading.resolution.segments[0]!.argv));
}

/** A compact, comparable form: `text:VIA:TEXT` or `argv:VIA:W1 W2 …` (opaque words as their source). */
function shown(payload: Payload): string {
  if (payload.kind === 'shell-text') return `text${payload.approximate ? '~' : ''}:${payload.via}:${payload.text}`;
  return `argv:${payload.via}:${payload.argv.map((w) => (w.kind === 'literal' ? w.value : w.raw)).join(' ')}`;
}

const ROWS: Array<[command: string, expected: string[]]> = [
  // shells
  ["sh -c 'rm -rf /'", ['text:sh -c:rm -rf /']],
  ["bash -c 'npm test'", ['text:bash -c:npm test']],
  ["bash -lc 'make'", ['text:bash -c:make']],
  ["bash -c -e 'make'", ['text:bash -c:make']],
  ["bash -o pipefail -c 'make'", ['text:bash -c:make']],
  ["bash +O extglob -c 'make'", ['text:bash -c:make']],
  ["bash --norc --noprofile -c 'make'", ['text:bash -c:make']],
  ["bash --rcfile x.rc -c 'make'", ['text:bash -c:make']],
  ["bash -c 'echo $0 $1' name arg", ['text:bash -c:echo $0 $1']],
  ["zsh -c 'ls'", ['text:zsh -c:ls']],
  ["dash -c 'ls'", ['text:dash -c:ls']],
  ["fish -c 'ls'", ['text:fish -c:ls']],
  ['fish --command=ls', ['text:fish --command:ls']],
  ["/bin/sh -c 'ls'", ['text:sh -c:ls']],
  ['sh -c "rm -rf $DIR"', ['text~:sh -c:rm -rf $DIR']],
  ['bash script.sh', []],
  ['bash -x script.sh arg', []],
  ['bash', []],
  ['bash -c', []],
  // through wrappers
  ["sudo sh -c 'ls'", ['text:sh -c:ls']],
  ["timeout 5 bash -c 'make'", ['text:bash -c:make']],
  ["env -S 'rm -rf /'", ['text:env -S:rm -rf /']],
  ["env -S \"echo 'a b'\"", ["text:env -S:echo 'a b'"]],
  ["watch 'df -h'", ['text:watch:df -h']],
  ['watch -n 5 df -h', ['text:watch:df -h']],
  ['watch -x df -h', []],
  ["flock /tmp/l -c 'make'", ['text:flock -c:make']],
  ['xargs rm -f', ['argv:xargs:rm -f']],
  ['xargs -0 -I{} cp {} /tmp', ['argv:xargs:cp {} /tmp']],
  ['xargs', []],
  ["xargs sh -c 'echo $1' _", ['argv:xargs:sh -c echo $1 _', 'text:sh -c:echo $1']],
  // su, runuser, script, sg, eval, trap
  ["su -c 'make'", ['text:su -c:make']],
  ["su - root -c 'make'", ['text:su -c:make']],
  ["su -lc 'make' root", ['text:su -c:make']],
  ["su --command='make' root", ['text:su --command:make']],
  ["su root --session-command 'make'", ['text:su --session-command:make']],
  ['su - root', []],
  ["runuser -u app -c 'make'", ['text:runuser -c:make']],
  ["script -qc 'make' /dev/null", ['text:script -c:make']],
  ["sg wheel -c 'make'", ['text:sg:make']],
  ["trap 'rm -rf /' EXIT", ['text:trap:rm -rf /']],
  ["trap -- 'cleanup' INT TERM", ['text:trap:cleanup']],
  ['trap INT', []],
  ['trap - INT', []],
  ['trap -p', []],
  ['trap -l', []],
  // find
  ['find . -exec rm {} ;', ['argv:find -exec:rm {}']],
  ['find . -exec rm {} \\;', ['argv:find -exec:rm {}']],
  ['find . -execdir chmod 644 {} +', ['argv:find -execdir:chmod 644 {}']],
  ["find . -ok rm {} ';'", ['argv:find -ok:rm {}']],
  ['find . -okdir rm {} ;', ['argv:find -okdir:rm {}']],
  ['find . -exec echo + {} + -exec ls {} ;', ['argv:find -exec:echo + {}', 'argv:find -exec:ls {}']],
  ['find . -name x -print', []],
  ['find . -exec', []],
  // Words of a command and values are not primaries; -D takes the next word; -ok ends only at `;`.
  ['find . -name -exec -print', []],
  ["find . -name x -exec rm {} ';' -delete", ['argv:find -exec:rm {}']],
  ["find . -exec echo -exec ';'", ['argv:find -exec:echo -exec']],
  ["find -D -exec rm {} ';'", []],
  ["find -D exec / -exec rm -rf {} +", ['argv:find -exec:rm -rf {}']],
  ["find . -ok rm {} + ';'", ['argv:find -ok:rm {} +']],
  ["find . '-(' -execdir id ';' '-)'", ['argv:find -execdir:id']],
  ["find / -bogus -exec rm -rf {} +", ['argv:find -exec:rm -rf {}']],
  // git
  ["git rebase --exec 'make test' main", ['text:git rebase --exec:make test']],
  ["git rebase --exec='make test' main", ['text:git rebase --exec:make test']],
  ["git rebase -x 'make test' main", ['text:git rebase --exec:make test']],
  ["git rebase -ix 'make test' main", ['text:git rebase --exec:make test']],
  ['git rebase -xmake main', ['text:git rebase --exec:make']],
  ["git -C repo rebase -x 'make' main", ['text:git rebase --exec:make']],
  ['git rebase -s ours main', []],
  ['git rebase -X theirs main', []],
  ["git -c core.pager='less -R' log", ['text:git -c:less -R']],
  ["git -c core.sshCommand='ssh -i k' fetch", ['text:git -c:ssh -i k']],
  ["git -c alias.x='!rm -rf /' x", ['text:git -c:rm -rf /']],
  // A plain alias runs git with its words: read as that git command (gitConfigKeys.ts).
  ['git -c alias.st=status st', ['text:git -c:git status']],
  ["git -c alias.lg='-c core.pager=id log' lg", ['text:git -c:git -c core.pager=id log']],
  ["git -c credential.helper='/bin/rm -rf /' push", ['text:git -c:/bin/rm -rf /']],
  ['git -c credential.helper=store push', ['text:git -c:git credential-store']],
  // git splits an ext:: command into words itself (`% ` is a blank inside one): each word quoted.
  ["git -c 'remote.r.url=ext::sh -c id' fetch r", ["text:git -c:'sh' '-c' 'id'"]],
  ["git -c 'url.ext::id x.insteadOf=p:' fetch p:r", ["text:git -c:'id' 'x'"]],
  ['git -c gpg.program=./sign commit -S -m x', ['argv:git -c:./sign']],
  ["git -c 'trailer.t.cmd=id' interpret-trailers", ['text:git -c:id']],
  ['git -c user.name=x commit -m y', []],
  ["git -c diff.x.textconv='cat' diff", ['text:git -c:cat']],
  ["git -c credential.helper='!echo p' push", ['text:git -c:echo p']],
  ["git submodule foreach 'git pull'", ['text:git submodule foreach:git pull']],
  ['git submodule foreach --recursive git pull', ['argv:git submodule foreach:git pull']],
  ['git bisect run make test', ['argv:git bisect run:make test']],
  ["git filter-branch --tree-filter 'rm -f x' HEAD", ['text:git filter-branch --tree-filter:rm -f x']],
  ["git clone 'ext::sh -c touch% /tmp/p' dir", ["text:git ext:::'sh' '-c' 'touch /tmp/p'"]],
  ["git fetch --upload-pack='touch x' origin", ['text:git --upload-pack:touch x']],
  ["git difftool -x 'meld'", ['text:git difftool --extcmd:meld']],
  ['git log --oneline', []],
  ['git status', []],
  // ssh family, rsync, tar, npm
  ["ssh -o ProxyCommand='nc %h %p' host", ['text:ssh -o ProxyCommand:nc %h %p']],
  ['ssh -oProxyCommand=nc host', ['text:ssh -o ProxyCommand:nc']],
  ["ssh -o 'ProxyCommand nc %h %p' host", ['text:ssh -o ProxyCommand:nc %h %p']],
  ["scp -o LocalCommand='touch x' a host:", ['text:scp -o LocalCommand:touch x']],
  ['ssh -o ProxyCommand=none host', []],
  // ssh's own getopt: clusters, options after the host, any run of blanks and = before the command.
  ["ssh -vo 'ProxyCommand=nc h' host", ['text:ssh -o ProxyCommand:nc h']],
  ["ssh -4oProxyCommand=nc host", ['text:ssh -o ProxyCommand:nc']],
  ["ssh host -o 'ProxyCommand=nc h'", ['text:ssh -o ProxyCommand:nc h']],
  ["ssh -o 'ProxyCommand==nc h' host", ['text:ssh -o ProxyCommand:nc h']],
  ["ssh -i -o host", []],
  ['scp -S ./myssh a host:b', ['text:scp -S:./myssh']],
  ['sftp -D /usr/lib/sftp-server', ['text:sftp -D:/usr/lib/sftp-server']],
  ['ssh -o Port=22 host', []],
  ["ssh host 'rm -rf /'", []],
  ["rsync -e 'ssh -p 2222' a host:b", ['text:rsync -e:ssh -p 2222']],
  ['rsync --rsh=ssh a host:b', ['text:rsync --rsh:ssh']],
  ['rsync -avze ssh a host:b', ['text:rsync -e:ssh']],
  ['rsync -av a host:b', []],
  ["tar -xf x.tar --to-command='cat'", ['text:tar --to-command:cat']],
  ["tar -xf x.tar --to-com='cat'", ['text:tar --to-command:cat']],
  ["tar -cf x.tar --checkpoint-action=exec='sh x' .", ['text:tar --checkpoint-action:sh x']],
  ['tar -I zstd -cf x.tar.zst .', ['text:tar --use-compress-program:zstd']],
  ['tar --use-compress-program=zstd -cf x .', ['text:tar --use-compress-program:zstd']],
  ['tar -xf x.tar', []],
  // Old-style keys take their values in order; -F is --info-script; --list is not --listed-incremental.
  ["tar xvfI x.tar 'zstd -d'", ['text:tar --use-compress-program:zstd -d']],
  ["tar cMLfF 20 x.tar 'sh s' .", ['text:tar --info-script:sh s']],
  ['tar --list --use=zstd -f x.tar', ['text:tar --use-compress-program:zstd']],
  ["npx -c 'eslint .'", ['text:npx --call:eslint .']],
  ["npm exec --call='eslint .'", ['text:npm --call:eslint .']],
  ['npm run build', []],
  // eval (unresolved in practice; read here on words directly below)
  ['ls -la', []],
  ['echo sh -c x', []],
  // awk: the commands the program hands to sh -c (the awk reader, src/gate/programs/awk.ts)
  [`awk 'BEGIN{system("rm -rf /")}'`, ['text:awk system():rm -rf /']],
  [`gawk '{print | "sh"}' f`, ['text:awk print | cmd:sh']],
  [`mawk 'BEGIN{"id" | getline x}'`, ['text:awk cmd | getline:id']],
  [`awk '{system("rm -rf " $1)}' f`, ['text~:awk system():rm -rf ']],
  [`awk -v cmd=id '{system(cmd)}' f`, []],
  [`awk '$3 > 100 {print}' f`, []],
  [`timeout 5 awk 'BEGIN{system("id")}'`, ['text:awk system():id']],
];

describe('executor payloads', () => {
  for (const [command, expected] of ROWS) {
    it(`${command} → ${expected.length === 0 ? 'none' : expected.join(' | ')}`, () => {
      assert.deepEqual(payloadsOf(command).map(shown), expected);
    });
  }

  it('reads eval arguments as shell text (eval itself never resolves)', () => {
    const argv = ['eval', 'rm', '-rf', '/'].map((value) => ({ kind: 'literal' as const, value, raw: value }));
    assert.deepEqual(executedPayloads(argvRecord(argv)).map(shown), ['text:eval:rm -rf /']);
  });
});

describe('executor payloads: approximateWordText', () => {
  const table: Array<[string, string]> = [
    ['"$HOME"/x', '$HOME/x'],
    ["'a b'", 'a b'],
    ["$'\\x41\\n'", 'A\n'],
    ['a\\ b', 'a b'],
    ['"a\\"b"', 'a"b'],
    ['"a\\$b"', 'a$b'],
    ['${HOME}', '${HOME}'],
    ['"rm -rf $(pwd)"', 'rm -rf $(pwd)'],
    ["'unterminated", 'unterminated'],
    ["$'a\\0b'", 'a'],
  ];
  for (const [raw, expected] of table) {
    it(`${raw} → ${JSON.stringify(expected)}`, () => {
      assert.equal(approximateWordText(raw), expected);
    });
  }
});
