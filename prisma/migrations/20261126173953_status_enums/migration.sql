-- Status columns become enums, converted in place: every row keeps its status (a value
-- the enum does not know stops the migration instead of being lost). Indexes on the
-- columns are rebuilt by PostgreSQL as part of the type change.

-- CreateEnum
CREATE TYPE "booking_status" AS ENUM ('creating', 'pending', 'hold', 'confirmed', 'cancelled', 'failed');

-- CreateEnum
CREATE TYPE "card_payment_status" AS ENUM ('used', 'refunded', 'partially_refunded');

-- CreateEnum
CREATE TYPE "payment_state" AS ENUM ('open', 'claimed', 'attached', 'refunding', 'refunded', 'void');

-- CreateEnum
CREATE TYPE "seat_status" AS ENUM ('held', 'confirmed', 'released');

-- CreateEnum
CREATE TYPE "stay_booking_status" AS ENUM ('creating', 'confirmed', 'cancelled', 'failed');

-- CreateEnum
CREATE TYPE "car_booking_status" AS ENUM ('creating', 'confirmed', 'cancelled', 'failed');

-- CreateEnum
CREATE TYPE "delivery_status" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "trip_status" AS ENUM ('planning', 'booked', 'in_progress', 'completed', 'cancelled');

-- AlterTable
ALTER TABLE "bookings" ALTER COLUMN "status" TYPE "booking_status" USING ("status"::"booking_status");

-- AlterTable
ALTER TABLE "car_bookings" ALTER COLUMN "status" TYPE "car_booking_status" USING ("status"::"car_booking_status");

-- AlterTable
ALTER TABLE "card_payments" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "card_payments" ALTER COLUMN "status" TYPE "card_payment_status" USING ("status"::"card_payment_status");
ALTER TABLE "card_payments" ALTER COLUMN "status" SET DEFAULT 'used';

-- AlterTable
ALTER TABLE "payments" ALTER COLUMN "state" DROP DEFAULT;
ALTER TABLE "payments" ALTER COLUMN "state" TYPE "payment_state" USING ("state"::"payment_state");
ALTER TABLE "payments" ALTER COLUMN "state" SET DEFAULT 'open';

-- AlterTable
ALTER TABLE "seat_selections" ALTER COLUMN "status" TYPE "seat_status" USING ("status"::"seat_status");

-- AlterTable
ALTER TABLE "stay_bookings" ALTER COLUMN "status" TYPE "stay_booking_status" USING ("status"::"stay_booking_status");

-- AlterTable
ALTER TABLE "trips" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "trips" ALTER COLUMN "status" TYPE "trip_status" USING ("status"::"trip_status");
ALTER TABLE "trips" ALTER COLUMN "status" SET DEFAULT 'planning';

-- AlterTable
ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" TYPE "delivery_status" USING ("status"::"delivery_status");
ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" SET DEFAULT 'pending';
