import { z } from 'zod';
import type { PollOption, TripRole, TripStatus } from '../../tools/trips/trip-store.js';
import { oneOf } from './column-schemas.js';

// The trip tables' JSON and free-text enum columns. Shares are stored snake_case
// (`member_id`), as written since the table was created.

export const tripRole = oneOf<TripRole>({ owner: 'owner', editor: 'editor', viewer: 'viewer' });
export const tripStatus = oneOf<TripStatus>({ planning: 'planning', booked: 'booked', in_progress: 'in_progress', completed: 'completed', cancelled: 'cancelled' });

/** The `shares` column: the parts in trip minor units plus the split as asked. A missing value reads as no split. */
export const expenseShares = z
  .object({
    parts: z.array(z.object({ member_id: z.string(), minor: z.number() })).default([]),
    requested: z.record(z.string(), z.unknown()).default({}),
  })
  .nullable()
  .transform((v) => v ?? { parts: [], requested: {} });

export const pollOptions = z
  .array(z.object({ id: z.string(), label: z.string() }))
  .nullable()
  .transform((v): PollOption[] => v ?? []);

/** Budget per category, in trip minor units. */
export const budgetCategories = z
  .record(z.string(), z.number())
  .nullable()
  .transform((v) => v ?? {});
