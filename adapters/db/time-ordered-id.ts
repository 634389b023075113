import { Prisma } from '../../prisma/generated/client.js';

// Outbox ids in UUID version 7 layout, made in SQL for rows written by one
// statement: the statement's time in milliseconds, then the row's number in the
// statement (24 bits), then 48 random bits. Ids of one statement rise with the row
// number and later statements sort after earlier ones, so a large insert appends
// at the right edge of the primary-key index instead of touching a random page
// per row (what gen_random_uuid() did). Still unique across processes: two
// statements in the same millisecond differ in the random bits.

/** SQL text for the id of row `rowNumber` (an SQL expression, 1-based, below 2^24) of a statement run at `at`. */
export function timeOrderedId(at: Date, rowNumber: Prisma.Sql): Prisma.Sql {
  const ms = at.getTime().toString(16).padStart(12, '0');
  const head = `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7`;
  return Prisma.sql`(${head} || lpad(to_hex((${rowNumber}) >> 12), 3, '0') || '-8' || lpad(to_hex((${rowNumber}) & 4095), 3, '0') || '-' || right(gen_random_uuid()::text, 12))`;
}
