import { Prisma } from '../../prisma/generated/client.js';

// The columns a stay or car booking changes as the provider answers; both tables
// share them, so one function turns a patch into Prisma's update data.

export interface ProviderBookingPatch<S extends string> {
  providerBookingId?: string | null;
  status?: S;
  failureReason?: string | null;
  reference?: string | null;
  refundMinor?: number | null;
  booking?: unknown;
  cancelledAt?: string | null;
}

export function providerBookingUpdate<S extends string>(patch: ProviderBookingPatch<S>) {
  return {
    providerBookingId: patch.providerBookingId,
    status: patch.status,
    failureReason: patch.failureReason,
    reference: patch.reference,
    refundMinor: patch.refundMinor,
    snapshot: patch.booking === undefined ? undefined : patch.booking === null ? Prisma.DbNull : (patch.booking as Prisma.InputJsonValue),
    cancelledAt: patch.cancelledAt === undefined ? undefined : patch.cancelledAt === null ? null : new Date(patch.cancelledAt),
  };
}
