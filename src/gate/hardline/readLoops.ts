/**
 * Loops over what another command prints, for the hardline floor (D§5; docs/decisions.md "A
 * loop's variable takes what its producer prints"): `ls -d /usr/* | while read f; do rm -rf "$f";
 * done`, `while read -r f; do …; done < <(find ~ -maxdepth 1)`, `for f in $(ls -d /etc/*); do …;
 * done`. The loop variable takes each line (or word) the producer prints; the floor already knows
 * what some producers print (a lister's paths at worst, a literal producer's text: dataFlow.ts and
 * hardline.ts). Each value is put where the variable is expanded in the body, and the body is read
 * again as approximate shell text. Text level, like {@link lineWithValues}: the resolver gives up on
 * loops, and the tolerant reader flattens them.
 *
 * A producer whose output the floor does not compute (`xxd -p ~/.ssh/id_rsa`, `cat LIST`) gives
 * the variable its own substitution, `"$(PRODUCER)"`: what it prints, unknown, so that a sink of
 * the body is read as sending what the producer reads (`… | while read h; do ping -p "$h" H;
 * done`, docs/decisions.md "Credentials leaving: secret managers, mailers and servers").
 *
 * A loop fed from a file named from the root or the home folder (`done < ~/.aws/credentials`) reads
 * its lines, as `cat FILE |` would.
 *
 * Left out (misses rather than guesses): a loop fed from a relative file (`done < list.txt`),
 * `read` into several variables (only the first is read, with the whole line), `read -a`.
 */

/** The value a loop variable takes from a producer the floor cannot compute: the producer's output as one word. */
export function producerAsSubstitution(producer: string): string {
  return `"$(${producer})"`;
}

/** Most loops read on one line, and most values tried in one loop's body. */
const MAX_LOOPS = 8;
const MAX_VALUES = 16;

/** Longest text this reader looks at (longer lines are read by the other readers only). */
const MAX_TEXT = 16 * 1024;

/**
 * `while [IFS=…] read [OPTIONS] NAME…; do BODY; done` with its input. Only read's options that take
 * a value (`-d`, `-n`, `-p`, `-t`, `-u`, …) are given one: `read -r d; do sudo …` is the variable d.: the producer piped in before
 * `while` (group 1), or a process substitution or here-string after `done` (group 5 or 6).
 */
const WHILE_READ =
  /(?:^|[;&|\n({]\s*|\bthen\s+|\bdo\s+)(?:([^;&|\n(){}]+?)\|\s*)?while\s+(?:IFS=\S*\s+)?read\s+((?:-[A-Za-z]*[adinNptu]\s+(?:''|""|\$'\\0'|\S+)\s+|-[A-Za-z]+\s+)*)([A-Za-z_]\w*)(?:\s+[A-Za-z_]\w*)*(?:\s*;\s*|\s+)do\b([\s\S]*?)\bdone\b(?:\s*<\s*<\(([^()]*(?:\([^()]*\)[^()]*)*)\)|\s*<<<\s*"?\$\(([^()]*)\)"?|\s*<\s*((?:~|\/|\$HOME\b|\$\{HOME\})[^\s;&|()<>]*))?/g;

/** `for NAME in $(PRODUCER)` or `` `PRODUCER` ``, `; do BODY; done`. */
const FOR_IN = /(?:^|[;&|\n({]\s*|\bthen\s+|\bdo\s+)for\s+([A-Za-z_]\w*)\s+in\s+(?:\$\(([^()]*)\)|`([^`]*)`)\s*;?\s*do\b([\s\S]*?)\bdone\b/g;

/**
 * The bodies of the line's read loops, each with the loop variable replaced by one value its
 * producer prints (`values`: the producer's text → what it prints as shell words, each a path or
 * a glob, or null when not known). Empty for a line with no such loop.
 */
export function readLoopBodies(text: string, values: (producer: string) => string[] | null): string[] {
  if (text.length > MAX_TEXT || !/\b(?:while|for)\b/.test(text)) return [];
  const out: string[] = [];
  let loops = 0;
  const add = (name: string, producer: string | undefined, body: string): void => {
    if (producer === undefined || producer.trim() === '' || loops >= MAX_LOOPS) return;
    loops++;
    const printed = values(producer.trim());
    if (printed === null) return;
    for (const value of printed.slice(0, MAX_VALUES)) {
      const filled = withValue(body, name, value);
      if (filled !== body) out.push(filled);
    }
  };
  for (const match of text.matchAll(WHILE_READ)) {
    // `-a ARRAY` reads words into an array, not a line into the variable.
    if (/(?:^|\s)-[A-Za-z]*a/.test(match[2] ?? '')) continue;
    // A loop fed from a file (`done < ~/.netrc`) reads the file's lines: its producer is `cat FILE`.
    add(match[3]!, (match[1] === undefined ? undefined : pipelineBefore(text, match.index, match[1])) ?? match[5] ?? match[6] ?? (match[7] === undefined ? undefined : `cat ${match[7]}`), match[4]!);
  }
  for (const match of text.matchAll(FOR_IN)) add(match[1]!, match[2] ?? match[3], match[4]!);
  return out;
}

/** Longest stretch of text looked back over for the commands piped into a loop's producer. */
const MAX_PIPELINE_BEFORE = 4096;

/**
 * The loop's producer with the commands piped into it (`lsblk -dpno NAME | grep -v loop | while
 * read d; …`: `lsblk -dpno NAME | grep -v loop`, not `grep -v loop` alone, which reads what lsblk
 * prints): when the match starts at a single `|`, the pipeline before it, back to the last `;`,
 * `&`, line break, bracket or brace.
 */
function pipelineBefore(text: string, at: number, producer: string): string {
  if (text[at] !== '|' || text[at - 1] === '|' || text[at + 1] === '|') return producer;
  let k = at - 1;
  while (k >= 0 && at - k <= MAX_PIPELINE_BEFORE && !/[;&\n(){}]/.test(text[k]!)) k--;
  const before = text.slice(k + 1, at).trim();
  return before === '' ? producer : `${before} | ${producer}`;
}

/**
 * The body with `value` where `$NAME` is expanded: `"$NAME"`, `"${NAME}"`, `$NAME`, `${NAME}`.
 * A quoted expansion becomes the value unquoted (a glob value stands for every path it matches).
 */
function withValue(body: string, name: string, value: string): string {
  // A quoted plain name (`'vmlinuz'`) stands bare, so that it reads the same inside `"/boot/$k"`.
  const plain = /^'([A-Za-z0-9_./@%+=:,-]+)'$/.exec(value);
  if (plain !== null) value = plain[1]!;
  const expansion = new RegExp(`"\\$(?:${name}|\\{${name}\\})"|\\$(?:${name}\\b|\\{${name}\\})`, 'g');
  return body.replace(expansion, () => value);
}
