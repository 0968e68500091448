export { greedyPlayer, legalMoves, type Player, randomPlayer } from './player.js';
