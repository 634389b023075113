import type { z } from 'zod';
import { Prisma } from '../../prisma/generated/client.js';
import { writeJson } from './json-column.js';

// The columns a stay or car booking changes as the provider answers; both tables
// share them, so one function turns a patch into Prisma's update data.

export interface ProviderBookingPatch<S extends string, B> {
  providerBookingId?: string | null;
  status?: S;
  failureReason?: string | null;
  reference?: string | null;
  refundMinor?: number | null;
  booking?: B | null;
  cancelledAt?: string | null;
}

/** `snapshot` is the schema of the provider's booking, so the JSON written is the shape read back. */
export function providerBookingUpdate<S extends string, Snap extends z.ZodType>(patch: ProviderBookingPatch<S, z.input<Snap>>, snapshot: Snap) {
  return {
    providerBookingId: patch.providerBookingId,
    status: patch.status,
    failureReason: patch.failureReason,
    reference: patch.reference,
    refundMinor: patch.refundMinor,
    snapshot: patch.booking === undefined ? undefined : patch.booking === null ? Prisma.DbNull : writeJson(snapshot, patch.booking),
    cancelledAt: patch.cancelledAt === undefined ? undefined : patch.cancelledAt === null ? null : new Date(patch.cancelledAt),
  };
}
