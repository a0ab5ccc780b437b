/**
 * A notification in words, for the email digest (the page builds the same sentence with
 * links: src/web/components/notifications). `actor` is the latest actor's name.
 */
export function notificationSentence(n: { kind: string; actor: string | null; actorCount: number; postTitle: string | null; text?: string | null; listName?: string | null; storyCount?: number | null }): string {
  const who = n.actor ?? 'Someone';
  const others = n.actorCount - 1;
  const many = others > 0 ? `${who} and ${others} ${others === 1 ? 'other' : 'others'}` : who;
  const title = n.postTitle ? `“${n.postTitle}”` : 'your story';
  switch (n.kind) {
    case 'follow':
      return `${who} followed you`;
    case 'clap':
      return `${many} clapped for ${title}`;
    case 'response':
      return `${who} responded to ${title}`;
    case 'mention':
      return `${who} mentioned you in ${title}`;
    case 'highlight':
      return `${who} highlighted ${title}`;
    case 'publish':
      return `${who} published ${title}`;
    case 'catalog': {
      const count = n.storyCount ?? 1;
      return `${who} added ${count} ${count === 1 ? 'story' : 'stories'} to “${n.listName ?? 'a list you follow'}”`;
    }
    case 'series':
      return `${who} added ${title} to the series “${n.text ?? ''}”`;
    default:
      return n.text ?? 'A notice from the site';
  }
}
