import * as vscode from 'vscode';
import { effectiveSettings, scopeValuesFromInspect, settingsRefusal, SCOPE_LABELS, unknownSectionNames, type SettingsReading } from '../gate/settings/effectiveSettings';
import { SETTING_PREFIX, type SettingKey } from '../gate/settings/settingsSchema';

/**
 * The settings in force, re-read whenever a setting or the workspace's trust changes. Invalid
 * values are named in a notification and the log and ignored (never widened), except those whose
 * loss could narrow the guard: with one of those the gate refuses every command ({@link refusal},
 * GatedExecution). In an untrusted workspace the workspace values of widening settings are
 * ignored (D§13).
 */
export class SettingsService implements vscode.Disposable {
  private reading: SettingsReading;
  private reported = '';
  private readonly changed = new vscode.EventEmitter<SettingsReading>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.reading = this.read();
    this.report();
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SETTING_PREFIX.slice(0, -1))) this.refresh();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()),
    );
  }

  get current(): SettingsReading {
    return this.reading;
  }

  refresh(): void {
    this.reading = this.read();
    this.report();
    this.changed.fire(this.reading);
  }

  /**
   * Why the gate refuses every command with the settings in force (a bad deny or escalate
   * value, an unreadable rung or defaultAllow, an unknown approvalsGate.* name: dropping any of
   * them could let run what the user meant to stop), or null.
   */
  get refusal(): string | null {
    return settingsRefusal(this.reading.problems, (p) => `your ${SCOPE_LABELS[p.scope]}`);
  }

  /** The values that were dropped (each a warning the card shows). */
  get warnings(): string[] {
    return this.reading.problems.filter((p) => !p.refuses).map((p) => `${p.setting}${p.index !== undefined ? ` entry ${p.index}` : ''} (${SCOPE_LABELS[p.scope]}): ${p.message}`);
  }

  private read(): SettingsReading {
    const configuration = vscode.workspace.getConfiguration(SETTING_PREFIX.slice(0, -1));
    const scopes = scopeValuesFromInspect((key: SettingKey) => configuration.inspect(key));
    const reading = effectiveSettings(scopes, { trusted: vscode.workspace.isTrusted });
    // VS Code gives the values, not the names as written: a name it does not know still shows in
    // the section (`approvalsGate.denny`), and refuses like a deny list that cannot be read.
    reading.problems.push(...unknownSectionNames(configuration, (name) => configuration.inspect(name), ['hooks.trustedFolders']));
    return reading;
  }

  /** Names every problem once per distinct set, so a notification does not repeat on every keystroke. */
  private report(): void {
    const { problems, ignoredBecauseUntrusted } = this.reading;
    const key = JSON.stringify([problems, ignoredBecauseUntrusted]);
    if (key === this.reported) return;
    this.reported = key;
    for (const problem of problems) this.log.warn(`Setting ${problem.setting} (${problem.scope}): ${problem.message}${problem.refuses ? ' — every command is refused until it is fixed.' : ' — ignored.'}`);
    if (ignoredBecauseUntrusted.length > 0) {
      this.log.warn(`Untrusted workspace: ignoring the workspace values of ${ignoredBecauseUntrusted.join(', ')}.`);
    }
    const refusal = this.refusal;
    if (refusal !== null) {
      void vscode.window.showErrorMessage(`Approvals Gate refuses every command until its settings are fixed. ${refusal}`, 'Show log').then((choice) => (choice ? this.log.show(true) : undefined));
    }
    const dropped = problems.filter((p) => !p.refuses);
    if (dropped.length > 0) {
      const names = [...new Set(dropped.map((p) => p.setting))].join(', ');
      void vscode.window
        .showWarningMessage(`Approvals Gate ignored invalid values in ${names}. Nothing was widened.`, 'Show log')
        .then((choice) => (choice ? this.log.show(true) : undefined));
    }
  }

  dispose(): void {
    this.changed.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
