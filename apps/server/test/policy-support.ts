// Test support for the product and policy tests: the real app on a fresh seeded database, with
// a test-only `onRequest` hook that signs a request in as the user named by `x-test-user`
// (an email). Only apps built here accept the header; the identity branch replaces it.
import { createApiClient } from '@clinicpass/shared/api-client/client';
import { createPlatformClient, type PlatformClient } from '@clinicpass/shared/platform/client';
import { fixedClock, type FixedClock } from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { buildApp } from '../src/app';
import { policyParty, policyTerms } from '../src/db/platform-schema';
import { appUser, policy, product } from '../src/db/schema';
import type { Identity } from '../src/plugins/auth-context';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';

export interface PolicyTestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: FixedClock;
  userId(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function buildPolicyTestApp(
  options: {
    now?: Date;
    onRoute?: (route: RouteOptions) => void;
    /** Further environment (payment-stripe.test.ts: PAYMENT_PROVIDER=stripe). */
    env?: Record<string, string>;
  } = {},
): Promise<PolicyTestApp> {
  const database = await createTestDatabase({ seeded: true });
  const clock = fixedClock(options.now ?? new Date());
  const app = await buildApp({
    config: testConfig(options.env),
    db: database.db,
    clock,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  const ids = new Map<string, string>();
  const userId = async (email: string) => {
    const known = ids.get(email);
    if (known) return known;
    const [row] = await database.db
      .select({ id: appUser.id })
      .from(appUser)
      .where(eq(appUser.email, email));
    if (!row) throw new Error(`no user ${email}`);
    ids.set(email, row.id);
    return row.id;
  };
  // A root `onRequest` hook added here would not reach the modules buildApp has registered
  // already (Fastify copies hooks into a plugin when it is registered), so the test identity is
  // read through an accessor on the root Request prototype instead: `request.identity` is the
  // identity a plugin set, or else the user named by the `x-test-user` header.
  for (const email of [OWNER, PLAIN, OTHER]) await userId(email);
  const kRequest = Object.getOwnPropertySymbols(app).find(
    (symbol) => symbol.description === 'fastify.Request',
  );
  if (kRequest === undefined) throw new Error('Fastify request class not found');
  const requestClass = (app as unknown as Record<symbol, { prototype: object }>)[kRequest];
  if (requestClass === undefined) throw new Error('Fastify request class not found');
  const assigned = new WeakMap<object, Identity | null>();
  Object.defineProperty(requestClass.prototype, 'identity', {
    configurable: true,
    get(this: FastifyRequest): Identity | null {
      const set = assigned.get(this);
      if (set) return set;
      const email = this.headers['x-test-user'];
      if (typeof email !== 'string') return null;
      const id = ids.get(email);
      return id === undefined ? null : { userId: id, email };
    },
    set(this: FastifyRequest, value: Identity | null) {
      assigned.set(this, value);
    },
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    userId,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export const OWNER = 'owner@example.com';
export const PLAIN = 'plain@example.com';
/** Signed in, owns no policy. */
export const OTHER = 'newmember@example.com';

export interface ExtraPolicy {
  owner: string;
  number: string;
  productCode: 'OUTPATIENT-GO' | 'VHIS-FLEXI' | 'TERM-10';
  /** As the foundation stores it (`in-force`, `free-looking`, `lapsed`). */
  storedStatus: string;
  activationDate: string;
  frequency?: string;
  sumAssured?: number | null;
  dateOfBirth?: string;
}

/** Adds a policy with its terms and parties (a fixture beyond the demo data). */
export async function addPolicy(t: PolicyTestApp, extra: ExtraPolicy): Promise<number> {
  const db = t.database.db;
  const [found] = await db
    .select({ id: product.id })
    .from(product)
    .where(eq(product.code, extra.productCode));
  if (!found) throw new Error(`no product ${extra.productCode}`);
  const [created] = await db
    .insert(policy)
    .values({
      policyNumber: extra.number,
      productId: found.id,
      ownerUserId: await t.userId(extra.owner),
      status: extra.storedStatus,
      activationDate: extra.activationDate,
      applicantPhoneNumber: '+85291234567',
    })
    .returning({ id: policy.id });
  if (!created) throw new Error('policy not created');
  await db.insert(policyTerms).values({
    policyId: created.id,
    frequency: extra.frequency ?? 'annual',
    sumAssured: extra.sumAssured ?? null,
  });
  const person = {
    firstName: 'Wing',
    lastName: 'Ho',
    chineseFirstName: '詠',
    chineseLastName: '何',
    gender: 'female',
    dateOfBirth: extra.dateOfBirth ?? '1990-01-01',
  };
  await db.insert(policyParty).values([
    { policyId: created.id, role: 'policyholder', ...person },
    { policyId: created.id, role: 'insured-life', relationship: 'self', ...person },
  ]);
  return created.id;
}

/**
 * The typed platform client against the app, its requests sent by `inject`: signed in as `user`
 * (or a guest for null), with `headers` added to every request (a function: per request).
 */
export function platformClientFor(
  t: PolicyTestApp,
  user: string | null,
  headers: () => Record<string, string> = () => ({}),
): PlatformClient {
  const api = createApiClient({
    baseUrl: 'http://localhost',
    fetch: async (url, init) => {
      const target = new URL(url);
      const res = await t.app.inject({
        method: init.method ?? 'GET',
        url: `${target.pathname}${target.search}`,
        headers: {
          ...Object.fromEntries(new Headers(init.headers).entries()),
          ...headers(),
          ...(user === null ? {} : { 'x-test-user': user }),
        },
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders.set(name, String(value));
      }
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: responseHeaders,
      });
    },
  });
  return createPlatformClient(api);
}
