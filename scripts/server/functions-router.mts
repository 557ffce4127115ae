// Finds the function for a request by `config.path` (URLPattern) and `config.method`.
import type { FunctionRoute, LoadedFunction } from './function-types.mts';

export type RouteMatch =
  | { kind: 'function'; fn: LoadedFunction; params: Record<string, string> }
  /** Some function owns the path, none the method; `allow` lists what would have worked. */
  | { kind: 'method-not-allowed'; allow: string[] }
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

export function matchFunction(routes: readonly FunctionRoute[], method: string, pathname: string): RouteMatch {
  const allow = new Set<string>();
  for (const route of routes) {
    const result = route.pattern.exec({ pathname });
    if (!result) continue;
    if (route.fn.excluded.some((pattern) => pattern.test({ pathname }))) continue;
    if (acceptsMethod(route.fn, method)) {
      return { kind: 'function', fn: route.fn, params: paramsOf(result.pathname.groups) };
    }
    for (const allowed of route.fn.methods ?? []) allow.add(allowed);
  }
  if (allow.size === 0) return { kind: 'none' };
  if (allow.has('GET')) allow.add('HEAD');
  return { kind: 'method-not-allowed', allow: [...allow] };
}
