/**
 * Shrinks a command line that shows a differential to a short one that still shows it, so a
 * finding of the generated run becomes a regression line a person can read (and add to the
 * corpus). Greedy and deterministic: remove whole words first, then runs of characters of halving
 * length, keeping every removal after which `stillFails` holds, until no removal helps or the
 * attempt budget is spent.
 */
export async function shrinkCommand(
  command: string,
  stillFails: (candidate: string) => Promise<boolean>,
  budget = 400,
): Promise<{ shrunk: string; attempts: number }> {
  let current = command;
  let attempts = 0;
  const tryCandidate = async (candidate: string): Promise<boolean> => {
    if (attempts >= budget || candidate === current || candidate.trim() === '') return false;
    attempts++;
    if (!(await stillFails(candidate))) return false;
    current = candidate;
    return true;
  };

  // Whole words (split on blanks, keeping the blanks so the rest reads as it did).
  let progress = true;
  while (progress && attempts < budget) {
    progress = false;
    const words = current.split(/(?<=[ \t])/);
    for (let i = 0; i < words.length && attempts < budget; i++) {
      if (await tryCandidate([...words.slice(0, i), ...words.slice(i + 1)].join(''))) {
        progress = true;
        break;
      }
    }
  }
  // Runs of characters, longest first.
  for (let size = Math.max(1, Math.floor(current.length / 2)); size >= 1 && attempts < budget; size = Math.floor(size / 2)) {
    let at = 0;
    while (at < current.length && attempts < budget) {
      if (!(await tryCandidate(current.slice(0, at) + current.slice(at + size)))) at += size;
    }
  }
  return { shrunk: current, attempts };
}
