import type { CommandReading } from '../../src/gate/reading/reading';

/**
 * Adversarial inputs for the hardline floor, built to any size: the shapes where a reader could
 * go quadratic, recurse without end or follow text into shells forever. The unit tests check the
 * floor answers on 64 KiB of each (test/unit/hardline/hardline.test.ts); `npm run bench` times
 * each at 8 and 64 KiB side by side (bench/parts.ts, section 2b).
 */
export function hardlineAdversarialInputs(size: number): Array<[string, string]> {
  const fill = (unit: string, prefix = '', suffix = ''): string =>
    (prefix + unit.repeat(Math.ceil(size / unit.length))).slice(0, size - suffix.length) + suffix;
  return [
    ['$( repeated', fill('$(')],
    ['backticks', fill('`')],
    ['double quotes', fill('"')],
    ['single quotes', fill("'")],
    ['open parens', fill('(')],
    ['close parens', fill(')')],
    ['braces', fill('{')],
    ['function heads', fill('(){')],
    ['fork-bomb heads', fill(':(){ :|:& };')],
    ['function keyword', fill('function f')],
    ['array opens', fill('a=(')],
    ['backslashes', fill('\\')],
    ['${ repeated', fill('${')],
    ["$' repeated", fill("$'\\")],
    ['heredoc heads', fill('<<EOF\n')],
    ['long rm target', fill('a', 'rm -rf ')],
    ['long slash target', fill('/', 'rm -rf ')],
    ['sh -c chain', fill('sh -c ')],
    ['eval chain', fill('eval ', '', 'rm -rf /')],
    ['nested substitutions', fill('a$(b ')],
    ['nested quotes and substitutions', fill('"$(')],
    ['pipes of secrets', fill('cat ~/.ssh/id_rsa | ')],
    ['curl data words', fill('curl -d @.env ')],
    ['brace commas', fill('{,')],
    ['find execs', fill('find / -exec ')],
    ['xargs chain', fill('echo / | xargs ')],
    ['unknown launcher words', fill('rm ', 'frob ')],
    ['unknown launcher shell text', fill("'rm -rf x' ", 'frob ')],
    ['unknown launchers nested', fill('sudo frob dd ', 'frob ')],
    ['code on stdin', fill("print('rm -rf x'); ", 'echo "', '" | python3 -')],
    ['here-document into python', fill("f('rm -rf x')\n", 'python3 - <<EOF\n', '\nEOF')],
    ['printf arguments into sh', fill('%s ', 'printf ', ' | sh')],
    ['printf widths into sh', fill('%9999s', "printf '", "' x | sh")],
    ['globs', fill('/*')],
    ['tildes', fill('~')],
    ['newlines', fill('\n')],
    ['random bytes', Array.from({ length: size }, (_, k) => String.fromCharCode((k * 7919 + 13) % 256)).join('')],
  ];
}

/** A reading the resolver gave up on, so the floor reads the text itself (its tolerant reader). */
export function unresolvedTextReading(text: string, home: string): CommandReading {
  return {
    original: text,
    normalised: text,
    hidden: [],
    resolution: { resolved: false, mechanisms: ['syntax'], detail: 'test' },
    home,
    shell: 'bash',
  };
}
