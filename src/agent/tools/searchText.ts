import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { z } from 'zod';
import type { AgentTool, ToolContext, ToolOutcome } from '../agentTool';
import { looksBinary, readHead } from '../boundedRead';
import { confinePath } from '../workspacePaths';
import { pathArgument } from './readFile';

/**
 * `search_text {query, path?}` — free, confined to the workspace, bounded. A plain substring
 * search (no regular expressions: a model-written pattern must not be able to stall the host),
 * case-insensitive when the query has no capital letter. Symbolic links are never followed, so
 * the walk cannot leave the workspace; `.git` and `node_modules` are skipped.
 */

export const SEARCH_TEXT = 'search_text';
export const SEARCH_MAX_QUERY_CHARS = 500;
export const SEARCH_MAX_MATCHES = 200;
export const SEARCH_MAX_FILES = 20_000;
/** Files larger than this are skipped (and counted). */
export const SEARCH_MAX_FILE_BYTES = 1024 * 1024;
/** A matching line is shown up to this many characters. */
export const SEARCH_LINE_CHARS = 240;
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

export const searchTextArgs = z.strictObject({
  query: z
    .string()
    .describe('The text to find (plain text, not a regular expression; case-insensitive unless it has a capital letter).')
    .min(1, 'the query is empty')
    .max(SEARCH_MAX_QUERY_CHARS, `the query is longer than ${SEARCH_MAX_QUERY_CHARS} characters`)
    .refine((q) => !/[\r\n\0]/.test(q), 'the query must be one line of text'),
  path: pathArgument.optional(),
});
export type SearchTextArgs = z.infer<typeof searchTextArgs>;

export const searchTextTool: AgentTool<SearchTextArgs> = {
  name: SEARCH_TEXT,
  schema: searchTextArgs,
  signature: '{"query": string, "path"?: string}',
  description: () =>
    'Search the text files of the workspace (or of one folder or file in it) for a piece of text; returns "path:line: text" for each match, ' +
    `at most ${SEARCH_MAX_MATCHES}. Plain text, not a regular expression; case-insensitive unless the query has a capital letter. ` +
    'Skips .git, node_modules, binary files and files over 1 MiB, and never follows symbolic links. Runs without asking.',
  async run(args: SearchTextArgs, context: ToolContext): Promise<ToolOutcome> {
    const start = await confinePath(context.workspaceRoot, args.path ?? '.', true);
    if (!start.ok) return { ok: false, text: start.error };
    const search = new Search(args.query, start.root, context.signal);
    await search.visit(start.real, true);
    if (context.signal.aborted) return { ok: false, text: 'Cancelled.' };
    return { ok: true, text: search.report(start.relative) };
  },
};

class Search {
  private readonly needle: string;
  private readonly foldCase: boolean;
  readonly matches: string[] = [];
  private files = 0;
  private skippedLarge = 0;
  private stopped: string | null = null;

  constructor(query: string, private readonly root: string, private readonly signal: AbortSignal) {
    this.foldCase = query === query.toLowerCase();
    this.needle = this.foldCase ? query.toLowerCase() : query;
  }

  /** Depth first, names in order, so the same tree gives the same answer. */
  async visit(path: string, isStart: boolean): Promise<void> {
    if (this.stopped || this.signal.aborted) return;
    let entries: Dirent[];
    try {
      entries = await readdir(path, { withFileTypes: true });
    } catch (error) {
      // The start may be a single file; anything else unreadable is skipped.
      if (isStart && (error as { code?: unknown }).code === 'ENOTDIR') await this.searchFile(path);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (this.stopped || this.signal.aborted) return;
      const child = join(path, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) await this.visit(child, false);
      } else if (entry.isFile()) {
        await this.searchFile(child);
      }
    }
  }

  private async searchFile(path: string): Promise<void> {
    if (++this.files > SEARCH_MAX_FILES) {
      this.stopped = `the search stopped after ${SEARCH_MAX_FILES} files`;
      return;
    }
    const head = await readHead(path, SEARCH_MAX_FILE_BYTES);
    if (!head.ok) return;
    if (head.size > SEARCH_MAX_FILE_BYTES) {
      this.skippedLarge++;
      return;
    }
    if (looksBinary(head.bytes)) return;
    const lines = head.bytes.toString('utf8').split('\n');
    const shownPath = relative(this.root, path);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const haystack = this.foldCase ? line.toLowerCase() : line;
      if (!haystack.includes(this.needle)) continue;
      this.matches.push(`${shownPath}:${i + 1}: ${shownLine(line)}`);
      if (this.matches.length >= SEARCH_MAX_MATCHES) {
        this.stopped = `the search stopped at ${SEARCH_MAX_MATCHES} matches`;
        return;
      }
    }
  }

  report(where: string): string {
    const notes: string[] = [];
    if (this.stopped) notes.push(`(${this.stopped}; narrow the query or the path for more.)`);
    if (this.skippedLarge > 0) notes.push(`(${this.skippedLarge} files over 1 MiB were skipped.)`);
    if (this.matches.length === 0) return [`No matches in ${where}.`, ...notes].join('\n');
    return [`${this.matches.length} ${this.matches.length === 1 ? 'match' : 'matches'} in ${where}:`, ...this.matches, ...notes].join('\n');
  }
}

/** A matching line on one line: control characters shown as spaces, cut to the bound. */
function shownLine(line: string): string {
  const flat = line.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ').trim();
  return flat.length > SEARCH_LINE_CHARS ? `${flat.slice(0, SEARCH_LINE_CHARS)}…` : flat;
}
