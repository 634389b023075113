-- CreateTable
CREATE TABLE "bookings" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "agent_user_id" TEXT,
    "channel" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'duffel',
    "offer_id" TEXT NOT NULL,
    "provider_order_id" TEXT,
    "booking_reference" TEXT,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "failure_reason" TEXT,
    "currency" TEXT NOT NULL,
    "fare_minor" INTEGER NOT NULL,
    "services_minor" INTEGER NOT NULL DEFAULT 0,
    "markup_minor" INTEGER NOT NULL DEFAULT 0,
    "total_minor" INTEGER NOT NULL,
    "refund_minor" INTEGER,
    "passengers" JSONB NOT NULL,
    "contact_email" TEXT,
    "payment_required_by" TIMESTAMP(3),
    "price_guarantee_expires_at" TIMESTAMP(3),
    "paid_at" TIMESTAMP(3),
    "cancelled_at" TIMESTAMP(3),
    "snapshot" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "bookings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card_payments" (
    "payment_intent_id" TEXT NOT NULL,
    "booking_id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'used',
    "refunded_minor" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "card_payments_pkey" PRIMARY KEY ("payment_intent_id")
);

-- CreateTable
CREATE TABLE "booking_change_requests" (
    "id" TEXT NOT NULL,
    "booking_id" TEXT NOT NULL,
    "confirmed_offer_id" TEXT,
    "confirmed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "booking_change_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seat_selections" (
    "id" TEXT NOT NULL,
    "offer_id" TEXT NOT NULL,
    "passenger_slot" TEXT NOT NULL,
    "segment_id" TEXT NOT NULL,
    "designator" TEXT NOT NULL,
    "service_id" TEXT,
    "price_minor" INTEGER,
    "currency" TEXT,
    "status" TEXT NOT NULL,
    "booking_id" TEXT,
    "user_id" TEXT,
    "held_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" TIMESTAMP(3),
    "released_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "seat_selections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "status" INTEGER,
    "response" JSONB,
    "locked_until" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("scope","key")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "aggregate_id" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "user_id" TEXT,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_webhook_events" (
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_webhook_events_pkey" PRIMARY KEY ("provider","event_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "bookings_provider_order_id_key" ON "bookings"("provider_order_id");

-- CreateIndex
CREATE INDEX "bookings_user_id_idx" ON "bookings"("user_id");

-- CreateIndex
CREATE INDEX "bookings_status_idx" ON "bookings"("status");

-- CreateIndex
CREATE INDEX "card_payments_booking_id_idx" ON "card_payments"("booking_id");

-- CreateIndex
CREATE INDEX "booking_change_requests_booking_id_idx" ON "booking_change_requests"("booking_id");

-- CreateIndex
CREATE INDEX "seat_selections_booking_id_idx" ON "seat_selections"("booking_id");

-- CreateIndex
CREATE UNIQUE INDEX "seat_selections_offer_id_passenger_slot_segment_id_key" ON "seat_selections"("offer_id", "passenger_slot", "segment_id");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_events_dedupe_key_key" ON "outbox_events"("dedupe_key");

-- CreateIndex
CREATE INDEX "outbox_events_delivered_at_created_at_idx" ON "outbox_events"("delivered_at", "created_at");

-- AddForeignKey
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_change_requests" ADD CONSTRAINT "booking_change_requests_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
