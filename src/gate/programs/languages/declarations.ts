/**
 * Configuration tools declare resources instead of calling APIs (D§5, docs/languages.md "Code in
 * other languages"): `file { '/etc': ensure => absent }` (Puppet), `directory '/etc' do action
 * :delete end` (Chef), `-m file -a 'path=/etc state=absent'` (Ansible), `file.remove /etc` (Salt).
 * Each reader here hands the floor the shell command that does what a declaration does, so the
 * floor's arms judge it with their one notion of a protected path:
 * - a file, folder or link declared absent (deleted) is `rm -rf -- PATH`;
 * - a user account declared absent with its home is `userdel -r -- NAME` (without: `userdel`);
 * - a machine restart or power-off is `reboot` / `poweroff`;
 * - a command to run is that command's text.
 * At its worst on purpose: Puppet's `force` and Chef's `recursive` are not required for a folder
 * (without them the tool may refuse a non-empty folder; the floor does not count on it).
 */

/** Shell quoting of one word. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `key => value` (Puppet) or `key value` / `key: value` (Chef) or `key=value` (Ansible, Salt) pairs, keys lower-cased. */
function attributes(body: string, separator: RegExp): Map<string, string> {
  const out = new Map<string, string>();
  const pair = new RegExp(String.raw`([A-Za-z_][\w.]*)` + separator.source + String.raw`\s*(?:"([^"]*)"|'([^']*)'|\[([^\]]*)\]|([^\s,;}]+))`, 'g');
  for (const m of body.matchAll(pair)) out.set(m[1]!.toLowerCase(), (m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').replace(/^:/, ''));
  return out;
}

const TRUE = /^(?:true|yes|on|1)$/i;

/** Puppet resources: `TYPE { TITLE: ATTRS; TITLE2: ATTRS }` (titles quoted, or a list of them). */
export function puppetDeclarations(code: string): string[] {
  const out: string[] = [];
  for (const resource of code.matchAll(/\b([a-z][\w:]*)\s*\{([^{}]*)\}/gi)) {
    const type = resource[1]!.toLowerCase().replace(/^.*::/, '');
    for (const body of resource[2]!.split(/;(?=\s*(?:["'[]|$))/)) {
      const titled = /^\s*(?:"([^"]*)"|'([^']*)'|\[([^\]]*)\])\s*:([\s\S]*)$/.exec(body);
      if (titled === null) continue;
      const titles = titled[3] !== undefined ? [...titled[3].matchAll(/["']([^"']*)["']/g)].map((m) => m[1]!) : [titled[1] ?? titled[2]!];
      const attrs = attributes(titled[4]!, /\s*=>/);
      const ensure = attrs.get('ensure');
      for (const title of titles) {
        if ((type === 'file' || type === 'tidy') && (ensure === 'absent' || type === 'tidy')) out.push(`rm -rf -- ${quote(attrs.get('path') ?? title)}`);
        if (type === 'user' && ensure === 'absent') out.push(`userdel ${TRUE.test(attrs.get('managehome') ?? '') ? '-r ' : ''}-- ${quote(attrs.get('name') ?? title)}`);
        if (type === 'exec') out.push(attrs.get('command') ?? title);
      }
    }
  }
  return out;
}

/** Chef resources: `TYPE 'NAME' do … end` or `TYPE('NAME') { … }`. */
export function chefDeclarations(code: string): string[] {
  const out: string[] = [];
  const resource = /\b([a-z_]+)\s*\(?\s*(?:"([^"]*)"|'([^']*)')\s*\)?\s*(?:do\b([\s\S]*?)\bend\b|\{([\s\S]*?)\})/g;
  for (const m of code.matchAll(resource)) {
    const type = m[1]!;
    const name = m[2] ?? m[3]!;
    const body = m[4] ?? m[5] ?? '';
    const attrs = attributes(body, /[ \t]*[:(]?[ \t]/);
    const action = attrs.get('action') ?? '';
    if (/^(?:directory|file|link|template|cookbook_file|remote_file|remote_directory)$/.test(type) && /\bdelete\b/.test(action)) out.push(`rm -rf -- ${quote(attrs.get('path') ?? name)}`);
    if (type === 'user' && /\bremove\b/.test(action)) out.push(`userdel ${TRUE.test(attrs.get('manage_home') ?? '') ? '-r ' : ''}-- ${quote(name)}`);
    if (type === 'reboot' && /\breboot_now\b/.test(action)) out.push('reboot');
  }
  return out;
}

/** A module's free-form text (`-a 'rm -rf /tmp/x chdir=/srv'`): the words that are no `key=value` option of the module. */
function freeForm(args: string): string {
  return args.replace(/(?:^|\s)(?:chdir|creates|removes|executable|warn|stdin|argv|cmd|_raw_params)=\S*/g, ' ').trim();
}

/** Ansible's `MODULE ARGS` (the ansible row hands `-m`'s module and `-a`'s text, joined by a blank). */
export function ansibleDeclarations(code: string): string[] {
  const m = /^\s*(\S+)\s*([\s\S]*)$/.exec(code);
  if (m === null) return [];
  const module = m[1]!.toLowerCase().replace(/^(?:ansible\.(?:builtin|legacy)|community\.general|ansible\.posix)\./, '');
  const args = m[2]!;
  const attrs = attributes(args, /=/);
  const state = attrs.get('state');
  switch (module) {
    case 'command':
    case 'shell':
    case 'raw':
    case 'script':
      return [attrs.get('cmd') ?? attrs.get('_raw_params') ?? freeForm(args)];
    case 'file':
      return state === 'absent' ? [`rm -rf -- ${quote(attrs.get('path') ?? attrs.get('dest') ?? attrs.get('name') ?? '')}`] : [];
    case 'user':
      return state === 'absent' ? [`userdel ${TRUE.test(attrs.get('remove') ?? '') ? '-r ' : ''}-- ${quote(attrs.get('name') ?? '')}`] : [];
    case 'reboot':
      return ['reboot'];
    case 'shutdown':
      return ['poweroff'];
    default:
      return [];
  }
}

/**
 * An Ansible playbook's tasks (YAML): each `MODULE: ARGS` line (`- ansible.builtin.user: name=dev
 * state=absent remove=yes`), or `MODULE:` followed by its more indented `KEY: VALUE` lines, read as
 * `ansible -m MODULE -a ARGS` would be ({@link ansibleDeclarations}).
 */
export function ansiblePlaybookDeclarations(code: string): string[] {
  const out: string[] = [];
  const lines = code.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const m = /^(\s*)(?:-\s+)?([A-Za-z_][\w.]*)\s*:\s*(.*?)\s*$/.exec(lines[k]!);
    if (m === null || !/^(?:(?:ansible\.(?:builtin|legacy)|community\.general|ansible\.posix)\.)?(?:command|shell|raw|script|file|user|reboot|shutdown)$/.test(m[2]!)) continue;
    let args = m[3]!;
    if (args === '' || args === '|' || args === '>') {
      // The arguments as a mapping (or a block of free-form text) on the lines below.
      const indent = m[1]!.length;
      const pairs: string[] = [];
      for (let j = k + 1; j < lines.length; j++) {
        const line = lines[j]!;
        if (line.trim() === '') continue;
        if ((/^\s*/.exec(line)?.[0].length ?? 0) <= indent) break;
        const pair = /^\s*([A-Za-z_][\w.]*)\s*:\s*(.*?)\s*$/.exec(line);
        pairs.push(args === '' && pair !== null ? `${pair[1]}=${pair[2]}` : line.trim());
      }
      args = pairs.join(' ');
    }
    out.push(...ansibleDeclarations(`${m[2]} ${args}`));
  }
  return out;
}

/** Salt's `FUNCTION ARGS` (`salt-call [--local] file.remove /etc`, `state.single file.absent name=/etc`). */
export function saltDeclarations(code: string): string[] {
  const out: string[] = [];
  const words = code.split(/\s+/).filter((word) => word !== '' && !word.startsWith('-'));
  for (let k = 0; k < words.length; k++) {
    const fn = words[k]!.toLowerCase();
    const rest = words.slice(k + 1);
    const attrs = attributes(rest.join(' '), /=/);
    const first = rest.find((word) => !word.includes('=')) ?? attrs.get('name') ?? attrs.get('path');
    if (/^file\.(?:remove|rmdir|delete|absent)$/.test(fn) && first !== undefined) out.push(`rm -rf -- ${quote(first)}`);
    if (/^system\.(?:reboot|reboot_now)$/.test(fn)) out.push('reboot');
    if (/^system\.(?:poweroff|halt|shutdown)$/.test(fn)) out.push('poweroff');
    if (fn === 'user.delete' && first !== undefined) out.push(`userdel ${TRUE.test(attrs.get('remove') ?? '') ? '-r ' : ''}-- ${quote(first)}`);
  }
  return out;
}
