import type { GateServices } from '../gate/pipeline';
import { FixedVerdictRater, NoModelRater, type Rater } from '../gate/raterContract';
import type { CliOptions } from './options';
import { UsageError } from './options';
import type { ListEntry } from '../gate/listEntry';
import type { Rung } from '../gate/rung';

/** The rater the command line asks for: a stub outcome, a model, or none (fails closed). */
export function raterFromOptions(options: CliOptions): Rater {
  if (options.raterStub) {
    return new FixedVerdictRater({ outcome: options.raterStub, reason: `--rater-stub ${options.raterStub}` }, 'stub');
  }
  if (options.raterUrl) {
    throw new UsageError('--rater-url: the model rater is not available in this build');
  }
  return new NoModelRater();
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
