import { strict as assert } from 'node:assert';
import type { EffectKind } from '../../../src/gate/programs/effects';
import { recordOf, type SegmentRecord } from '../../../src/gate/programs/segmentRecord';
import { readCommand } from '../../../src/gate/reading/reading';

/**
 * The segment record's typed effects (D§4.3; docs/decisions.md "Effects in words come from the
 * record"): each effect with its place, worked out from the rows' roles and fields, the write
 * targets, the payloads and the open-world reading.
 */

function records(command: string): SegmentRecord[] {
  const reading = readCommand(command, { home: '/home/gate-test', shell: 'bash' });
  assert.ok(reading.resolution.resolved, `${command} should resolve`);
  return reading.resolution.segments.map(recordOf);
}

function only(command: string): SegmentRecord {
  const all = records(command);
  assert.equal(all.length, 1, command);
  return all[0]!;
}

/** The effects as `kind place (via)` strings, for comparing. */
function effects(command: string): string[] {
  return only(command).effects.map((effect) => `${effect.kind} ${effect.place ?? `?${effect.source ?? ''}`} (${effect.via})`);
}

describe('the segment record lists every effect with its place', function () {
  const cases: ReadonlyArray<{ command: string; has: readonly string[]; lacks?: readonly EffectKind[] }> = [
    { command: 'rm -rf out coverage', has: ['deletes out (rm)', 'deletes coverage (rm)'], lacks: ['writes', 'runs'] },
    { command: 'sudo rm -f /tmp/x', has: ['deletes /tmp/x (rm)'] },
    { command: 'mv a b dest/', has: ['moves a (mv)', 'moves b (mv)', 'writes dest/a (mv)', 'writes dest/b (mv)'], lacks: ['deletes'] },
    { command: 'chmod -R 755 build', has: ['permissions build (chmod)'], lacks: ['writes'] },
    { command: 'chmod -x run.sh', has: ['permissions run.sh (chmod)'] },
    { command: 'chown dev:dev build', has: ['owner build (chown)'], lacks: ['writes'] },
    { command: 'chgrp staff notes.txt', has: ['owner notes.txt (chgrp)'] },
    { command: 'truncate -s 0 app.log', has: ['truncates app.log (truncate)'], lacks: ['writes'] },
    { command: ': > app.log', has: ['truncates app.log (redirect >)'] },
    { command: 'echo done >> app.log', has: ['appends app.log (redirect >>)'], lacks: ['truncates'] },
    { command: 'chsh -s /usr/bin/zsh', has: ['edits /etc/passwd (chsh -s)'], lacks: ['truncates', 'writes'] },
    { command: 'tee -a app.log', has: ['appends app.log (tee)'], lacks: ['writes'] },
    { command: 'tee app.log', has: ['writes app.log (tee)'], lacks: ['appends'] },
    { command: 'cp a.txt b.txt', has: ['reads a.txt (cp)', 'writes b.txt (cp)'] },
    { command: 'dd if=/dev/zero of=disk.img bs=1M count=1', has: ['reads /dev/zero (dd if=)', 'writes disk.img (dd of=)'] },
    { command: 'sed -i s/a/b/ notes.txt', has: ['writes notes.txt (sed -i)'], lacks: ['runs'] },
    { command: 'find . -name "*.tmp" -delete', has: ['deletes what it finds in . (find -delete)'], lacks: ['runs'] },
    { command: 'nc -l 8080', has: ['listens port 8080 (nc -l)'] },
    { command: 'python3 -m http.server', has: ['listens ? (python3 -m http.server)'] },
    { command: 'python3 -m pytest', has: [], lacks: ['listens'] },
    { command: 'curl -T report.pdf https://upload.example.com/in', has: ['contacts upload.example.com (curl)', 'sends report.pdf (curl -T)'] },
    { command: 'scp notes.txt build.example.com:', has: ['contacts build.example.com (scp)', 'sends notes.txt (scp)'] },
    { command: 'git push origin main', has: ['sends the repository of the folder it runs in (git push)', 'contacts the remote origin (git push)'] },
    { command: 'ssh build.example.com uptime', has: ['contacts build.example.com (ssh)', 'runs uptime (ssh, on the host it names)'] },
    { command: "sh -c 'rm -f x'", has: ['runs rm -f x (sh -c)'] },
    { command: 'userdel -r bob', has: ['deletes bob and its home folder (userdel)'] },
    { command: 'rsync --remove-source-files a.txt backup.example.com:in/', has: ['deletes a.txt (rsync --remove-source-files)', 'contacts backup.example.com (rsync)'] },
    { command: 'cat > "$OUT"', has: ['truncates ?"$OUT" (redirect >)'] },
  ];
  for (const { command, has, lacks } of cases) {
    it(command, function () {
      const found = effects(command);
      for (const effect of has) assert.ok(found.includes(effect), `${command}: expected ${effect} in ${JSON.stringify(found)}`);
      const kinds = new Set(only(command).effects.map((effect) => effect.kind));
      for (const kind of lacks ?? []) assert.ok(!kinds.has(kind), `${command}: no ${kind} expected in ${JSON.stringify(found)}`);
    });
  }

  it('finds none for a command the row places whole, and says so', function () {
    for (const command of ['ls -la', 'git status', 'wc -l README.md']) {
      const record = only(command);
      assert.deepEqual(record.effects, [], command);
      assert.equal(record.unplaced, null, command);
    }
  });

  it('says what it could not read instead of none', function () {
    assert.match(only('frobnicate --all out').unplaced ?? '', /no row for frobnicate/);
    assert.match(only('rg "$X" src').unplaced ?? '', /may become an option of rg/);
    assert.match(only('rg "$X" src').effectLines().join('; '), /^cannot read: /);
  });

  it('puts the effects in words, grouped by kind and way', function () {
    assert.deepEqual(only('rm -rf out coverage').effectLines(), ['deletes out, coverage (rm)']);
    assert.deepEqual(only('chmod 600 key.pem').effectLines(), ['changes the permissions of key.pem (chmod)']);
    assert.deepEqual(only(': > app.log').effectLines(), ['truncates app.log (redirect >)']);
    assert.deepEqual(only("sh -c 'rm -f x'").effectLines(), ['runs "rm -f x" (sh -c)']);
    assert.deepEqual(only('nc -l 8080').effectLines(), ['listens on port 8080 (nc -l)']);
    assert.deepEqual(only('python3 -m http.server 8000').effectLines(), ['listens on a port (python3 -m http.server)']);
    assert.deepEqual(only('cat > "$OUT"').effectLines().slice(0, 1), ['truncates a place only known at run time ("$OUT") (redirect >)']);
  });

  it('works the effects out once per record', function () {
    const record = only('rm -rf out');
    assert.equal(record.effects, record.effects);
  });
});
