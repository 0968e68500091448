import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { describe, it } from 'vitest';
import { openLeaderboard } from './open.js';
import { leaderboardContract } from './testing/leaderboardContract.js';

/** A PostgreSQL server to test against (CI's: .ci/run sets it); without it, this file waits. */
const url = process.env.TWENTY48_TEST_DATABASE_URL;

/** The URL with a schema of this run's own, so that test files running at once keep apart. */
const inSchema = (base: string, schema: string) =>
  `${base}${base.includes('?') ? '&' : '?'}search_path=${schema}`;

if (url) {
  const admin = postgres(url, { max: 1, onnotice: () => {}, fetch_types: false });
  let schema = '';
  leaderboardContract('a PostgreSQL server (TWENTY48_TEST_DATABASE_URL)', {
    sharesChanges: true,
    async setup() {},
    async reset() {
      if (schema) await admin.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      schema = `t_contract_${randomBytes(5).toString('hex')}`;
    },
    async open() {
      const opened = await openLeaderboard(inSchema(url, schema));
      if (!opened.ok) throw new Error(opened.error.message);
      return opened.value;
    },
    async teardown() {
      if (schema) await admin.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  });
} else {
  describe('the leaderboard store contract on a PostgreSQL server', () => {
    it.skip('runs with TWENTY48_TEST_DATABASE_URL=postgres://… (.ci/run sets it)', () => {});
  });
}
