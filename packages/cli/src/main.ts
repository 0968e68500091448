#!/usr/bin/env node

/**
 * The `2048` command: `play`, `auto`, `scores`, `replay`, `review`, `bench`, `env`, `train`, `serve`,
 * `backup`, `watch`, `daily`, `race`. Bad flags
 * give commander's one-line error and exit code 2; anything unexpected is one line on stderr
 * and exit code 1, never a stack trace on the player's screen (the full-screen game restores
 * the terminal first).
 */

import { register as registerAuto } from './commands/auto.js';
import { register as registerBackup } from './commands/backup.js';
import { register as registerBench } from './commands/bench.js';
import { register as registerDaily } from './commands/daily.js';
import { register as registerEnv } from './commands/env.js';
import { register as registerPlay } from './commands/play.js';
import { register as registerRace } from './commands/race.js';
import { register as registerReplay } from './commands/replay.js';
import { register as registerReview } from './commands/review.js';
import { register as registerScores } from './commands/scores.js';
import { register as registerServe } from './commands/serve.js';
import { register as registerTrain } from './commands/train.js';
import { register as registerWatch } from './commands/watch.js';
import { newProgram, runCommandLine } from './toolkit/commandLine.js';

const program = newProgram('2048')
  .description(
    '2048 in the terminal: play, let the computer play, keep saves and high scores, benchmark the AI, host the game',
  )
  .version('0.1.0');
registerPlay(program);
registerAuto(program);
registerScores(program);
registerReplay(program);
registerReview(program);
registerBench(program);
registerEnv(program);
registerTrain(program);
registerServe(program);
registerBackup(program);
registerWatch(program);
registerDaily(program);
registerRace(program);

await runCommandLine(program, '2048');
