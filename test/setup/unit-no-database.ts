// Setup of the `unit` project: its files run without the PGlite template and must
// not open a database or start a server. Opening one fails the test at once and
// says where the file belongs, so the fast loop stays fast. Installed around each
// file and restored after it, so a worker that goes on to an e2e file is unchanged.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';

const pglite = PGlite as unknown as { create: (...args: unknown[]) => unknown };
const realCreate = pglite.create;

beforeAll(() => {
  pglite.create = () => {
    throw new Error('A unit test opened a database: start servers and databases only in e2e files (remove the file from UNIT_TESTS in vitest.config.ts)');
  };
});
afterAll(() => {
  pglite.create = realCreate;
});
