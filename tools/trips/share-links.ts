import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { loadTrip, requireRole, WRITERS } from './trip-access.js';
import { GenerateShareLinkRequest, actingUserField, safeText, tripIdField } from './trip-schemas.js';
import { ShareLinkView, shareLinkView } from './trip-views.js';

// Read-only share links. The token (256 random bits) is shown once; only its
// SHA-256 is stored, so a database leak does not leak working links.

export const hashShareToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const createShareLinkTool = defineTool({
  name: 'trips.create_share_link',
  title: 'Create a read-only share link',
  description:
    'Makes a persistent read-only link to the trip: GET /api/trips/shared/{token} shows it to anyone holding the link, without emails, user ids, ' +
    'member ids, booking ids, balances or tokens. The token is returned once (only its hash is kept); a link lasts expires_in_days when given, ' +
    'and until revoked with DELETE /api/trips/{trip_id}/share/{share_id} in any case. Owners and editors only.',
  area: 'Trips',
  input: GenerateShareLinkRequest,
  output: ShareLinkView.extend({
    token: z.string().describe('Shown once; keep it.'),
    path: z.string().describe('/api/trips/shared/{token}'),
    url: z.string().describe('Absolute URL when the service knows its public origin, else the path.'),
  }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/trips/{trip_id}/share' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'share the trip');
    const token = randomBytes(32).toString('base64url');
    const now = ctx.services.clock();
    const expiresAt = input.expires_in_days === undefined ? null : new Date(now.getTime() + input.expires_in_days * 86_400_000);
    const link = await ctx.services.trips.createShareLink({
      id: `tsl_${randomBytes(12).toString('hex')}`, tripId: access.trip.id, tokenHash: hashShareToken(token), createdBy: access.me.id, expiresAt,
    });
    const path = `/api/trips/shared/${token}`;
    return { ...shareLinkView(link, now), token, path, url: ctx.call?.baseUrl ? `${ctx.call.baseUrl}${path}` : path };
  },
});

export const revokeShareLinkTool = defineTool({
  name: 'trips.revoke_share_link',
  title: 'Revoke a share link',
  description: 'Revokes one of the trip\'s share links: its URL answers 404 from then on. Revoking twice is harmless. Owners and editors only.',
  area: 'Trips',
  input: z.object({ trip_id: tripIdField, share_id: safeText(100).describe('The link id (tsl_...).'), acting_user_id: actingUserField }),
  output: ShareLinkView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'DELETE', path: '/api/trips/{trip_id}/share/{share_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'revoke share links');
    const link = await ctx.services.trips.revokeShareLink(access.trip.id, input.share_id, ctx.services.clock());
    if (!link) throw new ToolError('NOT_FOUND', 'Share link not found');
    return shareLinkView(link, ctx.services.clock());
  },
});
