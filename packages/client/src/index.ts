export {
  isRankedDirection,
  isRankedRules,
  isRankedStatus,
  parseBoard,
  parseCreateAnswer,
  parseEndEvent,
  parseLiveList,
  parseMoveAnswer,
  parseMoveEvent,
  parseRecordAnswer,
  parseResumeAnswer,
  parseScoreAnswer,
  parseStateEvent,
} from './answers.js';
export {
  createGame,
  DEFAULT_TIMEOUT_MS,
  type RankedVariant,
  rankGame,
  readGame,
  readLiveGames,
  type ServerLink,
  sendMove,
} from './api.js';
export {
  createEventParser,
  type EventParser,
  MAX_EVENT_LINE,
  readEventStream,
  type StreamEvent,
} from './event-stream.js';
export {
  apiUrl,
  type ByteReader,
  type ClientError,
  type ClientErrorCode,
  type ClientResult,
  callApi,
  clientError,
  type Fetch,
  type FetchInit,
  type FetchResponse,
  type FetchSignal,
  isTransient,
  MAX_ANSWER_BYTES,
} from './http.js';
export {
  countIds,
  type FollowedMove,
  followMove,
  type IdSource,
  type Position,
  placeSpawn,
  positionOf,
  type ServerMove,
  type Slid,
  slidePosition,
} from './position.js';
export { createRankedGame, resumeRankedGame } from './ranked-game.js';
export type {
  Connection,
  MoveOutcome,
  RankedChange,
  RankedGame,
  RankedOptions,
  RankedSnapshot,
} from './ranked-types.js';
export { liveGames, type Watch, type WatchUpdate, watchGame } from './watch.js';
