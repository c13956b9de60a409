import * as assert from 'node:assert/strict';
import { commandVariable, commandVariableText, setterAssignments } from '../../../src/gate/programs/commandVariables';
import { readCommand } from '../../../src/gate/reading/reading';
import { SegmentRecord } from '../../../src/gate/programs/segmentRecord';
import type { Word } from '../../../src/gate/reading/resolution';

const literal = (value: string): Word => ({ kind: 'literal', value, raw: value });

/** The shell-text payloads of a one-segment line, as the stages read them. */
function payloadTexts(line: string): string[] {
  const resolution = readCommand(line, { home: '/home/dev', shell: 'bash' }).resolution;
  assert.ok(resolution.resolved);
  return new SegmentRecord(resolution.segments[0]!).payloads.flatMap((payload) => (payload.kind === 'shell-text' ? [payload.text] : []));
}

describe('environment values that are command text (programs/commandVariables.ts)', () => {
  it('knows the pagers, editors, ssh commands, askpass helpers and less hooks, by name and by suffix', () => {
    for (const name of ['GIT_PAGER', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_SSH_COMMAND', 'EDITOR', 'VISUAL', 'PAGER', 'MANPAGER', 'LESSOPEN', 'SSH_ASKPASS', 'BROWSER', 'PROMPT_COMMAND', 'KUBE_EDITOR', 'SYSTEMD_PAGER']) {
      assert.notEqual(commandVariable(name), undefined, name);
    }
    for (const name of ['CI', 'NODE_ENV', 'GIT_DIR', 'EDITORCONFIG', 'PAGER_SIZE']) assert.equal(commandVariable(name), undefined, name);
  });
  it("knows the build tools' runners, wrappers and compilers, by name and by the target or language they are built from", () => {
    for (const name of ['CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER', 'CARGO_TARGET_AARCH64_APPLE_DARWIN_LINKER', 'RUSTC_WRAPPER', 'CARGO_BUILD_RUSTC_WRAPPER', 'CMAKE_C_COMPILER_LAUNCHER', 'CC', 'CXX']) {
      assert.notEqual(commandVariable(name), undefined, name);
    }
    for (const name of ['CARGO_TARGET_DIR', 'CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS', 'RUSTFLAGS', 'CMAKE_BUILD_TYPE', 'CFLAGS']) assert.equal(commandVariable(name), undefined, name);
    assert.deepEqual(payloadTexts(`CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER='sh -c "rm -rf ~" --' cargo test`), ['sh -c "rm -rf ~" --']);
  });
  it("takes less's pipe marks off its hooks, and nothing off other values", () => {
    assert.equal(commandVariableText('LESSOPEN', '|lesspipe %s'), 'lesspipe %s');
    assert.equal(commandVariableText('LESSOPEN', '||-rm -rf ~ %s'), 'rm -rf ~ %s');
    assert.equal(commandVariableText('PAGER', '|x'), '|x');
  });
  it('reads the NAME=VALUE words of export and declare, not of other programs', () => {
    assert.deepEqual(setterAssignments(['export', 'EDITOR=vim', 'X'].map(literal)).map((a) => [a.name, (a.value as { value: string }).value]), [['EDITOR', 'vim']]);
    assert.deepEqual(setterAssignments(['make', 'EDITOR=vim'].map(literal)), []);
  });
  it('hands the value on as a payload in front of a command, through env, and in export', () => {
    assert.deepEqual(payloadTexts("GIT_PAGER='sudo reboot #' git log -1"), ['sudo reboot #']);
    assert.deepEqual(payloadTexts("env GIT_EDITOR='rm -rf ~ #' git commit"), ['rm -rf ~ #']);
    assert.deepEqual(payloadTexts("export MANPAGER='less -R'"), ['less -R']);
    assert.deepEqual(payloadTexts('CI=1 NODE_ENV=test npm test'), []);
  });
});
