import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a Claude Code shell snapshot into `home` (`.claude/shell-snapshots/NAME`): the one
 * 2.1.328 really wrote for zsh (test/fixtures/shellSnapshots), with none of the user's functions
 * and `aliases` (`alias -- NAME=VALUE` lines) as the user's aliases. A hook test that stands for
 * a running Claude Code session needs one: with none, the gate reads every Claude Code command
 * unresolved (docs/agent-hooks.md, "Which shell runs the command").
 */
export function writeClaudeSnapshot(home: string, name = 'snapshot-zsh-1796400000000-agtest.sh', aliases = ''): string {
  const real = readFileSync(path.join(__dirname, '../fixtures/shellSnapshots/claude-code-2.1.328-zsh.sh'), 'utf8');
  const text = real.replace(/^# Functions\n[\s\S]*?(?=^# Shell Options)/m, '# Functions\n').replace(/^# Aliases\n(?:alias .*\n)*/m, () => `# Aliases\n${aliases}`);
  const file = path.join(home, '.claude', 'shell-snapshots', name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}
