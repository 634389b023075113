import { ToolError } from '../_kit/errors.js';
import { TRANSFER_BONUSES } from './data/bonuses.js';
import { PROGRAMS } from './data/programs.js';
import { TRANSFERS } from './data/transfers.js';
import type { Program, TransferEdge } from './data/types.js';

// The programme and transfer datasets as the catalog routes look them up, and the
// lists of ids each route accepts (named in its 404 or 422).

export const programById: ReadonlyMap<string, Program> = new Map(PROGRAMS.items.map((p) => [p.id, p]));

/** Outgoing transfer edges per programme, one per partner (the most generous when the data list one twice). */
export const edgesFrom: ReadonlyMap<string, readonly TransferEdge[]> = (() => {
  const byPair = new Map<string, TransferEdge>();
  for (const e of TRANSFERS.items) {
    const key = `${e.from}>${e.to}`;
    const held = byPair.get(key);
    if (!programById.has(e.from) || !programById.has(e.to)) continue;
    if (!held || e.ratio > held.ratio) byPair.set(key, e);
  }
  const out = new Map<string, TransferEdge[]>();
  for (const e of byPair.values()) out.set(e.from, [...(out.get(e.from) ?? []), e]);
  return out;
})();

export const incomingCount: ReadonlyMap<string, number> = (() => {
  const counts = new Map<string, number>();
  for (const list of edgesFrom.values()) for (const e of list) counts.set(e.to, (counts.get(e.to) ?? 0) + 1);
  return counts;
})();

const KIND_ORDER = { bank: 0, hotel: 1, airline: 2 } as const;
const byKindThenId = (a: Program, b: Program) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.id < b.id ? -1 : 1);

/** Currencies that transfer out: the bank programmes, then hotel programmes with airline partners. */
export const SOURCE_PROGRAM_IDS: readonly string[] = PROGRAMS.items
  .filter((p) => p.kind === 'bank' || (p.kind === 'hotel' && (edgesFrom.get(p.id)?.length ?? 0) > 0))
  .sort(byKindThenId)
  .map((p) => p.id);

/** Programmes one can transfer into: every airline and hotel programme. */
export const TARGET_PROGRAM_IDS: readonly string[] = PROGRAMS.items
  .filter((p) => p.kind !== 'bank')
  .sort(byKindThenId)
  .map((p) => p.id);

export const DATASETS_AS_OF = { programs: PROGRAMS.asOf, transfers: TRANSFERS.asOf, bonuses: TRANSFER_BONUSES.asOf };

/** Path parameters are matched forgivingly: `Chase-UR` finds `chase_ur`. */
export function normaliseProgramId(raw: string): string {
  return raw.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

export function programName(id: string): string {
  return programById.get(id)?.name ?? id;
}

export function unknownProgram(param: string, given: string, valid: readonly string[], what: string): ToolError {
  return new ToolError('NOT_FOUND', `Unknown ${what} '${given}'`, {
    details: { [param]: given, valid_programs: valid },
    hint: `Use one of the ids in details.valid_programs, e.g. '${valid[0] ?? ''}'.`,
  });
}
