import { flagged, textOf, valued, type Grammar } from '../grammar';
import { printsSecret, printsSecretUnless, type Command, type ProgramRow } from '../row';

/**
 * Secret-manager clients (D§4.3, docs/decisions.md "Programs that print a secret" and "Credentials
 * leaving: secret managers, mailers and servers"): the forms that print a stored secret in full on
 * standard output are `credentials` forms, read by the hardline floor's credential-exfiltration
 * arm. Listing names, writing and deleting secrets print none. The forms that run a command with
 * the secrets in its environment (`doppler run -- CMD`, `infisical run`, `chamber exec`, `berglas
 * exec`, `teller run`, `aws-vault exec`) are wrappers that only set the environment
 * (`WrapperRole.environmentOnly`): an entry for them covers the command they run, as it did before
 * they had rows, unless that command has a form of its own; the floors read the command as any
 * wrapper's. Their `--command TEXT` (shell text) is an executor form.
 */

const INFISICAL_LONG = {
  ...valued('env', 'path', 'projectId', 'token', 'tags', 'domain', 'format', 'output-file', 'template', 'type', 'command', 'log-level', 'method', 'client-id', 'client-secret', 'machine-identity-id', 'organization-slug'),
  ...flagged('expand', 'include-imports', 'recursive', 'secret-overriding', 'plain', 'silent', 'raw-value', 'help', 'version', 'watch', 'interactive', 'telemetry'),
};
function inf(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'h', flags: 'hv', long: { ...INFISICAL_LONG, help: ['flag', 'h'] }, abbreviations: false }, ...extra };
}

const CHAMBER_LONG = { ...valued('backend', 'kms-key-alias', 'retries', 'format', 'output-file', 'by-path'), ...flagged('quiet', 'expand', 'help', 'version', 'verbose', 'strict', 'pristine') };
function chamber(extra: Partial<Command> = {}): Command {
  return { grammar: { short: 'bfor', flags: 'qeth', long: { ...CHAMBER_LONG, format: ['value', 'f'], 'output-file': ['value', 'o'], backend: ['value', 'b'], retries: ['value', 'r'], quiet: ['flag', 'q'], expand: ['flag', 'e'] }, abbreviations: false }, ...extra };
}

const BWS_GRAMMAR: Grammar = { short: 'otsu', flags: 'hV', long: { ...valued('output', 'access-token', 'profile', 'server-url', 'color', 'config-file', 'project-id', 'shell'), ...flagged('help', 'version', 'no-inherit-env', 'uuids-as-keynames') }, abbreviations: false };
const bws = (extra: Partial<Command> = {}): Command => ({ grammar: BWS_GRAMMAR, ...extra });

const TELLER_GRAMMAR: Grammar = { short: 'c', flags: 'hV', long: { ...valued('config', 'format'), ...flagged('reset', 'shell', 'help', 'version', 'silent') }, abbreviations: false };
const teller = (extra: Partial<Command> = {}): Command => ({ grammar: TELLER_GRAMMAR, ...extra });

export const SECRET_MANAGER_ROWS: readonly ProgramRow[] = [
  {
    names: ['infisical'],
    category: 'cloud',
    what: 'the Infisical secrets manager client',
    ...inf({
      subcommands: {
        export: inf({ read: printsSecretUnless('export', 'prints every secret of the environment with its value (dotenv, JSON, YAML, CSV)', '--output-file') }),
        secrets: inf({
          // `infisical secrets` alone prints the environment's secrets with their values.
          read: (args, reading) => (reading.operands.length === 0 ? printsSecretUnless('secrets', 'prints every secret of the environment with its value')(args, reading) : []),
          subcommands: {
            get: inf({ role: printsSecret('prints the values of the secrets named') }),
            set: inf({ role: { role: 'writer', note: 'stores secrets in Infisical' } }),
            delete: inf({ role: { role: 'destructive', note: 'deletes secrets from Infisical' } }),
            'generate-example-env': inf({ plain: [''] }),
            folders: inf({ plain: ['get'] }),
          },
          plain: ['folders get', 'generate-example-env'],
        }),
        // `run -- CMD` runs CMD with the secrets in its environment; see the note above the rows.
        run: inf({
          options: [{ role: 'executor', options: ['--command'], payload: 'shell-text', example: 'npm start', note: '--command runs that shell text with the secrets in its environment' }],
          wrapper: { environmentOnly: true, peel: false, afterDashDash: true, note: 'infisical run -- CMD runs CMD with the secrets in its environment' },
        }),
        user: inf({ subcommands: { get: inf({ subcommands: { token: inf({ role: printsSecret('prints the logged-in user\'s session token') }) } }) } }),
        // A machine identity's login with --plain prints the access token it gets.
        login: inf({ options: [{ role: 'credentials', options: ['--plain'], everyday: true, note: 'login --plain prints the access token it gets' }], plain: ['', '--interactive'] }),
        scan: inf({ plain: ['', '--verbose'] }),
      },
      plain: ['--version', 'init', 'secrets folders get', 'scan'],
    }),
  },
  {
    names: ['chamber'],
    category: 'cloud',
    what: 'chamber, which keeps secrets in AWS SSM Parameter Store or Secrets Manager',
    ...chamber({
      subcommands: {
        read: chamber({ role: printsSecret('prints a secret with its value') }),
        export: chamber({ read: printsSecretUnless('export', 'prints every secret of the services with its value', '-o', '--output-file', 'o', 'output-file') }),
        env: chamber({ role: printsSecret('prints every secret of the service as export lines') }),
        list: chamber({ options: [{ role: 'credentials', options: ['-e', '--expand'], everyday: true, note: 'list -e prints each secret\'s value' }], plain: ['svc', '-t svc'] }),
        write: chamber({ role: { role: 'writer', note: 'stores a secret' } }),
        import: chamber({ role: { role: 'writer', note: 'stores the secrets of a file' } }),
        delete: chamber({ role: { role: 'destructive', note: 'deletes a secret' } }),
        exec: chamber({ wrapper: { environmentOnly: true, peel: false, afterDashDash: true, note: 'chamber exec SERVICE… -- CMD runs CMD with the services\' secrets in its environment' } }),
      },
      plain: ['--version', 'list svc', 'history svc key', 'list-services'],
    }),
  },
  {
    names: ['berglas'],
    category: 'cloud',
    what: 'berglas, which keeps secrets in Google Cloud Storage or Secret Manager',
    grammar: { long: { ...valued('log-format', 'log-level', 'project'), ...flagged('help', 'version') }, abbreviations: false },
    subcommands: {
      access: { role: printsSecret('prints the secret\'s value') },
      delete: { role: { role: 'destructive', note: 'deletes a secret' } },
      revoke: { role: { role: 'destructive', note: 'takes away access to a secret' } },
      grant: { role: { role: 'destructive', note: 'grants access to a secret' } },
      exec: { wrapper: { environmentOnly: true, peel: false, afterDashDash: true, note: 'berglas exec -- CMD runs CMD with the berglas references of its environment resolved' } },
    },
    plain: ['--version', 'list my-bucket'],
  },
  {
    names: ['bws'],
    category: 'cloud',
    what: 'the Bitwarden Secrets Manager client',
    ...bws({
      subcommands: {
        secret: bws({
          subcommands: {
            get: bws({ role: printsSecret('prints the secret with its value') }),
            list: bws({ role: printsSecret('prints the secrets of the project with their values') }),
            delete: bws({ role: { role: 'destructive', note: 'deletes secrets' } }),
          },
        }),
        // The older spellings: `bws get secret ID`, `bws list secrets`.
        get: bws({ read: (_args, reading) => (reading.operands[0]?.kind === 'literal' && reading.operands[0].value === 'project' ? [] : printsSecretUnless('get', 'prints the secret with its value')(_args, reading)) }),
        list: bws({ read: (_args, reading) => (reading.operands[0]?.kind === 'literal' && reading.operands[0].value === 'projects' ? [] : printsSecretUnless('list', 'prints the secrets with their values')(_args, reading)) }),
        run: bws({
          operands: [{ role: 'executor', operand: 0, payload: 'shell-text', example: 'npm start', note: 'bws run hands its operand to a shell, with the secrets in its environment' }],
        }),
      },
      plain: ['--version', 'project list', 'list projects'],
    }),
  },
  {
    names: ['akeyless'],
    category: 'cloud',
    what: 'the Akeyless secrets manager client',
    grammar: { short: 'n', long: { ...valued('name', 'profile', 'token', 'version', 'target'), ...flagged('help', 'json', 'jq-expression') }, abbreviations: false },
    subcommands: {
      'get-secret-value': { role: printsSecret('prints the secret\'s value') },
      'get-dynamic-secret-value': { role: printsSecret('prints fresh credentials of a dynamic secret') },
      'get-rotated-secret-value': { role: printsSecret('prints a rotated secret\'s value') },
      'get-ssh-certificate': { role: printsSecret('prints a signed SSH certificate') },
    },
    plain: ['list-items', 'auth --access-id x'],
  },
  {
    names: ['conjur'],
    category: 'cloud',
    what: 'the CyberArk Conjur client',
    grammar: { short: 'ivh', long: { ...valued('id', 'version'), ...flagged('help') }, abbreviations: false },
    subcommands: {
      variable: {
        grammar: { short: 'ivh', long: { ...valued('id', 'version', 'value'), ...flagged('help') }, abbreviations: false },
        subcommands: {
          get: { role: printsSecret('prints the value of the variables named') },
          value: { role: printsSecret('prints the variable\'s value') },
        },
      },
    },
    plain: ['whoami', 'list', '--version'],
  },
  {
    names: ['teller'],
    category: 'cloud',
    what: 'teller, which gathers secrets from many providers into one environment',
    ...teller({
      subcommands: {
        export: teller({ role: printsSecret('prints every secret it gathers with its value') }),
        env: teller({ role: printsSecret('prints every secret as export lines') }),
        yaml: teller({ role: printsSecret('prints every secret as YAML') }),
        json: teller({ role: printsSecret('prints every secret as JSON') }),
        delete: teller({ role: { role: 'destructive', note: 'deletes secrets at their providers' } }),
        run: teller({ wrapper: { environmentOnly: true, peel: false, afterDashDash: true, note: 'teller run -- CMD runs CMD with the secrets in its environment' } }),
      },
      // `teller show` prints the secrets masked.
      plain: ['show', 'scan', '--version'],
    }),
  },
  {
    names: ['aws-vault'],
    category: 'cloud',
    what: 'aws-vault, which keeps AWS credentials in the keychain and hands them to commands',
    grammar: { long: { ...valued('backend', 'prompt', 'keychain', 'secret-service-collection', 'pass-dir', 'pass-cmd', 'pass-prefix', 'file-dir'), ...flagged('debug', 'help', 'version') }, abbreviations: false },
    subcommands: {
      export: { grammar: { long: { ...valued('format', 'duration', 'mfa-token', 'region'), ...flagged('no-session') }, abbreviations: false }, role: printsSecret('prints the profile\'s temporary credentials, the secret key included') },
      // `login --stdout` prints the console sign-in URL, which carries a sign-in token.
      login: { grammar: { short: 'd', flags: 's', long: { ...valued('duration', 'mfa-token', 'path', 'region'), stdout: ['flag', 's'], ...flagged('no-session') }, abbreviations: false }, options: [{ role: 'credentials', options: ['-s', '--stdout'], everyday: true, note: 'login --stdout prints a console sign-in URL holding a sign-in token' }] },
      remove: { role: { role: 'destructive', note: 'removes stored credentials' } },
      // `exec PROFILE [--] CMD`: the profile's temporary credentials in CMD's environment.
      exec: { grammar: { short: 'dtr', long: { ...valued('duration', 'mfa-token', 'region', 'ec2-server', 'ecs-server'), ...flagged('no-session', 'server', 'json', 'lazy', 'prompt') }, abbreviations: false }, wrapper: { environmentOnly: true, peel: false, skip: 1, note: 'aws-vault exec PROFILE -- CMD runs CMD with the profile\'s credentials in its environment' } },
    },
    plain: ['list', '--version', 'login dev'],
  },
  {
    names: ['saml2aws'],
    category: 'cloud',
    what: 'saml2aws, which logs in to AWS through a SAML identity provider',
    grammar: { short: 'ap', long: { ...valued('idp-account', 'profile', 'region', 'session-duration', 'role', 'shell'), 'idp-account': ['value', 'a'], profile: ['value', 'p'], ...flagged('skip-prompt', 'force', 'verbose', 'help', 'version') }, abbreviations: false },
    subcommands: {
      script: { role: printsSecret('prints the profile\'s credentials as export lines') },
      // `exec [--exec-profile P] [--] CMD…` runs CMD with the profile's credentials in its environment.
      exec: { grammar: { long: valued('exec-profile') }, wrapper: { environmentOnly: true, peel: false, note: 'saml2aws exec CMD runs CMD with the AWS credentials in its environment' } },
      console: { options: [{ role: 'credentials', options: ['--link'], everyday: true, note: 'console --link prints a console sign-in URL holding a sign-in token' }] },
    },
    plain: ['--version', 'login', 'list-roles'],
  },
  {
    names: ['ksm'],
    category: 'cloud',
    what: 'the Keeper Secrets Manager command-line client',
    grammar: { long: flagged('help', 'version'), abbreviations: false },
    subcommands: {
      secret: {
        subcommands: {
          get: { role: printsSecret('prints the record with its secret fields') },
          notation: { role: printsSecret('prints the field a keeper:// notation names') },
          download: { role: { role: 'writer', note: 'writes a file attached to the record' } },
        },
        plain: ['list'],
      },
      exec: { role: { role: 'executor', note: 'runs a command with keeper:// references in its environment replaced by secrets' } },
    },
    plain: ['secret list', 'profile list', '--version'],
  },
  // Password managers' own clients (D§4.3, docs/decisions.md "Password managers' clients and
  // tools that print their own tokens"): a command that prints an entry or the vault is a
  // `credentials` form; listing, searching and signing in print no secret. A subcommand not listed
  // is read at its worst (programs/table.ts `leavesWordsUnplaced`).
  {
    names: ['keeper'],
    category: 'misc',
    what: 'Keeper Commander, the Keeper password manager\'s client',
    grammar: { long: { ...valued('format', 'output', 'config', 'server', 'user', 'password', 'unmask', 'field'), ...flagged('help', 'version', 'debug', 'batch-mode', 'unmask', 'legacy', 'proxy') }, abbreviations: false },
    subcommands: {
      get: { role: printsSecret('prints a record of the vault (its password with --unmask or --format json)') },
      'find-password': { role: printsSecret('prints a record\'s password') },
      export: { role: printsSecret('prints (or writes) the whole vault, passwords included') },
      totp: { role: printsSecret('prints a record\'s one-time code') },
      ls: { plain: ['', '-l'] },
      list: { plain: [''] },
      search: { plain: ['github'] },
      tree: { plain: [''] },
      whoami: { plain: [''] },
      login: { plain: [''] },
      logout: { plain: [''] },
      shell: { role: { role: 'executor', note: 'opens Keeper\'s own interactive shell' } },
      'sync-down': { plain: [''] },
      rm: { role: { role: 'destructive', note: 'deletes records of the vault' } },
    },
    plain: ['ls', 'search github', 'whoami', '--version'],
  },
  {
    names: ['dcli'],
    category: 'misc',
    what: 'the Dashlane command-line client',
    grammar: { short: 'o', long: { ...valued('output', 'field'), ...flagged('help', 'version', 'debug') }, abbreviations: false },
    subcommands: {
      password: { role: printsSecret('prints a credential\'s password (or its fields)') },
      p: { role: printsSecret('prints a credential\'s password (or its fields)') },
      note: { role: printsSecret('prints a secure note') },
      n: { role: printsSecret('prints a secure note') },
      otp: { role: printsSecret('prints a credential\'s one-time code') },
      o: { role: printsSecret('prints a credential\'s one-time code') },
      secret: { role: printsSecret('prints a secret of the vault') },
      read: { role: printsSecret('prints the vault value a dl:// reference names') },
      inject: { role: printsSecret('prints a template with the vault values it references filled in') },
      exec: { role: { role: 'executor', note: 'runs a command with dl:// references in its environment replaced by secrets' } },
      sync: { plain: [''] },
      lock: { plain: [''] },
      logout: { plain: [''] },
      accounts: { plain: ['whoami'] },
      devices: { plain: ['list'] },
      team: { plain: ['members'] },
      configure: { plain: ['disable-auto-sync true'] },
    },
    plain: ['sync', '--version'],
  },
  {
    names: ['rbw'],
    category: 'misc',
    what: 'rbw, an unofficial Bitwarden command-line client',
    grammar: { long: { ...valued('folder', 'field'), ...flagged('help', 'version', 'full', 'raw', 'clipboard', 'fields', 'uris', 'no-symbols', 'only-numbers', 'nonconfusables', 'diceware') }, abbreviations: false },
    subcommands: {
      get: { read: printsSecretUnless('get', 'prints an entry\'s password (or all of it with --full)', '--clipboard', 'clipboard') },
      code: { read: printsSecretUnless('code', 'prints an entry\'s one-time code', '--clipboard', 'clipboard') },
      history: { role: printsSecret('prints the passwords an entry had') },
      search: { plain: ['github'] },
      list: { plain: ['', '--fields name,user'] },
      add: { role: { role: 'writer', note: 'adds an entry to the vault' } },
      generate: { plain: ['16', '--no-symbols 20'] },
      edit: { role: { role: 'writer', note: 'edits an entry of the vault' } },
      remove: { role: { role: 'destructive', note: 'deletes an entry of the vault' } },
      config: { subcommands: { show: { plain: [''] }, set: { plain: ['email me@example.org'] }, unset: { plain: ['base_url'] } } },
      register: { plain: [''] },
      login: { plain: [''] },
      unlock: { plain: [''] },
      unlocked: { plain: [''] },
      sync: { plain: [''] },
      lock: { plain: [''] },
      purge: { role: { role: 'destructive', note: 'removes the local copy of the vault' } },
      'stop-agent': { plain: [''] },
      'gen-completions': { plain: ['bash'] },
    },
    plain: ['list', 'sync', 'search github', '--version'],
  },
  {
    names: ['passbolt', 'go-passbolt-cli'],
    category: 'misc',
    what: 'the Passbolt command-line client',
    grammar: { long: { ...valued('config', 'serverAddress', 'userPrivateKeyFile', 'userPassword', 'mfaMode', 'id', 'column', 'filter', 'name', 'folder', 'username', 'uri', 'password', 'description', 'file'), ...flagged('help', 'version', 'json', 'debug') }, abbreviations: false },
    subcommands: {
      get: { subcommands: { resource: { role: printsSecret('prints a resource with its decrypted password') }, folder: { plain: ['--id x'] }, user: { plain: ['--id x'] }, group: { plain: ['--id x'] } } },
      list: { read: (_args, reading) => (reading.options.some((option) => /password/i.test(textOf(option.value) ?? '')) ? [{ role: 'credentials', program: 'passbolt list', trigger: 'list', index: -1, value: null, everyday: true, note: 'prints the resources with their decrypted passwords' }] : []), plain: ['resource', 'folder'] },
      exec: { role: { role: 'executor', note: 'runs a command with passbolt:// references in its environment replaced by secrets' } },
      create: { plain: ['folder --name x'] },
      update: { plain: ['folder --id x --name y'] },
      delete: { role: { role: 'destructive', note: 'deletes resources, folders, users or groups' } },
      share: { plain: ['resource --id x --group y'] },
      move: { plain: ['resource --id x --folderParentID y'] },
      verify: { plain: [''] },
      completion: { plain: ['bash'] },
      help: { plain: [''] },
    },
    plain: ['list resource', 'verify', '--version'],
  },
  {
    names: ['pass-cli'],
    category: 'misc',
    what: 'the Proton Pass command-line client',
    grammar: { long: { ...valued('share-id', 'item-id', 'vault-name', 'item-title', 'field', 'output', 'format'), ...flagged('help', 'version', 'json') }, abbreviations: false },
    subcommands: {
      item: {
        subcommands: {
          view: { role: printsSecret('prints an item of the vault with its secrets') },
          list: { plain: [''] },
          create: { plain: ['login --title x'] },
          delete: { role: { role: 'destructive', note: 'deletes items of the vault' } },
          totp: { role: printsSecret('prints an item\'s one-time code') },
        },
      },
      vault: { subcommands: { list: { plain: [''] }, create: { plain: ['--name x'] }, delete: { role: { role: 'destructive', note: 'deletes a vault with its items' } } } },
      inject: { role: printsSecret('prints a template with the pass:// references it holds filled in') },
      run: { role: { role: 'executor', note: 'runs a command with pass:// references in its environment replaced by secrets' } },
      login: { plain: [''] },
      logout: { plain: [''] },
      info: { plain: [''] },
    },
    plain: ['vault list', 'item list', '--version'],
  },
  {
    names: ['railway'],
    category: 'cloud',
    what: 'the Railway command-line client',
    grammar: { short: 'se', long: { ...valued('service', 'environment', 'set'), service: ['value', 's'], environment: ['value', 'e'], ...flagged('kv', 'json', 'help', 'version', 'yes', 'detach') }, abbreviations: false },
    subcommands: {
      // `variables` prints the service's variables with their values unless it sets one.
      variables: { read: printsSecretUnless('variables', 'prints the service\'s variables with their values (secrets among them)', '--set') },
      down: { role: { role: 'destructive', note: 'removes the latest deployment' } },
      delete: { role: { role: 'destructive', note: 'deletes the project' } },
    },
    plain: ['status', 'whoami', 'logs', '--version'],
  },
];
