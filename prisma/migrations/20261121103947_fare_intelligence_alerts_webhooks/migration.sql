-- CreateTable
CREATE TABLE "price_observations" (
    "id" BIGSERIAL NOT NULL,
    "search_id" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "departure_date" DATE NOT NULL,
    "return_date" DATE,
    "cabin" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "price_minor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "observed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "price_observations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mistake_fares" (
    "id" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "departure_date" DATE NOT NULL,
    "cabin" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "price_minor" INTEGER NOT NULL,
    "typical_minor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "sigmas" DOUBLE PRECISION NOT NULL,
    "pct_off" DOUBLE PRECISION NOT NULL,
    "samples" INTEGER NOT NULL,
    "detected_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mistake_fares_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fare_alerts" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "date_from" DATE NOT NULL,
    "date_to" DATE NOT NULL,
    "cabin" TEXT NOT NULL,
    "target_price_minor" INTEGER,
    "currency" TEXT NOT NULL,
    "channels" TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "notified_minor" INTEGER,
    "trigger_count" INTEGER NOT NULL DEFAULT 0,
    "last_triggered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fare_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fare_watches" (
    "id" BIGSERIAL NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "departure_date" DATE NOT NULL,
    "cabin" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "price_minor" INTEGER,
    "prev_price_minor" INTEGER,
    "check_seq" INTEGER NOT NULL DEFAULT 0,
    "checked_at" TIMESTAMP(3),

    CONSTRAINT "fare_watches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "events" TEXT[],
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_expires_at" TIMESTAMP(3),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMP(3),
    "last_status" INTEGER,
    "last_error" TEXT,
    "last_attempt_at" TIMESTAMP(3),
    "delivered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "route_search_counts" (
    "day" DATE NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "route_search_counts_pkey" PRIMARY KEY ("day","origin","destination")
);

-- CreateIndex
CREATE INDEX "price_observations_origin_destination_cabin_departure_date__idx" ON "price_observations"("origin", "destination", "cabin", "departure_date", "observed_at");

-- CreateIndex
CREATE INDEX "price_observations_observed_at_idx" ON "price_observations"("observed_at");

-- CreateIndex
CREATE UNIQUE INDEX "mistake_fares_dedupe_key_key" ON "mistake_fares"("dedupe_key");

-- CreateIndex
CREATE INDEX "mistake_fares_detected_at_idx" ON "mistake_fares"("detected_at");

-- CreateIndex
CREATE INDEX "fare_alerts_user_id_created_at_idx" ON "fare_alerts"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "fare_alerts_active_origin_destination_cabin_currency_date_f_idx" ON "fare_alerts"("active", "origin", "destination", "cabin", "currency", "date_from", "date_to");

-- CreateIndex
CREATE INDEX "fare_watches_checked_at_idx" ON "fare_watches"("checked_at");

-- CreateIndex
CREATE UNIQUE INDEX "fare_watches_origin_destination_departure_date_cabin_curren_key" ON "fare_watches"("origin", "destination", "departure_date", "cabin", "currency");

-- CreateIndex
CREATE INDEX "webhook_endpoints_user_id_idx" ON "webhook_endpoints"("user_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_id_key" ON "webhook_deliveries"("endpoint_id", "event_id");

-- CreateIndex
CREATE INDEX "route_search_counts_day_count_idx" ON "route_search_counts"("day", "count");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
