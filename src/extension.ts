import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { CaptureLog } from './gate/captureLog';
import { GrantStore } from './gate/grants/grantStore';
import { gatePolicy } from './gate/settings/effectiveSettings';
import { registerAgentKeyCommands } from './vscode/agentApiKey';
import { clearRaterApiKey, setRaterApiKey, RATER_KEY_SECRET } from './vscode/apiKeyCommands';
import { ApprovalPanel } from './vscode/approvalPanel';
import { registerGateParticipant } from './vscode/chatParticipant';
import { registerCommands } from './vscode/commands';
import { GatedExecution } from './vscode/gatedExecution';
import { RaterProvider } from './vscode/raterProvider';
import { registerRunInTerminalTool } from './vscode/runInTerminalTool';
import { RungSwitcher } from './vscode/rungSwitcher';
import { SettingsService } from './vscode/settingsService';
import { TerminalRunner } from './vscode/terminalRunner';
import { WideningGuard } from './vscode/wideningGuard';

/** What the extension hands other code in the window (the in-host tests read it). */
export interface ApprovalsGateApi {
  gate: GatedExecution;
  capture: CaptureLog;
  grants: GrantStore;
  rung: () => string;
}

/**
 * The composition root (D§15): every part is built and wired here, once, in one screen.
 * Order: log → settings (trust-aware, widening held back until confirmed) → rung → grants →
 * capture → rater (lazy) → card → runner → the gated path → commands.
 */
export async function activate(context: vscode.ExtensionContext): Promise<ApprovalsGateApi> {
  const log = vscode.window.createOutputChannel('Approvals Gate', { log: true });
  const settings = new SettingsService(log);
  const widening = new WideningGuard(context.workspaceState, settings, log);
  const rung = new RungSwitcher(context.workspaceState, widening.settings.rung);
  const grants = await GrantStore.open({
    storage: { get: (key) => context.workspaceState.get(key), update: async (key, value) => context.workspaceState.update(key, value) },
    logger: { warn: (m) => log.warn(m), info: (m) => log.info(m) } });
  const capture = new CaptureLog();
  const rater = new RaterProvider(
    () => ({ baseUrl: widening.settings.rater.baseUrl ?? '', model: widening.settings.rater.model ?? '', timeoutMs: widening.settings.rater.timeoutMs }),
    context.secrets,
    log,
  );
  const panel = new ApprovalPanel({
    extensionUri: context.extensionUri,
    log: (line) => log.info(`card: ${line}`),
    recentCommands: () => capture.records().map((r) => r.command),
  });
  // The card's tab survives a window reload like any editor (see ApprovalPanel.adopt).
  context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(ApprovalPanel.viewType, {
      deserializeWebviewPanel: async (restored) => panel.adopt(restored),
    }),
  );
  const runner = new TerminalRunner({
    log: (line) => log.info(`terminal: ${line}`),
    home: homedir(),
    settings: () => widening.settings.terminal,
  });
  const gate = new GatedExecution({
    policy: () => ({ ...gatePolicy(widening.settings, grants.policyEntries()), rung: rung.rung }),
    rater: () => rater.current(),
    person: panel,
    runner,
    capture,
    home: homedir(),
    log,
    storeGrant: async (grant) => {
      if (grant.scope === 'setting') {
        const target = grant.target === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
        const configuration = vscode.workspace.getConfiguration('approvalsGate');
        const current = configuration.inspect<unknown[]>('allow');
        const existing = (grant.target === 'workspace' ? current?.workspaceValue : current?.globalValue) ?? [];
        await configuration.update('allow', [...existing, { match: grant.entry.match, pattern: grant.entry.pattern }], target);
        // The person wrote this entry on the card: it is accepted, not held back as an outside change.
        await widening.acceptAllowEntry(grant.entry);
        log.info(`Added allow entry ${JSON.stringify(grant.entry)} to ${grant.target} settings.`);
        return;
      }
      const result = await grants.add(grant.scope, grant.command);
      log.info(`Grant (${grant.scope}) for ${JSON.stringify(grant.command)}: ${JSON.stringify(result)}`);
    },
  });

  widening.onDidChange(() => rung.update(widening.settings.rung, settings.current.ignoredBecauseUntrusted));
  rung.update(widening.settings.rung, settings.current.ignoredBecauseUntrusted);
  rung.onDidChange((value) => log.info(`Rung for this workspace: ${value}`));

  context.subscriptions.push(
    log,
    settings,
    widening,
    rung,
    panel,
    runner,
    ...registerCommands({
      gate,
      rung,
      grants,
      capture,
      panel,
      log,
      settings: () => settings.current,
      effective: () => widening.settings,
      extension: context.extension,
      setApiKey: () => setRaterApiKey(context.secrets),
      clearApiKey: () => clearRaterApiKey(context.secrets),
      apiKey: async () => context.secrets.get(RATER_KEY_SECRET),
      reviewSettings: () => widening.review(),
    }),
    // Issue 5: `@gate` in the Chat view, and the same gate offered to other agents as a language-model tool.
    registerGateParticipant({
      gate,
      panel,
      rung,
      rater,
      capture,
      log,
      endpoints: () => ({
        agent: { baseUrl: widening.settings.agent.baseUrl ?? '', model: widening.settings.agent.model ?? '' },
        rater: { baseUrl: widening.settings.rater.baseUrl ?? '' },
      }),
      secrets: context.secrets,
    }),
    registerRunInTerminalTool({ gate, rater, log }),
    ...registerAgentKeyCommands(context.secrets),
  );
  log.info(`Approvals Gate active; rung ${rung.rung}.`);
  return { gate, capture, grants, rung: () => rung.rung };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
