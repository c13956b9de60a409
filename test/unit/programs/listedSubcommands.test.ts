/**
 * Rows list the real subcommands of their programs (D§4.3): a subcommand a row does not list is
 * read by the hardline floor as a program without a row, its words at their worst (D§5;
 * docs/decisions.md "A subcommand the row does not list is unplaced for the floors"). Everyday
 * subcommands must therefore be listed, and a made-up one must stay unlisted. Subcommands that
 * upload a file, run code or hand words to another program are left unlisted on purpose: some are
 * checked here too.
 */
import { strict as assert } from 'node:assert';

import { programForms } from '../../../src/gate/programs/table';
import { readCommand } from '../../../src/gate/reading/reading';
import type { Word } from '../../../src/gate/reading/resolution';

function argvOf(line: string): Word[] {
  const reading = readCommand(line, { home: '/home/tester', shell: 'bash' });
  assert.ok(reading.resolution.resolved, `the test line ${line} resolves`);
  return reading.resolution.segments[0]!.argv;
}

function unlisted(line: string): string | null {
  return programForms(argvOf(line)).unlisted;
}

/** For each program: everyday command lines whose subcommands its row lists. */
const LISTED: Record<string, readonly string[]> = {
  gh: ['gh pr view 12', 'gh pr list --state open', 'gh pr checks 12', 'gh pr diff 12', 'gh pr create --fill', 'gh pr merge 12 --squash', 'gh issue view 3 --comments', 'gh issue create -t Bug -b Broken', 'gh run list', 'gh run view 123 --log-failed', 'gh run watch', 'gh workflow list', 'gh repo view', 'gh release list', 'gh search repos gate', 'gh status', 'gh label list'],
  glab: ['glab mr list', 'glab mr view 12', 'glab mr diff 12', 'glab issue list', 'glab ci status', 'glab ci trace', 'glab repo view', 'glab release list'],
  kubectl: ['kubectl get pods', 'kubectl scale deploy/web --replicas=2', 'kubectl rollout status deploy/web', 'kubectl rollout restart deploy/web', 'kubectl label pod web app=x', 'kubectl patch deploy web -p {}', 'kubectl auth can-i get pods', 'kubectl set image deploy/web app=nginx:1.27', 'kubectl config set-context --current --namespace=dev', 'kubectl api-versions', 'kubectl uncordon node1'],
  docker: ['docker ps -a', 'docker pause web', 'docker top web', 'docker port web', 'docker history app', 'docker load -i app.tar', 'docker container inspect web', 'docker container logs web', 'docker image inspect alpine', 'docker image pull alpine', 'docker volume inspect data', 'docker network create net1', 'docker system info', 'docker compose ls', 'docker compose watch'],
  podman: ['podman ps', 'podman container list', 'podman image list', 'podman wait web'],
  npm: ['npm test', 'npm run build', 'npm ci', 'npm ls', 'npm diff', 'npm cit', 'npm shrinkwrap'],
  pnpm: ['pnpm install', 'pnpm test', 'pnpm why react'],
  yarn: ['yarn install', 'yarn test', 'yarn why react'],
  cargo: ['cargo build', 'cargo test', 'cargo clippy', 'cargo fmt', 'cargo tree'],
  go: ['go build ./...', 'go test ./...', 'go mod tidy', 'go vet ./...', 'go help modules'],
  pip: ['pip list', 'pip show requests', 'pip freeze'],
  pip3: ['pip3 list', 'pip3 check'],
  uv: ['uv sync', 'uv lock', 'uv tree'],
  poetry: ['poetry install', 'poetry show', 'poetry lock'],
  helm: ['helm list -A', 'helm status web', 'helm create mychart', 'helm env', 'helm dep update ./chart', 'helm plugin ls'],
  terraform: ['terraform plan', 'terraform validate', 'terraform modules', 'terraform metadata functions -json'],
  az: ['az account show', 'az group list', 'az resource list', 'az provider list'],
  gcloud: ['gcloud config list', 'gcloud projects list', 'gcloud version', 'gcloud info', 'gcloud services list', 'gcloud logging read x'],
  aws: ['aws sts get-caller-identity', 'aws s3 ls', 'aws cloudtrail lookup-events', 'aws ce get-cost-and-usage', 'aws ecr-public describe-repositories'],
  systemctl: ['systemctl status nginx', 'systemctl list-units', 'systemctl is-active nginx'],
  apt: ['apt list --installed', 'apt show curl'],
  'apt-get': ['apt-get update', 'apt-get check'],
  dnf: ['dnf list', 'dnf info curl'],
  brew: ['brew list', 'brew info jq', 'brew outdated'],
  snap: ['snap list', 'snap info core', 'snap interfaces', 'snap changes', 'snap tasks 12'],
  flatpak: ['flatpak list', 'flatpak remote-ls flathub', 'flatpak permissions'],
  rustup: ['rustup show', 'rustup toolchain list', 'rustup target list'],
  dotnet: ['dotnet build', 'dotnet test', 'dotnet restore'],
  deno: ['deno test', 'deno check main.ts', 'deno outdated', 'deno add jsr:@std/path'],
  bun: ['bun install', 'bun test', 'bun outdated', 'bun pm ls', 'bun remove zod'],
  conda: ['conda list', 'conda env list', 'conda info'],
  tailscale: ['tailscale status', 'tailscale ip', 'tailscale dns status'],
  rye: ['rye sync', 'rye test', 'rye lint', 'rye fmt --check', 'rye build', 'rye config --show-path'],
  pixi: ['pixi install', 'pixi add numpy', 'pixi list', 'pixi tree', 'pixi info', 'pixi config list', 'pixi global list'],
  k3d: ['k3d cluster list', 'k3d node list', 'k3d version', 'k3d image import app:dev -c dev'],
  kn: ['kn service list', 'kn revision list', 'kn route list'],
  velero: ['velero backup get', 'velero schedule get', 'velero restore get'],
};

/** Programs whose rows place any other word themselves (a project script, a verb read as a change). */
const PLACED_OTHERWISE = new Set(['pnpm', 'yarn', 'systemctl', 'brew']);

/** Subcommands left unlisted on purpose: they upload files, run code or hand words to another program. */
const LEFT_UNLISTED: readonly string[] = [
  'gh repo clone o/r -- -u x', 'gh secret set TOKEN', 'gh alias import aliases.yml', 'gh ssh-key add key.pub', 'gh auth setup-git', 'docker logout',
  'kubectl kustomize .', 'kubectl config set users.u.exec.command x',
  'docker stack deploy -c s.yml s',
  'gcloud builds submit .', 'az bicep build -f m.bicep', 'aws sso get-role-credentials',
];

describe('rows list the real subcommands of their programs', () => {
  for (const [program, lines] of Object.entries(LISTED)) {
    it(`${program}: everyday subcommands are listed, and a made-up one is not`, () => {
      for (const line of lines) assert.equal(unlisted(line), null, line);
      // pnpm and yarn run a script of that name, systemctl and brew read any other verb as a change: placed otherwise.
      if (PLACED_OTHERWISE.has(program)) return;
      assert.notEqual(unlisted(`${program} frobnicate-zz`), null, `${program} frobnicate-zz`);
    });
  }

  it('leaves unlisted the subcommands that upload files, run code or pass words on', () => {
    for (const line of LEFT_UNLISTED) assert.notEqual(unlisted(line), null, line);
  });

  it('reads gh pr create --body-file as an upload of that file', () => {
    const forms = programForms(argvOf('gh pr create -t T -F ~/.ssh/id_rsa')).forms;
    assert.ok(forms.some((form) => form.role === 'network' && form.sends === true), JSON.stringify(forms));
  });

  it('reads a pixi run word with shell syntax as shell text (pixi joins its words into one command line)', () => {
    const forms = programForms(argvOf("pixi run 'rm -rf ~/.ssh && true'")).forms;
    assert.ok(forms.some((form) => form.role === 'executor' && form.payload === 'shell-text' && form.payloadText === 'rm -rf ~/.ssh && true'), JSON.stringify(forms));
    assert.deepEqual(programForms(argvOf('pixi run test')).forms, []);
  });

  it('reads the new rows of Kubernetes tools: k3d cluster delete deletes, k3d kubeconfig get prints a secret', () => {
    assert.ok(programForms(argvOf('k3d cluster delete dev')).forms.some((form) => form.role === 'destructive'));
    assert.ok(programForms(argvOf('k3d kubeconfig get dev')).forms.some((form) => form.role === 'credentials'));
    assert.notEqual(unlisted('kn frobnicate'), null);
  });

  it('reads kubectl edit as starting an editor', () => {
    assert.ok(programForms(argvOf('kubectl edit deploy/web')).forms.some((form) => form.role === 'executor'));
  });
});
