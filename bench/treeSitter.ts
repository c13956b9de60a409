/**
 * tree-sitter-bash, the parser VS Code, Codex and Gemini CLI use, loaded from node_modules
 * (`web-tree-sitter` runtime + the `tree-sitter-bash.wasm` grammar shipped in the npm package).
 * Nothing is downloaded: both files are read from disk.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Language, Parser } from 'web-tree-sitter';

export const BASH_WASM = path.resolve(__dirname, '..', 'node_modules', 'tree-sitter-bash', 'tree-sitter-bash.wasm');

/** A ready parser; `parse` builds the tree and frees it, which is all a parse-only timing needs. */
export interface BashParser {
  parse(command: string): void;
}

export async function loadBashParser(): Promise<BashParser> {
  if (!fs.existsSync(BASH_WASM)) throw new Error(`tree-sitter-bash grammar not found at ${BASH_WASM} (npm install)`);
  await Parser.init();
  const language = await Language.load(fs.readFileSync(BASH_WASM));
  const parser = new Parser();
  parser.setLanguage(language);
  return {
    parse(command: string): void {
      const tree = parser.parse(command);
      if (!tree) throw new Error('tree-sitter returned no tree');
      tree.delete();
    },
  };
}
