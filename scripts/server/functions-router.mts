// Finds the function for a request by `config.path` (URLPattern) and `config.method`.
import type { FunctionRoute, LoadedFunction } from './function-types.mts';

export type RouteMatch =
  | { kind: 'function'; fn: LoadedFunction; params: Record<string, string> }
  /**
   * No function takes this method on this path (even if one takes another method there): as on
   * Netlify, where such a request never reaches a function and gets the site's 404.
   */
  | { kind: 'none' };

function acceptsMethod(fn: LoadedFunction, method: string): boolean {
  if (fn.methods === null) return true;
  // HEAD is a GET without a body; HTTP requires a GET resource to answer it.
  return fn.methods.includes(method) || (method === 'HEAD' && fn.methods.includes('GET'));
}

function paramsOf(groups: Record<string, string | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(groups)) if (value !== undefined) params[key] = value;
  return params;
}

const prefixes = new WeakMap<readonly FunctionRoute[], string[]>();

/**
 * The literal start every path a route matches must have: its path up to the last `/` before
 * the first pattern character (that `/` may belong to an optional part, as in `/a/:id?`).
 * Checking it first spares an URLPattern exec per route, most of a match's cost.
 */
function literalPrefix(path: string): string {
  const special = path.search(/[^A-Za-z0-9/_.~-]/);
  return special < 0 ? path : path.slice(0, path.lastIndexOf('/', special - 1));
}

function prefixesOf(routes: readonly FunctionRoute[]): string[] {
  let list = prefixes.get(routes);
  if (!list) {
    list = routes.map((route) => literalPrefix(route.path));
    prefixes.set(routes, list);
  }
  return list;
}

export function matchFunction(routes: readonly FunctionRoute[], method: string, pathname: string): RouteMatch {
  const starts = prefixesOf(routes);
  for (const [index, route] of routes.entries()) {
    if (!pathname.startsWith(starts[index]!)) continue;
    const result = route.pattern.exec({ pathname });
    if (!result) continue;
    if (route.fn.excluded.some((pattern) => pattern.test({ pathname }))) continue;
    if (acceptsMethod(route.fn, method)) {
      return { kind: 'function', fn: route.fn, params: paramsOf(result.pathname.groups) };
    }
  }
  return { kind: 'none' };
}
