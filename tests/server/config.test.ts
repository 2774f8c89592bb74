/** The environment is checked at start: a malformed or out-of-range value stops it (exit 78) instead of becoming a default. */
import { ConfigError, loadConfig } from '../../server/config';

const load = (env: Record<string, string>) => loadConfig(env);

describe('loadConfig', () => {
  it('takes the defaults for unset and empty variables', () => {
    const config = load({ SHUTDOWN_TIMEOUT_SECONDS: '' });
    expect(config).toMatchObject({ port: 8000, logLevel: 'info', demo: false, sessionIdleSeconds: 7200, shutdownTimeoutSeconds: 10 });
  });

  it('reads numbers and flags as their types', () => {
    const config = load({
      PORT: '0',
      CONSOLE_DEMO: 'true',
      LOG_LEVEL: 'warn',
      MEDIA_VIDEO_MAX_MB: '20',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    expect(config).toMatchObject({
      port: 0,
      demo: true,
      logLevel: 'warn',
      mediaVideoMaxBytes: 20 * 1024 * 1024,
      apiRateLimitPerMinute: 1_000_000,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT="abc": must be integer'],
    [{ PORT: '70000' }, 'PORT="70000": must be <= 65535'],
    [{ SESSION_IDLE_SECONDS: '5' }, 'SESSION_IDLE_SECONDS="5": must be >= 60'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '1.5' }, 'AUTH_RATE_LIMIT_PER_MINUTE="1.5": must be integer'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL="loud": one of fatal, error, warn, info, debug, trace, silent'],
    [{ CONSOLE_DEMO: 'yes' }, 'CONSOLE_DEMO="yes": one of 1, true, 0, false'],
  ])('refuses %j', (env, problem) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(problem);
  });
});
