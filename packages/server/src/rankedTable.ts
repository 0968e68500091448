import { randomBytes } from 'node:crypto';
import {
  type CreateGameAnswer,
  type DailyRankAnswer,
  isRankedRules,
  type LiveGame,
  type MoveAnswer,
  type MoveEvent,
  RANKED_WATCH_RETRY_MS,
  type RankedEndStatus,
  type RankedRules,
  type ResumeAnswer,
  type ScoreAnswer,
} from '@twenty48/common';
import { type Direction, MOVE_LETTERS, maxTile, newGame } from '@twenty48/engine';
import {
  directionOfLetter,
  type RankedStep,
  rankedRules,
  stepRanked,
  wireBoard,
} from '@twenty48/ranked';
import type {
  EndedRankedGame,
  LeaderboardStore,
  LiveRankedGame,
  RankedGameRow,
} from '@twenty48/store';
import type { Client, Limits } from './limits.js';
import { errorFields, type Logger, silentLogger } from './logging.js';
import { drainQueue, refuseQueue, waitForTurn } from './moveQueue.js';
import { createMoveWrites } from './moveWrites.js';
import { done, type Outcome, openGameOf, refuse } from './outcome.js';
import type { Deal, PlayHooks } from './playHooks.js';
import {
  adopt,
  answerAgain,
  cacheAnswer,
  type RankedGame,
  rankedGameOf,
  rebuildRankedGame,
  stateOf,
} from './rankedGame.js';

/**
 * 128 random bits, base64url: 22 characters, never starting with '-' (a command line would take
 * `2048 watch -Lx…` for an option; one drawn so is drawn again, which costs under 0.03 bits).
 *
 * @example
 * randomId() // 'L7Db04WyctE0dy2blS9cAw'
 */
export function randomId(random: (size: number) => Uint8Array = randomBytes): string {
  for (;;) {
    const id = Buffer.from(random(16)).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** How long a game untouched stays in memory (it stays in the store, and comes back on use). */
const MEMORY_IDLE_MS = 10 * 60 * 1000;

export interface RankedTableOptions {
  readonly store: LeaderboardStore;
  readonly limits: Limits;
  readonly now: () => Date;
  /** Where the failures of its timers go (the server's JSON log); default nowhere. */
  readonly logger?: Logger;
}

/**
 * The ranked games the server deals: the edge around `stepRanked` (`@twenty48/ranked`, one
 * game as a pure step). Here: a Map of the games in play (filled from the store on a miss,
 * after a restart), the step's effects carried out (each move written through to the store
 * before it is answered, then its watchers told), the moves that wait for their turn, the
 * timers, and the clock (`now`, injected: nothing here reads another).
 *
 * Moves on one game cannot interleave: applying one (the engine's step, the store's write, the
 * watchers' events) is a synchronous section, nothing awaits inside it, and a move that comes
 * early waits in the game's queue (`moveQueue.ts`) until the moves before it are applied.
 *
 * Several servers on one database (PostgreSQL): the store is the truth, memory a cache. A
 * move lands only on the sent count it was computed from, so a game another server moved on
 * refuses this one's stale move; the game is then read again and the move decided on it
 * (answered again, or applied). Told of another server's moves (`onOtherServers`), a game in
 * memory plays them too: its watchers see them, its waiting moves get their turn.
 */
export function createRankedTable({
  store,
  limits,
  now,
  logger = silentLogger(),
}: RankedTableOptions) {
  const games = new Map<string, RankedGame>();
  const writes = createMoveWrites(store, now);
  const ms = (): number => now().getTime();
  const watchIds = new Map<string, string>();
  let streams = 0;
  /** The daily challenge's and races' rules over these games, once they are attached. */
  let playHooks: PlayHooks | null = null;

  const remember = (ranked: RankedGame): RankedGame => {
    games.set(ranked.gameId, ranked);
    watchIds.set(ranked.watchId, ranked.gameId);
    return ranked;
  };
  const forget = (ranked: RankedGame): void => {
    games.delete(ranked.gameId);
    watchIds.delete(ranked.watchId);
  };
  const shared = store.kind === 'postgres';
  const loading = new Map<string, Promise<RankedGame | null>>();
  /** The game by its private id: in memory, else from the store (one read for many asks). */
  const lookup = (gameId: string): Promise<RankedGame | null> => {
    const known = games.get(gameId);
    if (known) return Promise.resolve(known);
    let pending = loading.get(gameId);
    if (!pending) {
      pending = store
        .loadRankedGame(gameId)
        .then((row) => (row ? (games.get(gameId) ?? remember(rebuildRankedGame(row, ms()))) : null))
        .finally(() => loading.delete(gameId));
      loading.set(gameId, pending);
    }
    return pending;
  };
  /** The game by its watch id (or its private id). */
  const lookupWatched = async (id: string): Promise<RankedGame | null> => {
    const known = games.get(watchIds.get(id) ?? id);
    if (known) return shared ? refresh(known) : known;
    const row = await store.findWatchedGame(id);
    return row ? lookup(row.gameId) : null;
  };

  const endFor = (ranked: RankedGame, status: RankedEndStatus) => {
    for (const watcher of ranked.watchers) {
      watcher.end({
        status,
        score: ranked.game.score,
        ...(ranked.scoreId === null ? {} : { scoreId: ranked.scoreId }),
      });
      watcher.close();
    }
    ranked.watchers.clear();
  };
  /** Games the store closed: closed in memory too, their watchers told, their waiting refused. */
  const closeEnded = (ended: readonly EndedRankedGame[]): void => {
    for (const { gameId, status } of ended) {
      const ranked = games.get(gameId);
      if (!ranked) continue;
      ranked.closed = status;
      endFor(ranked, status);
      refuseQueue(ranked, () => refuse('ERR_GAME_EXPIRED', `this game was ${status}`));
    }
  };

  /**
   * The store refused a move or failed under it: the game in memory is ahead of the store, so
   * it is read again next time; its watchers are let go, to join again and see the store's.
   */
  const letGo = (ranked: RankedGame): void => {
    if (games.get(ranked.gameId) === ranked) forget(ranked);
    for (const watcher of ranked.watchers) watcher.close();
    ranked.watchers.clear();
    // The moves waiting here are decided again on the game as the store has it.
    for (const [index, waiting] of ranked.waiting) {
      ranked.waiting.delete(index);
      waiting.settle(() => table.move(ranked.gameId, waiting.direction, index, true));
    }
  };

  /**
   * The moves and the end the store has beyond the game in memory (another server's), played
   * here: told to its watchers, and its waiting moves given their turn.
   */
  const catchUp = (ranked: RankedGame, row: RankedGameRow): void => {
    if (ranked.unsettled.size > 0) return; // this server's own moves are being kept
    if (!row.sent.startsWith(ranked.letters)) {
      letGo(ranked);
      return;
    }
    // Played here with the same step; their `keep` is done (another server kept them).
    for (const letter of row.sent.slice(ranked.letters.length)) {
      const direction = directionOfLetter(letter) ?? 'up';
      const stepped = stepRanked(stateOf(ranked), { type: 'move', direction }, ms());
      adopt(ranked, stepped.state);
      if (stepped.answer.type === 'answer') cacheAnswer(ranked, stepped.answer.answer);
      for (const effect of stepped.effects) if (effect.type === 'tell') tell(ranked, effect);
    }
    ranked.scoreId = row.scoreId;
    if (row.closed && !ranked.closed) {
      closeEnded([{ ...row, status: row.closed }]);
    } else if (ranked.game.status === 'lost') {
      endFor(ranked, 'lost');
    }
    drainQueue(ranked, play);
  };
  /** The game in memory brought up to the store's (several servers); null when it is gone. */
  const refresh = async (ranked: RankedGame): Promise<RankedGame | null> => {
    const row = await store.loadRankedGame(ranked.gameId);
    const current = games.get(ranked.gameId);
    if (!row) {
      if (current) letGo(current);
      return null;
    }
    if (current) {
      catchUp(current, row);
      return games.get(ranked.gameId) ?? lookup(ranked.gameId);
    }
    return lookup(ranked.gameId);
  };
  /** Moves kept by this server that the store refused as stale: asked again on a fresh game. */
  const stale = new WeakSet<object>();

  /** Tell a game's watchers of a move (those who joined after it saw it in their `state`). */
  const tell = (ranked: RankedGame, effect: { index: number; event: MoveEvent }): void => {
    for (const watcher of ranked.watchers) {
      if (effect.index >= watcher.from) watcher.move(effect.event);
    }
  };

  /**
   * Carry out a step on a game in memory: take its state at once (so the next move, in this
   * turn, plays on it), then its effects in order: keep the move with the moves of the same
   * turn, and only once it is kept answer it and tell the watchers (and end their streams).
   */
  const perform = (
    ranked: RankedGame,
    { state, answer, effects }: RankedStep,
  ): Outcome<MoveAnswer> | Promise<Outcome<MoveAnswer>> => {
    adopt(ranked, state);
    if (answer.type === 'refuse') return refuse(answer.code, answer.message);
    if (answer.type === 'wait') {
      return refuse('ERR_MOVE_ORDER', `move ${answer.index} is not the next move`);
    }
    if (answer.type !== 'answer') throw new Error(`perform: a move answered ${answer.type}`);
    const moveAnswer = answer.answer;
    const keep = effects.find((effect) => effect.type === 'keep');
    if (!keep) return done(moveAnswer);
    cacheAnswer(ranked, moveAnswer);
    const kept = writes.keep({ gameId: ranked.gameId, ...keep.move });
    const answered = kept.then(
      (stored): Outcome<MoveAnswer> => {
        ranked.unsettled.delete(moveAnswer.index);
        if (!stored.ok) {
          letGo(ranked);
          const refused = refuse(stored.error.code, stored.error.message);
          if (shared && stored.error.code === 'ERR_MOVE_ORDER') stale.add(refused);
          return refused;
        }
        for (const effect of effects) {
          if (effect.type === 'tell') tell(ranked, effect);
          if (effect.type === 'end') endFor(ranked, effect.status);
        }
        return done(moveAnswer);
      },
      (error: unknown) => {
        ranked.unsettled.delete(moveAnswer.index);
        letGo(ranked);
        throw error;
      },
    );
    ranked.unsettled.set(moveAnswer.index, answered);
    return answered;
  };

  /** Play a move at the next index (its turn has come). */
  const play = (
    ranked: RankedGame,
    direction: Direction,
  ): Outcome<MoveAnswer> | Promise<Outcome<MoveAnswer>> =>
    perform(ranked, stepRanked(stateOf(ranked), { type: 'move', direction }, ms()));

  const sweep = async (): Promise<void> => {
    await writes.flush();
    closeEnded(await store.expireIdleRankedGames(limits.idleExpiryMs, now()));
    await store.forgetEndedRankedGames(new Date(now().getTime() - limits.keepEndedMs));
    const stale = ms() - MEMORY_IDLE_MS;
    for (const ranked of games.values()) {
      const busy = ranked.watchers.size + ranked.waiting.size + ranked.unsettled.size > 0;
      if (ranked.touchedAt < stale && !busy) {
        forget(ranked);
      }
    }
  };
  const sweeper = setInterval(() => {
    sweep().catch((error: unknown) => {
      logger.error({ err: errorFields(error) }, 'the sweep of ranked games failed');
    });
  }, limits.sweepEveryMs);
  sweeper.unref();
  // Another server moved or closed a game: the copy in memory, if any, catches up.
  const stopHearing = store.onOtherServers((gameIds) => {
    for (const gameId of gameIds) {
      const ranked = games.get(gameId);
      if (!ranked) continue;
      refresh(ranked).catch((error: unknown) => {
        // Not the game's id: it is the player's key to it.
        logger.error({ err: errorFields(error) }, 'reading a game another server moved failed');
      });
    }
  });

  const table = {
    /** Start a game for `client`, within its limits and the server's. */
    async create(
      rules: RankedRules,
      size: number,
      client: Client,
      deal?: Deal,
    ): Promise<Outcome<CreateGameAnswer>> {
      await writes.flush();
      const ids = { gameId: randomId(), watchId: randomId() };
      if (deal) {
        const linked = await deal.link(ids);
        if (!linked.ok) return linked;
      }
      // 128 random bits from the system's CSPRNG, spelled with the seed alphabet (22
      // characters); the HMAC key of every draw, it leaves the server only at the end. A day's
      // or a race's game is dealt from theirs.
      const seed = deal?.seed ?? randomBytes(16).toString('base64url');
      const game = newGame(rankedRules(rules, size), seed);
      const created = await store.createRankedGame(
        {
          ...ids,
          seed,
          version: game.rng.version,
          rules,
          size,
          score: game.score,
          maxTile: maxTile(game.board),
          status: game.status,
          client: client.address,
          player: client.player,
        },
        {
          perPlayer: limits.gamesPerPlayer,
          perAddress: limits.gamesPerAddress,
          maxInProgress: limits.maxGamesInProgress,
          fullRetryMs: limits.serverFullRetryMs,
        },
        now(),
      );
      if (!created.ok) {
        await deal?.unlink(ids);
        const { code, message, retryAfterMs, open } = created.error;
        const refused = refuse(code, message, retryAfterMs);
        if (open === undefined || refused.ok) return refused;
        return { ok: false, error: { ...refused.error, open: open.map(openGameOf) } };
      }
      closeEnded(created.value.abandoned);
      remember(rankedGameOf(ids, rules, size, game, ms()));
      return done({ ...ids, board: wireBoard(game.board), score: game.score, status: game.status });
    },

    /**
     * Play a move. With `index`, strictly in index order: an early move waits for the missing
     * ones, a replayed index gets its first answer again and is not applied twice. Without it,
     * the move takes the next index.
     */
    async move(
      gameId: string,
      direction: Direction,
      index?: number,
      again = false,
    ): Promise<Outcome<MoveAnswer>> {
      const hooks = playHooks;
      if (!hooks) return table.play(gameId, direction, index, again);
      if (!again) {
        const refused = await hooks.beforeMove(gameId);
        if (refused) return { ok: false, error: refused };
      }
      const played = await table.play(gameId, direction, index, again);
      if (played.ok) await hooks.afterMove(gameId, played.value);
      return played;
    },

    /** A move, as `move` but past the daily challenge's and races' hooks. */
    async play(
      gameId: string,
      direction: Direction,
      index?: number,
      again = false,
    ): Promise<Outcome<MoveAnswer>> {
      let ranked = await lookup(gameId);
      if (!ranked) return refuse('ERR_UNKNOWN_GAME', 'no ranked game with this id');
      const quiet = ranked.unsettled.size === 0 && ranked.waiting.size === 0;
      if (shared && index !== undefined && index > ranked.letters.length && quiet) {
        // Ahead of this server's copy, and nothing of this game in flight here: another
        // server may have played the moves before it.
        ranked = await refresh(ranked);
        if (!ranked) return refuse('ERR_UNKNOWN_GAME', 'no ranked game with this id');
      }
      const sent = ranked.letters.length;
      const at = index ?? sent;
      if (at < sent && ranked.letters[at] === MOVE_LETTERS[direction]) {
        // Applied but not yet kept: the same answer, when it is kept; if another server kept
        // its move first, the retry is decided again on the game as kept (its first answer
        // there, when it was this move).
        const underWay = ranked.unsettled.get(at);
        if (underWay) {
          const first = await underWay;
          if (stale.has(first) && !again) return table.move(gameId, direction, index, true);
          return first;
        }
        ranked.touchedAt = ms();
        return done(answerAgain(ranked, at));
      }
      const stepped = stepRanked(stateOf(ranked), { type: 'move', direction, index: at }, ms());
      if (stepped.answer.type === 'wait') {
        adopt(ranked, stepped.state);
        if (at - sent > limits.maxMovesAhead) {
          return refuse(
            'ERR_MOVE_ORDER',
            `move ${at} is more than ${limits.maxMovesAhead} ahead of move ${sent}`,
          );
        }
        return waitForTurn(ranked, at, direction, limits.moveOrderWaitMs);
      }
      const played = perform(ranked, stepped);
      drainQueue(ranked, play);
      const answer = await played;
      // Another server moved the game on first: decided again on the game as kept.
      if (stale.has(answer) && !again) return table.move(gameId, direction, index, true);
      return answer;
    },

    /** The game to resume after a reload: by its private id only. */
    async resume(gameId: string): Promise<Outcome<ResumeAnswer>> {
      await writes.flush();
      const known = await lookup(gameId);
      const ranked = shared && known ? await refresh(known) : known;
      if (!ranked) return refuse('ERR_UNKNOWN_GAME', 'no ranked game with this id');
      const { state, answer } = stepRanked(stateOf(ranked), { type: 'resume' }, ms());
      adopt(ranked, state);
      if (answer.type === 'refuse') return refuse(answer.code, answer.message);
      if (answer.type !== 'resume') throw new Error(`resume: answered ${answer.type}`);
      return done({
        gameId: ranked.gameId,
        watchId: ranked.watchId,
        ...answer.resume,
        ...(ranked.scoreId === null ? {} : { scoreId: ranked.scoreId }),
      });
    },

    /** Rank a lost game once, with the server's own record of it. */
    async rank(gameId: string, name: string): Promise<Outcome<ScoreAnswer | DailyRankAnswer>> {
      await writes.flush();
      const known = await lookup(gameId);
      const ranked = shared && known ? await refresh(known) : known;
      if (!ranked) return refuse('ERR_UNKNOWN_GAME', 'no ranked game with this id');
      // A day's or a race's game ranks on their tables (closed at their end, it ranks still).
      const other = await playHooks?.rank(gameId, {
        name,
        score: ranked.game.score,
        maxTile: maxTile(ranked.game.board),
        moves: ranked.game.moves.length,
        status: ranked.game.status,
      });
      if (other) return other;
      const { state, answer, effects } = stepRanked(stateOf(ranked), { type: 'rank', name }, ms());
      adopt(ranked, state);
      if (answer.type === 'refuse') return refuse(answer.code, answer.message);
      const rank = effects.find((effect) => effect.type === 'rank');
      if (!rank) throw new Error(`rank: answered ${answer.type}, nothing to keep`);
      const { entry } = rank;
      const added = await store.rankRankedGame(gameId, entry);
      if (!added.ok) return refuse(added.error.code, added.error.message);
      ranked.scoreId = added.value.id;
      return done({ ...added.value, score: entry.score, maxTile: entry.maxTile });
    },

    /** Games the daily challenge or a race closed in the store (their end): closed here too. */
    ended: closeEnded,

    /** Attach the daily challenge's and races' rules (`play.ts`), once, before any request. */
    usePlay(hooks: PlayHooks): void {
      playHooks = hooks;
    },

    /** Games in progress, best score first. */
    async live(limit: number): Promise<LiveGame[]> {
      await writes.flush();
      // The rules come from the database, which a newer server may share: a game of rules this
      // server does not know is left out of its list rather than answered unchecked.
      return (await store.listLiveRankedGames(limit)).filter(
        (game): game is LiveRankedGame & { rules: RankedRules } => isRankedRules(game.rules),
      );
    },

    /** The game a watcher asks for (watch id or private id), or null. */
    watched: lookupWatched,

    /** Whether one more stream fits, on this game and on the server. */
    roomToWatch(ranked: RankedGame): Outcome<void> {
      if (streams >= limits.maxStreams || ranked.watchers.size >= limits.watchersPerGame) {
        return refuse(
          'ERR_TOO_MANY_WATCHERS',
          'too many watchers now; try again later',
          RANKED_WATCH_RETRY_MS,
        );
      }
      return done(undefined);
    },
    /** Count a stream open or closed. */
    streamOpened(): void {
      streams++;
    },
    streamClosed(): void {
      streams--;
    },

    /** Expire idle games and forget old ones now (the timer does it every `sweepEveryMs`). */
    sweep,

    /** Stop the timer, end every stream and refuse the moves still waiting (the server closes). */
    async close(): Promise<void> {
      clearInterval(sweeper);
      stopHearing();
      playHooks?.close();
      await writes.flush();
      for (const ranked of games.values()) {
        for (const watcher of ranked.watchers) watcher.close();
        ranked.watchers.clear();
        refuseQueue(ranked, () => refuse('ERR_MOVE_ORDER', 'the server is closing; send it again'));
      }
    },
  };
  return table;
}

export type RankedTable = ReturnType<typeof createRankedTable>;
