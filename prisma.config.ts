// Prisma CLI configuration (Prisma 7 reads the datasource URL from here).
import { defineConfig } from 'prisma/config';

// Offline: the CLI wants a native schema engine before generate/validate/format
// although those commands only use bundled WebAssembly. Pointing the variable at
// any existing file skips the download. Never for migrate/db commands, which
// would then report nonsense; those go through prisma/migrations-cli.ts here.
const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY && ['generate', 'validate', 'format'].includes(command ?? '')) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // Optional: only `prisma migrate deploy` (machines with internet) needs it.
  datasource: { url: process.env.DATABASE_URL },
});
