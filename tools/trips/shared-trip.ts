import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { TRIP_STATUSES } from './trip-schemas.js';
import { hashShareToken } from './share-links.js';
import { ExpenseTotalsView, expenseTotals, major } from './trip-views.js';

// The public, read-only trip behind a share link. Built field by field from an
// allow-list: display names and roles, the itinerary and spending totals; never
// emails, user or member ids, booking ids, balances or tokens.

const notFound = () => new ToolError('NOT_FOUND', 'Shared trip not found', { hint: 'The link is wrong, expired or was revoked; ask the trip for a new one.' });

export const SharedTripView = z.object({
  name: z.string(),
  destination: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  currency: z.string(),
  status: z.enum(TRIP_STATUSES),
  members: z.array(z.object({ display_name: z.string(), role: z.string() })),
  activities: z.array(z.object({
    title: z.string(), starts_at: z.string().nullable(), ends_at: z.string().nullable(), place: z.string().nullable(),
    cost: z.number().nullable(), currency: z.string().nullable(), link: z.string().nullable(),
  })),
  expenses: ExpenseTotalsView,
});

export const sharedTripTool = defineTool({
  name: 'trips.shared',
  title: 'A trip through its share link',
  description: 'Public (no authentication): the trip a share link points to, read-only and without private data (no emails, user ids, member ids, booking ids or balances). Unknown, expired or revoked links are 404.',
  area: 'Trips',
  input: z.object({ token: z.string().trim().min(1).max(200).describe('The token from the share link.') }),
  output: SharedTripView,
  errors: ['NOT_FOUND'],
  auth: 'none',
  rest: { method: 'GET', path: '/api/trips/shared/{token}' },
  mcp: false,
  handler: async (ctx, input) => {
    const store = ctx.services.trips;
    const tripId = await store.tripIdForToken(hashShareToken(input.token), ctx.services.clock());
    if (!tripId) throw notFound();
    const trip = await store.getTrip(tripId);
    if (!trip) throw notFound();
    const [members, activities, expenses] = await Promise.all([store.members(trip.id), store.activities(trip.id), store.expenses(trip.id)]);
    return {
      name: trip.name, destination: trip.destination, start_date: trip.startDate, end_date: trip.endDate, currency: trip.currency, status: trip.status,
      members: members.map((m) => ({ display_name: m.displayName, role: m.role })),
      activities: activities.map((a) => ({
        title: a.title, starts_at: a.startsAt, ends_at: a.endsAt, place: a.place,
        cost: a.costMinor === null || a.currency === null ? null : major(a.costMinor, a.currency), currency: a.currency, link: a.link,
      })),
      expenses: expenseTotals(expenses, trip.currency),
    };
  },
});
