/**
 * What a caught value says, read without a cast: anything may be thrown (an Error, a string,
 * undefined), so a `catch` that writes `(error as Error).message` assumes what it cannot know.
 */

/**
 * The `code` a thrown value carries (Node's `ENOENT`, `EEXIST`, `EAGAIN`…), or '' when it has
 * none or it is not a string.
 *
 * @example
 * errorCode(Object.assign(new Error('gone'), { code: 'ENOENT' })) // 'ENOENT'
 * errorCode('boom') // ''
 */
export function errorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('code' in error)) return '';
  return typeof error.code === 'string' ? error.code : '';
}

/**
 * What went wrong, as text: an Error's message, anything else thrown as a string.
 *
 * @example
 * errorMessage(new Error('disk full')) // 'disk full'
 * errorMessage(undefined) // 'undefined'
 */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
