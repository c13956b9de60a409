import './zodJitless';
import { CardApp } from './cardApp';

/**
 * Entry of the card webview bundle (`dist/webview.js`). Loaded by `cardPage.ts`'s page with a
 * nonce; no inline script anywhere. `acquireVsCodeApi` is VS Code's webview bridge (a stub in
 * the Chromium test).
 */

declare function acquireVsCodeApi(): { postMessage(message: unknown): void };

const bridge = acquireVsCodeApi();
const root = document.getElementById('app');
if (root) {
  const app = new CardApp(root, (message) => bridge.postMessage(message), (line) => console.warn(line));
  window.addEventListener('message', (event: MessageEvent<unknown>) => app.receive(event.data));
  app.start();
}
