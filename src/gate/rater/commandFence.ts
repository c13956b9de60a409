/**
 * The fence around untrusted text in the rater's prompt, and the neutraliser that keeps the
 * text inside from closing it.
 *
 * The command (and, in a negotiation, the agent's justification and the user's messages) is
 * attacker-controllable. If it could write `</command_to_evaluate>` itself, everything after
 * that would read to the model as the gate's own words. So before any untrusted text is
 * placed in the prompt, every opening or closing look-alike of one of our tags is replaced by
 * a visible marker, and the prompt ends up with exactly one closing fence: the gate's.
 *
 * "Look-alike" is judged on a folded copy of the text, never on the text itself:
 * - compatibility forms are decomposed (NFKD: fullwidth `＜／＞`, small forms, ligatures,
 *   mathematical letters) and combining marks dropped (so `<` + U+0338 still counts as `<`);
 * - case is ignored; whitespace, line breaks, invisible and control characters, and the
 *   separators `_ - . :` vanish (so `< / Command _To_ evaluate\n>` and `c\u200bommand` match);
 * - common homoglyphs of Latin letters (Cyrillic `о`, Greek `ο`, dotless `ı`, `0` for `o`…)
 *   read as the letter, and bracket/solidus look-alikes (`‹ 〈 ⟨ « ˂`, `⁄ ∕ ⧸ \`) as `<` `>` `/`;
 * - character references and escapes that a reader might decode (`&lt;`, `&#60;`, `&#x3c;`,
 *   `&amp;lt;`, `\u003c` with or without its backslash, `\x3c`, `%3C`, and the same for `>`
 *   and `/`) read as the character.
 * A match is a `<` look-alike, any number of solidus look-alikes, and one of our tag names;
 * a directly following `>` look-alike is removed with it. The replacement marker contains no
 * bracket, so replacing can never assemble a new tag out of the surrounding text.
 *
 * Every step is a single left-to-right pass (linear in the length of the text).
 */

/** The tag that carries the command. */
export const COMMAND_FENCE_TAG = 'command_to_evaluate';

/**
 * Every tag the prompt uses around untrusted text. Look-alikes of all of them are neutralised
 * in all untrusted text, so a justification cannot close the command fence either.
 */
export const UNTRUSTED_TAGS = [COMMAND_FENCE_TAG, 'agent_justification', 'prior_round', 'user_message'] as const;
export type UntrustedTag = (typeof UNTRUSTED_TAGS)[number];

/** What a neutralised tag look-alike is replaced with (visible to the model and the capture). */
export const NEUTRALISED_TAG_MARKER = '[tag-like text removed by the gate]';

/** The fenced text and how many tag look-alikes were replaced to make it safe. */
export interface NeutralisedText {
  text: string;
  replaced: number;
}

/**
 * Replaces every opening or closing look-alike of one of {@link UNTRUSTED_TAGS} in `text`.
 * Repeats until nothing matches (one pass suffices in practice; the loop is a guarantee).
 */
export function neutraliseTagLookAlikes(text: string): NeutralisedText {
  let current = text;
  let replaced = 0;
  for (let pass = 0; pass < 4; pass++) {
    const result = replaceOnce(current);
    if (result.replaced === 0) return { text: current, replaced };
    current = result.text;
    replaced += result.replaced;
  }
  // Unreachable by construction (the marker holds no bracket); refuse rather than return text
  // that might still close a fence.
  throw new Error('the fence neutraliser did not settle');
}

/**
 * The command block: one opening tag, the neutralised command, one closing tag.
 * The command should already be normalised and home-folded.
 */
export function fenceCommand(command: string): NeutralisedText {
  const inner = neutraliseTagLookAlikes(command);
  return {
    text: `<${COMMAND_FENCE_TAG}>\n${inner.text}\n</${COMMAND_FENCE_TAG}>`,
    replaced: inner.replaced,
  };
}

/**
 * Wraps already-neutralised, one-line untrusted text in `<tag attrs>…</tag>`.
 * Attribute values must be the gate's own words (numbers, outcome names).
 */
export function fenceInline(tag: UntrustedTag, text: string, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value.replace(/[^A-Za-z0-9 _.-]/g, '')}"`)
    .join('');
  return `<${tag}${attrs}>${text}</${tag}>`;
}

/**
 * How many opening and closing look-alikes of `tag` the text holds, by the same folding the
 * neutraliser uses. The prompt builder checks the finished message with this (exactly one
 * opening and one closing command fence), and so do the tests.
 */
export function countTagLookAlikes(text: string, tag: UntrustedTag): { opening: number; closing: number } {
  const folded = foldForDetection(text);
  const name = foldedName(tag);
  let opening = 0;
  let closing = 0;
  const pattern = new RegExp(`<(/*)${name}`, 'g');
  for (const match of folded.text.matchAll(pattern)) {
    if (match[1]!.length > 0) closing++;
    else opening++;
  }
  return { opening, closing };
}

// ── Folding ──────────────────────────────────────────────────────────────────────────────

/** The tag name as it appears in the folded text (separators vanish when folding). */
function foldedName(tag: string): string {
  return tag.replace(/[_\-.:]/g, '');
}

const NAME_ALTERNATION = UNTRUSTED_TAGS.map(foldedName).join('|');

/**
 * A folded copy of the text: one ASCII character per entry, each mapped back to the span of
 * the original it came from. Characters that do not matter for tag detection become `#`,
 * which blocks a match (unlike vanished characters, which are skipped).
 */
interface FoldedText {
  text: string;
  start: Int32Array;
  end: Int32Array;
}

const LESS_THAN = new Set(['<', '\u2039', '\u3008', '\u27e8', '\u02c2', '\u1438', '\u276e', '\u29fc', '\u300a', '\u00ab', '\u2329', '\u276c', '\u2770']);
const GREATER_THAN = new Set(['>', '\u203a', '\u3009', '\u27e9', '\u02c3', '\u1433', '\u276f', '\u29fd', '\u300b', '\u00bb', '\u232a', '\u276d', '\u2771']);
const SOLIDUS = new Set(['/', '\\', '\u2044', '\u2215', '\u29f8', '\u2571', '\u27cb', '\u141f', '\u2cc6', '\u3033']);

/** Letters that read as a Latin letter (lower case, after NFKD and mark removal). */
const HOMOGLYPHS: Readonly<Record<string, string>> = {
  // Cyrillic
  '\u0430': 'a', '\u0441': 'c', '\u0501': 'd', '\u0435': 'e', '\u04bb': 'h', '\u0456': 'i', '\u0458': 'j',
  '\u04cf': 'l', '\u043e': 'o', '\u0440': 'p', '\u051b': 'q', '\u0455': 's', '\u0443': 'y', '\u0445': 'x',
  '\u051d': 'w', '\u0432': 'b', '\u043c': 'm', '\u0442': 't', '\u043d': 'h', '\u043f': 'n', '\u0433': 'r',
  '\u044a': 'b', '\u044c': 'b', '\u0475': 'v',
  // Greek
  '\u03b1': 'a', '\u03b5': 'e', '\u03b9': 'i', '\u03ba': 'k', '\u03bd': 'v', '\u03bf': 'o', '\u03c1': 'p',
  '\u03c4': 't', '\u03c5': 'u', '\u03c7': 'x', '\u03b3': 'y', '\u03b7': 'n', '\u03bc': 'u', '\u03c9': 'w',
  // Latin extensions and digits
  '\u0131': 'i', '\u0237': 'j', '\u0251': 'a', '\u0261': 'g', '\u026a': 'i', '\u1d00': 'a', '\u1d04': 'c',
  '\u1d05': 'd', '\u1d07': 'e', '\u029f': 'l', '\u1d0d': 'm', '\u0274': 'n', '\u1d0f': 'o', '\u0280': 'r',
  '\u1d1b': 't', '\u1d1c': 'u', '\u1d20': 'v', '\u01c0': 'l', '\u0269': 'i', '\u028b': 'v', '\u028c': 'v',
  '0': 'o', '1': 'l',
};

/**
 * References and escapes that decode to `<`, `>` or `/`; matched at `&`, `\`, `%`, `u` or `x`.
 * The backslash of `\u003c` is optional because detection normalisation drops a backslash
 * before an ordinary character, leaving `u003c`.
 */
const ENCODED_CHARACTER =
  /(?:&(?:amp;){0,3}(?:(lt|lsaquo|laquo|langle|lang)|(gt|rsaquo|raquo|rangle|rang)|(sol|frasl)|#0{0,8}(?:(60)|(62)|(47))|#x0{0,8}(?:(3c)|(3e)|(2f)));?)|(?:\\?(?:u00|x)(?:(3c)|(3e)|(2f)))|(?:%(?:(3c)|(3e)|(2f)))/iy;

function decodeEncoded(match: RegExpExecArray): string {
  const groups = match.slice(1);
  // Groups come in the order <, >, / for each form; find which one matched.
  const order = ['<', '>', '/', '<', '>', '/', '<', '>', '/', '<', '>', '/', '<', '>', '/'];
  const index = groups.findIndex((g) => g !== undefined);
  return order[index] ?? '#';
}

/** Characters that vanish when folding: whitespace, invisible/format/control, marks, separators. */
const VANISHING = /^[\s\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Zs}\p{Zl}\p{Zp}_\-.:\u2010-\u2015\u2212\ufe58\ufe63\uff0d\u115f\u1160\u3164\uffa0]$/u;

function foldForDetection(text: string): FoldedText {
  // One folded character per entry; the spans are kept in typed arrays grown by doubling, so a
  // long text costs no garbage per character (docs/performance.md, "Size growth").
  let out = '';
  let start = new Int32Array(text.length + 16);
  let end = new Int32Array(text.length + 16);
  let length = 0;
  const push = (folded: string, from: number, to: number): void => {
    if (length === start.length) {
      const grownStart = new Int32Array(start.length * 2);
      grownStart.set(start);
      start = grownStart;
      const grownEnd = new Int32Array(end.length * 2);
      grownEnd.set(end);
      end = grownEnd;
    }
    out += folded;
    start[length] = from;
    end[length] = to;
    length++;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '&' || c === '\\' || c === '%' || c === 'u' || c === 'x' || c === 'U' || c === 'X') {
      ENCODED_CHARACTER.lastIndex = i;
      const match = ENCODED_CHARACTER.exec(text);
      if (match) {
        push(decodeEncoded(match), i, i + match[0].length);
        i += match[0].length;
        continue;
      }
    }
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      const folded = foldAscii(c);
      if (folded !== '') push(folded, i, i + 1);
      i += 1;
      continue;
    }
    const codePoint = text.codePointAt(i)!;
    const width = codePoint > 0xffff ? 2 : 1;
    for (const folded of foldCharacter(text.slice(i, i + width))) push(folded, i, i + width);
    i += width;
  }
  return { text: out, start: start.subarray(0, length), end: end.subarray(0, length) };
}

/** One ASCII character → its folded character, or '' when it vanishes. */
function foldAscii(char: string): string {
  if (char === '<' || char === '>' || char === '/') return char;
  if (char === '\\') return '/';
  if (VANISHING.test(char)) return '';
  const lower = char.toLowerCase();
  const mapped = HOMOGLYPHS[lower] ?? lower;
  return /^[a-z0-9]$/.test(mapped) ? mapped : '#';
}

/** One original character → zero or more folded ASCII characters. */
function foldCharacter(char: string): string[] {
  if (char.length === 1 && char.charCodeAt(0) < 0x80) {
    const folded = foldAscii(char);
    return folded === '' ? [] : [folded];
  }
  if (LESS_THAN.has(char)) return ['<'];
  if (GREATER_THAN.has(char)) return ['>'];
  if (SOLIDUS.has(char)) return ['/'];
  if (VANISHING.test(char)) return [];
  const result: string[] = [];
  for (const part of char.normalize('NFKD')) {
    if (VANISHING.test(part)) continue;
    if (LESS_THAN.has(part)) result.push('<');
    else if (GREATER_THAN.has(part)) result.push('>');
    else if (SOLIDUS.has(part)) result.push('/');
    else {
      const lower = part.toLowerCase();
      const mapped = HOMOGLYPHS[lower] ?? lower;
      result.push(/^[a-z0-9]$/.test(mapped) ? mapped : '#');
    }
  }
  return result;
}

function replaceOnce(text: string): NeutralisedText {
  const folded = foldForDetection(text);
  const pattern = new RegExp(`<\\/*(?:${NAME_ALTERNATION})>?`, 'g');
  let out = '';
  let copiedUpTo = 0;
  let replaced = 0;
  for (const match of folded.text.matchAll(pattern)) {
    const first = match.index!;
    const last = first + match[0].length - 1;
    const from = folded.start[first]!;
    const to = folded.end[last]!;
    if (from < copiedUpTo) continue;
    out += text.slice(copiedUpTo, from) + NEUTRALISED_TAG_MARKER;
    copiedUpTo = to;
    replaced++;
  }
  if (replaced === 0) return { text, replaced: 0 };
  return { text: out + text.slice(copiedUpTo), replaced };
}
