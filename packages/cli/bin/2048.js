#!/usr/bin/env node
// The `2048` command as npm links it: loads dist/main.js, or says to run `npm run build`.
import { launch } from '../../../scripts/launch.mjs';

await launch('2048', new URL('../dist/main.js', import.meta.url));
