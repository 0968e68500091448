// The page's words for what happened: a sentence a player reads, and a details line with the
// codes behind it. A server that answered and refused is never called offline; a server that
// was not reached is. Pure data, for the view model.

import type { Failure, OpenGame } from '@twenty48/common';

/**
 * A message of the page: what happened, in words (two lines on a 320-pixel phone, so at most
 * about 75 characters), and the codes behind it (may be empty).
 */
export interface Notice {
  readonly text: string;
  readonly details: string;
  /** A ranked game of the player's to resume instead, offered with the words. */
  readonly resume?: OpenGame;
}

/** No message. */
export const NO_NOTICE: Notice = Object.freeze({ text: '', details: '' });

/**
 * Why the server dealt no ranked game: it answered and refused (`status` is its HTTP status),
 * or it was not reached (`status` null).
 */
export interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly status: number | null;
  /** With `ERR_TOO_MANY_GAMES`: the player's games in progress, latest first. */
  readonly open?: readonly OpenGame[];
}

/** Why a local game is shown beside a server: from a link, refused, not reached; null: chosen. */
export type LocalReason = 'link' | 'refused' | 'unreachable' | null;

/** The codes of a refusal, for the details line: `ERR_X (HTTP 429): the server's words`. */
export const detailsOf = (refusal: Refusal): string =>
  `${refusal.code}${refusal.status === null ? '' : ` (HTTP ${refusal.status})`}: ${refusal.message}`;

/** Whether the server answered (and refused), rather than not being reached. */
export const answered = (refusal: Refusal): boolean => refusal.status !== null;

/**
 * Why this game is local, when a server should have dealt it.
 *
 * @example
 * unrankedNotice({ code: 'ERR_TOO_MANY_GAMES', message: '…', status: 429 }).text
 * // 'You have too many unfinished ranked games: this one is local and unranked.'
 */
export function unrankedNotice(refusal: Refusal): Notice {
  const details = detailsOf(refusal);
  if (!answered(refusal)) {
    return {
      text: 'The server could not be reached, so this game is local and unranked.',
      details,
    };
  }
  const latest = refusal.open?.[0];
  if (refusal.code === 'ERR_TOO_MANY_GAMES' && latest !== undefined) {
    return {
      text: 'You have too many unfinished ranked games: this one is local.',
      details,
      resume: latest,
    };
  }
  if (refusal.code === 'ERR_TOO_MANY_GAMES') {
    return {
      text: 'You have too many unfinished ranked games: this one is local and unranked.',
      details,
    };
  }
  const busy = refusal.status === 429 || refusal.status === 503;
  return {
    text: busy
      ? 'The server is busy: this game is local and unranked.'
      : 'The server refused to deal a ranked game: this one is local and unranked.',
    details,
  };
}

/**
 * Why the ranked game of the last visit is not shown: over on the server, refused, or not
 * reached.
 */
export function unresumedNotice(refusal: Refusal, gone: boolean): Notice {
  const details = detailsOf(refusal);
  if (gone) return { text: 'Your last ranked game is over on the server.', details };
  if (!answered(refusal)) {
    return {
      text: 'Your ranked game could not be reached: this one is local. Reload to retry.',
      details,
    };
  }
  return {
    text: 'The server would not resume your ranked game: this one is local.',
    details,
  };
}

/** The address asked for what cannot be played; the game started anyway. */
export const linkNotice = (errors: readonly Failure[]): Notice => ({
  text: 'The link was not used in full; a game started anyway.',
  details: errors.map((e) => `${e.code}: ${e.message}`).join('; '),
});

/** The saved game was damaged; a fresh one started. */
export const savedGameNotice = (code: string): Notice => ({
  text: 'The saved game could not be restored, so a new game started.',
  details: code,
});

/** Storage is blocked, full or missing: nothing survives a reload. */
export const NO_STORAGE_NOTICE: Notice = Object.freeze({
  text: 'This browser does not allow saving: the game will not survive a reload.',
  details: '',
});

/** Notices one after the other, as one: their sentences, then their details. */
export const joinNotices = (notices: readonly Notice[]): Notice => ({
  text: notices
    .map((n) => n.text)
    .filter(Boolean)
    .join(' '),
  details: notices
    .map((n) => n.details)
    .filter(Boolean)
    .join('; '),
});

/**
 * The line above the board about the kind of game shown, beside a server: ranked, or local and
 * why (empty without a server).
 */
export const RANKED_LINE = 'Ranked game: the server deals the tiles; no undo, hints or auto-play.';

const LOCAL_LINES: Readonly<Record<'link' | 'refused' | 'unreachable' | 'chosen', string>> = {
  link: 'Local game from a link: not ranked. New game plays a ranked one.',
  refused: 'Local game: the server dealt no ranked one. New game asks again.',
  unreachable: 'Local game: the server was not reached. New game tries again.',
  chosen: 'Local game: not ranked. New game plays a ranked one.',
};

/** The line about a local game beside a server, by why it is local. */
export const localLine = (reason: LocalReason): string => LOCAL_LINES[reason ?? 'chosen'];

const UNISSUED: Readonly<Record<'link' | 'refused' | 'unreachable' | 'chosen', string>> = {
  link: 'Online: not ranked, because this game came from a link: the server did not deal its tiles.',
  refused: 'Online: not ranked, because the server refused to deal this game.',
  unreachable: 'Online: not ranked, because the server was not reached when this game began.',
  chosen: 'Online: not ranked, because the server did not deal this game’s tiles.',
};

/** Said at game over when the server is there but this game is local, by why it is local. */
export const unissuedNote = (reason: LocalReason): string =>
  `${UNISSUED[reason ?? 'chosen']} New game plays a ranked game.`;

/**
 * The words of the button that resumes an open game instead.
 *
 * @example
 * resumeLabel({ size: 4, score: 1024, … }) // 'Resume your 4×4 game (score 1,024)'
 */
export const resumeLabel = (game: OpenGame): string =>
  `Resume your ${game.size}×${game.size} game (score ${game.score.toLocaleString('en-US')})`;
