import type { Knex } from 'knex';

/** The new address the user typed in Ajustes and has not confirmed yet (a live 'change' link), or null. */
export async function pendingEmailChange(db: Knex | Knex.Transaction, userId: number, now = new Date()): Promise<string | null> {
  const row: { email: string } | undefined = await db('email_verifications')
    .where({ userId, purpose: 'change' })
    .whereNull('usedAt')
    .where('expiresAt', '>', now)
    .orderBy('id', 'desc')
    .first('email');
  return row?.email ?? null;
}
