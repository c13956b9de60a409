import { RUN_ANYWAY_TEXT, LIMITS, type AnswerKind, type CardAnswer, type CardView } from '../src/protocol/messages';
import { frameLines, type FrameLine } from './commandFrame';
import { containmentLines, OUTCOME_WORDS, STAGE_WORDS } from './cardWords';
import { el, append } from './dom';
import { previewEntry, type PreviewEntry } from './entryPreview';

/**
 * One approval card in the DOM (D§10). Everything shown comes from the `CardView` and every
 * piece of it is set as text (`dom.ts`). The buttons are the card's `offers`, nothing more: the
 * extension refuses any other answer anyway, but a person should never see a button that would
 * be refused. Reject takes the default focus; Escape (handled by the app) rejects too.
 */

export interface CardHandle {
  readonly id: string;
  readonly root: HTMLElement;
  /** Focus the default action (Reject). */
  focusDefault(): void;
  /** While a decision is on its way: every control disabled. */
  setBusy(busy: boolean): void;
  showStatus(text: string, isError: boolean): void;
  /** The reject answer as Escape sends it (with the reason typed so far). */
  rejectAnswer(): CardAnswer;
}

type Control = HTMLButtonElement | HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Button names, exactly as the person reads them (tests find buttons by these). */
export const BUTTON_NAMES: Readonly<Record<AnswerKind, string>> = {
  'run-once': 'Run once',
  'allow-session': 'Allow in this session',
  'allow-always': 'Always allow in this workspace',
  reject: 'Reject',
  'reject-session': 'Reject for this session',
  'run-anyway': 'Run anyway',
  'rerun-widened': 'Rerun once with these added',
};

/** On a sandbox-stop card, `reject` leaves the result as it is: named for what it does there. */
export const NO_RERUN_NAME = "Don't rerun";

export function renderCard(view: CardView, decide: (answer: CardAnswer) => void): CardHandle {
  const id = view.id;
  const offers = new Set(view.offers);
  const root = el('section', { class: `card${view.attack ? ' card-attack' : ''}`, 'aria-labelledby': `title-${id}`, 'data-card-id': id });
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const controls: Control[] = [];
  let busy = false;
  const reason = el('textarea', { id: `reason-${id}`, class: 'reason-input', rows: '2', maxlength: String(LIMITS.rejectReasonChars) });
  const rejectAnswer = (kind: 'reject' | 'reject-session' = 'reject'): CardAnswer => {
    const text = reason.value.trim().slice(0, LIMITS.rejectReasonChars);
    return text ? { kind, reason: text } : { kind };
  };
  /** A button for one answer; `answer` returning null means "not now" (the banner's field is not exact). */
  const button = (kind: AnswerKind, answer: () => CardAnswer | null, extra: Record<string, string> = {}, name = BUTTON_NAMES[kind]) => {
    const b = el('button', { type: 'button', class: `answer answer-${kind}`, 'data-answer': kind, ...extra }, name);
    b.addEventListener('click', () => {
      if (b.disabled || busy) return;
      const chosen = answer();
      if (chosen) decide(chosen);
    });
    controls.push(b);
    return b;
  };

  if (view.attack) {
    append(
      root,
      el(
        'div',
        { class: 'banner', role: 'alert' },
        el('strong', {}, '⚠ Possible attack: stop and read.'),
        ' ',
        `The rater judged this command an attack. It runs only if you type "${RUN_ANYWAY_TEXT}" below and confirm; any other answer stops the agent's run. Nothing is remembered from this warning.`,
      ),
    );
  }
  if (view.sandboxRerun !== undefined) return renderRerunCard(view, view.sandboxRerun, { root, status, controls, button, decide });
  append(root, el('h2', { id: `title-${id}` }, view.attack ? 'Command flagged as an attack' : 'A command is waiting for your decision'));
  append(root, verdict(view));
  append(root, facts(view));
  const lines = frameLines(view.command, view.sites, view.hostMarks);
  const lineWords = `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`;
  append(root, el('h3', { class: 'frame-title' }, `Command (${lineWords})`));
  append(root, frameElement(lines, `Command, ${lineWords}`, 'command-frame'));
  if (view.transcript.length > 0) append(root, transcript(view));

  const actions = el('div', { class: 'actions', role: 'group', 'aria-label': 'Your decision' });
  let rejectButton: HTMLButtonElement | undefined;
  if (view.attack) {
    const typed = el('input', { id: `typed-${id}`, class: 'typed-input', type: 'text', autocomplete: 'off', spellcheck: 'false' });
    const exact = () => typed.value === RUN_ANYWAY_TEXT;
    // The answer re-reads the field: the button being enabled is not the proof.
    const runAnyway = button('run-anyway', () => (exact() ? { kind: 'run-anyway', typed: RUN_ANYWAY_TEXT } : null));
    runAnyway.disabled = true;
    typed.addEventListener('input', () => {
      runAnyway.disabled = !exact() || busy;
    });
    typed.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && exact() && !busy) decide({ kind: 'run-anyway', typed: RUN_ANYWAY_TEXT });
    });
    controls.push(typed);
    if (offers.has('run-anyway')) {
      append(
        actions,
        el('div', { class: 'run-anyway' }, el('label', { for: `typed-${id}` }, `To run it anyway, type ${RUN_ANYWAY_TEXT}:`), typed, runAnyway),
      );
    }
    if (offers.has('reject')) {
      rejectButton = button('reject', () => rejectAnswer(), { 'aria-describedby': `reject-note-${id}` });
      append(actions, rejectButton, el('span', { id: `reject-note-${id}`, class: 'note' }, "Rejecting stops the agent's run."));
    }
  } else {
    if (offers.has('run-once')) append(actions, button('run-once', () => ({ kind: 'run-once' })));
    if (offers.has('allow-session')) append(actions, button('allow-session', () => ({ kind: 'allow-session' })));
    if (offers.has('allow-always') && view.grantPreview !== undefined) {
      append(actions, button('allow-always', () => ({ kind: 'allow-always' }), { 'aria-describedby': `grant-${id}` }));
    }
    if (offers.has('reject')) append(actions, (rejectButton = button('reject', () => rejectAnswer())));
    if (offers.has('reject-session')) append(actions, button('reject-session', () => rejectAnswer('reject-session')));
  }
  append(root, actions);
  if (!view.attack && offers.has('allow-always') && view.grantPreview !== undefined) {
    append(
      root,
      el(
        'div',
        { class: 'grant-preview', id: `grant-${id}` },
        el('span', {}, '"Always allow in this workspace" stores exactly this command, for this workspace only:'),
        frameElement(frameLines(view.grantPreview, [], []), 'The grant that would be stored', 'grant-frame'),
      ),
    );
  }
  if (offers.has('reject') || offers.has('reject-session')) {
    controls.push(reason);
    append(root, el('div', { class: 'reason' }, el('label', { for: `reason-${id}` }, 'Reason for rejecting (optional; the agent reads it):'), reason));
  }
  if (!view.attack && offers.has('allow-always')) append(root, allowEditor(view, decide, controls));
  append(root, status);

  return {
    id,
    root,
    focusDefault: () => (rejectButton ?? (controls.find((c) => c instanceof HTMLButtonElement) as HTMLButtonElement | undefined))?.focus(),
    setBusy(value: boolean) {
      busy = value;
      for (const control of controls) {
        if (control.classList.contains('answer-run-anyway')) {
          control.disabled = value || (root.querySelector<HTMLInputElement>('.typed-input')?.value ?? '') !== RUN_ANYWAY_TEXT;
        } else {
          control.disabled = value;
        }
      }
    },
    showStatus(text: string, isError: boolean) {
      status.textContent = text;
      status.classList.toggle('status-error', isError);
    },
    rejectAnswer: () => rejectAnswer(),
  };
}

/**
 * A sandbox-stop card (D§13; docs/decisions.md "A person can rerun what the sandbox stopped"): the
 * command ran and the sandbox stopped it. It shows what was stopped, the exact paths and hosts a rerun
 * would add (for that one rerun; nothing is stored), the command, and the rerun's policy; it offers
 * the rerun and "Don't rerun" (the default focus; Escape too).
 */
function renderRerunCard(
  view: CardView,
  rerun: NonNullable<CardView['sandboxRerun']>,
  parts: {
    root: HTMLElement;
    status: HTMLElement;
    controls: Control[];
    button: (kind: AnswerKind, answer: () => CardAnswer | null, extra?: Record<string, string>, name?: string) => HTMLButtonElement;
    decide: (answer: CardAnswer) => void;
  },
): CardHandle {
  const { root, status, controls, button } = parts;
  const id = view.id;
  const stopWords = (stop: (typeof rerun.stops)[number]) =>
    stop.kind === 'write' ? `a write to ${stop.target}` : stop.kind === 'network' ? `a connection to ${stop.target}` : `a read of ${stop.target}`;
  append(root, el('h2', { id: `title-${id}` }, 'The sandbox stopped this command'));
  append(
    root,
    el('p', { class: 'why' }, `It ran${rerun.exitCode === null ? '' : ` and ended with exit code ${rerun.exitCode}`}, and its sandbox stopped what lies outside the policy it was approved with. ${view.reason}`),
  );
  append(root, el('h3', {}, 'Stopped'));
  append(root, el('ul', { class: 'rerun-stops', 'aria-label': 'What the sandbox stopped' }, ...rerun.stops.map((stop) => el('li', {}, el('code', {}, stopWords(stop))))));
  append(root, el('h3', {}, 'A rerun would add, for that one rerun only'));
  append(
    root,
    el(
      'ul',
      { class: 'rerun-adds', id: `adds-${id}`, 'aria-label': 'What the rerun adds to the sandbox' },
      ...rerun.adds.paths.map((path) =>
        el('li', {}, 'may write ', el('code', {}, path), rerun.adds.creates.includes(path) ? ' (does not exist yet: created as an empty file right before the rerun, so exactly it can be written)' : ''),
      ),
      ...rerun.adds.hosts.map((host) => el('li', {}, 'may connect to ', el('code', {}, host))),
    ),
  );
  append(root, el('p', { class: 'note' }, 'Nothing is remembered: no allow entry, no grant. Protected places and credential stores are never added this way.'));
  const lines = frameLines(view.command, view.sites, view.hostMarks);
  const lineWords = `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`;
  append(root, el('h3', { class: 'frame-title' }, `Command (${lineWords})`));
  append(root, frameElement(lines, `Command, ${lineWords}`, 'command-frame'));
  if (view.containment !== undefined) {
    append(root, el('dl', { class: 'facts' }, el('dt', {}, 'If rerun, runs contained'), el('dd', {}, el('ul', { class: 'containment' }, ...containmentLines(view.containment).map((line) => el('li', {}, line))))));
  }
  const actions = el('div', { class: 'actions', role: 'group', 'aria-label': 'Your decision' });
  const offers = new Set(view.offers);
  if (offers.has('rerun-widened')) append(actions, button('rerun-widened', () => ({ kind: 'rerun-widened' }), { 'aria-describedby': `adds-${id}` }));
  let rejectButton: HTMLButtonElement | undefined;
  if (offers.has('reject')) append(actions, (rejectButton = button('reject', () => ({ kind: 'reject' }), {}, NO_RERUN_NAME)));
  append(root, actions, status);
  let busy = false;
  return {
    id,
    root,
    focusDefault: () => rejectButton?.focus(),
    setBusy(value: boolean) {
      busy = value;
      for (const control of controls) control.disabled = busy;
    },
    showStatus(text: string, isError: boolean) {
      status.textContent = text;
      status.classList.toggle('status-error', isError);
    },
    rejectAnswer: () => ({ kind: 'reject' }),
  };
}

/** The verdict line: outcome as glyph + word + meaning (colour only adds to it), then the reason. */
function verdict(view: CardView): HTMLElement {
  const outcome = view.outcome ?? 'unrated';
  const words = OUTCOME_WORDS[outcome];
  return el(
    'div',
    { class: `verdict outcome-${outcome}` },
    el('p', { class: 'outcome' }, el('span', { class: 'glyph', 'aria-hidden': 'true' }, words.glyph), ' ', el('strong', {}, words.word), `: ${words.meaning}.`),
    el('p', { class: 'why' }, el('span', { class: 'label' }, 'Why it is here: '), view.reason),
    // An allow entry that almost covers it: why not, and what it would cover (docs/decisions.md, "Near misses").
    ...(view.nearMiss ?? []).map((miss) => el('p', { class: 'near-miss' }, el('span', { class: 'label' }, 'Almost covered by '), el('code', {}, miss.entry), `: ${miss.text}`)),
  );
}

/** The facts behind the verdict, each only when present. */
function facts(view: CardView): HTMLElement {
  const list = el('dl', { class: 'facts' });
  const row = (term: string, ...detail: Array<Node | string>) => append(list, el('dt', {}, term), el('dd', {}, ...detail));
  row('Sent here by', `${STAGE_WORDS[view.stage]} `, el('code', {}, `(${view.stage})`));
  if (view.rule) {
    const term = view.rule.list === 'escalate' ? 'Escalate entry that sent it here' : 'Matching entry';
    row(term, el('code', {}, view.rule.entry), ` from ${view.rule.source} (${view.rule.list} list)`);
  }
  if (view.rating) {
    const r = view.rating;
    if (r.failClosed) {
      // Nobody rated it: the reason above says what happened and what to set; no finding is shown.
      row('Rating', `none: no usable answer (${r.failClosed}), so the gate treats the command as destructive${r.tripwire ? ' (tripwire rating of an allow entry)' : ''}.`);
    } else {
      const parts = [`${OUTCOME_WORDS[r.outcome].word} by ${r.source}`];
      if (r.flooredOutcome !== r.outcome) parts.push(`raised to ${OUTCOME_WORDS[r.flooredOutcome].word} by a preflight floor`);
      if (r.tripwire) parts.push('tripwire rating of an allow entry');
      row('Rating', `${parts.join('; ')}. `, el('span', { class: 'label' }, 'Rater said: '), r.reason);
    }
  }
  // What each simple command does, from its record (docs/decisions.md "Effects in words come from the record").
  if (view.effects !== undefined && view.effects.length > 0) {
    const numbered = view.effects.some((e) => e.segment > 1);
    row('What it does', el('ul', { class: 'effects' }, ...view.effects.map((e) => el('li', {}, numbered ? `${e.segment}. ${e.text}` : e.text))));
  }
  // The sandbox the extension would run it in (D§13 "Containment"); absent when the agent runs it or the sandbox is off.
  if (view.containment !== undefined) {
    row('If approved, runs contained', el('ul', { class: 'containment' }, ...containmentLines(view.containment).map((line) => el('li', {}, line))));
  }
  if (view.forms !== undefined && view.forms.length > 0) {
    row('What the programs do', el('ul', {}, ...view.forms.map((f) => el('li', {}, el('code', {}, f.where), ` (${f.role}) ${f.note}`))));
  }
  if (view.preflight.length > 0) {
    row('Preflight findings', el('ul', {}, ...view.preflight.map((p) => el('li', {}, el('code', {}, p.arm), ` ${p.reason}${p.rewroteRating ? ' (this raised the rating)' : ''}`))));
  }
  if (view.unresolved) row('Not readable exactly', `The gate could not read this command exactly because of: ${view.unresolved.join(', ')}.`);
  if (view.hidden.length > 0) {
    row('Hidden characters', el('ul', {}, ...view.hidden.map((h) => el('li', {}, el('code', { class: 'escape' }, h.escape), ` ${h.kind} × ${h.count}`))));
  }
  if (view.lookalikeHosts.length > 0) {
    row(
      'Look-alike hosts',
      el('ul', {}, ...view.lookalikeHosts.map((h) => el('li', {}, el('code', {}, h.host), ' is really ', el('code', {}, h.ascii ?? '(no valid ASCII form)')))),
    );
  }
  if (view.commandLength > view.command.length) {
    row('Shown', `Only the first ${view.command.length} of ${view.commandLength} characters fit on a card, so this command can only be rejected.`);
  }
  return list;
}

/** A numbered, scrollable frame of escaped lines. */
export function frameElement(lines: readonly FrameLine[], label: string, className: string): HTMLElement {
  const frame = el('div', { class: `frame ${className}`, role: 'region', 'aria-label': label, tabindex: '0' });
  for (const line of lines) {
    const code = el('span', { class: 'code' });
    for (const piece of line.pieces) {
      switch (piece.kind) {
        case 'text':
          append(code, piece.host ? el('span', { class: 'host', title: 'look-alike host' }, piece.text) : piece.text);
          break;
        case 'escape':
          append(code, el('span', { class: `escape${piece.host ? ' host' : ''}`, role: 'img', 'aria-label': piece.label ?? 'hidden character', title: piece.label ?? '' }, piece.text));
          break;
        case 'site':
        case 'newline-mark':
          append(
            code,
            el(
              'span',
              { class: `site site-${piece.site ?? 'unknown'}${piece.kind === 'newline-mark' ? ' newline-mark' : ''}`, role: 'img', 'aria-label': `${piece.kind === 'newline-mark' ? 'line break' : piece.text}: ${piece.label ?? ''}`, title: piece.label ?? '' },
              piece.text,
            ),
          );
          break;
        case 'host-ascii':
          append(code, el('span', { class: 'host-ascii', title: piece.label ?? '' }, piece.text));
          break;
      }
    }
    append(frame, el('div', { class: 'line' }, el('span', { class: 'ln' }, String(line.number)), code));
  }
  return frame;
}

function transcript(view: CardView): HTMLElement {
  return el(
    'details',
    { class: 'transcript', open: true },
    el('summary', {}, `Negotiation transcript (${view.transcript.length} ${view.transcript.length === 1 ? 'round' : 'rounds'})`),
    el(
      'ol',
      {},
      ...view.transcript.map((row) =>
        el(
          'li',
          {},
          el('p', { class: 'round' }, `Round ${row.round}: `, el('strong', {}, OUTCOME_WORDS[row.outcome].word), `, ${row.action}`),
          frameElement(frameLines(row.command, [], []), `Command of round ${row.round}`, 'transcript-frame'),
          row.justification !== undefined ? el('p', {}, el('span', { class: 'label' }, "Agent's justification: "), row.justification) : null,
          el('p', {}, el('span', { class: 'label' }, 'Rater: '), row.reason),
        ),
      ),
    ),
  );
}

/**
 * "Always allow…": an editable prefix/glob entry, where it is stored, and a live preview of
 * the recent commands it covers (a guide: the extension checks the entry again before storing).
 */
function allowEditor(view: CardView, decide: (answer: CardAnswer) => void, controls: Control[]): HTMLElement {
  const id = view.id;
  const match = el('select', { id: `match-${id}` }, el('option', { value: 'prefix' }, 'starts with these words (prefix)'), el('option', { value: 'glob' }, 'matches this pattern (glob)'));
  const pattern = el('input', { id: `pattern-${id}`, type: 'text', autocomplete: 'off', spellcheck: 'false', maxlength: String(LIMITS.entryPatternChars) });
  pattern.value = view.suggestedEntries[0] ?? view.grantPreview ?? '';
  const scope = el('select', { id: `scope-${id}` }, el('option', { value: 'workspace' }, 'workspace settings'), el('option', { value: 'user' }, 'user settings'));
  const preview = el('ul', { class: 'preview', 'aria-live': 'polite', 'aria-label': 'Commands this entry would cover' });
  const save = el('button', { type: 'button', class: 'answer answer-allow-entry', 'data-answer': 'allow-always-entry' }, 'Allow and save this entry');
  controls.push(match, pattern, scope, save);

  const entry = (): PreviewEntry => ({ match: match.value === 'glob' ? 'glob' : 'prefix', pattern: pattern.value });
  const refresh = () => {
    preview.replaceChildren();
    const rows = previewEntry(entry(), [view.command, ...view.recentCommands.filter((c) => c !== view.command)]);
    rows.forEach((row, index) => {
      append(
        preview,
        el(
          'li',
          { class: row.covered ? 'covered' : 'not-covered' },
          el('span', { class: 'mark' }, row.covered ? '✓ covered: ' : '✗ not covered: '),
          frameElement(frameLines(row.command, [], []), index === 0 ? 'this command' : 'a recent command', 'preview-frame'),
          index === 0 ? el('span', { class: 'note' }, ' (this command)') : null,
        ),
      );
    });
  };
  match.addEventListener('change', refresh);
  pattern.addEventListener('input', refresh);
  save.addEventListener('click', () => {
    if (save.disabled) return;
    const value = pattern.value.trim();
    if (value === '') return;
    decide({ kind: 'allow-always', entry: { match: entry().match, pattern: value.slice(0, LIMITS.entryPatternChars), scope: scope.value === 'user' ? 'user' : 'workspace' } });
  });
  refresh();
  return el(
    'details',
    { class: 'allow-editor' },
    el('summary', {}, 'Always allow…'),
    el(
      'div',
      { class: 'editor-body' },
      el('p', {}, 'Write an allow entry for commands like this one. It is saved to your settings and runs this command now.'),
      el('label', { for: `match-${id}` }, 'Entry kind: '),
      match,
      el('label', { for: `pattern-${id}` }, 'Pattern: '),
      pattern,
      el('label', { for: `scope-${id}` }, 'Save in: '),
      scope,
      el('p', { class: 'note' }, 'Preview from a simple matcher; the gate checks the entry with its own list matcher before saving it, and refuses an entry that does not cover this command.'),
      preview,
      save,
    ),
  );
}
