import * as z from 'zod';

/**
 * Imported first by the webview entry, before any schema exists: zod probes `new Function` to
 * decide whether to compile its parsers, and under the card's CSP (no eval) that probe is
 * reported as a violation. The card parses small messages; the interpreter is plenty.
 */
z.config({ jitless: true });
