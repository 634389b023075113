// One example body per webhook event (the OpenAPI `webhooks` section shows them
// and docs readers copy them into their handlers' tests). Same fixed dates as the
// other examples (March 2027); test/openapi-examples.test.ts checks each against
// its event schema, so a payload change that forgets its example fails there.

const envelope = (id: string, type: string, createdAt: string, data: unknown) => ({ id, type, created_at: createdAt, data });

const flightBooking = {
  product: 'flight',
  booking_id: 'bk_01JQ3M8V7K2R5T9W4X6Y8Z0A1B',
  status: 'confirmed',
  total: { amount: 1712.64, currency: 'USD' },
  user_id: 'usr_amelia_hart',
  order_id: 'ord_0000AgsSb4yDuTfBOx9QIf',
  pnr: 'RZPQ7K',
};

export const WEBHOOK_EXAMPLES: Readonly<Record<string, unknown>> = {
  BookingCreatedEvent: envelope('evt_01JQ3M8V9C4E6G8J0L2N4P6R8T', 'booking.created', '2027-02-02T14:03:11.482Z', { ...flightBooking, status: 'pending', order_id: null, pnr: null }),
  BookingConfirmedEvent: envelope('evt_01JQ3M8W1D5F7H9K1M3P5R7T9V', 'booking.confirmed', '2027-02-02T14:03:13.027Z', flightBooking),
  BookingCanceledEvent: envelope('evt_01JQ5B2C3D4E5F6G7H8J9K0L1M', 'booking.canceled', '2027-02-03T09:41:52.310Z', {
    ...flightBooking,
    status: 'cancelled',
    cancellation: {
      id: 'ore_0000AgsVx3bVfZqQvW8s1M',
      refund_to: 'original_form_of_payment',
      refund_from_airline: { amount: 1655.4, currency: 'USD' },
      refunded_to_customer: { amount: 1655.4, currency: 'USD' },
      airline_credits: [],
      cancelled_at: '2027-02-03T09:41:51.902Z',
    },
  }),
  PaymentCompletedEvent: envelope('evt_01JQ3M8W0B3D5F7H9J1L3N5P7R', 'payment.completed', '2027-02-02T14:03:12.755Z', {
    payment_intent_id: 'pi_3QxR7u2eZvKYlo2C1gH4mN8s', amount: { amount: 1712.64, currency: 'USD' }, booking_id: flightBooking.booking_id, offer_id: 'duffel:off_0000AgsRtcqHQNQmiMcUDI',
  }),
  PaymentRefundedEvent: envelope('evt_01JQ5B2C4E6G8J0L2N4Q6S8U0W', 'payment.refunded', '2027-02-03T09:41:53.118Z', {
    payment_intent_id: 'pi_3QxR7u2eZvKYlo2C1gH4mN8s', refund_id: 're_3QxR7u2eZvKYlo2C0aB2cD4e', amount: { amount: 1655.4, currency: 'USD' },
    reason: 'cancelled', purpose: 'order', goods: { kind: 'flight_booking', id: flightBooking.booking_id },
  }),
  AlertTriggeredEvent: envelope('evt_01JQ1X7Y8Z9A0B1C2D3E4F5G6H', 'alert.triggered', '2027-01-28T06:00:04.219Z', {
    alert_id: 'alt_01JPZK4M6N8Q0S2U4W6Y8A0C2E', origin: 'JFK', destination: 'LIS', departure_date: '2027-03-14', return_date: '2027-03-22', cabin: 'economy',
    price: 618.3, currency: 'USD', previous_price: 686.9, target_price: 650, checked_at: '2027-01-28T06:00:03.877Z', channels: ['webhook'],
    offer: {
      offer_id: 'duffel:off_0000AqJk3xYq5S1bNfXbZk', result_id: 'r_9f1c2e7a', search_id: 'srch_01JQ1X7Q2W3E4R5T6Y7U8I9O0P', price: 618.3, currency: 'USD',
      expires_at: '2027-01-28T06:30:03.000Z', itinerary: ['TP208 JFK 21:35 → LIS 09:30 (+1)', 'TP207 LIS 16:10 → JFK 18:55'], flights: ['TP208', 'TP207'],
      departing_at: '2027-03-14T21:35:00', return_departing_at: '2027-03-22T16:10:00',
    },
  }),
  MistakeFareEvent: envelope('evt_01JQ2A3B4C5D6E7F8G9H0J1K2L', 'alert.mistake_fare', '2027-01-29T17:22:40.561Z', {
    id: 'mf_01JQ2A3B1Z9Y8X7W6V5T4S3R2Q', origin: 'LAX', destination: 'NRT', departure_date: '2027-04-06', return_date: '2027-04-15', cabin: 'business',
    price: { amount: 1184, currency: 'USD' }, typical_price: { amount: 4260, currency: 'USD' }, sigmas: 4.6, pct_off: 72.2,
    detected_at: '2027-01-29T17:22:40.120Z', source: 'duffel',
  }),
};
