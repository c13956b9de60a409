/**
 * Near misses over the everyday corpus, the red-team sets' class S lines and the benign sets, each with its own
 * `allow` entries (docs/decisions.md, "Near misses"): every escalation in which a simple command
 * that nothing covers shares its program with one of the line's entries names an entry of the
 * line and a reason. Manual rung, the built-in list on, nobody to ask. The figure is printed.
 */
import { parseListEntries } from '../../../src/gate/lists/listEntry';
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readCommand } from '../../../src/gate/reading/reading';
import { peelWrappers } from '../../../src/gate/programs/wrappers';
import type { ReadingShell } from '../../../src/gate/reading/resolution';
import { decideUnder, INVARIANT_HOME, manualEntry, type Config } from '../../support/decisionInvariants';

interface Line {
  id: string;
  command: string;
  allow?: unknown[];
  class?: string;
  note?: string;
  /** The shell the line is written for (`zsh` for zsh-only syntax); absent: read for any shell. */
  shell?: ReadingShell;
}

const FIXTURES = path.resolve(__dirname, '..', '..', 'fixtures');

function lines(): Line[] {
  const read = (file: string) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Line);
  const everyday = read(path.join(FIXTURES, 'eval', 'everyday.jsonl'));
  // The red-team sets' S lines and the benign sets beside them (all S).
  const redteam = ['redteam', path.join('redteam', 'benign')]
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(FIXTURES, folder))
        .filter((name) => name.endsWith('.jsonl'))
        .sort()
        .map((name) => path.join(FIXTURES, folder, name)),
    )
    .flatMap(read)
    .filter((line) => line.class === 'S' && !(line.note ?? '').includes('(judge)'));
  // A line whose entries the gate would refuse (`xargs -I{} echo`: an unquoted `{`) says nothing of
  // near misses: the entry is named and dropped before any command is matched.
  return [...everyday, ...redteam].filter((line) => (line.allow ?? []).length > 0 && parseListEntries(line.allow, 'allow', 'corpus').errors.length === 0);
}

/** The program words of each simple command (first word and every wrapped command's), read independently of the near-miss code. */
function programsBySegment(command: string, shell: ReadingShell = 'bash'): Array<{ raw: string; programs: Set<string> }> {
  const reading = readCommand(command, { home: INVARIANT_HOME, shell });
  if (!reading.resolution.resolved) return [];
  return reading.resolution.segments.map((segment) => {
    const programs = new Set<string>();
    const first = segment.argv[0];
    if (first?.kind === 'literal') programs.add(first.value);
    for (const layer of peelWrappers(segment.argv).layers) {
      const inner = layer.inner[0];
      if (inner?.kind === 'literal') programs.add(inner.value);
    }
    return { raw: segment.raw, programs };
  });
}

function entryProgram(entry: unknown): string | null {
  const pattern = typeof entry === 'string' ? entry : typeof entry === 'object' && entry !== null ? String((entry as { pattern?: unknown }).pattern ?? '') : '';
  const first = pattern.replace(/^\^/, '').split(' ')[0] ?? '';
  return first === '' ? null : first;
}

describe('near misses over the everyday corpus and the red-team S lines', function () {
  this.timeout(600_000);

  it('every escalation with an uncovered command sharing an entry\'s program names an entry and a reason', async function () {
    let expected = 0;
    let named = 0;
    let rewrites = 0;
    const kinds = new Map<string, number>();
    const missing: string[] = [];
    const corpus = lines();
    for (const line of corpus) {
      const allow = line.allow ?? [];
      const config: Config = { ...manualEntry(allow), defaultAllow: true };
      const decision = await decideUnder(line.command, config, line.shell);
      // Escalated because the allow stage found no cover (manual rung: the unrated-rung stage).
      if (decision.action !== 'escalate' || decision.escalatedFrom !== 'unrated-rung') continue;
      const programs = new Set(allow.map(entryProgram).filter((p): p is string => p !== null));
      let sharing = false;
      for (const segment of programsBySegment(line.command, line.shell)) {
        if (![...segment.programs].some((p) => programs.has(p))) continue;
        // That command alone: not approved means nothing covers it.
        const alone = await decideUnder(segment.raw, config, line.shell);
        if (alone.action !== 'approve') sharing = true;
      }
      if (!sharing) continue;
      expected += 1;
      const misses = decision.nearMiss ?? [];
      const ok = misses.length > 0 && misses.every((m) => allow.some((e) => (typeof e === 'string' ? e : JSON.stringify(e)) === m.entry) && m.why.length > 0);
      if (ok) named += 1;
      else missing.push(`${line.id}: ${line.command} (${JSON.stringify(allow)}): ${decision.reason}`);
      if (misses.some((m) => m.rewrite !== undefined)) rewrites += 1;
      for (const m of misses) kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1);
    }
    console.log(`near misses: ${corpus.length} lines with entries; ${expected} escalations with an uncovered command sharing an entry's program; ${named} name the entry and a reason; ${rewrites} offer a checked rewrite; kinds ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    assert.ok(expected > 0, 'the corpus has no such escalation: the test would prove nothing');
    assert.deepEqual(missing, []);
  });
});
