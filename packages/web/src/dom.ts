/**
 * `document.getElementById` for an element a page's HTML is known to hold, as the kind the
 * caller names: the one place the pages' edges (2048, checkers, daily, race) take that on trust.
 *
 * @example
 * byId<HTMLSelectElement>('setup-rules').value
 */
export const byId = <T extends HTMLElement = HTMLElement>(id: string): T =>
  document.getElementById(id) as T;

/**
 * The element matching `selector` that an event's target is or is inside, as an HTMLElement;
 * null for a target outside one (or no element at all).
 *
 * @example
 * closestTo(event.target, 'button[data-ply]')?.dataset.ply
 */
export const closestTo = (target: EventTarget | null, selector: string): HTMLElement | null => {
  const found = target instanceof Element ? target.closest(selector) : null;
  return found instanceof HTMLElement ? found : null;
};

/**
 * The element under `parent` matching `selector`, which the page built or its HTML holds:
 * checked, and a thrown error (a programmer's) when it is missing.
 *
 * @example
 * inside(board, '.cells').focus()
 */
export function inside(parent: ParentNode, selector: string): HTMLElement {
  const found = parent.querySelector(selector);
  if (!(found instanceof HTMLElement)) throw new Error(`no ${selector} element here`);
  return found;
}
