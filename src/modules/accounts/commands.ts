import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { users } from './tables.js';

export interface NewUser {
  name: string;
  username: string;
  email?: string | null;
  bio?: string;
  pronouns?: string[];
  imageId?: string | null;
  isStaff?: boolean;
  isAdmin?: boolean;
  createdAt?: Date;
}

/** Creates a user; sign-up (with validation and the spec's errors) is the accounts issue's. */
export async function createUser(db: Pick<Db, 'insert'>, input: NewUser): Promise<string> {
  const id = newId();
  await db.insert(users).values({
    id,
    name: input.name,
    username: input.username,
    email: input.email?.trim().toLowerCase() ?? null,
    bio: input.bio ?? '',
    pronouns: input.pronouns ?? [],
    imageId: input.imageId ?? null,
    isStaff: input.isStaff ?? false,
    isAdmin: input.isAdmin ?? false,
    createdAt: input.createdAt ?? new Date(),
  });
  return id;
}
