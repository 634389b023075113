import type { RequestHandler } from 'express';
import { invalidTextIssues } from '../tools/_kit/validation.js';

/**
 * A NUL character or a lone surrogate in a query or form parameter is a malformed
 * request (PostgreSQL refuses it, which would surface as a 500): handed to the router's error handler
 * as a 400, which answers `invalid_request` (or the error page on /authorize).
 */
export const refuseNul: RequestHandler = (req, _res, next) => {
  const found = invalidTextIssues(req.query).length > 0 || invalidTextIssues(req.body).length > 0;
  next(found ? Object.assign(new Error('a parameter contains a NUL character or a lone surrogate'), { status: 400 }) : undefined);
};
