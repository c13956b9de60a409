/**
 * A pod given on standard input to whatever applies it (D§5, docs/decisions.md "A pod on standard
 * input to any applier"): `echo '{…pod…}' | kapp deploy -f -`, `kubectl apply -f - <<< '{…}'`,
 * `ytt -f - <<< '{…}' | kubectl create -f -`, and YAML (a pod, or a workload's pod template) as well as
 * JSON. Which programs apply manifests is not listed: a
 * program that names `-` as a file (`-f -`, `--filename=-`, `-f=-`) reads its input as one, and a
 * pod that hands its container host folders, the host's devices or its processes runs where those
 * land. The pod is handed back as the inline pod `kubectl run --overrides=JSON` takes, so the one
 * reading of pods (programs/podSpec.ts, through the path resolver) judges its command.
 */
import { bashSingleQuote } from '../execution/terminalShellInit';
import { podRun, podsInManifest } from '../programs/podSpec';
import type { Word } from '../reading/resolution';

/** Longest text read as a pod. */
const MAX_POD = 64 * 1024;

/** `-f -`, `-f=-`, `--file -`, `--filename=-`: the program reads a file from its standard input. */
function readsFileFromInput(argv: readonly Word[]): boolean {
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.kind !== 'literal') continue;
    const text = word.value;
    if (/^--?[A-Za-z][\w-]*=-$/.test(text)) return true;
    if (text === '-' && /^--?[A-Za-z][\w-]*$/.test(argv[k - 1]?.kind === 'literal' ? (argv[k - 1] as { value: string }).value : '')) return true;
  }
  return false;
}

/**
 * The texts flowing into `argv` that are pods handing their container something of the host,
 * each written as the `kubectl run` line that runs it; empty when the program reads no file from
 * its input or no text is such a pod.
 */
export function podsOnInput(argv: readonly Word[], texts: readonly string[]): string[] {
  if (!readsFileFromInput(argv)) return [];
  const out: string[] = [];
  for (const text of texts) {
    if (text.length > MAX_POD) continue;
    for (const json of podsInManifest(text)) {
      const pod = podRun(json);
      if (pod === null || (pod.binds.length === 0 && !pod.privileged && !pod.hostPid)) continue;
      out.push(`kubectl run pod --image=image --overrides=${bashSingleQuote(json)}`);
    }
  }
  return out;
}
