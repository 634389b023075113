import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import type { ListDealsInput, ListDealsOutput } from './list-deals-schemas.js';

// list_deals: the spec's arguments {limit, category} are the tool's input; the
// result is exactly the spec's {deals: [{title, program, value, url}]}.

const McpOutput = z.object({
  deals: z.array(z.object({ title: z.string(), program: z.string(), value: z.string(), url: z.string() })),
});

export const listDealsMcp: McpExposure<typeof ListDealsInput, typeof ListDealsOutput> = {
  name: 'list_deals',
  description:
    'Current travel deals: flight (mistake fares of the last 24 hours), points (transfer bonuses today), card (sign-up bonuses) and hotel (loyalty ' +
    'promotions). Each has title, program, value in words and url; card and hotel figures are approximate. Pass category for one kind.',
  annotations: { title: 'List current travel deals', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  output: McpOutput,
  fromOutput: (out) => McpOutput.parse({ deals: out.deals.map((d) => ({ title: d.title, program: d.program, value: d.value, url: d.url })) }),
};
