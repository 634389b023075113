import { METHODS as NODE_METHODS } from 'node:http';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

/** The methods express's router.all answered (Node's list; find-my-way knows them all). */
const METHODS = NODE_METHODS as HTTPMethod[];
/** A percent sign not starting an escape. */
const BAD_ESCAPE = /%(?![0-9a-fA-F]{2})/g;
const unused = () => {};

export type Params = Record<string, string | undefined>;
export type Lookup<T> =
  | { kind: 'route'; route: T; params: Params }
  | { kind: 'wrong-method'; allow: string }
  /** The path would match but a parameter is not valid percent-encoding: express answered 400. */
  | { kind: 'malformed' }
  | { kind: 'none' };

type Stored<T> = { kind: 'route'; route: T } | { kind: 'wrong-method'; allow: string };

/**
 * Method + path → route in one radix-tree lookup (find-my-way: fastify's router, well
 * kept; static segments win over parameters whatever the registration order), instead
 * of express trying ~200 regular expressions in turn. Matching follows express's
 * defaults: case-insensitive, a trailing slash ignored, parameters decoded and never
 * empty. A known path with another method yields its Allow list (GET implies HEAD).
 * Paths use {name} for parameters.
 */
export function compileRoutes<T>(routes: readonly { method: string; path: string; route: T }[]): (method: string, url: string) => Lookup<T> {
  // Express puts no limit on a parameter's length (find-my-way's default is 100).
  const options = { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 16_384 };
  const table = FindMyWay(options);
  // Consulted only when no route has the method: a static path for other methods must not hide a
  // parameter route for this one (GET /api/hotels/search is GET /api/hotels/{id}, not a 405).
  const paths = FindMyWay(options);
  const methodsByPath = new Map<string, Set<string>>();
  for (const { method, path, route } of routes) {
    const pattern = path.replace(/\{([^}]+)\}/g, ':$1');
    const stored: Stored<T> = { kind: 'route', route };
    // Express answers HEAD with the GET route (node drops the body).
    table.on((method === 'GET' ? ['GET', 'HEAD'] : [method]) as HTTPMethod[], pattern, unused, stored);
    methodsByPath.set(pattern, (methodsByPath.get(pattern) ?? new Set<string>()).add(method));
  }
  for (const [pattern, methods] of methodsByPath) {
    const allowed = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])];
    const stored: Stored<T> = { kind: 'wrong-method', allow: allowed.join(', ') };
    paths.on(METHODS.filter((m) => !allowed.includes(m)), pattern, unused, stored);
  }

  const find = (method: string, path: string) => {
    const found = table.find(method as HTTPMethod, path) ?? paths.find(method as HTTPMethod, path);
    return found && !hasEmptyParam(found.params) ? found : null;
  };
  return (method, url) => {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const found = find(method, path);
    if (found) {
      const stored = found.store as Stored<T>;
      return stored.kind === 'route' ? { kind: 'route', route: stored.route, params: found.params } : stored;
    }
    // find-my-way misses a path whose parameter cannot be decoded; express matched it and answered 400.
    if (path.includes('%') && find(method, path.replace(BAD_ESCAPE, '%25'))) return { kind: 'malformed' };
    return { kind: 'none' };
  };
}

function hasEmptyParam(params: Params): boolean {
  for (const k in params) if (params[k] === '') return true;
  return false;
}
