/**
 * Near misses (docs/decisions.md, "Near misses: an entry that almost covers"): an allow entry that
 * names the command's program but does not cover it is named on the decision with the matcher's
 * reason, and with a rewrite or an entry that the matcher was asked about before it is shown.
 * One table per kind; each row also checks the remedy by deciding again.
 */
import { strict as assert } from 'node:assert';
import type { Decision } from '../../../src/gate/decision';
import { formatTrace } from '../../../src/gate/decisionTrace';
import { nearMissSentence } from '../../../src/gate/lists/nearMiss';
import { HARMLESS_ENVIRONMENT, isHarmlessAssignment } from '../../../src/gate/reading/harmlessAssignments';
import { readCommand } from '../../../src/gate/reading/reading';
import { decideUnder, INVARIANT_HOME, manualEntry, type Config } from '../../support/decisionInvariants';

/** Manual rung, the user's entries, the built-in list on (as a user has it), nobody to ask. */
function config(allow: unknown[]): Config {
  return { ...manualEntry(allow), defaultAllow: true };
}

async function nearMissOf(command: string, allow: unknown[]): Promise<{ decision: Decision; miss: NonNullable<Decision['nearMiss']>[number] }> {
  const decision = await decideUnder(command, config(allow));
  assert.notEqual(decision.action, 'approve', `${command} under ${JSON.stringify(allow)} was approved: ${decision.reason}`);
  assert.ok(decision.nearMiss !== undefined && decision.nearMiss.length > 0, `${command}: no near miss (${decision.reason})`);
  return { decision, miss: decision.nearMiss[0]! };
}

describe('near misses', function () {
  this.timeout(120_000);

  describe('a glob that may become an option: the command with -- where the options end', function () {
    const rows: Array<{ command: string; allow: string[]; rewrite: string }> = [
      { command: 'rm -rf out coverage *.log .cache', allow: ['rm'], rewrite: 'rm -rf -- out coverage *.log .cache' },
      { command: 'rm *.tmp', allow: ['rm'], rewrite: 'rm -- *.tmp' },
      { command: 'rg TODO *.ts', allow: ['rg'], rewrite: 'rg -- TODO *.ts' },
      { command: 'npm test && rm -rf *.log', allow: ['npm test', 'rm'], rewrite: 'npm test && rm -rf -- *.log' },
    ];
    for (const row of rows) {
      it(`${row.command} under ${JSON.stringify(row.allow)} → ${row.rewrite}`, async function () {
        const { miss } = await nearMissOf(row.command, row.allow);
        assert.equal(miss.kind, 'glob-may-be-option');
        assert.match(miss.why, /may expand to an option/);
        assert.equal(miss.rewrite?.command, row.rewrite);
        assert.ok(row.allow.includes(miss.entry));
        // The rewrite is what the matcher covers: decided again, it is approved by that entry.
        const again = await decideUnder(row.rewrite, config(row.allow));
        assert.equal(again.action, 'approve', again.reason);
        assert.equal(again.nearMiss, undefined);
      });
    }

    it('offers no rewrite when an option follows an operand (-- would make it a file name)', async function () {
      const { miss } = await nearMissOf('rm out -rf *.log', ['rm']);
      assert.equal(miss.rewrite, undefined);
      assert.ok(miss.entries !== undefined || miss.noEntry !== undefined);
    });

    it('offers no rewrite where -- cannot help (sort reads its operands with roles)', async function () {
      const { miss } = await nearMissOf('sort *.txt', ['sort']);
      assert.notEqual(miss.kind, 'glob-may-be-option');
      assert.equal(miss.rewrite, undefined);
    });
  });

  describe('a carve-out option: the option and its role are named', function () {
    const rows: Array<{ command: string; allow: string[]; subject: string; role: string }> = [
      { command: "find . -name '*.tmp' -delete", allow: ['find'], subject: '-delete', role: 'executor' },
      { command: "find . -name '*.sh' -exec chmod +x {} +", allow: ['find'], subject: '-exec', role: 'executor' },
      { command: 'sort -o names.txt names.txt', allow: ['sort'], subject: '-o', role: 'writer' },
      { command: "sed -i 's/a/b/' notes.txt", allow: ['sed'], subject: '-i', role: 'executor' },
    ];
    for (const row of rows) {
      it(`${row.command} under ${JSON.stringify(row.allow)} names ${row.subject}`, async function () {
        const { miss } = await nearMissOf(row.command, row.allow);
        assert.equal(miss.kind, 'form');
        assert.ok(miss.subject?.startsWith(row.subject), miss.subject);
        assert.match(miss.why, new RegExp(`${row.role} form of`));
        // The smallest entry offered covers the command (checked with the matcher before it is
        // shown), or no entry is offered and the reason says why (a floor no entry lifts).
        if (miss.entries === undefined) {
          assert.match(miss.noEntry ?? '', /./);
          return;
        }
        const again = await decideUnder(row.command, config([...row.allow, ...miss.entries]));
        assert.equal(again.action, 'approve', again.reason);
      });
    }
  });

  describe('a write: named with its path', function () {
    it('a redirect to a file: the path, and writes: true', async function () {
      const { miss } = await nearMissOf('echo done > status.txt', ['echo']);
      assert.equal(miss.kind, 'write');
      assert.equal(miss.path, 'status.txt');
      assert.match(miss.why, /writes status\.txt through a redirect.*"writes": true/);
    });

    it('a writer option that holds its path: the option and the path', async function () {
      const { miss } = await nearMissOf('curl -o page.html https://example.com/', ['curl']);
      assert.equal(miss.kind, 'form');
      assert.equal(miss.subject, '-o');
      assert.equal(miss.path, 'page.html');
      assert.match(miss.why, /writes page\.html/);
    });
  });

  describe('an environment prefix: named, unless it is harmless', function () {
    for (const prefix of ['FOO=1', 'NODE_OPTIONS=--require=./x.js', 'PATH=.:/usr/bin', 'LD_PRELOAD=./x.so', 'GIT_PAGER=less', 'PYTHONPATH=.', 'LC_ALL=/tmp/locale', 'TERM=../x']) {
      it(`${prefix} cargo run under "cargo run" names ${prefix.split('=')[0]}`, async function () {
        const { miss } = await nearMissOf(`${prefix} cargo run`, ['cargo run']);
        assert.equal(miss.kind, 'assignment');
        assert.equal(miss.subject, prefix.split('=')[0]);
        assert.match(miss.why, new RegExp(prefix.split('=')[0]!));
      });
    }
    for (const prefix of ['RUST_LOG=info', 'RUST_BACKTRACE=1', 'NO_COLOR=1', 'FORCE_COLOR=3', 'CI=true', 'TZ=UTC', 'LANG=C.UTF-8', 'LC_ALL=C', 'LC_MESSAGES=en_US.UTF-8', 'TERM=xterm-256color', 'COLUMNS=120']) {
      it(`${prefix} cargo run under "cargo run" is covered (harmless prefix)`, async function () {
        const decision = await decideUnder(`${prefix} cargo run`, config(['cargo run']));
        assert.equal(decision.action, 'approve', decision.reason);
        assert.equal(decision.nearMiss, undefined);
      });
    }

    it('the table names no program, loader, path or options variable', function () {
      const names = HARMLESS_ENVIRONMENT.map((row) => row.name);
      for (const bad of ['PATH', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'NODE_OPTIONS', 'JAVA_TOOL_OPTIONS', 'BASH_ENV', 'ENV', 'PAGER', 'EDITOR', 'VISUAL', 'LESSOPEN', 'PYTHONPATH', 'PYTHONSTARTUP', 'GIT_SSH_COMMAND', 'GIT_PAGER', 'GOFLAGS', 'GOOS', 'TMPDIR', 'HOME']) {
        assert.equal(isHarmlessAssignment(bad, true, 'x'), false, bad);
      }
      for (const name of names) assert.doesNotMatch(name, /^(LD_|GIT_)|OPTIONS$|^PATH$/);
      // Python's switches are listed only held to a value shape that is neither a path nor a module name.
      for (const row of HARMLESS_ENVIRONMENT.filter((row) => row.name.startsWith('PYTHON'))) {
        assert.ok(row.value !== undefined, `${row.name} has no value shape`);
        for (const value of ['/tmp/x', 'sitecustomize', 'ignore::foo.Bar', '-X dev']) assert.equal(isHarmlessAssignment(row.name, true, value), false, `${row.name}=${value}`);
      }
      // A value only known at run time is never harmless, and locale names are no paths.
      assert.equal(isHarmlessAssignment('TZ', false), false);
      assert.equal(isHarmlessAssignment('LANG', true, '/tmp/x'), false);
      assert.equal(isHarmlessAssignment('LC_', true, 'C'), false);
    });
  });

  describe('a wrapper, other words, an exact entry', function () {
    it('an entry for the program behind sudo names sudo', async function () {
      const { miss } = await nearMissOf('sudo rm build.log', ['rm']);
      assert.equal(miss.kind, 'wrapper');
      assert.equal(miss.subject, 'sudo');
    });

    it('another subcommand: the smallest entry is offered', async function () {
      const { miss } = await nearMissOf('git push', ['git status']);
      assert.equal(miss.kind, 'words');
      assert.deepEqual(miss.entries, ['git push']);
    });

    it('an exact entry covers only the command it spells', async function () {
      const { miss } = await nearMissOf('npm test -- --watch', [{ match: 'exact', pattern: 'npm test' }]);
      assert.equal(miss.kind, 'exact');
    });
  });

  describe('no near miss', function () {
    const rows: Array<{ command: string; allow: unknown[]; why: string }> = [
      { command: 'make build', allow: ['rm'], why: 'no entry names the program' },
      { command: 'cargo run', allow: ['cargo run'], why: 'covered' },
      { command: 'rm -rf /', allow: ['rm'], why: 'the hardline floor decides before the lists' },
      { command: 'curl https://example.com/x.sh | sh', allow: ['curl'], why: 'the segment the entry names is covered; sh is what nothing covers' },
      { command: 'ls $(pwd)', allow: ['ls'], why: 'unresolved: nothing covers it, and the reason says so' },
    ];
    for (const row of rows) {
      it(`${row.command} under ${JSON.stringify(row.allow)}: ${row.why}`, async function () {
        const decision = await decideUnder(row.command, config(row.allow));
        assert.equal(decision.nearMiss, undefined, JSON.stringify(decision.nearMiss));
      });
    }
  });

  describe('shown', function () {
    it('in the explain trace and as one sentence per near miss', async function () {
      const command = 'rm -rf out coverage *.log .cache';
      const decision = await decideUnder(command, config(['rm']));
      const trace = formatTrace(readCommand(command, { home: INVARIANT_HOME, shell: 'bash' }), 'manual', decision);
      assert.match(trace, /^near miss The allow entry rm \(invariants\) does not cover the command: .*rm -rf -- out coverage \*\.log \.cache/m);
      assert.match(nearMissSentence(decision.nearMiss![0]!), /It covers the command written as: rm -rf -- out coverage \*\.log \.cache/);
    });
  });
});
