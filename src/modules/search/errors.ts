/** A request the search endpoint refuses: answered as Algolia does, `{ message, status }` with a 4xx status. */
export class SearchRequestError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'SearchRequestError';
  }
}
