/** Server configuration, read once from the environment. */
import { EXPORT_MAX_ROWS } from '#contract/constants';
import { STREAM_HEARTBEAT_MS } from '#contract/notifications';
import net from 'node:net';
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { envSchema } from 'env-schema';
import { DEFAULT_HASH_CONCURRENCY, DEFAULT_HASH_QUEUE_PER_SLOT, type HashPoolLimits } from './auth/hashPool';
import { DEFAULT_SESSIONS_PER_ACCOUNT, DEFAULT_STEP_UP_SECONDS } from '#contract/accountRules';

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
  /** A session not used for this long ends (A0230), whatever its lifetime. */
  sessionIdleSeconds: number;
  /** `SESSIONS_PER_ACCOUNT`: live sessions an account holds at once; a sign-in beyond it ends the least recently used. */
  sessionsPerAccount: number;
  /** `STEP_UP_SECONDS`: how long a session's last password (sign-in or step-up) opens the sensitive calls. */
  stepUpSeconds: number;
  authRateLimitPerMinute: number;
  /** Every other /api request, per client address and server instance. */
  apiRateLimitPerMinute: number;
  /**
   * The proxies whose `X-Forwarded-For` is believed (addresses, CIDRs or proxy-addr's names
   * loopback / linklocal / uniquelocal); false trusts none. The client address is the right-most
   * hop that is not one of them.
   */
  trustProxy: string[] | false;
  logLevel: string;
  /** Log every request (two lines each); off by default, errors are always logged. */
  logRequests: boolean;
  /**
   * Check every answer against its call's answer schema before sending it, and fail (B0001) on a
   * mismatch or an undeclared field: on in the tests, so a schema that forgets a field is found
   * there rather than by a screen that lost it (`CHECK_ANSWERS`).
   */
  checkAnswers: boolean;
  /** Folder of the uploaded media files (local-disk storage), `DATA_DIR/media` by default. */
  mediaDir: string;
  /**
   * The S3-compatible bucket the uploaded media files live in instead of `mediaDir`
   * (`MEDIA_S3_BUCKET` and `MEDIA_S3_ENDPOINT`), shared by every instance; undefined keeps the local disk.
   */
  mediaS3: MediaS3Config | undefined;
  mediaImageMaxBytes: number;
  mediaVideoMaxBytes: number;
  /**
   * `PUBLIC_URL`: the address users open the console at (e.g. `https://console.example.com`).
   * An `https:` one turns on Strict-Transport-Security.
   */
  publicUrl: string | undefined;
  /**
   * `HSTS_INCLUDE_SUBDOMAINS` (default on): with an https `PUBLIC_URL`, Strict-Transport-Security
   * also covers the host's subdomains. Turn it off only while a subdomain still serves plain http.
   */
  hstsIncludeSubDomains: boolean;
  /**
   * `PUBLIC_API_DOCS` (default off): the API document (/api/openapi.json) and its reader's copy are
   * answered to anyone; otherwise only to a signed-in account granted 系统管理 (staff).
   */
  publicApiDocs: boolean;
  /**
   * `PLUGIN_STORE_URL`: the plug-in's page in an extension store. 安装插件 opens it; without it,
   * the newest published release's download (版本管理).
   */
  pluginStoreUrl: string | undefined;
  /**
   * Key of the payout cards' fingerprints (HMAC), as written in `CARD_FINGERPRINT_KEY` or the key
   * file (`base64:<…>` or plain text, see server/bankCard/cardKey.ts). Never kept in the database.
   */
  cardFingerprintKey: string;
  /**
   * `SHUTDOWN_DRAIN_SECONDS`: after SIGTERM / SIGINT, /api/ready answers 503 this long while
   * everything else is still served (time for a balancer or orchestrator to stop sending), then the
   * server closes.
   */
  shutdownDrainSeconds: number;
  /** `SHUTDOWN_TIMEOUT_SECONDS`: in-flight requests get this long to finish; then the process exits (code 1). */
  shutdownTimeoutSeconds: number;
  /** `BUSINESS_TZ`: the zone of business days (order numbers, "this month"); storage stays UTC. */
  businessTimeZone: string;
  /** The most rows one export (导出) may hold; more is refused before the file starts (a test lowers it). */
  exportMaxRows: number;
  /** How often the notification streams get a heartbeat and their sessions are checked (a test shortens it). */
  streamHeartbeatMs: number;
  /**
   * `METRICS_ALLOW`: the addresses and CIDRs (or proxy-addr's names) whose own connection may read
   * `GET /metrics` (default `loopback`; `0` or `none`: none). The socket's address counts, never a
   * forwarded one: a proxy on the same host must not pass /metrics on (deploy/nginx.conf).
   */
  metricsAllow: string[];
  /** `METRICS_TOKEN` (16 characters at least): a scraper sending `Authorization: Bearer <it>` may read /metrics from anywhere. */
  metricsToken: string | undefined;
  /** `PASSWORD_HASH_CONCURRENCY` and `PASSWORD_HASH_QUEUE`: the hashing pool's limits (server/auth/hashPool.ts). */
  hashPool: HashPoolLimits;
  /**
   * `SMTP_URL` and `MAIL_FROM`: the mail server the password reset codes are sent through
   * (server/mail.ts) and their sender; undefined turns 忘记密码 into "ask an administrator".
   */
  mail: MailConfig | undefined;
}

/** Where the server's mail goes out: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export interface MailConfig {
  smtpUrl: string;
  /** `MAIL_FROM`: `console@example.com` or `创作者控制台 <console@example.com>`. */
  from: string;
}

/** Where the media files live in object storage; credentials come from the AWS SDK's default chain. */
export interface MediaS3Config {
  /** `MEDIA_S3_ENDPOINT`, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000` (addressed path-style). */
  endpoint: string;
  bucket: string;
  /** `MEDIA_S3_REGION`, else `AWS_REGION`, else `us-east-1`. */
  region: string;
}

/**
 * The configuration as the environment gives it. The card fingerprint key may still be missing:
 * on the embedded database it comes from the key file in `DATA_DIR`, settled at start by
 * `settleCardFingerprintKey` (server/bankCard/cardKey.ts) once the database is open.
 */
export interface EnvConfig extends Omit<ServerConfig, 'cardFingerprintKey'> {
  cardFingerprintKey: string | undefined;
  /** `CARD_FINGERPRINT_KEY_DISCARD_OLD=1`: drop a key an earlier version kept in the database even though it differs. */
  discardOldCardFingerprintKey: boolean;
}

/** A configuration the server refuses to start with; `main.ts` prints the message and exits 78 (EX_CONFIG). */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The psql command that prints the key an earlier version kept in the database, in CARD_FINGERPRINT_KEY's form. */
export const OLD_CARD_KEY_PSQL = `psql "$DATABASE_URL" -Atc "select 'base64:' || value from server_secrets where name = 'card-fingerprint-key'"`;

export const MISSING_CARD_KEY_MESSAGE = [
  "CARD_FINGERPRINT_KEY is required when DATABASE_URL is set: the key of the payout cards' fingerprints is not kept in the database.",
  'Give every instance the same key:',
  '  - a new database: generate one once and store it with your other secrets, e.g.',
  '      CARD_FINGERPRINT_KEY="base64:$(openssl rand -base64 32)"',
  '  - a database an earlier version ran on without CARD_FINGERPRINT_KEY: that version kept its key in the database;',
  '    set CARD_FINGERPRINT_KEY to it so the cards added so far stay recognised:',
  `      CARD_FINGERPRINT_KEY="$(${OLD_CARD_KEY_PSQL})"`,
].join('\n');

const seconds = (fallback: number, minimum: number) => Type.Integer({ minimum, maximum: 10 * 365 * 24 * 3600, default: fallback });
const perMinute = (fallback: number) => Type.Integer({ minimum: 1, maximum: 1_000_000_000, default: fallback });
const megabytes = (fallback: number) => Type.Integer({ minimum: 1, maximum: 4096, default: fallback });
const oneOf = <T extends string>(values: readonly T[], fallback: T) => Type.Unsafe<T>({ type: 'string', enum: values, default: fallback });
const FLAG = oneOf(['1', 'true', '0', 'false'], '0');

/**
 * The numbers, flags and names of the environment, checked (env-schema: ajv coerces the text to
 * the type and applies the defaults): a malformed or out-of-range value stops the start instead of
 * falling back to a default unnoticed (`PORT=abc`).
 */
const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8000 }),
  SESSION_TTL_SECONDS: seconds(12 * 3600, 60),
  REMEMBER_TTL_SECONDS: seconds(30 * 24 * 3600, 60),
  SESSION_IDLE_SECONDS: seconds(2 * 3600, 60),
  SESSIONS_PER_ACCOUNT: Type.Integer({ minimum: 1, maximum: 10_000, default: DEFAULT_SESSIONS_PER_ACCOUNT }),
  STEP_UP_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: DEFAULT_STEP_UP_SECONDS }),
  AUTH_RATE_LIMIT_PER_MINUTE: perMinute(30),
  API_RATE_LIMIT_PER_MINUTE: perMinute(600),
  MEDIA_IMAGE_MAX_MB: megabytes(10),
  MEDIA_VIDEO_MAX_MB: megabytes(50),
  SHUTDOWN_DRAIN_SECONDS: Type.Integer({ minimum: 0, maximum: 3600, default: 0 }),
  SHUTDOWN_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 10 }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  CONSOLE_DEMO: FLAG,
  LOG_REQUESTS: FLAG,
  HSTS_INCLUDE_SUBDOMAINS: oneOf(['1', 'true', '0', 'false'], '1'),
  PUBLIC_API_DOCS: FLAG,
  CHECK_ANSWERS: FLAG,
  CARD_FINGERPRINT_KEY_DISCARD_OLD: FLAG,
  PASSWORD_HASH_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 256, default: DEFAULT_HASH_CONCURRENCY }),
  PASSWORD_HASH_QUEUE: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
type CheckedEnv = Static<typeof EnvSchema>;

/** The checked variables of `env`; an empty one counts as unset (its default). */
function checkedEnv(env: NodeJS.ProcessEnv): CheckedEnv {
  const data = Object.fromEntries(Object.keys(EnvSchema.properties).flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  try {
    return envSchema<CheckedEnv>({ schema: EnvSchema, data, env: false });
  } catch (error) {
    type AjvError = { instancePath: string; message?: string; params: { allowedValues?: string[] } };
    const problems = ((error as { errors?: AjvError[] }).errors ?? []).map(({ instancePath, message, params }) => {
      const name = instancePath.slice(1);
      const expected = params.allowedValues ? `one of ${params.allowedValues.join(', ')}` : message;
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${expected}`;
    });
    throw new ConfigError(`invalid environment variable(s):\n${problems.join('\n') || (error as Error).message}`);
  }
}

const flag = (value: string) => value === '1' || value === 'true';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an IP address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** A comma-separated list of addresses, CIDRs and proxy-addr's names in variable `name`; a bad entry stops the start. */
function addressListOf(name: string, text: string): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyEntry(entry));
  if (bad.length > 0) throw new ConfigError(`${name}: not an address or CIDR: ${bad.join(', ')}`);
  return entries;
}

/** `METRICS_ALLOW`: like TRUST_PROXY's list; unset is `loopback`, `0` / `none` / `false` is nobody. */
export function parseMetricsAllow(value: string | undefined): string[] {
  const text = (value ?? '').trim();
  if (text === '') return ['loopback'];
  if (text === '0' || text === 'none' || text === 'false') return [];
  return addressListOf('METRICS_ALLOW', text);
}

export const METRICS_TOKEN_MIN_LENGTH = 16;

function metricsTokenOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < METRICS_TOKEN_MIN_LENGTH)
    throw new ConfigError(`METRICS_TOKEN must be ${METRICS_TOKEN_MIN_LENGTH} characters at least`);
  return value;
}

/**
 * `TRUST_PROXY`: unset, empty, `0` or `false` trusts no proxy (the socket's address is the
 * client's); `1` or `true` (the former on/off switch) trusts the loopback addresses only (a proxy
 * on the same host); otherwise a comma-separated list of addresses and CIDRs.
 */
export function parseTrustProxy(value: string | undefined): string[] | false {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return ['loopback'];
  const entries = addressListOf('TRUST_PROXY', text);
  return entries.length > 0 ? entries : false;
}

const MB = 1024 * 1024;

/** An http(s) address in variable `name`, without a trailing slash; the start stops on anything else. */
const webAddressOf = (name: string, value: string | undefined): string | undefined => {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`${name} must start with https:// or http://: ${value}`);
  return url.toString().replace(/\/$/, '');
};

/** A plain e-mail address, alone or in angle brackets after a display name (`Name <a@b.example>`). */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/**
 * `SMTP_URL` and `MAIL_FROM`: neither set sends no mail; SMTP_URL must be an `smtp://` or `smtps://`
 * URL with a host, and needs MAIL_FROM (mail servers refuse a made-up sender); MAIL_FROM alone is a
 * half-made switch the server refuses, like MEDIA_S3_*.
 */
export function mailOf(env: NodeJS.ProcessEnv): MailConfig | undefined {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  const from = env.MAIL_FROM?.trim() || undefined;
  if (!smtpUrl) {
    if (from)
      throw new ConfigError(
        'MAIL_FROM is set but SMTP_URL is not: set SMTP_URL (smtp://user:password@host:587) to send mail, or unset MAIL_FROM.',
      );
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    // Not echoed: the URL may hold the mail server's password.
    throw new ConfigError('SMTP_URL is not a URL (smtp://user:password@host:587 or smtps://user:password@host:465)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps:// (it starts with ${url.protocol}//)`);
  if (!url.hostname) throw new ConfigError('SMTP_URL has no host (smtp://user:password@host:587)');
  if (url.port && !(Number(url.port) > 0 && Number(url.port) < 65536)) throw new ConfigError(`SMTP_URL's port is not a port: ${url.port}`);
  if (!from)
    throw new ConfigError(
      'SMTP_URL is set but MAIL_FROM is not: give the sender of the mail, e.g. MAIL_FROM="Creator Console <console@example.com>"',
    );
  if (!MAIL_FROM_PATTERN.test(from))
    throw new ConfigError(`MAIL_FROM is not an e-mail address (a@example.com or Name <a@example.com>): ${from}`);
  return { smtpUrl, from };
}

/** S3's bucket naming rules (3 to 63 lower-case letters, digits, dots and hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `MEDIA_S3_*`: nothing set keeps the local disk; a bucket needs an endpoint, and an endpoint or a
 * region without a bucket is a half-made switch the server refuses rather than silently ignoring.
 */
export function mediaS3Of(env: NodeJS.ProcessEnv): MediaS3Config | undefined {
  const bucket = env.MEDIA_S3_BUCKET?.trim() || undefined;
  const endpoint = env.MEDIA_S3_ENDPOINT?.trim() || undefined;
  const region = env.MEDIA_S3_REGION?.trim() || undefined;
  if (!bucket) {
    const stray = [endpoint && 'MEDIA_S3_ENDPOINT', region && 'MEDIA_S3_REGION'].filter(Boolean).join(' and ');
    if (stray) {
      throw new ConfigError(
        `${stray} ${stray.includes(' and ') ? 'are' : 'is'} set but MEDIA_S3_BUCKET is not: set MEDIA_S3_BUCKET to keep the media files in that object storage, or unset MEDIA_S3_* to keep them on the local disk (MEDIA_DIR).`,
      );
    }
    return undefined;
  }
  if (!BUCKET_NAME.test(bucket))
    throw new ConfigError(`MEDIA_S3_BUCKET is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens): ${bucket}`);
  if (!endpoint) {
    throw new ConfigError(
      'MEDIA_S3_BUCKET is set but MEDIA_S3_ENDPOINT is not: give the address of the S3-compatible server, e.g. http://minio:9000, or https://s3.<region>.amazonaws.com for AWS S3.',
    );
  }
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ConfigError(`MEDIA_S3_ENDPOINT is not a URL: ${endpoint}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`MEDIA_S3_ENDPOINT must start with https:// or http://: ${endpoint}`);
  if (url.pathname !== '/' || url.search || url.hash)
    throw new ConfigError(`MEDIA_S3_ENDPOINT is the server's address only, without a path (the bucket is MEDIA_S3_BUCKET): ${endpoint}`);
  const hasKeyId = Boolean(env.AWS_ACCESS_KEY_ID);
  if (hasKeyId !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      `${hasKeyId ? 'AWS_ACCESS_KEY_ID is set without AWS_SECRET_ACCESS_KEY' : 'AWS_SECRET_ACCESS_KEY is set without AWS_ACCESS_KEY_ID'}: the media bucket's credentials need both (or neither, for the AWS SDK's other sources: profile, container or instance role).`,
    );
  }
  return { endpoint: url.origin, bucket, region: region ?? (env.AWS_REGION?.trim() || 'us-east-1') };
}

/**
 * Reads the configuration from the environment. Throws a `ConfigError` for one the server must not
 * start with (DATABASE_URL without CARD_FINGERPRINT_KEY, a malformed PUBLIC_URL, half-set MEDIA_S3_*, SMTP_URL
 * without MAIL_FROM).
 */
export const DEFAULT_BUSINESS_TZ = 'Asia/Shanghai';

/** `BUSINESS_TZ`: an IANA zone the runtime knows (Intl refuses any other), else the start stops. */
export function timeZoneOf(value: string | undefined): string {
  const zone = value || DEFAULT_BUSINESS_TZ;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new ConfigError(`BUSINESS_TZ is not a time zone: ${zone}`);
  }
  return zone;
}

/** Where the demo accounts' server listens unless HOST says otherwise: their password is published. */
export const DEMO_HOST = '127.0.0.1';

/** HOST when set; otherwise 127.0.0.1 with the demo accounts, every interface without them. */
export const listenHostOf = (host: string | undefined, demo: boolean) => host || (demo ? DEMO_HOST : '0.0.0.0');

/** An address only this machine reaches: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1').replace(/^::ffff:/i, '');
  return address === 'localhost' || address === '::1' || (net.isIPv4(address) && address.startsWith('127.'));
}

/** The start's warning when the demo accounts can be reached from other machines (undefined when they can not). */
export function demoExposureWarning({ demo, host }: Pick<ServerConfig, 'demo' | 'host'>): string | undefined {
  if (!demo || isLoopbackHost(host)) return undefined;
  return (
    `WARNING: the demo accounts (CONSOLE_DEMO=1), whose password is published in the README, can be reached from other machines: ` +
    `HOST=${host}. Leave HOST unset to listen on ${DEMO_HOST} only, or start without CONSOLE_DEMO.`
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const root = path.resolve(__dirname, '..');
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  const databaseUrl = env.DATABASE_URL || undefined;
  const cardFingerprintKey = env.CARD_FINGERPRINT_KEY || undefined;
  if (databaseUrl && !cardFingerprintKey) throw new ConfigError(MISSING_CARD_KEY_MESSAGE);
  const checked = checkedEnv(env);
  const demo = flag(checked.CONSOLE_DEMO);
  return {
    port: checked.PORT,
    host: listenHostOf(env.HOST, demo),
    dataDir,
    databaseUrl,
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(root, 'dist')),
    adminUsername: env.CONSOLE_ADMIN_USERNAME || 'admin',
    adminPassword: env.CONSOLE_ADMIN_PASSWORD || undefined,
    demo,
    sessionTtlSeconds: checked.SESSION_TTL_SECONDS,
    rememberTtlSeconds: checked.REMEMBER_TTL_SECONDS,
    sessionIdleSeconds: checked.SESSION_IDLE_SECONDS,
    sessionsPerAccount: checked.SESSIONS_PER_ACCOUNT,
    stepUpSeconds: checked.STEP_UP_SECONDS,
    authRateLimitPerMinute: checked.AUTH_RATE_LIMIT_PER_MINUTE,
    apiRateLimitPerMinute: checked.API_RATE_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: checked.LOG_LEVEL,
    logRequests: flag(checked.LOG_REQUESTS),
    checkAnswers: flag(checked.CHECK_ANSWERS),
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    mediaS3: mediaS3Of(env),
    mediaImageMaxBytes: checked.MEDIA_IMAGE_MAX_MB * MB,
    mediaVideoMaxBytes: checked.MEDIA_VIDEO_MAX_MB * MB,
    publicUrl: webAddressOf('PUBLIC_URL', env.PUBLIC_URL),
    hstsIncludeSubDomains: flag(checked.HSTS_INCLUDE_SUBDOMAINS),
    publicApiDocs: flag(checked.PUBLIC_API_DOCS),
    pluginStoreUrl: webAddressOf('PLUGIN_STORE_URL', env.PLUGIN_STORE_URL),
    cardFingerprintKey,
    discardOldCardFingerprintKey: flag(checked.CARD_FINGERPRINT_KEY_DISCARD_OLD),
    shutdownDrainSeconds: checked.SHUTDOWN_DRAIN_SECONDS,
    shutdownTimeoutSeconds: checked.SHUTDOWN_TIMEOUT_SECONDS,
    businessTimeZone: timeZoneOf(env.BUSINESS_TZ),
    exportMaxRows: EXPORT_MAX_ROWS,
    streamHeartbeatMs: STREAM_HEARTBEAT_MS,
    metricsAllow: parseMetricsAllow(env.METRICS_ALLOW),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    hashPool: {
      concurrency: checked.PASSWORD_HASH_CONCURRENCY,
      queueLimit: checked.PASSWORD_HASH_QUEUE ?? checked.PASSWORD_HASH_CONCURRENCY * DEFAULT_HASH_QUEUE_PER_SLOT,
    },
    mail: mailOf(env),
  };
}
