import { fromMinor } from '../_kit/money.js';
import type { AlertRecord } from './alert-store.js';
import type { AlertResponse } from './alert-schemas.js';

/** An alert as callers see it; `today` (UTC) decides whether its window has passed. */
export function alertView(a: AlertRecord, today: string): AlertResponse {
  const major = (minor: number | null) => (minor === null ? null : fromMinor(minor, a.currency).amount);
  return {
    id: a.id,
    user_id: a.userId,
    origin: a.origin,
    destination: a.destination,
    departure_date: a.dateFrom === a.dateTo ? a.dateFrom : null,
    date_from: a.dateFrom,
    date_to: a.dateTo,
    return_date: a.returnDate,
    cabin_class: a.cabin,
    target_price: major(a.targetPriceMinor),
    currency: a.currency,
    channels: a.channels,
    status: a.active && a.dateTo >= today ? 'active' : 'expired',
    created_at: a.createdAt,
    last_price: major(a.lastPriceMinor),
    last_checked_at: a.lastCheckedAt,
    trigger_count: a.triggerCount,
    last_triggered_at: a.lastTriggeredAt,
  };
}
