import { DEFAULT_REFERENCE_CPP, centsPerPoint, round2, verdictFor, type Verdict } from './value-cpp.js';
import type { ProgramMatcher } from './value-program-match.js';

// Ranks award options for one cash fare by cents per point, each judged against
// its programme's reference value (or a default one for a programme we do not know).

export interface PointsOption {
  program: string;
  pointsRequired: number;
  /** Taxes and fees paid on top of the points, same currency as the cash price. */
  taxes?: number | undefined;
  fees?: number | undefined;
}

export interface RankedOption {
  /** As the caller named it, so answers line up with questions. */
  program: string;
  program_id: string | null;
  program_name: string | null;
  points_required: number;
  /** Taxes plus fees deducted from the cash price. */
  taxes: number;
  cpp: number;
  /** `unrated`: a programme we have no reference value for; its cpp cannot be judged. */
  verdict: Verdict | 'unrated';
  reference_cpp: number;
  reference: 'program' | 'default';
  /** cpp ÷ reference_cpp: 1.5 and above is excellent, 1.0 and above good. */
  value_vs_reference: number;
  note?: string;
}

function notesFor(program: string, known: boolean, cpp: number): { note?: string } {
  const notes = [
    ...(known ? [] : [`Programme "${program}" is not one we know (or matches several), so its points cannot be valued: unrated and ranked after every known programme (cpp shown against a default ${DEFAULT_REFERENCE_CPP.toFixed(1)} only for reference). Use a programme slug from GET /api/points/programs.`]),
    ...(cpp < 0 ? ['The taxes and fees exceed the cash price: paying cash is cheaper.'] : []),
  ];
  return notes.length > 0 ? { note: notes.join(' ') } : {};
}

function rankOne(cashPrice: number, option: PointsOption, find: ProgramMatcher): RankedOption {
  const taxes = round2((option.taxes ?? 0) + (option.fees ?? 0));
  const cpp = centsPerPoint(cashPrice, taxes, option.pointsRequired);
  const known = find(option.program);
  // A programme without a usable reference value is judged like an unknown one.
  const hasReference = known !== undefined && known.referenceCpp > 0;
  const referenceCpp = hasReference ? known.referenceCpp : DEFAULT_REFERENCE_CPP;
  return {
    program: option.program,
    program_id: known?.id ?? null,
    program_name: known?.name ?? null,
    points_required: option.pointsRequired,
    taxes,
    cpp,
    verdict: hasReference ? verdictFor(cpp, referenceCpp) : 'unrated',
    reference_cpp: referenceCpp,
    reference: hasReference ? 'program' : 'default',
    value_vs_reference: round2(cpp / referenceCpp),
    ...notesFor(option.program, known !== undefined, cpp),
  };
}

/**
 * Best value first among programmes we can value; those we cannot (unrated) come after
 * all of them, whatever their cpp: a default reference would make an unknown programme's
 * points look as good as any. Equal places keep the caller's order.
 */
export function rankOptions(cashPrice: number, options: readonly PointsOption[], find: ProgramMatcher): RankedOption[] {
  const unrated = (r: RankedOption) => (r.verdict === 'unrated' ? 1 : 0);
  return options
    .map((o) => rankOne(cashPrice, o, find))
    .sort((a, b) => unrated(a) - unrated(b) || b.cpp - a.cpp); // Array.prototype.sort is stable
}
