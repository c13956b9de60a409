import type { GateServices } from '../gate/pipeline';
import { failClosedResult, FixedVerdictRater, NoModelRater, type Rater, type RatingRequest, type RatingResult } from '../gate/rater/raterContract';
import type { CliOptions } from './options';
import type { OpenAiRaterConfig } from '../gate/rater/openAiRater';
import type { ListEntry } from '../gate/lists/listEntry';
import type { Rung } from '../gate/rung';

/** The rater the command line asks for: a stub outcome, a model, or none (fails closed). */
export function raterFromOptions(options: CliOptions, env: NodeJS.ProcessEnv = process.env): Rater {
  if (options.raterStub) {
    return new FixedVerdictRater({ outcome: options.raterStub, reason: `--rater-stub ${options.raterStub}` }, 'stub');
  }
  if (options.raterUrl && options.raterModel) {
    return lazyOpenAiRater({
      baseUrl: options.raterUrl,
      model: options.raterModel,
      apiKey: raterApiKey(options, env),
      ...(options.raterTimeoutMs !== undefined ? { timeoutMs: options.raterTimeoutMs } : {}),
    });
  }
  return new NoModelRater();
}

/**
 * The OpenAI-compatible rater, built on its first rating. LangChain is most of the CLI bundle;
 * evaluating it only when a model is actually asked keeps `batch` and `explain` with stub or
 * per-line verdicts from carrying its module state (and the garbage collector from walking it
 * on every collection). Like every rater it never throws: a module that fails to load is a
 * fail-closed rating; a rating that throws is handled by the pipeline as before.
 */
function lazyOpenAiRater(config: OpenAiRaterConfig): Rater {
  let rater: Promise<Rater> | undefined;
  return {
    async rate(request: RatingRequest): Promise<RatingResult> {
      let loaded: Rater;
      try {
        rater ??= import('../gate/rater/openAiRater').then((module) => module.createOpenAiRater(config));
        loaded = await rater;
      } catch (error) {
        return failClosedResult('threw', 'unknown', `the rater module could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
      }
      return loaded.rate(request);
    },
  };
}

/** The rater's API key, from the environment variable the options name (never from a flag). */
export function raterApiKey(options: CliOptions, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[options.raterApiKeyEnv];
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
