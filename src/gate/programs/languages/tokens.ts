/**
 * The tokens the Python and JavaScript tokenizers give the code reader (reader.ts): string
 * literals decoded (f-strings and template literals with their interpolated expressions as token
 * lists of their own), names (NFKC-folded, as Python folds identifiers; JavaScript `\u` escapes in
 * names decoded), numbers and punctuation. Comments are dropped.
 */

/** A piece of an f-string or a template literal: literal text, or the tokens of an interpolation. */
export type StringPart = string | readonly Token[];

export type Token =
  | { kind: 'name'; value: string; start: number }
  | {
      kind: 'string';
      /** The decoded literal text (interpolations left out). */
      value: string;
      start: number;
      /** Set for f-strings and templates: literal text and interpolations in order. */
      parts?: readonly StringPart[];
      /** A JavaScript regular expression literal's body, or a Python bytes literal. */
      flavour?: 'regex' | 'bytes';
    }
  | { kind: 'number'; value: string; start: number }
  | { kind: 'punct'; value: string; start: number };

/** What a tokenizer gives back: the tokens, and whether it met text it could not read exactly. */
export interface Tokens {
  tokens: Token[];
  /** An unterminated string or comment, or a character no token starts with: set, the reader is approximate. */
  unreadable: string | null;
}

/** Multi-character operators both languages share enough of for the reader (it only needs `=`, `==`, `=>`, `.`, `?.`). */
export const OPERATORS = ['===', '!==', '**=', '...', '>>>', '?.', '=>', '==', '!=', '<=', '>=', '+=', '-=', '*=', '/=', '%=', '&&', '||', '??', '**', '//', '->', ':=', '<<', '>>'];

/** Reads one operator or punctuation character at `i`. */
export function operatorAt(src: string, i: number): string {
  for (const op of OPERATORS) if (src.startsWith(op, i)) return op;
  return src[i]!;
}

/** Decodes `\x..`, `\u....`, `\u{…}`, `\U........` escapes' hex digits; null when malformed. */
export function hexChar(hex: string): string | null {
  if (!/^[0-9a-fA-F]+$/.test(hex)) return null;
  const code = parseInt(hex, 16);
  if (code > 0x10ffff) return null;
  return String.fromCodePoint(code);
}
