#!/usr/bin/env node
// The `checkers` command as npm links it: loads dist/checkers/main.js, or says to run `npm run build`.
import { launch } from '../../../scripts/launch.mjs';

await launch('checkers', new URL('../dist/checkers/main.js', import.meta.url));
