/**
 * `document.getElementById` for an element a page's HTML is known to hold, as the kind the
 * caller names: the one place the pages' edges (2048, checkers, daily, race) take that on trust.
 *
 * @example
 * byId<HTMLSelectElement>('setup-rules').value
 */
export const byId = <T extends HTMLElement = HTMLElement>(id: string): T =>
  document.getElementById(id) as T;
