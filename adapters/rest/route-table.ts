import FindMyWay, { type HTTPMethod } from 'find-my-way';

/** The one method the table of paths is kept under (any would do). */
const PATHS_METHOD: HTTPMethod = 'GET';
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
  // Every path once, under one method, with the methods it allows: consulted only when no
  // route for the request's method matched, so no pattern it finds allows that method (but
  // see below). Registering each path under every method it does not allow instead (33
  // trees) cost ~330 ms of CPU per app, in every test server.
  const paths = FindMyWay(options);
  const methodsByPath = new Map<string, Set<string>>();
  for (const { method, path, route } of routes) {
    const pattern = path.replace(/\{([^}]+)\}/g, ':$1');
    const stored: Stored<T> = { kind: 'route', route };
    // Express answers HEAD with the GET route (node drops the body).
    table.on((method === 'GET' ? ['GET', 'HEAD'] : [method]) as HTTPMethod[], pattern, unused, stored);
    methodsByPath.set(pattern, (methodsByPath.get(pattern) ?? new Set<string>()).add(method));
  }
  const allowedBy = new Map<Stored<T>, readonly string[]>();
  for (const [pattern, methods] of methodsByPath) {
    const allowed = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])];
    const stored: Stored<T> = { kind: 'wrong-method', allow: allowed.join(', ') };
    allowedBy.set(stored, allowed);
    paths.on(PATHS_METHOD, pattern, unused, stored);
  }

  const usable = <R extends { params: Params }>(found: R | null) => (found && !hasEmptyParam(found.params) ? found : null);
  const find = (method: string, path: string) => {
    const route = usable(table.find(method as HTTPMethod, path));
    if (route) return route;
    const other = usable(paths.find(PATHS_METHOD, path));
    // A path whose best pattern allows this method only missed the table on an empty parameter: no route.
    return other && !allowedBy.get(other.store as Stored<T>)!.includes(method) ? other : null;
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
