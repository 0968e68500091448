export { StoreFailure } from './failure.js';
export { DB_FILE_NAME, databaseFile, dataDirectory } from './location.js';
export type { RankedScore } from './ranked.js';
export { DEFAULT_TABLE_LENGTH, MAX_TABLE_LENGTH } from './scores.js';
export { openStore } from './store.js';
export type {
  AdmissionRefusal,
  EndedRankedGame,
  LiveRankedGame,
  NewRankedGame,
  NewScore,
  OpenOptions,
  RankedAdmission,
  RankedGameRow,
  RankedMove,
  RankedStatus,
  SavedGame,
  ScoreQuery,
  ScoreRow,
  Store,
  StoreError,
} from './types.js';
