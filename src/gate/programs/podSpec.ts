/**
 * A Kubernetes pod given inline (`kubectl run … --overrides='{JSON}'`): the command its container
 * runs and what of its node the pod is handed — `securityContext.privileged` (the node's devices),
 * `hostPID` (its processes) and `hostPath` volumes mounted into the container (its folders). Read
 * by the path resolver (`containerRun`) so that the command is judged where its paths land on the
 * node (D§5, docs/decisions.md "Folders and devices attached earlier on the line").
 */
import { loadAll } from 'js-yaml';
import type { BindSpec } from './containerBinds';

/** What a pod's container runs, and what of the node it is handed. */
export interface PodRun {
  /** `command` then `args` (with no `command`, the image's entrypoint is taken to be none: `args` run as the command). */
  readonly argv: readonly string[];
  readonly binds: readonly BindSpec[];
  readonly privileged: boolean;
  readonly hostPid: boolean;
}

/** Longest JSON text read (an argv word is already bounded by the resolver). */
const MAX_SPEC = 64 * 1024;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function object(value: Json | undefined): { [key: string]: Json } | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

function strings(value: Json | undefined): string[] | null {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : null;
}

/**
 * The first container of the pod that names a command (or arguments), with what the pod hands it;
 * null when the text is no JSON pod or no container names one. A read-only `volumeMount` is left
 * out, as a read-only bind is.
 */
export function podRun(text: string): PodRun | null {
  if (text.length > MAX_SPEC) return null;
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    return null;
  }
  const pod = object(parsed);
  const spec = object(pod?.spec) ?? pod;
  if (spec === null || !Array.isArray(spec.containers)) return null;
  const hostFolders = new Map<string, string>();
  if (Array.isArray(spec.volumes)) {
    for (const volume of spec.volumes) {
      const fields = object(volume);
      const path = object(fields?.hostPath)?.path;
      if (typeof fields?.name === 'string' && typeof path === 'string') hostFolders.set(fields.name, path);
    }
  }
  for (const item of spec.containers) {
    const container = object(item);
    if (container === null) continue;
    const argv = [...(strings(container.command) ?? []), ...(strings(container.args) ?? [])];
    if (argv.length === 0) continue;
    const binds: BindSpec[] = [];
    if (Array.isArray(container.volumeMounts)) {
      for (const entry of container.volumeMounts) {
        const mount = object(entry);
        const host = typeof mount?.name === 'string' ? hostFolders.get(mount.name) : undefined;
        if (host === undefined || typeof mount?.mountPath !== 'string' || mount.readOnly === true) continue;
        binds.push({ host, inside: mount.mountPath });
      }
    }
    const privileged = object(container.securityContext)?.privileged === true;
    return { argv, binds, privileged, hostPid: spec.hostPID === true };
  }
  return null;
}

/** Most nodes of one manifest document read (a YAML alias may repeat a subtree many times). */
const MAX_NODES = 20_000;

/** The pod of a manifest document: a Pod itself, or the pod template of a workload (Deployment, DaemonSet, Job, CronJob …). */
function podOfDocument(document: Json): Json | null {
  const doc = object(document);
  if (doc === null) return null;
  const spec = object(doc.spec);
  if (spec === null) return null;
  if (Array.isArray(spec.containers)) return doc;
  const template = object(spec.template) ?? object(object(object(spec.jobTemplate)?.spec)?.template);
  return template !== null && Array.isArray(object(template.spec)?.containers) ? template : null;
}

/** The document as JSON text, or null when it has more than {@link MAX_NODES} nodes. */
function boundedJson(value: Json): string | null {
  let nodes = 0;
  try {
    return JSON.stringify(value, (_key, item: unknown) => {
      if (++nodes > MAX_NODES) throw new RangeError('too many nodes');
      return item;
    });
  } catch {
    return null;
  }
}

/**
 * The pods a manifest text declares, each as the JSON pod `kubectl run --overrides` takes: the text
 * itself when it is JSON, else each YAML document that is a pod or a workload with a pod template
 * (`kubectl apply -f - <<'EOF' … EOF`). Empty when the text is neither, or too large.
 */
export function podsInManifest(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_SPEC) return [];
  let documents: unknown[];
  if (trimmed.startsWith('{')) {
    try {
      documents = [JSON.parse(trimmed)];
    } catch {
      return [];
    }
  } else {
    try {
      documents = loadAll(trimmed);
    } catch {
      return [];
    }
  }
  const out: string[] = [];
  for (const document of documents) {
    const pod = podOfDocument(document as Json);
    const json = pod === null ? null : boundedJson(pod);
    if (json !== null) out.push(json);
  }
  return out;
}
