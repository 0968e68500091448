// Wiring: the model decides, the board view draws, inputs push directions, storage saves.
import { createAiClient } from './ai-client.js';
import { createAutoplay } from './autoplay.js';
import { directionOfKey, listenSwipes } from './input.js';
import { launchSearch, parseLaunch } from './launch.js';
import { createLeaderboard } from './leaderboard.js';
import { createOnlinePlay } from './online-play.js';
import {
  applyPalette,
  byId,
  showGoal,
  showNameForm,
  showOverlay,
  showScores,
  showSettings,
} from './panels.js';
import { createBoardView, SLIDE_MS } from './render.js';
import type { Variant } from './saved-game.js';
import { cleanName, parseSettings } from './settings.js';
import { createSoundBoard } from './sound.js';
import { openStore } from './storage.js';
import { createGameModel, describeGame, type ModelChange } from './view-model.js';

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
const animated = (): boolean => !reducedMotion.matches;
const randomSeed = (): string => String(crypto.getRandomValues(new Uint32Array(1))[0]);

applyPalette(document.documentElement);
const store = openStore(() => window.localStorage);
const launch = parseLaunch(window.location.search);
const model = createGameModel({ store, newSeed: randomSeed, now: Date.now }, launch.request);
const boardElement = byId('board');
const view = createBoardView(boardElement, animated);
const sound = createSoundBoard();
const leaderboard = createLeaderboard(window.fetch.bind(window), './api');
const ai = createAiClient(
  () => new Worker(new URL('./ai-worker.ts', import.meta.url), { type: 'module' }),
);
const live = byId('live');
const online = createOnlinePlay(model, leaderboard, launch.request.seed, (text) => say(text));
const notices = [
  ...launch.errors.map((e) => `The link was not used in full (${e.code}: ${e.message}).`),
  model.notice,
  store.persistent ? '' : 'This browser does not allow saving: the game will not survive a reload.',
].filter(Boolean);
byId('notice').textContent = notices.join(' ');

const say = (text: string): void => {
  live.textContent = text;
};

const updateAddress = (): void => {
  const { variant, game } = model;
  const search = launchSearch({ seed: game.seed, rules: variant.rules, size: variant.size });
  if (window.location.search !== search) window.history.replaceState(null, '', search);
};

const showGain = (gained: number): void => {
  const gain = byId('gain');
  if (gained <= 0 || !animated()) return;
  gain.textContent = `+${gained}`;
  gain.classList.remove('rise');
  void gain.offsetWidth; // restart the animation for a second gain in a row
  gain.classList.add('rise');
};

/** Everything but the tiles, after any change. */
const showStatus = (): void => {
  byId('score').textContent = String(model.game.score);
  byId('best').textContent = String(Math.max(model.best, model.game.score));
  byId('moves').textContent = String(model.game.moves.length);
  byId<HTMLButtonElement>('undo').disabled = !model.canUndo;
  if (showOverlay(model, online.askNameAgain)) {
    const first = model.overlay === 'won' ? 'keep-going' : 'try-again';
    byId(first).focus();
  }
};

const redraw = (): void => {
  view.draw(model.game, model.settings.tiles);
  showStatus();
  showGoal(model);
  showScores(model.scores);
  updateAddress();
};

model.subscribe((change: ModelChange) => {
  byId('hint-text').textContent = '';
  if (change.type === 'reset') online.forget();
  if (change.type === 'move') {
    view.draw(change.result.game, model.settings.tiles, change.result.events);
    sound.play(change.result.events);
    showGain(change.result.gained);
    showStatus();
    say(model.announcement);
    setTimeout(() => model.animationDone(), animated() ? SLIDE_MS : 0);
  } else if (change.type === 'reset') {
    redraw();
    say(model.announcement);
    if (change.reason === 'new') void online.refresh();
  } else if (change.type === 'scores') {
    showScores(model.scores);
    showStatus();
    say(model.announcement);
  } else {
    say(model.announcement);
  }
});

// ---- Starting games: ask first when one is under way; take the seed from the server if any.

const confirmDialog = byId<HTMLDialogElement>('confirm');
const confirmLosingGame = (): Promise<boolean> => {
  if (!model.underWay) return Promise.resolve(true);
  confirmDialog.returnValue = '';
  confirmDialog.showModal();
  return new Promise((resolve) => {
    confirmDialog.addEventListener(
      'close',
      () => resolve(confirmDialog.returnValue === 'confirm'),
      {
        once: true,
      },
    );
  });
};

const startGame = async (variant: Variant = model.variant): Promise<void> => {
  autoplay.stop();
  if (await leaderboard.available()) {
    const issued = await leaderboard.issueGame(variant);
    if (issued.ok) return model.newGame({ variant, ...issued.value });
    byId('notice').textContent = `Playing offline: ${issued.error.message}`;
  }
  model.newGame({ variant });
};

const askNewGame = async (): Promise<void> => {
  if (await confirmLosingGame()) await startGame();
};

// ---- Inputs.

const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement;

document.addEventListener('keydown', (event) => {
  if (typing(event.target) || confirmDialog.open) return;
  const direction = directionOfKey(event);
  if (direction) {
    event.preventDefault();
    model.push(direction);
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'u') model.undo();
  if (event.key === 'r') void askNewGame();
});
listenSwipes(boardElement, (direction) => model.push(direction));

byId('new-game').addEventListener('click', () => void askNewGame());
byId('try-again').addEventListener('click', () => void startGame());
byId('undo').addEventListener('click', () => model.undo());
byId('keep-going').addEventListener('click', () => {
  model.keepPlaying();
  byId('cells').focus();
});

byId<HTMLFormElement>('name-form').addEventListener('submit', (event) => {
  event.preventDefault();
  if (model.scoreSaved && !online.askNameAgain) return; // sent already: nothing to send again
  const name = cleanName(byId<HTMLInputElement>('name').value) || 'Anonymous';
  const note = byId('overlay-note');
  if (!online.askNameAgain) {
    const rank = model.saveScore(name);
    note.textContent = rank ? `Number ${rank} in your table.` : 'Saved; not in your top ten.';
  }
  showNameForm(false);
  byId('try-again').focus();
  void online.send(name, note.textContent?.replace(/ Online:.*$/, '') ?? '');
});

// ---- Settings.

const settingsForm = byId<HTMLFormElement>('settings');
settingsForm.addEventListener('change', async (event) => {
  const target = event.target as HTMLInputElement | HTMLSelectElement;
  if (target.name === 'rules' || target.name === 'size') {
    const variant = parseSettings({
      rules: byId<HTMLSelectElement>('setting-rules').value,
      size: Number(byId<HTMLSelectElement>('setting-size').value),
    });
    if (await confirmLosingGame()) await startGame({ rules: variant.rules, size: variant.size });
    showSettings(model.settings);
    return;
  }
  const tiles: 'numbers' | 'tiers' = byId<HTMLInputElement>('setting-tiers').checked
    ? 'tiers'
    : 'numbers';
  model.updateSettings(
    parseSettings({
      ...model.settings,
      theme: byId<HTMLSelectElement>('setting-theme').value,
      tiles,
      sound: byId<HTMLInputElement>('setting-sound').checked,
      speed: Number(byId<HTMLInputElement>('setting-speed').value),
    }),
  );
  sound.setEnabled(model.settings.sound);
  showSettings(model.settings);
  view.draw(model.game, model.settings.tiles);
});

// ---- The AI: hints and auto-play, in a worker.

const hintText = byId('hint-text');
byId('hint').addEventListener('click', async () => {
  const game = model.game;
  hintText.textContent = 'Thinking…';
  const answer = await ai.ask(game);
  if (model.game !== game) return;
  const text = answer.error
    ? `No hint: ${answer.error}`
    : answer.direction
      ? `Hint: move ${answer.direction}.`
      : 'Hint: no move changes the board.';
  hintText.textContent = text;
  hintText.dataset.direction = answer.direction ?? '';
  say(text);
});

const autoplayButton = byId('autoplay');
const autoplay = createAutoplay(
  {
    get game() {
      return model.game;
    },
    get busy() {
      return model.animating || model.queued > 0;
    },
    get blocked() {
      return model.overlay !== null;
    },
    push: (direction) => model.push(direction),
  },
  (game) => ai.ask(game),
  () => model.settings.speed,
  (reason) => {
    autoplayButton.setAttribute('aria-pressed', 'false');
    say(`Auto-play stopped: ${reason}.`);
  },
);
autoplayButton.addEventListener('click', () => {
  if (autoplay.running) return autoplay.stop();
  autoplayButton.setAttribute('aria-pressed', 'true');
  say('Auto-play started.');
  autoplay.start();
});

// ---- Start.

showSettings(model.settings);
sound.setEnabled(model.settings.sound);
redraw();
say(describeGame(model.game));
void online.refresh().then(() => online.join());
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // Offline play is a bonus; the game works without it.
    });
  });
}
