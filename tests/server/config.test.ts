/** The environment is checked at start: a malformed or out-of-range value stops it (exit 78) instead of becoming a default. */
import { ConfigError, demoExposureWarning, isLoopbackHost, loadConfig } from '../../server/config';

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
    [{ PLUGIN_STORE_URL: 'javascript:alert(1)' }, 'PLUGIN_STORE_URL must start with https:// or http://'],
    [{ PLUGIN_STORE_URL: 'store' }, 'PLUGIN_STORE_URL is not a URL'],
    [{ SMTP_URL: 'mail.example.com:587', MAIL_FROM: 'a@example.com' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ SMTP_URL: 'https://mail.example.com', MAIL_FROM: 'a@example.com' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ SMTP_URL: 'smtp://u:p@mail.example.com:587' }, 'SMTP_URL is set but MAIL_FROM is not'],
    [{ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'console' }, 'MAIL_FROM is not an e-mail address'],
    [{ MAIL_FROM: 'a@example.com' }, 'MAIL_FROM is set but SMTP_URL is not'],
  ])('refuses %j', (env, problem) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(problem);
  });

  it('reads the plug-in store page when given', () => {
    expect(load({}).pluginStoreUrl).toBeUndefined();
    expect(load({ PLUGIN_STORE_URL: 'https://store.example.com/plugin/' }).pluginStoreUrl).toBe('https://store.example.com/plugin');
  });

  it('reads the mail server and sender, never echoing a malformed SMTP_URL (it may hold a password)', () => {
    expect(load({}).mail).toBeUndefined();
    expect(load({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Console <console@example.com>' }).mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'Console <console@example.com>',
    });
    expect(() => load({ SMTP_URL: 'smtp://user:secret@[bad', MAIL_FROM: 'a@example.com' })).toThrow(ConfigError);
    expect(() => load({ SMTP_URL: 'smtp://user:secret@[bad', MAIL_FROM: 'a@example.com' })).not.toThrow(/secret/);
  });

  it('listens on every interface, but on 127.0.0.1 with the demo accounts unless HOST is set', () => {
    expect(load({}).host).toBe('0.0.0.0');
    expect(load({ CONSOLE_DEMO: '1' }).host).toBe('127.0.0.1');
    expect(load({ CONSOLE_DEMO: '1', HOST: '' }).host).toBe('127.0.0.1');
    expect(load({ CONSOLE_DEMO: '1', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(load({ HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
});

describe('demoExposureWarning', () => {
  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])('demo accounts on %s: no warning', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
    expect(demoExposureWarning({ demo: true, host })).toBeUndefined();
  });

  it.each(['0.0.0.0', '::', '192.0.2.2', 'console.example.com'])('demo accounts on %s: a warning naming HOST', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
    expect(demoExposureWarning({ demo: true, host })).toContain(`HOST=${host}`);
  });

  it('without demo accounts, no warning wherever it listens', () => {
    expect(demoExposureWarning({ demo: false, host: '0.0.0.0' })).toBeUndefined();
  });
});
