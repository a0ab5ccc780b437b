import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { countStatements } from '../support/count-statements.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';
import { freeUdpPort, hasDnsmasq, startDnsmasq, type DnsZone } from '../support/dnsmasq.js';
import { sharedPubSub } from '../../src/platform/pubsub/index.js';
import { CUSTOM_DOMAINS_CHANNEL } from '../../src/modules/custom-domains/live-domains.js';
import { DOMAIN_MESSAGES } from '../../src/modules/custom-domains/model.js';

const LIVE = 'live { id domain status isSubdomain lastError records { type name value } }';
const RESULT = `__typename ... on CustomDomainSuccess { customDomainState { ${LIVE} } } ... on BadRequest { message } ... on Forbidden { message } ... on NotFound { message } ... on AlreadyExists { message } ... on Unauthorized { message }`;
const LINK = `mutation($c: ID, $d: String!) { linkCustomDomain(collectionId: $c, domain: $d) { ${RESULT} } }`;
const VERIFY = `mutation($c: ID) { verifyCustomDomain(collectionId: $c) { ${RESULT} } }`;
const ACTIVATE = `mutation($c: ID) { activateCustomDomain(collectionId: $c) { ${RESULT} } }`;
const REMOVE = `mutation($c: ID) { removeCustomDomain(collectionId: $c) { ${RESULT} } }`;
const CREATE = `mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id } } } }`;
const BY_KEY = `query($s: String) { collection(domainOrSlug: $s) { id slug domain url customDomainState { live { domain status isSubdomain records { type } } } } }`;

/** The apex domains' A record must name one of these (CUSTOM_DOMAIN_ADDRESSES). */
const SITE_ADDRESS = '203.0.113.7';

const pageTitle = (html: string) => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? null;

describe.skipIf(!hasDnsmasq() && !process.env.CI)('custom domains (needs dnsmasq: apt-get install dnsmasq)', () => {
  let t: TestApp;
  let dnsPort: number;
  let owner: Reader;
  let seq = 0;

  beforeAll(async () => {
    dnsPort = await freeUdpPort();
    t = await createTestApp({ CUSTOM_DOMAIN_DNS_SERVERS: `127.0.0.1:${dnsPort}`, CUSTOM_DOMAIN_ADDRESSES: SITE_ADDRESS });
    owner = await newReader(t, 'Owner');
  });

  async function newPublication(by: Reader = owner): Promise<{ id: string; slug: string; name: string }> {
    const slug = `harbour-${++seq}-${Math.random().toString(36).slice(2, 6)}`;
    const name = `Harbour ${seq}`;
    const res = await by.browser.gql(CREATE, { input: { name, slug } });
    return { id: res.data.createCollection.collection.id, slug, name };
  }
  /** A published story listed in the publication (as an approved submission leaves it), with its address there. */
  async function storyIn(pub: { id: string }, title: string, tags: string[] = []): Promise<{ id: string; path: string }> {
    const id = await newStory(t, owner.id, { title });
    const { rows } = await t.database.pool.query('update posts set collection_id = $1, tags = $2 where id = $3 returning slug', [pub.id, tags, id]);
    return { id, path: `/${rows[0].slug ? `${rows[0].slug}-` : ''}${id}` };
  }
  const run = async (r: Reader, mutation: string, vars: Record<string, unknown>) => Object.values((await r.browser.gql(mutation, vars)).data)[0] as Record<string, any>;
  /** Runs `work` with dnsmasq answering `zone` (it reads its records at start). */
  async function withDns<T>(zone: DnsZone, work: () => Promise<T>): Promise<T> {
    const dns = await startDnsmasq(dnsPort, { ...zone, a: { localhost: '127.0.0.1', ...zone.a } });
    try {
      return await work();
    } finally {
      await dns.stop();
    }
  }
  const page = (host: string, url = '/') => t.app.inject({ method: 'GET', url, headers: { host } });
  const domainRows = async () => Number((await t.database.db.execute('select count(*)::int as n from custom_domains')).rows[0]!.n);

  it.each([
    ['', DOMAIN_MESSAGES.invalidDomain],
    ['nodots', DOMAIN_MESSAGES.invalidDomain],
    ['bad_label.example.com', DOMAIN_MESSAGES.invalidDomain],
    ['-lead.example.com', DOMAIN_MESSAGES.invalidDomain],
    ['example.123', DOMAIN_MESSAGES.invalidDomain],
    [`${'a'.repeat(64)}.example.com`, DOMAIN_MESSAGES.invalidDomain],
    ['203.0.113.7', DOMAIN_MESSAGES.ipAddress],
    ['[2001:db8::1]', DOMAIN_MESSAGES.ipAddress],
    ['localhost', DOMAIN_MESSAGES.invalidDomain],
    ['ann.localhost', DOMAIN_MESSAGES.mainHost],
  ])('refuses %j with a clear message and connects nothing', async (domain, message) => {
    const pub = await newPublication();
    const before = await domainRows();
    const res = await run(owner, LINK, { c: pub.id, d: domain });
    expect(res).toEqual({ __typename: 'BadRequest', message });
    expect(await domainRows()).toBe(before);
  });

  it('takes a publication domain from CREATED through VERIFIED to ACTIVE, serves the publication on it, and DELETED frees it', async () => {
    const pub = await newPublication();
    const calm = { ...(await storyIn(pub, 'Calm water')), title: 'Calm water' };
    const storm = await storyIn(pub, 'Storm season', ['tides']);
    const linked = await run(owner, LINK, { c: pub.id, d: ' https://Blog.Harbour.test/ ' });
    expect(linked.__typename).toBe('CustomDomainSuccess');
    const live = linked.customDomainState.live;
    expect(live).toMatchObject({ domain: 'blog.harbour.test', status: 'CREATED', isSubdomain: true, lastError: null });
    const token = live.records.find((r: { type: string }) => r.type === 'TXT').value as string;
    expect(live.records).toEqual([
      { type: 'CNAME', name: 'blog.harbour.test', value: 'localhost' },
      { type: 'TXT', name: '_inkwell-challenge.blog.harbour.test', value: token },
    ]);

    // A second domain for the same owner, or the same domain for another: refused.
    expect((await run(owner, LINK, { c: pub.id, d: 'other.harbour.test' })).message).toBe(DOMAIN_MESSAGES.alreadyLinked);
    const other = await newPublication();
    expect((await run(owner, LINK, { c: other.id, d: 'blog.harbour.test' })).message).toBe(DOMAIN_MESSAGES.taken);
    // Not verified yet: cannot be activated, and Caddy is refused a certificate.
    expect((await run(owner, ACTIVATE, { c: pub.id })).message).toBe(DOMAIN_MESSAGES.notVerified);
    expect((await t.app.inject({ method: 'GET', url: '/_/tls/ask?domain=blog.harbour.test' })).statusCode).toBe(404);

    const verifyWith = (zone: DnsZone) => withDns(zone, () => run(owner, VERIFY, { c: pub.id }));
    const challenge = '_inkwell-challenge.blog.harbour.test';
    let res = await verifyWith({ txt: { [challenge]: token } });
    expect(res.customDomainState.live).toMatchObject({ status: 'CREATED', lastError: DOMAIN_MESSAGES.noPointer });
    res = await verifyWith({ a: { 'elsewhere.test': '198.51.100.1' }, cname: { 'blog.harbour.test': 'elsewhere.test' }, txt: { [challenge]: token } });
    expect(res.customDomainState.live).toMatchObject({ status: 'CREATED', lastError: DOMAIN_MESSAGES.wrongPointer });
    res = await verifyWith({ cname: { 'blog.harbour.test': 'localhost' } });
    expect(res.customDomainState.live).toMatchObject({ status: 'CREATED', lastError: DOMAIN_MESSAGES.noChallenge });
    res = await verifyWith({ cname: { 'blog.harbour.test': 'localhost' }, txt: { [challenge]: 'inkwell-not-the-token' } });
    expect(res.customDomainState.live).toMatchObject({ status: 'CREATED', lastError: DOMAIN_MESSAGES.wrongChallenge });
    // Not served yet: an unknown host is a 404 for every path.
    expect((await page('blog.harbour.test')).statusCode).toBe(404);

    res = await verifyWith({ cname: { 'blog.harbour.test': 'localhost' }, txt: { [challenge]: token } });
    expect(res.customDomainState.live).toMatchObject({ status: 'VERIFIED', lastError: null });
    expect((await t.app.inject({ method: 'GET', url: '/_/tls/ask?domain=blog.harbour.test' })).statusCode).toBe(200);
    expect((await page('blog.harbour.test')).statusCode).toBe(404);

    res = await run(owner, ACTIVATE, { c: pub.id });
    expect(res.customDomainState.live.status).toBe('ACTIVE');
    // The domain serves the publication's homepage, as /{slug} on the main host does (the route
    // resolution itself is in custom-host.test.ts), its stories linked under the domain.
    const onMain = await page('localhost:3000', `/${pub.slug}`);
    const home = await page('blog.harbour.test');
    expect(onMain.statusCode).toBe(200);
    expect(home.statusCode).toBe(200);
    expect(pageTitle(home.body)).toBe(pageTitle(onMain.body));
    expect(pageTitle(home.body)).toContain(pub.name);
    expect(home.body).toContain(`>${pub.name}<`);
    expect(home.body).toContain(calm.title);
    // The masthead's links stay on the domain.
    expect(home.body).toContain('href="/about"');
    expect(home.body).toContain('href="/followers"');
    expect(home.body).toContain('<link rel="canonical" href="http://blog.harbour.test/"');
    expect((await page('BLOG.harbour.test.')).statusCode).toBe(200);
    // A story at http(s)://{domain}/{story}.
    const story = await page('blog.harbour.test', calm.path);
    expect(story.statusCode).toBe(200);
    expect(pageTitle(story.body)).toContain(calm.title);
    expect(story.body).toContain(pub.name);

    // The publication's feeds on its domain: every listed story, or those of one tag, linked under the domain.
    const feed = await page('blog.harbour.test', '/feed');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(feed.body).toContain(`<title>${pub.name}</title>`);
    for (const s of [calm, storm]) expect(feed.body).toContain(`<link>http://blog.harbour.test${s.path}</link>`);
    const tagged = await page('blog.harbour.test', '/feed/tagged/Tides');
    expect(tagged.statusCode).toBe(200);
    expect(tagged.body).toContain(`<link>http://blog.harbour.test${storm.path}</link>`);
    expect(tagged.body).not.toContain(calm.path);
    // Not on the main host, nor on a host that serves nothing.
    expect((await page('localhost:3000', '/feed')).statusCode).toBe(404);
    expect((await page('unknown-host.test', '/feed')).statusCode).toBe(404);

    const reader = testBrowser(t.app);
    const seen = (await reader.gql(BY_KEY, { s: 'blog.harbour.test' })).data.collection;
    expect(seen).toMatchObject({ id: pub.id, domain: 'blog.harbour.test', url: 'http://blog.harbour.test/' });
    // Readers see the live domain only; the records are for those who manage it.
    expect(seen.customDomainState.live).toEqual({ domain: 'blog.harbour.test', status: 'ACTIVE', isSubdomain: true, records: [] });
    expect((await reader.gql(BY_KEY, { s: pub.slug })).data.collection.url).toBe('http://blog.harbour.test/');

    // A failed check of a live domain takes it down (FAILED): its records no longer reach the site.
    res = await verifyWith({ txt: { [challenge]: token } });
    expect(res.customDomainState.live).toMatchObject({ status: 'FAILED', lastError: DOMAIN_MESSAGES.noPointer });
    expect((await page('blog.harbour.test')).statusCode).toBe(404);
    res = await verifyWith({ cname: { 'blog.harbour.test': 'localhost' }, txt: { [challenge]: token } });
    expect(res.customDomainState.live.status).toBe('VERIFIED');
    expect((await run(owner, ACTIVATE, { c: pub.id })).customDomainState.live.status).toBe('ACTIVE');

    res = await run(owner, REMOVE, { c: pub.id });
    expect(res).toEqual({ __typename: 'CustomDomainSuccess', customDomainState: { live: null } });
    expect((await page('blog.harbour.test')).statusCode).toBe(404);
    expect((await reader.gql(BY_KEY, { s: 'blog.harbour.test' })).data.collection).toBeNull();
    expect((await reader.gql(BY_KEY, { s: pub.slug })).data.collection.url).toMatch(new RegExp(`/${pub.slug}$`));
    expect((await t.app.inject({ method: 'GET', url: '/_/tls/ask?domain=blog.harbour.test' })).statusCode).toBe(404);
    expect((await run(owner, REMOVE, { c: pub.id })).message).toBe(DOMAIN_MESSAGES.notLinked);
    // The name is free again, for anyone.
    expect((await run(owner, LINK, { c: other.id, d: 'blog.harbour.test' })).customDomainState.live.status).toBe('CREATED');
  });

  it('checks an apex domain by its A records against the site addresses', async () => {
    const pub = await newPublication();
    const linked = await run(owner, LINK, { c: pub.id, d: 'apex-harbour.test' });
    const live = linked.customDomainState.live;
    expect(live.isSubdomain).toBe(false);
    expect(live.records[0]).toEqual({ type: 'A', name: 'apex-harbour.test', value: SITE_ADDRESS });
    const token = live.records[1].value;
    const txt = { '_inkwell-challenge.apex-harbour.test': token };
    const wrong = await withDns({ a: { 'apex-harbour.test': '198.51.100.9' }, txt }, () => run(owner, VERIFY, { c: pub.id }));
    expect(wrong.customDomainState.live.lastError).toBe(DOMAIN_MESSAGES.wrongPointer);
    const right = await withDns({ a: { 'apex-harbour.test': SITE_ADDRESS }, txt }, () => run(owner, VERIFY, { c: pub.id }));
    expect(right.customDomainState.live).toMatchObject({ status: 'VERIFIED', lastError: null });
  });

  it('says DNS is unreachable, and changes nothing, when no DNS server answers', async () => {
    const pub = await newPublication();
    await run(owner, LINK, { c: pub.id, d: 'silent.harbour.test' });
    const res = await run(owner, VERIFY, { c: pub.id }); // no dnsmasq running on the port
    expect(res.customDomainState.live).toMatchObject({ status: 'CREATED', lastError: DOMAIN_MESSAGES.dnsUnavailable });
  });

  it('shows the settings pages to those who manage the domain: the records to set, and the state', async () => {
    const pub = await newPublication();
    const linked = await run(owner, LINK, { c: pub.id, d: 'pages.harbour.test' });
    const token = linked.customDomainState.live.records[1].value as string;
    const settings = await owner.browser.get(`/${pub.slug}/settings/custom-domain`);
    expect(settings.statusCode).toBe(200);
    const html = settings.body;
    for (const text of ['pages.harbour.test', '_inkwell-challenge.pages.harbour.test', token, 'CREATED', 'Verify', 'Remove']) expect(html).toContain(text);
    const reader = await newReader(t, 'Reader');
    expect((await reader.browser.get(`/${pub.slug}/settings/custom-domain`)).statusCode).toBe(404);
    expect((await testBrowser(t.app).get('/me/settings/custom-domain')).statusCode).toBe(302);
    const mine = await reader.browser.get('/me/settings/custom-domain');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('Connect');
  });

  describe('role × action', () => {
    const ROLES = ['OWNER', 'EDITOR', 'WRITER', 'reader', 'signed out'] as const;
    const ALLOWED: Record<string, readonly string[]> = { link: ['OWNER'], verify: ['OWNER', 'EDITOR'], activate: ['OWNER', 'EDITOR'], remove: ['OWNER'] };
    const cases = Object.keys(ALLOWED).flatMap((action) => ROLES.map((role) => [action, role] as const));

    it.each(cases)('%s by %s', async (action, role) => {
      const pub = await newPublication();
      const actor = role === 'OWNER' ? owner : await newReader(t, role.replace(' ', ''));
      if (role === 'EDITOR' || role === 'WRITER') await t.database.pool.query('insert into publication_members (publication_id, user_id, role) values ($1, $2, $3)', [pub.id, actor.id, role]);
      const domain = `${action}-${seq}.roles.test`;
      if (action !== 'link') {
        await run(owner, LINK, { c: pub.id, d: domain });
        if (action === 'activate') await t.database.pool.query(`update custom_domains set state = 'VERIFIED' where domain = $1`, [domain]);
      }
      const before = (await t.database.pool.query('select state, last_checked_at from custom_domains where owner_id = $1', [pub.id])).rows;
      const mutation = { link: LINK, verify: VERIFY, activate: ACTIVATE, remove: REMOVE }[action]!;
      const browser = role === 'signed out' ? testBrowser(t.app) : actor.browser;
      const res = Object.values((await browser.gql(mutation, { c: pub.id, d: domain })).data)[0] as Record<string, any>;
      const after = (await t.database.pool.query('select state, last_checked_at from custom_domains where owner_id = $1', [pub.id])).rows;
      if (ALLOWED[action]!.includes(role)) {
        expect(res.__typename).toBe('CustomDomainSuccess');
        expect(after).not.toEqual(before);
      } else {
        expect(res.__typename).toBe(role === 'signed out' ? 'Unauthorized' : 'Forbidden');
        if (role !== 'signed out') expect(res.message).toBe(ALLOWED[action]!.includes('EDITOR') ? DOMAIN_MESSAGES.editorsOnly : DOMAIN_MESSAGES.ownerOnly);
        expect(after).toEqual(before);
      }
    });

    it("a user's domain is theirs alone: another user's mutations name their own", async () => {
      const ann = await newReader(t, 'Ann');
      const linked = await run(ann, LINK, { d: 'ann-own.test' });
      expect(linked.customDomainState.live.status).toBe('CREATED');
      const ben = await newReader(t, 'Ben');
      // Ben has no domain: removing "his" touches nothing of Ann's.
      expect((await run(ben, REMOVE, {})).message).toBe(DOMAIN_MESSAGES.notLinked);
      const mine = `query { viewer { customDomainState { live { domain status } } } }`;
      expect((await ann.browser.gql(mine)).data.viewer.customDomainState.live).toEqual({ domain: 'ann-own.test', status: 'CREATED' });
    });
  });

  it("serves a user's profile on their live domain, learns of a change made by another process through pub/sub, and adds no statement per request", async () => {
    const zoe = await newReader(t, 'Zoe');
    const [{ username }] = (await t.database.pool.query('select username from users where id = $1', [zoe.id])).rows;
    await run(zoe, LINK, { d: 'zoe-writes.test' });
    // Another process activates it: this one still has its map, until the message arrives.
    expect((await page('zoe-writes.test')).statusCode).toBe(404);
    await t.database.pool.query(`update custom_domains set state = 'ACTIVE' where domain = 'zoe-writes.test'`);
    expect((await page('zoe-writes.test')).statusCode).toBe(404);
    const bus = await sharedPubSub();
    const heard = new Promise<void>((resolve) => void bus.subscribe(CUSTOM_DOMAINS_CHANNEL, () => resolve()));
    await bus.publish(CUSTOM_DOMAINS_CHANNEL, 'another process');
    await heard;
    const profile = await page('zoe-writes.test');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain(`Zoe`);
    expect((await page('unknown-host.test')).statusCode).toBe(404);

    // The same page on the main host and on the custom domain: Host resolution adds no statement.
    const fewest = async (work: () => Promise<unknown>) => Math.min(await countStatements(t, work), await countStatements(t, work), await countStatements(t, work));
    const onMain = await fewest(() => page('localhost:3000', `/@${username}`));
    const onDomain = await fewest(() => page('zoe-writes.test', '/'));
    expect(onDomain).toBeLessThanOrEqual(onMain);
    // An unknown host costs no more than a path nothing matches on the main host.
    const missingOnMain = await fewest(() => page('localhost:3000', '/-/-/-/-/-/-'));
    expect(await fewest(() => page('unknown-host.test', '/anything'))).toBeLessThanOrEqual(missingOnMain);
  });

  it("serves a publication's homepage on its live domain with no more statements than on the main host", async () => {
    const pub = await newPublication();
    await storyIn(pub, 'Counted tide');
    await t.database.pool.query(
      `insert into custom_domains (id, domain, owner_kind, owner_id, state, verification_token, created_by_id) values ($1, 'counted.harbour.test', 'PUBLICATION', $2, 'ACTIVE', 'x', $3)`,
      [`counted${seq}`.padEnd(24, '0'), pub.id, owner.id],
    );
    const bus = await sharedPubSub();
    const heard = new Promise<void>((resolve) => void bus.subscribe(CUSTOM_DOMAINS_CHANNEL, () => resolve()));
    await bus.publish(CUSTOM_DOMAINS_CHANNEL, 'activated elsewhere');
    await heard;
    const home = await page('counted.harbour.test');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Counted tide');

    const fewest = async (work: () => Promise<unknown>) => Math.min(await countStatements(t, work), await countStatements(t, work), await countStatements(t, work));
    const onMain = await fewest(() => page('localhost:3000', `/${pub.slug}`));
    const onDomain = await fewest(() => page('counted.harbour.test', '/'));
    expect(onMain).toBeGreaterThan(0);
    expect(onDomain).toBeLessThanOrEqual(onMain);

    // Spec §2.2: what the domain does not serve is the main host's. A story card's /{slug}/{story} link
    // drops the slug on the publication's own domain; a writer's /@… page is on the main host.
    const storyLink = `/${pub.slug}/counted-tide-abc123abc123`;
    const ownSlug = await page('counted.harbour.test', storyLink);
    expect(ownSlug.statusCode).toBe(301);
    expect(ownSlug.headers.location).toBe('/counted-tide-abc123abc123');
    const writer = await page('counted.harbour.test', `/@someone`);
    expect(writer.statusCode).toBe(302);
    expect(writer.headers.location).toBe(`http://localhost:3000/@someone`);
    // A path the domain serves stays there; an unknown host still redirects nowhere.
    expect((await page('counted.harbour.test', '/about')).statusCode).toBe(200);
    expect((await page('unknown-host.test', `/@someone`)).statusCode).toBe(404);
  });
});

describe("Caddy's on-demand TLS ask: a site-wide limit on issuance", () => {
  it('says yes to verified domains until the hourly limit, then 429; never to unknown names', async () => {
    const t = await createTestApp({ CUSTOM_DOMAIN_TLS_ASKS_PER_HOUR: '2' });
    const owner = await newReader(t, 'Owner');
    for (const [i, state] of (['VERIFIED', 'ACTIVE', 'VERIFIED'] as const).entries()) {
      await t.database.pool.query(`insert into custom_domains (id, domain, owner_kind, owner_id, state, verification_token, created_by_id) values ($1, $2, 'USER', $3, $4, 'x', $3)`, [
        `tlsask${i}`.padEnd(24, '0'),
        `d${i}.limit.test`,
        i === 0 ? owner.id : (await newReader(t, 'Other')).id,
        state,
      ]);
    }
    const ask = async (domain: string) => (await t.app.inject({ method: 'GET', url: `/_/tls/ask?domain=${encodeURIComponent(domain)}` })).statusCode;
    expect(await ask('unknown.limit.test')).toBe(404);
    expect(await ask('localhost')).toBe(404);
    expect(await ask('D0.limit.test')).toBe(200);
    expect(await ask('d1.limit.test')).toBe(200);
    expect(await ask('d2.limit.test')).toBe(429);
    // Refusals do not count against the limit, and are still refusals past it.
    expect(await ask('unknown.limit.test')).toBe(404);
  });
});
