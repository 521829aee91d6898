// npm run db:migrate: applies apps/server/drizzle to DATABASE_URL, or to the embedded database in DATA_DIR.
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { seedReference } from './seed.ts';

const config = loadConfig();
const database = await openDatabase(config);
await seedReference(database.db);
await database.close();
console.log(`Migrated the ${database.engine} database${config.databaseUrl ? '' : ` in ${config.dataDir}/db`}.`);
