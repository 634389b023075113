// One error type for every non-2xx answer, so callers catch a single class and switch
// on `status` / `code`. A 422 carries the FastAPI-style `detail` list as `validation`.
import type { components } from './generated/schema.js';

export type ValidationIssue = components['schemas']['ValidationError'];
export type ErrorBody = components['schemas']['ErrorResponse'];

export class DealEngineError extends Error {
  override readonly name = 'DealEngineError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** Stable service error code (NOT_FOUND, RATE_LIMITED, …); VALIDATION_ERROR for a 422. */
  readonly code: string;
  /** For a 422: every field at fault (`loc`, `msg`, `type`); empty otherwise. */
  readonly detail: readonly ValidationIssue[];
  readonly hint: string | undefined;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(DealEngineError.describe(status, body));
    this.status = status;
    this.body = body;
    const obj = isRecord(body) ? body : {};
    this.detail = Array.isArray(obj['detail']) ? (obj['detail'] as ValidationIssue[]) : [];
    this.code = typeof obj['code'] === 'string' ? obj['code'] : status === 422 ? 'VALIDATION_ERROR' : `HTTP_${status}`;
    this.hint = typeof obj['hint'] === 'string' ? obj['hint'] : undefined;
  }

  /** Reads a failed Response into an error (the body is consumed from a clone). */
  static async fromResponse(response: Response): Promise<DealEngineError> {
    const text = await response.clone().text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's HTML page, say): keep the text.
    }
    return new DealEngineError(response.status, body);
  }

  private static describe(status: number, body: unknown): string {
    if (isRecord(body)) {
      const detail = body['detail'];
      if (typeof detail === 'string') return `${status}: ${detail}`;
      if (Array.isArray(detail)) {
        const issues = (detail as ValidationIssue[]).map((d) => `${d.loc.join('.')}: ${d.msg}`);
        return `${status}: ${issues.join('; ')}`;
      }
    }
    return `${status}: request failed`;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
