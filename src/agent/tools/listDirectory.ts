import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { AgentTool, ToolContext, ToolOutcome } from '../agentTool';
import { confinePath, errorText } from '../workspacePaths';
import { pathArgument } from './readFile';

/** `list_directory {path}` — free, confined to the workspace, capped. */

export const LIST_DIRECTORY = 'list_directory';
/** Entries shown from one folder. */
export const LIST_DIRECTORY_MAX_ENTRIES = 500;

export const listDirectoryArgs = z.strictObject({ path: pathArgument });
export type ListDirectoryArgs = z.infer<typeof listDirectoryArgs>;

export const listDirectoryTool: AgentTool<ListDirectoryArgs> = {
  name: LIST_DIRECTORY,
  schema: listDirectoryArgs,
  signature: '{"path": string}',
  description: () =>
    'List a folder in the workspace ("." is the workspace folder): one entry per line, folders end in "/", symbolic links are marked. ' +
    `At most ${LIST_DIRECTORY_MAX_ENTRIES} entries. Runs without asking; paths outside the workspace are refused.`,
  async run(args: ListDirectoryArgs, context: ToolContext): Promise<ToolOutcome> {
    const path = await confinePath(context.workspaceRoot, args.path, true);
    if (!path.ok) return { ok: false, text: path.error };
    let names: string[];
    try {
      names = (await readdir(path.real)).sort();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ENOTDIR') return { ok: false, text: `${path.relative} is a file, not a folder. Use read_file for files.` };
      return { ok: false, text: `Cannot list ${path.relative}: ${errorText(error)}.` };
    }
    const shown = names.slice(0, LIST_DIRECTORY_MAX_ENTRIES);
    const lines: string[] = [];
    for (const name of shown) {
      if (context.signal.aborted) return { ok: false, text: 'Cancelled.' };
      lines.push(await describeEntry(path.real, name));
    }
    const header = `${path.relative}/ (${names.length} ${names.length === 1 ? 'entry' : 'entries'}${names.length > shown.length ? `; the first ${shown.length} are shown` : ''}):`;
    return { ok: true, text: names.length === 0 ? `${path.relative}/ is empty.` : [header, ...lines].join('\n') };
  },
};

async function describeEntry(folder: string, name: string): Promise<string> {
  // Names are untrusted text: JSON quoting keeps a newline in a name from forging another entry.
  const shown = /^[\x21-\x7e][\x20-\x7e]*$/.test(name) && !name.endsWith(' ') ? name : JSON.stringify(name);
  try {
    const stat = await lstat(join(folder, name));
    if (stat.isDirectory()) return `${shown}/`;
    if (stat.isSymbolicLink()) return `${shown} (symbolic link)`;
    if (stat.isFile()) return `${shown} (${stat.size} bytes)`;
    return `${shown} (special file)`;
  } catch {
    return `${shown} (unreadable)`;
  }
}
