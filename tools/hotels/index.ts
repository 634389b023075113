import type { AnyTool } from '../_kit/define-tool.js';
import { hotelAwardsSearchTool } from './awards-search.js';
import { hotelBookTool } from './book.js';
import { hotelCancelBookingTool } from './cancel-booking.js';
import { hotelGetBookingTool } from './get-booking.js';
import { hotelLegacyDetailsTool } from './legacy-details.js';
import { bookHotelTool } from './mcp-book-hotel.js';
import { quoteHotelTool } from './mcp-quote-hotel.js';
import { hotelQuoteTool } from './quote.js';
import { hotelRatesTool } from './rates.js';
import { hotelSearchTool } from './search.js';

export const HOTELS_TOOLS: readonly AnyTool[] = [
  hotelAwardsSearchTool,
  hotelSearchTool,
  hotelRatesTool,
  hotelQuoteTool,
  hotelBookTool,
  hotelGetBookingTool,
  hotelCancelBookingTool,
  hotelLegacyDetailsTool,
  quoteHotelTool,
  bookHotelTool,
];
