/** Functions defined and called on one line, read with the call's words (src/gate/hardline/functionCalls.ts). */
import { strict as assert } from 'node:assert';
import { functionCallsText } from '../../../src/gate/hardline/functionCalls';

describe('functions called on the line', () => {
  it('reads a call as the body with its positional parameters filled in', () => {
    assert.equal(functionCallsText('f() { rm -rf "$1"; }; f ~'), ' rm -rf ~; ');
    assert.equal(functionCallsText('function wipe { rm -rf $@; }; wipe /usr "$HOME"'), ' rm -rf /usr "$HOME"; ');
    assert.equal(functionCallsText('g() { cp "$1" "${2}"; }; g a b'), ' cp a b; ');
  });

  it('reads every call, one a line, and a missing word as empty', () => {
    assert.equal(functionCallsText('f() { rm -r "$1"; }; f a; f b'), ' rm -r a; \n rm -r b; ');
    assert.equal(functionCallsText("f() { rm -rf \"$2\"; }; f x"), " rm -rf ''; ");
  });

  it('sees nothing when the line defines no function or calls none', () => {
    assert.equal(functionCallsText('rm -rf "$1"'), null);
    assert.equal(functionCallsText('f() { rm -rf "$1"; }'), null);
    assert.equal(functionCallsText('f() { rm -rf "$1"; }; echo f ~'), null);
  });

  it('reads at most a bounded number of definitions of a long line', () => {
    const line = 'f() { :; }; '.repeat(5000) + 'f ~';
    const started = Date.now();
    functionCallsText(line);
    assert.ok(Date.now() - started < 1000);
  });
});
