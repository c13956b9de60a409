/**
 * Shell state set earlier on a line (D§4.2, lineState.ts): a segment that changes what later
 * segments run makes the line unresolved (`shell-state`) when another segment follows it in the
 * same shell; state that only formats, stops or traces, and state nothing later sees, does not.
 */
import { strict as assert } from 'node:assert';

import { resolve } from '../../../src/gate/reading/resolver';

const CHANGES = [
  'export PATH=.:$PATH; ls',
  'PATH=/tmp/x:$PATH; ls',
  'export LD_PRELOAD=/tmp/x.so && ls',
  'BASH_ENV=./x || ls',
  'export PROMPT_COMMAND=id; ls',
  'declare -x GIT_PAGER=evil; git log',
  'typeset -x LESSOPEN="|./x %s"; less f',
  'readonly NODE_OPTIONS=--require=./x.js; node -v',
  'local RIPGREP_CONFIG_PATH=./rc; rg x',
  'command export PATH=.; ls',
  'export GIT_CONFIG_COUNT=1\nls',
  'set -k; echo X=1',
  'set -o noclobber; echo x > f',
  'set +B; echo {a,b}',
  'printf -v PATH %s /tmp; ls',
  'read PATH < f; ls',
  'mapfile PATH < f; ls',
  ': ${PS4:=x}; ls',
  'export FOO=$x; ls',
];

const STAYS = [
  'export NODE_ENV=test && npm test',
  'CI=1; npm test',
  'set -euo pipefail; ls',
  'set -e; set -o pipefail; ls',
  'set -- a b; echo ok',
  'cd src && ls',
  'export PATH=/x',
  'ls; export FOO=1',
  'x=1 | ls',
  'export PATH=/x & ls',
  'FOO=bar ls; ls',
  'echo \'${PATH}\'; ls',
];

describe('resolver: shell state set earlier on the line', () => {
  for (const command of CHANGES) {
    it(`unresolved: ${JSON.stringify(command)}`, () => {
      const resolution = resolve(command, { home: '/home/u', shell: 'bash' });
      assert.equal(resolution.resolved, false);
      if (!resolution.resolved) {
        assert.deepEqual(resolution.mechanisms.slice(0, 1), ['shell-state']);
        assert.match(resolution.detail, /fresh shell/);
      }
    });
  }
  for (const command of STAYS) {
    it(`resolved: ${JSON.stringify(command)}`, () => {
      const resolution = resolve(command, { home: '/home/u', shell: 'bash' });
      assert.equal(resolution.resolved, true, resolution.resolved ? '' : resolution.detail);
    });
  }
});
