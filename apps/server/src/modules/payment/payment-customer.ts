// The card provider's customer of each user (decision 337): Stripe charges a saved card later
// only when the card was saved to a customer, so the setup intent names one. Made at the
// provider the first time a user adds a card; the stand-in provider has none.
import { and, eq } from 'drizzle-orm';
import { paymentCustomer } from '../../db/billing-schema';
import type { Database } from '../../db/client';
import type { CardProvider } from './card-gateway';

/** The provider's customer of a user, made at the provider the first time (null: none there). */
export async function providerCustomer(
  db: Database,
  provider: CardProvider,
  userId: string,
): Promise<string | null> {
  const [found] = await db
    .select({ reference: paymentCustomer.reference })
    .from(paymentCustomer)
    .where(and(eq(paymentCustomer.userId, userId), eq(paymentCustomer.provider, provider.name)));
  if (found) return found.reference;
  const reference = await provider.createCustomer(userId);
  if (reference === null) return null;
  // Two first requests at once make one row; the provider's customer is made under one key.
  await db
    .insert(paymentCustomer)
    .values({ userId, provider: provider.name, reference })
    .onConflictDoNothing();
  return reference;
}
