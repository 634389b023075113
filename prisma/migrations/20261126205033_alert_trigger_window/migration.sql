-- DropIndex
DROP INDEX "fare_alerts_active_origin_destination_cabin_currency_date_f_idx";

-- CreateIndex
CREATE INDEX "fare_alerts_active_origin_destination_return_date_cabin_cur_idx" ON "fare_alerts"("active", "origin", "destination", "return_date", "cabin", "currency", "date_from", "date_to");

-- Room on every page so the trigger's updates (trigger_count, notified_minor, last_triggered_at:
-- no indexed column) are heap-only and leave the indexes alone. Applies to pages written from now on.
ALTER TABLE "fare_alerts" SET (fillfactor = 70);
