import type { AnyTool } from '../_kit/define-tool.js';
import { bookAgentTool } from './book/book-agent.js';
import { bookTool } from './book/book.js';
import { createOfferTool } from './book/create-offer.js';
import { holdTool } from './book/hold.js';
import { payTool } from './book/pay.js';
import { addServicesTool } from './manage/add-services.js';
import { cancelTool } from './manage/cancel.js';
import { changeConfirmTool } from './manage/change-confirm.js';
import { bookFlightTool, holdFlightTool } from './mcp/book-flight.js';
import { cancelBookingTool } from './mcp/cancel-booking.js';
import { changeBookingTool } from './mcp/change-booking.js';
import { manageBookingTool } from './mcp/manage-booking.js';
import { quoteBookingTool } from './mcp/quote-booking.js';
import { baggageTool } from './offers/baggage.js';
import { fareBrandsTool } from './offers/fare-brands.js';
import { fareConditionsTool } from './offers/fare-conditions.js';
import { getOfferTool } from './offers/get-offer.js';
import { availableServicesTool } from './orders/available-services.js';
import { changeOffersTool } from './orders/change-offers.js';
import { checkInLinksTool } from './orders/check-in-links.js';
import { createChangeRequestTool } from './orders/create-change-request.js';
import { bookingDocumentsTool } from './orders/documents.js';
import { getBookingTool } from './orders/get-booking.js';
import { getChangeRequestTool } from './orders/get-change-request.js';
import { bookingRevenueTool } from './orders/revenue.js';
import { cardPaymentConfirmTool } from './payments/card-payment-confirm.js';
import { paymentIntentTool } from './payments/payment-intent.js';
import { providerPaymentIntentConfirmTool } from './payments/provider-payment-intent-confirm.js';
import { providerPaymentIntentTool } from './payments/provider-payment-intent.js';
import { threeDsSessionTool } from './payments/three-ds-session.js';
import { pickSeatMcpTool } from './seats/pick-seat-mcp.js';
import { seatConfirmTool } from './seats/seat-confirm.js';
import { seatHoldTool } from './seats/seat-hold.js';
import { seatMapTool } from './seats/seat-map.js';
import { seatReleaseTool } from './seats/seat-release.js';
import { seatSelectionsByBookingTool } from './seats/seat-selections-by-booking.js';
import { seatSelectionsTool } from './seats/seat-selections.js';

export const BOOKING_TOOLS: readonly AnyTool[] = [
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
];
