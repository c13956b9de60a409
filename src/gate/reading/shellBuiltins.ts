/**
 * The builtins of bash 5.2 (`compgen -b`) and zsh 5.9 (`${(k)builtins}` with its default modules),
 * checked against the real shells by test/unit/reading/shellBuiltins.test.ts. A builtin is read by
 * the resolver itself: those that run text, change how later text is read or outlive their
 * command are refused or kept as shell state there (reading/resolver.ts), and the others only
 * print, test or move among the shell's own jobs. So a builtin without a row of the program table
 * is still a command whose words the gate places (D§5 "Positive knowledge").
 */
const BUILTINS: ReadonlySet<string> = new Set([
  // bash
  '.', ':', '[', 'alias', 'bg', 'bind', 'break', 'builtin', 'caller', 'cd', 'command', 'compgen', 'complete', 'compopt',
  'continue', 'declare', 'dirs', 'disown', 'echo', 'enable', 'eval', 'exec', 'exit', 'export', 'false', 'fc', 'fg',
  'getopts', 'hash', 'help', 'history', 'jobs', 'kill', 'let', 'local', 'logout', 'mapfile', 'popd', 'printf', 'pushd',
  'pwd', 'read', 'readarray', 'readonly', 'return', 'set', 'shift', 'shopt', 'source', 'suspend', 'test', 'times', 'trap',
  'true', 'type', 'typeset', 'ulimit', 'umask', 'unalias', 'unset', 'wait',
  // zsh, beyond bash's
  '-', 'autoload', 'bindkey', 'bye', 'chdir', 'compadd', 'comparguments', 'compcall', 'compctl', 'compdescribe', 'compfiles',
  'compgroups', 'compquote', 'compset', 'comptags', 'comptry', 'compvalues', 'disable', 'echotc', 'echoti', 'emulate',
  'float', 'functions', 'getln', 'integer', 'limit', 'log', 'noglob', 'print', 'private', 'pushln', 'r', 'rehash', 'sched',
  'setopt', 'ttyctl', 'unfunction', 'unhash', 'unlimit', 'unsetopt', 'vared', 'whence', 'where', 'which', 'zcompile',
  'zformat', 'zle', 'zmodload', 'zparseopts', 'zregexparse', 'zstyle',
]);

/** Whether bash or zsh has a builtin of this name. */
export function isShellBuiltin(name: string): boolean {
  return BUILTINS.has(name);
}

/** Every builtin name, for the test that checks the list against the real shells. */
export function shellBuiltinNames(): readonly string[] {
  return [...BUILTINS];
}
