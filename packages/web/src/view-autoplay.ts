// The AI's part of the page's policy: the hint, and auto-play (ask the AI, play its move, wait
// for the board and the speed, again). Pure: the AI is asked and timers are set through effects.

import type { Direction, Game } from '@twenty48/engine';
import { type AiAnswer, aiErrorText } from './ai-client.js';
import { andThen, announce, pushMove, unchanged } from './view-game.js';
import { busy, overlayOf, type ViewInput, type ViewState, type ViewUpdate } from './view-state.js';

/** Ask the AI for a hint on the game as it is. */
export function askHint(state: ViewState): ViewUpdate {
  return {
    state: { ...state, hint: { text: 'Thinking…', direction: null } },
    effects: [{ type: 'askAi', purpose: 'hint', run: state.autoplay.run, game: state.game }],
  };
}

const directionOf = (answer: AiAnswer): Direction | null =>
  'direction' in answer ? answer.direction : null;

function hintAnswered(state: ViewState, game: Game, answer: AiAnswer): ViewUpdate {
  if (state.game !== game) return unchanged(state); // the game moved on: the hint is stale
  const error = aiErrorText(answer);
  const direction = directionOf(answer);
  const text =
    error !== null
      ? `No hint: ${error}`
      : direction
        ? `Hint: move ${direction}.`
        : 'Hint: no move changes the board.';
  return { state: { ...state, hint: { text, direction } }, effects: [announce(text)] };
}

/** Stop auto-play and say why; an answer or a timer of the stopped run is ignored. */
export function stopAutoplay(state: ViewState, reason: string): ViewUpdate {
  const { autoplay } = state;
  if (autoplay.phase === 'off') return unchanged(state);
  return {
    state: { ...state, autoplay: { ...autoplay, run: autoplay.run + 1, phase: 'off' } },
    effects: [announce(`Auto-play stopped: ${reason}.`)],
  };
}

/** Auto-play's next turn: wait for the board to be still, stop at the game's end, or ask. */
function nextAutoMove(state: ViewState): ViewUpdate {
  const { autoplay } = state;
  if (busy(state))
    return unchanged({ ...state, autoplay: { ...autoplay, phase: 'waitingForBoard' } });
  if (overlayOf(state) !== null) return stopAutoplay(state, 'the game is over');
  return {
    state: { ...state, autoplay: { ...autoplay, phase: 'thinking' } },
    effects: [{ type: 'askAi', purpose: 'autoplay', run: autoplay.run, game: state.game }],
  };
}

/**
 * The auto-play button at time `now` (the page's clock): start, or stop.
 *
 * @example
 * toggleAutoplay(state, performance.now()).effects // [announce 'Auto-play started.', askAi]
 */
export function toggleAutoplay(state: ViewState, now: number): ViewUpdate {
  const { autoplay } = state;
  if (autoplay.phase !== 'off') return stopAutoplay(state, 'stopped');
  const started: ViewState = {
    ...state,
    autoplay: { run: autoplay.run + 1, phase: 'waitingForBoard', since: now },
  };
  return andThen({ state: started, effects: [announce('Auto-play started.')] }, nextAutoMove);
}

/** The rest between auto moves is over at `now`: the next move's turn begins. */
export function wakeAutoplay(state: ViewState, run: number, now: number): ViewUpdate {
  const { autoplay } = state;
  if (run !== autoplay.run || autoplay.phase !== 'resting') return unchanged(state);
  return nextAutoMove({ ...state, autoplay: { ...autoplay, since: now } });
}

function autoplayAnswered(state: ViewState, run: number, game: Game, answer: AiAnswer): ViewUpdate {
  const { autoplay } = state;
  if (run !== autoplay.run || autoplay.phase !== 'thinking') return unchanged(state);
  const error = aiErrorText(answer);
  if (error !== null) return stopAutoplay(state, error);
  const direction = directionOf(answer);
  if (direction === null) return stopAutoplay(state, 'no move left');
  const resting: ViewState = { ...state, autoplay: { ...autoplay, phase: 'resting' } };
  // The player may have moved meanwhile: a stale answer is not played, the next turn asks again.
  const moved = state.game === game ? pushMove(resting, direction) : unchanged(resting);
  const at = autoplay.since + 1000 / Math.max(1, state.settings.speed);
  return { state: moved.state, effects: [...moved.effects, { type: 'wakeAutoplay', run, at }] };
}

/** The AI answered the hint or auto-play. */
export function aiAnswered(
  state: ViewState,
  input: Extract<ViewInput, { type: 'aiAnswered' }>,
): ViewUpdate {
  return input.purpose === 'hint'
    ? hintAnswered(state, input.game, input.answer)
    : autoplayAnswered(state, input.run, input.game, input.answer);
}

/** After any input: auto-play that waits for the board goes on once the board is still. */
export const resumeAutoplay = (state: ViewState): ViewUpdate =>
  state.autoplay.phase === 'waitingForBoard' && !busy(state)
    ? nextAutoMove(state)
    : unchanged(state);
