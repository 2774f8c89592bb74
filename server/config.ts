/** Server configuration, read once from the environment. */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Folder of the built console (`max build` output). */
  staticDir: string;
  adminUsername: string;
  adminPassword: string | undefined;
  demo: boolean;
  sessionTtlSeconds: number;
  rememberTtlSeconds: number;
  authRateLimitPerMinute: number;
  trustProxy: boolean;
  logLevel: string;
  /** Log every request (two lines each); off by default, errors are always logged. */
  logRequests: boolean;
  /** Folder of the uploaded media files (local-disk storage), `DATA_DIR/media` by default. */
  mediaDir: string;
  mediaImageMaxBytes: number;
  mediaVideoMaxBytes: number;
  /**
   * Key of the payout cards' fingerprints (HMAC), `CARD_FINGERPRINT_KEY`. Optional: without it the
   * server generates one into the database once, shared by every instance.
   */
  cardFingerprintKey: string | undefined;
}

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

const flag = (value: string | undefined) => value === '1' || value === 'true';

const MB = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(__dirname, '..');
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  return {
    port: int(env.PORT, 8000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(root, 'dist')),
    adminUsername: env.CONSOLE_ADMIN_USERNAME || 'admin',
    adminPassword: env.CONSOLE_ADMIN_PASSWORD || undefined,
    demo: flag(env.CONSOLE_DEMO),
    sessionTtlSeconds: int(env.SESSION_TTL_SECONDS, 12 * 3600),
    rememberTtlSeconds: int(env.REMEMBER_TTL_SECONDS, 30 * 24 * 3600),
    authRateLimitPerMinute: int(env.AUTH_RATE_LIMIT_PER_MINUTE, 30),
    trustProxy: flag(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    logRequests: flag(env.LOG_REQUESTS),
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    mediaImageMaxBytes: int(env.MEDIA_IMAGE_MAX_MB, 10) * MB,
    mediaVideoMaxBytes: int(env.MEDIA_VIDEO_MAX_MB, 50) * MB,
    cardFingerprintKey: env.CARD_FINGERPRINT_KEY || undefined,
  };
}
