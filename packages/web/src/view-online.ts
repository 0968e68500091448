// The leaderboard's part of the page's policy: seeds from the server, the finished game sent
// under the typed name, the server's table. Pure: the server is reached through effects.

import { ok, parseName, type Result } from '@twenty48/common';
import type { Game } from '@twenty48/engine';
import {
  type LeaderboardError,
  mayRetry,
  type OnlineScore,
  type RankedScore,
  submissionNote,
  UNISSUED_NOTE,
} from './leaderboard.js';
import { type Variant, variantKey } from './saved-game.js';
import { announce, saveLocalScore, startNewGame, unchanged } from './view-game.js';
import {
  fresh,
  type NewGameSeed,
  noteText,
  type OnlineTableState,
  overlayOf,
  type ViewState,
  type ViewUpdate,
} from './view-state.js';

/**
 * The line under the board when a game the server should have issued starts offline.
 *
 * @example
 * offlineNotice('no answer within 4000 ms') // 'Playing offline: no answer within 4000 ms'
 */
export const offlineNotice = (reason: string): string => `Playing offline: ${reason}`;

/**
 * A seed arrived for a new game (`new`), or for the fresh game the page opened with (`join`):
 * the server's, or one made here with the reason the server gave none. A game already moved in,
 * or of another variant by now, keeps going unranked.
 */
export function gameIssued(
  state: ViewState,
  purpose: 'new' | 'join',
  variant: Variant,
  issued: NewGameSeed,
): ViewUpdate {
  const notice = issued.offline === null ? state.notice : offlineNotice(issued.offline);
  if (purpose === 'new')
    return startNewGame({ ...state, notice }, variant, issued.seed, issued.gameId);
  if (!fresh(state) || variantKey(variant) !== variantKey(state.variant)) return unchanged(state);
  if (issued.gameId === null) return unchanged({ ...state, notice });
  return startNewGame(state, variant, issued.seed, issued.gameId);
}

/** The leaderboard's answer in the game-over note: a rank, or a refusal that may ask again. */
function noteSubmission(
  state: ViewState,
  answer: Result<RankedScore, LeaderboardError>,
): ViewUpdate {
  const online = answer.ok
    ? { ...state.online, mine: answer.value.id }
    : { ...state.online, askNameAgain: mayRetry(answer.error.code) };
  const next = { ...state, online, note: { ...state.note, online: submissionNote(answer) } };
  const effects = [announce(noteText(next))];
  return {
    state: next,
    effects: online.askNameAgain
      ? [...effects, { type: 'focus', target: 'name' } as const]
      : effects,
  };
}

function send(state: ViewState, typed: string): ViewUpdate {
  if (state.gameId === null) return { state, effects: [{ type: 'checkServer' }] };
  // The server's own rule, checked before sending: a name it refuses is refused here alike.
  const name = typed.trim() === '' ? ok('Anonymous') : parseName(typed);
  if (!name.ok) return noteSubmission(state, name);
  return {
    state: { ...state, note: { ...state.note, online: 'Online: sending…' } },
    effects: [{ type: 'submitScore', name: name.value, gameId: state.gameId, game: state.game }],
  };
}

/**
 * The name form of a lost game was sent at `now`: the game goes into the local table (once),
 * then to the server when it issued the game. After a refused name only the server is asked.
 *
 * @example
 * submitName(lost, 'Ada', Date.now()).effects // [saveScores, saveGame, announce, focus, submitScore]
 */
export function submitName(state: ViewState, typed: string, now: number): ViewUpdate {
  if (overlayOf(state) !== 'lost') return unchanged(state);
  const { askNameAgain } = state.online;
  if (state.scoreSaved && !askNameAgain) return unchanged(state); // sent already
  const saved = askNameAgain ? unchanged(state) : saveLocalScore(state, typed, now);
  const asked = { ...saved.state, online: { ...saved.state.online, askNameAgain: false } };
  const sent = send(asked, typed);
  return {
    state: sent.state,
    effects: [...saved.effects, { type: 'focus', target: 'try-again' }, ...sent.effects],
  };
}

/** The server answered the game sent; then its table is read again. */
export function scoreSubmitted(
  state: ViewState,
  game: Game,
  answer: Result<RankedScore, LeaderboardError>,
): ViewUpdate {
  const table = { type: 'loadOnlineTable', variant: state.variant } as const;
  if (state.game !== game) return { state, effects: [table] }; // a new game began; its overlay is gone
  const noted = noteSubmission(state, answer);
  return { state: noted.state, effects: [...noted.effects, table] };
}

/** Whether a server is there, asked for a game it did not issue: if so, say why it is unranked. */
export const serverChecked = (state: ViewState, available: boolean): ViewUpdate =>
  unchanged(available ? { ...state, note: { ...state.note, online: UNISSUED_NOTE } } : state);

/**
 * The server's table arrived (null: no server). At start, a fresh game then asks the server for
 * a seed, so it can be ranked.
 */
export function onlineTableLoaded(
  state: ViewState,
  variant: Variant,
  answer: Result<OnlineScore[], LeaderboardError> | null,
): ViewUpdate {
  const { mine, joinPending } = state.online;
  const table: OnlineTableState | null =
    answer === null
      ? null
      : answer.ok
        ? { variant, rows: answer.value, mine }
        : {
            variant,
            rows: [],
            mine,
            error: `The online table could not be read (${answer.error.code}: ${answer.error.message}).`,
          };
  const next = { ...state, online: { ...state.online, table, joinPending: false } };
  if (!joinPending || table === null || !fresh(next)) return unchanged(next);
  return { state: next, effects: [{ type: 'issueGame', purpose: 'join', variant: next.variant }] };
}
