import fs from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS } from '../shared/constants.js';
import { siteLinksFrom, type SiteLinks } from '../shared/site-links.js';
import { projectRoot } from '../platform/project-root.js';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * Every environment variable Inkwell reads, with its default. README's configuration
 * table mirrors this list; keep them together when adding one.
 */
/** A provider's endpoint: https, or http on this machine (tests, development). */
const providerUrl = (fallback: string) =>
  z
    .string()
    .refine((v) => URL.canParse(v), 'must be a URL')
    .refine(secureOrLoopback, 'must use https (http only for localhost or 127.0.0.1)')
    .default(fallback);

const smtpUrl = z
  .string()
  .regex(/^smtps?:\/\/[^/?#]+/, 'must be an smtp:// or smtps:// URL with a host')
  .refine((v) => URL.canParse(v), 'must be a valid URL (percent-encode special characters in the user and password)');
const mailFromAddress = z.string().regex(/\S@\S/, 'must contain an email address, e.g. "Inkwell" <no-reply@example.com>');
const mailProvider = z.enum(['smtp', 'ses', 'mailbox']);

/** A page elsewhere the site links to (footer, menus): an http(s) address; unset hides the link. */
const siteLinkUrl = z
  .string()
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an http:// or https:// URL')
  .optional();

/** A Markdown document the site serves (modules/site-documents): must exist when the server starts. */
const documentFile = z
  .string()
  .refine((v) => fs.existsSync(path.resolve(projectRoot(), v)) && fs.statSync(path.resolve(projectRoot(), v)).isFile(), 'must be a readable file (absolute, or relative to the project root)')
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Host (with port when not 80/443) that serves the default route table. */
  MAIN_HOST: z.string().min(1).optional(),
  /** Scheme used for absolute links (canonical URLs, cross-domain links). */
  PUBLIC_PROTOCOL: z.enum(['http', 'https']).default('http'),
  SITE_NAME: z.string().min(1).max(60).default('Inkwell'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Uploaded images and their resized variants (local disk); default DATA_DIR/media. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Spec §3 config: the image upload maximum size in MB. */
  IMAGE_UPLOAD_MAX_MB: z.coerce.number().min(1).max(200).default(25),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Pipelined connections for statements outside transactions (src/platform/db/statement-lanes.ts); 0: none. */
  DB_LANES: z.coerce.number().int().min(0).max(64).default(4),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  /** web: HTTP only; worker: jobs only; all: both in one process. */
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  /**
   * HTTP processes on this machine (node:cluster): 1 serves from the one process; more fork
   * that many ROLE=web workers that share the port, while the first process keeps the
   * database and the background work (src/server/cluster/); auto: one per CPU core.
   */
  WEB_PROCESSES: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], { error: 'must be auto or a number from 1 to 64' })
    .default(1),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(Object.keys(LOG_LEVELS) as [keyof typeof LOG_LEVELS, ...(keyof typeof LOG_LEVELS)[]]).optional(),
  TRUST_PROXY: bool.default(false),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(100).default(12),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).max(1000).default(30),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(10).max(1_000_000).default(20_000),
  /** Documents past these are refused before parsing (the client's largest is about 250 tokens, 2.5 KB). */
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).max(100_000).default(3_000),
  GRAPHQL_MAX_DOCUMENT_CHARS: z.coerce.number().int().min(1_000).max(1_000_000).default(32_768),
  /**
   * Seconds a logged-out reader's page may be served from memory (src/server/page-cache.ts);
   * 0 turns the cache off. Default 5 in production, 0 otherwise (development renders fresh).
   */
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).optional(),
  /**
   * Seconds a signed-in reader's session may be kept in memory instead of read on each
   * request (src/modules/accounts/session-cache.ts; forgotten at once on the user's writes);
   * 0 turns it off. Default 10 in production, 0 otherwise.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).optional(),
  /** Seconds a shared cache (a CDN) may keep a public page or feed (s-maxage); browsers revalidate each time. */
  CDN_S_MAXAGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Seconds past that a shared cache may still serve it while it fetches a fresh one (stale-while-revalidate). */
  CDN_STALE_WHILE_REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Where the site POSTs the surrogate keys to purge after a write (src/server/http/cdn-purge.ts); unset: none. */
  CDN_PURGE_URL: z.string().refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL').optional(),
  /** Sent as `Authorization: Bearer …` with each purge. */
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
  /** Custom domains (src/modules/custom-domains): the site's public IPv4/IPv6 addresses, comma-separated, that an apex domain's A/AAAA records may name. */
  CUSTOM_DOMAIN_ADDRESSES: z.string().default(''),
  /** DNS servers the custom-domain check asks ('1.1.1.1,127.0.0.1:5353'); empty: the system's. */
  CUSTOM_DOMAIN_DNS_SERVERS: z.string().default(''),
  /** Certificates Caddy may ask for (GET /_/tls/ask) per hour, for the whole site. */
  CUSTOM_DOMAIN_TLS_ASKS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Memory the page cache may hold, in MB. */
  PAGE_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
  /** Seconds to wait for in-flight requests at shutdown before closing anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** Multiplies the sign-in rate limits, for networks where many readers share one address. */
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().min(0.1).max(1000).default(1),
  /** Signs short-lived tokens (sign-up challenges). Set it when several processes serve one site. */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The sign-up check (spec §4 captcha): a self-hosted proof of work, reCAPTCHA, or none. */
  CAPTCHA_PROVIDER: z.enum(['pow', 'recaptcha', 'none']).default('pow'),
  /** Leading zero bits the proof of work needs: each one doubles the work (15 ≈ half a second). */
  CAPTCHA_POW_DIFFICULTY: z.coerce.number().int().min(1).max(24).default(15),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  /** smtp://user:pass@host:port or smtps://…; unset, email goes to the dev mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]+/, 'must be an smtp:// or smtps:// URL with a host')
    .refine((v) => URL.canParse(v), 'must be a valid URL (percent-encode special characters in the user and password)')
    .optional(),
  /** Sender of outgoing email; default "SITE_NAME" <no-reply@host of MAIN_HOST>. */
  MAIL_FROM: z.string().regex(/\S@\S/, 'must contain an email address, e.g. "Inkwell" <no-reply@example.com>').optional(),
  /** Without SMTP_URL, serve the sent email at /_/dev/mailbox to this machine only; 0 turns it off. */
  DEV_MAILBOX: bool.default(true),
  /** host:port where a worker takes delivery reports mailed to VERP return paths (the bounce domain's MX points here), e.g. 0.0.0.0:25; unset: off. */
  MAIL_BOUNCE_LISTEN: z.string().regex(/^(\[[0-9A-Fa-f:.]+\]|[^:\s[\]]+):\d{1,5}$/, 'must be host:port, e.g. 0.0.0.0:2525 or [::]:25').optional(),
  /** The SNS topic SES publishes bounces and complaints to; POST /_/webhooks/ses takes its messages (others refused). */
  SES_SNS_TOPIC_ARN: z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_.-]{1,256}$/, 'must be an SNS topic ARN (arn:aws:sns:region:account:name)').optional(),
  /** Mailgun's webhook signing key: POST /_/webhooks/mailgun takes its bounce, complaint and delivery events. */
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(16, 'must be the webhook signing key from the Mailgun dashboard').optional(),
  /** Who sends the site's own email (sign-in links, receipts): smtp, ses or mailbox; default smtp when SMTP_URL is set, else mailbox. */
  MAIL_TRANSACTIONAL_PROVIDER: mailProvider.optional(),
  /** Who sends newsletters: smtp, ses or mailbox; default smtp when MAIL_BULK_SMTP_URL or SMTP_URL is set, else mailbox. */
  MAIL_BULK_PROVIDER: mailProvider.optional(),
  /** The SMTP server for newsletters, when not SMTP_URL's (a relay with its own IP reputation for bulk mail). */
  MAIL_BULK_SMTP_URL: smtpUrl.optional(),
  /** Sender of newsletters; default MAIL_FROM. */
  MAIL_BULK_FROM: mailFromAddress.optional(),
  /** Emails a second each stream may send; default 14 with ses (a new SES account's quota), 500 otherwise (platform/mail/README.md). */
  MAIL_TRANSACTIONAL_RATE_PER_SECOND: z.coerce.number().min(0.1).max(100_000).optional(),
  MAIL_BULK_RATE_PER_SECOND: z.coerce.number().min(0.1).max(100_000).optional(),
  /** Connections the SMTP pool keeps open to its server, per stream. */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  /** The domain of the VERP return paths (bounces come back there); default the host of MAIN_HOST. */
  MAIL_BOUNCE_DOMAIN: z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i, 'must be a domain name such as bounces.example.com').optional(),
  /** Amazon SES (v2 API) for a stream whose provider is ses; credentials default to the AWS SDK's chain. */
  SES_REGION: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1').optional(),
  /** Another SES endpoint: a local emulator for tests and development (http only on this machine). */
  SES_ENDPOINT: z
    .string()
    .refine((v) => URL.canParse(v), 'must be a URL such as http://localhost:8005')
    .refine(secureOrLoopback, 'must use https (http only for localhost or 127.0.0.1)')
    .optional(),
  SES_ACCESS_KEY_ID: z.string().min(1).optional(),
  SES_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** DKIM signing of email sent over SMTP (SES signs with its own Easy DKIM): the domain, the selector and the PEM private key. */
  DKIM_DOMAIN: z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i, 'must be a domain name such as example.com').optional(),
  DKIM_SELECTOR: z.string().regex(/^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/i, 'must be a DNS label such as inkwell').optional(),
  DKIM_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be the PEM of the private key' }).optional(),
  /** A generic OpenID Connect provider for social sign-in (discovery at {issuer}/.well-known/openid-configuration). */
  OIDC_ISSUER: z
    .string()
    .refine((v) => URL.canParse(v), 'must be a URL such as https://id.example.com')
    .refine(secureOrLoopback, 'must use https (http only for localhost or 127.0.0.1)')
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The provider's name on the buttons: 'Sign in with {OIDC_NAME}'. */
  OIDC_NAME: z.string().min(1).max(40).default('OpenID'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Sign in with Apple: the Services ID, the team, and the key Apple issued (its .p8 PEM). */
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be the PEM of the .p8 key' }).optional(),
  APPLE_ISSUER: providerUrl('https://appleid.apple.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  /** Facebook's login dialog and Graph API (a versioned base); change them to move to a newer API version. */
  FACEBOOK_DIALOG_URL: providerUrl('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: providerUrl('https://graph.facebook.com/v21.0'),
  /** Sign-in with Mastodon: any server a reader names (the site registers itself there on first use). */
  MASTODON_SIGN_IN: bool.default(false),
  X_CLIENT_ID: z.string().min(1).optional(),
  X_CLIENT_SECRET: z.string().min(1).optional(),
  X_AUTHORIZE_URL: providerUrl('https://x.com/i/oauth2/authorize'),
  X_API_URL: providerUrl('https://api.x.com/2'),
  /**
   * Non-public IP addresses that story import and link previews may fetch from anyway
   * (comma-separated, exact addresses). Tests use it for their local servers; never set it
   * on a public site: it opens those addresses to every writer.
   */
  /** Terms of Service and Privacy Policy as Markdown; defaults content/terms.md and content/privacy.md. */
  TERMS_FILE: documentFile,
  PRIVACY_FILE: documentFile,
  /**
   * Footer and menu links to pages this site does not serve itself (spec §2.5 footer: Help,
   * Status, About, Careers, Press, Blog, Text to speech, Teams); a link without its address is hidden.
   */
  HELP_URL: siteLinkUrl,
  STATUS_URL: siteLinkUrl,
  ABOUT_URL: siteLinkUrl,
  CAREERS_URL: siteLinkUrl,
  PRESS_URL: siteLinkUrl,
  BLOG_URL: siteLinkUrl,
  TEXT_TO_SPEECH_URL: siteLinkUrl,
  TEAMS_URL: siteLinkUrl,
  /** A mobile app's download page: shows the 'Open in app' bar on small screens. */
  DOWNLOAD_APP_URL: siteLinkUrl,
  /**
   * Who takes payments (modules/payments): the built-in test provider (Stripe's test cards, no
   * account anywhere; the UI says 'Test mode') or Stripe with the STRIPE_* keys.
   */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)').optional(),
  /** Verifies the webhooks at /_/webhooks/stripe (the endpoint's signing secret, whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)').optional(),
  /** Another Stripe API endpoint: a local peer of the API for tests and development (http only on this machine). */
  STRIPE_API_BASE: z
    .string()
    .refine((v) => URL.canParse(v), 'must be a URL such as http://localhost:12111')
    .refine(secureOrLoopback, 'must use https (http only for localhost or 127.0.0.1)')
    .optional(),
  FETCH_ALLOW_ADDRESSES: z
    .string()
    .transform((v) => v.split(',').map((a) => a.trim()).filter(Boolean))
    .refine((list) => list.every((a) => isIP(a) !== 0), 'must be comma-separated IP addresses')
    .default([]),
});

/** Tokens and claims travel over this connection: https, except to this machine (development, tests). */
function secureOrLoopback(value: string): boolean {
  if (!URL.canParse(value)) return true; // reported by the check before
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

/** Settings that only work together: one of a group set needs the rest of it. */
const GROUPS = [
  ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'],
  ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
  ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY'],
  ['SES_ACCESS_KEY_ID', 'SES_SECRET_ACCESS_KEY'],
  ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'],
];

export type Config = z.infer<typeof schema> & {
  mainHost: string;
  dataDir: string;
  logLevel: keyof typeof LOG_LEVELS;
  isProduction: boolean;
  pageCacheTtlMs: number;
  sessionCacheTtlMs: number;
  /** WEB_PROCESSES with auto resolved to this machine's cores. */
  webProcesses: number;
  /** HELP_URL, STATUS_URL… as the footer and menus read them (shared/site-links.ts). */
  siteLinks: SiteLinks;
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; a wrong value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const incomplete = GROUPS.flatMap((group) => {
    const set = group.filter((n) => cleaned[n] !== undefined);
    return set.length === 0 ? [] : group.filter((n) => cleaned[n] === undefined).map((n) => `  ${n}: required with ${set.join(' and ')}`);
  });
  if (c.CAPTCHA_PROVIDER === 'recaptcha' && !c.RECAPTCHA_SECRET_KEY) incomplete.push('  RECAPTCHA_SITE_KEY: required with CAPTCHA_PROVIDER=recaptcha', '  RECAPTCHA_SECRET_KEY: required with CAPTCHA_PROVIDER=recaptcha');
  if (c.PAYMENT_PROVIDER === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!c[name]) incomplete.push(`  ${name}: required with PAYMENT_PROVIDER=stripe`);
    }
  }
  if (c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY && c.STRIPE_SECRET_KEY.split('_')[1] !== c.STRIPE_PUBLISHABLE_KEY.split('_')[1]) {
    incomplete.push('  STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY');
  }
  for (const [name, provider] of [['MAIL_TRANSACTIONAL_PROVIDER', c.MAIL_TRANSACTIONAL_PROVIDER], ['MAIL_BULK_PROVIDER', c.MAIL_BULK_PROVIDER]] as const) {
    if (provider === 'ses' && !c.SES_REGION) incomplete.push(`  SES_REGION: required with ${name}=ses`);
    if (provider === 'smtp' && !c.SMTP_URL && !(name === 'MAIL_BULK_PROVIDER' && c.MAIL_BULK_SMTP_URL)) incomplete.push(`  SMTP_URL: required with ${name}=smtp`);
  }
  if (incomplete.length) throw new ConfigError(`Invalid configuration:\n${incomplete.join('\n')}`);
  const defaultPort = c.PUBLIC_PROTOCOL === 'https' ? 443 : 80;
  return {
    ...c,
    mainHost: c.MAIN_HOST ?? (c.PORT === defaultPort ? 'localhost' : `localhost:${c.PORT}`),
    dataDir: path.resolve(c.DATA_DIR),
    logLevel: c.LOG_LEVEL ?? (c.NODE_ENV === 'test' ? 'silent' : 'info'),
    isProduction: c.NODE_ENV === 'production',
    siteLinks: siteLinksFrom(c),
    webProcesses: c.WEB_PROCESSES === 'auto' ? availableParallelism() : c.WEB_PROCESSES,
    sessionCacheTtlMs: (c.SESSION_CACHE_SECONDS ?? (c.NODE_ENV === 'production' ? 10 : 0)) * 1000,
    pageCacheTtlMs: (c.PAGE_CACHE_SECONDS ?? (c.NODE_ENV === 'production' ? 5 : 0)) * 1000,
  };
}
