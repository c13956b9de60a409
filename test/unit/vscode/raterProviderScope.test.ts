/**
 * The request scope of the rater provider (D§8; docs/chat-participant.md, "The rater on the chat's
 * model"): the ratings made while a `@gate`
 * request runs use its model when no rater endpoint is set — those ratings and no others, even
 * when another piece of work runs at the same time; a preview's stand-in replaces even an
 * endpoint. (The endpoint itself is the lead's existing behaviour, not re-tested here.)
 */
import { strict as assert } from 'node:assert';
import { FixedVerdictRater } from '../../../src/gate/rater/raterContract';
import type { RaterProvider as RaterProviderType } from '../../../src/vscode/raterProvider';
import * as standIn from '../../support/vscodeLmStandIn';

describe('RaterProvider request scope', () => {
  let provider: RaterProviderType;
  const fallback = new FixedVerdictRater({ outcome: 'safe', reason: 'fallback' }, 'fallback');
  const override = new FixedVerdictRater({ outcome: 'destructive', reason: 'override' }, 'override');
  let endpoint = { baseUrl: '', model: '', timeoutMs: 1000 };

  before(async () => {
    standIn.install();
    const { RaterProvider } = await import('../../../src/vscode/raterProvider');
    const secrets = { get: async () => 'key-for-test' };
    provider = new RaterProvider(() => endpoint, secrets as never, { info() {} } as never);
    const configured = new FixedVerdictRater({ outcome: 'safe', reason: 'endpoint' }, 'endpoint');
    provider.load = () => ({ createOpenAiRater: () => configured, openAiRaterLabel: () => 'endpoint' }) as never;
  });
  after(() => standIn.uninstall());
  afterEach(() => {
    endpoint = { baseUrl: '', model: '', timeoutMs: 1000 };
  });

  it('no endpoint and no scope: no rater (ratings fail closed as no-model)', async () => {
    assert.equal(await provider.current(), null);
  });

  it('inside a scope the fallback rates; a concurrent call outside it does not see it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inside = provider.within({ fallback }, async () => {
      await gate;
      return provider.current();
    });
    const outside = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const seen = await provider.current();
      release();
      return seen;
    })();
    assert.equal(await outside, null);
    assert.equal(await inside, fallback);
    assert.equal(await provider.current(), null, 'the scope ends with the work');
  });

  it('a configured endpoint wins over the fallback; an override wins over both', async () => {
    endpoint = { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 1000 };
    const seen = await provider.within({ fallback }, () => provider.current());
    assert.notEqual(seen, fallback);
    assert.equal((await seen!.rate({} as never)).source, 'endpoint');
    assert.equal(await provider.within({ fallback, override }, () => provider.current()), override);
  });
});
