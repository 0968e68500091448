// A ranked game as a client plays it: the slide shown at once (the engine's own), each move
// sent with its index without waiting for earlier answers, the answers applied strictly in
// order (each spawn placed and the server's board checked against the local one), a lost
// connection paused and retried with the same indexes, a disagreement resynced from the server.

import {
  type CreateGameAnswer,
  type MoveAnswer,
  RANKED_MAX_MOVES_AHEAD,
  type RankedStatus,
} from '@twenty48/common';
import { type Direction, makeRules, type Rules } from '@twenty48/engine';
import { createGame, type RankedVariant, rankGame, readGame, sendMove } from './api.js';
import {
  type ClientError,
  type ClientResult,
  clientError,
  failWith,
  isTransient,
  sleep,
} from './http.js';
import {
  countIds,
  followMove,
  type IdSource,
  type Position,
  positionOf,
  slidePosition,
} from './position.js';
import type {
  Connection,
  RankedChange,
  RankedGame,
  RankedOptions,
  RankedSnapshot,
} from './ranked-types.js';

/** A move sent and not applied yet. */
interface Pending {
  readonly index: number;
  readonly direction: Direction;
  /** The ids its merges were given, by the ids they absorbed, so a rebuilt slide keeps them. */
  readonly mergeIds: Map<string, number>;
  state: 'inflight' | 'failed' | 'answered';
  answer: MoveAnswer | null;
  /** Why its last sending failed, until it is sent again. */
  failure: ClientError | null;
}

interface Start {
  readonly gameId: string;
  readonly watchId: string;
  readonly variant: RankedVariant;
  readonly rules: Rules;
  readonly board: Position['board'];
  readonly score: number;
  readonly status: RankedStatus;
  readonly moves: number;
  readonly sent: number;
}

function rulesOf(variant: RankedVariant): ClientResult<Rules> {
  const made = makeRules(variant.rules, { size: variant.size });
  return made.ok ? made : failWith(clientError(made.error.code, made.error.message));
}

/**
 * Start a ranked game of `variant` on the server at `options.baseUrl`.
 *
 * @example
 * const created = await createRankedGame({ fetch: globalThis.fetch, baseUrl: 'http://127.0.0.1:8048' }, { rules: 'classic', size: 4 });
 * if (created.ok) created.value.move('left'); // the slide now, the spawn when the server answers
 */
export async function createRankedGame(
  options: RankedOptions,
  variant: RankedVariant,
): Promise<ClientResult<RankedGame>> {
  const rules = rulesOf(variant);
  if (!rules.ok) return rules;
  const created = await createGame(options, variant);
  if (!created.ok) return created;
  const { gameId, watchId, board, score, status } = created.value;
  const start = { gameId, watchId, variant, rules: rules.value, board, score, status };
  return { ok: true, value: playRanked(options, { ...start, moves: 0, sent: 0 }) };
}

/**
 * Go on with the ranked game `gameId` (after a reload, or in another program): the board as
 * the server holds it, and the next move's index.
 *
 * @example
 * const resumed = await resumeRankedGame(options, storedGameId);
 * if (!resumed.ok) startAnotherGame(); // resumed.error.code: 'ERR_UNKNOWN_GAME', 'ERR_OFFLINE'…
 */
export async function resumeRankedGame(
  options: RankedOptions,
  gameId: string,
): Promise<ClientResult<RankedGame>> {
  const read = await readGame(options, gameId);
  if (!read.ok) return read;
  const { watchId, board, score, status, moves, sent } = read.value;
  const variant = { rules: read.value.rules, size: read.value.size };
  const rules = rulesOf(variant);
  if (!rules.ok) return rules;
  const start = { gameId, watchId, variant, rules: rules.value, board, score, status };
  return { ok: true, value: playRanked(options, { ...start, moves, sent }) };
}

/**
 * The pipeline over a game another route created (a day's game, a race's): the answer of its
 * creation, played exactly as a ranked game (moves go to `/api/games/:gameId/moves`).
 *
 * @example
 * const game = playCreatedGame(options, { rules: 'classic', size: 4 }, dailyAnswer);
 */
export function playCreatedGame(
  options: RankedOptions,
  variant: RankedVariant,
  created: CreateGameAnswer,
): ClientResult<RankedGame> {
  const rules = rulesOf(variant);
  if (!rules.ok) return rules;
  const { gameId, watchId, board, score, status } = created;
  const start = { gameId, watchId, variant, rules: rules.value, board, score, status };
  return { ok: true, value: playRanked(options, { ...start, moves: 0, sent: 0 }) };
}

/** The pipeline over a game the server has already made. */
function playRanked(options: RankedOptions, start: Start): RankedGame {
  const { gameId, watchId, variant, rules } = start;
  const wait = options.wait ?? sleep;
  const firstDelay = options.retryFirstMs ?? 250;
  const maxDelay = options.retryMaxMs ?? 5000;
  const freshId = countIds(1);
  const startPosition = (s: Omit<Start, 'gameId' | 'watchId' | 'variant' | 'rules' | 'sent'>) =>
    positionOf(rules, s.board, { score: s.score, status: s.status, moves: s.moves }, freshId);

  let confirmed = startPosition(start);
  let local = confirmed;
  let sent = start.sent;
  let pending: Pending[] = [];
  let connection: Connection = 'online';
  let error: ClientError | null = null;
  let delay = firstDelay;
  let retryScheduled = false;
  let closed = false;
  const inflight = new Set<Promise<unknown>>();
  const listeners = new Set<(change: RankedChange, snapshot: RankedSnapshot) => void>();
  const waitingForSettled: (() => void)[] = [];

  const snapshot = (): RankedSnapshot => ({
    gameId,
    watchId,
    variant,
    position: local,
    confirmed,
    sent,
    pending: pending.length,
    connection,
    error,
  });

  const emit = (change: RankedChange): void => {
    if (closed) return;
    const now = snapshot();
    for (const listener of listeners) listener(change, now);
    if ((pending.length === 0 && connection === 'online') || connection === 'gone') {
      for (const resolve of waitingForSettled.splice(0)) resolve();
    }
  };

  const setConnection = (next: Connection, cause: ClientError | null): void => {
    if (cause !== null) error = cause;
    if (connection === next) return;
    connection = next;
    emit({ type: 'connection', connection });
  };

  /** Ids for a pending move's merges: the same merge keeps the id it was first shown with. */
  const idsFor =
    (move: Pending): IdSource =>
    (key) => {
      const known = key === undefined ? undefined : move.mergeIds.get(key);
      if (known !== undefined) return known;
      const id = freshId();
      if (key !== undefined) move.mergeIds.set(key, id);
      return id;
    };

  /** The shown board: the confirmed one with every unanswered move's slide on it. */
  const rebase = (): void => {
    local = pending.reduce(
      (position, move) => slidePosition(position, move.direction, idsFor(move)).position,
      confirmed,
    );
  };

  const transmit = (move: Pending): void => {
    move.state = 'inflight';
    move.failure = null;
    const request = sendMove(options, gameId, variant.size, move).then((answer) => {
      inflight.delete(request);
      received(move, answer);
    });
    inflight.add(request);
  };

  const received = (move: Pending, answer: ClientResult<MoveAnswer>): void => {
    if (closed || !pending.includes(move) || move.state === 'answered') return;
    if (answer.ok) {
      if (answer.value.index !== move.index) {
        resync(
          clientError('ERR_RESPONSE', `move ${move.index} was answered as ${answer.value.index}`),
        );
        return;
      }
      move.state = 'answered';
      move.answer = answer.value;
      if (connection === 'retrying' && !pending.some((m) => m.state === 'failed')) {
        delay = firstDelay;
        setConnection('online', null);
      }
      applyAnswers();
      return;
    }
    move.state = 'failed';
    move.failure = answer.error;
    judgeFailures();
  };

  /**
   * What the failed moves mean: the first unanswered one refused as over or out of order, the
   * server's game is not this one (another tab played it, say), so it is read again; a lost
   * connection pauses and retries; a refusal of the game itself ends it. A later move refused
   * as over waits: the answers before it will say the game ended.
   */
  const judgeFailures = (): void => {
    const first = pending[0];
    const refusedFirst = first?.failure?.code;
    if (refusedFirst === 'ERR_GAME_OVER' || refusedFirst === 'ERR_MOVE_ORDER') {
      resync(first?.failure as ClientError);
      return;
    }
    const failures = pending.flatMap((move) => (move.failure ? [move.failure] : []));
    const fatal = failures.find(
      (f) => !isTransient(f) && f.code !== 'ERR_MOVE_ORDER' && f.code !== 'ERR_GAME_OVER',
    );
    if (fatal) {
      setConnection('gone', fatal);
      return;
    }
    const lost = failures.find((f) => f.code !== 'ERR_GAME_OVER');
    if (lost) {
      setConnection('retrying', lost);
      scheduleRetry(lost.retryAfterMs);
    }
  };

  const scheduleRetry = (retryAfterMs: number | null): void => {
    if (retryScheduled) return;
    retryScheduled = true;
    const pause = Math.max(delay, retryAfterMs ?? 0);
    delay = Math.min(delay * 2, maxDelay);
    void wait(pause).then(() => {
      retryScheduled = false;
      if (closed || connection === 'resyncing' || connection === 'gone') return;
      for (const move of pending) if (move.state === 'failed') transmit(move);
    });
  };

  const applyAnswers = (): void => {
    for (let move = pending[0]; move?.answer; move = pending[0]) {
      const { answer } = move;
      const followed = followMove(
        confirmed,
        { ...answer, direction: move.direction },
        idsFor(move),
      );
      if (followed === null) {
        const why = `the server's board after move ${move.index} is not this board and its new tile`;
        resync(clientError('ERR_BOARD_MISMATCH', why));
        return;
      }
      confirmed = followed.position;
      pending.shift();
      // Moves sent after the last one are refused by the server (409): they never happened,
      // so the count of moves sent goes back to the server's.
      if (confirmed.status === 'lost') {
        pending = [];
        sent = move.index + 1;
      }
      rebase();
      const { index, direction } = move;
      const { events, spawn } = followed;
      emit({ type: 'answered', index, direction, answer, events, spawn });
    }
    judgeFailures();
  };

  const resync = (cause: ClientError): void => {
    if (connection === 'resyncing') return;
    pending = [];
    setConnection('resyncing', cause);
    void (async () => {
      // The moves still on their way may yet change the server's game: wait for them first.
      await Promise.all([...inflight]);
      for (let pause = firstDelay; !closed; pause = Math.min(pause * 2, maxDelay)) {
        const read = await readGame(options, gameId);
        if (read.ok) {
          confirmed = startPosition(read.value);
          local = confirmed;
          sent = read.value.sent;
          delay = firstDelay;
          connection = 'online';
          emit({ type: 'resynced', error: cause });
          return;
        }
        if (!isTransient(read.error)) {
          setConnection('gone', read.error);
          return;
        }
        await wait(pause);
      }
    })();
  };

  return {
    gameId,
    watchId,
    rules,
    snapshot,
    move(direction) {
      if (closed || connection === 'gone') return { sent: false, reason: 'gone' };
      if (confirmed.status === 'lost') return { sent: false, reason: 'game over' };
      if (connection !== 'online') return { sent: false, reason: 'paused' };
      if (pending.length >= RANKED_MAX_MOVES_AHEAD) return { sent: false, reason: 'too far ahead' };
      const move: Pending = {
        index: sent,
        direction,
        mergeIds: new Map(),
        state: 'inflight',
        answer: null,
        failure: null,
      };
      const slid = slidePosition(local, direction, idsFor(move));
      // With nothing unanswered the local board is the server's: a move that changes nothing
      // there changes nothing on the server either (under rules that ignore such moves).
      if (!slid.moved && pending.length === 0 && rules.ineffectiveMoves === 'ignore') {
        return { sent: false, reason: 'nothing moves' };
      }
      sent += 1;
      pending.push(move);
      local = slid.position;
      const { events, gained, moved } = slid;
      emit({ type: 'slid', index: move.index, direction, events, gained, moved });
      transmit(move);
      return { sent: true, index: move.index, events, gained, moved };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled() {
      if ((pending.length === 0 && connection === 'online') || connection === 'gone' || closed) {
        return Promise.resolve();
      }
      return new Promise((resolve) => waitingForSettled.push(resolve));
    },
    rank: (name) => rankGame(options, gameId, name),
    close() {
      closed = true;
      listeners.clear();
      for (const resolve of waitingForSettled.splice(0)) resolve();
    },
  };
}
