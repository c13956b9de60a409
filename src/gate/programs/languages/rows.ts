/**
 * One row per language the shared approximate reader (approximate.ts) reads: which programs run
 * it, its quote and comment forms, the names of its process APIs (whose arguments are commands)
 * and of its deletion APIs (whose argument is a path deleted, recursively or not), and its home
 * expressions. Which option of a program holds code stays in the program's own row
 * (src/gate/programs/rows/*, `payload: 'code'`); this table only says how that code is spelled.
 */
import { consoleStatements, roffShellRequests, rpmMacroShells, sqlplusHostCommands, texShellEscapes } from './shellEscapes';
import { autoHotkeyDeclarations, autoItDeclarations } from './windowsHosts';
import { ansibleDeclarations, ansiblePlaybookDeclarations, chefDeclarations, puppetDeclarations, saltDeclarations } from './declarations';

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
  /** Names that empty a file (`File.truncate(P, 0)`): `truncate -s 0 -- P`. Absent: {@link TRUNCATION_WORDS}. */
  truncationApis?: readonly string[];
  /** Names that overwrite a file with what they are given (`file_put_contents(P, …)`, `File.write`): `: > P`. Absent: {@link WRITE_WORDS}. */
  writeApis?: readonly string[];
  /** Names that move a file or folder (`os.rename(SRC, DST)`, `File.rename`, `renameFile`): `mv -- SRC DST`. Absent: {@link MOVE_WORDS}. */
  moveApis?: readonly string[];
  /** Names that open a file, writing it when a write mode is among the arguments (`fopen(P, "w")`, Perl's `open(F, '>', P)`). Absent: {@link OPEN_WORDS}. */
  openApis?: readonly string[];
  /**
   * Names that list a folder (`Dir.glob`, `scandir`, PHP's `RecursiveDirectoryIterator`), each with
   * whether it descends. In code that also deletes a path it cannot name (a loop's variable), what
   * a listing yields is what is deleted (approximate.ts). Absent: {@link LISTING_WORDS}.
   */
  listingApis?: Readonly<Record<string, 'folder' | 'tree'>>;
  homeExpressions: readonly string[];
  /** Names that open a connection or send a request (`TCPSocket`, `Invoke-WebRequest`). Absent: {@link NETWORK_WORDS}. */
  networkApis?: readonly string[];
  /** The code as the shell sees it, where the language escapes shell text (make's `$$` is `$`). */
  asShellText?: (text: string) => string;
  /** The language's statements are commands with bare words (Tcl, PowerShell, Vim `!`, ed `!`, make recipes). */
  shellLike?: boolean;
  /**
   * Names that run a string as code of the same language (VBScript's `Execute`, `ExecuteGlobal`,
   * `Eval`): the literals they are given are read again as code (approximate.ts, two levels).
   */
  evalApis?: readonly string[];
  /** The program reads its commands from stdin whatever its operands (ed): text fed to it is code. */
  stdinCommands?: boolean;
  /** A call's arguments are bare text (m4's `syscmd(rm -rf /)`): its words are the command's words. */
  bareArguments?: boolean;
  /** Stripped from each line before a shell-like line is read as shell text (`!` of ed and Vim, a recipe's tab). */
  linePrefix?: RegExp;
  /**
   * For languages of declarations (configuration tools: Puppet, Chef, Ansible modules, Salt
   * functions): the shell commands that do what the code's resources declare
   * (`file { '/etc': ensure => absent }` is `rm -rf -- '/etc'`). See declarations.ts.
   */
  declarations?: (code: string) => string[];
}

const DOUBLE: QuoteForm = { open: /^"/, escape: 'backslash' };
const SINGLE: QuoteForm = { open: /^'/, escape: 'backslash' };
const BACKTICK: QuoteForm = { open: /^`/, escape: 'backslash' };
const HASH: CommentForm = { open: '#' };

const SLASHES: CommentForm = { open: '//' };
const BLOCK: CommentForm = { open: '/*', close: '*/' };
const SEMICOLON: CommentForm = { open: ';' };

/**
 * Names that open a connection or send a request in many languages' libraries (sockets, HTTP
 * clients, mail and FTP clients), each as a whole name: code holding one and a credential path
 * sends the credential at its worst (approximate.ts, as the Python and JavaScript reader does).
 */
export const NETWORK_WORDS: readonly string[] = [
  // Sockets.
  'socket', 'Socket', 'TCPSocket', 'UDPSocket', 'IO::Socket', 'IO::Socket::INET', 'IO::Socket::SSL', 'fsockopen', 'pfsockopen', 'stream_socket_client', 'socket_create',
  'socketConnection', 'make-socket', 'gen_tcp', 'TcpClient', 'Sockets', 'NWConnection', 'connect', 'socket.tcp', 'socket.connect',
  // HTTP, FTP and mail clients.
  'LWP', 'LWP::UserAgent', 'HTTP::Tiny', 'Net::HTTP', 'Net::FTP', 'Net::SMTP', 'Mojo::UserAgent', 'HTTParty', 'Faraday', 'RestClient', 'Excon', 'open-uri',
  'curl_init', 'curl_exec', 'ftp_connect', 'ftp_put', 'http.request', 'socket.http', 'httr', 'RCurl', 'download.file', 'HTTP.request', 'HTTP.post', 'http::geturl',
  'Invoke-WebRequest', 'Invoke-RestMethod', 'iwr', 'irm', 'WebClient', 'UploadFile', 'UploadString', 'UploadData', 'HttpClient', 'HttpURLConnection', 'openConnection',
  'URLSession', 'httpc', 'HTTPoison', 'url-retrieve', 'request-post', 'fetch', 'post', 'send', 'sendall', 'syswrite',
];

/**
 * Names that delete a folder tree (or a file) in many languages' libraries, read by every row
 * below that spreads it: a call of one with a path or a home expression is `rm -rf` of it. Each
 * row adds its own library's names.
 */
export const DELETION_WORDS: readonly string[] = [
  'rmtree', 'rm_rf', 'rm_r', 'remove_tree', 'rmdir', 'unlink', 'delete', 'deleteDir', 'deleteRecursively', 'deleteDirectory',
  'delete-tree', 'delete-directory', 'delete-directory/files', 'delete-file', 'del_dir_r', 'delTree', 'rimraf', 'remove_dir_all', 'removeDirectoryRecursive',
  // Capitalised libraries (Wolfram, Go, .NET, Win32): `DeleteDirectory[…]`, `os.RemoveAll`, `Directory.Delete`.
  'DeleteDirectory', 'DeleteFile', 'RemoveDirectory', 'RemoveAll', 'remove_all', 'Directory.Delete', 'File.Delete', 'deltree',
];

/** Names that empty a file in many languages' libraries (`File.truncate`, `ftruncate`, `os.truncate`, `truncateSync`). */
export const TRUNCATION_WORDS: readonly string[] = ['truncate', 'ftruncate', 'truncateSync', 'truncate_file', 'Truncate', 'SetLength'];

/** Names that overwrite a whole file with what they are given (the path their first path argument). */
export const WRITE_WORDS: readonly string[] = [
  'file_put_contents', 'File.write', 'IO.write', 'File.binwrite', 'IO.binwrite', 'write_file', 'write_text', 'write_bytes', 'writeFileSync', 'writeFile',
  'writeTextFile', 'spit', 'writeLines', 'write_lines', 'writeText', 'writeBytes', 'Set-Content', 'Out-File', 'WriteAllText', 'WriteAllBytes', 'write-region',
  // Go's `os.WriteFile`/`ioutil.WriteFile`, and the Go template functions of gomplate (`file.Write`), Racket's `write-to-file`.
  'WriteFile', 'file.Write', 'write-to-file',
];

/**
 * Names that move a file or folder in many languages' libraries (the source their first path
 * argument, the destination the second): moving a system folder away is deleting it from where
 * the system looks for it (D§5).
 */
export const MOVE_WORDS: readonly string[] = [
  'rename', 'os.rename', 'File.rename', 'FileUtils.mv', 'FileUtils.move', 'shutil.move', 'renameSync', 'renameTo', 'Files.move', 'Move-Item', 'Rename-Item',
  'renameFile', 'renameDirectory', 'renamePath', 'rename-file', 'file rename', 'mv', 'moveItem', 'move_file', 'file.rename', 'file_move', 'os.Rename',
];

/** Names that open a file in the mode their arguments give: a write mode (`"w"`, `'>'`, `"wb"`) overwrites it. */
export const OPEN_WORDS: readonly string[] = ['open', 'fopen', 'File.open', 'io.open', 'sysopen', 'file', 'SplFileObject', 'new File'];

/**
 * Names that list a folder in many languages' libraries: `folder` yields its entries, `tree`
 * everything below it. Their argument is a folder (`scandir("/etc")`) or a pattern (`glob("/etc/*")`).
 */
export const LISTING_WORDS: Readonly<Record<string, 'folder' | 'tree'>> = {
  glob: 'folder', 'Dir.glob': 'folder', 'Dir[': 'folder', 'Dir.entries': 'folder', 'Dir.children': 'folder', 'Dir.each_child': 'folder', 'Dir.foreach': 'folder',
  children: 'folder', entries: 'folder', scandir: 'folder', opendir: 'folder', readdir: 'folder', DirectoryIterator: 'folder', FilesystemIterator: 'folder', GlobIterator: 'folder',
  listdir: 'folder', iterdir: 'folder', readdirSync: 'folder', readDir: 'folder', 'list.files': 'folder', 'dir_ls': 'folder', 'lfs.dir': 'folder', listFiles: 'folder', list: 'folder',
  'Find.find': 'tree', find: 'tree', finddepth: 'tree', RecursiveDirectoryIterator: 'tree', walk: 'tree', rglob: 'tree', walkdir: 'tree', walkDir: 'tree', 'Files.walk': 'tree',
  'fs.walk': 'tree', 'file-seq': 'tree', 'directory-files-recursively': 'tree', ls: 'folder', 'Get-ChildItem': 'folder', gci: 'folder',
  eachFile: 'folder', eachDir: 'folder', eachFileRecurse: 'tree', eachDirRecurse: 'tree', traverse: 'tree', walkTopDown: 'tree', walkBottomUp: 'tree',
  'Files.list': 'folder', newDirectoryStream: 'folder', contentsOfDirectory: 'folder', enumerator: 'tree', subpathsOfDirectory: 'tree', glob_files: 'folder',
};

/**
 * The home folder as environment lookups spell it in the languages the gate reads (`$ENV{HOME}`,
 * `ENV["HOME"]`, `getenv("HOME")`, `os.environ["HOME"]`, `process.env.HOME`, `Deno.env.get("HOME")`,
 * `$env:USERPROFILE`, `$env.HOME`, `Dir.home`, `os.homedir()`), bare or inside an interpolation
 * (`#{…}`, `${…}`, `{…}`): inside a literal it is the home folder (`"rm -rf $ENV{HOME}"` is `rm -rf ~`).
 */
const ENV_HOME_SOURCE = [
  String.raw`\$ENV\{\s*['"]?HOME['"]?\s*\}`,
  String.raw`%\*ENV(?:<HOME>|\{\s*['"]HOME['"]\s*\})`,
  String.raw`\$\*HOME`,
  String.raw`(?:\$_(?:SERVER|ENV)|\bENV|os\.environ|process\.env|Bun\.env|import\.meta\.env|environment)\[\s*['"]HOME['"]\s*\]`,
  String.raw`(?:\b(?:os|Sys|System|std::env|env|ENV|os\.environ|Deno\.env|Bun\.env|process\.env|System\.get_env)\s*[.:]*\s*)?(?:getenv|get_env|get|fetch|var|LookupEnv|Getenv)\(\s*['"]HOME['"]\s*(?:,[^()]*)?\)`,
  String.raw`(?:process|Bun)\.env\.HOME\b`,
  String.raw`\$env:(?:HOME|USERPROFILE)\b`,
  String.raw`\$env\.HOME\b`,
  String.raw`\$nu\.home-path`,
  String.raw`\$(?:::)?env\(HOME\)`,
  String.raw`\bDir\.home\b`,
  String.raw`\b(?:os\.)?homedir\(\)`,
  String.raw`\bPath\.home\(\)`,
  String.raw`\bexpanduser\(\s*['"]~['"]\s*\)`,
].join('|');
const ENV_HOME = new RegExp(String.raw`(?:#\{|\$\{|\{)\s*(?:${ENV_HOME_SOURCE})\s*\}|(?:${ENV_HOME_SOURCE})`, 'g');

/** `text` with every environment spelling of the home folder written `~` (or `as`; the text itself when it has none). */
export function withHomeSpelt(text: string, as = '~'): string {
  return text.includes('HOME') || text.includes('home') || text.includes('USERPROFILE') ? text.replace(ENV_HOME, as) : text;
}

export const LANGUAGE_ROWS: readonly LanguageRow[] = [
  {
    language: 'Perl',
    programs: ['perl', 'perl5', 'cperl'],
    // `<…>` holding a path or a pattern is the glob operator (`<$fh>` and `<STDIN>` read lines).
    quotes: [{ open: /^q[qw]?\s*[({[<]/, escape: 'backslash', nests: true }, { open: /^q[qxw]?\s*[/|!#]/, escape: 'backslash' }, { open: /^qx\s*[({[<]/, escape: 'backslash', nests: true }, { open: /^<(?=[~/][^<>\s]*>)/, close: '>', escape: 'none' }, DOUBLE, SINGLE, BACKTICK],
    comments: [HASH, { open: '\n=pod', close: '\n=cut' }],
    processApis: ['system', 'exec', 'qx', 'readpipe', 'open', 'open3', 'open2', 'spawn', 'capture', 'run'],
    deletionApis: ['rmtree', 'remove_tree', 'unlink', 'rmdir'],
    homeExpressions: ['$ENV{HOME}', "$ENV{'HOME'}", '$ENV{"HOME"}', 'File::HomeDir', 'glob("~")', "glob('~')", '(getpwuid($<))[7]'],
  },
  {
    language: 'Ruby',
    programs: ['ruby', 'irb', 'pry', 'jruby', 'truffleruby', 'crystal', 'rails'],
    quotes: [{ open: /^%[qQwWxiI]?\s*[({[<]/, escape: 'backslash', nests: true }, { open: /^%[qQwWxiI][/|!]/, escape: 'backslash' }, DOUBLE, SINGLE, BACKTICK],
    comments: [HASH, { open: '=begin', close: '=end' }],
    processApis: ['system', 'exec', 'spawn', 'popen', 'popen3', 'capture2', 'capture2e', 'capture3', 'Open3', 'IO.popen', 'Process.spawn', 'pipeline', 'sh'],
    deletionApis: ['rm_rf', 'rm_r', 'remove_dir', 'remove_entry', 'remove_entry_secure', 'rmtree', 'rmdir', 'delete', 'unlink', 'rm'],
    homeExpressions: ['Dir.home', "ENV['HOME']", 'ENV["HOME"]', 'Etc.getpwuid', "File.expand_path('~')", 'File.expand_path("~")', 'Gem.user_home'],
  },
  {
    language: 'PHP',
    // WP-CLI's `wp eval` and Drush's `php:eval` run PHP with the site loaded.
    programs: ['php', 'php-cli', 'php8', 'php7', 'psysh', 'wp', 'wp-cli', 'drush'],
    quotes: [{ open: /^<<<\s*'?[A-Za-z_]+'?\n/, close: '\n', escape: 'none' }, DOUBLE, SINGLE, BACKTICK],
    comments: [HASH, { open: '//' }, { open: '/*', close: '*/' }],
    processApis: ['system', 'exec', 'shell_exec', 'passthru', 'popen', 'proc_open', 'pcntl_exec', 'expect_popen', 'mail'],
    deletionApis: ['unlink', 'rmdir', 'deleteDirectory', 'remove', 'delTree', 'rrmdir'],
    homeExpressions: ["getenv('HOME')", 'getenv("HOME")', "$_SERVER['HOME']", '$_SERVER["HOME"]', "$_ENV['HOME']", 'posix_getpwuid'],
  },
  {
    language: 'Lua',
    // xmake's scripts and `xmake lua` are Lua with its own os module (`os.exec`, `os.rm`, `os.rmdir`).
    programs: ['lua', 'luajit', 'lua5.1', 'lua5.2', 'lua5.3', 'lua5.4', 'texlua', 'nvim-lua', 'xmake'],
    quotes: [{ open: /^\[=*\[/, close: ']]', escape: 'none' }, DOUBLE, SINGLE],
    comments: [{ open: '--[[', close: ']]' }, { open: '--' }],
    processApis: ['os.execute', 'io.popen', 'execute', 'popen', 'vim.fn.system', 'vim.system', 'vim.fn.jobstart', 'jobstart', 'termopen', 'spawn', 'os.exec', 'os.execv', 'os.run', 'os.runv', 'os.vrun', 'os.vrunv', 'os.vexec', 'os.iorun', 'os.iorunv'],
    deletionApis: ['os.remove', 'vim.fn.delete', 'fs.rmdir', 'rmdir', 'remove', 'delete', 'os.rm', 'os.tryrm'],
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
    deletionApis: ['rm', 'rmdir', 'Base.rm', 'Filesystem.rm'],
    // Julia's `write(path, data)` writes the file its first argument names.
    writeApis: [...WRITE_WORDS, 'write'],
    // The standard library's HTTP client (`Downloads.request(URL; method="POST", input=open(P))`) and
    // HTTP.jl's. Not `download`: it writes what it fetches to the path it names (a kubeconfig fetched).
    networkApis: [...NETWORK_WORDS, 'Downloads.request', 'request', 'HTTP.put', 'HTTP.open', 'connect'],
    homeExpressions: ['homedir()', 'ENV["HOME"]', 'expanduser("~")'],
  },
  {
    language: 'Haskell',
    programs: ['ghc', 'ghci', 'runghc', 'runhaskell'],
    quotes: [DOUBLE],
    comments: [{ open: '{-', close: '-}' }, { open: '--' }],
    processApis: ['callCommand', 'spawnCommand', 'system', 'rawSystem', 'callProcess', 'readProcess', 'readCreateProcess', 'createProcess', 'proc', 'shell', 'runCommand', 'runProcess'],
    deletionApis: [...DELETION_WORDS, 'removeFile', 'removeDirectory', 'removeDirectoryRecursive', 'removePathForcibly'],
    writeApis: [...WRITE_WORDS, 'writeFile', 'BS.writeFile', 'T.writeFile'],
    homeExpressions: ['getHomeDirectory', 'getEnv "HOME"'],
    // GHCi's `:!` runs the rest of its line as a shell command (`ghc -e ':! rm -rf ~'`).
    declarations: (code) => [...code.matchAll(/^\s*:!\s*(.*)$/gm)].map((match) => match[1]!),
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
    // Windows Script Host and HTML applications (`mshta vbscript:Execute("…")`, `cscript x.vbs`):
    // a doubled quote inside a string is a quote, `'` starts a comment.
    language: 'VBScript',
    programs: ['mshta', 'mshta.exe', 'cscript', 'cscript.exe', 'wscript', 'wscript.exe'],
    quotes: [{ open: /^"/, escape: 'double' }],
    comments: [{ open: "'" }],
    processApis: ['Run', 'Exec', 'ShellExecute', 'Shell', 'Create'],
    deletionApis: [...DELETION_WORDS, 'DeleteFolder', 'DeleteFile'],
    evalApis: ['Execute', 'ExecuteGlobal', 'Eval'],
    homeExpressions: ['ExpandEnvironmentStrings("%USERPROFILE%")', '%USERPROFILE%'],
  },
  {
    // AutoIt (`AutoIt3.exe /AutoIt3ExecuteLine "Shutdown(6)"`, `… /AutoIt3ExecuteScript x.au3`):
    // strings in either quote, a doubled quote inside is a quote, `;` starts a comment.
    // `Shutdown(FLAGS)` and power `DllCall`s are read in windowsHosts.ts.
    language: 'AutoIt',
    programs: ['autoit3', 'autoit3.exe', 'autoit3_x64', 'autoit3_x64.exe'],
    quotes: [{ open: /^"/, escape: 'double' }, { open: /^'/, escape: 'double' }],
    comments: [SEMICOLON],
    processApis: ['Run', 'RunWait', 'RunAs', 'RunAsWait', 'ShellExecute', 'ShellExecuteWait'],
    deletionApis: [...DELETION_WORDS, 'DirRemove', 'FileDelete', 'FileRecycle'],
    evalApis: ['Execute'],
    homeExpressions: ['@UserProfileDir', '@HomeDrive', 'EnvGet("USERPROFILE")'],
    declarations: autoItDeclarations,
  },
  {
    // AutoHotkey, v1 and v2 (`AutoHotkey.exe *` reads its script from stdin, so text fed to it is
    // taken as code at its worst; `AutoHotkey64.exe /ErrorStdOut script.ahk`): `;` and `/* */`
    // comments; v1's bare-text commands (`Run, …`, `FileRemoveDir, …`) and the power calls are
    // read in windowsHosts.ts.
    language: 'AutoHotkey',
    programs: ['autohotkey', 'autohotkey.exe', 'autohotkey64', 'autohotkey64.exe', 'autohotkey32', 'autohotkey32.exe', 'autohotkeyu64.exe', 'autohotkeyu32.exe', 'autohotkeya32.exe', 'autohotkeyux.exe'],
    quotes: [{ open: /^"/, escape: 'double' }, { open: /^'/, escape: 'double' }],
    comments: [SEMICOLON, BLOCK],
    processApis: ['Run', 'RunWait', 'RunAs', 'ComObject', 'ComObjCreate'],
    deletionApis: [...DELETION_WORDS, 'FileRemoveDir', 'DirDelete', 'FileDelete', 'FileRecycle'],
    homeExpressions: ['A_MyDocuments', 'EnvGet("USERPROFILE")', '%USERPROFILE%'],
    stdinCommands: true,
    declarations: autoHotkeyDeclarations,
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
    // Shells whose language is not the POSIX shell's: their `rm` and listings are read by name,
    // their lines as approximate shell text (`nu -c 'ls ~ | each { |it| rm -r $it.name }'`).
    language: 'Nushell',
    programs: ['nu', 'nushell'],
    quotes: [{ open: /^r#+'/, close: "'#", escape: 'none' }, { ...DOUBLE, keep: true }, { open: /^'/, escape: 'none', keep: true }, { ...BACKTICK, escape: 'none', keep: true }],
    comments: [HASH],
    processApis: ['run-external', 'exec', 'bash', 'sh', '^'],
    deletionApis: ['rm', 'trash'],
    listingApis: { ls: 'folder', glob: 'folder', du: 'tree', fd: 'tree' },
    homeExpressions: ['$env.HOME', '$nu.home-path', '$nu.home-dir', '~'],
    shellLike: true,
  },
  {
    language: 'Elvish',
    programs: ['elvish'],
    quotes: [{ ...DOUBLE, keep: true }, { open: /^'/, escape: 'double', keep: true }],
    comments: [HASH],
    processApis: ['e:', 'external', 'exec', 'bash', 'sh'],
    deletionApis: ['rm', 'os:remove', 'os:remove-all'],
    listingApis: { ls: 'folder', fd: 'tree', find: 'tree' },
    homeExpressions: ['$E:HOME', '~', '(path:home)'],
    shellLike: true,
  },
  {
    // xonsh: Python with shell commands as statements (`rm -rf ~`, `$[…]`, `![…]`).
    language: 'xonsh',
    programs: ['xonsh'],
    quotes: [{ open: /^[fFrRbB]{0,2}"""/, close: '"""', escape: 'backslash' }, { open: /^[fFrRbB]{0,2}'''/, close: "'''", escape: 'backslash' }, DOUBLE, SINGLE],
    comments: [HASH],
    processApis: ['subprocess.run', 'os.system', '$(', '!(', '$[', '![', 'evalx', 'execx'],
    deletionApis: [...DELETION_WORDS, 'rm', 'remove', 'os.remove'],
    homeExpressions: ['$HOME', "$HOME", '~', "${'HOME'}", 'os.path.expanduser("~")', "os.path.expanduser('~')", 'Path.home()'],
    shellLike: true,
  },
  {
    language: 'JVM code (Java, Groovy, Kotlin, Scala)',
    programs: ['groovy', 'groovysh', 'kotlin', 'kotlinc', 'kotlinc-jvm', 'scala', 'scala3', 'scala-cli', 'amm', 'ammonite', 'jshell', 'jrunscript', 'jjs', 'java'],
    quotes: [{ open: /^"""/, close: '"""', escape: 'none' }, DOUBLE, SINGLE],
    comments: [SLASHES, BLOCK],
    processApis: ['exec', 'Runtime.getRuntime().exec', 'ProcessBuilder', 'execute', '.!', '.!!', 'Process', 'os.proc', 'call', 'spawn'],
    deletionApis: [...DELETION_WORDS, 'deleteIfExists', 'deleteQuietly', 'forceDelete', 'cleanDirectory', 'remove', 'remove.all', 'os.remove.all'],
    homeExpressions: ['user.home', 'System.getenv("HOME")', 'getenv("HOME")', 'os.home', 'FileUtils.getUserDirectory', 'SystemUtils.getUserHome'],
  },
  {
    // Foundation's file and process APIs (`FileManager.default.removeItem(atPath:)`, `Process()`),
    // from Swift and from Objective-C run as a script.
    language: 'Swift',
    programs: ['swift', 'swift-frontend', 'swiftc'],
    quotes: [{ open: /^"""/, close: '"""', escape: 'backslash' }, DOUBLE],
    comments: [SLASHES, BLOCK],
    processApis: ['Process', 'executableURL', 'launchPath', 'launchedProcess', 'system', 'posix_spawn', 'popen', 'NSTask', 'NSAppleScript'],
    deletionApis: [...DELETION_WORDS, 'removeItem', 'trashItem', 'remove', 'rmdir'],
    homeExpressions: ['NSHomeDirectory()', 'homeDirectoryForCurrentUser', 'NSHomeDirectoryForUser', 'environment["HOME"]', 'getenv("HOME")', '"~"'],
  },
  {
    language: 'Clojure',
    programs: ['clojure', 'clj', 'bb', 'babashka', 'lein', 'nbb'],
    quotes: [DOUBLE],
    comments: [SEMICOLON],
    processApis: ['sh', 'shell', 'process', 'exec', 'clojure.java.shell/sh', 'babashka.process/shell', '.exec'],
    deletionApis: [...DELETION_WORDS, 'delete-if-exists', 'io/delete-file', 'fs/delete-tree'],
    homeExpressions: ['user.home', 'fs/home', 'getenv "HOME"'],
  },
  {
    language: 'Scheme (Racket, Guile, Chez, Chicken, Gauche)',
    programs: ['racket', 'guile', 'guile3.0', 'chez', 'chezscheme', 'scheme', 'petite', 'csi', 'gosh', 'gsi', 'mit-scheme', 'chibi-scheme'],
    quotes: [DOUBLE],
    comments: [{ open: '#|', close: '|#' }, SEMICOLON],
    processApis: ['system', 'system*', 'process', 'process*', 'subprocess', 'open-pipe', 'open-pipe*', 'open-input-pipe', 'open-output-pipe', 'shell-command', 'run-program', 'process-run'],
    deletionApis: [...DELETION_WORDS, 'delete-file-recursively', 'remove-directory', 'delete-directory*'],
    homeExpressions: ["find-system-path 'home-dir", 'home-dir', 'getenv "HOME"', 'expand-user-path "~"'],
  },
  {
    language: 'Common Lisp',
    programs: ['sbcl', 'clisp', 'ecl', 'ccl', 'ccl64', 'lisp', 'cmucl', 'abcl'],
    quotes: [DOUBLE],
    comments: [{ open: '#|', close: '|#' }, SEMICOLON],
    processApis: ['run-program', 'launch-program', 'shell', 'run-shell-command', 'ext:shell', 'ext:run-program', 'inferior-shell:run'],
    deletionApis: [...DELETION_WORDS, 'delete-directory-tree', 'delete-directory-and-files', 'delete-empty-directory'],
    homeExpressions: ['user-homedir-pathname', 'getenv "HOME"', 'posix-getenv "HOME"'],
  },
  {
    language: 'Erlang',
    programs: ['erl', 'escript', 'erlc'],
    quotes: [DOUBLE, SINGLE],
    comments: [{ open: '%' }],
    processApis: ['os:cmd', 'open_port', 'spawn_executable', 'spawn'],
    deletionApis: [...DELETION_WORDS, 'del_dir', 'file:del_dir_r', 'file:del_dir', 'file:delete'],
    // `filelib:wildcard("/var/lib/*")` yields what matches, `file:list_dir` a folder's entries, `filelib:fold_files` every file below.
    listingApis: { ...LISTING_WORDS, 'filelib:wildcard': 'folder', wildcard: 'folder', 'file:list_dir': 'folder', 'file:list_dir_all': 'folder', list_dir: 'folder', 'filelib:fold_files': 'tree', fold_files: 'tree' },
    // inets' `httpc:request(post, …)`, sockets, and the common HTTP clients.
    networkApis: [...NETWORK_WORDS, 'httpc:request', 'request', 'gen_tcp:connect', 'gen_tcp:send', 'ssl:connect', 'hackney', 'gun', 'ibrowse'],
    homeExpressions: ['os:getenv("HOME")', 'init:get_argument(home)'],
  },
  {
    language: 'Elixir',
    programs: ['elixir', 'iex', 'mix'],
    quotes: [{ open: /^"""/, close: '"""', escape: 'backslash' }, { open: /^~[sScC]\(/, close: ')', escape: 'backslash' }, DOUBLE, SINGLE],
    comments: [HASH],
    processApis: ['System.cmd', 'System.shell', ':os.cmd', 'Port.open', 'cmd', 'shell'],
    deletionApis: [...DELETION_WORDS, 'rm_rf!', 'rm!', 'rm', 'rmdir!'],
    homeExpressions: ['System.user_home', 'System.get_env("HOME")', 'Path.expand("~")'],
  },
  {
    language: 'Raku',
    programs: ['raku', 'perl6', 'rakudo'],
    // Word lists are literals too (`run <rm -rf /tmp/x>`, `qw<…>`, `«…»`): their words are a command's.
    quotes: [{ open: /^q[qw]?\s*[({[<]/, escape: 'backslash', nests: true }, { open: /^«/, close: '»', escape: 'none' }, { open: /^<(?=[^\s<>=])/, close: '>', escape: 'none' }, DOUBLE, SINGLE],
    comments: [HASH],
    processApis: ['shell', 'run', 'qx', 'qqx', 'Proc::Async.new', 'QX'],
    deletionApis: [...DELETION_WORDS],
    homeExpressions: ['$*HOME', '%*ENV<HOME>', "%*ENV{'HOME'}", '%*ENV{"HOME"}'],
  },
  {
    language: 'Octave/MATLAB',
    programs: ['octave', 'octave-cli', 'matlab'],
    quotes: [DOUBLE, { open: /^'/, escape: 'double' }],
    comments: [{ open: '%' }, HASH],
    processApis: ['system', 'unix', 'dos', 'shell_cmd', 'popen', 'popen2'],
    deletionApis: [...DELETION_WORDS],
    homeExpressions: ['getenv("HOME")', "getenv('HOME')"],
  },
  {
    language: 'gnuplot',
    programs: ['gnuplot'],
    quotes: [DOUBLE, SINGLE, BACKTICK],
    comments: [HASH],
    processApis: ['system'],
    deletionApis: [],
    homeExpressions: ['GPVAL_PWD'],
    shellLike: true,
    linePrefix: /^[^!]*!/,
  },
  {
    language: 'Puppet',
    programs: ['puppet'],
    quotes: [DOUBLE, SINGLE],
    comments: [HASH],
    processApis: ['exec', 'command', 'generate'],
    deletionApis: [],
    homeExpressions: [],
    declarations: puppetDeclarations,
  },
  {
    language: 'Chef',
    programs: ['chef-apply', 'chef-client', 'chef-solo', 'cinc-apply', 'cinc-client', 'cinc-solo'],
    quotes: [DOUBLE, SINGLE],
    comments: [HASH],
    processApis: ['execute', 'bash', 'script', 'shell_out', 'shell_out!', 'system', 'code', 'command'],
    deletionApis: ['rm_rf', 'rm_r', 'rmtree'],
    homeExpressions: ['Dir.home', "ENV['HOME']", 'ENV["HOME"]'],
    declarations: chefDeclarations,
  },
  {
    language: 'Salt',
    programs: ['salt-call'],
    quotes: [DOUBLE, SINGLE],
    comments: [],
    processApis: ['cmd.run', 'cmd.shell', 'cmd.run_all', 'cmd.run_stdout', 'cmd.run_stderr', 'cmd.script', 'cmd.exec_code'],
    bareArguments: true,
    deletionApis: [],
    homeExpressions: [],
    declarations: saltDeclarations,
  },
  // Shell escapes of languages the gate has no reader for (shellEscapes.ts).
  {
    language: 'TeX',
    programs: ['pdflatex', 'latex', 'pdftex', 'tex', 'etex', 'initex', 'virtex', 'amstex', 'eplain', 'pdfetex', 'platex', 'uplatex', 'ptex', 'uptex', 'eptex', 'euptex', 'pdflatex-dev', 'latex-dev', 'xelatex', 'xetex', 'xelatex-dev', 'lualatex', 'luatex', 'lualatex-dev', 'luahbtex', 'dvilualatex', 'context', 'mtxrun'],
    quotes: [DOUBLE, SINGLE],
    comments: [{ open: '%' }],
    // \directlua's Lua runs commands as Lua does.
    processApis: ['os.execute', 'io.popen', 'os.spawn', 'os.exec'],
    deletionApis: ['os.remove'],
    homeExpressions: [],
    declarations: texShellEscapes,
  },
  {
    language: 'roff',
    programs: ['groff', 'troff', 'nroff', 'gtroff', 'gnroff'],
    quotes: [],
    comments: [],
    processApis: [],
    deletionApis: [],
    homeExpressions: [],
    declarations: roffShellRequests,
  },
  {
    language: 'RPM macros',
    programs: ['rpm', 'rpmbuild', 'rpmspec', 'rpmlua'],
    quotes: [DOUBLE, SINGLE],
    comments: [],
    processApis: ['os.execute', 'io.popen'],
    deletionApis: ['os.remove'],
    homeExpressions: [],
    declarations: rpmMacroShells,
  },
  {
    language: 'SQL*Plus',
    programs: ['sqlplus', 'sqlcl', 'sql'],
    quotes: [],
    comments: [{ open: '--' }, { open: 'REM ' }],
    processApis: [],
    deletionApis: [],
    homeExpressions: [],
    declarations: sqlplusHostCommands,
  },
  {
    // Metasploit's console runs any command it does not know as a shell command.
    language: 'Metasploit console',
    programs: ['msfconsole'],
    quotes: [],
    comments: [HASH],
    processApis: [],
    deletionApis: [],
    homeExpressions: [],
    declarations: consoleStatements,
  },
  {
    // A playbook read from standard input (`ansible-playbook /dev/stdin <<'EOF'`): its tasks' modules.
    language: 'Ansible playbook',
    programs: ['ansible-playbook'],
    quotes: [],
    comments: [{ open: '#' }],
    processApis: [],
    deletionApis: [],
    homeExpressions: [],
    declarations: ansiblePlaybookDeclarations,
  },
  {
    language: 'Ansible module arguments',
    programs: ['ansible'],
    quotes: [],
    comments: [],
    processApis: [],
    deletionApis: [],
    homeExpressions: [],
    declarations: ansibleDeclarations,
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
    // CMake script code (`cmake -P FILE`, `-P /dev/stdin`): its arguments are bare words.
    language: 'CMake',
    programs: ['cmake'],
    quotes: [{ open: /^\[=*\[/, close: ']]', escape: 'none' }, DOUBLE],
    comments: [HASH],
    processApis: ['COMMAND', 'exec_program'],
    bareArguments: true,
    deletionApis: ['REMOVE_RECURSE', 'REMOVE', 'remove_directory', 'rm'],
    writeApis: ['WRITE', 'APPEND', 'CONFIGURE'],
    homeExpressions: ['$ENV{HOME}', '$ENV{USERPROFILE}'],
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
    // A recipe is shell text once make has expanded it: `$$` is a `$`, `$(HOME)` the environment's HOME.
    asShellText: (text) => text.replace(/\$\$/g, '$').replace(/\$[({]HOME[)}]/g, '$HOME'),
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
/**
 * The home folder as many languages and libraries spell it, read in every row besides its own
 * (docs/decisions.md "Home spellings and word lists in the approximately read languages"): code in
 * a language without a row of its own (`wolframscript -code`) or a library a row does not name
 * still names the home folder so. Only spellings of the folder itself: `$HOME/x` is read by path.
 */
export const HOME_SPELLINGS: readonly string[] = [
  '$HomeDirectory', 'HomeDirectory[]', 'HOME()', 'os.homedir()', 'os.homedir', 'Path.home()', 'pathlib.Path.home()', 'System.getProperty("user.home")',
  "System.getProperty('user.home')", 'user.home', '(getenv "HOME")', 'getenv("HOME")', "getenv('HOME')", 'expanduser("~")', "expanduser('~')",
  'os.UserHomeDir()', 'home_dir()', 'homeDir()', 'user_home', 'UserProfile', 'SpecialFolder.UserProfile', 'USERPROFILE',
  'get-home-dir', 'user-homedir-pathname', 'NSHomeDirectory()', 'Dir.home', 'File.expand_path("~")', "File.expand_path('~')",
];

const HOMES = new WeakMap<LanguageRow, readonly string[]>();

/** A row's home expressions with the {@link HOME_SPELLINGS} every row reads. */
export function homeExpressionsOf(row: LanguageRow): readonly string[] {
  let homes = HOMES.get(row);
  if (homes === undefined) {
    homes = [...new Set([...row.homeExpressions, ...HOME_SPELLINGS])];
    HOMES.set(row, homes);
  }
  return homes;
}

export const GENERIC_ROW: LanguageRow = {
  language: 'the code',
  programs: [],
  quotes: [{ open: /^"""/, close: '"""', escape: 'backslash' }, DOUBLE, SINGLE, BACKTICK],
  comments: [],
  processApis: ['system', 'exec', 'spawn', 'popen', 'run', 'shell', 'execute', 'os.execute', 'os:cmd', 'callCommand', 'System.cmd', 'Process', 'Command', 'Runtime.getRuntime().exec', 'ProcessBuilder', 'sh', 'cmd'],
  deletionApis: [...DELETION_WORDS, 'rm', 'remove', 'File.rm_rf', 'rm-rf'],
  homeExpressions: ['$HOME', 'HOME', 'homedir', 'home()', 'user.home', 'getHomeDirectory'],
};

const BY_PROGRAM = new Map<string, LanguageRow>(LANGUAGE_ROWS.flatMap((row) => row.programs.map((program) => [program.toLowerCase(), row] as const)));

/** Whether a program (by its row name) has a language row of its own. */
export function hasLanguageRow(program: string): boolean {
  return BY_PROGRAM.has(program.toLowerCase());
}

/** The language row of a program (by its row name), or the generic row. */
export function languageRowFor(program: string): LanguageRow {
  return BY_PROGRAM.get(program.toLowerCase()) ?? GENERIC_ROW;
}
