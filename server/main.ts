/** The server: configuration, database (migrated), card key, bootstrap, then HTTP on one port. */
import { buildApp, type Lifecycle } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, demoExposureWarning, loadConfig, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { checkMediaStorage } from './media/storage';
import { settleCardFingerprintKey } from './bankCard/cardKey';

/** Exit code of a start refused for its configuration (sysexits' EX_CONFIG). */
const EXIT_CONFIG = 78;

async function main() {
  const env = loadConfig();
  const exposure = demoExposureWarning(env);
  if (exposure) console.warn(`[start] ${exposure}`);
  if (env.mediaS3) {
    await checkMediaStorage(env);
    console.log(`[start] media files in bucket "${env.mediaS3.bucket}" at ${env.mediaS3.endpoint}`);
  }
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  let config: ServerConfig;
  try {
    // One starting instance at a time settles the key and seeds (instances started together).
    config = await database.exclusive(async () => {
      const cardFingerprintKey = await settleCardFingerprintKey({
        db: database.db,
        config: env,
        log: (message) => console.log(`[start] ${message}`),
      });
      const settled = { ...env, cardFingerprintKey };
      await bootstrap({ db: database.db, config: settled });
      return settled;
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  await start(database, config);
}

async function start(database: Database, config: ServerConfig) {
  const lifecycle: Lifecycle = { shuttingDown: false };
  const app = await buildApp({ db: database.db, config, logger: true, lifecycle, processMetrics: true });

  // Graceful stop: /api/ready answers 503 at once (and for SHUTDOWN_DRAIN_SECONDS everything else
  // is still served), then app.close() stops accepting connections, closes the idle keep-alive ones
  // and waits for the requests in flight; then the database closes. Past SHUTDOWN_TIMEOUT_SECONDS
  // (counted from the end of the drain) the process exits with 1 whatever is left. A second signal
  // is ignored.
  const close = async (signal: string) => {
    if (lifecycle.shuttingDown) return;
    lifecycle.shuttingDown = true;
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds, timeoutSeconds: config.shutdownTimeoutSeconds }, 'shutting down');
    try {
      if (config.shutdownDrainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
      const timer = setTimeout(() => {
        app.log.error(`shutdown did not finish within ${config.shutdownTimeoutSeconds} s; exiting`);
        process.exit(1);
      }, config.shutdownTimeoutSeconds * 1000);
      timer.unref();
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${database.kind} database; console at ${config.publicUrl ?? `http://localhost:${config.port}`}/`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`\n[start] the server refuses to start:\n${error.message}\n`);
    process.exit(EXIT_CONFIG);
  }
  console.error(error);
  process.exit(1);
});
