import { describe, expect, it } from 'vitest';
import { clientHop, parseTrustProxy, plainAddress, TRUST_NOBODY } from './trustProxy.js';

const trust = (...entries: string[]) => {
  const parsed = parseTrustProxy(entries);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const trustForwarded = (...entries: string[]) => {
  const parsed = parseTrustProxy(entries, 'forwarded');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];

describe('trust-proxy', () => {
  it('reads addresses and CIDR ranges, and names a bad one', () => {
    const proxies = trust('127.0.0.1', '10.0.0.0/8, fd00::/8');
    expect(proxies.trusts('10.200.3.4')).toBe(true);
    expect(proxies.trusts('::ffff:127.0.0.1')).toBe(true);
    expect(proxies.trusts('fd12::1')).toBe(true);
    expect(proxies.trusts('11.0.0.1')).toBe(false);
    expect(proxies.trusts('garbage')).toBe(false);
    for (const bad of ['10.0.0.0/33', 'localhost', '1.2.3.4/8/1', '::1/129', '10.0.0.0/x']) {
      expect(parseTrustProxy([bad])).toMatchObject({ ok: false, error: { code: 'ERR_SETTING' } });
    }
    expect(parseTrustProxy([])).toEqual({ ok: true, value: TRUST_NOBODY });
  });

  it('normalizes the forms headers write addresses in', () => {
    expect(plainAddress('"[2001:db8::1]:4711"')).toBe('2001:db8::1');
    expect(plainAddress(' 203.0.113.9:80 ')).toBe('203.0.113.9');
    expect(plainAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(plainAddress('unknown')).toBeUndefined();
  });

  it('believes no header from a peer it does not trust', () => {
    const forged = headers({ 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' });
    expect(clientHop('203.0.113.9', forged, trust('127.0.0.1'))).toEqual({
      address: '203.0.113.9',
      scheme: 'http',
    });
    expect(clientHop('127.0.0.1', forged, TRUST_NOBODY)).toEqual({
      address: '127.0.0.1',
      scheme: 'http',
    });
  });

  it('walks X-Forwarded-For from the right, skipping trusted hops only', () => {
    const proxies = trust('127.0.0.1', '10.0.0.0/8');
    // The client forged 6.6.6.6; nginx appended the address it saw, then an inner balancer.
    const sent = headers({
      'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.1.1.1',
      'x-forwarded-proto': 'http, https',
    });
    expect(clientHop('127.0.0.1', sent, proxies)).toEqual({
      address: '198.51.100.7',
      scheme: 'https',
    });
    // Every hop trusted: the leftmost is as far as anyone can tell.
    expect(clientHop('127.0.0.1', headers({ 'x-forwarded-for': '10.0.0.5' }), proxies)).toEqual({
      address: '10.0.0.5',
      scheme: 'http',
    });
    // A hop that is no address stops the walk at the proxy that wrote it.
    const broken = headers({ 'x-forwarded-for': '198.51.100.7, nonsense, 10.1.1.1' });
    expect(clientHop('127.0.0.1', broken, proxies).address).toBe('10.1.1.1');
  });

  it('reads Forwarded (RFC 7239) only when told to, with the client hop’s proto', () => {
    const sent = headers({
      forwarded: 'for=6.6.6.6;proto=http, for="[2001:db8::7]:4711";proto=https, for=10.0.0.2',
      'x-forwarded-for': '9.9.9.9',
    });
    expect(clientHop('::ffff:127.0.0.1', sent, trustForwarded('127.0.0.1', '10.0.0.0/8'))).toEqual({
      address: '2001:db8::7',
      scheme: 'https',
    });
    // A proxy that writes X-Forwarded-For passes the client's own Forwarded on untouched.
    expect(clientHop('127.0.0.1', sent, trust('127.0.0.1')).address).toBe('9.9.9.9');
  });
});
