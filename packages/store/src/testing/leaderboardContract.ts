/**
 * The contract of `LeaderboardStore`, one suite run against every implementation: SQLite
 * (`leaderboard.sqlite.test.ts`), embedded PostgreSQL (`leaderboard.pglite.test.ts`) and a
 * PostgreSQL server (`leaderboard.postgres.test.ts`, with TWENTY48_TEST_DATABASE_URL).
 */
import {
  type Direction,
  directionOfLetter,
  type Game,
  MOVE_LETTERS,
  maxTile,
  movesDigest,
  newGame,
  recordOf,
  step,
} from '@twenty48/engine';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LeaderboardStore, NewRankedGame, RankedAdmission, RankedMove } from '../types.js';

/** One database under test: opened as many times as a test asks, emptied between tests. */
export interface ContractDatabase {
  setup(): Promise<void>;
  /** A store on the database (a second call: another server on the same database). */
  open(): Promise<LeaderboardStore>;
  /** Empty the database before a test. */
  reset(): Promise<void>;
  teardown(): Promise<void>;
  /** Whether one store hears of the changes another made (PostgreSQL's NOTIFY). */
  readonly sharesChanges: boolean;
}

/** The contract's clock at its start (and the SQLite store's own tests'). */
export const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
/** Admission limits no test reaches unless it means to. */
export const ROOMY: RankedAdmission = {
  perPlayer: 100,
  perAddress: 100,
  maxInProgress: 1000,
  fullRetryMs: 30_000,
};
const CYCLE: readonly Direction[] = ['down', 'left', 'right', 'up'];
const directions = (count: number): Direction[] =>
  Array.from({ length: count }, (_, i) => CYCLE[i % 4] ?? 'up');

/** A ranked game as the server would start it, with the engine's first board. */
export function started(id: string, client = 'alice'): NewRankedGame & { game: Game } {
  const seed = `seed-${id}`;
  const game = newGame('classic', seed);
  return {
    gameId: `game-${id}`,
    watchId: `watch-${id}`,
    seed,
    version: 2,
    rules: 'classic',
    size: 4,
    score: game.score,
    maxTile: maxTile(game.board),
    status: game.status,
    client,
    player: `player-of-${client}`,
    game,
  };
}

/**
 * The moves a test server sent on each game, by index: each move it makes carries the digest of
 * the moves before it as this server sent them (a move sent again at an index already sent, a
 * retry or a stale one, does not replace the first).
 */
export function sentMoves() {
  const sent = new Map<string, string>();
  return {
    /** The move as the server keeps it after applying it to `game` (the game after it). */
    moveOf(gameId: string, index: number, game: Game, direction: Direction): RankedMove {
      const letter = MOVE_LETTERS[direction];
      const before = sent.get(gameId) ?? '';
      if (index === before.length) sent.set(gameId, before + letter);
      return {
        gameId,
        index,
        digest: movesDigest(before.slice(0, index)),
        letter,
        moves: game.moves.length,
        score: game.score,
        maxTile: maxTile(game.board),
        status: game.status,
      };
    },
    /** Forget every game (the database was emptied). */
    clear(): void {
      sent.clear();
    },
  };
}

const server = sentMoves();
const { moveOf } = server;

const codeOf = (result: { ok: boolean; error?: { code: string } }) =>
  result.ok ? 'kept' : result.error?.code;

export function leaderboardContract(name: string, database: ContractDatabase): void {
  describe(`the leaderboard store contract on ${name}`, { timeout: 30_000 }, () => {
    let store: LeaderboardStore;
    const opened: LeaderboardStore[] = [];
    const open = async () => {
      const next = await database.open();
      opened.push(next);
      return next;
    };

    beforeAll(() => database.setup(), 60_000);
    afterAll(() => database.teardown());
    beforeEach(async () => {
      server.clear();
      await database.reset();
      store = await open();
    });
    afterEach(async () => {
      for (const each of opened.splice(0)) await each.close();
    });

    async function create(id: string, client = 'alice', now = T0, admission = ROOMY) {
      const { game, ...row } = started(id, client);
      const created = await store.createRankedGame(row, admission, now);
      if (!created.ok) throw new Error(created.error.message);
      return { row, game, abandoned: created.value.abandoned };
    }

    /** Apply `directions` to the kept game one by one, as the server does. */
    async function playKept(
      gameId: string,
      game: Game,
      moves: readonly Direction[],
      from = 0,
      on = store,
    ): Promise<Game> {
      let current = game;
      for (const [i, direction] of moves.entries()) {
        current = step(current, direction).game;
        const [kept] = await on.appendRankedMoves(
          [moveOf(gameId, from + i, current, direction)],
          at(i),
        );
        if (!kept?.ok) throw new Error(`move ${from + i} was not kept`);
      }
      return current;
    }

    async function playToTheEnd(gameId: string, game: Game): Promise<Game> {
      let current = game;
      for (let index = 0; current.status !== 'lost'; index++) {
        const direction = CYCLE.find((d) => step(current, d).moved) ?? 'down';
        current = await playKept(gameId, current, [direction], index);
      }
      return current;
    }

    it('keeps every move sent, also those that change nothing, and the figures after the last', async () => {
      const { row, game } = await create('a');
      const sent: Direction[] = [];
      let after = game;
      for (let i = 0; i < 40; i++) {
        const idle = i % 5 === 4 ? CYCLE.find((d) => !step(after, d).moved) : undefined;
        const direction = idle ?? CYCLE[i % 4] ?? 'up';
        after = await playKept(row.gameId, after, [direction], i);
        sent.push(direction);
      }
      expect(await store.loadRankedGame(row.gameId)).toMatchObject({
        ...row,
        sent: sent.map((d) => MOVE_LETTERS[d]).join(''),
        moves: after.moves.length,
        score: after.score,
        maxTile: maxTile(after.board),
        status: 'playing',
        closed: null,
        scoreId: null,
        createdAt: T0.toISOString(),
        updatedAt: at(0).toISOString(),
        finishedAt: null,
      });
      expect(after.moves.length).toBeLessThan(40);
      expect((await store.findWatchedGame(row.watchId))?.gameId).toBe(row.gameId);
      expect((await store.findWatchedGame(row.gameId))?.watchId).toBe(row.watchId);
      expect(await store.loadRankedGame('game-none')).toBeNull();
      expect(await store.findWatchedGame('watch-none')).toBeNull();
    });

    it('keeps several moves in one transaction, each checked as if alone, so none twice', async () => {
      const a = await create('a');
      const b = await create('b');
      const a1 = step(a.game, 'down').game;
      const a2 = step(a1, 'left').game;
      const b1 = step(b.game, 'up').game;
      const kept = await store.appendRankedMoves([
        moveOf('game-a', 0, a1, 'down'),
        moveOf('game-b', 0, b1, 'up'),
        moveOf('game-a', 1, a2, 'left'),
        moveOf('game-a', 1, a2, 'left'), // the same index again: refused, the others kept
        moveOf('game-a', 5, a2, 'left'), // ahead of the kept count
        moveOf('game-none', 0, a1, 'down'),
      ]);
      expect(kept.map(codeOf)).toEqual([
        'kept',
        'kept',
        'kept',
        'ERR_MOVE_ORDER',
        'ERR_MOVE_ORDER',
        'ERR_UNKNOWN_GAME',
      ]);
      expect(await store.loadRankedGame('game-a')).toMatchObject({ sent: 'DL', score: a2.score });
      expect((await store.loadRankedGame('game-b'))?.sent).toBe('U');
    });

    it('keeps a move only on the very moves it was computed on, not on as many other moves', async () => {
      const { row, game } = await create('x');
      // Another server kept "down" as move 0.
      const other = sentMoves();
      const down = step(game, 'down').game;
      const first = await store.appendRankedMoves([other.moveOf(row.gameId, 0, down, 'down')]);
      expect(first.map(codeOf)).toEqual(['kept']);
      // This server computed "left" as move 0 and "right" on it as move 1, kept in one batch:
      // neither lands (the second would have its count, on moves it never saw).
      const mine = sentMoves();
      const left = step(game, 'left').game;
      const right = step(left, 'right').game;
      const both = await store.appendRankedMoves([
        mine.moveOf(row.gameId, 0, left, 'left'),
        mine.moveOf(row.gameId, 1, right, 'right'),
      ]);
      expect(both.map(codeOf)).toEqual(['ERR_MOVE_ORDER', 'ERR_MOVE_ORDER']);
      // Its second move alone, at the kept count: refused too.
      const alone = await store.appendRankedMoves([mine.moveOf(row.gameId, 1, right, 'right')]);
      expect(alone.map(codeOf)).toEqual(['ERR_MOVE_ORDER']);
      expect(await store.loadRankedGame(row.gameId)).toMatchObject({
        sent: 'D',
        digest: movesDigest('D'),
      });
      // The move computed on the kept moves lands.
      const next = step(down, 'right').game;
      const onKept = await store.appendRankedMoves([other.moveOf(row.gameId, 1, next, 'right')]);
      expect(onKept.map(codeOf)).toEqual(['kept']);
      expect(await store.loadRankedGame(row.gameId)).toMatchObject({
        sent: 'DR',
        digest: movesDigest('DR'),
        score: next.score,
      });
    });

    it('keeps a batch of many games, several moves each and interleaved, each once and in order', async () => {
      const games = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const { row, game } = await create(`many-${i}`);
          return { gameId: row.gameId, game, moves: [] as RankedMove[] };
        }),
      );
      // Three moves a game, sent game after game, round after round: as one turn of a server.
      for (const round of [0, 1, 2]) {
        for (const [i, each] of games.entries()) {
          const direction = CYCLE[(i + round) % 4] ?? 'up';
          each.game = step(each.game, direction).game;
          each.moves.push(moveOf(each.gameId, round, each.game, direction));
        }
      }
      const batch = [0, 1, 2].flatMap((round) => games.map((each) => each.moves[round]));
      const kept = await store.appendRankedMoves(batch as RankedMove[], at(5));
      expect(kept.map(codeOf)).toEqual(batch.map(() => 'kept'));
      for (const [i, each] of games.entries()) {
        const letters = [0, 1, 2].map((round) => MOVE_LETTERS[CYCLE[(i + round) % 4] ?? 'up']);
        expect(await store.loadRankedGame(each.gameId)).toMatchObject({
          sent: letters.join(''),
          score: each.game.score,
          moves: each.game.moves.length,
          updatedAt: at(5).toISOString(),
        });
      }
    });

    it('refuses a stale move, or one on a lost or closed game, in a batch without failing the others', async () => {
      const a = await create('a');
      const b = await create('b');
      const closing = await create('closing', 'bob', at(-60_000));
      // Game a has two moves kept; c is one move from its end.
      const a2 = await playKept('game-a', a.game, ['down', 'left']);
      const c = await create('c');
      let beforeEnd = c.game;
      let index = 0;
      for (;;) {
        const direction = CYCLE.find((d) => step(beforeEnd, d).moved) ?? 'down';
        if (step(beforeEnd, direction).game.status === 'lost') break;
        beforeEnd = await playKept('game-c', beforeEnd, [direction], index);
        index++;
      }
      const ending = CYCLE.find((d) => step(beforeEnd, d).moved) ?? 'down';
      const end = step(beforeEnd, ending).game;
      const afterEnd = step(end, 'up').game;
      await store.expireIdleRankedGames(30_000, at(1000));
      const b1 = step(b.game, 'up').game;
      const b2 = step(b1, 'right').game;
      const a1Again = step(a.game, 'up').game;
      const a3 = step(a2, 'right').game;
      const kept = await store.appendRankedMoves(
        [
          moveOf('game-b', 0, b1, 'up'),
          moveOf('game-a', 1, a1Again, 'up'), // stale: a has two moves kept
          moveOf('game-c', index, end, ending), // loses the game
          moveOf(closing.row.gameId, 0, closing.game, 'down'), // closed (expired)
          moveOf('game-b', 1, b2, 'right'),
          moveOf('game-a', 2, a3, 'right'), // the next of a: kept
          moveOf('game-c', index + 1, afterEnd, 'up'), // after the loss
        ],
        at(2000),
      );
      expect(kept.map(codeOf)).toEqual([
        'kept',
        'ERR_MOVE_ORDER',
        'kept',
        'ERR_GAME_EXPIRED',
        'kept',
        'kept',
        'ERR_GAME_OVER',
      ]);
      expect(await store.loadRankedGame('game-a')).toMatchObject({ sent: 'DLR', score: a3.score });
      expect(await store.loadRankedGame('game-b')).toMatchObject({ sent: 'UR', score: b2.score });
      expect(await store.loadRankedGame('game-c')).toMatchObject({
        status: 'lost',
        score: end.score,
        finishedAt: at(2000).toISOString(),
      });
      expect((await store.loadRankedGame('game-c'))?.sent).toHaveLength(index + 1);
      expect((await store.loadRankedGame(closing.row.gameId))?.sent).toBe('');
    });

    it('ends with the game: no move after a loss, ranked once, its score in the table', async () => {
      const { row, game } = await create('c');
      const current = await playToTheEnd(row.gameId, game);
      expect(await store.loadRankedGame(row.gameId)).toMatchObject({
        status: 'lost',
        finishedAt: expect.any(String),
      });
      const [after] = await store.appendRankedMoves([
        moveOf(row.gameId, current.moves.length + 99, current, 'up'),
      ]);
      expect(after && codeOf(after)).toBe('ERR_GAME_OVER');
      const entry = {
        name: ' Ada ',
        record: recordOf(current),
        score: current.score,
        maxTile: maxTile(current.board),
      };
      expect(await store.rankRankedGame(row.gameId, { ...entry, name: 'a\u0000' })).toMatchObject({
        ok: false,
        error: { code: 'ERR_NAME' },
      });
      const ranked = await store.rankRankedGame(row.gameId, entry);
      expect(ranked).toEqual({ ok: true, value: { id: expect.any(Number), rank: 1 } });
      const id = ranked.ok ? ranked.value.id : -1;
      expect((await store.loadRankedGame(row.gameId))?.scoreId).toBe(id);
      const score = await store.getScore(id);
      expect(score).toMatchObject({ id, rank: 1, name: 'Ada', score: current.score });
      expect(score).toMatchObject({ finished: true, moves: current.moves.length });
      expect(score?.record.moves).toBe(current.moves);
      expect(await store.topScores({ rules: 'classic', size: 4 })).toEqual([
        expect.objectContaining({ id, rank: 1, name: 'Ada', score: current.score }),
      ]);
      expect(await store.topScores({ rules: 'classic', size: 5 })).toEqual([]);
      expect(await store.getScore(id + 1000)).toBeNull();
      expect(await store.rankRankedGame(row.gameId, entry)).toMatchObject({
        ok: false,
        error: { code: 'ERR_GAME_USED' },
      });
    });

    it('ranks best first, ties to the earlier, and no game in play nor unknown', async () => {
      const ends: Game[] = [];
      for (const id of ['p', 'q']) {
        const { row, game } = await create(id);
        const end = await playToTheEnd(row.gameId, game);
        ends.push(end);
        const entry = { name: id, record: recordOf(end), score: end.score, maxTile: 2 };
        expect((await store.rankRankedGame(row.gameId, entry)).ok).toBe(true);
      }
      const table = await store.topScores({ rules: 'classic', size: 4, limit: 1 });
      const best = Math.max(...ends.map((end) => end.score));
      expect(table.map((row) => [row.rank, row.score])).toEqual([[1, best]]);
      const { row, game } = await create('d');
      const entry = { name: 'Bo', record: recordOf(game), score: game.score, maxTile: 2 };
      expect(await store.rankRankedGame(row.gameId, entry)).toMatchObject({
        ok: false,
        error: { code: 'ERR_NOT_FINISHED' },
      });
      expect(await store.rankRankedGame('game-none', entry)).toMatchObject({
        ok: false,
        error: { code: 'ERR_UNKNOWN_GAME' },
      });
    });

    it('lists games in progress best score first, without lost or closed ones', async () => {
      const a = await create('a');
      const b = await create('b');
      await create('c');
      await playKept(b.row.gameId, b.game, directions(30));
      await playKept(a.row.gameId, a.game, directions(10));
      const live = await store.listLiveRankedGames(10);
      expect(live.map((game) => game.watchId)).toEqual(['watch-b', 'watch-a', 'watch-c']);
      const kept = await store.loadRankedGame('game-b');
      expect(live[0]).toEqual({
        watchId: 'watch-b',
        rules: 'classic',
        size: 4,
        score: kept?.score,
        maxTile: kept?.maxTile,
        moves: kept?.moves,
        status: 'playing',
        updatedAt: expect.any(String),
      });
      expect(await store.listLiveRankedGames(2)).toHaveLength(2);
      await store.expireIdleRankedGames(1, at(60_000));
      expect(await store.listLiveRankedGames(10)).toEqual([]);
    });

    it('counts games in progress per client and in total', async () => {
      await create('a', 'alice');
      await create('b', 'alice');
      await create('c', 'bob');
      expect(await store.countRankedGamesInProgress('alice')).toBe(2);
      expect(await store.countRankedGamesInProgress('bob')).toBe(1);
      expect(await store.countRankedGamesInProgress('carol')).toBe(0);
      expect(await store.countRankedGamesInProgress()).toBe(3);
    });

    it("at a player's or an address's limit, refuses the new game, names the player's open ones and closes none", async () => {
      const limit = { ...ROOMY, perPlayer: 2, perAddress: 3 };
      const as = (id: string, client: string, player: string) => {
        const { game, ...row } = started(id, client);
        return { ...row, player };
      };
      expect(await store.createRankedGame(as('a', 'home', 'ada'), limit, at(0))).toMatchObject({
        ok: true,
      });
      expect(await store.createRankedGame(as('b', 'home', 'ada'), limit, at(10_000))).toMatchObject(
        { ok: true },
      );
      // An hour later, both paused: the third is refused, and neither is closed to make room.
      const open = [
        { gameId: 'game-b', watchId: 'watch-b', rules: 'classic', size: 4, moves: 0, score: 0 },
        { gameId: 'game-a', watchId: 'watch-a', rules: 'classic', size: 4, moves: 0, score: 0 },
      ];
      expect(await store.createRankedGame(as('c', 'home', 'ada'), limit, at(3_600_000))).toEqual({
        ok: false,
        error: {
          code: 'ERR_TOO_MANY_GAMES',
          message: expect.stringContaining('2 games in progress'),
          retryAfterMs: expect.any(Number),
          open,
        },
      });
      // The same player from another address is the same player.
      expect(
        await store.createRankedGame(as('d', 'school', 'ada'), limit, at(3_600_000)),
      ).toMatchObject({
        ok: false,
        error: { code: 'ERR_TOO_MANY_GAMES', open },
      });
      expect(await store.loadRankedGame('game-a')).toMatchObject({ closed: null });
      // Another player at the same address has games of their own, up to the address's limit.
      expect(
        await store.createRankedGame(as('e', 'home', 'bob'), limit, at(3_600_000)),
      ).toMatchObject({ ok: true });
      expect(await store.createRankedGame(as('f', 'home', 'cy'), limit, at(3_600_000))).toEqual({
        ok: false,
        error: {
          code: 'ERR_TOO_MANY_GAMES',
          message: expect.stringContaining('this address has 3 games in progress'),
          retryAfterMs: expect.any(Number),
          open: [],
        },
      });
      expect(await store.countRankedGamesInProgress('home')).toBe(3);
    });

    it("refuses a game past the server's limit, and says when to retry", async () => {
      const full = { ...ROOMY, maxInProgress: 2 };
      await create('a', 'alice', T0, full);
      await create('b', 'bob', T0, full);
      const { game, ...third } = started('c', 'carol');
      expect(await store.createRankedGame(third, full, T0)).toEqual({
        ok: false,
        error: { code: 'ERR_SERVER_FULL', message: expect.any(String), retryAfterMs: 30_000 },
      });
      expect(await store.countRankedGamesInProgress()).toBe(2);
    });

    it('expires games idle too long, once, and forgets ended games later', async () => {
      await create('a', 'alice', at(0));
      await create('b', 'bob', at(50_000));
      expect(await store.expireIdleRankedGames(60_000, at(90_000))).toEqual([
        { gameId: 'game-a', watchId: 'watch-a', score: 0, status: 'expired' },
      ]);
      expect(await store.expireIdleRankedGames(60_000, at(90_000))).toEqual([]);
      expect(await store.countRankedGamesInProgress()).toBe(1);
      expect(await store.forgetEndedRankedGames(at(89_999))).toBe(0);
      expect(await store.forgetEndedRankedGames(at(90_001))).toBe(1);
      expect(await store.loadRankedGame('game-a')).toBeNull();
      expect(await store.loadRankedGame('game-b')).not.toBeNull();
    });

    it('reopened mid-game: every move kept, and the game goes on', async () => {
      const { row, game } = await create('r');
      const first = await playKept(row.gameId, game, directions(25));
      await store.close();
      store = await open();
      const kept = await store.loadRankedGame(row.gameId);
      let replayed = newGame('classic', kept?.seed ?? '');
      for (const letter of kept?.sent ?? '') {
        replayed = step(replayed, directionOfLetter(letter) ?? 'up').game;
      }
      expect(replayed).toEqual(first);
      const second = await playKept(row.gameId, replayed, directions(10), 25);
      expect(await store.loadRankedGame(row.gameId)).toMatchObject({
        score: second.score,
        moves: second.moves.length,
      });
      expect((await store.loadRankedGame(row.gameId))?.sent).toHaveLength(35);
    });

    it('two stores on one database: the same moves sent through both at once land once each', async () => {
      const other = await open();
      const { row, game } = await create('s');
      // 30 moves, each sent through both stores at once, as two servers would race.
      let current = game;
      for (let index = 0; index < 30; index++) {
        const direction = CYCLE[index % 4] ?? 'up';
        current = step(current, direction).game;
        const move = moveOf(row.gameId, index, current, direction);
        const answers = await Promise.all([
          store.appendRankedMoves([move]),
          other.appendRankedMoves([move]),
        ]);
        expect(answers.map(([answer]) => answer && codeOf(answer)).sort()).toEqual([
          'ERR_MOVE_ORDER',
          'kept',
        ]);
      }
      const kept = await other.loadRankedGame(row.gameId);
      expect(kept?.sent).toBe(
        directions(30)
          .map((d) => MOVE_LETTERS[d])
          .join(''),
      );
      expect(kept?.score).toBe(current.score);
    });

    it('two stores on one database: batches touching the same games at once keep each move once, in order', async () => {
      const other = await open();
      const games = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const { row, game } = await create(`race-${i}`);
          return { gameId: row.gameId, game };
        }),
      );
      // Each round, both stores keep the next moves of every game at once, in opposite game
      // orders and overlapping by one: one store's moves n and n+1, the other's n+1 and n+2.
      let next = 0;
      for (let round = 0; round < 8; round++) {
        const movesOf = (from: number, count: number) =>
          games.map((each) => {
            let game = each.game;
            const moves: RankedMove[] = [];
            for (let index = 0; index < from + count; index++) {
              const direction = CYCLE[index % 4] ?? 'up';
              game = step(game, direction).game;
              if (index >= from) moves.push(moveOf(each.gameId, index, game, direction));
            }
            return moves;
          });
        const mine = movesOf(next, 2).flat();
        const theirs = movesOf(next + 1, 2)
          .reverse()
          .flat();
        const [keptHere, keptThere] = await Promise.all([
          store.appendRankedMoves(mine),
          other.appendRankedMoves(theirs),
        ]);
        const landed = [
          ...mine.filter((_, i) => keptHere?.[i]?.ok),
          ...theirs.filter((_, i) => keptThere?.[i]?.ok),
        ];
        for (const each of games) {
          const row = await other.loadRankedGame(each.gameId);
          const indexes = landed
            .filter((move) => move.gameId === each.gameId)
            .map((move) => move.index)
            .sort((x, y) => x - y);
          // Kept once each, with no gap: move n, n+1, and n+2 when it came after them.
          expect(indexes.slice(0, 2)).toEqual([next, next + 1]);
          expect(row?.sent).toHaveLength(next + indexes.length);
          expect(new Set(indexes).size).toBe(indexes.length);
        }
        // Every game on the same count again, for the next round: the longest kept.
        const rows = await Promise.all(games.map((each) => other.loadRankedGame(each.gameId)));
        const longest = Math.max(...rows.map((row) => row?.sent.length ?? 0));
        for (const [i, each] of games.entries()) {
          let game = each.game;
          let index = 0;
          for (; index < longest; index++) {
            const direction = CYCLE[index % 4] ?? 'up';
            game = step(game, direction).game;
            if (index >= (rows[i]?.sent.length ?? 0)) {
              const [caughtUp] = await store.appendRankedMoves([
                moveOf(each.gameId, index, game, direction),
              ]);
              expect(caughtUp?.ok).toBe(true);
            }
          }
        }
        next = longest;
      }
      for (const each of games) {
        const row = await store.loadRankedGame(each.gameId);
        expect(row?.sent).toBe(
          directions(next)
            .map((d) => MOVE_LETTERS[d])
            .join(''),
        );
        let game = each.game;
        for (const direction of directions(next)) game = step(game, direction).game;
        expect(row?.score).toBe(game.score);
      }
    });

    it('two stores on one database: a game is ranked once, whichever ranks it', async () => {
      const other = await open();
      const { row, game } = await create('t');
      const end = await playToTheEnd(row.gameId, game);
      const entry = { name: 'Cy', record: recordOf(end), score: end.score, maxTile: 2 };
      const answers = await Promise.all([
        store.rankRankedGame(row.gameId, entry),
        other.rankRankedGame(row.gameId, entry),
      ]);
      expect(answers.map((answer) => codeOf(answer)).sort()).toEqual(['ERR_GAME_USED', 'kept']);
      expect(await store.topScores({ rules: 'classic', size: 4 })).toHaveLength(1);
    });

    it.runIf(database.sharesChanges)(
      "two stores on one database: each hears of the other's moves and closes, not its own",
      async () => {
        const other = await open();
        const heard: string[] = [];
        const ownHeard: string[] = [];
        other.onOtherServers((ids) => heard.push(...ids));
        store.onOtherServers((ids) => ownHeard.push(...ids));
        const { row, game } = await create('n');
        await playKept(row.gameId, game, directions(3));
        await store.expireIdleRankedGames(0, at(120_000));
        for (let wait = 0; heard.length < 4 && wait < 100; wait++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(heard).toEqual([row.gameId, row.gameId, row.gameId, row.gameId]);
        expect(ownHeard).toEqual([]);
      },
    );

    it('reports its health, and its kind and location', async () => {
      expect(await store.health()).toEqual({ ok: true, value: undefined });
      expect(['sqlite', 'postgres']).toContain(store.kind);
      expect(store.location).not.toMatch(/:(?!\*\*\*@)[^:@/]+@/); // no password
    });
  });
}
