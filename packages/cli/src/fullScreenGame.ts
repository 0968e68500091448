/**
 * The full-screen 2048 game as a pure function: `stepFullScreen(state, input)` gives the next
 * state and the effects for the edge (`fullScreenPlay.ts`) to perform: draw this frame, autosave,
 * ask the adviser for a hint, look up or enter a high score, start a new game, exit. What is
 * below the board (the overlay) decides what a key means. No terminal, store, worker, clock or
 * random source here: what needs the world is an effect, and the world's answer comes back as
 * an input (`checkHighScore` -> `highScore`, `enterScore` -> `scoreEntered`, `startNewGame` ->
 * `newGame`, `askHint` -> `hint` or `hintFailed`, possibly after the position has changed).
 */
import type { Result } from '@twenty48/common';
import type { Direction, Game, Rules } from '@twenty48/engine';
import { type FrameOverlay, type FrameView, helpPageCount, renderFrame } from './frame.js';
import {
  answerScore,
  bestScore,
  isAnswered,
  isUnderWay,
  keepPlayingMatch,
  type MatchState,
  moveMatch,
  restartMatch,
  scoreRecorded,
  startMatch,
  undoMatch,
} from './matchState.js';
import { LETTER_MOVES } from './moveKeys.js';
import { editName } from './nameEntry.js';
import type { ColorMode } from './toolkit/colors.js';
import type { Key } from './toolkit/keys.js';
import type { ScreenEffect, ScreenInput, ScreenStep } from './toolkit/screenLoop.js';

/** How the game ended: the player quit (or the input ended), or pressed Ctrl-C. */
export type PlayExit = 'quit' | 'interrupt';

/** Everything the full-screen game is at one moment. */
export interface PlayState {
  readonly match: MatchState;
  /** What is below the board, and so what the keys mean. */
  readonly overlay: FrameOverlay;
  /** A one-line message: a notice about saves, the result of the last action. */
  readonly message: string | null;
  /** The position a hint is being computed for; an answer for any other is dropped. */
  readonly hintFor: Game | null;
  readonly cols: number;
  readonly rows: number;
  readonly mode: ColorMode;
}

/** What happens to the game: a key, a resize, the end of the input, or the world's answers. */
export type PlayInput =
  | ScreenInput
  /** The adviser's move for `game` (null: no move counts). */
  | {
      readonly kind: 'hint';
      readonly game: Game;
      readonly direction: Direction | null;
      /** Why the default AI's network did not play (the heuristic did), when it did not. */
      readonly notice?: string | null;
    }
  | { readonly kind: 'hintFailed'; readonly game: Game; readonly reason: string }
  /** `game` ended in the top 10 (the answer to `checkHighScore` when it did). */
  | { readonly kind: 'highScore'; readonly game: Game; readonly lastName: string | null }
  /** The answer to `enterScore`: the rank, or why the store refused. */
  | { readonly kind: 'scoreEntered'; readonly name: string; readonly rank: Result<number> }
  /** The answer to `startNewGame`: the game, and the best score on record for its rules. */
  | { readonly kind: 'newGame'; readonly game: Game; readonly best: number };

/** What the edge does for the game, in order: draw and exit, and the world's part. */
export type PlayEffect =
  | ScreenEffect<PlayExit>
  | { readonly kind: 'autosave'; readonly game: Game }
  | { readonly kind: 'askHint'; readonly game: Game }
  | { readonly kind: 'checkHighScore'; readonly game: Game }
  | { readonly kind: 'enterScore'; readonly name: string; readonly game: Game }
  | { readonly kind: 'startNewGame'; readonly rules: Rules };

/** The next state and the effects that go with it. */
export type PlayStep = ScreenStep<PlayState, PlayEffect>;

/** How a full-screen game starts: its game, the record it plays against, the terminal's look. */
export interface PlayStart {
  readonly game: Game;
  /** The best score on record for the game's rules and size. */
  readonly best: number;
  /** Shown below the board at first (why saves are off), or null. */
  readonly notice: string | null;
  readonly mode: ColorMode;
  readonly cols: number;
  readonly rows: number;
}

const ARROW_OF: Readonly<Record<Direction, string>> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
};

/** A step without effects but the new frame. */
const stateOnly = (state: PlayState): PlayStep => ({ state, effects: [] });

const exit = (how: PlayExit): PlayEffect => ({ kind: 'exit', how });

/** What an input did, before its frame is drawn; `quiet` when nothing on screen changed. */
type Reaction = PlayStep & { readonly quiet?: true };

/**
 * The frame for a state: exactly `rows` lines of `cols` columns.
 *
 * @example
 * frameOf(state).length // state.rows
 */
export function frameOf(state: PlayState): string[] {
  return renderFrame(frameViewOf(state), state.cols, state.rows);
}

/** What a state's frame shows. */
function frameViewOf(state: PlayState): FrameView {
  const { match } = state;
  return {
    game: match.game,
    lastGain: match.lastGain,
    best: bestScore(match),
    moveCount: match.game.moves.length,
    overlay: state.overlay,
    message: state.message,
    mode: state.mode,
  };
}

/** The overlay a game shows when nothing is asked: the win, the loss, or none. */
function resting(game: Game): FrameOverlay {
  if (game.status === 'won') return { kind: 'won' };
  if (game.status === 'lost') return { kind: 'lost' };
  return { kind: 'none' };
}

/**
 * The first state and its first frame.
 *
 * @example
 * const { state, effects } = startFullScreen({ game, best: 0, notice: null, mode: 'none', cols: 80, rows: 24 });
 */
export function startFullScreen(start: PlayStart): PlayStep {
  const state: PlayState = {
    match: startMatch(start.game, start.best),
    overlay: resting(start.game),
    message: start.notice,
    hintFor: null,
    cols: start.cols,
    rows: start.rows,
    mode: start.mode,
  };
  return { state, effects: [{ kind: 'draw', lines: frameOf(state) }] };
}

function move(state: PlayState, direction: Direction): PlayStep {
  if (state.match.game.status === 'lost') return stateOnly(state);
  const { match, result } = moveMatch(state.match, direction);
  const counted = result.events.length > 0;
  const effects: PlayEffect[] = counted ? [{ kind: 'autosave', game: match.game }] : [];
  if (match.game.status === 'lost' && !isAnswered(match)) {
    effects.push({ kind: 'checkHighScore', game: match.game });
  }
  const message = counted ? state.message : `Nothing can move ${direction}.`;
  return { state: { ...state, match, message, overlay: resting(match.game) }, effects };
}

function undo(state: PlayState): PlayStep {
  const match = undoMatch(state.match);
  if (match === null) return stateOnly({ ...state, message: 'Nothing to undo.' });
  return {
    state: { ...state, match, overlay: resting(match.game) },
    effects: [{ kind: 'autosave', game: match.game }],
  };
}

/** Ask for a new game; the edge answers with `newGame`. */
const restart = (state: PlayState): PlayStep => ({
  state: { ...state, overlay: { kind: 'none' } },
  effects: [{ kind: 'startNewGame', rules: state.match.game.rules }],
});

/** Ask the adviser, unless it is already thinking about this very position. */
function askHint(state: PlayState): PlayStep {
  const game = state.match.game;
  const thinking = { ...state, message: 'Thinking…' };
  if (state.hintFor === game) return stateOnly(thinking);
  return { state: { ...thinking, hintFor: game }, effects: [{ kind: 'askHint', game }] };
}

/** An answer from the adviser: shown only if it is for the position on the board. */
function hintAnswered(state: PlayState, game: Game, text: string): Reaction {
  if (state.hintFor !== game) return { state, effects: [], quiet: true };
  const settled = { ...state, hintFor: null };
  if (state.match.game !== game) return { state: settled, effects: [], quiet: true };
  return stateOnly({ ...settled, message: text });
}

/** A key while the name of a high score is being typed. */
function nameKey(state: PlayState, text: string, key: Key): PlayStep {
  const edit = editName(text, key);
  if (edit.kind === 'typing')
    return stateOnly({ ...state, overlay: { kind: 'name', text: edit.text } });
  if (edit.kind === 'skip') {
    const match = answerScore(state.match);
    return stateOnly({ ...state, match, overlay: resting(match.game) });
  }
  if (!edit.name.ok) {
    return stateOnly({ ...state, message: `That name cannot be used: ${edit.name.error.message}` });
  }
  const match = answerScore(state.match);
  return {
    state: { ...state, match },
    effects: [{ kind: 'enterScore', name: edit.name.value, game: match.game }],
  };
}

/** `y` or anything else to a question below the board. */
function answerQuestion(
  state: PlayState,
  question: 'confirmQuit' | 'confirmNew',
  char: string,
): PlayStep {
  const settled = { ...state, overlay: resting(state.match.game) };
  if (char !== 'y') return stateOnly(settled);
  if (question === 'confirmQuit') return { state: settled, effects: [exit('quit')] };
  return restart(settled);
}

/** Keys that turn the help's pages where it takes more than one. */
const isPageKey = (key: Key, direction: 'up' | 'down'): boolean =>
  (key.kind === 'page' && key.direction === direction) ||
  (key.kind === 'arrow' && key.direction === direction) ||
  (key.kind === 'char' && (direction === 'down' ? 'j ' : 'k').includes(key.char));

/**
 * A key while the help shows: in a window where it takes more than one page, ↓ (j, space,
 * Page Down) and ↑ (k, Page Up) turn them; any other key closes it.
 */
function helpKey(state: PlayState, page: number, key: Key): PlayStep {
  const view = frameViewOf(state);
  const pages = helpPageCount(view, state.cols, state.rows);
  if (pages > 1 && isPageKey(key, 'down') && page + 1 < pages) {
    return stateOnly({ ...state, overlay: { kind: 'help', page: page + 1 } });
  }
  if (pages > 1 && isPageKey(key, 'up') && page > 0) {
    return stateOnly({ ...state, overlay: { kind: 'help', page: page - 1 } });
  }
  if (pages > 1 && (isPageKey(key, 'down') || isPageKey(key, 'up'))) return stateOnly(state);
  return stateOnly({ ...state, overlay: resting(state.match.game) });
}

/** A key on the board, a help page, a question or the end of a game. */
function boardKey(state: PlayState, key: Key): PlayStep {
  const { overlay, match } = state;
  const char = key.kind === 'char' ? key.char.toLowerCase() : '';
  const cleared = { ...state, message: null };
  if (overlay.kind === 'help') return helpKey(cleared, overlay.page ?? 0, key);
  if (overlay.kind === 'confirmQuit' || overlay.kind === 'confirmNew') {
    return answerQuestion(cleared, overlay.kind, char);
  }
  const direction = key.kind === 'arrow' ? key.direction : LETTER_MOVES[char];
  if (direction) return move(cleared, direction);
  if (char === 'u') return undo(cleared);
  if (char === 'n') {
    if (isUnderWay(match) && overlay.kind === 'none') {
      return stateOnly({ ...cleared, overlay: { kind: 'confirmNew' } });
    }
    return restart(cleared);
  }
  if (overlay.kind === 'won' && (char === 'c' || key.kind === 'enter')) {
    const kept = keepPlayingMatch(match);
    return stateOnly({ ...cleared, match: kept, overlay: resting(kept.game) });
  }
  if (char === 'q') {
    // Nothing to lose before the first move (or after the end): leave at once.
    if (!isUnderWay(match)) return { state: cleared, effects: [exit('quit')] };
    return stateOnly({ ...cleared, overlay: { kind: 'confirmQuit' } });
  }
  if (char === '?') return stateOnly({ ...cleared, overlay: { kind: 'help' } });
  if (char === 'i') return askHint(cleared);
  return stateOnly(cleared);
}

/** What an input does, before the frame is drawn. */
function react(state: PlayState, input: PlayInput): Reaction {
  switch (input.kind) {
    case 'key':
      if (input.key.kind === 'interrupt') return { state, effects: [exit('interrupt')] };
      if (state.overlay.kind === 'name') return nameKey(state, state.overlay.text, input.key);
      return boardKey(state, input.key);
    case 'resize':
      return stateOnly({ ...state, cols: input.cols, rows: input.rows });
    case 'hint': {
      const { direction, notice } = input;
      const said =
        direction === null ? 'No move left.' : `Hint: ${direction} ${ARROW_OF[direction]}`;
      const text = notice ? `${said} (by the heuristic: ${notice.split(':')[0]})` : said;
      return hintAnswered(state, input.game, text);
    }
    case 'hintFailed':
      return hintAnswered(state, input.game, `No hint: ${input.reason} (ERR_HINT)`);
    case 'highScore': {
      const { match } = state;
      if (input.game !== match.game || isAnswered(match)) return stateOnly(state);
      return stateOnly({ ...state, overlay: { kind: 'name', text: input.lastName ?? '' } });
    }
    case 'scoreEntered':
      return stateOnly(scoreEntered(state, input.name, input.rank));
    case 'newGame':
      return {
        state: {
          ...state,
          match: restartMatch(state.match, input.game, input.best),
          overlay: { kind: 'none' },
        },
        effects: [{ kind: 'autosave', game: input.game }],
      };
    case 'end':
      return { state, effects: [exit('quit')] };
  }
}

function scoreEntered(state: PlayState, name: string, rank: Result<number>): PlayState {
  if (!rank.ok) return { ...state, message: `That name cannot be used: ${rank.error.message}` };
  const match = scoreRecorded(state.match);
  const { name: rules, size } = match.game.rules;
  return {
    ...state,
    match,
    message: `${name} is number ${rank.value} for ${rules} ${size}x${size}.`,
    overlay: resting(match.game),
  };
}

/**
 * The full-screen game's one step: the next state and what to do, ending with the frame to
 * draw (none after an exit, or for a hint that came too late to show).
 *
 * @example
 * const { state: next, effects } = stepFullScreen(state, { kind: 'key', key: { kind: 'arrow', direction: 'left' } });
 * // effects: [{ kind: 'autosave', game: next.match.game }, { kind: 'draw', lines: […] }]
 */
export function stepFullScreen(state: PlayState, input: PlayInput): PlayStep {
  const reacted = react(state, input);
  if (reacted.quiet || reacted.effects.some((effect) => effect.kind === 'exit')) {
    return { state: reacted.state, effects: reacted.effects };
  }
  return {
    state: reacted.state,
    effects: [...reacted.effects, { kind: 'draw', lines: frameOf(reacted.state) }],
  };
}
