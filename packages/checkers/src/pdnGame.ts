import { parseFen } from './fen.js';
import { type Game, newGame, playMove } from './game.js';
import { parsePdnMove } from './pdn.js';
import { initialPosition } from './position.js';
import { fail, type Move, ok, type Position, type Result } from './types.js';

/** The longest PDN text read (a long game is a few kilobytes). */
export const MAX_PDN_CHARS = 1_000_000;
/** The most moves a game read from PDN may have. */
export const MAX_PDN_MOVES = 10_000;

/** One game read from PDN: its tags, where it starts, its moves and the game they make. */
export interface PdnGame {
  /** The tags as written (`Event`, `Black`, `White`, `Result`, `FEN`, …), the first of each. */
  readonly tags: Readonly<Record<string, string>>;
  readonly start: Position;
  readonly moves: readonly Move[];
  /** The result token the movetext ends with (`2-0`, `0-2`, `1-1`, `*`), or the Result tag. */
  readonly result: string;
  /** Every move played from `start` (the games before each move are `gamesOf`). */
  readonly game: Game;
}

export type PdnGameError =
  | 'ERR_TOO_LARGE'
  | 'ERR_PDN'
  | 'ERR_FEN'
  | 'ERR_PDN_MOVE'
  | 'ERR_SQUARE'
  | 'ERR_ILLEGAL_MOVE'
  | 'ERR_AMBIGUOUS_MOVE'
  | 'ERR_CAPTURE_REQUIRED'
  | 'ERR_GAME_OVER';

const TAG = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/;
// Movetext tokens: a move number (`12.` or `12...`), a result, a move, a NAG, or other text. The
// result is tried before the move, and only as a whole: `2-0` would read as a move from 2 to 0.
const TOKEN =
  /(\d+\.(?:\.\.)?)|(?:(2-0|0-2|1-1|1-0|0-1|0-0|½-½|1\/2-1\/2|\*)(?![^\s!?]))|(\d{1,2}(?:[-x]\d{1,2})+)[!?]*|(\$\d+)|(\S+)/g;

const quoted = (text: string): string =>
  JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * The first game of a PDN text: its tag pairs, a `[FEN "…"]` setup, and its moves in either
 * capture form (every landing `22x15x6`, or start and end `22x6` when that names one move);
 * comments `{…}` and `;…`, variations `(…)` and NAGs are skipped. Every failure names the line
 * and the move: `line 7, move 12 "22x17": 22x17 is not legal here` with the rules' code
 * (`ERR_ILLEGAL_MOVE`, `ERR_CAPTURE_REQUIRED`, `ERR_AMBIGUOUS_MOVE`, …), `ERR_FEN` for a bad
 * setup, `ERR_PDN` for text that is no PDN, `ERR_TOO_LARGE` past `MAX_PDN_CHARS`.
 *
 * @example
 * parsePdnGame('[Event "Club"]\n\n1. 11-15 23-19 2. 8-11 *').ok // true, 3 moves
 */
export function parsePdnGame(text: string): Result<PdnGame, PdnGameError> {
  if (text.length > MAX_PDN_CHARS)
    return fail('ERR_TOO_LARGE', `the PDN is ${text.length} characters; at most ${MAX_PDN_CHARS}`);
  const tags: Record<string, string> = {};
  const words: { readonly text: string; readonly line: number }[] = [];
  let depth = 0; // inside a variation
  let comment = false;
  let result: string | null = null;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    let rest = raw;
    if (!comment && depth === 0 && words.length === 0 && rest.trim().startsWith('[')) {
      const match = TAG.exec(rest.trim());
      if (match === null)
        return fail(
          'ERR_PDN',
          `line ${line}: ${quoted(rest.trim())} is not a tag like [Event "…"]`,
        );
      const [, name = '', value = ''] = match;
      if (!(name in tags)) tags[name] = value.replace(/\\(.)/g, '$1');
      continue;
    }
    if (!comment && depth === 0 && words.length > 0 && rest.trim().startsWith('[')) break; // the next game
    while (rest !== '') {
      if (comment) {
        const end = rest.indexOf('}');
        if (end < 0) break;
        comment = false;
        rest = rest.slice(end + 1);
        continue;
      }
      const open = rest.search(/[{;()]/);
      const plain = open < 0 ? rest : rest.slice(0, open);
      if (depth === 0)
        for (const word of plain.split(/\s+/)) if (word !== '') words.push({ text: word, line });
      if (open < 0) break;
      const mark = rest[open];
      rest = rest.slice(open + 1);
      if (mark === '{') comment = true;
      else if (mark === ';') break;
      else if (mark === '(') depth++;
      else if (depth > 0) depth--;
      else return fail('ERR_PDN', `line ${line}: a ")" closes no variation`);
    }
  }
  if (comment) return fail('ERR_PDN', 'a comment "{" is never closed');
  const fen = tags.FEN;
  let start = initialPosition();
  if (fen !== undefined) {
    const parsed = parseFen(fen);
    if (!parsed.ok) return fail('ERR_FEN', `the FEN tag ${quoted(fen)}: ${parsed.error.message}`);
    start = parsed.value;
  }
  let game = newGame(start);
  const offset = start.turn === 'red' ? 1 : 0;
  for (const word of words) {
    if (result !== null) break;
    for (const match of word.text.matchAll(TOKEN)) {
      const [, number, ending, move, nag, other] = match;
      if (number !== undefined || nag !== undefined) continue;
      if (ending !== undefined) {
        result = ending;
        break;
      }
      const ply = game.moves.length;
      const where = `line ${word.line}, move ${Math.floor((ply + offset) / 2) + 1} ${quoted(move ?? other ?? '')}`;
      if (other !== undefined)
        return fail('ERR_PDN_MOVE', `${where}: not a move like 11-15 or 22x15x6`);
      if (ply >= MAX_PDN_MOVES)
        return fail('ERR_PDN', `${where}: more than ${MAX_PDN_MOVES} moves`);
      const parsed = parsePdnMove(game.position, move as string);
      if (!parsed.ok) return fail(parsed.error.code, `${where}: ${parsed.error.message}`);
      const played = playMove(game, parsed.value);
      if (!played.ok) return fail(played.error.code, `${where}: ${played.error.message}`);
      game = played.value;
    }
  }
  if (words.length === 0 && Object.keys(tags).length === 0)
    return fail('ERR_PDN', 'the text holds no PDN game');
  return ok({ tags, start, moves: game.moves, result: result ?? tags.Result ?? '*', game });
}

/**
 * The game before each move of `game` and the game itself: `gamesOf(g)[i]` is the game after
 * `i` moves, so `gamesOf(g)[g.moves.length]` is `g` (whole moves only).
 *
 * @example
 * gamesOf(newGame()).length // 1
 */
export function gamesOf(game: Game): Game[] {
  let last = newGame(game.start);
  const games = [last];
  for (const move of game.moves) {
    const played = playMove(last, move);
    if (!played.ok) break;
    last = played.value;
    games.push(last);
  }
  return games;
}

/**
 * The games of a PDN file with several (a match's record), each its own text for
 * `parsePdnGame`: a game begins at a tag line (`[Event "…"]`, `[FEN "…"]`, any `[…]`) that comes
 * after movetext, or at the start. Blank text is no game.
 *
 * @example
 * splitPdnGames('[Event "a"]\n1. 11-15 *\n\n[Event "b"]\n1. 9-13 *\n').length // 2
 */
export function splitPdnGames(text: string): string[] {
  const games: string[] = [];
  let lines: string[] = [];
  let moves = false;
  for (const line of text.split(/\r?\n/)) {
    const tag = line.trimStart().startsWith('[');
    if (tag && moves) {
      games.push(lines.join('\n'));
      lines = [];
      moves = false;
    }
    if (!tag && line.trim() !== '') moves = true;
    lines.push(line);
  }
  if (lines.some((line) => line.trim() !== '')) games.push(lines.join('\n'));
  return games;
}
