-- CreateTable
CREATE TABLE "trips" (
    "id" TEXT NOT NULL,
    "owner_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "start_date" DATE,
    "end_date" DATE,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'planning',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "trips_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trip_members" (
    "id" TEXT NOT NULL,
    "trip_id" TEXT NOT NULL,
    "user_id" TEXT,
    "display_name" TEXT NOT NULL,
    "email" TEXT,
    "role" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trip_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trip_activities" (
    "id" TEXT NOT NULL,
    "trip_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "place" TEXT,
    "cost_minor" INTEGER,
    "currency" TEXT,
    "link" TEXT,
    "booking_id" TEXT,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trip_activities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trip_expenses" (
    "id" TEXT NOT NULL,
    "trip_id" TEXT NOT NULL,
    "paid_by_member_id" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "fx_rate" DOUBLE PRECISION NOT NULL,
    "trip_amount_minor" INTEGER NOT NULL,
    "split_method" TEXT NOT NULL,
    "shares" JSONB NOT NULL,
    "spent_on" DATE,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trip_expenses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trip_budgets" (
    "trip_id" TEXT NOT NULL,
    "total_minor" INTEGER NOT NULL,
    "categories" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "trip_budgets_pkey" PRIMARY KEY ("trip_id")
);

-- CreateTable
CREATE TABLE "trip_share_links" (
    "id" TEXT NOT NULL,
    "trip_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "trip_share_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trip_polls" (
    "id" TEXT NOT NULL,
    "trip_id" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "closes_at" TIMESTAMP(3),
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trip_polls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trip_votes" (
    "id" TEXT NOT NULL,
    "poll_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "option_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "trip_votes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "traveler_profiles" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "dob" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "gender" TEXT,
    "passport_number_enc" TEXT,
    "passport_last4" TEXT,
    "passport_country" TEXT,
    "passport_expiry" TEXT,
    "known_traveler_enc" TEXT,
    "loyalty" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "traveler_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "playbooks" (
    "user_id" TEXT NOT NULL,
    "home_airports" TEXT[],
    "preferred_airlines" TEXT[],
    "avoided_airlines" TEXT[],
    "cabin" TEXT NOT NULL,
    "programs" JSONB NOT NULL DEFAULT '[]',
    "min_cpp" DOUBLE PRECISION NOT NULL,
    "self_connect_risk" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "playbooks_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "trips_owner_id_idx" ON "trips"("owner_id");

-- CreateIndex
CREATE INDEX "trip_members_user_id_idx" ON "trip_members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "trip_members_trip_id_user_id_key" ON "trip_members"("trip_id", "user_id");

-- CreateIndex
CREATE INDEX "trip_activities_trip_id_idx" ON "trip_activities"("trip_id");

-- CreateIndex
CREATE INDEX "trip_expenses_trip_id_created_at_idx" ON "trip_expenses"("trip_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "trip_share_links_token_hash_key" ON "trip_share_links"("token_hash");

-- CreateIndex
CREATE INDEX "trip_share_links_trip_id_idx" ON "trip_share_links"("trip_id");

-- CreateIndex
CREATE INDEX "trip_polls_trip_id_idx" ON "trip_polls"("trip_id");

-- CreateIndex
CREATE UNIQUE INDEX "trip_votes_poll_id_member_id_key" ON "trip_votes"("poll_id", "member_id");

-- CreateIndex
CREATE UNIQUE INDEX "traveler_profiles_user_id_first_name_last_name_dob_key" ON "traveler_profiles"("user_id", "first_name", "last_name", "dob");

-- AddForeignKey
ALTER TABLE "trip_members" ADD CONSTRAINT "trip_members_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_activities" ADD CONSTRAINT "trip_activities_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_budgets" ADD CONSTRAINT "trip_budgets_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_share_links" ADD CONSTRAINT "trip_share_links_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_polls" ADD CONSTRAINT "trip_polls_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_votes" ADD CONSTRAINT "trip_votes_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "trip_polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_votes" ADD CONSTRAINT "trip_votes_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "trip_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;
