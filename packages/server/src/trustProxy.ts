import { BlockList, isIP } from 'node:net';
import { fail, ok, type Result } from '@twenty48/engine';

/** The proxies whose forwarded headers are believed: addresses and CIDR ranges. */
export interface ProxyTrust {
  /** Whether `address` (as the socket or a forwarded header gives it) is a trusted proxy. */
  trusts(address: string): boolean;
  /** The list as it was given (to log the settings). */
  readonly given: readonly string[];
  /**
   * Which header the proxies write: `x-forwarded` (X-Forwarded-For and -Proto, as nginx's
   * `$proxy_add_x_forwarded_for` does) or `forwarded` (RFC 7239). Only that one is read: the
   * other passes through a proxy untouched, as the client wrote it.
   */
  readonly header: ForwardedHeader;
}

export const FORWARDED_HEADERS = ['x-forwarded', 'forwarded'] as const;
export type ForwardedHeader = (typeof FORWARDED_HEADERS)[number];

/** Who sent a request and how, once the trusted proxies' headers are read. */
export interface ClientHop {
  /** The client's address: the socket's, or the first untrusted hop a trusted proxy named. */
  readonly address: string;
  /** `https` when a trusted proxy says the client came over TLS, else `http`. */
  readonly scheme: 'http' | 'https';
}

/** Trusting nobody: the socket's address is the client's, and no header is read. */
export const TRUST_NOBODY: ProxyTrust = { trusts: () => false, given: [], header: 'x-forwarded' };

const V4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * An address as the socket or a header writes it, plain: `::ffff:1.2.3.4` is 1.2.3.4, brackets
 * and a port are dropped (`[2001:db8::1]:4711`, `1.2.3.4:80`, RFC 7239's quoted form). Not an IP
 * address: undefined.
 *
 * @example
 * plainAddress('"[2001:db8::1]:4711"') // '2001:db8::1'
 * plainAddress('unknown') // undefined
 */
export function plainAddress(text: string): string | undefined {
  let value = text.trim().replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(value)) value = value.replace(/:\d+$/, '');
  value = value.replace(/%.*$/, '');
  const mapped = V4_MAPPED.exec(value);
  if (mapped?.[1]) value = mapped[1];
  return isIP(value) === 0 ? undefined : value;
}

/**
 * Read `--trust-proxy`: addresses and CIDR ranges (IPv4 or IPv6), separated by commas or spaces;
 * an empty list trusts nobody. A bad entry is named (ERR_SETTING is the caller's).
 *
 * @example
 * parseTrustProxy(['127.0.0.1', '10.0.0.0/8']) // { ok: true, value: { trusts, given } }
 * parseTrustProxy(['10.0.0.0/33']) // { ok: false, error: { code: 'ERR_SETTING', … } }
 */
export function parseTrustProxy(
  entries: readonly string[],
  header: ForwardedHeader = 'x-forwarded',
): Result<ProxyTrust, 'ERR_SETTING'> {
  const list = new BlockList();
  const given: string[] = [];
  for (const entry of entries.flatMap((item) => item.split(/[\s,]+/)).filter(Boolean)) {
    const [base = '', bits, extra] = entry.split('/');
    const address = plainAddress(base);
    const family = address === undefined ? 0 : isIP(address);
    const width = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? width : /^\d{1,3}$/.test(bits) ? Number(bits) : -1;
    if (address === undefined || extra !== undefined || prefix < 0 || prefix > width) {
      return fail(
        'ERR_SETTING',
        `"${entry.slice(0, 60)}" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, ::1)`,
      );
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
    given.push(entry);
  }
  if (given.length === 0) return ok(TRUST_NOBODY);
  return ok({
    given,
    header,
    trusts(text: string): boolean {
      const address = plainAddress(text);
      if (address === undefined) return false;
      return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
    },
  });
}

/** The hops of `Forwarded` (RFC 7239), client first: each hop's `for` and `proto`. */
function forwardedHops(header: string): { for?: string; proto?: string }[] {
  return header.split(',').map((element) => {
    const hop: { for?: string; proto?: string } = {};
    for (const pair of element.split(';')) {
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim().toLowerCase();
      const value = pair
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      if (at > 0 && (name === 'for' || name === 'proto')) hop[name] = value;
    }
    return hop;
  });
}

const schemeOf = (proto: string | undefined): 'http' | 'https' =>
  proto?.trim().toLowerCase() === 'https' ? 'https' : 'http';

/**
 * Who sent this request. Headers are read only when the socket's peer is a trusted proxy; then
 * the hops it forwarded (`X-Forwarded-For`, or `Forwarded` as `trust.header` says) are walked from the right,
 * skipping trusted proxies: the first untrusted hop is the client (a client cannot forge its
 * way past the proxy that appended its real address). The scheme is the one the nearest
 * trusted proxy states (the `proto` of the client's `Forwarded` hop, else the rightmost
 * `X-Forwarded-Proto`).
 *
 * @example
 * clientHop('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }, trust)
 * // { address: '203.0.113.9', scheme: 'http' } when only 127.0.0.1 is trusted
 */
export function clientHop(
  socketAddress: string,
  header: (name: string) => string | undefined,
  trust: ProxyTrust,
): ClientHop {
  const socket = plainAddress(socketAddress) ?? socketAddress;
  if (!trust.trusts(socket)) return { address: socket, scheme: 'http' };
  const forwarded = trust.header === 'forwarded' ? (header('forwarded') ?? '') : undefined;
  const hops: { for?: string; proto?: string }[] =
    forwarded !== undefined
      ? forwardedHops(forwarded)
      : (header('x-forwarded-for') ?? '')
          .split(',')
          .filter((item) => item.trim() !== '')
          .map((item) => ({ for: item }));
  const nearestProto =
    forwarded !== undefined ? undefined : (header('x-forwarded-proto') ?? '').split(',').at(-1);
  let address = socket;
  let scheme = schemeOf(nearestProto);
  for (let at = hops.length - 1; at >= 0; at--) {
    const hop = hops[at];
    const named = hop?.for === undefined ? undefined : plainAddress(hop.for);
    // A hop that is no address (`unknown`, garbage): the proxy before it is as far as we know.
    if (named === undefined) break;
    address = named;
    if (forwarded !== undefined) scheme = schemeOf(hop?.proto);
    if (!trust.trusts(named)) break;
  }
  return { address, scheme };
}
