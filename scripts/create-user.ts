/**
 * npm run user:create -- --email x@y --username name --password secret [--admin]
 * Creates a user in DATABASE_URL (default ./data/pglite), with the administrator role when --admin
 * is given. The rules are registration's (SPEC §5); the e-mail counts as verified.
 */
import 'dotenv/config';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, newPasswordSchema, usernameSchema } from '@core/validation.ts';
import { openDatabase } from '@db/client.ts';
import { envSchema } from '../server/env.ts';
import { isAppError } from '../server/http/errors.ts';
import { createAccount } from '../server/modules/registration/registration.service.ts';

const usage = 'usage: npm run user:create -- --email x@y --username name --password secret [--admin]';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    admin: { type: 'boolean', default: false },
  },
  strict: true,
});

const parsed = z
  .object({ email: emailSchema, username: usernameSchema, password: newPasswordSchema })
  .safeParse({ email: values.email ?? '', username: values.username ?? '', password: values.password ?? '' });
if (!parsed.success) {
  console.error(`${parsed.error.issues[0]?.message}\n${usage}`);
  process.exit(1);
}

const database = await openDatabase({ url: envSchema.shape.DATABASE_URL.parse(process.env.DATABASE_URL) });
try {
  await database.migrate();
  const { userId } = await createAccount(database, { ...parsed.data, admin: Boolean(values.admin) });
  console.log(
    `created ${values.admin ? 'administrator' : 'user'} ${parsed.data.username} <${parsed.data.email}> (id ${userId})`,
  );
} catch (error) {
  console.error(isAppError(error) ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
