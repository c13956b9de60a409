import * as vscode from 'vscode';
import { parseListEntries } from '../gate/lists/listEntry';
import type { EffectiveSettings } from '../gate/settings/effectiveSettings';
import {
  holdBackWidening,
  parseWideningFingerprint,
  wideningFingerprint,
  type WideningChange,
  type WideningFingerprint,
} from '../gate/settings/wideningChanges';
import type { SettingsService } from './settingsService';

/** The widening the person has accepted, per workspace, in the extension's own storage. */
const ACCEPTED_KEY = 'approvalsGate.acceptedWidening';

/**
 * Agents can edit settings files with their own tools, so a change that widens what runs without
 * asking (a new allow entry, a higher rung, another rater endpoint…) is held back until a person
 * confirms it. Until then the gate runs on the settings with that widening taken out; narrowing
 * changes apply at once.
 */
export class WideningGuard implements vscode.Disposable {
  private held: { settings: EffectiveSettings; heldBack: WideningChange[] };
  private announced = '';
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly state: vscode.Memento,
    private readonly service: SettingsService,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.held = this.compute();
    this.announce();
    this.subscription = service.onDidChange(() => this.recompute());
  }

  /** The settings the gate runs on: the settings in force, less any unconfirmed widening. */
  get settings(): EffectiveSettings {
    return this.held.settings;
  }

  get heldBack(): readonly WideningChange[] {
    return this.held.heldBack;
  }

  /** Asks the person (modal) whether to apply the held-back changes. */
  async review(): Promise<boolean> {
    this.recompute(false);
    const changes = this.held.heldBack;
    if (changes.length === 0) {
      void vscode.window.showInformationMessage('No setting changes are waiting for confirmation.');
      return false;
    }
    const apply = 'Apply these changes';
    const answer = await vscode.window.showWarningMessage(
      'Settings were changed outside Approvals Gate in ways that would let more commands run without asking.',
      { modal: true, detail: changes.map((c) => `• ${c.summary} (${c.setting})`).join('\n') },
      apply,
    );
    if (answer !== apply) return false;
    await this.state.update(ACCEPTED_KEY, wideningFingerprint(this.service.current.settings));
    this.log.info(`Accepted setting changes: ${changes.map((c) => c.summary).join(' ')}`);
    this.recompute(false);
    return true;
  }

  /**
   * Accepts exactly one allow entry the person wrote on the card (and nothing else that may be
   * pending), after it was saved to settings.
   */
  async acceptAllowEntry(entry: { match: 'prefix' | 'glob'; pattern: string }): Promise<void> {
    this.service.refresh();
    const parsed = parseListEntries([entry], 'allow', 'approval card').entries[0];
    if (!parsed) return;
    const accepted = this.accepted() ?? wideningFingerprint(this.held.settings);
    const identity = { match: parsed.match, pattern: parsed.pattern, rate: parsed.rate, writes: parsed.writes };
    await this.state.update(ACCEPTED_KEY, { ...accepted, allow: [...accepted.allow, identity] });
    this.recompute(false);
  }

  private accepted(): WideningFingerprint | null {
    return parseWideningFingerprint(this.state.get(ACCEPTED_KEY));
  }

  private compute(): { settings: EffectiveSettings; heldBack: WideningChange[] } {
    return holdBackWidening(this.service.current.settings, this.accepted());
  }

  private recompute(announce = true): void {
    this.held = this.compute();
    if (announce) this.announce();
    this.changed.fire();
  }

  /** A non-modal notice once per distinct set of held-back changes. */
  private announce(): void {
    const key = JSON.stringify(this.held.heldBack.map((c) => c.summary));
    if (key === this.announced) return;
    this.announced = key;
    if (this.held.heldBack.length === 0) return;
    for (const change of this.held.heldBack) this.log.warn(`Held back until confirmed: ${change.summary} (${change.setting})`);
    void vscode.window
      .showWarningMessage(
        `Approvals Gate is holding back ${this.held.heldBack.length} setting change(s) that would let more commands run without asking.`,
        'Review…',
      )
      .then((choice) => (choice ? this.review() : undefined));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
