import { formatNumber, type LiveGame } from '@twenty48/common';
import type { Rules } from '@twenty48/engine';
import { byId } from './dom.js';
import type { ScoreEntry } from './high-scores.js';
import type { OnlineScore } from './leaderboard.js';
import { GOLD, SURFACES, THEMES } from './palette.js';
import type { Variant } from './saved-game.js';
import type { Settings } from './settings.js';
import type { EndOverlay } from './view-state.js';

/** Scores and counts of moves with thousands separators (common's, as the server's pages). */
export { formatNumber };

/** Copy the palette's surface colours into CSS variables (`--light-page`, `--dark-board`, …). */
export function applyPalette(root: HTMLElement): void {
  for (const theme of THEMES) {
    for (const [name, colour] of Object.entries(SURFACES[theme])) {
      root.style.setProperty(`--${theme}-${name}`, colour);
    }
  }
  root.style.setProperty('--gold', GOLD);
}

/** Show the settings in the form (after a load, or a cancelled change). */
export function showSettings(settings: Settings): void {
  byId<HTMLSelectElement>('setting-rules').value = settings.rules;
  byId<HTMLSelectElement>('setting-size').value = String(settings.size);
  byId<HTMLSelectElement>('setting-theme').value = settings.theme;
  byId<HTMLInputElement>('setting-tiers').checked = settings.tiles === 'tiers';
  byId<HTMLInputElement>('setting-sound').checked = settings.sound;
  byId<HTMLInputElement>('setting-speed').value = String(settings.speed);
  showSpeed();
  document.documentElement.dataset.theme = settings.theme;
}

/** The slider's value beside it, in its `<output>`. */
function showSpeed(): void {
  byId<HTMLOutputElement>('speed-value').value = byId<HTMLInputElement>('setting-speed').value;
}

/** Keep the speed shown beside the slider while it is dragged, before the change is made. */
export function showSpeedWhileSliding(): void {
  byId('setting-speed').addEventListener('input', showSpeed);
}

/** Short enough that, with the keys' line, three lines hold it on a 320-pixel phone. */
const GOAL_TEXT: Readonly<Record<string, string>> = {
  classic: 'Join the tiles, get to',
  fiveTwelve: 'FiveTwelve: merges cascade; a new tile with no room ends it. Reach',
  tiers: 'Tiers: two alike make the next size; two large, the next colour. Reach',
};

/** A span of the intro shown only with a keyboard and mouse (`on-keys`) or on touch. */
const inputLine = (className: string, text: string): HTMLSpanElement => {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
};

/**
 * The line under the title: what this variant asks of the player, and how to move: keys where
 * there is a keyboard and a mouse, swipes on a touch screen (the style sheet shows one).
 */
export function showGoal(rules: Rules): void {
  const intro = byId('intro');
  const goal = rules.goal === null ? 'the highest score you can!' : `${rules.goal}!`;
  intro.textContent = `${GOAL_TEXT[rules.name] ?? ''} `;
  const strong = document.createElement('strong');
  strong.textContent = goal;
  intro.append(
    strong,
    ' ',
    inputLine('on-keys', 'Arrow keys, WASD or hjkl move the tiles.'),
    inputLine('on-touch', 'Swipe on the board to move the tiles.'),
  );
}

/**
 * Show the won/lost overlay, or hide it (`null`): its title, Keep going after a win, the name
 * form while it asks for a name, and the note under it.
 *
 * @example
 * showOverlay('lost', true, '', 12345) // Game over!, Score 12,345, with the name form
 */
export function showOverlay(
  state: EndOverlay,
  nameForm: boolean,
  note: string,
  score: number,
): void {
  const overlay = byId('overlay');
  const scoreText = `Score ${formatNumber(score)}`;
  if (byId('overlay-score').textContent !== scoreText)
    byId('overlay-score').textContent = scoreText;
  overlay.hidden = state === null;
  // A status region speaks at every write: only when the note changed.
  if (byId('overlay-note').textContent !== note) byId('overlay-note').textContent = note;
  if (state === null) {
    delete overlay.dataset.state;
    return;
  }
  overlay.dataset.state = state;
  byId('overlay-title').textContent = state === 'won' ? 'You win!' : 'Game over!';
  byId('keep-going').hidden = state !== 'won';
  byId('name-form').hidden = !nameForm;
}

/** What the player-name rule says of the name being typed, beside the field; empty: nothing. */
export function showNameProblem(problem: string): void {
  const line = byId('name-problem');
  line.textContent = problem;
  line.hidden = problem === '';
  byId('name').setAttribute('aria-invalid', String(problem !== ''));
}

/** The points a move gained, rising over the score (not with reduced motion). */
export function showGain(points: number, animated: boolean): void {
  const gain = byId('gain');
  if (points <= 0 || !animated) return;
  gain.textContent = `+${points}`;
  gain.classList.remove('rise');
  void gain.offsetWidth; // restart the animation for a second gain in a row
  gain.classList.add('rise');
}

const entryText = (entry: ScoreEntry): string =>
  `${entry.name}: ${formatNumber(entry.score)} (${formatNumber(entry.moves)} moves, best tile ${entry.maxTile})`;

/** The local table of this variant. */
export function showScores(entries: readonly ScoreEntry[]): void {
  const list = byId('score-table');
  list.replaceChildren(
    ...entries.map((entry) => {
      const item = document.createElement('li');
      item.textContent = entryText(entry);
      return item;
    }),
  );
  if (entries.length === 0) {
    const item = document.createElement('li');
    item.className = 'empty-table';
    item.textContent = 'No scores yet: finish a game to enter the table.';
    list.append(item);
  }
}

/** What the online panel shows: the server's table of one variant. */
export interface OnlineTable {
  readonly variant: Variant;
  readonly rows: readonly OnlineScore[];
  /** The score this player just sent, marked in the table. */
  readonly mine: number | null;
  /** Where the record behind a score is (`GET /api/scores/:id/record`). */
  readonly recordUrl: (id: number) => string;
  /** Why the table could not be read; shown instead of the rows. */
  readonly error?: string;
}

const VERIFIED_TEXT =
  'How it is verified: the server dealt every tile of each game and played every move itself, ' +
  'so no player could foresee a tile; each record link gives the seed and the moves, so anyone ' +
  'can replay it. ';

/** The line under the online table, made once (index.html has no place for it). */
function verifiedLine(list: HTMLElement): HTMLElement {
  const existing = document.getElementById('online-how');
  if (existing) return existing;
  const line = document.createElement('p');
  line.id = 'online-how';
  line.className = 'hint-line';
  list.after(line);
  return line;
}

const onlineRow = (table: OnlineTable, row: OnlineScore): HTMLLIElement => {
  const item = document.createElement('li');
  item.value = row.rank;
  item.dataset.rank = String(row.rank);
  const text = `${row.name}: ${formatNumber(row.score)} (best tile ${row.maxTile}) `;
  if (row.id === table.mine) {
    const mark = document.createElement('mark');
    mark.textContent = `${text}(you) `;
    item.append(mark);
    item.setAttribute('aria-current', 'true');
  } else {
    item.append(text);
  }
  const link = document.createElement('a');
  link.href = table.recordUrl(row.id);
  link.textContent = 'record';
  link.setAttribute('aria-label', `the record of ${row.name}'s game, to replay it`);
  item.append(link);
  return item;
};

/**
 * The server's table, when the page is served by `2048 serve` (null hides it): rank, name,
 * score and a link to each record, the player's own score marked.
 */
export function showOnlineScores(table: OnlineTable | null): void {
  const list = byId('online-table');
  const heading = byId('online-heading');
  const how = verifiedLine(list);
  list.dataset.testid = 'online-table';
  list.hidden = heading.hidden = how.hidden = table === null;
  if (table === null) {
    list.replaceChildren();
    return;
  }
  const { rules, size } = table.variant;
  heading.textContent = `Online: ${rules} ${size}×${size}`;
  const link = document.createElement('a');
  link.href = `./leaderboard?${new URLSearchParams({ rules, size: String(size) })}`;
  link.textContent = 'The whole table.';
  how.replaceChildren(VERIFIED_TEXT, link);
  const rows = table.rows.map((row) => onlineRow(table, row));
  if (rows.length === 0) {
    const item = document.createElement('li');
    item.className = 'empty-table';
    item.textContent =
      table.error ?? 'No verified scores yet for these rules and size: finish a game to be first.';
    rows.push(item);
  }
  list.replaceChildren(...rows);
}

/**
 * The live games, best score first: rules, size, score, best tile and moves, and a button to
 * watch each (its `data-watch-id` says which; the page listens on the list). The player's own
 * game (`mine`, its watchId) is marked.
 */
export function showLiveGames(games: readonly LiveGame[], mine: string | null): void {
  const list = byId('live-games');
  // The list is read again every few seconds: the focus stays on the game it was on.
  const focused =
    document.activeElement instanceof HTMLElement && list.contains(document.activeElement)
      ? document.activeElement.dataset.watchId
      : undefined;
  list.replaceChildren(
    ...games.map((game) => {
      const item = document.createElement('li');
      item.dataset.testid = 'live-game';
      const yours = game.watchId === mine ? ' (your game)' : '';
      const what = `${game.rules} ${game.size}×${game.size}: score ${formatNumber(game.score)}, best tile ${game.maxTile}, ${formatNumber(game.moves)} moves${yours}`;
      const text = document.createElement('span');
      text.textContent = what;
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.watchId = game.watchId;
      button.textContent = 'Watch';
      button.setAttribute('aria-label', `Watch the ${what}`);
      item.append(text, button);
      return item;
    }),
  );
  if (focused === undefined) return;
  const again = [...list.querySelectorAll<HTMLElement>('button[data-watch-id]')].find(
    (button) => button.dataset.watchId === focused,
  );
  (again ?? byId('watch-heading')).focus();
}
