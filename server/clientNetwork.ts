/**
 * The network a client address counts for in the per-address limits (the /api ceiling, sign-in and
 * register attempts, invite-code lookups). An IPv6 client usually holds a whole /64 (one host may
 * pick any of its 2^64 addresses), so an IPv6 address counts as its /64; an IPv4 address, and an
 * IPv4 address mapped into IPv6 (`::ffff:203.0.113.7`, as a dual-stack socket reports it), as itself.
 */
import ipaddr from 'ipaddr.js';

/** Bits of an IPv6 address that name its network in the limits. */
export const IPV6_NETWORK_BITS = 64;

/** `2001:db8:1:2:aa::1`, 64 → `2001:db8:1:2::/64`. */
function prefixOf(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number): string {
  const cidr = `${address.toString()}/${bits}`;
  const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${network.toString()}/${bits}`;
}

/** `203.0.113.7` → `203.0.113.7`; `2001:db8:1:2:aa::1` → `2001:db8:1:2::/64`; anything unparsable as it came. */
export function clientNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  // `process` reads an IPv4-mapped IPv6 address as its IPv4 address.
  const parsed = ipaddr.process(address);
  return parsed.kind() === 'ipv4' ? parsed.toString() : prefixOf(parsed, IPV6_NETWORK_BITS);
}

/**
 * A loopback address (127.0.0.0/8, ::1) is no client's network: the server sees it for a client on
 * its own machine, or for every client behind a proxy it was not told to trust (TRUST_PROXY).
 */
export function isLoopback(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/** The wider network around an address: its IPv4 /24 or IPv6 /48 (a provider's pool a phone roams in). */
export function neighbourhood(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  return prefixOf(parsed, parsed.kind() === 'ipv4' ? 24 : 48);
}
