/** Spec §2.2 profile URL: /@{username}, or /u/{id} for a user without a username. */
export const profileHref = (user: { id: string; username: string | null }): string => (user.username ? `/@${user.username}` : `/u/${user.id}`);
