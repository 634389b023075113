import { ConfigError } from './env.js';

// What `npm start` prints when it cannot start: a sentence naming the setting to
// check, not a stack trace. Anything we do not recognise is printed as it is.

const NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
/** PostgreSQL SQLSTATEs a wrong DATABASE_URL produces: bad password, unknown role or database. */
const PG_SETUP = new Map([['28P01', 'the password was refused'], ['28000', 'the role was refused'], ['3D000', 'the database does not exist']]);

function codes(err: unknown): string[] {
  const out: string[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > 4) return;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') out.push(code);
    for (const inner of (e as { errors?: unknown[] }).errors ?? []) visit(inner, depth + 1);
    visit((e as { cause?: unknown }).cause, depth + 1);
  };
  visit(err, 0);
  return out;
}

/** Host and port of a URL, without its credentials. */
function where(url: string | undefined): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    return ` at ${u.hostname}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return '';
  }
}

export function startupErrorMessage(err: unknown, env: Record<string, string | undefined> = process.env): string {
  if (err instanceof ConfigError) return err.message;
  const found = codes(err);
  const message = err instanceof Error ? err.message : String(err);
  const network = found.find((c) => NETWORK.has(c));
  const pg = found.find((c) => PG_SETUP.has(c));
  const redisy = /redis/i.test(message) || /redis/i.test(String((err as { stack?: string })?.stack ?? ''));
  if ((network || pg) && redisy && env['REDIS_URL']) {
    return `Cannot start: Redis is unreachable${where(env['REDIS_URL'])} (${network ?? message}). Check REDIS_URL and that Redis is running, or unset REDIS_URL to use the in-process cache.`;
  }
  if (pg && env['DATABASE_URL']) {
    return `Cannot start: PostgreSQL${where(env['DATABASE_URL'])} refused the connection: ${PG_SETUP.get(pg)} (${pg}). Check the user, password and database name in DATABASE_URL.`;
  }
  if (network && env['DATABASE_URL']) {
    return `Cannot start: the database is unreachable${where(env['DATABASE_URL'])} (${network}). Check DATABASE_URL and that PostgreSQL is running and accepts connections from here, or unset DATABASE_URL to use the embedded database in DATA_DIR.`;
  }
  if (found.includes('EADDRINUSE')) return `Cannot start: the port is in use (${message}). Set PORT to a free port, or stop what is listening there.`;
  if (found.includes('EACCES') && /listen/i.test(message)) return `Cannot start: not allowed to listen (${message}). Use a PORT above 1024, or check HOST.`;
  return '';
}
