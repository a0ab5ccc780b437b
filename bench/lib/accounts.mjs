// Signed-in clients for the scenarios that write (claps, publishing, responses): real
// accounts made through the sign-up flow, the magic link read from the dev mailbox.
// The app must run with CAPTCHA_PROVIDER=none and a high AUTH_RATE_LIMIT_FACTOR
// (AppProcess's `env` option), as one machine signs up many readers.
import { request, sleep } from './http.mjs';

const MAILBOX_WAIT_MS = 10_000;

const SEND_EMAIL = `mutation SendAcctAuthEmail($email: String!, $fullName: String, $operation: SusiOperation) {
  sendAcctAuthEmail(email: $email, fullName: $fullName, operation: $operation) { __typename }
}`;

/** A client that keeps the cookies the app sets, like a browser would. */
export function cookieClient(origin) {
  const jar = new Map();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (setCookie) => {
    for (const c of [setCookie ?? []].flat()) {
      const [name, ...value] = c.split(';')[0].split('=');
      if (/max-age=0/i.test(c)) jar.delete(name.trim());
      else jar.set(name.trim(), value.join('='));
    }
  };
  return {
    jar,
    cookieHeader,
    async get(path) {
      const res = await request(`${origin}${path}`, { headers: { cookie: cookieHeader() } });
      keep(res.headers['set-cookie']);
      return res;
    },
    /** One GraphQL operation; throws on transport or GraphQL errors, returns `data`. */
    async gql(query, variables = {}) {
      const res = await request(`${origin}/_/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', cookie: cookieHeader() },
        body: JSON.stringify({ query, variables }),
      });
      keep(res.headers['set-cookie']);
      const text = res.body.toString('utf8');
      if (res.status !== 200) throw new Error(`POST /_/graphql answered ${res.status}: ${text.slice(0, 300)}`);
      const json = JSON.parse(text);
      if (json.errors?.length) throw new Error(`GraphQL: ${json.errors.map((e) => e.message).join('; ')}`);
      return json.data;
    },
  };
}

/** The magic link of the newest sign-in email to `email`, from the dev mailbox (loopback only). */
async function magicLinkFor(origin, email) {
  // The mailer moves the email from the outbox to the mailbox shortly after the request.
  const deadline = Date.now() + MAILBOX_WAIT_MS;
  let item;
  while (!item) {
    const list = (await request(`${origin}/_/dev/mailbox`)).body.toString('utf8');
    item = [...list.matchAll(/<li><a href="([^"]+)">(.*?)<\/a><\/li>/g)].find(([, , inner]) => inner.includes(`To ${email} `));
    if (!item && Date.now() > deadline) throw new Error(`No email to ${email} in the dev mailbox after ${MAILBOX_WAIT_MS / 1000} s.`);
    if (!item) await sleep(50);
  }
  const message = (await request(`${origin}${item[1]}`)).body.toString('utf8');
  const link = /href="(https?:\/\/[^"]+\/m\/callback\/email\?token=[^"]+)"/.exec(message)?.[1];
  if (!link) throw new Error(`The email to ${email} has no sign-in link.`);
  const url = new URL(link.replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

/** Signs a new reader up by email and returns their signed-in client and viewer id. */
export async function signUp(origin, { name, email }) {
  const client = cookieClient(origin);
  const sent = await client.gql(SEND_EMAIL, { email, fullName: name, operation: 'register' });
  if (sent.sendAcctAuthEmail.__typename !== 'SusiMethod') throw new Error(`Sign-up of ${email}: ${sent.sendAcctAuthEmail.__typename}`);
  const res = await client.get(await magicLinkFor(origin, email));
  if (res.status >= 400) throw new Error(`Sign-up of ${email}: the magic link answered ${res.status}.`);
  const { viewer } = await client.gql('{ viewer { id } }');
  if (!viewer) throw new Error(`Sign-up of ${email}: not signed in after the magic link.`);
  return { client, id: viewer.id };
}
