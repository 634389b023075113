#!/usr/bin/env bash
# A client nobody on the project wrote, from the committed openapi.json: generate it
# with @hey-api/openapi-ts (0.80.0: the newest that runs on Node 20; 0.99 needs 22.18),
# compile it with tsc --strict, and check that the domain types carry their names
# (one type per concept, not one per route; hey-api spells HTTPValidationError
# HttpValidationError). Acceptance of issue 22.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
npx --yes @hey-api/openapi-ts@0.80.0 -i openapi.json -o "$out/client" >/dev/null
npx tsc --strict --noEmit --target ES2022 --module NodeNext --moduleResolution NodeNext --skipLibCheck --lib ES2022,DOM,DOM.Iterable "$out/client/index.ts"
NAMED=(Money Flight FlightSegment Offer Segment Passenger Booking Order Cancellation Hotel StayRate StayQuote StayBooking CarRate CarBooking
  Trip TripSummary Deal AlertResponse Place TravelerProfile SavedPlaybook WebhookEndpoint ErrorResponse HttpValidationError
  BookingCreatedEvent BookingConfirmedEvent BookingCanceledEvent PaymentCompletedEvent PaymentRefundedEvent AlertTriggeredEvent MistakeFareEvent)
missing=()
for t in "${NAMED[@]}"; do grep -q "^export type $t = " "$out/client/types.gen.ts" || missing+=("$t"); done
[ ${#missing[@]} -eq 0 ] || { echo "hey-api client lacks the named types: ${missing[*]}"; exit 1; }
echo "hey-api client: generated, compiles with tsc --strict, ${#NAMED[@]} named domain types present"
