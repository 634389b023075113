import type { z } from 'zod';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { AlertResponse } from '../../tools/alerts/alert-schemas.js';
import { ApiKeySchema } from '../../tools/account/schemas.js';
import { LoyaltyAccountInput, PassengerDetailsInput } from '../../tools/booking/checkout/passenger-input.js';
import { ServiceRequestInput } from '../../tools/booking/checkout/create-offer-input.js';
import { BookingResult } from '../../tools/booking/checkout/booking-result.js';
import {
  ConditionsView, MoneyView, OfferView, PassengerSlotView, PaymentRequirementsView, PolicyView, SegmentView, ServiceOptionView, SliceView,
} from '../../tools/booking/offers/offer-schemas.js';
import { BookingView, ChangeOfferView, ChangeRequestView, DocumentView, OrderServiceView, ProviderOrderView } from '../../tools/booking/orders/order-schemas.js';
import { AirlineCreditView, CancellationView } from '../../tools/booking/orders/cancellation-view.js';
import { SeatMapSchema } from '../../tools/booking/seats/seat-map-view.js';
import { BookableOffer } from '../../tools/booking/checkout/bookable-offer.js';
import { SeatSelectionSchema } from '../../tools/booking/seats/schemas.js';
import { CarBookingView } from '../../tools/cars/booking-view.js';
import { AddOnSelection, CarRateView, DriverInput } from '../../tools/cars/schemas.js';
import { SailingSchema } from '../../tools/cruises/sailing.js';
import { DealView } from '../../tools/deals/deal-view.js';
import { CalendarDay } from '../../tools/fares/calendar-schemas.js';
import {
  AwardView, CashPriceView, FlightResult, ProviderProgress, SearchSummary, SegmentView as SearchSegmentView, SliceView as SearchSliceView, StreamedFlight, StreamedSlice,
} from '../../tools/flights/flight-result.js';
import { HotelOut, StayBookingView } from '../../tools/hotels/hotel-schemas.js';
import { StayQuoteOutput } from '../../tools/hotels/quote.js';
import { RateOut } from '../../tools/hotels/rates.js';
import { StayGuest } from '../../tools/hotels/book.js';
import { PlaceSchema } from '../../tools/places/place.js';
import { PlaybookView } from '../../tools/playbook/playbook-schemas.js';
import { RedemptionPath, TransferHop } from '../../tools/points-router/router-answer.js';
import { TravelerProfile } from '../../tools/travelers/traveler-schemas.js';
import { TripView } from '../../tools/trips/trip-detail.js';
import { ActivityView, MemberView, ShareLinkView, TripSummaryView } from '../../tools/trips/trip-views.js';
import { ExpenseView } from '../../tools/trips/expense-views.js';
import { BudgetView } from '../../tools/trips/budget-view.js';
import { WebhookDeliverySchema, WebhookEndpointSchema } from '../../tools/webhooks/schemas.js';
import { AlertTriggeredEventData, MistakeFareEventData } from '../../tools/webhooks/events/alert-events.js';
import {
  BookingEventData, CarBookingEventData, CarCancellationEventView, FlightBookingEventData, StayBookingEventData, StayCancellationEventView,
} from '../../tools/webhooks/events/booking-events.js';
import { PaymentCompletedEventData, PaymentRefundedEventData } from '../../tools/webhooks/events/payment-events.js';

// The names clients see for our shapes. Tools stay free of OpenAPI concerns: the
// names live here, keyed by the zod schema object itself, and the builder turns
// every listed schema into one components.schemas entry that each use refers to.

/**
 * Named shapes no route answers with, documented all the same because clients build
 * them: the whole flight, which MCP search_flights answers and the SDKs' FlightBoard
 * rebuilds from the search stream's slice, result and update events.
 */
export const DOCUMENTED_WITHOUT_ROUTE: readonly string[] = ['Flight'];

/** Domain objects, by the schema that defines them; the first name listed wins a structural tie. */
export const DOMAIN_SCHEMAS: ReadonlyArray<readonly [z.ZodType, string]> = [
  [MoneyView, 'Money'],
  [FlightResult, 'Flight'],
  [StreamedFlight, 'StreamedFlight'],
  [StreamedSlice, 'StreamedSlice'],
  [SearchSliceView, 'FlightSlice'],
  [SearchSegmentView, 'FlightSegment'],
  [CashPriceView, 'CashPrice'],
  [AwardView, 'AwardAvailability'],
  [ProviderProgress, 'ProviderProgress'],
  [SearchSummary, 'SearchSummary'],
  [OfferView, 'Offer'],
  [SliceView, 'Slice'],
  [SegmentView, 'Segment'],
  [PassengerSlotView, 'PassengerSlot'],
  [PolicyView, 'FarePolicy'],
  [ConditionsView, 'FareConditions'],
  [PaymentRequirementsView, 'PaymentRequirements'],
  [ServiceOptionView, 'ServiceOption'],
  [PassengerDetailsInput, 'Passenger'],
  [LoyaltyAccountInput, 'LoyaltyAccount'],
  [ServiceRequestInput, 'ServiceRequest'],
  [BookingResult, 'BookingResult'],
  [BookableOffer, 'BookableOffer'],
  [BookingView, 'Booking'],
  [ProviderOrderView, 'Order'],
  [DocumentView, 'TravelDocument'],
  [OrderServiceView, 'OrderService'],
  [ChangeRequestView, 'ChangeRequest'],
  [ChangeOfferView, 'ChangeOffer'],
  [CancellationView, 'Cancellation'],
  [AirlineCreditView, 'AirlineCredit'],
  [SeatMapSchema, 'SeatMap'],
  [SeatSelectionSchema, 'SeatSelection'],
  [HotelOut, 'Hotel'],
  [RateOut, 'StayRate'],
  [StayQuoteOutput, 'StayQuote'],
  [StayBookingView, 'StayBooking'],
  [StayGuest, 'StayGuest'],
  [CarRateView, 'CarRate'],
  [CarBookingView, 'CarBooking'],
  [DriverInput, 'Driver'],
  [AddOnSelection, 'AddOnSelection'],
  [SailingSchema, 'Sailing'],
  [CalendarDay, 'CalendarDay'],
  [DealView, 'Deal'],
  [AlertResponse, 'AlertResponse'],
  [PlaybookView, 'SavedPlaybook'],
  [TravelerProfile, 'TravelerProfile'],
  [TripView, 'Trip'],
  [TripSummaryView, 'TripSummary'],
  [MemberView, 'TripMember'],
  [ActivityView, 'TripActivity'],
  [ExpenseView, 'TripExpense'],
  [ShareLinkView, 'ShareLink'],
  [BudgetView, 'TripBudget'],
  [RedemptionPath, 'RedemptionPath'],
  [TransferHop, 'TransferHop'],
  [PlaceSchema, 'Place'],
  [ApiKeySchema, 'ApiKey'],
  [WebhookEndpointSchema, 'WebhookEndpoint'],
  [WebhookDeliverySchema, 'WebhookDelivery'],
  [BookingEventData, 'BookingEventData'],
  [FlightBookingEventData, 'FlightBookingEventData'],
  [StayBookingEventData, 'StayBookingEventData'],
  [CarBookingEventData, 'CarBookingEventData'],
  [StayCancellationEventView, 'StayCancellation'],
  [CarCancellationEventView, 'CarCancellation'],
  [PaymentCompletedEventData, 'PaymentCompletedEventData'],
  [PaymentRefundedEventData, 'PaymentRefundedEventData'],
  [AlertTriggeredEventData, 'AlertTriggeredEventData'],
  [MistakeFareEventData, 'MistakeFareEventData'],
];

/** Request bodies by tool, with the names docs/service-spec.md gives them. */
export const REQUEST_NAMES: Readonly<Record<string, string>> = {
  'flights.search': 'FlightSearchRequest',
  'flights.upgrade_options': 'UpgradeOptionsRequest',
  'booking.seat_hold': 'SeatHoldInput',
  'booking.seat_confirm': 'SeatConfirmInput',
  'booking.seat_release': 'SeatReleaseInput',
  'booking.create_offer': 'CreateOfferInput',
  'booking.payment_intent': 'PaymentIntentInput',
  'booking.provider_payment_intent': 'ProviderPaymentIntentInput',
  'booking.book': 'BookingRequest',
  'booking.book_agent': 'AgentBookingRequest',
  'booking.change_request': 'CreateChangeRequestInput',
  'booking.change_confirm': 'ConfirmChangeInput',
  'booking.hold': 'HoldOrderInput',
  'booking.pay': 'HoldOrderPayInput',
  'booking.three_ds_session': 'ThreeDSInput',
  'booking.add_services': 'PostBookingServiceInput',
  'travelers.save': 'TravelerInput',
  'alerts.create': 'CreateAlertRequest',
  'hotels.search': 'HotelSearchRequest',
  'hotels.awards_search': 'HotelAwardSearchRequest',
  'hotels.rates': 'StayRatesRequest',
  'hotels.quote': 'StayQuoteRequest',
  'hotels.book': 'StayBookingRequest',
  'cars.payment_intent': 'CarPaymentIntentRequest',
  'cars.search': 'CarSearchRequest',
  'cars.book': 'CarBookingRequest',
  'cars.quote': 'CarQuoteRequest',
  'cars.partner_book': 'CarPartnerBookingRequest',
  'cruises.search': 'CruiseSearchRequest',
  'points.optimize': 'OptimizeRequest',
  'points.buy_calculator': 'BuyCalcRequest',
  'points.transfer_bonuses_check': 'EligibilityRequest',
  'points_router.paths': 'PathsRequest',
  'playbook.put': 'Playbook',
  'trips.create': 'CreateTripRequest',
  'trips.add_activity': 'AddActivityRequest',
  'trips.add_expense': 'AddExpenseRequest',
  'trips.add_traveler': 'AddTravelerRequest',
  'trips.update_status': 'UpdateStatusRequest',
  'trips.set_budget': 'SetBudgetRequest',
  'trips.create_share_link': 'GenerateShareLinkRequest',
};

/** Success answers the spec names; others are "<Tool>Response" unless the answer is a domain object above. */
const RESPONSE_NAMES: Readonly<Record<string, string>> = {
  'hotels.legacy_details': 'HotelDetailResponse',
  'flights.upgrade_options': 'UpgradeOptionsResponse',
  'flights.search': 'FlightSearchEvent',
};

/** "booking.seat_map" → "BookingSeatMap". */
export function toolTypeName(tool: AnyTool): string {
  return tool.name.split(/[._]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

export const requestName = (tool: AnyTool): string => REQUEST_NAMES[tool.name] ?? `${toolTypeName(tool)}Request`;
export const responseName = (tool: AnyTool): string => RESPONSE_NAMES[tool.name] ?? `${toolTypeName(tool)}Response`;
/** A stream tool's own events. */
export const eventName = (tool: AnyTool): string => `${toolTypeName(tool)}Event`;
/** What a stream's reader gets: the tool's events or the closing `error` event. */
export const streamEventName = (tool: AnyTool): string => RESPONSE_NAMES[tool.name] ?? `${toolTypeName(tool)}StreamEvent`;
