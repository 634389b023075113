-- AlterTable
ALTER TABLE "trip_activities" ADD COLUMN     "ends_at_offset" INTEGER,
ADD COLUMN     "starts_at_offset" INTEGER;

-- AlterTable
ALTER TABLE "trip_members" ADD COLUMN     "removed_at" TIMESTAMP(3);
