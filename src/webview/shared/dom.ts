// DOM helpers that only ever create text nodes from strings: HTML from the server goes through
// sanitize.ts and nowhere else.

type Attributes = Record<string, string | number | boolean | undefined>;

/** Creates an element with attributes and children; strings become text nodes, never HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attributes = {}, ...children: (Node | string | undefined | null)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === undefined || child === null) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

export function clear(node: Element): void {
  node.replaceChildren();
}

/** The element with this id, or a clear error naming it (a missing id is a page bug). */
export function byId<T extends HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The page has no element with id "${id}".`);
  return node as T;
}

/** Announces text to screen readers through a polite live region. */
export function announce(region: HTMLElement, text: string): void {
  region.textContent = text;
}

/**
 * Calls `run` once `delayMs` after the last call; `cancel` drops the pending call. `leading`:
 * a call that comes after a quiet `delayMs` (none before it for that long) runs at once, and
 * only the calls that follow it closely wait for the pause.
 */
export function debounce<A extends unknown[]>(run: (...args: A) => void, delayMs: number, { leading = false }: { leading?: boolean } = {}): { (...args: A): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastCall = Number.NEGATIVE_INFINITY;
  const debounced = (...args: A): void => {
    const now = Date.now();
    const quiet = now - lastCall >= delayMs;
    lastCall = now;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (leading && quiet) {
      run(...args);
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      run(...args);
    }, delayMs);
  };
  debounced.cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
