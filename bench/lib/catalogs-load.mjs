// Load for the lists benchmark, run as a child process (bench/lib/catalogs-bench.mjs starts it) so
// the load generator never shares an event loop with the server it measures.
//
// kind 'edits': each reader's calls come one at a time (the version it names is the one its last
// answer gave, as in one browser tab), and many readers' calls at once. Each reader in turn
// goes through a cycle of three calls on its Reading list: Save a story not in it
// (addToPredefinedCatalog append), EditCatalogItems moving that item to the top, EditCatalogItems
// deleting it; the list ends the run as it started but for a cycle cut short. Anything but a success
// (a conflict included) is counted as a wrong answer. The server's time of each call comes from the
// `Server-Timing` header the app gets from bench/lib/server-timing.mjs.
// kind 'page': GET `path` as the next reader in turn (their cookie), which must come out signed in.
//
// Input (the JSON file named by argv[2]): { origin, kind, connections, duration, path?, readers:
// [{ cookie, listId, version, candidates: [postId] }] }. Output (stdout, JSON): the figures, the
// answers, and for 'edits' the server times of Save and EditCatalogItems calls.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { loadFigures } from './load.mjs';

const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

const SAVE = `mutation SaveBench($postId: ID!) { addToPredefinedCatalog(type: READING_LIST, operation: { append: { postId: $postId } }) {
  __typename ... on AddToPredefinedCatalogSuccess { version insertedItem { catalogItemId } } } }`;
const EDIT = `mutation EditBench($catalogId: ID!, $version: String!, $operations: [CatalogItemOperation!]!) {
  editCatalogItems(catalogId: $catalogId, version: $version, operations: $operations) { __typename ... on CatalogEditSuccess { version } } }`;

const answers = { ok: 0, other: 0, sample: null };
const serverMs = { save: [], edit: [] };
// Readers not waiting for an answer, in turn: a call takes the first, its answer puts it back last.
// autocannon keeps one call in flight per connection, so with more readers than connections there
// is always one free, and a reader never has two calls in flight.
const idle = input.readers.map((r) => ({ ...r, step: 0, next: 0, itemId: null }));

// autocannon keeps `context` from a call's setupRequest to its onResponse (it is reset between calls).
function editsRequest(req, context) {
  const reader = idle.shift();
  if (!reader) throw new Error('No reader free: the benchmark needs more readers than connections.');
  context.current = reader;
  const body =
    reader.step === 0
      ? { query: SAVE, operationName: 'SaveBench', variables: { postId: reader.candidates[reader.next++ % reader.candidates.length] } }
      : {
          query: EDIT,
          operationName: 'EditBench',
          variables: {
            catalogId: reader.listId,
            version: reader.version,
            operations: [reader.step === 1 ? { move: { catalogItemId: reader.itemId, afterCatalogItemId: null } } : { delete: { catalogItemId: reader.itemId } }],
          },
        };
  return { ...req, headers: { ...req.headers, cookie: reader.cookie }, body: JSON.stringify(body) };
}

function wrong(status, body) {
  answers.other++;
  answers.sample ??= `${status} ${body.slice(0, 300)}`;
}

function editsResponse(status, body, context, headers) {
  const reader = context.current;
  idle.push(reader);
  const saving = reader.step === 0;
  let answer;
  try {
    answer = JSON.parse(body).data?.[saving ? 'addToPredefinedCatalog' : 'editCatalogItems'];
  } catch {
    answer = null;
  }
  const success = saving ? answer?.__typename === 'AddToPredefinedCatalogSuccess' && answer.insertedItem : answer?.__typename === 'CatalogEditSuccess';
  if (status !== 200 || !success) {
    // The reader's state is unknown now: the run fails on any wrong answer, so stop its cycle here.
    wrong(status, body);
    return;
  }
  answers.ok++;
  const timing = /app;dur=([\d.]+)/.exec(headers['server-timing'] ?? '');
  if (timing) serverMs[saving ? 'save' : 'edit'].push(Number(timing[1]));
  reader.version = answer.version;
  if (saving) reader.itemId = answer.insertedItem.catalogItemId;
  reader.step = (reader.step + 1) % 3;
}

let nextReader = 0;
function pageRequest(req) {
  return { ...req, headers: { ...req.headers, cookie: input.readers[nextReader++ % input.readers.length].cookie } };
}

// A page for a reader whose session did not count would still answer 200 (the logged-out view):
// the signed-in page embeds its viewer in the page state.
function pageResponse(status, body) {
  if (status === 200 && body.includes('"viewer":{"id"')) answers.ok++;
  else wrong(status, body);
}

const request =
  input.kind === 'edits'
    ? { method: 'POST', path: '/_/graphql', headers: { 'content-type': 'application/json' }, setupRequest: editsRequest, onResponse: editsResponse }
    : { method: 'GET', path: input.path, setupRequest: pageRequest, onResponse: pageResponse };

const result = await autocannon({ url: input.origin, connections: input.connections, duration: input.duration, requests: [request] });

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (values) => ({ calls: values.length, p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) });
process.stdout.write(JSON.stringify({ ...loadFigures(result), answers, serverMs: { save: summary(serverMs.save), edit: summary(serverMs.edit) } }));
