// npm run admin:create -- --email ops@example.com --password '…' [--name Ops --lastname Team]
// Admin accounts are never created through sign-up; this is the only way in besides the demo seed.
import { parseArgs } from 'node:util';
import { emailField, passwordField } from '@app/shared/auth/auth.schemas';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createAuthRepository } from '../features/auth/auth.repository.ts';
import { hashPassword } from '../features/auth/password-hasher.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    lastname: { type: 'string' },
  },
});
const input = z
  .object({
    email: emailField,
    password: passwordField,
    name: z.string().trim().min(1).default('Admin'),
    lastname: z.string().trim().min(1).default('Support'),
  })
  .safeParse(values);
if (!input.success) {
  console.error(
    `Cannot create the admin:\n${input.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`).join('\n')}`,
  );
  console.error(
    "Usage: npm run admin:create -- --email ops@example.com --password 'a-long-password' [--name Ops --lastname Team]",
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  const repo = createAuthRepository(database.db);
  if (await repo.emailExists(input.data.email)) {
    console.error(`An account with ${input.data.email} already exists.`);
    process.exitCode = 1;
  } else {
    await database.db.transaction(async (tx) =>
      repo.createAccount(
        {
          id: crypto.randomUUID(),
          role: 'admin',
          email: input.data.email,
          passwordHash: await hashPassword(input.data.password),
          name: input.data.name,
          lastname: input.data.lastname,
          mobile: null,
          companyId: null,
          categoryIds: [],
          emailVerified: true,
        },
        tx,
      ),
    );
    console.log(`Admin ${input.data.email} created. It signs in at /auth like any account.`);
  }
} finally {
  await database.close();
}
