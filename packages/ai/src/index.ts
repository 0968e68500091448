export {
  createPlayer,
  greedyPlayer,
  legalMoves,
  PLAYER_NAMES,
  type Player,
  type PlayerName,
  type PlayerOptions,
  randomPlayer,
} from './player.js';
