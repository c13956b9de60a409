/**
 * The built-in default allow list (D§6). Each entry must be safe for ANY words an agent adds
 * around it: every entry is probed with hostile suffixes and prefixes (fixture
 * `test/fixtures/lists/hostile-suffixes.json`), and each example command with the options that
 * would turn its program into an executor or writer. Every probe has a positive control: the
 * bare command is covered, so a list that covered nothing would fail here too.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ARCHIVE_WORDS, DEFAULT_ALLOW_LIST, DEFAULT_ALLOW_LIST_ERRORS } from '../../../src/gate/lists/defaultAllowList';
import { parseListEntries, type ListEntry } from '../../../src/gate/lists/listEntry';
import { matchAllow } from '../../../src/gate/lists/listMatcher';
import { readCommand } from '../../../src/gate/reading/reading';

const HOME = '/home/tester';

const PROBES = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'lists', 'hostile-suffixes.json'), 'utf8')) as {
  generic: string[];
  prefixes: string[];
  /** Wrappers that peel (D§4.3): the wrapped command is covered by the entry that covers it alone. */
  peeling: string[];
  byEntry: Record<string, string[]>;
  innocent: string[];
  optionGlobs: string[];
};

function covered(command: string): boolean {
  return matchAllow(readCommand(command, { home: HOME, shell: 'bash' }), DEFAULT_ALLOW_LIST) !== null;
}

/** Regexp entries whose literal start alone is no command they cover: an example that is. */
const REGEXP_EXAMPLES: Readonly<Record<string, string>> = {
  '^git ([a-z][a-z0-9-]*) --help$': 'git switch --help',
  [`^tar -?[vzjJ]*t[vzjJ]*f ${ARCHIVE_WORDS}$`]: 'tar -tzf a.tgz',
  [`^bsdtar -?[vzjJ]*t[vzjJ]*f ${ARCHIVE_WORDS}$`]: 'bsdtar -tzf a.tgz',
  [`^gtar -?[vzjJ]*t[vzjJ]*f ${ARCHIVE_WORDS}$`]: 'gtar -tzf a.tgz',
  [`^unzip -[lvtqZ]*[lvtZ][lvtqZ]* ${ARCHIVE_WORDS}$`]: 'unzip -l a.zip',
  "^git tag( (-n|--no-column|--sort=-?[a-z:]+))* (-l|--list)( (-l|--list|-n|--no-column|--sort=-?[a-z:]+|[A-Za-z0-9_.:/][A-Za-z0-9_.:/-]*|'[A-Za-z0-9_.:/*?][A-Za-z0-9_.:/*?-]*'))*$": "git tag --list 'v1.*'",
};

/** A command the entry covers on its own: the pattern itself, or for a regexp its base form. */
function baseCommand(entry: ListEntry): string {
  if (entry.match === 'regexp') {
    const example = REGEXP_EXAMPLES[entry.pattern];
    if (example !== undefined) return example;
    const base = /^\^([a-z -]+?)\(/.exec(entry.pattern)?.[1];
    assert.ok(base, `cannot derive a base command from ${entry.pattern}`);
    return base;
  }
  return entry.pattern;
}

describe('default allow list', () => {
  it('loads without errors', () => {
    assert.deepEqual(DEFAULT_ALLOW_LIST_ERRORS, []);
    assert.ok(DEFAULT_ALLOW_LIST.length >= 30);
  });

  it('is built-in, never rated, never writing', () => {
    for (const entry of DEFAULT_ALLOW_LIST) {
      assert.equal(entry.list, 'default-allow', entry.text);
      assert.equal(entry.rate, false, entry.text);
      assert.equal(entry.writes, false, entry.text);
      assert.equal(entry.source, 'built-in', entry.text);
      assert.notEqual(entry.match, 'exact', 'default entries go through the carve-outs');
    }
  });

  it('names each program once per form (no duplicate entries)', () => {
    const texts = DEFAULT_ALLOW_LIST.map((e) => e.text);
    assert.equal(new Set(texts).size, texts.length);
  });

  describe('covers everyday read-only commands (fixture `innocent`)', () => {
    for (const command of PROBES.innocent) {
      it(command, () => assert.ok(covered(command)));
    }
  });

  describe('every entry stays closed against hostile suffixes and prefixes', () => {
    for (const entry of DEFAULT_ALLOW_LIST) {
      const base = baseCommand(entry);
      it(`${entry.text} (probing "${base}")`, () => {
        assert.ok(covered(base), `positive control: "${base}" itself must be covered`);
        const leaks: string[] = [];
        for (const suffix of PROBES.generic) if (covered(base + suffix)) leaks.push(JSON.stringify(base + suffix));
        for (const prefix of PROBES.prefixes) if (covered(prefix + base)) leaks.push(JSON.stringify(prefix + base));
        for (const prefix of PROBES.peeling) for (const suffix of PROBES.generic) if (covered(prefix + base + suffix)) leaks.push(JSON.stringify(prefix + base + suffix));
        assert.deepEqual(leaks, []);
        for (const prefix of PROBES.peeling) assert.ok(covered(prefix + base), `a wrapper that peels: "${prefix + base}" is covered like "${base}"`);
      });
    }
  });

  describe('xargs CMD is covered exactly when CMD * is: words from input are any words, like a glob\'s', () => {
    for (const entry of DEFAULT_ALLOW_LIST) {
      if (entry.match !== 'prefix') continue;
      const base = baseCommand(entry);
      it(`xargs ${base}`, () => assert.equal(covered(`xargs ${base}`), covered(`${base} *`)));
    }
    for (const command of ['xargs wc -l', 'xargs -0 grep -l TODO', 'xargs -n1 -P4 wc -l', 'xargs -r -t cat', 'xargs -a list.txt cat', 'xargs -E END -L 2 head -n 1', 'find . -name x | xargs ls -la',
      // Each input line fills an operand of a command whose words only read (docs/decisions.md,
      // "Input xargs puts inside the command's words").
      'xargs -I{} cat {}', 'xargs -i cat {}']) {
      it(`covered: ${command}`, () => assert.ok(covered(command)));
    }
    for (const command of [
      'xargs rm', 'xargs sh -c x', 'xargs -I{} {}', 'xargs -I{} cp {} dest', 'xargs -I{} rm {}', 'xargs --replace cat', 'xargs find', 'xargs find .', 'xargs sed -n p',
      'xargs env', 'xargs env cat', 'xargs -p cat', 'xargs -o cat', 'xargs --process-slot-var=PATH cat', 'xargs --show-limits cat', 'xargs rg foo', 'xargs sort',
      'xargs git log', 'xargs jq .', 'xargs ps', 'xargs history', 'xargs', 'xargs timeout 5 cat', 'xargs xargs cat', 'xargs cat > out', 'xargs "$P"', 'xargs cat *', 'X=1 xargs cat',
    ]) {
      it(`not covered: ${command}`, () => assert.ok(!covered(command)));
    }
  });

  describe('a glob that may become an option of a program whose options have roles stays uncovered (fixture `optionGlobs`)', () => {
    for (const command of PROBES.optionGlobs) {
      it(command, () => {
        const literal = command.replace(/ (\*|\?|\[a\]\*|\$HOME|\$PATH)$/, '');
        assert.notEqual(literal, command, 'each line ends in the glob');
        assert.ok(covered(literal), `positive control: "${literal}" is covered`);
        assert.ok(!covered(command), `"${command}" is covered`);
      });
    }
  });

  describe('git -C DIR X is cd DIR && git X: covered by the entry for git X, and only -C', () => {
    it('other working-folder options a row carves out stay carved out', () => {
      const entries = parseListEntries(['cargo build', 'make test'], 'allow', 'test').entries;
      for (const command of ['cargo -C /tmp/x build', 'make -C /tmp/x test']) assert.equal(matchAllow(readCommand(command, { home: HOME, shell: 'bash' }), entries), null, command);
    });
    for (const command of ['git -C . branch --show-current', 'git -C sub status', 'git -C a -C b log --oneline', "git -C . tag -l 'v*'", 'git -C . --no-pager log', 'git -C src/sub diff --stat']) {
      it(`covered: ${command}`, () => assert.ok(covered(command)));
    }
    for (const command of [
      'git -C . -c core.pager=sh log', 'git -c x=y -C . status', 'git -C "$D" status', 'git -C $HOME status', 'git -C . --git-dir=x status', 'git -C . --work-tree=/ status',
      'git -C . --exec-path=/tmp status', 'git -C . -p log', 'git --no-pager -C . log', 'git -C . --config-env=core.pager=X log', 'git -C . push', 'git -C . log --output=x', 'git -C . status > out', 'git -C',
      'git -C . branch -D main', 'git -C . config core.pager sh', 'git -C . -C',
      'git -C /tmp/evilrepo log', 'git -C ~/other status', 'git -C ../other status', 'git -C sub/../.. status', 'git -C . -C /tmp log',
    ]) {
      it(`not covered: ${command}`, () => assert.ok(!covered(command)));
    }
  });

  describe('program-specific executor and writer options stay uncovered', () => {
    for (const [base, suffixes] of Object.entries(PROBES.byEntry)) {
      it(`${base}: ${suffixes.length} hostile forms`, () => {
        assert.ok(covered(base), `positive control: "${base}" itself must be covered`);
        const leaks = suffixes.filter((suffix) => covered(base + suffix)).map((s) => JSON.stringify(base + s));
        assert.deepEqual(leaks, []);
      });
    }

    it('probes every default program that has a carve-out row', () => {
      const probed = new Set(Object.keys(PROBES.byEntry).map((base) => base.split(' ')[0]));
      for (const program of ['find', 'rg', 'fd', 'tree', 'file', 'sort', 'uniq', 'sed', 'printf', 'date', 'git']) {
        assert.ok(probed.has(program), program);
      }
    });
  });
});

describe('default allow list: listing forms of rows that also change things (ip, ifconfig, printenv)', () => {
  for (const command of ['ip a', 'ip -br -c addr show', 'ip route get 1.1.1.1', 'ip -s link ls', 'ip netns', 'ifconfig', 'ifconfig -a', 'ifconfig eth0', 'printenv PATH', 'printenv HOME', 'lscpu', 'lsb_release -a', 'whatis ls', 'apropos socket']) {
    it(`covered: ${command}`, () => assert.ok(covered(command)));
  }
  for (const command of [
    'ip addr add 10.0.0.1/24 dev eth0', 'ip link set eth0 down', 'ip route flush all', 'ip link property add dev eth0 altname x', 'ip mptcp endpoint add 10.0.0.1',
    'ip netns add x', 'ip netns exec ns ls', 'ip vrf exec v ls', 'ip -batch cmds.txt', 'ip -b -', 'ip a restore', 'ifconfig eth0 down', 'ifconfig eth0 10.0.0.2',
    'printenv', 'printenv GH_TOKEN', 'printenv PATH GH_TOKEN', 'printenv "$NAME"', 'apropos -C /tmp/man.conf x', 'whatis --config-file=/tmp/x ls',
  ]) {
    it(`not covered: ${command}`, () => assert.ok(!covered(command)));
  }
});

describe('default allow list: version forms of compilers and build tools, exactly those words', () => {
  for (const command of ['gcc --version', 'g++ -v', 'clang --version', 'cc --version', 'make --version', 'cmake --version', 'javac -version', 'perl -v', 'php --version', 'tsc -v', 'deno --version']) {
    it(`covered: ${command}`, () => assert.ok(covered(command)));
  }
  for (const command of ['gcc --version -o x a.c', 'gcc -v a.c', 'make -v', 'make --version all', 'make', 'cmake --version -P x.cmake', 'perl -v -e 1', 'php -v -r 1', 'tsc -v -p .', 'go version', 'cargo --version', 'rustc --version']) {
    it(`not covered: ${command}`, () => assert.ok(!covered(command)));
  }
});

describe('default allow list: archive listings (tar -t, unzip -l), one cluster then plain words', () => {
  for (const command of ['tar -tf a.tar', 'tar tvf a.tar', 'tar -tzf a.tgz', 'tar -ztvf a.tgz', 'tar -tJf a.tar.xz src/x.c', 'tar -tf -', 'bsdtar -tf a.tar', 'unzip -l a.zip', 'unzip -v a.zip', 'unzip -lq a.zip docs/x.md', 'unzip -t a.zip', 'unzip -Z a.zip']) {
    it(`covered: ${command}`, () => assert.ok(covered(command)));
  }
  for (const command of [
    'tar -xzf a.tgz', 'tar -czf out.tgz src', 'tar -tf a.tar --to-command=sh', 'tar -tf host:a.tar', 'tar -tf a.tar -C /', 'tar -tIf prog a.tar', 'tar -tf a.tar --use-compress-program=x',
    'tar -txf a.tar', 'tar -tf', 'tar tfI a.tar prog', 'unzip a.zip', 'unzip -l a.zip -d out', 'unzip -o a.zip', 'unzip -l a.zip -x y', 'unzip -Z -1 a.zip', "unzip -l 'a b.zip'",
  ]) {
    it(`not covered: ${command}`, () => assert.ok(!covered(command)));
  }
});

describe('default allow list: what npm records (root, prefix, pkg get, config list, explain, why)', () => {
  for (const command of ['npm root', 'npm root -g', 'npm prefix', 'npm pkg get version', 'npm pkg get scripts', 'npm config list', 'npm config list -l', 'npm explain react', 'npm why react']) {
    it(`covered: ${command}`, () => assert.ok(covered(command)));
  }
  for (const command of ['npm pkg set scripts.x=y', 'npm pkg delete scripts', 'npm config set x y', 'npm config edit', 'npm root --script-shell=/tmp/x', 'npm why react --userconfig=/tmp/rc', 'npm explore react']) {
    it(`not covered: ${command}`, () => assert.ok(!covered(command)));
  }
});
