/**
 * The code cells of a document a tool runs (docs/decisions.md "REPLs, consoles and scripts fed
 * code on their input"): a notebook's code cells (Jupyter's JSON, `nbformat`) and a literate
 * document's fenced code blocks (Quarto and R Markdown's ```` ```{python} ````, knitr's ```` ```{r} ````,
 * MyST's ```` ```{code-cell} python ````, a plain ```` ```python ```` fence). Rendering or executing
 * such a document (`quarto render`, `jupyter nbconvert --execute`, `papermill`, `knitr`) runs each
 * cell in its language's kernel, so each is handed on with the program whose reader reads it:
 * Python through IPython's (its `!cmd` and `%%bash` are shell text), shell cells as `sh`, any other
 * language by its name (its language row, or the generic one).
 */

export interface CodeCell {
  /** The program name whose reader reads the cell (`ipython`, `sh`, `r`, `julia`, …). */
  program: string;
  code: string;
}

/** Most cells read from one document. */
const MAX_CELLS = 64;

/** A fence opening a code block: ```` ```{python …} ````, ```` ```python ````, ```` ```{code-cell} ipython3 ````, `~~~`. */
const FENCE = /^([ \t]*)(`{3,}|~{3,})[ \t]*(\{[^}\n]*\}|[A-Za-z][\w+.-]*)?([^\n]*)\n([\s\S]*?)^\1\2[ \t]*$/gm;

/** The code cells of `text`, when it is a notebook or holds fenced code blocks; empty otherwise. */
export function documentCells(text: string): CodeCell[] {
  return [...notebookCells(text), ...fencedCells(text)].slice(0, MAX_CELLS);
}

function notebookCells(text: string): CodeCell[] {
  if (!/^\s*\{/.test(text) || !text.includes('"cells"')) return [];
  let notebook: unknown;
  try {
    notebook = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof notebook !== 'object' || notebook === null) return [];
  const { cells, metadata } = notebook as { cells?: unknown; metadata?: { kernelspec?: { language?: unknown; name?: unknown }; language_info?: { name?: unknown } } };
  if (!Array.isArray(cells)) return [];
  const language = [metadata?.kernelspec?.language, metadata?.language_info?.name, metadata?.kernelspec?.name].find((value): value is string => typeof value === 'string') ?? 'python';
  const out: CodeCell[] = [];
  for (const cell of cells as unknown[]) {
    if (typeof cell !== 'object' || cell === null) continue;
    const { cell_type: type, source } = cell as { cell_type?: unknown; source?: unknown };
    if (type !== 'code') continue;
    const code = Array.isArray(source) ? source.filter((line): line is string => typeof line === 'string').join('') : typeof source === 'string' ? source : '';
    if (code.trim() !== '') out.push({ program: programFor(language), code });
  }
  return out;
}

function fencedCells(text: string): CodeCell[] {
  if (!text.includes('```') && !text.includes('~~~')) return [];
  const out: CodeCell[] = [];
  for (const match of text.matchAll(FENCE)) {
    if (out.length >= MAX_CELLS) break;
    const info = (match[3] ?? '') + (match[4] ?? '');
    // `{python}`, `{r setup, include=FALSE}`, `{code-cell} python`, `python`: the first name that is not `code-cell`.
    const names = info.replace(/[{}]/g, ' ').split(/[\s,=]+/).filter((name) => /^[A-Za-z][\w+.-]*$/.test(name) && name !== 'code-cell' && name !== 'code');
    const language = names[0];
    if (language === undefined) continue;
    out.push({ program: programFor(language), code: match[5]! });
  }
  return out;
}

/** The reader's program for a kernel or fence language name. */
function programFor(language: string): string {
  const name = language.toLowerCase();
  if (/^(?:i?python[0-9.]*|py|pyodide|ipython[0-9]*)$/.test(name)) return 'ipython';
  if (/^(?:bash|sh|shell|zsh|console)$/.test(name)) return 'sh';
  if (name === 'ir') return 'r';
  return name;
}
