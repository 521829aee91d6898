// npm run db:seed: categories always; demo accounts and influencers unless they already exist.
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedReference } from './seed.ts';

const config = loadConfig();
const database = await openDatabase(config);
await seedReference(database.db);
const seeded = await seedDemo(database.db);
await database.close();
console.log(
  seeded
    ? `Seeded demo data. Accounts: ${Object.values(DEMO_ACCOUNTS).join(', ')} (password ${DEMO_PASSWORD}).`
    : 'Demo data is already there; nothing to do.',
);
