import { decide } from '../gate/pipeline';
import { readCommand } from '../gate/reading';
import type { Action } from '../gate/decision';
import type { CliOptions } from './options';
import { raterFromOptions, servicesFor } from './gateServices';
import { formatTrace } from './trace';

/** Exit codes of `explain` (D§14). */
export const EXIT_CODES: Readonly<Record<Action, number>> = { approve: 0, escalate: 2, reject: 3, halt: 4 };

export async function runExplain(options: CliOptions, out: (text: string) => void): Promise<number> {
  const command = options.words.join(' ');
  const rater = raterFromOptions(options);
  const decision = await decide({ command, cwd: options.cwd }, servicesFor(options, rater));
  if (options.json || options.capture) {
    out(JSON.stringify(decision, null, 2));
  } else {
    out(formatTrace(readCommand(command, { home: options.home }), options.rung, decision));
  }
  return EXIT_CODES[decision.action];
}
