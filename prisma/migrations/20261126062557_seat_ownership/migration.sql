-- DropIndex
DROP INDEX "seat_selections_offer_id_passenger_slot_segment_id_key";

-- AlterTable
ALTER TABLE "seat_selections" ADD COLUMN     "flight_key" TEXT,
ADD COLUMN     "seat_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "seat_selections_seat_key_key" ON "seat_selections"("seat_key");

-- CreateIndex
CREATE INDEX "seat_selections_flight_key_idx" ON "seat_selections"("flight_key");

-- CreateIndex
CREATE UNIQUE INDEX "seat_selections_offer_id_user_id_passenger_slot_segment_id_key" ON "seat_selections"("offer_id", "user_id", "passenger_slot", "segment_id");
