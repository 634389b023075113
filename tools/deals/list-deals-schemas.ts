// The deals.list input and output, shared by the tool and its MCP exposure.
import { z } from 'zod';
import { DEAL_CATEGORIES } from './deal-sources.js';

export const ListDealsInput = z.object({
  limit: z.number().int().min(1).max(50).default(12).describe('How many deals, 1–50 (default 12).'),
  category: z
    .enum(DEAL_CATEGORIES, { error: `Unknown category; use one of: ${DEAL_CATEGORIES.join(', ')}` })
    .optional()
    .describe('flight (mistake fares of the last 24 hours), points (transfer bonuses running today), card (credit-card sign-up bonuses) or hotel (hotel loyalty promotions). Omit for a mix.'),
});

const DealOut = z.object({
  title: z.string(),
  program: z.string().describe('Loyalty programme id the deal is in (e.g. "chase_ur", "hilton_honors"), or "cash" for a cash fare.'),
  value: z.string().describe('What the deal is worth, in words and figures.'),
  url: z.string().describe('Where to check or take it.'),
  category: z.enum(DEAL_CATEGORIES),
  valid_until: z.string().nullable().describe('Last day it is expected to hold (YYYY-MM-DD); null for mistake fares, which vanish without notice.'),
});

export const ListDealsOutput = z.object({
  categories: z.array(z.enum(DEAL_CATEGORIES)).describe('The categories listed.'),
  as_of: z.object({ card: z.string(), hotel: z.string(), points: z.string() }).describe('As-of date (YYYY-MM-DD) of each curated dataset. Card and hotel figures are APPROXIMATE; check the issuer or programme.'),
  count: z.number().int(),
  deals: z.array(DealOut),
});
