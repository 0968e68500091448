export { type Failure, fail, ok, type Result } from './result.js';
