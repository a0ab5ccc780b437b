// Types of accounts.mjs, for the tests that sign readers up through the HTTP API as well.
export interface CookieClient {
  jar: Map<string, string>;
  cookieHeader(): string;
  get(path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>;
  /** One GraphQL operation; throws on transport or GraphQL errors, returns `data`. */
  gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<T>;
}
export function cookieClient(origin: string): CookieClient;
export function signUp(origin: string, reader: { name: string; email: string }): Promise<{ client: CookieClient; id: string }>;
