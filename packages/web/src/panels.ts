import type { ScoreEntry } from './high-scores.js';
import type { OnlineScore } from './leaderboard.js';
import { SURFACES, THEMES } from './palette.js';
import type { Settings } from './settings.js';
import type { GameModel } from './view-model.js';

/** `document.getElementById`, for elements index.html is known to hold. */
export const byId = <T extends HTMLElement = HTMLElement>(id: string): T =>
  document.getElementById(id) as T;

/** Copy the palette's surface colours into CSS variables (`--light-page`, `--dark-board`, …). */
export function applyPalette(root: HTMLElement): void {
  for (const theme of THEMES) {
    for (const [name, colour] of Object.entries(SURFACES[theme])) {
      root.style.setProperty(`--${theme}-${name}`, colour);
    }
  }
}

/** Show the settings in the form (after a load, or a cancelled change). */
export function showSettings(settings: Settings): void {
  byId<HTMLSelectElement>('setting-rules').value = settings.rules;
  byId<HTMLSelectElement>('setting-size').value = String(settings.size);
  byId<HTMLSelectElement>('setting-theme').value = settings.theme;
  byId<HTMLInputElement>('setting-tiers').checked = settings.tiles === 'tiers';
  byId<HTMLInputElement>('setting-sound').checked = settings.sound;
  byId<HTMLInputElement>('setting-speed').value = String(settings.speed);
  document.documentElement.dataset.theme = settings.theme;
}

const GOAL_TEXT: Readonly<Record<string, string>> = {
  classic: 'Join the tiles, get to',
  fiveTwelve: 'FiveTwelve: tiles cascade; the game ends when a new tile has no room. Reach',
  tiers:
    'Tiers: two of a colour and size make the next size; two large make the next colour. Reach',
};

/** The line under the title: what this variant asks of the player. */
export function showGoal(model: GameModel): void {
  const rules = model.game.rules;
  const intro = byId('intro');
  const goal = rules.goal === null ? 'the highest score you can!' : `${rules.goal}!`;
  intro.textContent = `${GOAL_TEXT[rules.name] ?? ''} `;
  const strong = document.createElement('strong');
  strong.textContent = goal;
  intro.append(strong, ' Arrow keys, WASD or hjkl; or swipe on the board.');
}

/**
 * Show or hide the won/lost overlay. Returns true when it just appeared, so the caller can move
 * focus to its first button.
 */
export function showOverlay(model: GameModel): boolean {
  const overlay = byId('overlay');
  const state = model.overlay;
  const wasHidden = overlay.hidden !== false;
  overlay.hidden = state === null;
  if (state === null) {
    delete overlay.dataset.state;
    return false;
  }
  overlay.dataset.state = state;
  byId('overlay-title').textContent = state === 'won' ? 'You win!' : 'Game over!';
  byId('keep-going').hidden = state !== 'won';
  byId('name-form').hidden = state !== 'lost' || model.scoreSaved;
  if (wasHidden) byId('overlay-note').textContent = '';
  return wasHidden;
}

const entryText = (entry: ScoreEntry): string =>
  `${entry.name}: ${entry.score} (${entry.moves} moves, best tile ${entry.maxTile})`;

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

/** The server's table, when the page is served by `2048 serve`. */
export function showOnlineScores(rows: readonly OnlineScore[] | null): void {
  const list = byId('online-table');
  list.hidden = rows === null;
  byId('online-heading').hidden = rows === null;
  list.replaceChildren(
    ...(rows ?? []).map((row) => {
      const item = document.createElement('li');
      item.value = row.rank;
      item.textContent = `${row.name}: ${row.score} (best tile ${row.maxTile})`;
      return item;
    }),
  );
}
