import { createHmac } from 'node:crypto';

/**
 * A day's seed: HMAC-SHA256 keyed by the server's daily secret over `twenty48/daily/v1/` and
 * the date, its first 16 bytes spelled base64url (22 characters, as every ranked seed). No one
 * without the secret can tell it before the server publishes it (the day after); every server
 * with the same secret deals the same day.
 *
 * @example
 * dailySeed('a secret of sixteen+', '2026-11-26') // 22 characters, the same on every server
 */
export function dailySeed(secret: string, date: string): string {
  return createHmac('sha256', secret)
    .update(`twenty48/daily/v1/${date}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
