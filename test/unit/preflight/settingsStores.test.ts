import { strict as assert } from 'node:assert';
import { startupFilesWritten } from '../../../src/gate/preflight/startupWrites';
import { PREFLIGHT_HOME, protectedPaths } from '../../support/protectedPaths';

const HOME = PREFLIGHT_HOME;


describe('settings stores a tool writes of itself are protected writes (D§7)', () => {
  const written: Array<[string, string]> = [
    ['uci commit network', '/etc/config/network'],
    ["uci set system.@system[0].hostname=gw && uci commit", '/etc/config'],
    ['uci -c /srv/uci commit firewall', '/srv/uci/firewall'],
    ['sudo raspi-config nonint do_ssh 0', '/etc'],
    ['xfconf-query -c xfwm4 -p /general/theme -s Default', `${HOME}/.config/xfce4/xfconf/xfce-perchannel-xml/xfwm4.xml`],
    ['xfconf-query -c xsettings -p /Net/ThemeName -r', `${HOME}/.config/xfce4/xfconf/xfce-perchannel-xml/xsettings.xml`],
    ['gsettings set org.gnome.desktop.session idle-delay 0', `${HOME}/.config/dconf/user`],
    ['dconf load /org/gnome/terminal/ < terminal.ini', `${HOME}/.config/dconf/user`],
    ['sudo dconf update', '/etc/dconf/db'],
    ['kwriteconfig5 --file kscreenlockerrc --group Daemon --key Autolock false', `${HOME}/.config/kscreenlockerrc`],
    ['kwriteconfig6 --group General --key ColorScheme BreezeDark', `${HOME}/.config/kdeglobals`],
    ['xdg-mime default evil.desktop x-scheme-handler/https', `${HOME}/.config/mimeapps.list`],
    ['sudo hostnamectl set-hostname build01', '/etc'],
    ['sudo scutil --set HostName devbox', '/Library/Preferences/SystemConfiguration'],
    ['sudo pmset -a sleep 0', '/Library/Preferences/com.apple.PowerManagement.plist'],
    ['asdf global python 3.12.1', `${HOME}/.tool-versions`],
    ['mise use --global node@22', `${HOME}/.config/mise/config.toml`],
    ['mise trust', `${HOME}/.local/state/mise/trusted-configs`],
    ['direnv allow .', `${HOME}/.local/share/direnv/allow`],
    ['nvm alias default 22', `${HOME}/.nvm/alias`],
    ['sudo firewall-cmd --permanent --add-service=http', '/etc/firewalld'],
    ['sudo ufw default allow incoming', '/etc/ufw'],
    ['nmcli con add type ethernet ifname eth1', '/etc/NetworkManager/system-connections'],
    ['networksetup -setwebproxy Wi-Fi proxy.example 8080', '/Library/Preferences/SystemConfiguration'],
    ['gnome-extensions install ext.zip', `${HOME}/.local/share/gnome-shell/extensions`],
    ['sudo systemsetup -settimezone UTC', '/Library/Preferences'],
    ['sudo spctl --global-disable', '/var/db/SystemPolicy'],
    ['bzr whoami "Dev <dev@example.com>"', `${HOME}/.config/breezy/breezy.conf`],
    ['brz config email=dev@example.com', `${HOME}/.config/breezy/breezy.conf`],
    ['autopkg repo-add recipes', `${HOME}/Library/AutoPkg`],
    ['autopkg make-override Firefox.pkg', `${HOME}/Library/AutoPkg/RecipeOverrides`],
    ['scp host:bin/tool ~/.local/bin/', `${HOME}/.local/bin`],
  ];
  for (const [command, path] of written) {
    it(`${command} writes ${path}`, () => assert.ok(protectedPaths(command)?.includes(path), JSON.stringify(protectedPaths(command))));
  }
  const read = [
    'uci show network',
    'uci get network.lan.ipaddr',
    'raspi-config nonint get_hostname',
    'xfconf-query -c xfwm4 -l',
    'xfconf-query -c xfwm4 -p /general/theme',
    'gsettings get org.gnome.desktop.interface gtk-theme',
    'gsettings list-recursively org.gnome.desktop.wm.preferences',
    'dconf dump /org/gnome/terminal/',
    'dconf read /org/gnome/desktop/interface/gtk-theme',
    'xdg-mime query default application/pdf',
    'hostnamectl',
    'hostnamectl status',
    'scutil --get HostName',
    'pmset -g batt',
    'asdf local nodejs 20.11.0',
    'mise use node@20',
    'direnv status',
    'nvm use 20',
    'firewall-cmd --list-all',
    'ufw status verbose',
    'nmcli connection show',
    'nmcli device wifi list',
    'networksetup -getdnsservers Wi-Fi',
    'gnome-extensions list',
    'systemsetup -getremotelogin',
    'spctl --status',
    'bzr whoami',
    'bzr config email',
    'autopkg list-recipes',
    'scp host:logs/app.log ./app.log',
  ];
  for (const command of read) it(`${command} writes nothing`, () => assert.equal(protectedPaths(command), null));
});

describe("a shell's inline code writing its own start-up files (D§7)", () => {
  const written: Array<[string, string]> = [
    ["pwsh -NoProfile -c 'Add-Content -Path $PROFILE -Value \"Set-Alias g git\"'", `${HOME}/.config/powershell/Microsoft.PowerShell_profile.ps1`],
    ["pwsh -c '\"Import-Module posh-git\" | Out-File -Append $PROFILE.CurrentUserAllHosts'", `${HOME}/.config/powershell/Microsoft.PowerShell_profile.ps1`],
    ["nu -c '\"alias ll = ls -l\" | save --append $nu.config-path'", `${HOME}/.config/nushell/config.nu`],
    ["nu -c 'config reset --without-backup'", `${HOME}/.config/nushell/config.nu`],
    ["fish -c 'fish_add_path ~/.local/bin'", `${HOME}/.config/fish/fish_variables`],
    ["fish -c 'set -Ux EDITOR nvim'", `${HOME}/.config/fish/fish_variables`],
    ["fish -c 'function ll; ls -l $argv; end; funcsave ll'", `${HOME}/.config/fish`],
    ["osascript -e 'tell application \"System Events\" to make new login item at end with properties {path:\"/Applications/X.app\"}'", `${HOME}/Library/Application Support/com.apple.backgroundtaskmanagementagent/backgrounditems.btm`],
  ];
  for (const [command, path] of written) {
    it(`${command} writes ${path}`, () => assert.ok(protectedPaths(command)?.includes(path), JSON.stringify(protectedPaths(command))));
  }
  const plain: Array<[string, string[]]> = [
    ['pwsh', ['Get-Content $PROFILE']],
    ['pwsh', ['Test-Path $PROFILE']],
    ['nu', ['open $nu.config-path | lines | length']],
    ['fish', ['fish_add_path -g ~/bin']],
    ['fish', ['set -gx PATH ~/bin $PATH']],
    ['osascript', ['tell application "System Events" to get the name of every login item']],
    ['bash', ['echo $PROFILE >> x']],
  ];
  for (const [program, codes] of plain) it(`${program} ${codes[0]} writes no start-up file`, () => assert.deepEqual(startupFilesWritten(program, codes, null), []));
  it('reads the code options of a program without a row', () => {
    assert.deepEqual(startupFilesWritten('nu', [], ['-c', '"x" | save -a $nu.env-path']), ['~/.config/nushell/env.nu']);
    assert.deepEqual(startupFilesWritten('nu', [], ['script.nu']), []);
  });
});

describe('dotfile managers and tools\' logins write the home folder (D§7)', () => {
  const written: Array<[string, string]> = [
    ['chezmoi apply', HOME],
    ['chezmoi init --apply someone', HOME],
    ['chezmoi add ~/.zshrc', `${HOME}/.local/share/chezmoi`],
    ['yadm checkout -- .', HOME],
    ['yadm decrypt', HOME],
    ['stow zsh', '/home/dev'],
    ['stow -t /etc nginx', '/etc'],
    ['dotbot -c install.conf.yaml', HOME],
    ['rcdn', HOME],
    ['mkrc ~/.tigrc', HOME],
    ['bash-it disable alias general', `${HOME}/.bash_it`],
    ['homeshick link dotfiles', HOME],
    ['starship preset pastel-powerline -o ~/.config/starship.toml', `${HOME}/.config/starship.toml`],
    ['huggingface-cli logout', `${HOME}/.cache/huggingface/token`],
    ['huggingface-cli login --add-to-git-credential', `${HOME}/.git-credentials`],
    ['mc alias set store https://s3.example.com K S', `${HOME}/.mc/config.json`],
    ['asdf set --home python 3.12.1', `${HOME}/.tool-versions`],
  ];
  for (const [command, path] of written) {
    it(`${command} writes ${path}`, () => assert.ok(protectedPaths(command)?.includes(path), JSON.stringify(protectedPaths(command))));
  }
  const read = ['chezmoi diff', 'chezmoi apply --dry-run', 'yadm status', 'yadm push', 'stow -n zsh', 'dotbot --version', 'bash-it show aliases', 'homeshick list', 'starship preset gruvbox-rainbow', 'huggingface-cli whoami', 'mc ls store/bucket', 'asdf set nodejs 20.11.1'];
  for (const command of read) it(`${command} writes nothing outside the workspace`, () => assert.equal(protectedPaths(command), null));
});
