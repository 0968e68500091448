// Wiring: the page's events become inputs of the view model (a pure function); its state is
// rendered and its effects are carried out here, the only place with a DOM, storage and network.

import { createAiClient } from './ai-client.js';
import { fitBoard } from './board-fit.js';
import { byId, closestTo, inside } from './dom.js';
import { directionOfKey, listenSwipes } from './input.js';
import { parseLaunch } from './launch.js';
import { createLeaderboard } from './leaderboard.js';
import { runEffect } from './page-effects.js';
import { createPageRenderer } from './page-render.js';
import { readStoredPage } from './page-storage.js';
import { applyPalette, showSpeedWhileSliding } from './panels.js';
import { playerToken } from './player-token.js';
import { createBoardView } from './render.js';
import { createReviewView, fetchRecordFrom } from './review-view.js';
import { parseSettings } from './settings.js';
import { createSoundBoard } from './sound.js';
import { openBrowserStorage } from './storage.js';
import { startView, updateView } from './view-model.js';
import type { SettingsForm, ViewInput, ViewUpdate } from './view-state.js';

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
const randomSeed = (): string => String(crypto.getRandomValues(new Uint32Array(1))[0]);
/** How the player last acted: the focus the page moves shows its ring after keys only. */
let lastInput: 'keyboard' | 'pointer' = 'keyboard';
document.addEventListener('pointerdown', () => (lastInput = 'pointer'), { capture: true });
document.addEventListener('keydown', () => (lastInput = 'keyboard'), { capture: true });

applyPalette(document.documentElement);
showSpeedWhileSliding();
const store = openBrowserStorage(() => window.localStorage);
const boardElement = byId('board');
fitBoard(inside(document, '.board-area'), boardElement);
const confirmDialog = byId<HTMLDialogElement>('confirm');
const sound = createSoundBoard();
const fetcher = window.fetch.bind(window);
const leaderboard = createLeaderboard(fetcher, './api');
const page = createPageRenderer({
  recordUrl: leaderboard.recordUrl,
  setSound: (on) => sound.setEnabled(on),
});
const startAiWorker = () =>
  new Worker(new URL('./ai-worker.ts', import.meta.url), { type: 'module' });
const ports = {
  store,
  board: createBoardView(boardElement, () => !reducedMotion.matches),
  sound,
  ai: createAiClient(startAiWorker),
  leaderboard,
  link: {
    fetch: fetcher,
    baseUrl: '.',
    player: playerToken(
      () => window.localStorage,
      (bytes) => crypto.getRandomValues(bytes),
    ),
  },
  games: new Map(),
  watches: new Map(),
  watchBoard: createBoardView(byId('watch-board'), () => !reducedMotion.matches),
  confirmDialog,
  animated: () => !reducedMotion.matches,
  newSeed: randomSeed,
  now: () => performance.now(),
  lastInput: () => lastInput,
  dispatch,
};

// The Review after a game ends: its own dialog and worker (review-view.ts), told of each state.
const review = createReviewView({
  startWorker: startAiWorker,
  fetchRecord: (scoreId) => fetchRecordFrom(fetcher, leaderboard.recordUrl(scoreId)),
});

const opening = startView({
  stored: readStoredPage(store),
  launch: parseLaunch(window.location.search),
  persistent: store.persistent,
  seed: randomSeed(),
});
let state = opening.state;
const waiting: ViewInput[] = [];
let applying = false;

/** Render the new state, then carry out its effects (the board is drawn by them). */
function apply(update: ViewUpdate): void {
  state = update.state;
  page.render(state);
  review.sync(state);
  for (const effect of update.effects) runEffect(ports, effect);
}

/** Every input goes through the model, one at a time, in the order it came. */
function dispatch(input: ViewInput): void {
  waiting.push(input);
  if (applying) return;
  applying = true;
  try {
    for (let next = waiting.shift(); next; next = waiting.shift()) apply(updateView(state, next));
  } finally {
    applying = false;
  }
}

// ---- Keys, swipes and buttons.

const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

document.addEventListener('keydown', (event) => {
  if (typing(event.target) || confirmDialog.open) return;
  const direction = directionOfKey(event);
  // A closed list (Rules, Size, Theme) does not take the moving keys: the arrows would change
  // the rules or the size and ask to start again. They play the move; Space, Enter or Alt+Down
  // open the list, as its description says.
  if (event.target instanceof HTMLSelectElement && !direction) return;
  if (direction) {
    event.preventDefault();
    dispatch({ type: 'move', direction });
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'Escape') dispatch({ type: 'watchClosed' });
  if (event.key === 'u') dispatch({ type: 'undo' });
  if (event.key === 'r') dispatch({ type: 'newGame' });
});
listenSwipes(boardElement, (direction) => dispatch({ type: 'move', direction }));

byId('new-game').addEventListener('click', () => dispatch({ type: 'newGame' }));
byId('try-again').addEventListener('click', () => dispatch({ type: 'newGame' }));
byId('undo').addEventListener('click', () => dispatch({ type: 'undo' }));
byId('keep-going').addEventListener('click', () => dispatch({ type: 'keepPlaying' }));
byId('watch').addEventListener('click', () => dispatch({ type: 'watchOpened' }));
byId('watch-back').addEventListener('click', () => dispatch({ type: 'watchClosed' }));
byId('watch-list').addEventListener('click', () => dispatch({ type: 'watchListAsked' }));
byId('live-games').addEventListener('click', (event) => {
  const button = closestTo(event.target, 'button[data-watch-id]');
  if (button?.dataset.watchId) dispatch({ type: 'watchPicked', watchId: button.dataset.watchId });
});
byId('hint').addEventListener('click', () => dispatch({ type: 'hintAsked' }));
byId('notice-resume').addEventListener('click', (event) => {
  if (!(event.currentTarget instanceof HTMLElement)) return;
  const { gameId, rules, size } = event.currentTarget.dataset;
  const variant = parseSettings({ rules, size: Number(size) });
  if (gameId)
    dispatch({ type: 'resumeOpen', gameId, variant: { rules: variant.rules, size: variant.size } });
});
byId('autoplay').addEventListener('click', () =>
  dispatch({ type: 'autoplayToggled', now: performance.now() }),
);

const nameInput = byId<HTMLInputElement>('name');
nameInput.addEventListener('input', () => dispatch({ type: 'nameTyped', text: nameInput.value }));
byId<HTMLFormElement>('name-form').addEventListener('submit', (event) => {
  event.preventDefault();
  dispatch({ type: 'nameSubmitted', text: nameInput.value, now: Date.now() });
});

const readSettingsForm = (): SettingsForm => ({
  rules: byId<HTMLSelectElement>('setting-rules').value,
  size: Number(byId<HTMLSelectElement>('setting-size').value),
  theme: byId<HTMLSelectElement>('setting-theme').value,
  tiers: byId<HTMLInputElement>('setting-tiers').checked,
  sound: byId<HTMLInputElement>('setting-sound').checked,
  speed: Number(byId<HTMLInputElement>('setting-speed').value),
});
byId<HTMLFormElement>('settings').addEventListener('change', (event) => {
  const { target } = event;
  if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
  const field = target.name;
  dispatch({ type: 'settingsChanged', field, form: readSettingsForm() });
});

// ---- Start.

apply(opening);
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // Offline play is a bonus; the game works without it.
    });
  });
}
