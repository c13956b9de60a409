/**
 * A Kubernetes pod given inline (`kubectl run … --overrides='{JSON}'`): the command its container
 * runs and what of its node the pod is handed — `securityContext.privileged` (the node's devices),
 * `hostPID` (its processes) and `hostPath` volumes mounted into the container (its folders). Read
 * by the path resolver (`containerRun`) so that the command is judged where its paths land on the
 * node (D§5, docs/decisions.md "Folders and devices attached earlier on the line").
 */
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
