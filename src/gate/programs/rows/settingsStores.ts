import { flagged, optionValues, textOf, valued } from '../grammar';
import { literalWord } from '../../reading/resolution';
import type { Command, Form, ProgramRow } from '../row';

/**
 * Settings stores a tool writes of itself (D§7, docs/decisions.md "Configuration a tool writes of
 * itself is a protected write" and "Settings stores written by their tools"): the command names
 * no path, but its writing verbs rewrite a fixed file outside the workspace — OpenWrt's
 * `/etc/config`, the dconf database, Xfce's and KDE's configuration files, the system's own files.
 * Each writing verb is a writer form whose value is that file (or folder), so the write-target
 * reader finds it and no entry or `safe` rating approves it; the reading verbs (`get`, `show`,
 * `list`, `dump`) have no form and stay everyday.
 */

/** A writer form of `program` whose value is the fixed `path` it rewrites. */
export function writes(program: string, trigger: string, path: string, scope: 'file' | 'tree', note: string): Form {
  return { role: 'writer', program, trigger, index: -1, value: literalWord(path), target: scope, note };
}

/** A command whose verb (first operand) in `verbs` rewrites `path(operands)`. */
function verbWrites(program: string, verbs: ReadonlySet<string>, path: (operands: readonly (string | null)[]) => string, scope: 'file' | 'tree', note: string): NonNullable<Command['read']> {
  return (_args, reading) => {
    const texts = reading.operands.map(textOf);
    const verb = texts[0];
    if (verb === undefined || (verb !== null && !verbs.has(verb))) return [];
    return [writes(program, verb ?? program, path(texts), scope, note)];
  };
}

/** The start-up files of the shells, by the name a tool's shell-integration verb is given. */
const SHELL_STARTUP: Readonly<Record<string, string>> = {
  bash: '~/.bashrc', zsh: '~/.zshrc', fish: '~/.config/fish/config.fish', tcsh: '~/.tcshrc', csh: '~/.cshrc', xonsh: '~/.xonshrc',
  powershell: '~/.config/powershell/Microsoft.PowerShell_profile.ps1', pwsh: '~/.config/powershell/Microsoft.PowerShell_profile.ps1',
};

/**
 * A shell-integration verb that writes its start-up code (`conda init zsh`, `pnpm setup`): the
 * start-up file of each shell named among `operands`, or of bash and zsh (the usual login shells)
 * when none is.
 */
export function shellStartupWrites(program: string, trigger: string, operands: readonly (string | null)[], note: string): Form[] {
  const named = operands.filter((text): text is string => text !== null && Object.prototype.hasOwnProperty.call(SHELL_STARTUP, text)).map((text) => SHELL_STARTUP[text]!);
  const files = named.length > 0 ? named : [SHELL_STARTUP.bash!, SHELL_STARTUP.zsh!];
  return files.map((file) => writes(program, trigger, file, 'file', note));
}

/** A name that can stand in a path as one component (not `..`, no `/`). */
const COMPONENT = /^[A-Za-z0-9_.@+-]+$/;
const component = (text: string | null | undefined): string | null => (text !== null && text !== undefined && COMPONENT.test(text) && text !== '..' && text !== '.' ? text : null);

const DCONF_USER = '~/.config/dconf/user';

/** A command whose options, as written, say it writes: any of its literal words matching `writing`. */
function wordWrites(program: string, writing: RegExp, path: string, scope: 'file' | 'tree', note: string): NonNullable<Command['read']> {
  return (args) => (args.some((word) => word.kind === 'literal' && writing.test(word.value)) ? [writes(program, program, path, scope, note)] : []);
}

/** pyenv's own verbs and those of its usual plugins (pyenv-virtualenv, pyenv-update); any other runs a plugin program. */
const PYENV_VERBS: ReadonlySet<string> = new Set(['commands', 'completions', 'exec', 'global', 'help', 'hooks', 'init', 'install', 'latest', 'local', 'prefix', 'rehash', 'root', 'shell', 'shims', 'uninstall', 'version', 'version-file', 'version-file-read', 'version-file-write', 'version-name', 'version-origin', 'versions', 'whence', 'which', 'virtualenv', 'virtualenvs', 'virtualenv-delete', 'virtualenv-prefix', 'activate', 'deactivate', 'update', '--version', '-v']);

export const SETTINGS_STORE_ROWS: readonly ProgramRow[] = [
  {
    // AutoPkg keeps its recipe repositories, overrides and settings in the home folder: adding,
    // updating or deleting a repository clones or removes recipe code there (code `autopkg run`
    // later runs) and rewrites the settings naming them.
    names: ['autopkg'],
    category: 'build',
    what: 'AutoPkg, which fetches and packages macOS software through recipes',
    read: verbWrites('autopkg', new Set(['repo-add', 'repo-delete', 'repo-update', 'make-override', 'update-trust-info', 'new-recipe']), (texts) => (texts[0] === 'make-override' || texts[0] === 'update-trust-info' ? '~/Library/AutoPkg/RecipeOverrides' : '~/Library/AutoPkg'), 'tree', 'writes recipe repositories, overrides and their settings in ~/Library/AutoPkg'),
    plain: ['list-recipes', 'repo-list', 'info Firefox.download', 'search firefox', 'version'],
  },
  {
    // The home folder's tool versions: `asdf global` (0.15) and `asdf set -u|--home` (0.16) write ~/.tool-versions.
    names: ['asdf'],
    category: 'build',
    what: 'asdf, which picks the version of each language tool',
    read: (args, reading) => {
      const texts = reading.operands.map(textOf);
      // `-u` follows the verb (`asdf set -u nodejs 20`), after the operand options stop at: read the words.
      const home = texts[0] === 'global' || (texts[0] === 'set' && args.some((word) => word.kind === 'literal' && (word.value === '-u' || word.value === '--home')));
      return home ? [writes('asdf', texts[0]!, '~/.tool-versions', 'file', 'writes the tool versions of the home folder (~/.tool-versions), which every folder below inherits')] : [];
    },
    // `asdf exec CMD`: CMD with the versions the folder picks (a wrapper that only sets the environment).
    subcommands: { exec: { wrapper: { environmentOnly: true, peel: false, note: 'asdf exec CMD runs CMD with the tool versions the folder picks' } } },
    plain: ['current', 'list nodejs', 'local nodejs 20.11.0', 'install', '--version'],
  },
  {
    names: ['mise', 'rtx'],
    category: 'build',
    what: 'mise, which picks tool versions and environment variables per folder',
    read: (args, reading) => {
      const texts = reading.operands.map(textOf);
      const global = args.some((word) => word.kind === 'literal' && (word.value === '-g' || word.value === '--global'));
      if (texts[0] === 'trust') return [writes('mise', 'trust', '~/.local/state/mise/trusted-configs', 'tree', 'mise trust lets a folder\'s configuration run its tasks, hooks and environment code')];
      if ((texts[0] === 'use' || texts[0] === 'u' || texts[0] === 'unuse') && global) return [writes('mise', texts[0]!, '~/.config/mise/config.toml', 'file', 'writes the global mise configuration')];
      if ((texts[0] === 'settings' || texts[0] === 'config') && (texts[1] === 'set' || texts[1] === 'add' || texts[1] === 'unset')) return [writes('mise', texts[1]!, '~/.config/mise/config.toml', 'file', 'writes the global mise configuration')];
      return [];
    },
    // `mise exec|x [TOOL@VERSION…] -- CMD`: CMD with the tools and variables the folder picks.
    subcommands: {
      exec: { wrapper: { environmentOnly: true, peel: false, afterDashDash: true, note: 'mise exec -- CMD runs CMD with the tools and variables the folder picks' } },
      x: { wrapper: { environmentOnly: true, peel: false, afterDashDash: true, note: 'mise x -- CMD runs CMD with the tools and variables the folder picks' } },
    },
    plain: ['ls', 'current', 'use node@20', 'exec -- node -v', 'settings', '--version'],
  },
  {
    // `direnv allow` records that the folder's .envrc may run: code at every `cd` into it.
    names: ['direnv'],
    category: 'build',
    what: 'direnv, which loads a folder\'s .envrc into the shell',
    read: verbWrites('direnv', new Set(['allow', 'permit', 'grant', 'deny', 'block', 'revoke', 'edit', 'prune']), () => '~/.local/share/direnv/allow', 'tree', 'records which .envrc files may run (code run at every cd into the folder)'),
    // `direnv exec DIR CMD`: CMD with the environment DIR's .envrc sets.
    subcommands: { exec: { wrapper: { environmentOnly: true, peel: false, skip: 1, note: 'direnv exec DIR CMD runs CMD with the environment of DIR\'s .envrc' } } },
    plain: ['status', 'version', 'hook bash'],
  },
  {
    names: ['nvm'],
    category: 'build',
    what: 'nvm, the Node version manager (a shell function)',
    read: (_args, reading) => {
      const texts = reading.operands.map(textOf);
      return (texts[0] === 'alias' && texts.length >= 3) || texts[0] === 'unalias' ? [writes('nvm', texts[0]!, '~/.nvm/alias', 'tree', 'writes an alias (the default version every new shell uses)')] : [];
    },
    plain: ['ls', 'current', 'use 20', 'alias', 'version'],
  },
  {
    // pyenv keeps its interpreters, shims and global version under $PYENV_ROOT (~/.pyenv by
    // default); `local` writes the folder's .python-version (its job, in the workspace).
    names: ['pyenv'],
    category: 'build',
    what: 'pyenv, which installs Python versions and picks one per folder',
    operands: [{ role: 'executor', operand: 0, when: (v) => v === null || !PYENV_VERBS.has(v), example: 'x-plugin', note: 'an unknown verb runs the plugin program pyenv-VERB found on the PATH (or one only known at run time)' }],
    read: (args, reading) => {
      const texts = reading.operands.map(textOf);
      const verb = texts[0];
      const listOnly = args.some((word) => word.kind === 'literal' && (word.value === '--list' || word.value === '-l'));
      if (verb === 'global' && texts.length >= 2) return [writes('pyenv', verb, '~/.pyenv/version', 'file', 'pyenv global VERSION writes the version every folder without its own uses')];
      if (verb === 'local' && texts.length >= 2) return [{ ...writes('pyenv', verb, '.python-version', 'file', 'pyenv local VERSION writes the folder\'s .python-version'), everyday: true }];
      if ((verb === 'install' && !listOnly) || verb === 'update') return [writes('pyenv', verb, '~/.pyenv', 'tree', `pyenv ${verb} downloads and builds Python (or pyenv itself) into ~/.pyenv`)];
      if (verb === 'rehash') return [writes('pyenv', verb, '~/.pyenv/shims', 'tree', 'pyenv rehash rewrites the shims every python command goes through')];
      if (verb === 'uninstall' || verb === 'virtualenv-delete') return [{ ...writes('pyenv', verb, '~/.pyenv/versions', 'tree', `pyenv ${verb} deletes an installed version or environment`), role: 'destructive' as const }];
      if (verb === 'virtualenv') return [writes('pyenv', verb, '~/.pyenv/versions', 'tree', 'pyenv virtualenv creates an environment under ~/.pyenv/versions')];
      return [];
    },
    // `pyenv exec CMD`: CMD with the Python version the folder picks.
    subcommands: { exec: { wrapper: { environmentOnly: true, peel: false, note: 'pyenv exec CMD runs CMD with the Python version the folder picks' } } },
    plain: ['', '--version', 'versions', 'version', 'which python', 'install --list', 'local 3.12.4', 'root', 'init -'],
  },
  {
    names: ['firewall-cmd'],
    category: 'system',
    what: 'firewalld\'s command-line client',
    read: wordWrites('firewall-cmd', /^--(?:permanent|runtime-to-permanent|new-zone|delete-zone|new-service|delete-service|set-default-zone|new-ipset|delete-ipset|load-zone-defaults|load-service-defaults)\b/, '/etc/firewalld', 'tree', 'changes the saved firewall configuration (/etc/firewalld)'),
    plain: ['--state', '--list-all', '--get-active-zones', '--reload'],
  },
  {
    names: ['ufw'],
    category: 'system',
    what: 'the Uncomplicated Firewall',
    read: verbWrites('ufw', new Set(['allow', 'deny', 'reject', 'limit', 'delete', 'insert', 'prepend', 'enable', 'disable', 'default', 'reset', 'route', 'logging', 'reload']), () => '/etc/ufw', 'tree', 'changes the firewall rules kept in /etc/ufw'),
    plain: ['status', 'status verbose', 'show added', 'app list', 'version'],
  },
  {
    // nmcli accepts any prefix of its objects and verbs (`c mod`, `con add`).
    names: ['nmcli'],
    category: 'system',
    what: 'NetworkManager\'s command-line client',
    read: (_args, reading) => {
      const texts = reading.operands.map(textOf);
      const object = texts[0] ?? '';
      const verb = texts[1] ?? '';
      if (object !== null && 'connection'.startsWith(object) && object !== '' && verb !== null && verb !== '' && ['modify', 'add', 'delete', 'edit', 'import', 'clone', 'load', 'reload'].some((full) => full.startsWith(verb))) {
        return [writes('nmcli', verb, '/etc/NetworkManager/system-connections', 'tree', 'changes the saved network connections (addresses, DNS, VPNs)')];
      }
      if (object !== null && object !== '' && 'general'.startsWith(object) && verb !== null && 'hostname'.startsWith(verb) && verb !== '' && texts.length >= 3) return [writes('nmcli', 'hostname', '/etc/hostname', 'file', 'sets the machine\'s host name')];
      return [];
    },
    plain: ['device status', 'connection show', 'c show', 'general status', 'radio wifi'],
  },
  {
    names: ['networksetup'],
    category: 'system',
    what: 'macOS network settings',
    read: wordWrites('networksetup', /^-(?:set|add|remove|delete|create|ordernetworkservices|renamenetworkservice|detectnewhardware|import8021xProfiles)/i, '/Library/Preferences/SystemConfiguration', 'tree', 'changes the network settings (DNS, proxies, services)'),
    plain: ['-listallnetworkservices', '-getdnsservers Wi-Fi', '-getinfo Wi-Fi'],
  },
  {
    names: ['gnome-extensions'],
    category: 'system',
    what: 'manages GNOME Shell extensions',
    read: (_args, reading) => {
      const verb = textOf(reading.operands[0]);
      if (verb === 'install') return [writes('gnome-extensions', verb, '~/.local/share/gnome-shell/extensions', 'tree', 'installs an extension: code the desktop shell runs')];
      return verb === 'enable' || verb === 'disable' || verb === 'reset' || verb === 'uninstall' ? [writes('gnome-extensions', verb, DCONF_USER, 'file', 'changes which extensions the desktop shell runs')] : [];
    },
    plain: ['list', 'info x@example.com', 'show x@example.com', 'version'],
  },
  {
    names: ['systemsetup'],
    category: 'system',
    what: 'macOS system settings (remote login, time, sleep, startup disk)',
    read: wordWrites('systemsetup', /^-set/i, '/Library/Preferences', 'tree', 'changes a system setting'),
    plain: ['-getremotelogin', '-gettimezone', '-listtimezones'],
  },
  {
    names: ['spctl'],
    category: 'system',
    what: 'macOS Gatekeeper policy',
    read: wordWrites('spctl', /^--(?:master-disable|master-enable|global-disable|global-enable|add|remove|enable|disable|reset-default)$/, '/var/db/SystemPolicy', 'tree', 'changes which programs Gatekeeper lets run'),
    plain: ['--status', '--assess -v /Applications/X.app'],
  },
  {
    // OpenWrt's Unified Configuration Interface: `set`/`add`/`delete` stage changes under /tmp/.uci;
    // `commit` writes them into /etc/config (`-c DIR`: another folder), `import` and `batch` may too.
    names: ['uci'],
    category: 'system',
    what: 'OpenWrt\'s configuration tool (the files of /etc/config)',
    grammar: { short: 'cdfmpPt', flags: 'qsSNnX', abbreviations: false },
    read: (_args, reading) => {
      const texts = reading.operands.map(textOf);
      const verb = texts[0];
      if (verb === undefined || (verb !== null && verb !== 'commit' && verb !== 'import' && verb !== 'batch')) return [];
      const folder = optionValues(reading, 'c').map(textOf)[0] ?? '/etc/config';
      const config = component(texts[1]);
      const path = folder === null ? null : config !== null && verb !== 'batch' ? `${folder.replace(/\/$/, '')}/${config}` : folder;
      return [{ role: 'writer', program: 'uci', trigger: verb ?? 'uci', index: -1, value: path === null ? null : literalWord(path), target: config !== null && verb !== 'batch' ? 'file' : 'tree', note: 'writes the configuration files of /etc/config (network, firewall, system)' }];
    },
    plain: ['show network', 'get network.lan.ipaddr', 'changes', 'export network'],
  },
  {
    // `raspi-config nonint do_X …` changes the system (hostname, boot files, interfaces); `get_X` reads.
    names: ['raspi-config'],
    category: 'system',
    what: 'the Raspberry Pi configuration tool',
    read: (_args, reading) => {
      const texts = reading.operands.map(textOf);
      if (texts[0] === 'nonint' && texts[1] !== undefined && texts[1] !== null && !texts[1].startsWith('do_')) return [];
      return [writes('raspi-config', texts[1] ?? texts[0] ?? 'raspi-config', '/etc', 'tree', 'raspi-config changes the system\'s settings (files of /etc and /boot)')];
    },
    plain: ['nonint get_hostname', 'nonint get_can_expand'],
  },
  {
    // Xfce's settings: `-s`/`-n`/`-r` (with `-R`) write the channel's file; `-c C -p P` alone, `-l` and `-m` read.
    names: ['xfconf-query'],
    category: 'system',
    what: 'reads and writes Xfce\'s settings (xfconf channels)',
    grammar: { short: 'cpst', flags: 'nrRlvmaeVhTFi', long: { channel: ['value', 'c'], property: ['value', 'p'], set: ['value', 's'], type: ['value', 't'], ...flagged('create', 'reset', 'recursive', 'list', 'verbose', 'monitor', 'force-array', 'toggle', 'version', 'help') } },
    read: (_args, reading) => {
      const writing = reading.options.some((option) => ['s', 'n', 'r', 'T', 'set', 'create', 'reset', 'toggle'].includes(option.key) || ['-s', '-n', '-r', '-T', '--set', '--create', '--reset', '--toggle'].includes(option.name));
      if (!writing) return [];
      const channel = component(optionValues(reading, 'c').map(textOf)[0] ?? optionValues(reading, 'channel').map(textOf)[0]);
      const folder = '~/.config/xfce4/xfconf/xfce-perchannel-xml';
      return [writes('xfconf-query', '-s', channel === null ? folder : `${folder}/${channel}.xml`, channel === null ? 'tree' : 'file', 'writes a setting into the Xfce channel\'s file')];
    },
    plain: ['-l', '-c xfwm4 -l', '-c xfwm4 -p /general/theme', '-m -c xfce4-panel'],
  },
  {
    names: ['gsettings'],
    category: 'system',
    what: 'reads and writes GNOME settings (GSettings, kept in dconf)',
    grammar: { long: { ...valued('schemadir'), ...flagged('help', 'version') }, abbreviations: false },
    read: verbWrites('gsettings', new Set(['set', 'reset', 'reset-recursively']), () => DCONF_USER, 'file', 'writes a setting into the user\'s dconf database'),
    plain: ['get org.gnome.desktop.interface gtk-theme', 'list-schemas', 'list-recursively org.gnome.desktop.wm.preferences', 'range org.gnome.desktop.interface font-name'],
  },
  {
    names: ['dconf'],
    category: 'system',
    what: 'reads and writes the dconf settings database',
    grammar: { long: flagged('help', 'version', 'force', 'f'), abbreviations: false },
    read: (args, reading) => {
      if (reading.operands.length === 0) return [];
      const verb = textOf(reading.operands[0]);
      if (verb === 'update') return [writes('dconf', verb, '/etc/dconf/db', 'tree', 'dconf update compiles the system databases of /etc/dconf/db')];
      if (verb === 'compile') {
        const output = reading.operands[1];
        return output === undefined ? [] : [{ role: 'writer', program: 'dconf', trigger: verb, index: reading.operandIndexes[1]!, value: output, target: 'file', note: 'dconf compile writes a database file' }];
      }
      return verbWrites('dconf', new Set(['write', 'reset', 'load']), () => DCONF_USER, 'file', 'writes settings into the user\'s dconf database')(args, reading);
    },
    plain: ['read /org/gnome/desktop/interface/gtk-theme', 'list /org/gnome/', 'dump /org/gnome/terminal/', 'watch /'],
  },
  {
    // `kwriteconfig5 --file NAME --group G --key K VALUE`: NAME below ~/.config (kdeglobals by default), or a path.
    names: ['kwriteconfig5', 'kwriteconfig6', 'kwriteconfig'],
    category: 'system',
    what: 'writes a key of a KDE configuration file',
    grammar: { long: { ...valued('file', 'group', 'key', 'type'), ...flagged('delete', 'notify', 'help', 'version') }, abbreviations: false },
    read: (_args, reading) => {
      if (reading.options.some((option) => option.name === '--help' || option.name === '--version')) return [];
      const file = optionValues(reading, 'file').map(textOf)[0];
      const path = file === undefined ? '~/.config/kdeglobals' : file === null ? null : /^[/~]/.test(file) ? file : `~/.config/${file}`;
      return [{ role: 'writer', program: 'kwriteconfig', trigger: '--key', index: -1, value: path === null ? null : literalWord(path), target: 'file', note: 'writes a key of a KDE configuration file' }];
    },
    plain: ['--help', '--version'],
  },
  {
    names: ['gconftool-2', 'gconftool'],
    category: 'system',
    what: 'reads and writes GNOME 2 settings (GConf)',
    grammar: { short: 'gstu', long: { ...valued('get', 'set', 'type', 'unset', 'recursive-unset', 'load', 'config-source'), get: ['value', 'g'], set: ['value', 's'], type: ['value', 't'], unset: ['value', 'u'], ...flagged('all-entries', 'all-dirs', 'recursive-list', 'dump', 'help', 'direct', 'shutdown') } },
    read: (_args, reading) =>
      reading.options.some((option) => ['s', 'u', 'set', 'unset', 'recursive-unset', 'load'].includes(option.key))
        ? [writes('gconftool-2', '--set', '~/.gconf', 'tree', 'writes GConf settings under ~/.gconf')]
        : [],
    plain: ['--get /apps/x/y', '--all-entries /apps/x', '--dump /apps'],
  },
  {
    names: ['xdg-mime'],
    category: 'system',
    what: 'queries and sets which application opens a file type',
    read: verbWrites('xdg-mime', new Set(['default', 'install', 'uninstall']), () => '~/.config/mimeapps.list', 'file', 'sets the default application of a file type (~/.config/mimeapps.list)'),
    plain: ['query filetype x.pdf', 'query default application/pdf'],
  },
  {
    names: ['xdg-settings'],
    category: 'system',
    what: 'queries and sets desktop settings (default browser, URL handlers)',
    read: verbWrites('xdg-settings', new Set(['set']), () => '~/.config/mimeapps.list', 'file', 'sets a desktop default (the default browser, a URL scheme handler)'),
    plain: ['get default-web-browser', 'check default-web-browser firefox.desktop'],
  },
  {
    // systemd's settings tools: `set-*` verbs rewrite files of /etc.
    names: ['hostnamectl', 'localectl'],
    category: 'system',
    what: 'systemd\'s host name and locale settings',
    grammar: { short: 'HM', flags: 'h', long: { ...valued('host', 'machine'), ...flagged('static', 'transient', 'pretty', 'no-ask-password', 'no-convert', 'help', 'version', 'json') }, abbreviations: false },
    read: (_args, reading) => {
      if (reading.operands.length === 0) return [];
      const verb = textOf(reading.operands[0]);
      if (verb === undefined || (verb !== null && !/^(set-|hostname$|icon-name$|chassis$|deployment$|location$)/.test(verb)) || ((verb === 'hostname' || verb === 'icon-name' || verb === 'chassis' || verb === 'deployment' || verb === 'location') && reading.operands.length < 2)) return [];
      return [writes('hostnamectl', verb ?? 'set', '/etc', 'tree', 'changes a system setting kept in /etc (host name, locale, keyboard map)')];
    },
    plain: ['', 'status', 'hostname', 'list-locales', 'list-keymaps'],
  },
  {
    // macOS: `scutil --set NAME VALUE` rewrites the system configuration; `--get` and `--dns` read.
    names: ['scutil'],
    category: 'system',
    what: 'macOS system configuration',
    read: (args) =>
      args.some((word) => word.kind === 'literal' && word.value === '--set')
        ? [writes('scutil', '--set', '/Library/Preferences/SystemConfiguration', 'tree', 'scutil --set changes the system configuration (names, network)')]
        : [],
    plain: ['--get HostName', '--dns', '--proxy', '--nwi'],
  },
  {
    // macOS power settings: `-g` reads; other uses set them (`-a sleep 0`, `schedule`, `repeat`, `disablesleep 1`).
    names: ['pmset'],
    category: 'system',
    what: 'macOS power management settings',
    read: (args) => {
      const first = args[0];
      // `-g` reads; `sleepnow`, `displaysleepnow` and `touch` act now and change no setting.
      if (first === undefined || (first.kind === 'literal' && (first.value.startsWith('-g') || /^(sleepnow|displaysleepnow|touch|relative|noidle)$/.test(first.value)))) return [];
      const settings = writes('pmset', first.kind === 'literal' ? first.value : 'pmset', '/Library/Preferences/com.apple.PowerManagement.plist', 'file', 'pmset changes the power settings (sleep, wake, schedules)');
      // `schedule shutdown|restart TIME` and `repeat shutdown|restart …` end the machine at that time.
      const at = args.findIndex((word, k) => k === 1 && word.kind === 'literal' && /^(?:shutdown|restart)$/.test(word.value));
      if (first.kind === 'literal' && /^(?:schedule|repeat)$/.test(first.value) && at === 1) {
        return [settings, { role: 'destructive', program: 'pmset', trigger: first.value, index: at, value: null, endsSession: true, note: `pmset ${first.value} ${(args[1] as { value: string }).value} shuts down or restarts the Mac at the time given` }];
      }
      return [settings];
    },
    plain: ['-g', '-g batt', '-g assertions'],
  },
];
