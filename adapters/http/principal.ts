import type { IncomingHttpHeaders } from 'node:http';
import { ANONYMOUS, type Principal } from '../../tools/_kit/principal.js';

/**
 * Resolves the caller from request headers. Until the identity issue lands every
 * caller is anonymous, so only tools with auth "none" or "optional" succeed.
 */
export type PrincipalResolver = (headers: IncomingHttpHeaders) => Promise<Principal>;

export const anonymousOnly: PrincipalResolver = async () => ANONYMOUS;
