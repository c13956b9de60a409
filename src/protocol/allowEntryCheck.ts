import { parseListEntries } from '../gate/lists/listEntry';
import { matchAllow } from '../gate/lists/listMatcher';
import type { Escalation } from '../gate/person';
import type { EditedAllowEntry } from './messages';

/**
 * The extension's own check of an entry written in the card's "Always allow…" editor (D§11).
 * The webview's live preview uses a simple matcher over plain strings (`webview-ui/entryPreview.ts`);
 * it is a guide for the person, never the judge. Before anything is stored, the entry is read by
 * the gate's real list parser (the same load-time checks a settings entry gets) and must cover
 * the command on the card with the gate's real list matcher. Extension-side only.
 *
 * Returns why the entry is refused, or `null` when it may be stored.
 */
export type EntryCheck = (entry: EditedAllowEntry, escalation: Escalation) => string | null;

export const checkEditedAllowEntry: EntryCheck = (entry, escalation) => {
  const { entries, errors } = parseListEntries([{ match: entry.match, pattern: entry.pattern }], 'allow', `approvalsGate.allow (${entry.scope})`);
  if (errors.length > 0 || entries.length !== 1) {
    return `The gate cannot use this entry: ${errors[0]?.message ?? 'it could not be read'}`;
  }
  if (!matchAllow(escalation.reading, entries)) {
    return "This entry does not cover the command on this card when the gate's list matcher reads it, so it was not stored.";
  }
  return null;
};
