// The scopes a token or API key can carry. Tools declare which ones they need
// (`scopes` in defineTool); every surface answers 403 insufficient_scope when the
// grant lacks one (tools/_kit/scopes.ts).

export const SCOPE_READ = 'read';
export const SCOPE_PLAN = 'plan';
export const SCOPE_BOOK = 'book';

export type Scope = typeof SCOPE_READ | typeof SCOPE_PLAN | typeof SCOPE_BOOK;

/** Shown on the consent page and published as scopes_supported, in this order. */
export const SCOPES: Readonly<Record<Scope, { title: string; description: string }>> = {
  read: {
    title: 'Search and read',
    description: 'Search flights, hotels, cars and cruises, and read your points balances, deals, alerts and trips.',
  },
  plan: {
    title: 'Plan',
    description: 'Create and change your group trips, expenses and votes, fare alerts, saved travelers and preferences. Spends nothing.',
  },
  book: {
    title: 'Book and spend',
    description: 'Anything that spends money or changes a booking: book, pay, change or cancel trips on your behalf.',
  },
};

export const SUPPORTED_SCOPES: readonly Scope[] = [SCOPE_READ, SCOPE_PLAN, SCOPE_BOOK];

/** What a client gets offered when it asks for nothing: reading only; booking must be asked for. */
export const DEFAULT_SCOPES: readonly Scope[] = [SCOPE_READ];

export function isScope(s: string): s is Scope {
  return (SUPPORTED_SCOPES as readonly string[]).includes(s);
}

/**
 * Space-separated request value → known scopes, de-duplicated, in canonical order.
 * Unknown scopes are dropped rather than refused: clients often add openid/profile,
 * and the token response tells them what was granted (RFC 6749 §3.3).
 */
export function parseScopes(value: string | undefined): Scope[] {
  const asked = new Set((value ?? '').split(/\s+/).filter(Boolean));
  return SUPPORTED_SCOPES.filter((s) => asked.has(s));
}

/** True when every required scope was granted. */
export function hasScopes(granted: readonly string[], required: readonly string[]): boolean {
  return required.every((s) => granted.includes(s));
}
