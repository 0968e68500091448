export { contrastRatio, luminance } from './contrast.js';
export { MAX_MARKS_IN_A_ROW, MAX_NAME_LENGTH, nameLength, parseName } from './names.js';
export {
  colourOfTier,
  nameOfTier,
  SIZE_NAMES,
  SURFACES,
  type Surfaces,
  THEMES,
  type Theme,
  TIER_COLOURS,
  TIER_NAMES,
  type TileColours,
  tileColours,
} from './palette.js';
export { isRankedSize, MAX_RANKED_SIZE, MIN_RANKED_SIZE, RANKED_SIZES } from './rankedSizes.js';
export {
  attempt,
  type Failure,
  fail,
  mapResult,
  ok,
  parseJson,
  type Result,
  valueOr,
} from './result.js';
