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
  type RaceFacts,
  raceAnswerOf,
  raceMoveRefusal,
  raceStatus,
  standings,
} from './race.js';
export {
  answerAgain,
  type KeptMove,
  type RankEntry,
  type RankedAnswer,
  type RankedCommand,
  type RankedEffect,
  type RankedState,
  type RankedStep,
  type ResumeState,
  stepRanked,
} from './step.js';
