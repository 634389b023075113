import { ToolError } from '../_kit/errors.js';
import { DEFAULT_PLAYBOOK, playbookProblems, type FieldNames } from './playbook-schemas.js';
import type { PlaybookData } from './playbook-store.js';

// Merge semantics shared by REST PATCH /api/user/playbook and MCP update_playbook:
// a field given replaces that field (a list given replaces the whole list), a field
// left out keeps its saved value, and the result is checked as a whole.

export type PlaybookChange = Partial<PlaybookData>;

/** A REST body's snake_case fields as a change (a field the body leaves out stays out). */
export interface SnakeBody {
  home_airports?: string[]; preferred_airlines?: string[]; avoided_airlines?: string[]; cabin?: PlaybookData['cabin'];
  programs?: PlaybookData['programs']; min_cpp?: number; self_connect_risk?: PlaybookData['selfConnectRisk'];
}

export const changeFromBody = (b: SnakeBody): PlaybookChange => ({
  homeAirports: b.home_airports, preferredAirlines: b.preferred_airlines, avoidedAirlines: b.avoided_airlines, cabin: b.cabin,
  programs: b.programs, minCpp: b.min_cpp, selfConnectRisk: b.self_connect_risk,
});

/** The change applied to `saved` (or to the default when nothing is saved yet); 422 when the result is inconsistent. */
export function mergePlaybook(saved: PlaybookData | null, change: PlaybookChange, names: FieldNames, prefix: string[]): PlaybookData {
  const base = saved ?? DEFAULT_PLAYBOOK;
  const merged: PlaybookData = {
    homeAirports: change.homeAirports ?? base.homeAirports,
    preferredAirlines: change.preferredAirlines ?? base.preferredAirlines,
    avoidedAirlines: change.avoidedAirlines ?? base.avoidedAirlines,
    cabin: change.cabin ?? base.cabin,
    programs: change.programs ?? base.programs,
    minCpp: change.minCpp ?? base.minCpp,
    selfConnectRisk: change.selfConnectRisk ?? base.selfConnectRisk,
  };
  const issues = playbookProblems(merged, names, prefix);
  if (issues.length > 0) throw new ToolError('VALIDATION_FAILED', 'The updated playbook would be inconsistent', { issues });
  return merged;
}
