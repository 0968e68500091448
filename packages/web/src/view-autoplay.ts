// The AI's part of the page's policy: the hint, and auto-play (ask the AI, play its move when the
// speed allows, and ask about the next position at once, so the AI thinks while the move
// animates). Pure: the AI is asked and timers are set through effects.

import type { Direction, Game } from '@twenty48/engine';
import { type AiAnswer, FAST_THINK_MS, THINK_MS } from './ai-client.js';
import { describeStatus } from './announce.js';
import { andThen, announce, pushMove, turnMs, unchanged } from './view-game.js';
import { overlayOf, type ViewInput, type ViewState, type ViewUpdate } from './view-state.js';

/** Ask the AI for a hint on the game as it is. */
export function askHint(state: ViewState): ViewUpdate {
  return {
    state: { ...state, hint: { text: 'Thinking…', direction: null } },
    effects: [
      { type: 'askAi', purpose: 'hint', run: state.autoplay.run, game: state.game, ms: THINK_MS },
    ],
  };
}

/** What went wrong with the AI, in its own words (the code is the page's, not the player's). */
const aiTrouble = (answer: AiAnswer): string | null =>
  'error' in answer ? answer.error.message : null;

const directionOf = (answer: AiAnswer): Direction | null =>
  'direction' in answer ? answer.direction : null;

function hintAnswered(state: ViewState, game: Game, answer: AiAnswer): ViewUpdate {
  if (state.game !== game) return unchanged(state); // the game moved on: the hint is stale
  const error = aiTrouble(answer);
  const direction = directionOf(answer);
  const text =
    error !== null
      ? `No hint: ${error}`
      : direction
        ? `Hint: move ${direction}.`
        : 'Hint: no move changes the board.';
  return { state: { ...state, hint: { text, direction } }, effects: [announce(text)] };
}

/** Auto-play off: an answer or a timer of the stopped run is ignored. */
const stopped = (state: ViewState): ViewState => ({
  ...state,
  autoplay: { ...state.autoplay, run: state.autoplay.run + 1, phase: 'off', answer: null },
});

/** Stop auto-play and say why; an answer or a timer of the stopped run is ignored. */
export function stopAutoplay(state: ViewState, reason: string): ViewUpdate {
  if (state.autoplay.phase === 'off') return unchanged(state);
  return { state: stopped(state), effects: [announce(`Auto-play stopped: ${reason}.`)] };
}

/**
 * The game ended while auto-play ran: it stops, and the end is said as what it is (a win is
 * a win), the last move's words first.
 *
 * @example
 * stopAutoplayAtEnd(wonWhileAutoplaying).effects // [announce '…You win! You made 2048. Auto-play stopped.']
 */
export function stopAutoplayAtEnd(state: ViewState): ViewUpdate {
  if (state.autoplay.phase === 'off' || overlayOf(state) === null) return unchanged(state);
  const ending = describeStatus(state.game);
  const said = state.announcement.includes(ending) ? state.announcement : ending;
  return { state: stopped(state), effects: [announce(`${said} Auto-play stopped.`)] };
}

/**
 * An arrow (or a swipe) while auto-play runs: auto-play stops and the player's move is played;
 * both said in one sentence.
 */
export function takeOver(state: ViewState, direction: Direction): ViewUpdate {
  const moved = pushMove(stopped(state), direction);
  const effects = moved.effects.map((effect) =>
    effect.type === 'announce' ? announce(`Auto-play stopped. ${effect.text}`) : effect,
  );
  const said = effects.some((effect) => effect.type === 'announce');
  return {
    state: moved.state,
    effects: said ? effects : [...effects, announce('Auto-play stopped.')],
  };
}

/**
 * How long the AI may search for auto-play's next move: a hint's time, but at speeds whose turn
 * is shorter than twice that, `FAST_THINK_MS`, so the answer is there before its turn.
 *
 * @example
 * autoplayThinkMs(at5movesPerSecond) // THINK_MS (60)
 * autoplayThinkMs(at30movesPerSecond) // FAST_THINK_MS (20)
 */
export const autoplayThinkMs = (state: ViewState): number =>
  turnMs(state) < 2 * THINK_MS ? FAST_THINK_MS : THINK_MS;

/** Ask the AI about the game as it is now; its answer is played when its turn has come. */
function askNext(state: ViewState, due: boolean, since: number): ViewUpdate {
  const autoplay = { ...state.autoplay, phase: 'thinking' as const, due, since, answer: null };
  const { run } = autoplay;
  const ms = autoplayThinkMs(state);
  return {
    state: { ...state, autoplay },
    effects: [{ type: 'askAi', purpose: 'autoplay', run, game: state.game, ms }],
  };
}

/**
 * Play the AI's move now, its turn having begun at `since`: the AI is asked about the next
 * position at once (it thinks while this move animates), and the next turn begins a turn later.
 */
function playAuto(state: ViewState, direction: Direction, since: number): ViewUpdate {
  const moved = pushMove(state, direction);
  if (overlayOf(moved.state) !== null) return andThen(moved, stopAutoplayAtEnd);
  const { run } = state.autoplay;
  const at = since + turnMs(state);
  return andThen(
    andThen(moved, (s) => askNext(s, false, since)),
    (s) => ({
      state: s,
      effects: [{ type: 'wakeAutoplay', run, at }],
    }),
  );
}

/**
 * The auto-play button at time `now` (the page's clock): start (the first move is due at
 * once), or stop.
 *
 * @example
 * toggleAutoplay(state, performance.now()).effects // [announce 'Auto-play started.', askAi]
 */
export function toggleAutoplay(state: ViewState, now: number): ViewUpdate {
  const { autoplay } = state;
  if (autoplay.phase !== 'off') return stopAutoplay(state, 'stopped');
  const started: ViewState = {
    ...state,
    autoplay: { run: autoplay.run + 1, phase: 'thinking', since: now, due: true, answer: null },
  };
  const said: ViewUpdate = { state: started, effects: [announce('Auto-play started.')] };
  if (overlayOf(state) !== null) return andThen(said, stopAutoplayAtEnd);
  return andThen(said, (s) => askNext(s, true, now));
}

/**
 * The next move's turn begins at `now`: the answer waiting for it is played (or, when the player
 * moved meanwhile, the AI is asked again); an answer still to come is played when it comes.
 */
export function wakeAutoplay(state: ViewState, run: number, now: number): ViewUpdate {
  const { autoplay } = state;
  if (run !== autoplay.run || autoplay.phase === 'off') return unchanged(state);
  const { answer } = autoplay;
  if (answer === null) {
    return unchanged({ ...state, autoplay: { ...autoplay, due: true, since: now } });
  }
  return answer.game === state.game
    ? playAuto(state, answer.direction, now)
    : askNext(state, true, now);
}

function autoplayAnswered(state: ViewState, run: number, game: Game, answer: AiAnswer): ViewUpdate {
  const { autoplay } = state;
  if (run !== autoplay.run || autoplay.phase !== 'thinking') return unchanged(state);
  const error = aiTrouble(answer);
  if (error !== null) return stopAutoplay(state, error);
  // The player moved meanwhile: a stale answer is not played, the AI is asked again.
  if (state.game !== game) return askNext(state, autoplay.due, autoplay.since);
  const direction = directionOf(answer);
  if (direction === null) return stopAutoplay(state, 'no move left');
  if (autoplay.due) return playAuto(state, direction, autoplay.since);
  return unchanged({
    ...state,
    autoplay: { ...autoplay, phase: 'ready', answer: { direction, game } },
  });
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
