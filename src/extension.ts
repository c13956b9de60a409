import * as vscode from 'vscode';
import { CaptureLog } from './gate/capture/captureLog';
import type { GrantStore } from './gate/grants/grantStore';
import { registerAgentKeyCommands } from './vscode/agentApiKey';
import { createApprovalPanel, registerApprovalPanelSerializer } from './vscode/approvalPanel';
import { registerChatParticipant } from './vscode/chatParticipant';
import { registerGateCommands } from './vscode/commands';
import { createGatedExecution, type GatedExecution } from './vscode/gatedExecution';
import { createGrantWriter } from './vscode/grantWriter';
import { createHookHandOff } from './vscode/hookHandOff';
import { createRaterProvider } from './vscode/raterProvider';
import { registerRunInTerminalTool } from './vscode/runInTerminalTool';
import { createRungSwitcher } from './vscode/rungSwitcher';
import { SettingsService } from './vscode/settingsService';
import { createTerminalRunner } from './vscode/terminalRunner';
import { WideningGuard } from './vscode/wideningGuard';
import { openWorkspaceGrants } from './vscode/workspaceGrants';

/** What the extension hands other code in the window (the in-host tests read it). */
export interface ApprovalsGateApi {
  gate: GatedExecution;
  capture: CaptureLog;
  grants: GrantStore;
  rung: () => string;
}

/**
 * The composition root (D§15, docs/architecture.md): every part is built and wired here, once,
 * in one screen; how a part reads the settings in force lives beside the part, in src/vscode/.
 * Order: log → settings (trust-aware, widening held back until confirmed) → rung → grants →
 * capture → rater (lazy) → card → runner → the gated path → commands, `@gate`, the tool, and
 * the agent hooks' hand-off to the card.
 */
export async function activate(context: vscode.ExtensionContext): Promise<ApprovalsGateApi> {
  const log = vscode.window.createOutputChannel('Approvals Gate', { log: true });
  const settings = new SettingsService(log);
  const widening = new WideningGuard(context.workspaceState, settings, log);
  const rung = createRungSwitcher(context.workspaceState, widening, settings, log);
  const grants = await openWorkspaceGrants(context.workspaceState, log);
  const capture = new CaptureLog();
  const rater = createRaterProvider(widening, context.secrets, log);
  const panel = createApprovalPanel(context.extensionUri, capture, log);
  const runner = createTerminalRunner(widening, log);
  const storeGrant = createGrantWriter(grants, widening, log);
  const gate = createGatedExecution({ widening, grants, rung, rater, panel, runner, capture, log, storeGrant, settings: () => ({ refusal: settings.refusal, warnings: settings.warnings }) });

  context.subscriptions.push(
    registerApprovalPanelSerializer(panel),
    log,
    settings,
    widening,
    rung,
    panel,
    runner,
    ...registerGateCommands(context, { gate, rung, grants, capture, panel, log, settings, widening }),
    registerChatParticipant(context, { gate, panel, rung, rater, capture, log, widening }),
    registerRunInTerminalTool({ gate, rater, log }),
    createHookHandOff(gate, log),
    ...registerAgentKeyCommands(context.secrets),
  );
  log.info(`Approvals Gate active; rung ${rung.rung}.`);
  return { gate, capture, grants, rung: () => rung.rung };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
