/**
 * The only way the card builds DOM. Untrusted text only ever becomes a text node; attribute
 * names are fixed by the card's code, and the ones that could load or run something (`on…`,
 * `href`, `src`, `style`, `srcdoc`, `action`, `formaction`) are refused outright, so a future
 * edit cannot route command text into one by accident. There is no `innerHTML` anywhere in
 * `webview-ui/`.
 */

export type Child = Node | string | null | undefined | false;
export type Attributes = Record<string, string | boolean | undefined>;

const FORBIDDEN_ATTRIBUTE = /^(on|href$|src$|srcset$|srcdoc$|style$|action$|formaction$|xlink:)/i;

/** `<tag attrs…>children…</tag>`; strings become text nodes, `false`/`true` attributes are omitted/empty. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (FORBIDDEN_ATTRIBUTE.test(name)) throw new Error(`The card never sets the ${name} attribute.`);
    node.setAttribute(name, value === true ? '' : value);
  }
  append(node, ...children);
  return node;
}

/** Appends children, strings as text nodes. */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}
