import { decide } from '../gate/pipeline';
import { readCommand } from '../gate/reading/reading';
import type { Action } from '../gate/decision';
import type { CliOptions } from './options';
import { raterApiKey, raterFromOptions, servicesFor } from './gateServices';
import { CaptureLog } from '../gate/capture/captureLog';
import { collectSecretLiterals, redact } from '../gate/capture/redaction';
import { formatTrace } from '../gate/decisionTrace';

/** Exit codes of `explain` (D§14). */
export const EXIT_CODES: Readonly<Record<Action, number>> = { approve: 0, escalate: 2, reject: 3, halt: 4 };

export async function runExplain(options: CliOptions, out: (text: string) => void): Promise<number> {
  const command = options.words.join(' ');
  const rater = raterFromOptions(options);
  const capture = new CaptureLog();
  const decision = await decide({ command, cwd: options.cwd, shell: options.shell, tool: 'cli' }, { ...servicesFor(options, rater), capture });
  if (options.capture) {
    // The capture record holds the exact prompt and raw answer: it goes through the redaction pass.
    const secrets = { literals: collectSecretLiterals(process.env, [raterApiKey(options) ?? '']) };
    out(JSON.stringify(redact(capture.records()[0], secrets), null, 2));
  } else if (options.json) {
    out(JSON.stringify(decision, null, 2));
  } else {
    out(formatTrace(readCommand(command, { home: options.home, shell: options.shell }), options.rung, decision));
  }
  return EXIT_CODES[decision.action];
}
