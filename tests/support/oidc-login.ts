/**
 * The reader's side of a sign-in at the test provider, done with fetch: follows the
 * provider's redirects with its cookies, signs in by email and allows the client, and
 * stops when the provider sends the browser back to the app.
 */
export interface ProviderBrowser {
  /** The provider's cookies: a second sign-in in the same one skips the sign-in page. */
  cookies: Map<string, string>;
}

export const providerBrowser = (): ProviderBrowser => ({ cookies: new Map() });

function keep(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, pair!.slice(eq + 1));
  }
}

/** Returns the path and query the provider sent the browser back to on `appOrigin`. */
export async function signInAtProvider(authorizationUrl: string, email: string, opts: { appOrigin: string; browser?: ProviderBrowser }): Promise<string> {
  const jar = (opts.browser ?? providerBrowser()).cookies;
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | null = null;
  for (let hops = 0; hops < 20; hops++) {
    const res: Response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: body?.toString(),
    });
    keep(jar, res);
    body = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === opts.appOrigin) return next.pathname + next.search;
      url = next;
      continue;
    }
    const html: string = await res.text();
    const action: string | undefined = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`Unexpected page at the provider (${res.status} ${url.href}):\n${html.slice(0, 500)}`);
    url = new URL(action, url);
    body = new URLSearchParams(action.endsWith('/login') ? { email } : {});
  }
  throw new Error('The provider did not send the browser back to the app.');
}
