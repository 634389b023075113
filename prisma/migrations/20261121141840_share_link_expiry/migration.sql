-- AlterTable
ALTER TABLE "trip_share_links" ADD COLUMN     "expires_at" TIMESTAMP(3);
