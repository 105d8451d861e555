/** npm run seed — migrates DATABASE_URL (default ./data/pglite) and fills it with demo content if it has no users. */
import 'dotenv/config';
import { envSchema } from '../../server/env.ts';
import { openDatabase } from '../client.ts';
import { seedDemoIfEmpty } from './demo.ts';

const url = envSchema.shape.DATABASE_URL.parse(process.env.DATABASE_URL);
const started = performance.now();
const database = await openDatabase({ url });
try {
  await database.migrate();
  const seeded = await seedDemoIfEmpty(database);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (seeded) {
    console.log(
      `seeded demo content into ${database.driver}: ${seeded.users} users, ${seeded.entries} entries (${seconds} s)`,
    );
    console.log('sign in as demo@jinsha.dev or 13800138000 with the password jinsha-demo');
  } else {
    console.log('the database already has users: nothing seeded');
  }
} finally {
  await database.close();
}
