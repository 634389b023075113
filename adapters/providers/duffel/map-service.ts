import type { OfferService } from '../../../tools/_kit/providers.js';
import { malformed, requireString } from './malformed.js';
import { toMoney } from './map-money.js';
import type { DuffelAvailableService } from './wire.js';

// Duffel available service (on an offer, or an order after booking) → OfferService.

const SERVICE_TYPES: readonly OfferService['type'][] = ['baggage', 'cancel_for_any_reason', 'seat'];

function serviceType(type: unknown): OfferService['type'] {
  return typeof type === 'string' && (SERVICE_TYPES as readonly string[]).includes(type) ? (type as OfferService['type']) : 'other';
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function numberOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function mapAvailableService(service: DuffelAvailableService): OfferService {
  const id = requireString(service?.id, 'available service id');
  const maxQuantity = service.maximum_quantity;
  if (typeof maxQuantity !== 'number' || !Number.isInteger(maxQuantity) || maxQuantity < 0) throw malformed(`service ${id} has no maximum_quantity`);
  const out: OfferService = {
    id,
    type: serviceType(service.type),
    maxQuantity,
    passengerIds: strings(service.passenger_ids),
    segmentIds: strings(service.segment_ids),
    price: toMoney(service.total_amount, service.total_currency),
  };
  const meta = service.metadata;
  if (out.type === 'baggage' && meta && (meta.type === 'checked' || meta.type === 'carry_on')) {
    out.baggage = {
      kind: meta.type,
      maxWeightKg: numberOrNull(meta.maximum_weight_kg),
      maxLengthCm: numberOrNull(meta.maximum_length_cm),
      maxHeightCm: numberOrNull(meta.maximum_height_cm),
      maxDepthCm: numberOrNull(meta.maximum_depth_cm),
    };
  }
  return out;
}

export function mapAvailableServices(list: unknown): OfferService[] {
  if (!Array.isArray(list)) throw malformed('available services are not a list');
  return (list as DuffelAvailableService[]).map(mapAvailableService);
}
