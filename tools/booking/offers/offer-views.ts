import type { z } from 'zod';
import type { CashOffer, FareConditions, FlightSegment, FlightSlice, Money, OfferService } from '../../_kit/providers.js';
import type { ConditionsView, MoneyView, OfferView, PolicyView, ServiceOptionView, SegmentView, SliceView } from './offer-schemas.js';

// Domain types → the REST views of offer-schemas.ts.

type Out<T extends z.ZodType> = z.input<T>;

/** Our public offer id: the provider prefix tells later calls where the offer lives. */
export function publicOfferId(offer: Pick<CashOffer, 'provider' | 'providerOfferId'>): string {
  return `${offer.provider}:${offer.providerOfferId}`;
}

export function moneyView(m: Money): Out<typeof MoneyView> {
  return { amount: m.amount, currency: m.currency };
}

export function segmentView(s: FlightSegment): Out<typeof SegmentView> {
  return {
    id: s.providerSegmentId ?? null,
    flight: `${s.marketingCarrier}${s.flightNumber}`,
    carrier: s.marketingCarrier,
    carrier_name: s.marketingCarrierName ?? null,
    operating_carrier: s.operatingCarrier ?? null,
    origin: s.origin,
    destination: s.destination,
    departing_at: s.departingAt,
    arriving_at: s.arrivingAt,
    duration_minutes: s.durationMinutes,
    aircraft: s.aircraft ?? null,
  };
}

export function sliceView(s: FlightSlice): Out<typeof SliceView> {
  const first = s.segments[0];
  const last = s.segments[s.segments.length - 1];
  return {
    id: s.providerSliceId ?? null,
    origin: s.origin,
    destination: s.destination,
    departing_at: first?.departingAt ?? '',
    arriving_at: last?.arrivingAt ?? '',
    duration_minutes: s.durationMinutes,
    stops: Math.max(0, s.segments.length - 1),
    segments: s.segments.map(segmentView),
  };
}

function policy(allowed: boolean | null | undefined, penalty: Money | null | undefined): Out<typeof PolicyView> {
  return { allowed: allowed ?? null, penalty: allowed && penalty ? moneyView(penalty) : null };
}

export function conditionsView(c: FareConditions | undefined): Out<typeof ConditionsView> {
  return {
    refund_before_departure: policy(c?.refundable, c?.refundPenalty),
    change_before_departure: policy(c?.changeable, c?.changePenalty),
  };
}

export function serviceOptionView(s: OfferService): Out<typeof ServiceOptionView> {
  const bag = s.baggage;
  const hasDimensions = bag && (bag.maxLengthCm !== null || bag.maxHeightCm !== null || bag.maxDepthCm !== null);
  return {
    service_id: s.id,
    type: s.type,
    kind: bag?.kind ?? null,
    passenger_ids: s.passengerIds,
    segment_ids: s.segmentIds,
    max_quantity: s.maxQuantity,
    price: moneyView(s.price),
    max_weight_kg: bag?.maxWeightKg ?? null,
    dimensions_cm: hasDimensions ? { length: bag.maxLengthCm, height: bag.maxHeightCm, depth: bag.maxDepthCm } : null,
  };
}

export function offerView(o: CashOffer): Out<typeof OfferView> {
  const pr = o.paymentRequirements;
  return {
    offer_id: publicOfferId(o),
    total: moneyView(o.total),
    base: o.base ? moneyView(o.base) : null,
    tax: o.tax ? moneyView(o.tax) : null,
    expires_at: o.expiresAt,
    owner: { iata: o.owner, name: o.ownerName ?? null },
    cabin: o.cabin,
    fare_brand: o.fareBrand,
    slices: o.slices.map(sliceView),
    passengers: (o.passengers ?? []).map((p) => ({ id: p.id, type: p.type, age: p.age ?? null })),
    conditions: conditionsView(o.conditions),
    included_baggage: o.baggage ? { checked: o.baggage.checked, carry_on: o.baggage.carryOn } : null,
    payment_requirements: pr ? { requires_instant_payment: pr.requiresInstantPayment, payment_required_by: pr.paymentRequiredBy, price_guarantee_expires_at: pr.priceGuaranteeExpiresAt } : null,
    identity_documents_required: o.identityDocumentsRequired ?? null,
    available_service_count: o.availableServices ? o.availableServices.length : null,
  };
}
