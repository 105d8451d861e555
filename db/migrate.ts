/** npm run db:migrate — applies the committed migrations to DATABASE_URL (default ./data/pglite). */
import 'dotenv/config';
import { openDatabase } from './client.ts';
import { envSchema } from '../server/env.ts';

const url = envSchema.shape.DATABASE_URL.parse(process.env.DATABASE_URL);
const started = performance.now();
const database = await openDatabase({ url });
try {
  await database.migrate();
  console.log(`migrated ${database.driver} database ${redact(url)} in ${Math.round(performance.now() - started)} ms`);
} finally {
  await database.close();
}

/** Never print a password that came in the connection string. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
