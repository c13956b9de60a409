/**
 * The HTML page of the card webview. Pure string building (the extension calls it; the Chromium
 * test serves the same page), so the Content Security Policy that ships is the one under test:
 *
 *   default-src 'none'; script-src 'nonce-…'; style-src <cspSource> 'nonce-…'; font-src <cspSource>
 *
 * Nothing inline: one script file (the `webview-ui/` bundle, `dist/webview.js`) and one stylesheet
 * (`media/card.css`), both from the extension's own folder. Host-side (it builds HTML from text,
 * which `webview-ui/` never does), pure and DOM-free.
 */

export interface CardPageParts {
  /** `webview.cspSource`. */
  cspSource: string;
  /** `webview.asWebviewUri(dist/webview.js)`, as a string. */
  scriptUri: string;
  /** `webview.asWebviewUri(media/card.css)`, as a string. */
  styleUri: string;
  /** Fresh per page: at least 128 bits, base64 or hex. */
  nonce: string;
}

export function cardPageHtml(parts: CardPageParts): string {
  if (!/^[A-Za-z0-9+/=_-]{22,}$/.test(parts.nonce)) throw new Error('The card page needs a nonce of at least 128 bits (base64 or hex).');
  const nonce = attribute(parts.nonce);
  const source = parts.cspSource.replace(/[;'"\s<>]/g, '');
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${source} 'nonce-${nonce}'; font-src ${source}; img-src 'none'; base-uri 'none'; form-action 'none'`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${attribute(csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<link rel="stylesheet" nonce="${nonce}" href="${attribute(parts.styleUri)}">`,
    '<title>Approvals Gate</title>',
    '</head>',
    '<body>',
    '<div id="app" class="app"></div>',
    `<script nonce="${nonce}" src="${attribute(parts.scriptUri)}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
