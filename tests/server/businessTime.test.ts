/** BUSINESS_TZ: the day an order number carries, and the setting itself. */
import { ConfigError, loadConfig } from '../../server/config';
import { businessDay } from '../../server/businessTime';
import { newOrderNo } from '../../server/order/orderNumbers';

// 03:03 on the 23rd in Shanghai is still the 22nd in UTC.
const SHANGHAI_EARLY_MORNING = new Date('2026-11-22T19:03:00Z');

test('an order bought early in the Shanghai morning carries the Shanghai day, not the UTC one', () => {
  expect(businessDay('Asia/Shanghai', SHANGHAI_EARLY_MORNING)).toBe('2026-11-23');
  expect(businessDay('UTC', SHANGHAI_EARLY_MORNING)).toBe('2026-11-22');
  expect(newOrderNo('Asia/Shanghai', SHANGHAI_EARLY_MORNING)).toMatch(/^20261123\d{10}$/);
});

test('BUSINESS_TZ defaults to Asia/Shanghai and refuses a zone the runtime does not know', () => {
  expect(loadConfig({}).businessTimeZone).toBe('Asia/Shanghai');
  expect(loadConfig({ BUSINESS_TZ: 'Europe/Paris' }).businessTimeZone).toBe('Europe/Paris');
  expect(() => loadConfig({ BUSINESS_TZ: 'Mars/Olympus' })).toThrow(ConfigError);
});
