import { visit } from 'jsonc-parser';

/**
 * The first key given twice in one object of a JSON text. `JSON.parse` quietly keeps the last
 * of two same-named keys, so a text read from a model (the rater's verdict, the agent's tool
 * arguments) could say one thing to a person reading it and another to the gate; both readers
 * refuse such a text instead. One home for the check, shared by `modelRater.ts` and
 * `src/gate/agent/toolArguments.ts`.
 */

/**
 * The first key that appears a second time within the same object of `text` (a valid JSON text:
 * the caller has parsed it already), in reading order, or `null` when no object repeats a key.
 * Keys of different objects (`{"a":{"a":1}}`) do not count. Never throws.
 */
export function duplicateKey(text: string): string | null {
  const open: Array<Set<string>> = [];
  let found: string | null = null;
  visit(text, {
    onObjectBegin: () => {
      open.push(new Set());
    },
    onObjectEnd: () => {
      open.pop();
    },
    onObjectProperty: (property) => {
      const keys = open[open.length - 1];
      if (!keys || found !== null) return;
      if (keys.has(property)) found = property;
      keys.add(property);
    },
  });
  return found;
}
