import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../../db/index.js';

/** A one-time link is good this long after `npm run keys -- login` prints it. */
export const LOGIN_LINK_TTL_MS = 10 * 60_000;
/** A dashboard session lasts this long; signing in again starts a new one. */
export const SESSION_TTL_MS = 12 * 3_600_000;

const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface DashboardSessionView {
  userId: string;
  /** The anti-CSRF token the page sends back on every change. */
  csrf: string;
}

/**
 * One-time sign-in links and dashboard sessions, both kept as sha256 hashes of random
 * tokens: a copy of the table signs nobody in. `clock` is the service clock, read on
 * every call so tests can move it.
 */
export class DashboardAuth {
  constructor(private readonly prisma: PrismaClient, private readonly clock: () => Date) {}

  /** Mints a link token for a user (created on first use, on the free plan). */
  async createLoginLink(userId: string): Promise<{ token: string; expiresAt: Date }> {
    await this.prisma.user.createMany({ data: [{ id: userId }], skipDuplicates: true });
    const token = newToken();
    const expiresAt = new Date(this.clock().getTime() + LOGIN_LINK_TTL_MS);
    await this.prisma.dashboardLoginLink.create({ data: { tokenHash: hashToken(token), userId, expiresAt } });
    return { token, expiresAt };
  }

  /** Spends a link: one conditional update, so two tabs racing on it sign in once. Null when unknown, used or expired. */
  async redeemLoginLink(token: string): Promise<{ userId: string } | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const now = this.clock();
    const spent = await this.prisma.dashboardLoginLink.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (spent.count !== 1) return null;
    const link = await this.prisma.dashboardLoginLink.findUnique({ where: { tokenHash }, select: { userId: true } });
    return link;
  }

  /** Opens a session; the returned token goes in the cookie and is never stored as such. */
  async openSession(userId: string): Promise<{ token: string; session: DashboardSessionView }> {
    const token = newToken();
    const csrf = newToken();
    const expiresAt = new Date(this.clock().getTime() + SESSION_TTL_MS);
    await this.prisma.dashboardSession.create({ data: { tokenHash: hashToken(token), userId, csrfToken: csrf, expiresAt } });
    return { token, session: { userId, csrf } };
  }

  async session(token: string | undefined): Promise<DashboardSessionView | null> {
    if (!token || token.length > 200) return null;
    const row = await this.prisma.dashboardSession.findUnique({ where: { tokenHash: hashToken(token) }, select: { userId: true, csrfToken: true, expiresAt: true } });
    if (!row || row.expiresAt.getTime() <= this.clock().getTime()) return null;
    return { userId: row.userId, csrf: row.csrfToken };
  }

  async closeSession(token: string | undefined): Promise<void> {
    if (token) await this.prisma.dashboardSession.deleteMany({ where: { tokenHash: hashToken(token) } });
  }
}
