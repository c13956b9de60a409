import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import type { Rater } from '../gate/rater/raterContract';
import { RATER_KEY_SECRET } from './apiKeyCommands';
import type { WideningGuard } from './wideningGuard';

type RaterModule = typeof import('./raterModule');

export interface RaterSettings {
  baseUrl: string;
  model: string;
  timeoutMs: number;
}

/**
 * Raters for the ratings made while one piece of work runs (a `@gate` chat request, a preview):
 * `fallback` stands in when no endpoint is configured (D§8: the chat's own model); `override`
 * replaces even a configured one.
 */
export interface RaterScope {
  fallback?: Rater;
  override?: Rater;
}

/**
 * Supplies the rater for each rating from the settings in force and the key in secret storage.
 * The LangChain bundle is loaded on first use. With no endpoint configured it answers the
 * scope's fallback (see `within`), else `null`, and the pipeline fails the rating closed as
 * `no-model`.
 */
export class RaterProvider {
  private module: RaterModule | undefined;
  private cached: { fingerprint: string; rater: Rater } | undefined;
  /**
   * The scope of the work in progress. The gated path asks for a rater at each decision, far
   * from the chat request that caused it; an async-local scope reaches exactly the decisions
   * made on behalf of that request, and none of a concurrent one.
   */
  private readonly scope = new AsyncLocalStorage<RaterScope>();

  constructor(
    private readonly settings: () => RaterSettings,
    private readonly secrets: vscode.SecretStorage,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async current(): Promise<Rater | null> {
    const scope = this.scope.getStore();
    if (scope?.override) return scope.override;
    const { baseUrl, model, timeoutMs } = this.settings();
    if (baseUrl.trim() === '' || model.trim() === '') return scope?.fallback ?? null;
    const apiKey = await this.secrets.get(RATER_KEY_SECRET);
    const fingerprint = JSON.stringify([baseUrl, model, timeoutMs, apiKey ?? '']);
    if (this.cached?.fingerprint === fingerprint) return this.cached.rater;
    const module = this.load();
    const rater = module.createOpenAiRater({ baseUrl, model, apiKey, timeoutMs });
    this.log.info(`Rater: ${module.openAiRaterLabel(baseUrl, model)}, budget ${timeoutMs} ms${apiKey ? '' : ' (no API key set)'}`);
    this.cached = { fingerprint, rater };
    return rater;
  }

  /** Runs `fn` with `scope` in force for the ratings made while it runs, and only those. */
  within<T>(scope: RaterScope, fn: () => Promise<T>): Promise<T> {
    return this.scope.run(scope, fn);
  }

  /** The budget for one rating, from the settings in force. */
  get timeoutMs(): number {
    return this.settings().timeoutMs;
  }

  /** The model label for records (no key). */
  label(): string | undefined {
    const { baseUrl, model } = this.settings();
    return baseUrl && model ? this.load().openAiRaterLabel(baseUrl, model) : undefined;
  }

  /** The LangChain bundle (`dist/rater.js`: the rater, and the `@gate` agent), loaded on first use. */
  load(): RaterModule {
    // A computed path keeps esbuild from pulling the rater into the extension bundle.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.module ??= require(join(__dirname, 'rater.js')) as RaterModule;
    return this.module;
  }
}

/** The provider over the rater settings in force (after the widening guard), read at each rating. */
export function createRaterProvider(widening: WideningGuard, secrets: vscode.SecretStorage, log: vscode.LogOutputChannel): RaterProvider {
  return new RaterProvider(
    () => ({ baseUrl: widening.settings.rater.baseUrl ?? '', model: widening.settings.rater.model ?? '', timeoutMs: widening.settings.rater.timeoutMs }),
    secrets,
    log,
  );
}
