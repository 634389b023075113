import type { AnyTool } from './_kit/define-tool.js';
import { assertRegistry } from './_kit/registry-checks.js';
import { ALERTS_TOOLS } from './alerts/index.js';
import { DEALS_TOOLS } from './deals/index.js';
import { AWARDS_TOOLS } from './awards/index.js';
import { FARES_TOOLS } from './fares/index.js';
import { FLIGHT_EXTRA_TOOLS } from './flights/extras.js';
import { STATS_TOOLS } from './stats/index.js';
import { WEBHOOKS_TOOLS } from './webhooks/index.js';
import { TRIPS_TOOLS } from './trips/index.js';
import { TRAVELERS_TOOLS } from './travelers/index.js';
import { PLAYBOOK_TOOLS } from './playbook/index.js';
import { changePlanTool } from './account/change-plan.js';
import { planCheckoutFinishTool, planCheckoutTool } from './account/plan-checkout.js';
import { createKeyTool } from './account/create-key.js';
import { keyUsageTool } from './account/key-usage.js';
import { listKeysTool } from './account/list-keys.js';
import { revokeKeyTool } from './account/revoke-key.js';
import { adminProviderHealthTool } from './admin/provider-health.js';
import { bookAgentTool } from './booking/book/book-agent.js';
import { bookTool } from './booking/book/book.js';
import { createOfferTool } from './booking/book/create-offer.js';
import { holdTool } from './booking/book/hold.js';
import { payTool } from './booking/book/pay.js';
import { addServicesTool } from './booking/manage/add-services.js';
import { bookFlightTool, holdFlightTool } from './booking/mcp/book-flight.js';
import { cancelBookingTool } from './booking/mcp/cancel-booking.js';
import { changeBookingTool } from './booking/mcp/change-booking.js';
import { manageBookingTool } from './booking/mcp/manage-booking.js';
import { pickSeatMcpTool } from './booking/seats/pick-seat-mcp.js';
import { manageAlertsMcpTool } from './alerts/manage-alerts-mcp.js';
import { pointsInfoMcpTool } from './points/points-info-mcp.js';
import { quoteBookingTool } from './booking/mcp/quote-booking.js';
import { cancelTool } from './booking/manage/cancel.js';
import { changeConfirmTool } from './booking/manage/change-confirm.js';
import { cardPaymentConfirmTool } from './booking/payments/card-payment-confirm.js';
import { paymentIntentTool } from './booking/payments/payment-intent.js';
import { providerPaymentIntentConfirmTool } from './booking/payments/provider-payment-intent-confirm.js';
import { providerPaymentIntentTool } from './booking/payments/provider-payment-intent.js';
import { threeDsSessionTool } from './booking/payments/three-ds-session.js';
import { baggageTool } from './booking/offers/baggage.js';
import { fareBrandsTool } from './booking/offers/fare-brands.js';
import { fareConditionsTool } from './booking/offers/fare-conditions.js';
import { getOfferTool } from './booking/offers/get-offer.js';
import { availableServicesTool } from './booking/orders/available-services.js';
import { changeOffersTool } from './booking/orders/change-offers.js';
import { checkInLinksTool } from './booking/orders/check-in-links.js';
import { createChangeRequestTool } from './booking/orders/create-change-request.js';
import { bookingDocumentsTool } from './booking/orders/documents.js';
import { getBookingTool } from './booking/orders/get-booking.js';
import { getChangeRequestTool } from './booking/orders/get-change-request.js';
import { bookingRevenueTool } from './booking/orders/revenue.js';
import { seatConfirmTool } from './booking/seats/seat-confirm.js';
import { seatHoldTool } from './booking/seats/seat-hold.js';
import { seatMapTool } from './booking/seats/seat-map.js';
import { seatReleaseTool } from './booking/seats/seat-release.js';
import { seatSelectionsByBookingTool } from './booking/seats/seat-selections-by-booking.js';
import { seatSelectionsTool } from './booking/seats/seat-selections.js';
import { carCancelBookingTool } from './cars/cancel-booking.js';
import { carBookTool } from './cars/book.js';
import { carGetBookingTool } from './cars/get-booking.js';
import { bookCarTool } from './cars/mcp/book-car.js';
import { quoteCarTool } from './cars/mcp/quote-car.js';
import { carPartnerBookTool } from './cars/partner-book.js';
import { carPaymentIntentTool } from './cars/payment-intent.js';
import { carQuoteTool } from './cars/quote.js';
import { carSearchTool } from './cars/search.js';
import { searchCruisesTool } from './cruises/search.js';
import { searchFlightsTool } from './flights/search.js';
import { authConfigTool } from './health/auth-config.js';
import { healthDeepTool } from './health/health-deep.js';
import { healthTool } from './health/health.js';
import { providersHealthTool } from './health/providers.js';
import { versionTool } from './health/version.js';
import { hotelAwardsSearchTool } from './hotels/awards-search.js';
import { hotelBookTool } from './hotels/book.js';
import { hotelCancelBookingTool } from './hotels/cancel-booking.js';
import { hotelGetBookingTool } from './hotels/get-booking.js';
import { hotelLegacyDetailsTool } from './hotels/legacy-details.js';
import { bookHotelTool } from './hotels/mcp-book-hotel.js';
import { quoteHotelTool } from './hotels/mcp-quote-hotel.js';
import { hotelQuoteTool } from './hotels/quote.js';
import { hotelRatesTool } from './hotels/rates.js';
import { hotelSearchTool } from './hotels/search.js';
import { suggestPlacesTool } from './places/suggest.js';
import { buyCalculatorTool } from './points/buy-calculator.js';
import { optimizePointsTool } from './points/optimize.js';
import { sweetSpotsTool } from './points/sweetspots.js';
import { pointsPartnersTool } from './points/partners.js';
import { pointsPathsTool } from './points/paths.js';
import { pointsProgramsTool } from './points/programs.js';
import { pointsTransferBonusesCheckTool } from './points/transfer-bonuses-check.js';
import { pointsTransferBonusesTool } from './points/transfer-bonuses.js';
import { pointsRouterHealthTool } from './points-router/health.js';
import { pointsRouterPathsTool } from './points-router/paths.js';

/**
 * The registry: every capability of the service, listed explicitly. REST routes,
 * MCP tools and the OpenAPI document are all derived from this list.
 */
export const TOOLS: readonly AnyTool[] = [
  healthTool,
  healthDeepTool,
  authConfigTool,
  versionTool,
  providersHealthTool,
  suggestPlacesTool,
  searchFlightsTool,
  createKeyTool,
  listKeysTool,
  revokeKeyTool,
  keyUsageTool,
  changePlanTool,
  planCheckoutTool,
  planCheckoutFinishTool,
  adminProviderHealthTool,
  seatMapTool,
  seatHoldTool,
  seatSelectionsTool,
  seatConfirmTool,
  seatReleaseTool,
  seatSelectionsByBookingTool,
  getOfferTool,
  baggageTool,
  fareConditionsTool,
  fareBrandsTool,
  getBookingTool,
  bookingDocumentsTool,
  checkInLinksTool,
  availableServicesTool,
  bookingRevenueTool,
  createChangeRequestTool,
  getChangeRequestTool,
  changeOffersTool,
  createOfferTool,
  paymentIntentTool,
  cardPaymentConfirmTool,
  providerPaymentIntentTool,
  providerPaymentIntentConfirmTool,
  threeDsSessionTool,
  bookTool,
  bookAgentTool,
  holdTool,
  payTool,
  changeConfirmTool,
  cancelTool,
  addServicesTool,
  quoteBookingTool,
  bookFlightTool,
  holdFlightTool,
  cancelBookingTool,
  manageBookingTool,
  changeBookingTool,
  pickSeatMcpTool,
  manageAlertsMcpTool,
  pointsInfoMcpTool,
  hotelAwardsSearchTool,
  carSearchTool,
  carPaymentIntentTool,
  carBookTool,
  carQuoteTool,
  carPartnerBookTool,
  carGetBookingTool,
  carCancelBookingTool,
  quoteCarTool,
  bookCarTool,
  hotelSearchTool,
  hotelRatesTool,
  hotelQuoteTool,
  hotelBookTool,
  hotelGetBookingTool,
  hotelCancelBookingTool,
  hotelLegacyDetailsTool,
  quoteHotelTool,
  bookHotelTool,
  searchCruisesTool,
  optimizePointsTool,
  buyCalculatorTool,
  sweetSpotsTool,
  pointsProgramsTool,
  pointsPartnersTool,
  pointsPathsTool,
  pointsTransferBonusesTool,
  pointsTransferBonusesCheckTool,
  pointsRouterPathsTool,
  pointsRouterHealthTool,
  // Areas that list their own tools (one file each, so they grow without touching this one).
  ...FARES_TOOLS,
  ...AWARDS_TOOLS,
  ...FLIGHT_EXTRA_TOOLS,
  ...ALERTS_TOOLS,
  ...DEALS_TOOLS,
  ...STATS_TOOLS,
  ...WEBHOOKS_TOOLS,
  ...TRIPS_TOOLS,
  ...TRAVELERS_TOOLS,
  ...PLAYBOOK_TOOLS,
] as AnyTool[];

assertRegistry(TOOLS);
