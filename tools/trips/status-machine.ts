import type { TripStatus } from './trip-store.js';

// The trip lifecycle. booked → planning is allowed because plans fall through
// (a booking is cancelled and the group starts over); completed and cancelled are final.

export const STATUS_MOVES: Readonly<Record<TripStatus, readonly TripStatus[]>> = {
  planning: ['booked', 'cancelled'],
  booked: ['in_progress', 'planning', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function allowedMoves(from: TripStatus): readonly TripStatus[] {
  return STATUS_MOVES[from];
}

export function canMove(from: TripStatus, to: TripStatus): boolean {
  return STATUS_MOVES[from].includes(to);
}

/** The machine in words, for tool descriptions (OpenAPI and MCP). */
export const STATUS_MACHINE_TEXT =
  'Status machine: planning → booked → in_progress → completed; booked → planning (plans fell through); ' +
  'cancelled is reachable from planning, booked and in_progress; completed and cancelled are final. ' +
  'A move not listed (including to the current status) is 409 CONFLICT with details.allowed listing the legal next statuses.';
