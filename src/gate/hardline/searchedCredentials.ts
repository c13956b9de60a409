/**
 * A search's starting folders that are credential stores (docs/decisions.md "A search's `{}` in a
 * credential folder is a credential"): `find ~/.ssh … -exec CMD {} ;` hands CMD the folder and
 * every file below it, so `{}` is read as the folder itself, which the credential-exfiltration arm
 * (D§5) knows (`~/.ssh`, `~/.aws`, a home's hidden places at their worst). A name test does not
 * narrow it: every file below a credential folder is one at its worst. Only executors that may
 * send read it (the recheck of `{}` runs the arms on the filled command).
 */
import type { Word } from '../reading/resolution';
import type { PathPlace } from '../programs/pathResolver';
import { literalText } from './commandName';
import { credentialKind, homeStateAtWorst } from './paths';

/** The starting folders of a search that are credentials themselves or at their worst. */
export function credentialStarts(startPoints: readonly Word[], place: PathPlace): Word[] {
  return startPoints.filter((word) => {
    const text = literalText(word);
    return text !== null && (credentialKind(text, place.home) !== null || homeStateAtWorst(text, place.home) !== null);
  });
}
