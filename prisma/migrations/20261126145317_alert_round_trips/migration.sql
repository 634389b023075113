-- DropIndex
DROP INDEX "fare_watches_origin_destination_departure_date_cabin_curren_key";

-- AlterTable
ALTER TABLE "fare_alerts" ADD COLUMN     "return_date" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "fare_watches" ADD COLUMN     "offer" JSONB,
ADD COLUMN     "return_date" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE UNIQUE INDEX "fare_watches_origin_destination_departure_date_return_date__key" ON "fare_watches"("origin", "destination", "departure_date", "return_date", "cabin", "currency");
