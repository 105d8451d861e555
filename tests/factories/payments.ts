import { randomBytes } from 'node:crypto';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { booklets, discountCodes } from '@db/schema/commerce.ts';

/** A published booklet for sale (payments and wallet tests). */
export async function createSaleBooklet(db: Db, userId: string, overrides: Partial<typeof booklets.$inferInsert> = {}) {
  const [row] = await db
    .insert(booklets)
    .values({
      id: newId(),
      userId,
      title: `小册 ${randomBytes(3).toString('hex')}`,
      price: 1990,
      isDraft: false,
      ...overrides,
    })
    .returning();
  return row;
}

export async function createDiscountCode(db: Db, overrides: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await db
    .insert(discountCodes)
    .values({ code: `CODE${randomBytes(4).toString('hex').toUpperCase()}`, percentOff: 50, maxUses: 10, ...overrides })
    .returning();
  return row;
}
