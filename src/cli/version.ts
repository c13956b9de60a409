import { version } from '../../package.json';

/**
 * The gate's version, from package.json (esbuild inlines this one field, not the manifest):
 * what `approvals-gate --version` prints and the CLI's debug dump names.
 */
export const GATE_VERSION: string = version;
