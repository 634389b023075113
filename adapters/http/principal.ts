import { ANONYMOUS } from '../../tools/_kit/principal.js';
import type { PrincipalResolver } from '../identity/resolve-principal.js';

export type { PrincipalResolver } from '../identity/resolve-principal.js';

/** For tests of adapters that do not care who calls. */
export const anonymousOnly: PrincipalResolver = async () => ANONYMOUS;
