import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Express } from 'express';

/** What node's server needs to build requests and responses that are express's from the start. */
export type ExpressHttpClasses = Required<Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>>;

/**
 * Node's request and response classes with express's API already on their prototype
 * chain. express gives each request its API with `Object.setPrototypeOf(req,
 * app.request)` (and the same for the response). Changing a live object's prototype
 * sends V8 down its slow paths for that object: a new map, property stores that copy
 * descriptors, lookups that miss the inline caches (the REST bench's CPU per call
 * halved without it). Built by these subclasses, a request inherits express's API from
 * birth; `app.request` and `app.response` are pointed at the subclasses' prototypes, so
 * express's own `setPrototypeOf` (for the routes the app itself serves) finds nothing
 * to change, and a request built elsewhere (a test's plain server) still gets the API.
 * (Subclasses, not a bare function with `app.request` as its prototype: V8 sizes a
 * derived class's objects from the whole constructor chain, a bare function's from its
 * own body, which left node's ~30 fields out of the object and cost more than it saved.)
 */
export function expressHttpClasses(app: Express): ExpressHttpClasses {
  class ExpressRequest extends IncomingMessage {}
  class ExpressResponse extends ServerResponse {}
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.request = ExpressRequest.prototype as typeof app.request;
  app.response = ExpressResponse.prototype as typeof app.response;
  // node's option is typed generic over the request class; ours serves node's own requests.
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse as ExpressHttpClasses['ServerResponse'] };
}
