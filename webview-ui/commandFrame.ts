import { hiddenKind, visibleEscape, type HiddenKind } from '../src/gate/reading/hiddenCharacters';
import type { CompositionSite, HostMark, SiteKind } from '../src/protocol/messages';

/**
 * The command frame's layout as plain data (D§10), separate from the DOM so it is tested under
 * plain Node: the command split into numbered lines, each a list of pieces the card renders with
 * `textContent` only.
 *
 * - Every line of the command is a line of the frame; nothing is dropped or cut here.
 * - Characters that show as something other than what they are — control characters (tab and
 *   carriage return included, ESC as `\e` so ANSI sequences show as text), bidi controls,
 *   zero-width and other invisible format characters, line separators, non-ASCII spaces, lone
 *   surrogates — become visible escapes. What counts as hidden is the gate's own definition
 *   (`src/gate/reading/hiddenCharacters.ts`, a dependency-free module), so the card and the gate agree.
 * - Composition sites (from the extension) become marked pieces with an accessible label; an
 *   unquoted line break gets a visible `↵` marker before the break.
 * - Look-alike hosts are marked and followed by their ASCII (punycode) form.
 *
 * Ranges that are out of bounds, empty or overlapping are ignored, so a bad view cannot make
 * text disappear: every character of the command is in exactly one piece (tested).
 *
 * Browser-safe and DOM-free.
 */

export type PieceKind = 'text' | 'escape' | 'site' | 'newline-mark' | 'host-ascii';

export interface FramePiece {
  kind: PieceKind;
  /** What the card shows. For `text` and `site` pieces this is the command's own text. */
  text: string;
  /** Accessible description (escapes, sites, ASCII forms). */
  label?: string;
  /** The site kind, for `site` and `newline-mark` pieces. */
  site?: SiteKind;
  /** Part of a look-alike host. */
  host?: boolean;
}

export interface FrameLine {
  /** 1-based. */
  number: number;
  pieces: FramePiece[];
}

/** What each composition site does, for screen readers and the tooltip. */
export const SITE_LABELS: Readonly<Record<SiteKind, string>> = {
  separator: 'command separator: another command follows',
  background: 'background operator: the command before it runs in the background',
  and: 'and operator: the next command runs if this one succeeds',
  or: 'or operator: the next command runs if this one fails',
  pipe: 'pipe: this output feeds the next command',
  newline: 'line break outside quotes: a new command starts',
  substitution: 'command substitution: a command runs and its output is inserted here',
  backtick: 'backtick command substitution: a command runs and its output is inserted here',
  arithmetic: 'arithmetic expansion',
  'process-substitution': 'process substitution: a command runs and is read or written as a file',
  subshell: 'subshell: the commands inside run in a child shell',
  redirect: 'redirection: input or output goes to a file or descriptor',
  heredoc: 'here-document or here-string: the text that follows is fed to the command',
  comment: 'comment: the rest of this line does not run',
  'unclosed-quote': 'quote that never closes',
};

const HIDDEN_KIND_WORDS: Readonly<Record<HiddenKind | 'tab', string>> = {
  control: 'control character',
  'line-separator': 'line separator',
  'non-ascii-space': 'non-ASCII space',
  'invisible-format': 'invisible character',
  'lone-surrogate': 'broken character',
  tab: 'tab',
};

/** The visible escape and its description for a code point the frame must not show raw, else null. */
export function escapeFor(codePoint: number): { text: string; label: string } | null {
  const kind = codePoint === 0x09 ? 'tab' : hiddenKind(codePoint);
  if (kind === null) return null;
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
  return { text: visibleEscape(codePoint), label: `${HIDDEN_KIND_WORDS[kind]} U+${hex}` };
}

/** The frame's lines for `command`, with `sites` and `hostMarks` (ranges in UTF-16 code units). */
export function frameLines(command: string, sites: readonly CompositionSite[], hostMarks: readonly HostMark[]): FrameLine[] {
  const builder = new FrameBuilder();
  const cleanSites = disjointRanges(sites, command.length);
  const cleanHosts = disjointRanges(hostMarks, command.length).filter((mark) => !cleanSites.some((s) => s.start < mark.end && mark.start < s.end));
  let i = 0;
  let s = 0;
  let h = 0;
  while (i < command.length) {
    const site = cleanSites[s];
    const host = cleanHosts[h];
    if (site && site.start === i) {
      builder.site(command, site);
      i = site.end;
      s++;
      continue;
    }
    if (host && host.start === i) {
      builder.text(command, host.start, host.end, true);
      builder.push({ kind: 'host-ascii', text: ` ⟨${host.ascii ?? 'no valid ASCII form'}⟩`, label: host.ascii ? `this host's ASCII form is ${host.ascii}` : 'this host has no valid ASCII form' });
      i = host.end;
      h++;
      continue;
    }
    const next = Math.min(site?.start ?? command.length, host?.start ?? command.length);
    builder.text(command, i, next, false);
    i = next;
  }
  return builder.finish();
}

/** One line for the queue list: the first line of the command, escaped, cut to `max` characters with a visible `…`. */
export function oneLinePreview(command: string, max = 80): string {
  let out = '';
  for (const char of command) {
    if (char === '\n') {
      out += ' ↵ …';
      break;
    }
    const escape = escapeFor(char.codePointAt(0)!);
    out += escape ? escape.text : char;
    if (out.length > max) return `${out.slice(0, max)}…`;
  }
  return out;
}

/** Ranges sorted by start, inside `[0, length]`, non-empty, none overlapping an earlier one. */
function disjointRanges<T extends { start: number; end: number }>(ranges: readonly T[], length: number): T[] {
  const valid = ranges.filter((r) => Number.isInteger(r.start) && Number.isInteger(r.end) && r.start >= 0 && r.end <= length && r.start < r.end);
  valid.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: T[] = [];
  for (const range of valid) {
    const last = out[out.length - 1];
    if (!last || range.start >= last.end) out.push(range);
  }
  return out;
}

/** Most characters of a merged escape label; a screen reader does not need a thousand names. */
const MAX_LABEL = 240;

function mergedLabel(previous: string | undefined, next: string): string {
  if (!previous) return next;
  if (previous.endsWith(' and more')) return previous;
  return previous.length + next.length > MAX_LABEL ? `${previous} and more` : `${previous}, ${next}`;
}

class FrameBuilder {
  private readonly lines: FrameLine[] = [];
  private pieces: FramePiece[] = [];

  push(piece: FramePiece): void {
    const last = this.pieces[this.pieces.length - 1];
    // Consecutive escapes and consecutive plain text merge: fewer DOM nodes for long commands.
    if (last && last.kind === piece.kind && (piece.kind === 'text' || piece.kind === 'escape') && last.host === piece.host && last.site === piece.site) {
      last.text += piece.text;
      if (piece.label) last.label = mergedLabel(last.label, piece.label);
      return;
    }
    this.pieces.push(piece);
  }

  breakLine(): void {
    this.lines.push({ number: this.lines.length + 1, pieces: this.pieces });
    this.pieces = [];
  }

  /** A composition site: its own text, marked (a line break gets a visible marker first). */
  site(command: string, site: CompositionSite): void {
    const label = SITE_LABELS[site.kind];
    let run = '';
    for (let i = site.start; i < site.end; i++) {
      const char = command.charAt(i);
      if (char === '\n') {
        if (run) this.pieces.push({ kind: 'site', text: run, label, site: site.kind });
        run = '';
        this.pieces.push({ kind: 'newline-mark', text: '↵', label, site: site.kind });
        this.breakLine();
        continue;
      }
      const escape = escapeFor(command.charCodeAt(i));
      run += escape ? escape.text : char;
    }
    if (run) this.pieces.push({ kind: 'site', text: run, label, site: site.kind });
  }

  /** Plain (or host) text from `start` to `end`, split at line breaks, hidden characters escaped. */
  text(command: string, start: number, end: number, host: boolean): void {
    let runStart = start;
    const flush = (to: number) => {
      if (to > runStart) this.push({ kind: 'text', text: command.slice(runStart, to), ...(host ? { host } : {}) });
    };
    for (let i = start; i < end; i++) {
      let codePoint = command.charCodeAt(i);
      let width = 1;
      if (codePoint >= 0xd800 && codePoint <= 0xdbff && i + 1 < end) {
        const low = command.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          codePoint = (codePoint - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          width = 2;
        }
      }
      if (codePoint === 0x0a) {
        flush(i);
        this.breakLine();
        runStart = i + 1;
        continue;
      }
      const escape = escapeFor(codePoint);
      if (escape) {
        flush(i);
        this.push({ kind: 'escape', text: escape.text, label: escape.label, ...(host ? { host } : {}) });
        runStart = i + width;
      }
      i += width - 1;
    }
    flush(end);
  }

  finish(): FrameLine[] {
    this.breakLine();
    return this.lines;
  }
}
