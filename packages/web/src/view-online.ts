// The leaderboard's part of the page's policy: a local game when the server deals none, the
// lost ranked game ranked under the typed name, the server's table. Pure: the server is
// reached through effects.

import { ok, parseName, type Result } from '@twenty48/common';
import type { Game } from '@twenty48/engine';
import { describeStatus } from './announce.js';
import {
  type LeaderboardError,
  mayRetry,
  type OnlineScore,
  type RankedScore,
  submissionNote,
} from './leaderboard.js';
import { answered, unissuedNote, unrankedNotice } from './messages.js';
import type { Variant } from './saved-game.js';
import { announce, saveLocalScore, startNewGame, unchanged } from './view-game.js';
import {
  type NewGameSeed,
  noteText,
  type OnlineTableState,
  overlayOf,
  shownOf,
  type ViewState,
  type ViewUpdate,
} from './view-state.js';

/** Say how the game stands after a redraw without a move (load, undo, new game). */
export const describeGame = (game: Game): string =>
  describeStatus(game) || `Score ${game.score}, ${game.moves.length} moves.`;

/**
 * The local game shows at last, after the server was asked for one in vain (or, at start,
 * found absent): drawn once, and said.
 */
export function showLocalGame(state: ViewState): ViewUpdate {
  return {
    state,
    effects: [
      { type: 'drawBoard', game: shownOf(state), tiles: state.settings.tiles },
      announce(describeGame(state.game)),
    ],
  };
}

/**
 * A seed for a local game arrived, because no ranked game could be had: for a new game (`new`),
 * or for the fresh game the page opened with (`join`), which is kept and now shows. `refusal`
 * says why the server dealt none (null: there is no server, which is no news): refused by a
 * server that answered, or not reached. The board stops waiting either way.
 */
export function gameIssued(
  state: ViewState,
  purpose: 'new' | 'join',
  variant: Variant,
  issued: NewGameSeed,
): ViewUpdate {
  const { refusal } = issued;
  const notice = refusal === null ? state.notice : unrankedNotice(refusal);
  const { dealing } = state.online;
  const localReason =
    refusal === null ? state.online.localReason : answered(refusal) ? 'refused' : 'unreachable';
  const online = { ...state.online, dealing: dealing === purpose ? null : dealing, localReason };
  const next = { ...state, notice, online };
  if (purpose === 'new') return startNewGame(next, variant, issued.seed);
  return dealing === 'join' ? showLocalGame(next) : unchanged(next);
}

/** The leaderboard's answer in the game-over note: a rank, or a refusal that may ask again. */
function noteSubmission(
  state: ViewState,
  answer: Result<RankedScore, LeaderboardError>,
): ViewUpdate {
  const online = answer.ok
    ? { ...state.online, mine: answer.value.id }
    : { ...state.online, askNameAgain: mayRetry(answer.error.code) };
  const said = submissionNote(answer);
  const note = { ...state.note, online: said.text, details: said.details };
  const next = { ...state, online, note };
  const effects = [announce(noteText(next))];
  return {
    state: next,
    effects: online.askNameAgain
      ? [...effects, { type: 'focus', target: 'name' } as const]
      : effects,
  };
}

function send(state: ViewState, typed: string): ViewUpdate {
  if (state.ranked === null) return { state, effects: [{ type: 'checkServer' }] };
  // The server's own rule, checked before sending: a name it refuses is refused here alike.
  const name = typed.trim() === '' ? ok('Anonymous') : parseName(typed);
  if (!name.ok) return noteSubmission(state, name);
  return {
    state: { ...state, note: { ...state.note, online: 'Online: sending…', details: '' } },
    effects: [{ type: 'submitScore', name: name.value, gameId: state.ranked.gameId }],
  };
}

/**
 * The name form of a lost game was sent at `now`: the game goes into the local table (once),
 * then, when it is a ranked game, the server ranks it. After a refused name only the server is
 * asked.
 *
 * @example
 * submitName(lost, 'Ada', Date.now()).effects // [saveScores, saveGame, announce, focus, submitScore]
 */
export function submitName(state: ViewState, typed: string, now: number): ViewUpdate {
  if (overlayOf(state) !== 'lost') return unchanged(state);
  // A name the rule refuses is never saved, here or online: the form keeps the focus and says why.
  const checked = typed.trim() === '' ? null : parseName(typed);
  if (checked !== null && !checked.ok) {
    const nameProblem = `Not a valid name: ${checked.error.message}.`;
    return {
      state: { ...state, nameProblem },
      effects: [announce(nameProblem), { type: 'focus', target: 'name' }],
    };
  }
  const { askNameAgain } = state.online;
  if (state.scoreSaved && !askNameAgain) return unchanged(state); // sent already
  const fine = { ...state, nameProblem: '' };
  const saved = askNameAgain ? unchanged(fine) : saveLocalScore(fine, typed, now);
  const asked = { ...saved.state, online: { ...saved.state.online, askNameAgain: false } };
  const sent = send(asked, typed);
  return {
    state: sent.state,
    effects: [...saved.effects, { type: 'focus', target: 'try-again' }, ...sent.effects],
  };
}

/** The server ranked the game `gameId`, or said why not; then its table is read again. */
export function scoreSubmitted(
  state: ViewState,
  gameId: string,
  answer: Result<RankedScore, LeaderboardError>,
): ViewUpdate {
  const table = { type: 'loadOnlineTable', variant: state.variant } as const;
  // A new game began meanwhile: its overlay is gone.
  if (state.ranked?.gameId !== gameId) return { state, effects: [table] };
  const noted = noteSubmission(state, answer);
  return { state: noted.state, effects: [...noted.effects, table] };
}

/** Whether a server is there, asked for a local game: if so, say why it is unranked. */
export const serverChecked = (state: ViewState, available: boolean): ViewUpdate =>
  unchanged(
    available
      ? { ...state, note: { ...state.note, online: unissuedNote(state.online.localReason) } }
      : state,
  );

/** The server's table arrived (null: no server). */
export function onlineTableLoaded(
  state: ViewState,
  variant: Variant,
  answer: Result<OnlineScore[], LeaderboardError> | null,
): ViewUpdate {
  const { mine } = state.online;
  const table: OnlineTableState | null =
    answer === null
      ? null
      : answer.ok
        ? { variant, rows: answer.value, mine }
        : {
            variant,
            rows: [],
            mine,
            error: `The online table could not be read: ${answer.error.message}.`,
          };
  return unchanged({ ...state, online: { ...state.online, table } });
}
