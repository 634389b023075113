import type { z } from 'zod';
import type { Prisma } from '../../prisma/generated/client.js';
import { ToolError } from '../../tools/_kit/errors.js';

// JSON columns cross the store boundary through here. A read is parsed with the
// column's zod schema; a value that does not fit (a hand edit, an old shape) is
// a fault on our side, so it surfaces as INTERNAL with a generic message; the
// column and zod's issues ride on `cause` for the logs, never in the answer.

/** Parses a stored value; a mismatch throws INTERNAL. `column` ("table.column") names it in the cause. */
export function readJson<S extends z.ZodType>(schema: S, value: unknown, column: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ToolError('INTERNAL', 'Internal error: a stored record could not be read', {
    cause: new Error(`unreadable ${column}: ${parsed.error.message}`, { cause: parsed.error }),
  });
}

/**
 * A value for a JSON column, typed from the column's schema input. Prisma's
 * InputJsonValue is a recursive type TypeScript cannot match against our record
 * interfaces (optional fields, unknown-valued records), so the one cast of a
 * write lives here, behind a signature that only takes schema-shaped values.
 */
export function writeJson<S extends z.ZodType>(_schema: S, value: z.input<S>): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}
