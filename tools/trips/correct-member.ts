import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { MemberRef, UpdateMemberRequest } from './correction-schemas.js';
import { expenseSummary } from './expense-views.js';
import { memberBalances } from './money/index.js';
import { loadTrip, OWNERS, requireRole, type TripAccess } from './trip-access.js';
import type { MemberChange, MemberRecord, TripRecords } from './trip-store.js';
import { MemberView, memberView } from './trip-views.js';

// Members: owners change roles and remove members; anyone may fix their own name
// and email, or leave. Two rules hold under the trip lock, whatever the timing: a
// trip always keeps an owner, and a member leaves only with a zero balance (the
// group's books would not balance otherwise).

const notFound = () => new ToolError('NOT_FOUND', 'Member not found', { hint: 'GET /api/trips/{trip_id} lists the current members with their ids.' });

async function currentMember(records: TripRecords, tripId: string, memberId: string): Promise<{ member: MemberRecord; members: MemberRecord[] }> {
  const members = await records.members(tripId);
  const member = members.find((m) => m.id === memberId);
  if (!member) throw notFound();
  return { member, members };
}

function keepAnOwner(members: readonly MemberRecord[], leaving: MemberRecord, action: string): void {
  if (leaving.role !== 'owner' || members.some((m) => m.role === 'owner' && m.id !== leaving.id)) return;
  throw new ToolError('CONFLICT', `The last owner of a trip cannot ${action}`, { hint: 'Make another member an owner first (PATCH .../travelers/{member_id} {"role": "owner"}).' });
}

const isSelf = (access: TripAccess, memberId: string) => access.me.id === memberId;

/** The caller's role as it is under the lock: a change that demoted them meanwhile wins. */
function requireOwnerNow(access: TripAccess, members: readonly MemberRecord[], action: string): void {
  const me = members.find((m) => m.id === access.me.id);
  requireRole({ ...access, me: me ?? { ...access.me, role: 'viewer' } }, OWNERS, action);
}

export const updateMemberTool = defineTool({
  name: 'trips.update_member',
  title: 'Change a member\'s role or details',
  description:
    'Owners change any member\'s role (owner, editor, viewer), name and email; any member may change their own name and email. ' +
    'The last owner cannot step down (409). Answers the member.',
  area: 'Trips',
  input: UpdateMemberRequest,
  output: MemberView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'PATCH', path: '/api/trips/{trip_id}/travelers/{member_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    const ownersOnly = input.role !== undefined || !isSelf(access, input.member_id);
    const action = input.role !== undefined ? 'change roles' : 'change other members\' details';
    if (ownersOnly) requireRole(access, OWNERS, action);
    return ctx.services.trips.locked(access.trip.id, async (records) => {
      const { member, members } = await currentMember(records, access.trip.id, input.member_id);
      if (ownersOnly) requireOwnerNow(access, members, action);
      if (input.role !== undefined && input.role !== 'owner') keepAnOwner(members, member, 'step down');
      const change: MemberChange = {};
      if (input.role !== undefined) change.role = input.role;
      if (input.name !== undefined) change.displayName = input.name;
      if (input.email !== undefined) change.email = input.email;
      const saved = await records.changeMember(access.trip.id, member.id, change);
      if (!saved) throw notFound();
      return memberView(saved);
    });
  },
});

export const removeMemberTool = defineTool({
  name: 'trips.remove_member',
  title: 'Remove a member, or leave a trip',
  description:
    'Owners remove any member; any member may remove themself (leave). A member whose balance is not zero cannot leave until it is settled ' +
    '(record the payment with POST .../settlements): 409 with the balance. The last owner cannot leave (409). ' +
    'Past expenses keep naming the member; a user who is added again gets their old member id back.',
  area: 'Trips',
  input: MemberRef,
  output: z.object({ id: z.string(), removed: z.literal(true) }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'DELETE', path: '/api/trips/{trip_id}/travelers/{member_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    const self = isSelf(access, input.member_id);
    if (!self) requireRole(access, OWNERS, 'remove other members');
    const { trip } = access;
    return ctx.services.trips.locked(trip.id, async (records) => {
      const { member, members } = await currentMember(records, trip.id, input.member_id);
      if (!self) requireOwnerNow(access, members, 'remove other members');
      keepAnOwner(members, member, 'leave');
      const expenses = await records.expenses(trip.id);
      const balance = memberBalances(expenses.map((e) => ({ paidBy: e.paidByMemberId, tripAmountMinor: e.tripAmountMinor, shares: e.shares })), []).get(member.id) ?? 0;
      if (balance !== 0) {
        const shown = expenseSummary(trip, members, expenses).members.find((m) => m.member_id === member.id)?.balance;
        throw new ToolError('CONFLICT', `${member.displayName} ${balance > 0 ? 'is owed' : 'owes'} ${Math.abs(shown ?? 0)} ${trip.currency}; settle up before leaving the trip`, {
          details: { member_id: member.id, balance: shown, currency: trip.currency },
          hint: 'Record the payment with POST /api/trips/{trip_id}/settlements, then try again.',
        });
      }
      if (!(await records.removeMember(trip.id, member.id, ctx.services.clock()))) throw notFound();
      return { id: member.id, removed: true as const };
    });
  },
});
