export { type BackupDone, backupSqlite } from './backup.js';
export { StoreFailure } from './failure.js';
export { sqliteLeaderboard } from './leaderboard.js';
export {
  type DatabaseTarget,
  DB_FILE_NAME,
  databaseFile,
  databaseTarget,
  dataDirectory,
} from './location.js';
export { type OpenLeaderboardOptions, openLeaderboard, SCHEMA_VERSIONS } from './open.js';
export { createPlayStore } from './play.js';
export type {
  DailyScoreRow,
  PlayAdmission,
  PlayOf,
  PlayRefusal,
  PlayRunner,
  PlayStore,
  RacePlayerRow,
  RaceRow,
} from './playTypes.js';
export {
  type PgClient,
  type PgSession,
  redactedUrl,
  type StatementObserver,
} from './postgres/client.js';
export { openPostgresLeaderboard } from './postgres/leaderboard.js';
export { DEFAULT_TABLE_LENGTH, MAX_TABLE_LENGTH } from './scores.js';
export { openStore } from './store.js';
export type {
  AdmissionRefusal,
  EndedRankedGame,
  LeaderboardStore,
  LiveRankedGame,
  NewRankedGame,
  NewScore,
  OpenOptions,
  OpenRankedGame,
  RankedAdmission,
  RankedGameRow,
  RankedMove,
  RankedMoveRefusal,
  RankedScore,
  RankedStatus,
  RankingRefusal,
  SavedGame,
  ScoreQuery,
  ScoreRow,
  Store,
  StoreError,
} from './types.js';
