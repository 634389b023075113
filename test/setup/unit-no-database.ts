// Setup of the `unit` project: its files run without the PGlite template and must
// not open a database or start a server. Opening one fails the test at once and
// says where the file belongs, so the fast loop stays fast.
import { PGlite } from '@electric-sql/pglite';

(PGlite as unknown as { create: () => never }).create = () => {
  throw new Error('A unit test opened a database: start servers and databases only in e2e files (remove the file from UNIT_TESTS in vitest.config.ts)');
};
