import { join } from 'node:path';
import type * as vscode from 'vscode';
import type { Rater } from '../gate/raterContract';
import { RATER_KEY_SECRET } from './apiKeyCommands';

type RaterModule = typeof import('./raterModule');

export interface RaterSettings {
  baseUrl: string;
  model: string;
  timeoutMs: number;
}

/**
 * Supplies the rater for each rating from the settings in force and the key in secret storage.
 * The LangChain bundle is loaded on first use. With no endpoint configured it answers `null`,
 * and the pipeline fails the rating closed as `no-model` (issue 5 adds the chat's own model).
 */
export class RaterProvider {
  private module: RaterModule | undefined;
  private cached: { fingerprint: string; rater: Rater } | undefined;

  constructor(
    private readonly settings: () => RaterSettings,
    private readonly secrets: vscode.SecretStorage,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async current(): Promise<Rater | null> {
    const { baseUrl, model, timeoutMs } = this.settings();
    if (baseUrl.trim() === '' || model.trim() === '') return null;
    const apiKey = await this.secrets.get(RATER_KEY_SECRET);
    const fingerprint = JSON.stringify([baseUrl, model, timeoutMs, apiKey ?? '']);
    if (this.cached?.fingerprint === fingerprint) return this.cached.rater;
    const module = this.load();
    const rater = module.createOpenAiRater({ baseUrl, model, apiKey, timeoutMs });
    this.log.info(`Rater: ${module.openAiRaterLabel(baseUrl, model)}, budget ${timeoutMs} ms${apiKey ? '' : ' (no API key set)'}`);
    this.cached = { fingerprint, rater };
    return rater;
  }

  /** The model label for records (no key). */
  label(): string | undefined {
    const { baseUrl, model } = this.settings();
    return baseUrl && model ? this.load().openAiRaterLabel(baseUrl, model) : undefined;
  }

  private load(): RaterModule {
    // A computed path keeps esbuild from pulling the rater into the extension bundle.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.module ??= require(join(__dirname, 'rater.js')) as RaterModule;
    return this.module;
  }
}
