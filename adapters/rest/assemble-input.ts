import type { ValidationIssue } from '../../tools/_kit/errors.js';
import type { InputPlan } from './input-plan.js';

// Builds the raw tool input from path, query and body, coercing query and path
// strings to the scalar type the schema expects. Validation proper is zod's job.

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

function coerce(value: string, kind: string): unknown {
  if ((kind === 'integer' || kind === 'number') && NUMERIC.test(value.trim())) return Number(value);
  if (kind === 'boolean') {
    const v = value.toLowerCase();
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
  }
  return value;
}

function fromQuery(raw: unknown, kind: string): unknown {
  const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
  if (kind === 'array') return values;
  // Like FastAPI: a repeated scalar parameter takes its last value.
  const last = values.at(-1);
  return last === undefined ? raw : coerce(last, kind);
}

/**
 * Sets an own, enumerable property even for a key such as "__proto__": plain
 * assignment of a body's "__proto__" would replace the input's prototype instead,
 * hiding the key from validation. As an own key, strict schemas refuse it as unknown.
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export type Assembled = { ok: true; input: Record<string, unknown> } | { ok: false; issues: ValidationIssue[] };

export function assembleInput(
  plan: InputPlan,
  params: Record<string, string | string[] | undefined>,
  query: Record<string, unknown>,
  body: unknown,
): Assembled {
  const input: Record<string, unknown> = {};
  if (plan.hasBody && body !== undefined) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return { ok: false, issues: [{ loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' }] };
    }
    for (const [k, v] of Object.entries(body)) {
      if (!plan.pathParams.includes(k) && !plan.queryParams.includes(k)) setOwn(input, k, v);
    }
  }
  for (const k of plan.queryParams) {
    if (query[k] !== undefined) input[k] = fromQuery(query[k], plan.scalar[k] ?? 'other');
  }
  for (const k of plan.pathParams) {
    const v = params[k];
    if (typeof v === 'string') input[k] = coerce(v, plan.scalar[k] ?? 'other');
  }
  return { ok: true, input };
}
