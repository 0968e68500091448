/**
 * The checkers save file on disk: reading at most MAX_XLSX_BYTES (never waiting on a FIFO),
 * writing atomically, and the names `(save)` and `(load)` take. The format itself, bytes both
 * ways, is `@twenty48/checkers-xlsx`, which the browser game shares.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, type FileHandle, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  checkSheetGame,
  decodeXlsx,
  encodeXlsx,
  MAX_XLSX_BYTES,
  oneLine,
  quote,
  type SheetGame,
  XLSX_ERRORS,
} from '@twenty48/checkers-xlsx';
import { errorCode, fail, ok, type Result } from '@twenty48/common';

/** The format's refusals, and the file system's. */
export const XLSX_FILE_ERRORS = [
  ...XLSX_ERRORS,
  'ERR_READ',
  'ERR_WRITE',
  'ERR_WRITE_PROTECTED',
  'ERR_FILE_NAME',
] as const;
export type XlsxFileError = (typeof XLSX_FILE_ERRORS)[number];

export const DEFAULT_FILE_NAME = 'checkers.xlsx';
/** How long a read may take: a FIFO whose writer never writes (or never stops) gives up. */
const READ_DEADLINE_MS = 2000;
const MAX_FILE_NAME_LENGTH = 100;

/** Plain words for the usual reasons a file cannot be read or written. */
const FILE_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
  EAGAIN: 'no data came in time',
};

const reasonOf = (error: unknown): string => {
  const code = errorCode(error);
  return FILE_FAILURES[code] ?? (code || oneLine(error));
};

/**
 * At most `cap` + 1 bytes of `path`. Non-blocking, so a FIFO without a writer reads as empty
 * instead of waiting; counted, so /dev/zero or an endless writer is cut off at the cap.
 */
async function readCapped(path: string, cap: number): Promise<Result<Uint8Array, XlsxFileError>> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const deadline = Date.now() + READ_DEADLINE_MS;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, cap + 1 - total));
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(chunk, 0, chunk.length, null));
      } catch (error) {
        const waiting = errorCode(error) === 'EAGAIN';
        if (!waiting || Date.now() > deadline) throw error;
        await sleep(10);
        continue;
      }
      if (bytesRead === 0) return ok(Buffer.concat(chunks, total));
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > cap) return fail('ERR_TOO_LARGE', `${path}: it is larger than ${cap >> 20} MB`);
      if (Date.now() > deadline) return fail('ERR_READ', `cannot read ${path}: it takes too long`);
    }
  } catch (error) {
    return fail('ERR_READ', `cannot read ${path}: ${reasonOf(error)}`);
  } finally {
    await handle?.close().catch(() => {});
  }
}

/**
 * Load the game saved in `path`: at most MAX_XLSX_BYTES are read, and every refusal is one line
 * naming the file and the problem (ERR_READ, ERR_TOO_LARGE, or decodeXlsx's codes). Never throws
 * and never changes the file.
 *
 * @example
 * const game = await loadXlsx('checkers.xlsx');
 * if (!game.ok) console.error(game.error.message); // 'cannot read checkers.xlsx: no such file'
 */
export async function loadXlsx(path: string): Promise<Result<SheetGame, XlsxFileError>> {
  const bytes = await readCapped(path, MAX_XLSX_BYTES);
  if (!bytes.ok) return bytes;
  const game = await decodeXlsx(bytes.value);
  return game.ok ? game : fail(game.error.code, `${path}: ${game.error.message}`);
}

/** Writing has its own words for a missing directory. */
const writeReasonOf = (error: unknown): string =>
  errorCode(error) === 'ENOENT' ? 'the directory does not exist' : reasonOf(error);

/** Whether the file at `path`, of mode `mode`, may be written in place by this process. */
const writableInPlace = async (path: string, mode: number): Promise<boolean> =>
  // No write bit for anyone is a protection even root is asked to respect (as `rm` does).
  (mode & 0o222) !== 0 &&
  access(path, constants.W_OK).then(
    () => true,
    () => false,
  );

/**
 * Save `game` to `path` atomically: the bytes go to a temporary file beside it, which is synced
 * and renamed over `path`, so a failure leaves the old file (or none) and no temporary file.
 * A file already there is replaced only if it could have been written in place (else
 * ERR_WRITE_PROTECTED, and it is left as it is), and the new one keeps its mode. Failures are
 * ERR_WRITE naming the reason, or ERR_CELL / ERR_TURN for a game the sheet cannot hold; never a
 * throw.
 *
 * @example
 * const saved = await saveXlsx('checkers.xlsx', { cells, turn: 'p2' });
 * if (!saved.ok) console.error(saved.error.message); // 'cannot save …: permission denied'
 */
export async function saveXlsx(
  path: string,
  game: SheetGame,
): Promise<Result<void, XlsxFileError>> {
  const checked = checkSheetGame(game);
  if (!checked.ok) return checked;
  let bytes: Uint8Array;
  try {
    bytes = await encodeXlsx(game);
  } catch (error) {
    return fail('ERR_WRITE', `cannot save ${path}: ${oneLine(error)}`);
  }
  // The rename would replace a file whatever its mode: the mode is asked first.
  const old = await lstat(path).catch(() => null);
  if (old?.isFile() && !(await writableInPlace(path, old.mode))) {
    return fail(
      'ERR_WRITE_PROTECTED',
      `cannot save ${path}: the file is write-protected, so it was left as it is`,
    );
  }
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  let created = false;
  try {
    handle = await open(temp, 'wx');
    created = true;
    await handle.writeFile(bytes);
    if (old?.isFile()) await handle.chmod(old.mode & 0o7777);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, path);
    return ok(undefined);
  } catch (error) {
    await handle?.close().catch(() => {});
    // Only a file this call created is removed: 'wx' failing means the name was someone else's.
    if (created) await unlink(temp).catch(() => {});
    return fail('ERR_WRITE', `cannot save ${path}: ${writeReasonOf(error)}`);
  }
}

/** Why `name` cannot be a plain file name, or null. */
function fileNameProblem(name: string): string | null {
  if (name === '') return 'it is empty';
  if (name === '.' || name === '..') return 'it names a directory';
  if (/[/\\]/.test(name)) return 'it contains a path separator (/ or \\)';
  if (/\p{Cc}/u.test(name)) return 'it contains a control character';
  // A bidi control shows the name reordered (`\u202Eevil.xlsx` reads as another extension);
  // a format or default-ignorable character shows as nothing, a twin of another name.
  if (/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(name)) {
    return 'it contains a bidi control character';
  }
  if (/[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u.test(name)) {
    return 'it contains a character that draws nothing';
  }
  if ([...name].length > MAX_FILE_NAME_LENGTH)
    return `it is longer than ${MAX_FILE_NAME_LENGTH} characters`;
  return null;
}

/**
 * The file a save or load names, as the original game did: no name is "checkers.xlsx", and a
 * name gets ".xlsx" appended. A name must be a plain file name (ERR_FILE_NAME otherwise).
 *
 * @example
 * xlsxFileName(undefined) // ok('checkers.xlsx')
 * xlsxFileName('tuesday') // ok('tuesday.xlsx')
 * xlsxFileName('../x')    // fail('ERR_FILE_NAME', …)
 */
export function xlsxFileName(name: string | undefined): Result<string, 'ERR_FILE_NAME'> {
  if (name === undefined) return ok(DEFAULT_FILE_NAME);
  const problem = fileNameProblem(name);
  if (problem !== null) {
    return fail('ERR_FILE_NAME', `${quote(name)} cannot be a file name: ${problem}`);
  }
  return ok(`${name}.xlsx`);
}
