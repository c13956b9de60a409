import * as vscode from 'vscode';
import { effectiveSettings, scopeValuesFromInspect, type SettingsReading } from '../gate/settings/effectiveSettings';
import { SETTING_PREFIX, type SettingKey } from '../gate/settings/settingsSchema';

/**
 * The settings in force, re-read whenever a setting or the workspace's trust changes. Invalid
 * values are named in a notification and the log and ignored (never widened); in an untrusted
 * workspace the workspace values of widening settings are ignored (D§13).
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

  private read(): SettingsReading {
    const configuration = vscode.workspace.getConfiguration(SETTING_PREFIX.slice(0, -1));
    const scopes = scopeValuesFromInspect((key: SettingKey) => configuration.inspect(key));
    return effectiveSettings(scopes, { trusted: vscode.workspace.isTrusted });
  }

  /** Names every problem once per distinct set, so a notification does not repeat on every keystroke. */
  private report(): void {
    const { problems, ignoredBecauseUntrusted } = this.reading;
    const key = JSON.stringify([problems, ignoredBecauseUntrusted]);
    if (key === this.reported) return;
    this.reported = key;
    for (const problem of problems) this.log.warn(`Setting ${problem.setting} (${problem.scope}): ${problem.message} — ignored.`);
    if (ignoredBecauseUntrusted.length > 0) {
      this.log.warn(`Untrusted workspace: ignoring the workspace values of ${ignoredBecauseUntrusted.join(', ')}.`);
    }
    if (problems.length > 0) {
      const names = [...new Set(problems.map((p) => p.setting))].join(', ');
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
