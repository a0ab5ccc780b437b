import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { charCount, PROFILE_LIMITS } from '../../shared/profile-rules.js';
import type { UserRow } from './queries.js';
import { users } from './tables.js';
import { usernameProblem, type UsernameProblem } from './validation.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { isOwnUpload } from '../media/queries.js';

export const PROFILE_MESSAGES = {
  nameRequired: 'Enter your name.',
  nameTooLong: `Your name can be at most ${PROFILE_LIMITS.nameMaxLength} characters.`,
  bioTooLong: `Your bio can be at most ${PROFILE_LIMITS.bioMaxLength} characters.`,
  tooManyPronouns: `Add up to ${PROFILE_LIMITS.pronounsMax} pronouns.`,
  pronounTooLong: `Each pronoun can be at most ${PROFILE_LIMITS.pronounMaxLength} characters.`,
  pronounInvalid: 'Pronouns can contain letters, spaces, hyphens and apostrophes.',
  imageNotUploaded: 'That photo could not be found. Upload it again.',
} as const;

/** Spec §5 sign-up codes, which a username change answers with too. */
export type UsernameCode = 'username taken' | UsernameProblem;

export const USERNAME_MESSAGES: Record<UsernameCode, string> = {
  'username taken': 'That username is taken. Try another one.',
  'username invalid': 'A username can contain only letters, numbers and underscores.',
  'username too long': `A username can be at most ${PROFILE_LIMITS.usernameMaxLength} characters.`,
};

/** A name is one line: runs of whitespace (a pasted line break too) become one space. */
const oneLine = (s: string) => s.replace(/\s+/gu, ' ').replace(/\p{Cc}/gu, '').trim();
/** A bio keeps its line breaks but no other control characters. */
const bioText = (s: string) => s.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n]/gu, '').trim();
const PRONOUN = /^[\p{L}\p{M}' -]+$/u;

const profileInput = z.object({
  name: z
    .string()
    .transform(oneLine)
    .pipe(z.string().min(1, PROFILE_MESSAGES.nameRequired).refine((s) => charCount(s) <= PROFILE_LIMITS.nameMaxLength, PROFILE_MESSAGES.nameTooLong)),
  pronouns: z
    .array(z.string().transform(oneLine))
    .transform((list) => list.filter((p) => p !== ''))
    .pipe(
      z
        .array(z.string().refine((p) => charCount(p) <= PROFILE_LIMITS.pronounMaxLength, PROFILE_MESSAGES.pronounTooLong).regex(PRONOUN, PROFILE_MESSAGES.pronounInvalid))
        .max(PROFILE_LIMITS.pronounsMax, PROFILE_MESSAGES.tooManyPronouns),
    ),
  bio: z
    .string()
    .transform(bioText)
    .refine((s) => charCount(s) <= PROFILE_LIMITS.bioMaxLength, PROFILE_MESSAGES.bioTooLong),
});

export type ProfileInput = z.input<typeof profileInput>;

export type UpdateProfileResult = { kind: 'updated'; user: UserRow } | { kind: 'bad-request'; message: string };

/** Name, pronouns and bio together, as the dialog saves them; invalid input changes nothing. */
export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<UpdateProfileResult> {
  const parsed = profileInput.safeParse(input);
  if (!parsed.success) return { kind: 'bad-request', message: parsed.error.issues[0]?.message ?? PROFILE_MESSAGES.nameRequired };
  const user = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(parsed.data).where(eq(users.id, userId)).returning();
    if (!row) throw new Error(`No user ${userId} to update.`);
    await emitUserChanged(tx, userId);
    return row;
  });
  notifyEventDispatchers();
  return { kind: 'updated', user };
}

/**
 * The profile photo (spec §3 User imageId): an image the reader uploaded (POST /_/upload), shown
 * cropped square wherever avatars are; null removes it. Anything else changes nothing.
 */
export async function updateProfileImage(db: Db, userId: string, imageId: string | null): Promise<UpdateProfileResult> {
  if (imageId !== null && !(await isOwnUpload(db, imageId, userId))) return { kind: 'bad-request', message: PROFILE_MESSAGES.imageNotUploaded };
  const user = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ imageId }).where(eq(users.id, userId)).returning();
    if (!row) throw new Error(`No user ${userId} to update.`);
    await emitUserChanged(tx, userId);
    return row;
  });
  notifyEventDispatchers();
  return { kind: 'updated', user };
}

export type UpdateUsernameResult = { kind: 'updated'; user: UserRow } | { kind: 'problem'; code: UsernameCode; message: string };

const problem = (code: UsernameCode): UpdateUsernameResult => ({ kind: 'problem', code, message: USERNAME_MESSAGES[code] });

/**
 * A new username, unique case-insensitively. The reader's own username in another case
 * is theirs to take; the unique index on lower(username) settles a race between two
 * readers asking for the same name at once.
 */
export async function updateUsername(db: Db, userId: string, input: string): Promise<UpdateUsernameResult> {
  const username = input.trim();
  const invalid = usernameProblem(username);
  if (invalid) return problem(invalid);
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, userId)));
  if (other) return problem('username taken');
  try {
    const user = await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ username }).where(eq(users.id, userId)).returning();
      if (!row) throw new Error(`No user ${userId} to update.`);
      await emitUserChanged(tx, userId);
      return row;
    });
    notifyEventDispatchers();
    return { kind: 'updated', user };
  } catch (err) {
    if (isUniqueViolation(err)) return problem('username taken');
    throw err;
  }
}

/**
 * Tells the contexts that show people (search) that this one changed: in the transaction
 * of the change, so the event exists exactly when the change committed. The caller wakes
 * the dispatchers (notifyEventDispatchers) after the commit.
 */
export async function emitUserChanged(tx: DbTransaction, userId: string): Promise<void> {
  await emitDomainEvent(tx, { type: 'user.changed', payload: { userId } });
}

/** PostgreSQL's unique_violation, possibly wrapped by the driver layer (err.cause). */
function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
