import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port, for the social
 * sign-in tests: one client for the app under test, accounts with known subjects and
 * emails, and small sign-in and consent pages that a test drives with fetch or a browser.
 */
export interface TestAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestOidcProvider {
  issuer: string;
  addAccount(account: TestAccount): void;
  /** Breaks the next ID tokens' signatures (a token changed on the way) while true. */
  tamperIdTokens: boolean;
  close(): Promise<void>;
}

/** The provider of the browser journeys' app (tests/setup/e2e-server.ts starts it). */
export const E2E_OIDC = {
  clientId: 'inkwell-e2e',
  clientSecret: 'e2e-secret',
  name: 'Test ID',
  accounts: {
    olive: { sub: 'e2e-olive', email: 'olive.social@example.com', name: 'Olive Social' },
    nico: { sub: 'e2e-nico', email: 'nico.newcomer@example.com', name: 'Nico Newcomer' },
  },
} as const;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title>` +
  `<style>body{font:16px system-ui;max-width:360px;margin:64px auto}label,input,button{display:block;margin:8px 0}</style></head>` +
  `<body><h1>${title}</h1>${body}</body></html>`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The interaction pages: sign in by email (accounts are known by it), then allow the client. */
function interactions(provider: Provider, accounts: Map<string, TestAccount>) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const m = /^\/interaction\/([\w-]+)(?:\/(login|confirm))?$/.exec(ctx.path);
    if (!m) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    ctx.set('cache-control', 'no-store');
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body =
        details.prompt.name === 'login'
          ? page('Sign in to Test ID', `<form method="post" action="/interaction/${m[1]}/login"><label>Email <input name="email" type="email"></label><button>Sign in</button></form>`)
          : page('Share your name and email?', `<form method="post" action="/interaction/${m[1]}/confirm"><button>Allow</button></form>`);
      return;
    }
    let result: Parameters<Provider['interactionResult']>[2];
    if (m[2] === 'login') {
      const email = (await formBody(ctx.req)).get('email') ?? '';
      const account = [...accounts.values()].find((a) => a.email === email);
      if (!account) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = page('Sign in to Test ID', `<p role="alert">No account for ${escape(email)}.</p>`);
        return;
      }
      result = { login: { accountId: account.sub } };
    } else {
      const grant = details.grantId
        ? (await provider.Grant.find(details.grantId))!
        : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      result = { consent: { grantId: await grant.save() } };
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: m[2] === 'confirm' });
    ctx.status = 303;
    ctx.redirect(returnTo);
  };
}

/**
 * The provider's records in a Map per provider (its own in-memory store is for quick
 * starts and says so on every start).
 */
function mapAdapter() {
  const store = new Map<string, Record<string, unknown>>();
  const sessionsByUid = new Map<string, string>();
  return class MapAdapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: Record<string, unknown>) {
      if (this.model === 'Session') sessionsByUid.set(String(payload.uid), id);
      store.set(this.key(id), payload);
    }
    async find(id: string) {
      return store.get(this.key(id));
    }
    async findByUid(uid: string) {
      const id = sessionsByUid.get(uid);
      return id ? store.get(this.key(id)) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, payload] of store) if (payload.grantId === grantId) store.delete(key);
    }
  };
}

/** A signature over other claims: what a token changed on its way to the app looks like. */
function tampered(idToken: string): string {
  const [header, payload, signature] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  claims.sub = `${String(claims.sub)}-forged`;
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

export async function startOidcProvider(opts: { clients: TestClient[]; accounts?: TestAccount[] }): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map((opts.accounts ?? []).map((a) => [a.sub, a]));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: opts.clients.map((c) => ({ client_id: c.clientId, client_secret: c.clientSecret, redirect_uris: c.redirectUris, token_endpoint_auth_method: 'client_secret_basic' })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      const a = accounts.get(sub);
      return a && { accountId: sub, claims: async () => ({ sub, email: a.email, email_verified: a.emailVerified ?? true, name: a.name }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { methods: ['S256'], required: () => true },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    adapter: mapAdapter(),
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
  };
  const provider = new Provider(issuer, configuration);
  const handle: TestOidcProvider = {
    issuer,
    addAccount: (a) => void accounts.set(a.sub, a),
    tamperIdTokens: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  provider.use(interactions(provider, accounts));
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (handle.tamperIdTokens && ctx.path === '/token' && body?.id_token) ctx.body = { ...body, id_token: tampered(body.id_token) };
  });
  server.on('request', provider.callback());
  return handle;
}
