export {
  answerOf,
  directionOfLetter,
  gameAfter,
  moveEventOf,
  playLetters,
  rankedRules,
  stateEventOf,
  wireBoard,
} from './answers.js';
export {
  answerAgain,
  type KeptMove,
  type RankedAnswer,
  type RankedCommand,
  type RankedEffect,
  type RankedState,
  type RankedStep,
  stepRanked,
} from './step.js';
