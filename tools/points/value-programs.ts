import { PROGRAMS } from './data/programs.js';
import { programMatcher } from './value-program-match.js';

// The programme dataset behind a loose lookup, built once.

/** The programme a caller means by a slug or name, or undefined when unknown or ambiguous. */
export const findProgram = programMatcher(PROGRAMS.items);
