import * as assert from 'node:assert/strict';
import type { Word } from '../../../src/gate/reading/resolution';
import { isServiceHost, secretVariablesIn, serviceOfVariable } from '../../../src/gate/hardline/secretVariables';

const opaque = (raw: string): Word => ({ kind: 'opaque', raw, expansions: ['variable'] });

describe('secret-named variables and the hosts they are for (hardline/secretVariables.ts)', () => {
  it('finds the secret-named variables a word expands, not those single-quoted or plain', () => {
    assert.deepEqual(secretVariablesIn(opaque('"t=$GITHUB_TOKEN&u=$USER"')), ['GITHUB_TOKEN']);
    assert.deepEqual(secretVariablesIn(opaque('"${NPM_TOKEN}"')), ['NPM_TOKEN']);
    assert.deepEqual(secretVariablesIn(opaque(`'$OPENAI_API_KEY'$HOME`)), []);
    assert.deepEqual(secretVariablesIn({ kind: 'literal', value: '$AWS_SECRET_ACCESS_KEY', raw: "'$AWS_SECRET_ACCESS_KEY'" }), []);
  });
  it('places a variable with its service by its name', () => {
    assert.equal(serviceOfVariable('GH_TOKEN')?.service, 'github');
    assert.equal(serviceOfVariable('NODE_AUTH_TOKEN')?.service, 'npm');
    assert.equal(serviceOfVariable('TWINE_PASSWORD')?.service, 'pypi');
    assert.equal(serviceOfVariable('MY_API_TOKEN'), undefined);
  });
  it("takes the service's hosts, a self-hosted one named for it and loopback as its own", () => {
    const github = serviceOfVariable('GITHUB_TOKEN')!;
    for (const host of ['api.github.com', 'uploads.github.com', 'github.corp.example', 'localhost', '127.0.0.1']) assert.ok(isServiceHost(github, host), host);
    for (const host of ['collect.example.net', 'hooks.example.org', '203.0.113.9', 'githab.example']) assert.ok(!isServiceHost(github, host), host);
    // The name rule is what lets a company's own GitHub Enterprise through; a host so named by anyone passes too.
    assert.ok(isServiceHost(github, 'github.evil.example'));
  });
});
