import type { Hono } from 'hono';
import { problem } from './problems.js';

/**
 * Answer every method a router does not serve on one of its paths with 405 and an `Allow`
 * header naming the methods it does serve there, read from the router's own routes (HEAD
 * goes with GET, as Hono answers HEAD with the GET route). Call it after the last route.
 *
 * @example
 * api.post('/games', issue);
 * refuseOtherMethods(api); // GET /games: 405, Allow: POST
 */
export function refuseOtherMethods(router: Hono): void {
  const served = new Map<string, Set<string>>();
  for (const route of router.routes) {
    if (route.method === 'ALL') continue; // middleware for every method
    const methods = served.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
    served.set(route.path, methods);
  }
  for (const [path, methods] of served) {
    const allow = [...methods].sort().join(', ');
    router.all(path, (c) => {
      c.header('allow', allow);
      return problem(
        c,
        405,
        'ERR_METHOD_NOT_ALLOWED',
        `${c.req.path} answers ${allow}, not ${c.req.method}`,
      );
    });
  }
}
