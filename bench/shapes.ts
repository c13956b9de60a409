/**
 * Command shapes for the size benchmark. Each builds a command of exactly the requested length
 * (in UTF-16 code units, the unit the resolver's 64 KiB limit counts) by repeating a unit and
 * padding the tail, so that 1, 8 and 64 KiB runs differ only in size. The shapes aim at the
 * places where a scanner could go quadratic or a regexp could backtrack.
 */
export interface Shape {
  name: string;
  description: string;
  build(length: number): string;
}

/** `prefix` + units + padding; the padding character must keep the shape's syntax intact. */
function repeated(prefix: string, unit: string, suffix: string, pad: string, length: number): string {
  const room = length - prefix.length - suffix.length;
  if (room < 0) throw new Error(`length ${length} is too short for this shape`);
  const body = unit.repeat(Math.floor(room / unit.length));
  return prefix + body + pad.repeat(room - body.length) + suffix;
}

export const SHAPES: readonly Shape[] = [
  {
    name: 'many-segments',
    description: '`ls a; ls a; …` (over 64 segments beyond 1 KiB: the refusal must still be linear)',
    build: (n) => repeated('', 'ls a; ', 'ls', ' ', n),
  },
  {
    name: 'long-quoted-word',
    description: '`echo "aaaa…"`: one long double-quoted word',
    build: (n) => repeated('echo "', 'a', '"', 'a', n),
  },
  {
    name: 'deep-quoting',
    description: 'words alternating every quoting style: "x\'y\'\\"z\\"" $\'\\x41\\t\' \'q"r"\' a\\ b',
    build: (n) => repeated('echo ', `"x'y'\\"z\\"" $'\\x41\\t' 'q"r"' a\\ b `, '', ' ', n),
  },
  {
    name: 'many-redirects',
    description: '`echo x >a 2>b >>c <d …`: one command with thousands of redirects',
    build: (n) => repeated('echo x', ' >a 2>b >>c <d 2>&1', '', ' ', n),
  },
  {
    name: 'unterminated-quote',
    description: '`echo "aaaa…` with no closing quote (the fail-closed path)',
    build: (n) => repeated('echo "', 'a', '', 'a', n),
  },
  {
    name: 'nested-substitution',
    description: '`echo $($($(…` thousands deep (recursion depth)',
    build: (n) => repeated('echo ', '$(', '', ' ', n),
  },
];

export const SIZES_KIB = [1, 8, 64] as const;
