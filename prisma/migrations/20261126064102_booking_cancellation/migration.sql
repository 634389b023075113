-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "cancellation" JSONB;
