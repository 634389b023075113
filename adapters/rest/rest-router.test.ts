import { describe, expect, it } from 'vitest';
import { bySpecificity } from './rest-router.js';

describe('route order', () => {
  it('tries literal segments before parameters at the same position', () => {
    const paths = ['/api/booking/{order_id}', '/api/booking/baggage', '/api/booking/{order_id}/cancel', '/api/booking/change-requests/{id}', '/health'];
    const sorted = [...paths].sort(bySpecificity);
    expect(sorted.indexOf('/api/booking/baggage')).toBeLessThan(sorted.indexOf('/api/booking/{order_id}'));
    expect(sorted.indexOf('/api/booking/change-requests/{id}')).toBeLessThan(sorted.indexOf('/api/booking/{order_id}/cancel'));
  });
});
