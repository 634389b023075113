-- AlterTable
ALTER TABLE "mistake_fares" ADD COLUMN     "return_date" DATE;
