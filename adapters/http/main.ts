import { ConfigError, loadConfig } from '../config/env.js';
import { startServer } from './server.js';

// `npm start`: validate the environment, serve, and shut down cleanly on SIGTERM/SIGINT.
try {
  const config = loadConfig();
  const running = await startServer(config);
  const stop = (signal: string) => {
    running.logger.info({ signal }, 'shutting down');
    running.close().then(() => process.exit(0), (err: unknown) => {
      running.logger.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
