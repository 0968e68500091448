export {
  type Bitboard,
  fitsBitboard,
  fromBitboard,
  rowTables,
  slideBitboard,
  toBitboard,
} from './bitboard.js';
export { benchChartSvg } from './chart.js';
export {
  ACTIONS,
  createEnv,
  type Env,
  type EnvSpec,
  envSpec,
  isStepLimit,
  type Observation,
  type ResetInfo,
  type ResetOptions,
  type StepInfo,
  type Transition,
} from './env.js';
export {
  createEnvProtocol,
  type EnvErrorCode,
  type EnvProtocolOptions,
  type EnvReply,
  MAX_ENV_LINE,
  MAX_ENVS,
} from './env-protocol.js';
export {
  adaptiveDepth,
  DEFAULT_MOVE_MS,
  type ExpectimaxOptions,
  expectimaxPlayer,
} from './expectimax.js';
export { createFastSearch, createSearch, searchKernel } from './fast-search.js';
export { lineScore } from './heuristic.js';
export {
  crc32,
  type Encoding,
  isGzip,
  makeNetwork,
  NETWORK_MAGIC,
  NETWORK_VERSION,
  type NetworkErrorCode,
  type NetworkFile,
  parseNetwork,
} from './ntuple-format.js';
export {
  FOUR_SIX_TUPLES,
  type Network,
  type NetworkShape,
  newNetwork,
} from './ntuple-network.js';
export {
  createNtupleSearch,
  currentNetwork,
  DEFAULT_NTUPLE_MS,
  type NetworkLoad,
  type NtupleSearch,
  networkPlays,
  ntuplePlayer,
  provideNetwork,
  type RootValues,
} from './ntuple-player.js';
export {
  createPlayer,
  DEFAULT_AI,
  greedyPlayer,
  legalMoves,
  PLAYER_NAMES,
  type Player,
  type PlayerName,
  type PlayerOptions,
  type PlayerView,
  randomPlayer,
} from './player.js';
export {
  type AiErrorCode,
  type AiRequest,
  type AiResponse,
  createAiHandler,
  handleAiRequest,
} from './protocol.js';
export {
  COSTLIEST_COUNT,
  costliestMoves,
  DEFAULT_REVIEW_DEPTH,
  type GameReview,
  gradeMove,
  lossColumns,
  type MoveLetter,
  type ReviewErrorCode,
  type ReviewedMove,
  type ReviewPosition,
  reviewPlays,
  reviewPositions,
  summarizeReview,
} from './review.js';
export {
  gradePosition,
  handleReviewMove,
  isReviewMoveRequest,
  type ReviewMoveRequest,
  type ReviewMoveResponse,
  type ReviewOptions,
  reviewLimits,
  reviewRecord,
} from './review-values.js';
export { type BitboardSearch, createBitboardSearch, type SearchResult } from './search.js';
export {
  type BenchGame,
  type BenchSpec,
  type BenchSummary,
  benchGameSeed,
  formatBenchTable,
  playBenchGame,
  REACH_TILES,
  summarizeBench,
} from './strength.js';
