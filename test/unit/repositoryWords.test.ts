import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Words a newcomer can follow: the project's issue tracker is not part of the repository, so a
 * tracked text file does not cite its numbers: the word issue followed by a number (with a space,
 * `#` or `-` between), or a title "Targets of" one.
 * Say what was meant instead: the behaviour, the design section (D§N, docs/architecture.md) or the
 * docs/ page and section that records the decision. Other projects' public issues stay citable in
 * their `owner/repo#N` form (`zed-industries/zed#37343`).
 */

const ROOT = join(__dirname, '..', '..');
const SCANNED = ['src', 'test', 'bench', 'scripts', 'docs', 'webview-ui', 'media', 'README.md'];

/** A public issue of another project, `owner/repo#N` (and `… and #M` after it): allowed. */
const PUBLIC_ISSUE = /[\w.-]+\/[\w.-]+#\d+(?:(?:,\s*|\s+and\s+)#\d+)*/g;
/** A tracker number: issue or issues, then a space, ` #` or `-`, then digits; or a "Targets of" title. */
const TRACKER_REFERENCE = /\bissues?(?: #?|-)\d+|\btargets of (?:issue)\b/i; // (?:…) keeps a plain grep for the phrase off this line

/** The tracker reference on a line, or null. */
function trackerReference(line: string): string | null {
  if (!TRACKER_REFERENCE.test(line)) return null;
  const found = TRACKER_REFERENCE.exec(line.replace(PUBLIC_ISSUE, ''));
  return found === null ? null : found[0];
}

function trackedTextFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--', ...SCANNED], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(listed.status, 0, `git ls-files failed: ${listed.stderr}`);
  return listed.stdout.split('\0').filter((file) => file !== '');
}

describe('repository words: no issue-tracker numbers in tracked files', function () {
  this.timeout(120000);

  it('finds a tracker reference and lets a public owner/repo#N stand', () => {
    const tracker = 'iss' + 'ue';
    for (const line of [
      `read-only since ${tracker} 16 (docs/decisions.md)`,
      `## The program table (${tracker} 13)`,
      `(${tracker} 14, in part)`,
      `${tracker.toUpperCase()} 31 (rows-audit): options`,
      `Targets of ${tracker} 2 on this machine`,
      `fixed in ${tracker} #7`,
      `see ${tracker}-31`,
      `"provenance": "authored for this corpus from ${tracker} 13 (the program table)"`,
      `${tracker}s 28 and 29`,
    ]) {
      assert.notEqual(trackerReference(line), null, line);
    }
    for (const line of [
      'quoted in zed-industries/zed#37343 and anthropics/claude-code#39283',
      'openai/codex#18694 and #21381 (git global pager options)',
      'echo issue#42',
      'gh issue list --state open',
      'destructive: issue delete — deletes the issue on the forge',
      'the design section (D§4.3) and docs/decisions.md, "The program table"',
    ]) {
      assert.equal(trackerReference(line), null, line);
    }
  });

  it('no tracked text file under src, test, bench, scripts, docs, webview-ui, media or README.md cites one', () => {
    const files = trackedTextFiles();
    assert.ok(files.length > 100, `only ${files.length} tracked files found`);
    const found: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.includes(0)) continue; // binary
      const text = bytes.toString('utf8');
      if (!TRACKER_REFERENCE.test(text)) continue; // the common case, without splitting lines
      text.split('\n').forEach((line, i) => {
        const reference = trackerReference(line);
        if (reference !== null) found.push(`${file}:${i + 1}: "${reference}" in ${line.trim().slice(0, 160)}`);
      });
    }
    assert.deepEqual(
      found,
      [],
      `${found.length} tracker reference(s); say what was meant instead (the behaviour, D§N, or the docs/ page and section):\n${found.join('\n')}`,
    );
  });
});
