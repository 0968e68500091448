import { observed, type StatementObserver } from './observe.js';
import type { LeaderboardStore, Store } from './types.js';

/**
 * The SQLite store as the server's `LeaderboardStore`: the same operations, answered at once.
 * A failure of SQLite rejects with the `StoreFailure` the store threw. With `observe`, each
 * operation (one statement or one transaction, as PostgreSQL's are measured) is timed.
 *
 * @example
 * const opened = openStore({ file: 'scores.db' });
 * if (opened.ok) startServer({ store: sqliteLeaderboard(opened.value) });
 */
export function sqliteLeaderboard(store: Store, observe?: StatementObserver): LeaderboardStore {
  const later =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): Promise<Awaited<R>> =>
      observed(() => run(...args), observe);
  return {
    kind: 'sqlite',
    location: store.file,
    topScores: later(store.topScores),
    getScore: later(store.getScore),
    createRankedGame: later(store.createRankedGame),
    loadRankedGame: later(store.loadRankedGame),
    findWatchedGame: later(store.findWatchedGame),
    appendRankedMoves: later(store.appendRankedMoves),
    listLiveRankedGames: later(store.listLiveRankedGames),
    countRankedGamesInProgress: later(store.countRankedGamesInProgress),
    expireIdleRankedGames: later(store.expireIdleRankedGames),
    forgetEndedRankedGames: later(store.forgetEndedRankedGames),
    rankRankedGame: later(store.rankRankedGame),
    onOtherServers: () => () => {},
    play: store.play,
    health: later(store.health),
    close: later(store.close),
  };
}
