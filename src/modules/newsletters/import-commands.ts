import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import type { NewsletterOutcome } from './commands.js';
import { isDeliverableAddress, type ParsedList } from './import-csv.js';
import { userIsEligibleToImportEmails } from './import-eligibility.js';
import { IMPORT_COLUMNS, IMPORT_MESSAGES, IMPORT_PROBLEMS, IMPORT_SAMPLES, importAttestation, type NewsletterImportRow } from './import-model.js';
import { newsletterById } from './queries.js';

const cols = sql.raw(IMPORT_COLUMNS);
type Reader = Pick<Db, 'execute'>;

/**
 * Why an address (a lowercase SQL expression) may not be imported into a newsletter, or null:
 * it unsubscribed from this newsletter (as an address or as a reader with that address: never
 * re-added), it is on the suppression list, or it is already subscribed (ACTIVE). Used for the
 * report and again by each import batch, since any of these may change in between.
 */
export function importVerdict(newsletterId: string, email: SQL): SQL {
  const subscribed = (state: string) => sql`(
    exists (select 1 from newsletter_subscribers s where s.newsletter_id = ${newsletterId} and s.user_id is null and s.email = ${email} and s.state = ${state})
    or exists (select 1 from users u join newsletter_subscribers s on s.user_id = u.id and s.newsletter_id = ${newsletterId}
      where u.email = ${email} and s.state = ${state}))`;
  return sql`case
    when ${subscribed('UNSUBSCRIBED')} then 'UNSUBSCRIBED'
    when exists (select 1 from email_suppressions x where x.address = ${email} and x.suppressed_at is not null) then 'SUPPRESSED'
    when ${subscribed('ACTIVE')} then 'SUBSCRIBED'
  end`;
}

export async function importById(db: Reader, id: string): Promise<NewsletterImportRow | null> {
  const { rows } = await db.execute(sql`select ${cols} from newsletter_imports where id = ${id}`);
  return (rows[0] as unknown as NewsletterImportRow | undefined) ?? null;
}

/** The writer's latest import into a newsletter (the page shows its report, progress or result). */
export async function latestImport(db: Reader, newsletterId: string): Promise<NewsletterImportRow | null> {
  const { rows } = await db.execute(sql`select ${cols} from newsletter_imports where newsletter_id = ${newsletterId} order by created_at desc, id desc limit 1`);
  return (rows[0] as unknown as NewsletterImportRow | undefined) ?? null;
}

/** Only the writer of a writer's newsletter imports into it, and only while eligible. */
async function mayImport(db: Reader, newsletterId: string, userId: string): Promise<NewsletterOutcome<null>> {
  const n = await newsletterById(db, newsletterId);
  if (!n) return { kind: 'not-found', message: IMPORT_MESSAGES.notFound };
  if (n.type !== 'USER' || n.userId !== userId) return { kind: 'forbidden', message: IMPORT_MESSAGES.notWriter };
  if (!(await userIsEligibleToImportEmails(db, userId))) return { kind: 'forbidden', message: IMPORT_MESSAGES.notEligible };
  return { kind: 'ok', value: null };
}

/** Each data row's verdict before the database is asked: an address that cannot be mailed, or one seen earlier in the file. */
function firstVerdicts(values: readonly string[]): { emails: (string | null)[]; statuses: string[] } {
  const seen = new Set<string>();
  const emails: (string | null)[] = [];
  const statuses: string[] = [];
  for (const value of values) {
    const email = value.toLowerCase();
    if (!isDeliverableAddress(value)) {
      emails.push(null);
      statuses.push('INVALID');
    } else {
      emails.push(email);
      statuses.push(seen.has(email) ? 'DUPLICATE' : 'NEW');
      seen.add(email);
    }
  }
  return { emails, statuses };
}

export interface StageInput {
  newsletterId: string;
  userId: string;
  fileName: string;
  list: ParsedList;
}

/**
 * POST …/import/process-unvalidated-files: the file's rows go to the staging table (one
 * statement, arrays unnested) and get their verdicts (two statements over the batch), and the
 * report is written on the import. No subscriber is touched. An earlier upload the writer did
 * not confirm is replaced; while an import runs, a new one waits.
 */
export async function stageImport(db: Db, input: StageInput): Promise<NewsletterOutcome<NewsletterImportRow>> {
  const allowed = await mayImport(db, input.newsletterId, input.userId);
  if (allowed.kind !== 'ok') return allowed;
  const { emails, statuses } = firstVerdicts(input.list.values);
  const id = newId();
  return db.transaction(async (tx) => {
    // One upload at a time per newsletter: concurrent ones wait here, then see each other's state.
    await tx.execute(sql`select 1 from newsletters where id = ${input.newsletterId} for update`);
    const { rows: running } = await tx.execute(sql`select 1 from newsletter_imports where newsletter_id = ${input.newsletterId} and state = 'IMPORTING' limit 1`);
    if (running.length) return { kind: 'bad-request', message: IMPORT_MESSAGES.running };
    await tx.execute(sql`delete from newsletter_imports where newsletter_id = ${input.newsletterId} and state = 'VALIDATED'`);
    await tx.execute(sql`insert into newsletter_imports (id, newsletter_id, user_id, state, file_name, email_column, total_rows)
      values (${id}, ${input.newsletterId}, ${input.userId}, 'VALIDATED', ${input.fileName.slice(0, 200)}, ${input.list.column.slice(0, 200)}, ${input.list.values.length})`);
    await tx.execute(sql`insert into newsletter_import_rows (import_id, row_number, value, email, status)
      select ${id}, n, v, e, s from unnest(${sql.param(input.list.values)}::text[], ${sql.param(emails)}::text[], ${sql.param(statuses)}::text[])
        with ordinality as t(v, e, s, n)`);
    await tx.execute(sql`update newsletter_import_rows r set status = v.verdict
      from (select row_number, ${importVerdict(input.newsletterId, sql`r0.email`)} as verdict
            from newsletter_import_rows r0 where r0.import_id = ${id} and r0.status = 'NEW') v
      where r.import_id = ${id} and r.row_number = v.row_number and v.verdict is not null`);
    // Counts per verdict and the first few examples of each problem, in one pass.
    const { rows: tally } = await tx.execute<{ status: string; n: number; samples: string[] }>(sql`
      select status, count(*)::int as n, (array_agg(value order by row_number) filter (where rn <= ${IMPORT_SAMPLES})) as samples
      from (select status, value, row_number, row_number() over (partition by status order by row_number) as rn
            from newsletter_import_rows where import_id = ${id}) t
      group by status`);
    const count = (status: string) => tally.find((t) => t.status === status)?.n ?? 0;
    const samples = Object.fromEntries(tally.filter((t) => (IMPORT_PROBLEMS as readonly string[]).includes(t.status)).map((t) => [t.status, t.samples ?? []]));
    await tx.execute(sql`update newsletter_imports set invalid_count = ${count('INVALID')}, duplicate_count = ${count('DUPLICATE')},
      subscribed_count = ${count('SUBSCRIBED')}, unsubscribed_count = ${count('UNSUBSCRIBED')}, suppressed_count = ${count('SUPPRESSED')},
      to_import_count = ${count('NEW')}, samples = ${JSON.stringify(samples)}::jsonb where id = ${id}`);
    return { kind: 'ok', value: (await importById(tx, id))! };
  });
}

/** The name the attestation gives: the writer's. */
async function writerName(db: Reader, userId: string): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(sql`select coalesce(nullif(name, ''), username, 'me') as name from users where id = ${userId}`);
  return rows[0]?.name ?? 'me';
}

/** The attestation the page shows the writer, so what they tick is what is recorded. */
export const attestationFor = async (db: Reader, userId: string): Promise<string> => importAttestation(await writerName(db, userId));

/**
 * The writer confirms a validated import with the attestation ticked: it becomes IMPORTING and
 * the import sweep takes it. Confirming again (a double click, a retry) changes nothing.
 */
export async function confirmImport(db: Db, input: { importId: string; userId: string; attested: boolean }): Promise<NewsletterOutcome<NewsletterImportRow>> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`select ${cols} from newsletter_imports where id = ${input.importId} for update`);
    const found = rows[0] as unknown as NewsletterImportRow | undefined;
    if (!found) return { kind: 'not-found', message: IMPORT_MESSAGES.notFound };
    if (found.userId !== input.userId) return { kind: 'forbidden', message: IMPORT_MESSAGES.notWriter };
    if (found.state !== 'VALIDATED') return { kind: 'ok', value: found };
    const allowed = await mayImport(tx, found.newsletterId, input.userId);
    if (allowed.kind !== 'ok') return allowed;
    if (!input.attested) return { kind: 'bad-request', message: IMPORT_MESSAGES.attest };
    if (found.toImportCount === 0) return { kind: 'bad-request', message: IMPORT_MESSAGES.nothingToImport };
    await tx.execute(sql`update newsletter_imports set state = 'IMPORTING', confirmed_at = now(),
      attestation = ${importAttestation(await writerName(tx, input.userId))} where id = ${found.id}`);
    return { kind: 'ok', value: (await importById(tx, found.id))! };
  });
}
