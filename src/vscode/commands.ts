import { homedir } from 'node:os';
import * as vscode from 'vscode';
import type { CaptureLog } from '../gate/capture/captureLog';
import { dumpedSettings } from '../gate/capture/debugDump';
import type { Decision } from '../gate/decision';
import { formatTrace } from '../gate/decisionTrace';
import type { GrantStore } from '../gate/grants/grantStore';
import { readCommand } from '../gate/reading/reading';
import type { EffectiveSettings, SettingsReading } from '../gate/settings/effectiveSettings';
import { clearRaterApiKey, RATER_KEY_SECRET, setRaterApiKey } from './apiKeyCommands';
import type { ApprovalPanel } from './approvalPanel';
import { exportDebugDump } from './exportCommand';
import type { ExecutionResult, GatedExecution } from './gatedExecution';
import type { RungSwitcher } from './rungSwitcher';
import type { SettingsService } from './settingsService';
import type { WideningGuard } from './wideningGuard';

export interface CommandParts {
  gate: GatedExecution;
  rung: RungSwitcher;
  grants: GrantStore;
  capture: CaptureLog;
  panel: ApprovalPanel;
  log: vscode.LogOutputChannel;
  settings: () => SettingsReading;
  effective: () => EffectiveSettings;
  extension: vscode.Extension<unknown>;
  setApiKey: () => Promise<void>;
  clearApiKey: () => Promise<void>;
  apiKey: () => Promise<string | undefined>;
  reviewSettings: () => Promise<boolean>;
}

/** The folder a palette-run command runs in: the first workspace folder, else the home folder. */
function workingFolder(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? homedir();
}

async function askForCommand(title: string, given: unknown): Promise<string | undefined> {
  if (typeof given === 'string' && given.trim() !== '') return given;
  return vscode.window.showInputBox({ title, prompt: 'A shell command, exactly as an agent would send it.', ignoreFocusOut: true });
}

/** Every command the extension contributes (package.json `contributes.commands`), registered once. */
export function registerCommands(parts: CommandParts): vscode.Disposable[] {
  const { gate, rung, grants, capture, panel, log } = parts;
  const register = (id: string, handler: (...args: unknown[]) => unknown) => vscode.commands.registerCommand(id, handler);
  return [
    register('approvalsGate.exportDebugDump', () =>
      exportDebugDump(
        async () => {
          const reading = parts.settings();
          const effective = parts.effective();
          const list = grants.list();
          return {
            extension: { id: parts.extension.id, version: String((parts.extension.packageJSON as { version?: unknown }).version ?? '') },
            vscodeVersion: vscode.version,
            settings: {
              ...dumpedSettings(effective, rung.rung),
              'approvalsGate.rater.apiKey': (await parts.apiKey()) ? '<set in secret storage>' : '<not set>',
            },
            ignoredBecauseUntrusted: reading.ignoredBecauseUntrusted,
            rung: rung.rung,
            grants: {
              session: list.filter((g) => g.scope === 'session').map((g) => g.command),
              always: list.filter((g) => g.scope === 'always').map((g) => g.command),
              denySession: list.filter((g) => g.scope === 'deny-session').map((g) => g.command),
            },
            capture: capture.export(),
            exportedAt: new Date(),
          };
        },
        parts.apiKey,
        log,
      ),
    ),

    register('approvalsGate.explainCommand', async (given?: unknown): Promise<Decision | undefined> => {
      const command = await askForCommand('Approvals Gate: explain a command', given);
      if (command === undefined) return undefined;
      const decision = await gate.decideOnly(command, workingFolder());
      const trace = formatTrace(readCommand(command, { home: homedir(), shell: 'bash' }), rung.rung, decision);
      const document = await vscode.workspace.openTextDocument({ content: `${trace}\n`, language: 'plaintext' });
      await vscode.window.showTextDocument(document, { preview: true });
      return decision;
    }),

    register('approvalsGate.runCommand', async (given?: unknown): Promise<{ decision: Decision; execution?: ExecutionResult } | undefined> => {
      const command = await askForCommand('Approvals Gate: run a command through the gate', given);
      if (command === undefined) return undefined;
      const result = await gate.run({ command, cwd: workingFolder(), tool: 'command-palette' });
      const { decision, execution } = result;
      if (execution && !execution.refused) {
        log.info(`exit ${execution.exitCode ?? 'none'} via ${execution.via}${execution.timedOut ? ' (timed out)' : ''}:\n${execution.output}`);
        void vscode.window.showInformationMessage(`Ran with exit code ${execution.exitCode ?? 'unknown'}${execution.timedOut ? ' (timed out)' : ''}.`);
      } else {
        void vscode.window.showWarningMessage(`Not run — ${decision.action} (${decision.stage}): ${decision.reason}`);
      }
      return result;
    }),

    register('approvalsGate.switchRung', () => rung.pick()),
    register('approvalsGate.showApprovals', () => panel.show()),
    register('approvalsGate.reviewSettingChanges', () => parts.reviewSettings()),

    register('approvalsGate.manageGrants', async () => {
      const list = grants.list();
      if (list.length === 0) {
        void vscode.window.showInformationMessage('No grants are stored for this workspace or session.');
        return;
      }
      const picked = await vscode.window.showQuickPick(
        list.map((g) => ({ label: g.command, description: g.scope, detail: `Added ${g.createdAt} from ${g.source}`, grant: g })),
        // The pick stays open when the focus moves (a card arriving beside it takes the focus):
        // ticks a person has made are not thrown away by something they did not do.
        { title: 'Approvals Gate: grants — pick the ones to revoke', canPickMany: true, ignoreFocusOut: true },
      );
      for (const item of picked ?? []) await grants.revoke(item.grant.scope, item.grant.command);
      if (picked?.length) void vscode.window.showInformationMessage(`Revoked ${picked.length} grant(s).`);
    }),
    register('approvalsGate.clearSessionGrants', () => {
      grants.clearSession();
      void vscode.window.showInformationMessage('Session grants cleared.');
    }),
    register('approvalsGate.setApiKey', () => parts.setApiKey()),
    register('approvalsGate.clearApiKey', () => parts.clearApiKey()),
    register('approvalsGate.showLog', () => log.show()),
  ];
}

/** The extension's parts the commands are built from. */
export interface CommandWiring {
  gate: GatedExecution;
  rung: RungSwitcher;
  grants: GrantStore;
  capture: CaptureLog;
  panel: ApprovalPanel;
  log: vscode.LogOutputChannel;
  settings: SettingsService;
  widening: WideningGuard;
}

/**
 * `registerCommands` for the extension: the settings as read and as in force (after the widening
 * guard), the rater key in the extension's secret storage, the review of held-back widening.
 */
export function registerGateCommands(context: vscode.ExtensionContext, wiring: CommandWiring): vscode.Disposable[] {
  const { settings, widening, ...parts } = wiring;
  return registerCommands({
    ...parts,
    settings: () => settings.current,
    effective: () => widening.settings,
    extension: context.extension,
    setApiKey: () => setRaterApiKey(context.secrets),
    clearApiKey: () => clearRaterApiKey(context.secrets),
    apiKey: async () => context.secrets.get(RATER_KEY_SECRET),
    reviewSettings: () => widening.review(),
  });
}
