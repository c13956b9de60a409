import * as assert from 'node:assert/strict';
import type { Word } from '../../../src/gate/reading/resolution';
import { configurationWritesAtWorst } from '../../../src/gate/programs/configVerbs';

const paths = (line: string, privileged = false): Array<string | null> =>
  configurationWritesAtWorst(line.split(' ').map((value): Word => ({ kind: 'literal', value, raw: value })), privileged).map((target) => target.path);

describe('configuration verbs of a program the gate cannot place (programs/configVerbs.ts)', () => {
  it('takes writing verbs of its own configuration as writes outside the workspace', () => {
    assert.deepEqual(paths('zork config set color never'), ['~/.config/zork']);
    assert.deepEqual(paths('zork config color never'), ['~/.config/zork']);
    assert.deepEqual(paths('zork context create prod'), ['~/.config/zork']);
    assert.deepEqual(paths('zork repo add main https://charts.example.org'), ['~/.config/zork']);
    assert.deepEqual(paths('zork -c root create-config /'), ['~/.config/zork']);
    assert.deepEqual(paths('zork export kubeconfig --name dev'), ['~/.kube']);
  });

  it('takes shell integration, hooks, installs and privileged service verbs as writes outside', () => {
    assert.deepEqual(paths('zork init zsh'), ['~/.bashrc', '~/.zshrc']);
    assert.deepEqual(paths('zork setup'), ['~/.bashrc', '~/.zshrc']);
    assert.deepEqual(paths('zork install --hook-type pre-push'), ['.git/hooks']);
    assert.deepEqual(paths('zork install'), ['~/.local']);
    assert.deepEqual(paths('zork tool install ruff'), ['~/.local']);
    assert.deepEqual(paths('zork enable sshd', true), ['/etc']);
  });

  it('takes --install, --global and --system as writes beyond the project (docs/decisions.md "Options that say a tool acts beyond the project")', () => {
    assert.deepEqual(paths('zork --install'), ['.git/hooks', '.git/config', '~/.local']);
    assert.deepEqual(paths('zork config-git --enable --global'), ['~/.config/zork', '~/.gitconfig']);
    assert.deepEqual(paths('zork set-policy --system --keep 5'), ['/etc']);
    assert.deepEqual(paths('zork policy show --global'), []);
    assert.deepEqual(paths('zork policy list --system'), []);
  });

  it('leaves reading verbs, choosing a context, printed shell code and unprivileged add-ons alone', () => {
    for (const line of ['zork config get color', 'zork config --list', 'zork context list', 'zork context use prod', 'zork repo list', 'zork init', 'zork completion zsh', 'zork enable dns', 'zork config --local color never', 'zork build', 'zork run install']) {
      assert.deepEqual(paths(line), [], line);
    }
  });
});
