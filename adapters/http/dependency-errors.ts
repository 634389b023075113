import { Prisma } from '../../prisma/generated/client.js';
import { ToolError, isToolError, toToolError } from '../../tools/_kit/errors.js';

// A request that failed because PostgreSQL or Redis is down is not our bug and
// not the caller's: it is a 503 with Retry-After, so clients and balancers back
// off and try again, never a 500. Recognised here, at the edge, from the errors
// the drivers really raise (handlers never see Prisma or ioredis types).

/** What clients are told to wait, in seconds. */
export const DEPENDENCY_RETRY_AFTER_S = 5;

/** Prisma's codes for "the database cannot be reached or gave up on us" (P1xxx connection, P2024 pool timeout, P2028 transaction start). */
const PRISMA_UNAVAILABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
/** Driver-adapter error kinds with the same meaning. */
const ADAPTER_UNAVAILABLE = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'TransactionAlreadyClosed']);
/** Socket errors, and PostgreSQL's SQLSTATEs for shutdown, connection failure and too many connections. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006', '53300']);
const DRIVER_MESSAGES = /Connection terminated|Connection is closed|Client has encountered a connection error|Can't reach database server|MaxRetriesPerRequest|Stream isn't writeable|connect ECONNREFUSED/i;

type Which = 'database' | 'cache';

function kindOf(err: unknown): Which | undefined {
  if (err instanceof Prisma.PrismaClientInitializationError) return 'database';
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    if (PRISMA_UNAVAILABLE.has(err.code)) return 'database';
    const cause = (err.meta?.driverAdapterError as { cause?: { kind?: string } } | undefined)?.cause;
    return cause?.kind && ADAPTER_UNAVAILABLE.has(cause.kind) ? 'database' : undefined;
  }
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { name?: unknown; code?: unknown; message?: unknown; cause?: { kind?: unknown } };
  if (e.name === 'MaxRetriesPerRequestError') return 'cache';
  if (typeof e.cause?.kind === 'string' && ADAPTER_UNAVAILABLE.has(e.cause.kind)) return 'database';
  const networkish = (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) || (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message));
  if (!networkish) return undefined;
  return typeof e.message === 'string' && /redis|Stream isn't writeable|Connection is closed|MaxRetries/i.test(e.message) ? 'cache' : 'database';
}

/** Which dependency the error (or anything in its cause chain) says is down, if any. */
export function unavailableDependency(err: unknown): Which | undefined {
  const seen = new Set<unknown>();
  for (let e: unknown = err; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const which = kindOf(e);
    if (which) return which;
  }
  return undefined;
}

/** Anything thrown, as the ToolError the edge answers with: a down dependency becomes UNAVAILABLE. */
export function toServiceError(err: unknown): ToolError {
  const toolErr = toToolError(err);
  if (isToolError(err) && err.code !== 'INTERNAL') return toolErr;
  const which = unavailableDependency(err);
  if (!which) return toolErr;
  return new ToolError('UNAVAILABLE', `The ${which} is unavailable right now`, {
    hint: `Retry in ${DEPENDENCY_RETRY_AFTER_S} seconds.`,
    details: { dependency: which, retry_after_s: DEPENDENCY_RETRY_AFTER_S },
    cause: err,
  });
}
