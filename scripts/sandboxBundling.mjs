// How a CommonJS bundle must include `@anthropic-ai/sandbox-runtime` (the OS sandbox,
// src/gate/containment/): shared by esbuild.mjs (the shipped bundles) and scripts/e2e/buildInHost.mjs
// (the in-host test bundles), which both bundle code that imports it.
/**
 * `@anthropic-ai/sandbox-runtime` (the OS sandbox, src/gate/containment/) is an ES module that
 * finds its seccomp helper from `import.meta.url`: `<bundle folder>/vendor/seccomp/<arch>/`
 * first. The CommonJS bundles that include it get `import.meta.url` as the bundle's own URL, and
 * the helper binaries are copied to `dist/vendor/seccomp/` (`shipSandboxVendor`), so the CLI and
 * the extension find them wherever `dist/` is installed. The JVM proxy agent is not shipped:
 * without it Java tools get the proxy from the environment variables only.
 */
export const sandboxRuntime = {
  define: { 'import.meta.url': '__gateBundleUrl' },
  banner: "var __gateBundleUrl = require('node:url').pathToFileURL(__filename).href;",
};
