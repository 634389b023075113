import type { Program } from './data/types.js';

// Callers name programmes however they like: "aeroplan", "Air Canada Aeroplan",
// "united", "Flying Blue", "Amex MR". This resolves such a name to one programme,
// or to none when it is unknown or could mean several (e.g. "Virgin").

/** Lower case, accents and everything but letters and digits removed: "Flying-Blue" → "flyingblue". */
function squash(s: string): string {
  return s.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Words of a name or slug: "world_of_hyatt" → ["world", "of", "hyatt"]. */
function words(s: string): string[] {
  return s.normalize('NFKD').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0);
}

interface Entry {
  program: Program;
  keys: Set<string>;
  words: string[];
}

function entryOf(program: Program): Entry {
  const names = [program.id, program.name, ...(program.seatsAeroSource ? [program.seatsAeroSource] : [])];
  return { program, keys: new Set(names.map(squash)), words: names.flatMap(words) };
}

export type ProgramMatcher = (query: string) => Program | undefined;

/**
 * Exact match first (slug, name or seats.aero source, ignoring case and
 * punctuation); otherwise the single programme of which every word of the query
 * starts one of its words ("chase" → chase_ur, "amex membership rewards" → amex_mr).
 */
export function programMatcher(programs: readonly Program[]): ProgramMatcher {
  const entries = programs.map(entryOf);
  return (query) => {
    const key = squash(query);
    if (key === '') return undefined;
    const exact = entries.filter((e) => e.keys.has(key));
    if (exact.length === 1) return exact[0]?.program;
    const asked = words(query);
    const partial = entries.filter((e) => asked.every((w) => e.words.some((pw) => pw.startsWith(w))));
    return partial.length === 1 ? partial[0]?.program : undefined;
  };
}
