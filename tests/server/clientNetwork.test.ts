import { clientNetwork } from '../../server/clientNetwork';

describe('clientNetwork: what a per-address limit counts', () => {
  it('an IPv4 address as itself, also when a dual-stack socket maps it into IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('an IPv6 address as its /64, however it is written', () => {
    expect(clientNetwork('2001:db8:1:2:aa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('anything else as it came (never throws on what a socket or a proxy reports)', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('not an address')).toBe('not an address');
  });
});
