import { createHash, createHmac, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stand-ins for providers that are not plain OpenID Connect, on a loopback port: they
 * speak each one's protocol as documented (Facebook's Graph API with appsecret_proof, X's
 * OAuth 2 with PKCE and /2/users/me, Apple's signed client secret and form_post) and
 * check what the real ones check, so a test that passes here sends what they expect.
 * The reader at the provider is `signedIn`; authorizing sends the browser straight back.
 */
export interface FakeAccount {
  id: string;
  name: string;
  email?: string;
}

export interface FakeProvider {
  origin: string;
  /** Who is signed in at the provider (authorizing needs one). */
  signedIn: FakeAccount | null;
  /** Requests the app made to the provider's back end (token, profile), for assertions. */
  calls: { path: string; method: string; params: Record<string, string>; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

interface Grant {
  account: FakeAccount;
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce?: string;
  used: boolean;
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The code exchange every OAuth 2 provider does: single-use code, same redirect URI, PKCE S256. */
function redeem(grants: Map<string, Grant>, p: Record<string, string>, clientId: string): Grant | string {
  const grant = grants.get(p.code ?? '');
  if (!grant || grant.used) return 'invalid_grant';
  grant.used = true;
  if (grant.clientId !== clientId || grant.redirectUri !== p.redirect_uri) return 'invalid_grant';
  if (createHash('sha256').update(p.code_verifier ?? '').digest('base64url') !== grant.challenge) return 'invalid_grant: PKCE';
  return grant;
}

async function listen(handler: (req: http.IncomingMessage, res: http.ServerResponse, url: URL, fake: FakeProvider) => Promise<void>): Promise<FakeProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeProvider = {
    origin,
    signedIn: null,
    calls: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    handler(req, res, url, fake).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  return fake;
}

/** Authorization: checks the client and PKCE parameters, then redirects back with a code. */
function authorize(url: URL, fake: FakeProvider, grants: Map<string, Grant>, clientId: string, res: http.ServerResponse): Grant | null {
  const q = Object.fromEntries(url.searchParams);
  if (q.client_id !== clientId || q.response_type !== 'code' || q.code_challenge_method !== 'S256' || !q.code_challenge || !q.redirect_uri) {
    json(res, 400, { error: 'invalid_request' });
    return null;
  }
  if (!fake.signedIn) {
    json(res, 401, { error: 'login_required' });
    return null;
  }
  const code = randomBytes(12).toString('hex');
  const grant: Grant = { account: fake.signedIn, clientId, redirectUri: q.redirect_uri, challenge: q.code_challenge, nonce: q.nonce, used: false };
  grants.set(code, grant);
  return Object.assign(grant, { code });
}

/** Facebook: dialog, Graph token endpoint (GET with the secret) and /me with appsecret_proof. */
export function startFakeFacebook(client: { clientId: string; clientSecret: string }): Promise<FakeProvider> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeAccount>();
  return listen(async (req, res, url, fake) => {
    if (url.pathname === '/dialog/oauth') {
      const grant = authorize(url, fake, grants, client.clientId, res) as (Grant & { code: string }) | null;
      if (!grant) return;
      const back = new URL(grant.redirectUri);
      back.search = new URLSearchParams({ code: grant.code, state: url.searchParams.get('state') ?? '' }).toString();
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    const params = Object.fromEntries(url.searchParams);
    fake.calls.push({ path: url.pathname, method: req.method ?? 'GET', params, headers: req.headers });
    if (url.pathname === '/oauth/access_token') {
      if (params.client_id !== client.clientId || params.client_secret !== client.clientSecret) return json(res, 400, { error: { message: 'Error validating client secret.' } });
      const grant = redeem(grants, params, client.clientId);
      if (typeof grant === 'string') return json(res, 400, { error: { message: grant } });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, grant.account);
      return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
    }
    if (url.pathname === '/me') {
      const account = tokens.get(params.access_token ?? '');
      const proof = createHmac('sha256', client.clientSecret).update(params.access_token ?? '').digest('hex');
      if (!account || params.appsecret_proof !== proof) return json(res, 400, { error: { message: 'Invalid appsecret_proof' } });
      return json(res, 200, { id: account.id, name: account.name, ...(account.email ? { email: account.email } : {}) });
    }
    json(res, 404, { error: 'not found' });
  });
}

/** X: authorize, token endpoint (POST with Basic client auth) and /2/users/me with a bearer token. */
export function startFakeX(client: { clientId: string; clientSecret: string }): Promise<FakeProvider> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeAccount>();
  return listen(async (req, res, url, fake) => {
    if (url.pathname === '/i/oauth2/authorize') {
      const grant = authorize(url, fake, grants, client.clientId, res) as (Grant & { code: string }) | null;
      if (!grant) return;
      const back = new URL(grant.redirectUri);
      back.search = new URLSearchParams({ state: url.searchParams.get('state') ?? '', code: grant.code }).toString();
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    const params = req.method === 'POST' ? await readBody(req) : Object.fromEntries(url.searchParams);
    fake.calls.push({ path: url.pathname, method: req.method ?? 'GET', params, headers: req.headers });
    if (url.pathname === '/2/oauth2/token' && req.method === 'POST') {
      const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== basic) return json(res, 401, { error: 'unauthorized_client' });
      if (params.grant_type !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
      const grant = redeem(grants, params, client.clientId);
      if (typeof grant === 'string') return json(res, 400, { error: grant });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, grant.account);
      return json(res, 200, { token_type: 'bearer', access_token: token, scope: 'tweet.read users.read users.email', expires_in: 7200 });
    }
    if (url.pathname === '/2/users/me') {
      const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!account) return json(res, 401, { title: 'Unauthorized' });
      const withEmail = url.searchParams.get('user.fields')?.split(',').includes('confirmed_email') && account.email;
      return json(res, 200, { data: { id: account.id, name: account.name, username: account.name.toLowerCase().replace(/\W/g, ''), ...(withEmail ? { confirmed_email: account.email } : {}) } });
    }
    json(res, 404, { error: 'not found' });
  });
}

export interface FakeApple extends FakeProvider {
  /** The .p8-style key the site signs its client secrets with (PKCS #8 PEM). */
  sitePrivateKeyPem: string;
  /** Send the name in the form post's `user` field (Apple does on the first authorization only). */
  sendUserField: boolean;
}

const b64json = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Verifies Apple's client secret: an ES256 JWT from the team's key, for this client, not expired. */
function appleSecretError(secret: string, key: KeyObject, expect: { teamId: string; keyId: string; clientId: string; issuer: string }): string | null {
  const [h, p, s] = secret.split('.');
  if (!h || !p || !s) return 'not a JWT';
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>;
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, number | string>;
  if (header.alg !== 'ES256' || header.kid !== expect.keyId) return 'wrong alg or kid';
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) return 'bad signature';
  const now = Math.floor(Date.now() / 1000);
  if (claims.iss !== expect.teamId || claims.sub !== expect.clientId || claims.aud !== expect.issuer) return 'wrong iss, sub or aud';
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp - Number(claims.iat) > 15_777_000) return 'expired or too long';
  return null;
}

/**
 * Apple: discovery, keys, authorization answered by an auto-submitting form POST to the
 * app (form_post), and a token endpoint that accepts only a client secret signed with the
 * site's key; ID tokens signed RS256 with the nonce, email and email_verified as a string.
 */
export async function startFakeApple(client: { clientId: string; teamId: string; keyId: string }): Promise<FakeApple> {
  const site = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sitePublic = createPublicKey(site.privateKey);
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const grants = new Map<string, Grant>();
  let issuer = '';
  const fake = (await listen(async (req, res, url, f) => {
    const self = f as FakeApple;
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/auth/authorize`,
        token_endpoint: `${issuer}/auth/token`,
        jwks_uri: `${issuer}/auth/keys`,
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'name'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
        claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'is_private_email', 'iss', 'nonce', 'sub'],
      });
    }
    if (url.pathname === '/auth/keys') return json(res, 200, { keys: [{ ...signing.publicKey.export({ format: 'jwk' }), kid: 'apple-test', use: 'sig', alg: 'RS256' }] });
    if (url.pathname === '/auth/authorize') {
      if (url.searchParams.get('response_mode') !== 'form_post') return json(res, 400, { error: 'invalid_request: name and email scopes need form_post' });
      const grant = authorize(url, self, grants, client.clientId, res) as (Grant & { code: string }) | null;
      if (!grant) return;
      const fields: Record<string, string> = { state: url.searchParams.get('state') ?? '', code: grant.code };
      if (self.sendUserField) {
        const [firstName, ...rest] = grant.account.name.split(' ');
        fields.user = JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email: grant.account.email });
      }
      const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`).join('');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><form method="post" action="${grant.redirectUri}">${inputs}</form><script>document.forms[0].submit()</script>`);
      return;
    }
    if (url.pathname === '/auth/token' && req.method === 'POST') {
      const params = await readBody(req);
      self.calls.push({ path: url.pathname, method: 'POST', params, headers: req.headers });
      if (params.client_id !== client.clientId) return json(res, 400, { error: 'invalid_client' });
      const secretError = appleSecretError(params.client_secret ?? '', sitePublic, { ...client, issuer });
      if (secretError) return json(res, 400, { error: 'invalid_client', error_description: secretError });
      const grant = redeem(grants, params, client.clientId);
      if (typeof grant === 'string') return json(res, 400, { error: grant });
      const now = Math.floor(Date.now() / 1000);
      const claims = { iss: issuer, aud: client.clientId, exp: now + 600, iat: now, sub: grant.account.id, nonce: grant.nonce, email: grant.account.email, email_verified: 'true', is_private_email: 'false' };
      const input = `${b64json({ alg: 'RS256', kid: 'apple-test' })}.${b64json(claims)}`;
      const idToken = `${input}.${sign('sha256', Buffer.from(input), signing.privateKey).toString('base64url')}`;
      return json(res, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 3600, id_token: idToken });
    }
    json(res, 404, { error: 'not found' });
  })) as FakeApple;
  issuer = fake.origin;
  fake.sitePrivateKeyPem = site.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  fake.sendUserField = true;
  return fake;
}

export interface FakeMastodon extends FakeProvider {
  /** Apps registered through POST /api/v1/apps. */
  apps: { clientId: string; clientSecret: string; redirectUri: string; name: string }[];
}

/** A Mastodon server: app registration, authorization with PKCE, token (secret in the form) and verify_credentials. */
export async function startFakeMastodon(): Promise<FakeMastodon> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeAccount>();
  const fake = (await listen(async (req, res, url, f) => {
    const self = f as FakeMastodon;
    if (url.pathname === '/api/v1/apps' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>;
      if (!body.client_name || !body.redirect_uris || body.scopes !== 'read:accounts') return json(res, 422, { error: 'Validation failed' });
      const app = { clientId: randomBytes(8).toString('hex'), clientSecret: randomBytes(16).toString('hex'), redirectUri: body.redirect_uris, name: body.client_name };
      self.apps.push(app);
      return json(res, 200, { id: String(self.apps.length), name: app.name, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: app.redirectUri });
    }
    if (url.pathname === '/oauth/authorize') {
      const app = self.apps.find((a) => a.clientId === url.searchParams.get('client_id'));
      if (!app || app.redirectUri !== url.searchParams.get('redirect_uri')) return json(res, 400, { error: 'invalid_client' });
      const grant = authorize(url, self, grants, app.clientId, res) as (Grant & { code: string }) | null;
      if (!grant) return;
      const back = new URL(grant.redirectUri);
      back.search = new URLSearchParams({ code: grant.code, state: url.searchParams.get('state') ?? '' }).toString();
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/oauth/token' && req.method === 'POST') {
      const params = await readBody(req);
      self.calls.push({ path: url.pathname, method: 'POST', params, headers: req.headers });
      const app = self.apps.find((a) => a.clientId === params.client_id);
      if (!app || app.clientSecret !== params.client_secret) return json(res, 401, { error: 'invalid_client' });
      const grant = redeem(grants, params, app.clientId);
      if (typeof grant === 'string') return json(res, 400, { error: grant });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, grant.account);
      return json(res, 200, { access_token: token, token_type: 'Bearer', scope: 'read:accounts', created_at: Math.floor(Date.now() / 1000) });
    }
    if (url.pathname === '/api/v1/accounts/verify_credentials') {
      const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!account) return json(res, 401, { error: 'The access token is invalid' });
      return json(res, 200, { id: account.id, username: account.name.split(' ')[0]!.toLowerCase(), acct: account.name.split(' ')[0]!.toLowerCase(), display_name: account.name, url: `${self.origin}/@x` });
    }
    json(res, 404, { error: 'Record not found' });
  })) as FakeMastodon;
  fake.apps = [];
  return fake;
}
