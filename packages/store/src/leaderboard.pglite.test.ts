import { openPostgresLeaderboard } from './postgres/leaderboard.js';
import { leaderboardContract } from './testing/leaderboardContract.js';
import { embeddedPostgres } from './testing/pglite.js';

let database: Awaited<ReturnType<typeof embeddedPostgres>> | undefined;
const embedded = () => {
  if (!database) throw new Error('PGlite is not started');
  return database;
};
leaderboardContract('PostgreSQL (embedded: PGlite)', {
  sharesChanges: true,
  async setup() {
    database = await embeddedPostgres();
  },
  async reset() {
    await embedded()
      .client()
      .query(
        'DROP TABLE IF EXISTS race_players, races, daily_scores, daily_games, play_secrets, ranked_moves, ranked_games, scores, twenty48_schema',
        [],
      );
  },
  async open() {
    const opened = await openPostgresLeaderboard(embedded().client(), embedded().location);
    if (!opened.ok) throw new Error(opened.error.message);
    return opened.value;
  },
  async teardown() {
    await database?.end();
  },
});
