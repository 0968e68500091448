/**
 * The checkers page's draughts-site steps, on the model's state (model.ts calls them from
 * `update`): which side is drawn at the bottom, stepping through the game and playing on from
 * an earlier move, new games from a ballot and rematches, PDN import, the analysis requests,
 * the players' names for the PDN export. Pure, like the model.
 */
import {
  ACF_BALLOTS,
  ballot,
  type Game,
  gamesOf,
  newGame,
  opponent,
  parsePdnGame,
  playMove,
  type Side,
  searchRequest,
} from '@twenty48/checkers';
import { escapeAndCut } from '@twenty48/common';
import {
  ANALYSIS_LIMITS,
  askComputer,
  type CheckersState,
  type Effect,
  initialState,
  type Opening,
  saveEffect,
  statusLine,
  type ViewTarget,
} from './state.js';

/** Who plays `side`, as the PDN export names them: "You", "Computer (level 3)", "Player 1". */
export function playerName(state: CheckersState, side: Side): string {
  if (state.mode === 'two') return side === 'black' ? 'Player 1' : 'Player 2';
  return side === state.computerSide ? `Computer (level ${state.level})` : 'You';
}

/**
 * The side drawn at the bottom: the player's against the computer; between two players a fixed
 * side, Red, as published diagrams draw the board (square 1 at the top left), so it does not
 * turn at every move; the other one when flipped.
 */
export function bottomSide(state: CheckersState): Side {
  const usual = state.mode === 'computer' ? opponent(state.computerSide) : 'red';
  return state.flipped ? opponent(usual) : usual;
}

/** The game after `ply` whole moves of this one (the game now at its last ply). */
export function gameAt(state: CheckersState, ply: number): Game {
  if (ply >= state.game.moves.length) return state.game;
  if (state.past.length === state.game.moves.length) return state.past[ply] as Game;
  return gamesOf(state.game)[ply] ?? state.game;
}

/** The game the board shows: the game now, or an earlier ply while stepping through it. */
export const shownGame = (state: CheckersState): Game =>
  state.view === null ? state.game : gameAt(state, state.view);

/** The ply the move list marks as shown. */
export const shownPly = (state: CheckersState): number => state.view ?? state.game.moves.length;

/** A game is under way once someone has moved past its opening and it has not ended. */
export function underWay(state: CheckersState): boolean {
  const opening = state.ballot === null ? 0 : 3;
  return (
    state.game.status.kind === 'playing' &&
    (state.game.moves.length > opening || state.game.jump !== null)
  );
}

/** The ballot a new game starts from: none, ballot i, or one picked by `random` in [0, 1). */
export function ballotOf(opening: Opening, random: number): number | null {
  if (opening === 'standard') return null;
  if (opening === 'random')
    return Math.min(ACF_BALLOTS.length - 1, Math.max(0, Math.floor(random * ACF_BALLOTS.length)));
  return opening;
}

/** A new game (from a ballot's three moves when one is given), the settings kept. */
export function freshGame(
  state: CheckersState,
  chosen: number | null,
  computerSide: Side,
  effects: Effect[],
): CheckersState {
  let game = newGame();
  if (chosen !== null) {
    for (const move of ballot(chosen).moves) {
      const played = playMove(game, move);
      if (played.ok) game = played.value;
    }
  }
  const fresh: CheckersState = {
    ...initialState(state),
    computerSide,
    nextId: state.nextId,
    game,
    past: gamesOf(game).slice(0, -1),
    lastMove: game.moves[game.moves.length - 1] ?? null,
    ballot: chosen,
    notice: chosen === null ? '' : `Ballot ${ACF_BALLOTS[chosen]}`,
  };
  const opening = chosen === null ? '' : ` from the ballot ${ACF_BALLOTS[chosen]}`;
  effects.push({ kind: 'announce', text: `New game${opening}. ${statusLine(fresh)}.` });
  effects.push(saveEffect(fresh));
  return askComputer(fresh, effects);
}

/** Steps through the game: the first, previous, next or last position, or the one after ply n. */
export function viewTo(state: CheckersState, to: ViewTarget): CheckersState {
  const last = state.game.moves.length;
  const now = shownPly(state);
  const ply =
    to === 'first'
      ? 0
      : to === 'previous'
        ? now - 1
        : to === 'next'
          ? now + 1
          : to === 'last'
            ? last
            : to;
  const clamped = Math.max(0, Math.min(last, Math.trunc(ply)));
  return {
    ...state,
    view: clamped === last ? null : clamped,
    selected: null,
    hint: null,
    confirm: null,
  };
}

/** Play on from the position shown: the later moves are cut. */
export function cut(state: CheckersState, effects: Effect[]): CheckersState {
  if (state.view === null) return state;
  const game = gameAt(state, state.view);
  const next: CheckersState = {
    ...state,
    game,
    past: gamesOf(game).slice(0, -1),
    view: null,
    asking: null,
    playing: [],
    hint: null,
    selected: null,
    lastMove: game.moves[game.moves.length - 1] ?? null,
  };
  effects.push({
    kind: 'announce',
    text: `Playing on from move ${state.view}. ${statusLine(next)}.`,
  });
  effects.push(saveEffect(next));
  return askComputer(next, effects);
}

/** A PDN game opened or pasted replaces this one; a bad one is named and this game kept. */
export function importPdn(
  state: CheckersState,
  name: string,
  text: string,
  effects: Effect[],
): CheckersState {
  const shown = escapeAndCut(name, 80);
  const read = parsePdnGame(text);
  if (!read.ok) {
    const notice = `Cannot open ${shown}: ${escapeAndCut(read.error.message)} (${read.error.code}); the game is kept`;
    effects.push({ kind: 'announce', text: notice });
    return { ...state, notice };
  }
  const { game } = read.value;
  const next: CheckersState = {
    ...state,
    game,
    past: gamesOf(game).slice(0, -1),
    view: null,
    selected: null,
    hint: null,
    asking: null,
    playing: [],
    confirm: null,
    ballot: null,
    lastMove: game.moves[game.moves.length - 1] ?? null,
    notice: `Opened ${shown}: ${game.moves.length} moves`,
  };
  effects.push({ kind: 'announce', text: `${next.notice}. ${statusLine(next)}.` });
  effects.push(saveEffect(next));
  return askComputer(next, effects);
}

/** With the analysis on, ask the engine about the position shown when it has not been asked. */
export function analyse(state: CheckersState, effects: Effect[]): CheckersState {
  if (!state.analysis) return state;
  const game = shownGame(state);
  if (game.status.kind !== 'playing')
    return state.evaluation === null ? state : { ...state, evaluation: null };
  const request = searchRequest(state.nextId, game, ANALYSIS_LIMITS);
  if (state.evaluation?.fen === request.fen || state.analysing?.fen === request.fen) return state;
  effects.push({ kind: 'search', request });
  return { ...state, analysing: { id: request.id, fen: request.fen }, nextId: state.nextId + 1 };
}
