import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteLeaderboard } from './leaderboard.js';
import { openStore } from './store.js';
import { leaderboardContract } from './testing/leaderboardContract.js';

let dir = '';
let file = '';
let count = 0;
leaderboardContract('SQLite', {
  sharesChanges: false,
  async setup() {
    dir = mkdtempSync(join(tmpdir(), 'twenty48-contract-'));
  },
  async reset() {
    file = join(dir, `leaderboard-${count++}.db`);
  },
  async open() {
    const opened = openStore({ file });
    if (!opened.ok) throw new Error(opened.error.message);
    return sqliteLeaderboard(opened.value);
  },
  async teardown() {
    rmSync(dir, { recursive: true, force: true });
  },
});
