import { isIP } from 'node:net';

// The client address is the key of every per-address rate limit, so it must not be something the
// client can choose. Koa's own `app.proxy` + `maxIpsCount` would do the counting, but it takes any
// text as an address ("garbage" or "" from a forged header becomes a bucket of its own) and it also
// turns on X-Forwarded-Host/Proto; hence this parse of X-Forwarded-For alone.

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) is `192.0.2.1`, so one client is one key. */
const plain = (address: string): string => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

/** One X-Forwarded-For entry as an address, or null: a bare IP, `[v6]:port` or `v4:port`. */
const entryAddress = (entry: string): string | null => {
  const e = entry.trim();
  if (isIP(e) !== 0) return plain(e);
  if (e.startsWith('[')) {
    const end = e.indexOf(']');
    const inner = end > 0 ? e.slice(1, end) : '';
    const rest = end > 0 ? e.slice(end + 1) : '';
    return isIP(inner) === 6 && (rest === '' || /^:\d{1,5}$/.test(rest)) ? plain(inner) : null;
  }
  const colon = e.indexOf(':');
  if (colon > 0 && colon === e.lastIndexOf(':') && /^\d{1,5}$/.test(e.slice(colon + 1)) && isIP(e.slice(0, colon)) === 4) return e.slice(0, colon);
  return null;
};

/**
 * The address of the client behind `trustedHops` reverse proxies, each of which appends the address
 * it received the request from to X-Forwarded-For. With 0 the header is ignored and the peer of the
 * connection is the client. With N the client is the Nth entry from the right; when the header has
 * fewer entries, each was still written by a trusted proxy and the leftmost is the client. Entries
 * left of the Nth were written by the client itself and are never read. A malformed entry where the
 * client should be means the proxy did not write one: the connection's own address counts then.
 */
export const clientAddressOf = (peer: string, forwardedFor: string | undefined, trustedHops: number): string => {
  const own = plain(peer);
  if (trustedHops === 0 || forwardedFor === undefined || forwardedFor === '') return own;
  const entries = forwardedFor.split(',');
  const chosen = entries[Math.max(0, entries.length - trustedHops)] ?? '';
  return entryAddress(chosen) ?? own;
};
