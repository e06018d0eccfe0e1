// The only place that reads the environment. A bad or missing variable stops start-up with a
// message naming it (exit 1), before anything else happens.
import { QUOTATION_MAX_HEAD_COUNT } from '@clinicpass/shared/platform/constants';
import { STAFF_ROLES, type StaffRole } from '@clinicpass/shared/platform/staff';
import { CAPTCHA_FREE_FAILURES, CAPTCHA_TTL_SECONDS } from '@clinicpass/shared/schemas/captcha';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Tuned with `npm run bench:captcha` (solve under 2 s in Chromium at 4× CPU throttling). */
export const CAPTCHA_DEFAULT_DIFFICULTY = 400;
/**
 * The most the look-up asks of one HKID with many recent failures (decision 150): the difficulty
 * whose median solve takes about 5 s in Chromium at 4× CPU throttling (`npm run bench:captcha`).
 */
export const CAPTCHA_DEFAULT_MAX_DIFFICULTY = 6400;

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Debian's fonts-noto-cjk (OFL), which `npm test` installs. */
export const DEFAULT_PDF_CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

const LogLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Where to listen; default 127.0.0.1 outside production, 0.0.0.0 in it (decision 255). */
    HOST: z.string().min(1).optional(),
    /** Serve the OpenAPI browser at /api/docs in production too (always outside it). */
    API_DOCS: z.enum(['true', 'false']).optional(),
    /** Folder for the embedded database (`$DATA_DIR/postgres`) and generated dev secrets. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** External PostgreSQL; when unset an embedded server is started. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /** Connections each process's pool may open (decision 261; budget: docs/deploy.md). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(10),
    /**
     * Seconds a process keeps serving after SIGTERM, `/readyz` answering 503, before it closes
     * its listener and waits for requests in flight (decision 261).
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).optional(),
    /** Bearer token of `/metrics` (Prometheus); unset: `/metrics` is not served (decision 263). */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** Send OpenTelemetry traces (OTLP over HTTP, JSON) to this collector; unset: no tracing. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    /** The `service.name` of those traces. */
    OTEL_SERVICE_NAME: z.string().min(1).max(100).default('clinicpass-api'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOG_LEVEL: LogLevelSchema.default('info'),
    /** HMAC key for HKID look-up hashes and token signing; at least 32 characters. */
    SECRET_KEY: z.string().min(32).optional(),
    /** Folder of the built SPA. */
    WEB_DIST_DIR: z.string().min(1).optional(),
    /** Trust X-Forwarded-For from this many proxies (or true) so limits see the client address. */
    TRUST_PROXY: z
      .union([z.literal('true'), z.literal('false'), z.coerce.number().int().min(0)])
      .optional(),
    /** Seed an empty database on start (default: yes outside production). */
    SEED_ON_EMPTY: z.enum(['true', 'false']).optional(),
    /** Send email through this SMTP server (nodemailer URL); unset: the outbox. */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    SMTP_FROM: z.string().min(3).default('ClinicPass <no-reply@clinicpass.local>'),
    // --- Jobs and providers (issue 38, decisions 280-283).
    /** Work the job queue (outbox deliveries, scheduled jobs) in this process. */
    JOBS: z.enum(['on', 'off']).default('on'),
    /** Schedule the cron-like jobs from this process (each runs once across replicas anyway). */
    JOBS_CRON: z.enum(['on', 'off']).default('on'),
    /** Jobs this process runs at once (each holds a database connection while it runs). */
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    /** Reschedules scheduled jobs: `task=crontab` pairs split by `;`, in UTC (decision 284). */
    JOBS_SCHEDULE: z
      .string()
      .regex(
        /^\s*[a-z_]+\s*=\s*([^\s;]+\s+){4}[^\s;]+\s*(;\s*[a-z_]+\s*=\s*([^\s;]+\s+){4}[^\s;]+\s*)*;?\s*$/,
        'must be task=crontab pairs split by ";", e.g. "close_stale_visits=5 * * * *"',
      )
      .optional(),
    /** Send SMS through Twilio's REST API with this account (with the token and sender). */
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-zA-Z]{10,}$/, 'must be an account SID (AC…)')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(8).optional(),
    /** The sender: a phone number in E.164 form, an alphanumeric sender id or a messaging service (MG…). */
    TWILIO_FROM: z.string().min(3).optional(),
    /** Twilio's API origin (a local fake in tests). */
    TWILIO_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
    /**
     * Staff single sign-on by OpenID Connect (issue 39, decision 328): the identity provider's
     * issuer URL (discovery at /.well-known/openid-configuration). Unset: password + code only.
     */
    STAFF_OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    STAFF_OIDC_CLIENT_ID: z.string().min(1).optional(),
    STAFF_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** The claim holding the person's groups (default `groups`). */
    STAFF_OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
    /**
     * Which provider group gives which staff role: `group=role` pairs split by ",", e.g.
     * `cp-claims=claims,cp-admins=admin`. A person in none of the groups is refused.
     */
    STAFF_OIDC_GROUP_ROLES: z
      .string()
      .regex(
        new RegExp(
          `^\\s*[^=,\\s]+\\s*=\\s*(${STAFF_ROLES.join('|')})\\s*(,\\s*[^=,\\s]+\\s*=\\s*(${STAFF_ROLES.join('|')})\\s*)*$`,
        ),
        `must be group=role pairs split by ",", each role one of ${STAFF_ROLES.join(', ')}`,
      )
      .optional(),
    /** The card provider (decision 287): `stand-in` (no network, the default) or `stripe`. */
    PAYMENT_PROVIDER: z.enum(['stand-in', 'stripe']).default('stand-in'),
    /** Stripe's secret API key (with PAYMENT_PROVIDER=stripe). */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(?:sk|rk)_(?:test|live)_[0-9A-Za-z]{8,}$/,
        'must be a Stripe secret key (sk_test_… or sk_live_…)',
      )
      .optional(),
    /** The signing secret of the webhook endpoint (with PAYMENT_PROVIDER=stripe). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[0-9A-Za-z]{8,}$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
    /** Stripe's API origin (a local server speaking its API in tests). */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
    /**
     * Other origins (comma-separated, e.g. `https://partner.example`) whose pages may call the API
     * with the member's cookies: CORS on /api/graphql and the cross-site check (decision 135).
     * Unset: none; the app is same-origin.
     */
    CORS_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .refine(
        (value) =>
          list(value).every((origin) => {
            try {
              const url = new URL(origin);
              return /^https?:$/.test(url.protocol) && url.origin === origin;
            } catch {
              return false;
            }
          }),
        'must be a comma-separated list of origins such as https://partner.example',
      ),
    /** Further origins (comma-separated) allowed for reset-link redirect URL templates. */
    IDENTITY_REDIRECT_ALLOWLIST: z.string().default(''),
    /** Email domains (comma-separated) the pre-sign-up / pre-reset validation hook rejects. */
    IDENTITY_BLOCKED_EMAIL_DOMAINS: z.string().default(''),
    /** Cognito's "prevent user existence errors" (recommended, default on). */
    IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: z.enum(['true', 'false']).default('true'),
    /** Identity requests per client address per minute. */
    IDENTITY_ADDRESS_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Codes sent per account per hour. */
    IDENTITY_CODE_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** Customer service phone in the "no valid delivery method" message. */
    CUSTOMER_SERVICE_PHONE: z.string().min(1).default('+852 2000 0000'),
    /** Operator switch: `read_only` answers writes 503 read_only_mode; `maintenance` all API calls. */
    SERVICE_MODE: z.enum(['normal', 'read_only', 'maintenance']).default('normal'),
    // Captcha (issue 8, decision 090).
    /** Proof-of-work difficulty: the highest counter a solver may have to reach (×1000 PBKDF2 rounds). */
    CAPTCHA_DIFFICULTY: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(CAPTCHA_DEFAULT_DIFFICULTY),
    /** The cap of the look-up's raised difficulty for an HKID with recent failures (decision 150). */
    CAPTCHA_MAX_DIFFICULTY: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(CAPTCHA_DEFAULT_MAX_DIFFICULTY),
    /** Failed look-ups of one HKID that still cost the base difficulty (decision 150). */
    CAPTCHA_FREE_FAILURES: z.coerce.number().int().min(0).max(1000).default(CAPTCHA_FREE_FAILURES),
    /** Seconds a captcha challenge is accepted after it was issued. */
    CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(CAPTCHA_TTL_SECONDS),
    /** Days after which a service point's details may be out of date (issue 19). */
    DIRECTORY_STALE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /** Reports of wrong details one client address may send a day (issue 19). */
    DIRECTORY_REPORTS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(10),
    /** Reports one signed-in account may send a day (decision 256). */
    DIRECTORY_REPORTS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(1).default(10),
    // Limits on what a guest may write (issue 37, decision 251): 429 with Retry-After.
    /** New device sessions (`POST /session/`) one client address may open an hour. */
    GUEST_SESSIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(60),
    /** Captcha challenges one client address may fetch a minute. */
    CAPTCHA_CHALLENGES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Successful member look-ups of one member an hour (from any address). */
    MEMBER_LOOKUPS_PER_MEMBER_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Successful member look-ups from one client address an hour. */
    MEMBER_LOOKUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /** Distinct policy numbers one client address may search the finder with an hour. */
    FINDER_POLICY_NUMBERS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** A quotation's head count must be below this (platform-layer §5; decision 116). */
    QUOTATION_MAX_HEAD_COUNT: z.coerce.number().int().min(2).default(QUOTATION_MAX_HEAD_COUNT),
    /** The largest file `npm run network:import` reads, in bytes (issue 19; default 50 MB). */
    NETWORK_IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(50 * 1024 * 1024),
    // --- Observability and support (error reporting, help widget): off when unset.
    /** Sentry-compatible DSN for error reporting (server and web); unset: nothing is reported. */
    SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
    /** The environment name reports carry (default: NODE_ENV). */
    SENTRY_ENVIRONMENT: z.string().min(1).optional(),
    /** The release reports carry (sessions need one). */
    SENTRY_RELEASE: z.string().min(1).default('clinicpass@dev'),
    /** Script of the customer-support widget (Zendesk-compatible `zE` API); unset: no widget. */
    HELP_WIDGET_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The widget's key, passed to its script as `?key=`. */
    HELP_WIDGET_KEY: z.string().min(1).optional(),
    // --- Generated documents (issue 20, decision 197).
    /** The CJK font the PDFs embed (OTF/TTF, or a TTC with PDF_CJK_FONT_FACE); must exist. */
    PDF_CJK_FONT: z.string().min(1).default(DEFAULT_PDF_CJK_FONT),
    /** The face of a font collection to use (its PostScript name). */
    PDF_CJK_FONT_FACE: z.string().min(1).default('NotoSansCJKhk-Regular'),
    // --- Claim documents (issue 40, decision 293): PostgreSQL, or an S3-compatible store
    // (credentials from the SDK's usual AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY).
    DOCUMENT_STORAGE: z.enum(['postgres', 's3']).default('postgres'),
    DOCUMENT_S3_BUCKET: z.string().min(1).optional(),
    DOCUMENT_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    DOCUMENT_S3_REGION: z.string().min(1).default('ap-east-1'),
  })
  .superRefine((env, ctx) => {
    if (env.DOCUMENT_STORAGE === 's3' && env.DOCUMENT_S3_BUCKET === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['DOCUMENT_S3_BUCKET'],
        message: 'is required with DOCUMENT_STORAGE=s3',
      });
    }
    if (env.NODE_ENV === 'production') {
      for (const name of ['SECRET_KEY', 'PUBLIC_URL', 'DATABASE_URL'] as const) {
        if (env[name] === undefined) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
        }
      }
    }
    const twilio = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
    if (twilio.some((name) => env[name] !== undefined)) {
      for (const name of twilio.filter((n) => env[n] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required with the other TWILIO_ variables',
        });
      }
    }
    if (env.STAFF_OIDC_ISSUER !== undefined) {
      for (const name of [
        'STAFF_OIDC_CLIENT_ID',
        'STAFF_OIDC_CLIENT_SECRET',
        'STAFF_OIDC_GROUP_ROLES',
      ] as const) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required with STAFF_OIDC_ISSUER',
          });
        }
      }
      const issuer = new URL(env.STAFF_OIDC_ISSUER);
      // Plain HTTP only to a provider on this machine (a local one in tests and development).
      if (
        issuer.protocol === 'http:' &&
        !['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['STAFF_OIDC_ISSUER'],
          message: 'must be https (http only for a provider on this machine)',
        });
      }
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required with PAYMENT_PROVIDER=stripe',
          });
        }
      }
    }
    if ((env.HELP_WIDGET_SCRIPT_URL === undefined) !== (env.HELP_WIDGET_KEY === undefined)) {
      const missing =
        env.HELP_WIDGET_KEY === undefined ? 'HELP_WIDGET_KEY' : 'HELP_WIDGET_SCRIPT_URL';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required with the other HELP_WIDGET_ variable',
      });
    }
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The most connections this process's pool opens. */
  databasePoolMax: number;
  /** Milliseconds served after SIGTERM before the listener closes. */
  shutdownDrainMs: number;
  /** `/metrics`'s bearer token; null: not served. */
  metricsToken: string | null;
  /** OpenTelemetry tracing (decision 296); null: off. */
  tracing: { endpoint: string; serviceName: string } | null;
  publicUrl: string;
  logLevel: z.infer<typeof LogLevelSchema>;
  secretKey: string;
  webDistDir: string;
  trustProxy: boolean | number;
  seedOnEmpty: boolean;
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** The job runner in this process (decision 280). */
  jobs: {
    enabled: boolean;
    cron: boolean;
    concurrency: number;
    /** Task → crontab replacing its own (JOBS_SCHEDULE). */
    schedule: Readonly<Record<string, string>>;
  };
  /** SMS through Twilio's REST API; null: the dev outbox. */
  twilio: { accountSid: string; authToken: string; from: string; apiBase: string } | null;
  /** Staff single sign-on (decision 328); null: not offered. */
  staffOidc: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    groupsClaim: string;
    /** Provider group → the staff roles it gives. */
    groupRoles: Readonly<Record<string, readonly StaffRole[]>>;
  } | null;
  /** The card provider (decision 287): Stripe's settings when it is Stripe, else null. */
  payment: {
    provider: 'stand-in' | 'stripe';
    stripe: { secretKey: string; webhookSecret: string; apiBase: string } | null;
  };
  /** Origins besides PUBLIC_URL's allowed to call with cookies (CORS, cross-site check). */
  corsAllowedOrigins: string[];
  /** PUBLIC_URL is https: HSTS is sent and cookies are Secure (decision 138). */
  https: boolean;
  identity: {
    redirectAllowlist: string[];
    blockedEmailDomains: string[];
    preventUserExistenceErrors: boolean;
    addressLimitPerMinute: number;
    codeSendsPerHour: number;
    customerServicePhone: string;
  };
  serviceMode: 'normal' | 'read_only' | 'maintenance';
  captcha: {
    difficulty: number;
    maxDifficulty: number;
    freeFailures: number;
    ttlSeconds: number;
  };
  /** A quotation's head count is from 1 to `maxHeadCount - 1` (`headCountSchema`). */
  quotation: { maxHeadCount: number };
  /** `npm run network:import`: the largest file it reads. */
  networkImport: { maxBytes: number };
  /** The finder directory's freshness and members' reports (issue 19). */
  directory: {
    staleDays: number;
    reportsPerAddressPerDay: number;
    reportsPerAccountPerDay: number;
  };
  /** Limits on guests' writes (decision 251). */
  guestLimits: {
    sessionsPerAddressPerHour: number;
    challengesPerAddressPerMinute: number;
    lookupsPerMemberPerHour: number;
    lookupsPerAddressPerHour: number;
    policyNumbersPerAddressPerHour: number;
  };
  /** /api/docs is served (always outside production; in it only with API_DOCS=true). */
  apiDocs: boolean;
  /** Error reporting; null: off (nothing loaded, nothing sent). */
  errorReporting: { dsn: string; environment: string; release: string } | null;
  /** Customer-support widget; null: none (nothing loaded). */
  helpWidget: { scriptUrl: string; key: string } | null;
  /** The generated PDFs' CJK font (checked to exist here, its glyphs when the app starts). */
  documents: { font: { path: string; face: string } };
  /** Where claim documents are kept (decision 293). */
  claimDocuments:
    | { storage: 'postgres' }
    | { storage: 's3'; bucket: string; endpoint: string | null; region: string };
}

export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * A server on an external database must be told its environment (decision 139): the default,
 * development, opens the dev routes and seeds demo passwords, which is right for `npm start`'s
 * embedded database but not for a real one. Throws ConfigError saying so in one sentence.
 */
export function requireExplicitEnvironment(env: Record<string, string | undefined> = process.env) {
  if (env.DATABASE_URL !== undefined && env.DATABASE_URL !== '' && env.NODE_ENV === undefined) {
    throw new ConfigError(
      ['NODE_ENV'],
      'Refusing to start: DATABASE_URL points at an external database but NODE_ENV is not set; set NODE_ENV=production (or development or test) to say which environment this is.',
    );
  }
}

/** `group=role,group=role` (checked by the schema) as group → its roles. */
function groupRoles(text: string): Record<string, StaffRole[]> {
  const roles: Record<string, StaffRole[]> = {};
  for (const pair of text.split(',')) {
    const [group, role] = pair.split('=').map((part) => part.trim());
    if (!group || !role) continue;
    (roles[group] ??= []).push(role as StaffRole);
  }
  return roles;
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * Parses an environment (process.env by default). Throws ConfigError naming every bad variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const variables = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    const lines = parsed.error.issues.map(
      (issue) => `  ${String(issue.path[0])}: ${issue.message}`,
    );
    throw new ConfigError(variables, `Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Relative to where the command was typed: `npm run outpatient` runs in apps/server (npm -w),
  // and must reach the same ./data as `npm start` in the root. npm sets INIT_CWD to that folder.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const fontPath = path.resolve(e.PDF_CJK_FONT);
  if (!existsSync(fontPath)) {
    throw new ConfigError(
      ['PDF_CJK_FONT'],
      `Invalid configuration:\n  PDF_CJK_FONT: ${fontPath} does not exist (install fonts-noto-cjk, or point it at an OpenType CJK font)`,
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    // Behind a load balancer (production) a few seconds for it to see /readyz fail; a developer's
    // Ctrl-C stops at once.
    shutdownDrainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0)) * 1000,
    metricsToken: e.METRICS_TOKEN ?? null,
    tracing:
      e.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
        ? null
        : { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    secretKey: e.SECRET_KEY ?? developmentSecret(dataDir),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    trustProxy:
      e.TRUST_PROXY === undefined || e.TRUST_PROXY === 'false'
        ? false
        : e.TRUST_PROXY === 'true'
          ? true
          : e.TRUST_PROXY,
    seedOnEmpty:
      e.SEED_ON_EMPTY === undefined ? e.NODE_ENV !== 'production' : e.SEED_ON_EMPTY === 'true',
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    jobs: {
      enabled: e.JOBS === 'on',
      cron: e.JOBS_CRON === 'on',
      concurrency: e.JOBS_CONCURRENCY,
      schedule: parseJobSchedule(e.JOBS_SCHEDULE),
    },
    twilio:
      e.TWILIO_ACCOUNT_SID === undefined ||
      e.TWILIO_AUTH_TOKEN === undefined ||
      e.TWILIO_FROM === undefined
        ? null
        : {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiBase: e.TWILIO_API_BASE,
          },
    staffOidc:
      e.STAFF_OIDC_ISSUER === undefined
        ? null
        : {
            issuer: e.STAFF_OIDC_ISSUER,
            clientId: e.STAFF_OIDC_CLIENT_ID ?? '',
            clientSecret: e.STAFF_OIDC_CLIENT_SECRET ?? '',
            groupsClaim: e.STAFF_OIDC_GROUPS_CLAIM,
            groupRoles: groupRoles(e.STAFF_OIDC_GROUP_ROLES ?? ''),
          },
    payment: {
      provider: e.PAYMENT_PROVIDER,
      stripe:
        e.PAYMENT_PROVIDER !== 'stripe' ||
        e.STRIPE_SECRET_KEY === undefined ||
        e.STRIPE_WEBHOOK_SECRET === undefined
          ? null
          : {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiBase: e.STRIPE_API_BASE,
            },
    },
    corsAllowedOrigins: list(e.CORS_ALLOWED_ORIGINS),
    https: e.PUBLIC_URL?.startsWith('https:') ?? false,
    identity: {
      redirectAllowlist: list(e.IDENTITY_REDIRECT_ALLOWLIST),
      blockedEmailDomains: list(e.IDENTITY_BLOCKED_EMAIL_DOMAINS).map((d) => d.toLowerCase()),
      preventUserExistenceErrors: e.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS === 'true',
      addressLimitPerMinute: e.IDENTITY_ADDRESS_LIMIT_PER_MINUTE,
      codeSendsPerHour: e.IDENTITY_CODE_SENDS_PER_HOUR,
      customerServicePhone: e.CUSTOMER_SERVICE_PHONE,
    },
    serviceMode: e.SERVICE_MODE,
    captcha: {
      difficulty: e.CAPTCHA_DIFFICULTY,
      maxDifficulty: Math.max(e.CAPTCHA_MAX_DIFFICULTY, e.CAPTCHA_DIFFICULTY),
      freeFailures: e.CAPTCHA_FREE_FAILURES,
      ttlSeconds: e.CAPTCHA_TTL_SECONDS,
    },
    quotation: { maxHeadCount: e.QUOTATION_MAX_HEAD_COUNT },
    networkImport: { maxBytes: e.NETWORK_IMPORT_MAX_BYTES },
    directory: {
      staleDays: e.DIRECTORY_STALE_DAYS,
      reportsPerAddressPerDay: e.DIRECTORY_REPORTS_PER_ADDRESS_PER_DAY,
      reportsPerAccountPerDay: e.DIRECTORY_REPORTS_PER_ACCOUNT_PER_DAY,
    },
    guestLimits: {
      sessionsPerAddressPerHour: e.GUEST_SESSIONS_PER_ADDRESS_PER_HOUR,
      challengesPerAddressPerMinute: e.CAPTCHA_CHALLENGES_PER_ADDRESS_PER_MINUTE,
      lookupsPerMemberPerHour: e.MEMBER_LOOKUPS_PER_MEMBER_PER_HOUR,
      lookupsPerAddressPerHour: e.MEMBER_LOOKUPS_PER_ADDRESS_PER_HOUR,
      policyNumbersPerAddressPerHour: e.FINDER_POLICY_NUMBERS_PER_ADDRESS_PER_HOUR,
    },
    apiDocs: e.NODE_ENV !== 'production' || e.API_DOCS === 'true',
    errorReporting:
      e.SENTRY_DSN === undefined
        ? null
        : {
            dsn: e.SENTRY_DSN,
            environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
            release: e.SENTRY_RELEASE,
          },
    helpWidget:
      e.HELP_WIDGET_SCRIPT_URL === undefined || e.HELP_WIDGET_KEY === undefined
        ? null
        : { scriptUrl: e.HELP_WIDGET_SCRIPT_URL, key: e.HELP_WIDGET_KEY },
    documents: { font: { path: fontPath, face: e.PDF_CJK_FONT_FACE } },
    claimDocuments:
      e.DOCUMENT_STORAGE === 's3' && e.DOCUMENT_S3_BUCKET !== undefined
        ? {
            storage: 's3',
            bucket: e.DOCUMENT_S3_BUCKET,
            endpoint: e.DOCUMENT_S3_ENDPOINT ?? null,
            region: e.DOCUMENT_S3_REGION,
          }
        : { storage: 'postgres' },
  };
}

/**
 * Outside production a secret is generated once and kept beside the data, so `npm start` needs
 * nothing typed and HKID hashes stay valid across restarts.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** `JOBS_SCHEDULE`'s pairs as task → crontab (checked against the jobs when the runner starts). */
function parseJobSchedule(value: string | undefined): Record<string, string> {
  const schedule: Record<string, string> = {};
  for (const pair of (value ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    schedule[pair.slice(0, at).trim()] = pair
      .slice(at + 1)
      .trim()
      .replace(/\s+/g, ' ');
  }
  return schedule;
}
