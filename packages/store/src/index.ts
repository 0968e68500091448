export { StoreFailure } from './failure.js';
export { DB_FILE_NAME, databaseFile, dataDirectory } from './location.js';
export { DEFAULT_TABLE_LENGTH, MAX_TABLE_LENGTH } from './scores.js';
export { openStore } from './store.js';
export type {
  IssuedGame,
  NewScore,
  OpenOptions,
  SavedGame,
  ScoreQuery,
  ScoreRow,
  Store,
  StoreError,
} from './types.js';
