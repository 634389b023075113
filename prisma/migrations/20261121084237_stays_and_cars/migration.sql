-- CreateTable
CREATE TABLE "stay_bookings" (
    "id" TEXT NOT NULL,
    "quote_id" TEXT NOT NULL,
    "provider_booking_id" TEXT,
    "user_id" TEXT,
    "status" TEXT NOT NULL,
    "failure_reason" TEXT,
    "reference" TEXT,
    "currency" TEXT NOT NULL,
    "total_minor" INTEGER NOT NULL,
    "refund_minor" INTEGER,
    "payment_intent_id" TEXT,
    "email" TEXT NOT NULL,
    "guests" JSONB NOT NULL,
    "check_in" TEXT NOT NULL,
    "check_out" TEXT NOT NULL,
    "accommodation_name" TEXT NOT NULL,
    "snapshot" JSONB,
    "cancelled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "stay_bookings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "car_bookings" (
    "id" TEXT NOT NULL,
    "flow" TEXT NOT NULL,
    "quote_id" TEXT NOT NULL,
    "provider_booking_id" TEXT,
    "user_id" TEXT,
    "status" TEXT NOT NULL,
    "failure_reason" TEXT,
    "reference" TEXT,
    "currency" TEXT NOT NULL,
    "rental_minor" INTEGER NOT NULL,
    "fee_minor" INTEGER NOT NULL,
    "charged_minor" INTEGER NOT NULL,
    "refund_minor" INTEGER,
    "payment_intent_id" TEXT,
    "add_ons" JSONB NOT NULL,
    "driver" JSONB NOT NULL,
    "pick_up_at" TEXT NOT NULL,
    "snapshot" JSONB,
    "cancelled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "car_bookings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "stay_bookings_quote_id_key" ON "stay_bookings"("quote_id");

-- CreateIndex
CREATE UNIQUE INDEX "stay_bookings_provider_booking_id_key" ON "stay_bookings"("provider_booking_id");

-- CreateIndex
CREATE INDEX "stay_bookings_user_id_idx" ON "stay_bookings"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "car_bookings_quote_id_key" ON "car_bookings"("quote_id");

-- CreateIndex
CREATE UNIQUE INDEX "car_bookings_provider_booking_id_key" ON "car_bookings"("provider_booking_id");

-- CreateIndex
CREATE UNIQUE INDEX "car_bookings_payment_intent_id_key" ON "car_bookings"("payment_intent_id");

-- CreateIndex
CREATE INDEX "car_bookings_user_id_idx" ON "car_bookings"("user_id");
