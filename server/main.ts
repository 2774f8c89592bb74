/** The server: configuration, database (migrated), card key, bootstrap, then HTTP on one port. */
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { checkMediaStorage } from './media/storage';
import { settleCardFingerprintKey } from './money/cardKey';

/** Exit code of a start refused for its configuration (sysexits' EX_CONFIG). */
const EXIT_CONFIG = 78;

async function main() {
  const env = loadConfig();
  if (env.mediaS3) {
    await checkMediaStorage(env);
    console.log(`[start] media files in bucket "${env.mediaS3.bucket}" at ${env.mediaS3.endpoint}`);
  }
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  let config: ServerConfig;
  try {
    const cardFingerprintKey = await settleCardFingerprintKey({
      db: database.db,
      config: env,
      log: (message) => console.log(`[start] ${message}`),
    });
    config = { ...env, cardFingerprintKey };
  } catch (error) {
    await database.close();
    throw error;
  }
  await start(database, config);
}

async function start(database: Database, config: ServerConfig) {
  await bootstrap({ db: database.db, config });
  const app = await buildApp({ db: database.db, config, logger: true });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
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
