import type { GateServices } from '../gate/pipeline';
import { FixedVerdictRater, NoModelRater, type Rater } from '../gate/raterContract';
import type { CliOptions } from './options';
import { createOpenAiRater } from '../gate/rater/openAiRater';
import type { ListEntry } from '../gate/listEntry';
import type { Rung } from '../gate/rung';

/** The rater the command line asks for: a stub outcome, a model, or none (fails closed). */
export function raterFromOptions(options: CliOptions): Rater {
  if (options.raterStub) {
    return new FixedVerdictRater({ outcome: options.raterStub, reason: `--rater-stub ${options.raterStub}` }, 'stub');
  }
  if (options.raterUrl && options.raterModel) {
    return createOpenAiRater({
      baseUrl: options.raterUrl,
      model: options.raterModel,
      apiKey: raterApiKey(options),
      ...(options.raterTimeoutMs !== undefined ? { timeoutMs: options.raterTimeoutMs } : {}),
    });
  }
  return new NoModelRater();
}

/** The rater's API key, from the environment variable the options name (never from a flag). */
export function raterApiKey(options: CliOptions): string | undefined {
  const value = process.env[options.raterApiKeyEnv];
  return value === undefined || value === '' ? undefined : value;
}

/** Services for one decision: the options' policy, optionally widened by a batch line's own lists. */
export function servicesFor(
  options: CliOptions,
  rater: Rater,
  extra: { rung?: Rung; allow?: ListEntry[]; deny?: ListEntry[]; escalate?: ListEntry[] } = {},
): GateServices {
  return {
    policy: {
      rung: extra.rung ?? options.rung,
      allow: [...options.allow, ...(extra.allow ?? [])],
      deny: [...options.deny, ...(extra.deny ?? [])],
      escalate: [...options.escalate, ...(extra.escalate ?? [])],
      defaultAllow: options.defaultAllow,
      grants: [],
      denyGrants: [],
    },
    rater,
    person: null,
    home: options.home,
  };
}
