/**
 * Content-Security-Policy values for the human-facing pages. Everything is same-origin, so a
 * page can never reach a CDN (the reference must work offline); the only loosening is what
 * the bundled Redoc needs: styled-components writes <style> tags, and its search index runs
 * in a Web Worker created from a blob: URL.
 */
const COMMON = [
  "default-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "script-src 'self'",
];

export const PLAYGROUND_CSP = [...COMMON, "style-src 'self'"].join('; ');

export const DOCS_CSP = [...COMMON, "style-src 'self' 'unsafe-inline'", "font-src 'self' data:", "worker-src 'self' blob:"].join('; ');

/** The dashboard: like the playground, nothing but this origin. */
export const DASHBOARD_CSP = PLAYGROUND_CSP;

/** The search page: like the playground (its module scripts are same-origin files). */
export const SEARCH_CSP = PLAYGROUND_CSP;
