/**
 * One row per language the shared approximate reader (approximate.ts) reads: which programs run
 * it, its quote and comment forms, the names of its process APIs (whose arguments are commands)
 * and of its deletion APIs (whose argument is a path deleted, recursively or not), and its home
 * expressions. Which option of a program holds code stays in the program's own row
 * (src/gate/programs/rows/*, `payload: 'code'`); this table only says how that code is spelled.
 */

export interface QuoteForm {
  /** The opening, matched at the start of the text (`/^"/`, `/^qq?\s*[({[<\/|!]/`). */
  open: RegExp;
  /** The closing text; absent: the last character of the opening, or its bracket's pair. */
  close?: string;
  escape: 'backslash' | 'double' | 'none';
  /** Bracket quotes nest (`q(a(b)c)`, Tcl `{a {b}}`, Lua's `[[…]]` does not). */
  nests?: boolean;
  /** The literal stays in the code the API windows read (interpolating quotes and shell-like brace words). */
  keep?: boolean;
}

export interface CommentForm {
  open: string;
  /** Absent: the comment runs to the end of the line. */
  close?: string;
}

export interface LanguageRow {
  language: string;
  programs: readonly string[];
  quotes: readonly QuoteForm[];
  comments: readonly CommentForm[];
  processApis: readonly string[];
  deletionApis: readonly string[];
  homeExpressions: readonly string[];
  /** The language's statements are commands with bare words (Tcl, PowerShell, Vim `!`, ed `!`, make recipes). */
  shellLike?: boolean;
  /** The program reads its commands from stdin whatever its operands (ed): text fed to it is code. */
  stdinCommands?: boolean;
  /** A call's arguments are bare text (m4's `syscmd(rm -rf /)`): its words are the command's words. */
  bareArguments?: boolean;
  /** Stripped from each line before a shell-like line is read as shell text (`!` of ed and Vim, a recipe's tab). */
  linePrefix?: RegExp;
}

const DOUBLE: QuoteForm = { open: /^"/, escape: 'backslash' };
const SINGLE: QuoteForm = { open: /^'/, escape: 'backslash' };
const BACKTICK: QuoteForm = { open: /^`/, escape: 'backslash' };
const HASH: CommentForm = { open: '#' };

export const LANGUAGE_ROWS: readonly LanguageRow[] = [
  {
    language: 'Perl',
    programs: ['perl', 'perl5', 'cperl'],
    quotes: [{ open: /^qq?\s*[({[<]/, escape: 'backslash', nests: true }, { open: /^q[qxw]?\s*[/|!#]/, escape: 'backslash' }, { open: /^qx\s*[({[<]/, escape: 'backslash', nests: true }, DOUBLE, SINGLE, BACKTICK],
    comments: [HASH, { open: '\n=pod', close: '\n=cut' }],
    processApis: ['system', 'exec', 'qx', 'readpipe', 'open', 'open3', 'open2', 'spawn', 'capture', 'run'],
    deletionApis: ['rmtree', 'remove_tree', 'unlink', 'rmdir'],
    homeExpressions: ['$ENV{HOME}', "$ENV{'HOME'}", '$ENV{"HOME"}', 'File::HomeDir', 'glob("~")', "glob('~')", '(getpwuid($<))[7]'],
  },
  {
    language: 'Ruby',
    programs: ['ruby', 'irb', 'pry', 'jruby', 'truffleruby'],
    quotes: [{ open: /^%[qQwWxiI]?\s*[({[<]/, escape: 'backslash', nests: true }, { open: /^%[qQwWxiI][/|!]/, escape: 'backslash' }, DOUBLE, SINGLE, BACKTICK],
    comments: [HASH, { open: '=begin', close: '=end' }],
    processApis: ['system', 'exec', 'spawn', 'popen', 'popen3', 'capture2', 'capture2e', 'capture3', 'Open3', 'IO.popen', 'Process.spawn', 'pipeline', 'sh'],
    deletionApis: ['rm_rf', 'rm_r', 'remove_dir', 'remove_entry', 'remove_entry_secure', 'rmtree', 'rmdir', 'delete', 'unlink', 'rm'],
    homeExpressions: ['Dir.home', "ENV['HOME']", 'ENV["HOME"]', 'Etc.getpwuid', "File.expand_path('~')", 'File.expand_path("~")', 'Gem.user_home'],
  },
  {
    language: 'PHP',
    programs: ['php', 'php-cli', 'php8', 'php7', 'psysh'],
    quotes: [{ open: /^<<<\s*'?[A-Za-z_]+'?\n/, close: '\n', escape: 'none' }, DOUBLE, SINGLE, BACKTICK],
    comments: [HASH, { open: '//' }, { open: '/*', close: '*/' }],
    processApis: ['system', 'exec', 'shell_exec', 'passthru', 'popen', 'proc_open', 'pcntl_exec', 'expect_popen', 'mail'],
    deletionApis: ['unlink', 'rmdir', 'deleteDirectory', 'remove', 'delTree', 'rrmdir'],
    homeExpressions: ["getenv('HOME')", 'getenv("HOME")', "$_SERVER['HOME']", '$_SERVER["HOME"]', "$_ENV['HOME']", 'posix_getpwuid'],
  },
  {
    language: 'Lua',
    programs: ['lua', 'luajit', 'lua5.1', 'lua5.2', 'lua5.3', 'lua5.4', 'texlua', 'nvim-lua'],
    quotes: [{ open: /^\[=*\[/, close: ']]', escape: 'none' }, DOUBLE, SINGLE],
    comments: [{ open: '--[[', close: ']]' }, { open: '--' }],
    processApis: ['os.execute', 'io.popen', 'execute', 'popen', 'vim.fn.system', 'vim.system', 'vim.fn.jobstart', 'jobstart', 'termopen', 'spawn'],
    deletionApis: ['os.remove', 'vim.fn.delete', 'fs.rmdir', 'rmdir', 'remove', 'delete'],
    homeExpressions: ["os.getenv('HOME')", 'os.getenv("HOME")', 'vim.env.HOME', "vim.fn.expand('~')", 'vim.fn.expand("~")', 'vim.loop.os_homedir', 'vim.uv.os_homedir', 'os_homedir'],
  },
  {
    language: 'R',
    programs: ['r', 'rscript', 'R', 'Rscript'],
    quotes: [{ open: /^[rR]["'][-]*[([{]/, close: ')"', escape: 'none' }, DOUBLE, SINGLE],
    comments: [HASH],
    processApis: ['system', 'system2', 'shell', 'pipe', 'processx::run', 'run', 'callr'],
    deletionApis: ['unlink', 'file.remove', 'dir_delete', 'file_delete', 'fs::dir_delete'],
    homeExpressions: ['path.expand("~")', "path.expand('~')", 'Sys.getenv("HOME")', "Sys.getenv('HOME')", 'normalizePath("~")', 'fs::path_home', 'path_home'],
  },
  {
    language: 'Julia',
    programs: ['julia'],
    quotes: [{ open: /^"""/, close: '"""', escape: 'backslash' }, { open: /^```/, close: '```', escape: 'backslash' }, DOUBLE, BACKTICK],
    comments: [{ open: '#=', close: '=#' }, HASH],
    processApis: ['run', 'read', 'pipeline', 'open', 'success', 'spawn', 'Cmd'],
    deletionApis: ['rm', 'rmdir'],
    homeExpressions: ['homedir()', 'ENV["HOME"]', 'expanduser("~")'],
  },
  {
    language: 'Tcl',
    programs: ['tclsh', 'wish', 'expect', 'tclsh8.6', 'jimsh'],
    quotes: [{ open: /^\{/, escape: 'backslash', nests: true, keep: true }, { ...DOUBLE, keep: true }],
    comments: [HASH],
    processApis: ['exec', 'open', 'spawn', 'system'],
    deletionApis: ['file delete'],
    homeExpressions: ['$env(HOME)', '$::env(HOME)', '~', '[file normalize ~]', '[file home]'],
    shellLike: true,
    linePrefix: /^\s*(exec|spawn|system)\s+/,
  },
  {
    language: 'PowerShell',
    programs: ['pwsh', 'powershell', 'powershell.exe', 'pwsh.exe'],
    quotes: [{ open: /^@"\r?\n/, close: '\n"@', escape: 'none' }, { open: /^@'\r?\n/, close: "\n'@", escape: 'none' }, { open: /^"/, escape: 'none', keep: true }, { open: /^'/, escape: 'double', keep: true }],
    comments: [{ open: '<#', close: '#>' }, HASH],
    processApis: ['Invoke-Expression', 'iex', 'Start-Process', 'saps', 'start', 'Invoke-Item', '&', 'cmd', 'sh', 'bash', 'wsl', '[Diagnostics.Process]::Start', 'Process]::Start'],
    deletionApis: ['Remove-Item', 'rm', 'ri', 'del', 'erase', 'rd', 'rmdir', 'Clear-Content', 'Clear-Item', '[IO.Directory]::Delete', 'Directory]::Delete', 'Format-Volume', 'Clear-Disk'],
    homeExpressions: ['$HOME', '$env:HOME', '$env:USERPROFILE', '~', '[Environment]::GetFolderPath'],
    shellLike: true,
  },
  {
    language: 'Emacs Lisp',
    programs: ['emacs', 'emacs-nox', 'emacs-gtk', 'emacs-lucid', 'emacsclient'],
    quotes: [DOUBLE],
    comments: [{ open: ';' }],
    processApis: ['shell-command', 'shell-command-to-string', 'call-process', 'call-process-shell-command', 'start-process', 'start-process-shell-command', 'process-lines', 'async-shell-command', 'make-process', 'compile'],
    deletionApis: ['delete-directory', 'delete-file', 'f-delete', 'dired-delete-file'],
    homeExpressions: ['getenv "HOME"', 'expand-file-name "~"', 'substitute-in-file-name "$HOME"'],
  },
  {
    language: 'Vim',
    programs: ['vim', 'vi', 'view', 'nvim', 'ex', 'rvim', 'gvim', 'vim.basic', 'vim.tiny', 'vim.nox', 'vim.gtk3', 'evim', 'vimdiff'],
    quotes: [DOUBLE, { open: /^'/, escape: 'double' }],
    comments: [],
    processApis: ['system', 'systemlist', 'job_start', 'jobstart', 'termopen', 'term_start', 'os.execute', 'io.popen', 'vim.fn.system', 'vim.system', 'execute', 'exe', 'call', 'r!', 'read!', 'w!', 'terminal', 'term', 'lua', 'luado', 'py3', 'python3', 'pyx', 'perl', 'ruby'],
    deletionApis: ['delete', 'vim.fn.delete', 'os.remove'],
    homeExpressions: ['$HOME', "expand('~')", 'expand("~")', 'os.getenv("HOME")', "os.getenv('HOME')", 'vim.env.HOME'],
    shellLike: true,
    linePrefix: /^\s*(?:[:+]|silent!?\s*)*(?:r(?:ead)?\s*!|w(?:rite)?\s*!|!+|(?:\.|%|\d+(?:,\d+)?)\s*!)/,
  },
  {
    language: 'make',
    programs: ['make', 'gmake', 'bmake', 'remake'],
    quotes: [],
    comments: [HASH],
    processApis: ['$(shell', '$(call', '$(eval'],
    bareArguments: true,
    deletionApis: [],
    homeExpressions: ['$(HOME)', '${HOME}', '$$HOME'],
    shellLike: true,
    linePrefix: /^\s*(?:[A-Za-z0-9_.%/-]*\s*::?\s*)?[@+-]*/,
  },
  {
    language: 'm4',
    programs: ['m4', 'gm4'],
    quotes: [{ open: /^`/, close: "'", escape: 'none', nests: true, keep: true }],
    comments: [{ open: 'dnl' }],
    processApis: ['esyscmd', 'syscmd'],
    bareArguments: true,
    deletionApis: [],
    homeExpressions: [],
  },
  {
    language: 'ed',
    programs: ['ed', 'red'],
    stdinCommands: true,
    quotes: [],
    comments: [],
    processApis: [],
    deletionApis: [],
    homeExpressions: [],
    shellLike: true,
    linePrefix: /^[^!]*!/,
  },
];

/** For any other program whose row says it runs code: C-like and shell-like quotes, `#` comments, the usual API names. */
export const GENERIC_ROW: LanguageRow = {
  language: 'the code',
  programs: [],
  quotes: [{ open: /^"""/, close: '"""', escape: 'backslash' }, DOUBLE, SINGLE, BACKTICK],
  comments: [],
  processApis: ['system', 'exec', 'spawn', 'popen', 'run', 'shell', 'execute', 'os.execute', 'os:cmd', 'callCommand', 'System.cmd', 'Process', 'Command', 'Runtime.getRuntime().exec', 'ProcessBuilder', 'sh', 'cmd'],
  deletionApis: ['rm_rf', 'rmtree', 'rm', 'rmdir', 'delete', 'deleteRecursively', 'removeDirectoryRecursive', 'remove', 'unlink', 'delete-directory', 'File.rm_rf', 'rm-rf'],
  homeExpressions: ['$HOME', 'HOME', 'homedir', 'home()', 'user.home', 'getHomeDirectory'],
};

const BY_PROGRAM = new Map<string, LanguageRow>(LANGUAGE_ROWS.flatMap((row) => row.programs.map((program) => [program.toLowerCase(), row] as const)));

/** The language row of a program (by its row name), or the generic row. */
export function languageRowFor(program: string): LanguageRow {
  return BY_PROGRAM.get(program.toLowerCase()) ?? GENERIC_ROW;
}
