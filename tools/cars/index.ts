import type { AnyTool } from '../_kit/define-tool.js';
import { carBookTool } from './book.js';
import { carCancelBookingTool } from './cancel-booking.js';
import { carGetBookingTool } from './get-booking.js';
import { bookCarTool } from './mcp/book-car.js';
import { quoteCarTool } from './mcp/quote-car.js';
import { carPartnerBookTool } from './partner-book.js';
import { carPaymentIntentTool } from './payment-intent.js';
import { carQuoteTool } from './quote.js';
import { carSearchTool } from './search.js';

export const CARS_TOOLS: readonly AnyTool[] = [
  carSearchTool,
  carPaymentIntentTool,
  carBookTool,
  carQuoteTool,
  carPartnerBookTool,
  carGetBookingTool,
  carCancelBookingTool,
  quoteCarTool,
  bookCarTool,
];
