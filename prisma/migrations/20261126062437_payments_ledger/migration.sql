-- CreateTable
CREATE TABLE "payments" (
    "id" TEXT NOT NULL,
    "payer_user_id" TEXT,
    "payer_secret_hash" TEXT,
    "opened_by" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "subject" TEXT,
    "amount_minor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "goods_kind" TEXT,
    "goods_id" TEXT,
    "refunded_minor" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payments_state_updated_at_idx" ON "payments"("state", "updated_at");

-- CreateIndex
CREATE INDEX "payments_goods_kind_goods_id_idx" ON "payments"("goods_kind", "goods_id");
-- CreateTable
CREATE TABLE "payment_refunds" (
    "id" TEXT NOT NULL,
    "payment_id" TEXT NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_refunds_payment_id_idx" ON "payment_refunds"("payment_id");
