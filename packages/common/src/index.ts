export { contrastRatio, luminance } from './contrast.js';
export { type Failure, fail, ok, type Result } from './result.js';
