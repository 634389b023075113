import { describe, it, expect } from 'vitest';
import { invokeUnary } from '../_kit/invoke.js';
import { ANONYMOUS } from '../_kit/principal.js';
import { testContext } from '../../test/kit/test-context.js';
import { suggestPlacesTool } from './suggest.js';

const ctx = testContext({ principal: ANONYMOUS });

describe('places.suggest tool', () => {
  it('is bound to the documented route and MCP name', () => {
    expect(suggestPlacesTool.rest).toEqual({ method: 'GET', path: '/api/places/suggest' });
    expect(suggestPlacesTool.mcp && suggestPlacesTool.mcp.name).toBe('suggest_places');
    expect(suggestPlacesTool.auth).toBe('none');
  });

  it('defaults the limit to 10 and returns schema-valid places', async () => {
    const out = await invokeUnary(suggestPlacesTool, ctx, { query: 'london' });
    expect(out.places).toHaveLength(10);
    expect(out.places[0]).toMatchObject({ type: 'city', iata: 'LON' });
    expect(out.places[1]).toMatchObject({ type: 'airport', iata: 'LHR', country: 'GB' });
  });

  it('trims the query and honours the limit', async () => {
    const out = await invokeUnary(suggestPlacesTool, ctx, { query: '  lis  ', limit: 2 });
    expect(out.places.map((p) => p.iata)).toEqual(['LIS', expect.any(String)]);
  });

  it('rejects empty queries and out-of-range limits', async () => {
    await expect(invokeUnary(suggestPlacesTool, ctx, { query: '   ' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(invokeUnary(suggestPlacesTool, ctx, { query: 'lis', limit: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(invokeUnary(suggestPlacesTool, ctx, { query: 'lis', limit: 51 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(invokeUnary(suggestPlacesTool, ctx, { query: 'x'.repeat(101) })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers no match with an empty list, not an error', async () => {
    const out = await invokeUnary(suggestPlacesTool, ctx, { query: 'qqqqzzz' });
    expect(out.places).toEqual([]);
  });
});
