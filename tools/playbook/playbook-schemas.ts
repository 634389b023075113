import { z } from 'zod';
import type { ValidationIssue } from '../_kit/errors.js';
import { airlineCode, cabinClass, placeCode } from '../flights/search-input.js';
import { PROGRAMS } from '../points/data/programs.js';
import { SELF_CONNECT_RISKS, type PlaybookData, type StoredPlaybook } from './playbook-store.js';

// The playbook's fields, their checks, and the one view every surface answers
// with. REST speaks snake_case; the MCP tools map the same view to camelCase.

const PROGRAM_IDS = PROGRAMS.items.map((p) => p.id);
const programIds = new Set(PROGRAM_IDS);

/** What GET answers for someone who never saved a playbook, and what PUT fills omitted fields with. */
export const DEFAULT_PLAYBOOK: Readonly<PlaybookData> = Object.freeze({
  homeAirports: [],
  preferredAirlines: [],
  avoidedAirlines: [],
  cabin: 'economy',
  programs: [],
  // Below about a cent a point, cash is usually the better deal for most currencies.
  minCpp: 1.0,
  // Separate tickets leave a missed connection unprotected: nobody opts into that by default.
  selfConnectRisk: 'avoid',
});

export const MAX_AIRPORTS = 10;
export const MAX_AIRLINES = 30;
export const MAX_BALANCE = 100_000_000;

export const programId = z.string().refine((id) => programIds.has(id), { message: `Unknown programme; valid programmes: ${PROGRAM_IDS.join(', ')}` });

export const ProgramBalanceSchema = z.object({
  program: programId.describe('Programme slug, e.g. "amex_mr"; the points programmes list names every one.'),
  balance: z.number().int().min(0).max(MAX_BALANCE).describe('Points or miles held (whole number, >= 0).'),
}).strict();

export const airportList = z.array(placeCode).max(MAX_AIRPORTS);
export const airlineList = z.array(airlineCode).max(MAX_AIRLINES);
export const programList = z.array(ProgramBalanceSchema).max(PROGRAM_IDS.length);
export const minCpp = z.number().min(0).max(10);
export const selfConnectRisk = z.enum(SELF_CONNECT_RISKS);
export { airlineCode, cabinClass };

/** The names a surface uses for the fields that cross-field problems are reported against. */
export interface FieldNames {
  homeAirports: string;
  preferredAirlines: string;
  avoidedAirlines: string;
  programs: string;
}

export const SNAKE_NAMES: FieldNames = { homeAirports: 'home_airports', preferredAirlines: 'preferred_airlines', avoidedAirlines: 'avoided_airlines', programs: 'programs' };

function duplicates(list: readonly string[]): number[] {
  const seen = new Set<string>();
  return list.flatMap((v, i) => (seen.has(v) ? [i] : (seen.add(v), [])));
}

/** Checks that span fields: no repeats, and no airline both preferred and avoided. */
export function playbookProblems(p: Pick<PlaybookData, 'homeAirports' | 'preferredAirlines' | 'avoidedAirlines' | 'programs'>, names: FieldNames, prefix: string[] = ['body']): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const repeat = (field: string, list: readonly string[]) => {
    for (const i of duplicates(list)) issues.push({ loc: [...prefix, field, i], msg: `"${list[i]}" is listed twice`, type: 'value_error' });
  };
  repeat(names.homeAirports, p.homeAirports);
  repeat(names.preferredAirlines, p.preferredAirlines);
  repeat(names.avoidedAirlines, p.avoidedAirlines);
  for (const i of duplicates(p.programs.map((x) => x.program))) {
    issues.push({ loc: [...prefix, names.programs, i, 'program'], msg: `Programme "${p.programs[i]?.program}" is listed twice; give one balance per programme`, type: 'value_error' });
  }
  const preferred = new Set(p.preferredAirlines);
  p.avoidedAirlines.forEach((code, i) => {
    if (preferred.has(code)) issues.push({ loc: [...prefix, names.avoidedAirlines, i], msg: `${code} is both preferred and avoided; keep it in one list`, type: 'value_error' });
  });
  return issues;
}

export const PlaybookView = z.object({
  user_id: z.string().nullable().describe('Whose playbook this is; null for the default shown to an anonymous caller.'),
  home_airports: z.array(z.string()).describe('IATA airport or city codes the user usually flies from.'),
  preferred_airlines: z.array(z.string()).describe('IATA airline codes the user prefers.'),
  avoided_airlines: z.array(z.string()).describe('IATA airline codes the user avoids: flight search hides them unless the request names its own.'),
  cabin: cabinClass.describe('Cabin flight search uses when the request names none.'),
  programs: z.array(z.object({ program: z.string(), balance: z.number().int() })).describe('Programmes held and their balances: the points router and transfer-bonus check use them when the request gives none.'),
  min_cpp: z.number().describe('Least value per point, in US cents, the user accepts: the points router sets aside paths worth less.'),
  self_connect_risk: selfConnectRisk.describe('avoid: no self-connect itineraries unless asked; cautious: 120 min margin; comfortable: the usual 60 min.'),
  is_default: z.boolean().describe('True when nothing is saved yet and this is the conservative default.'),
  updated_at: z.string().nullable().describe('When it was last saved (ISO 8601); null for the default.'),
});
export type PlaybookViewOut = z.input<typeof PlaybookView>;

export function playbookView(userId: string | null, stored: StoredPlaybook | null): PlaybookViewOut {
  const p: PlaybookData = stored ?? DEFAULT_PLAYBOOK;
  return {
    user_id: userId,
    home_airports: [...p.homeAirports],
    preferred_airlines: [...p.preferredAirlines],
    avoided_airlines: [...p.avoidedAirlines],
    cabin: p.cabin,
    programs: p.programs.map((x) => ({ program: x.program, balance: x.balance })),
    min_cpp: p.minCpp,
    self_connect_risk: p.selfConnectRisk,
    is_default: stored === null,
    updated_at: stored ? stored.updatedAt.toISOString() : null,
  };
}
