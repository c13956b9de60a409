import * as vscode from 'vscode';
import { RUNG_DESCRIPTIONS, RUNGS, parseRung, type Rung } from '../gate/rung';
import { RESTRICTED_SETTING_NAMES } from '../gate/settings/settingsSchema';
import type { SettingsService } from './settingsService';
import type { WideningGuard } from './wideningGuard';

/** Where the status-bar choice is kept: the extension's own per-workspace storage, not a file the agent can edit. */
const RUNG_KEY = 'approvalsGate.rungOverride';

/**
 * The rung in force for this workspace and the status-bar switcher (D§13). The status-bar choice is
 * stored in `workspaceState` and wins over the `approvalsGate.rung` setting; `bypass` needs a modal
 * confirmation every time it is chosen.
 */
export class RungSwitcher implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly changed = new vscode.EventEmitter<Rung>();
  readonly onDidChange = this.changed.event;
  private settingRung: Rung;
  private restricted: string[] = [];

  constructor(
    private readonly workspaceState: vscode.Memento,
    settingRung: Rung,
  ) {
    this.settingRung = settingRung;
    this.item = vscode.window.createStatusBarItem('approvalsGate.rung', vscode.StatusBarAlignment.Left, 100);
    this.item.name = 'Approvals Gate rung';
    this.item.command = 'approvalsGate.switchRung';
    this.render();
    this.item.show();
  }

  /** The rung in force now. */
  get rung(): Rung {
    return parseRung(this.workspaceState.get(RUNG_KEY)) ?? this.settingRung;
  }

  /** Called when settings change; `restricted` lists workspace settings ignored for lack of trust. */
  update(settingRung: Rung, restricted: readonly string[]): void {
    const before = this.rung;
    this.settingRung = settingRung;
    this.restricted = [...restricted];
    this.render();
    if (this.rung !== before) this.changed.fire(this.rung);
  }

  /** The quick pick; `bypass` asks for a modal confirmation. Returns the rung chosen, if any. */
  async pick(): Promise<Rung | undefined> {
    const current = this.rung;
    const items = RUNGS.map((rung) => ({
      label: rung === current ? `$(check) ${rung}` : rung,
      description: rung === current ? 'current' : undefined,
      detail: RUNG_DESCRIPTIONS[rung],
      rung,
    }));
    const chosen = await vscode.window.showQuickPick(items, { title: 'Approvals Gate: rung for this workspace', placeHolder: `Now: ${current}` });
    if (!chosen) return undefined;
    return (await this.set(chosen.rung)) ? chosen.rung : undefined;
  }

  /** Sets the workspace's rung; `bypass` only after the person confirms. */
  async set(rung: Rung): Promise<boolean> {
    if (rung === 'bypass') {
      const confirm = 'Switch to bypass';
      const answer = await vscode.window.showWarningMessage(
        'Switch this workspace to bypass? Agents will run shell commands with no rating and no prompt; only the deny list and the hardline floor still refuse.',
        { modal: true },
        confirm,
      );
      if (answer !== confirm) return false;
    }
    await this.workspaceState.update(RUNG_KEY, rung);
    this.render();
    this.changed.fire(rung);
    return true;
  }

  private render(): void {
    const rung = this.rung;
    // VS Code 1.100 hides a restricted setting's workspace value from `inspect()` in Restricted
    // Mode, so `restricted` is usually empty there even when the workspace sets those values:
    // an untrusted window says so on its own (D§13: the status bar says the values are ignored).
    const untrusted = !vscode.workspace.isTrusted;
    const warn = this.restricted.length > 0 || untrusted;
    const ignored = this.restricted.length > 0 ? this.restricted : RESTRICTED_SETTING_NAMES;
    this.item.text = `$(shield) Gate: ${rung}${warn ? ' $(warning)' : ''}`;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**Approvals Gate — ${rung}**\n\n`);
    tooltip.appendText(RUNG_DESCRIPTIONS[rung]);
    if (warn) tooltip.appendText(`\n\nThis workspace is not trusted: its values of ${ignored.join(', ')} are ignored.`);
    tooltip.appendMarkdown('\n\nClick to switch rung.');
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = {
      label: `Approvals Gate rung: ${rung}.${warn ? ' Workspace settings are being ignored.' : ''} Click to switch.`,
    };
    this.item.backgroundColor = rung === 'bypass' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  dispose(): void {
    this.item.dispose();
    this.changed.dispose();
  }
}

/**
 * The switcher, kept in step with the settings in force: a change that the widening guard lets
 * through updates the rung (and the status bar's note on ignored workspace values); every change
 * of the rung is logged.
 */
export function createRungSwitcher(state: vscode.Memento, widening: WideningGuard, settings: SettingsService, log: vscode.LogOutputChannel): RungSwitcher {
  const rung = new RungSwitcher(state, widening.settings.rung);
  widening.onDidChange(() => rung.update(widening.settings.rung, settings.current.ignoredBecauseUntrusted));
  rung.update(widening.settings.rung, settings.current.ignoredBecauseUntrusted);
  rung.onDidChange((value) => log.info(`Rung for this workspace: ${value}`));
  return rung;
}
