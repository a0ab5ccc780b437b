import { PostCard, type PostPreview } from './PostCard.js';
import { PostCardMenu, type PostCardMenuProps } from './PostCardMenu.js';

export type FeedCardActions = Omit<PostCardMenuProps, 'creator' | 'isStaffPick'> & {
  /** Source tracking (spec §3 postFeedReason) of the feed that shows the card. */
  postFeedReason?: string;
};

/** A card in a feed: the story card with Save and the '...' menu (Show less like this, Mute author, staff picks). */
export function FeedPostCard({ post, actions }: { post: PostPreview; actions: FeedCardActions }) {
  const { postFeedReason, ...menu } = actions;
  return <PostCard post={post} actions={{ postFeedReason, menu: <PostCardMenu creator={post.creator} isStaffPick={post.isStaffPick} {...menu} /> }} />;
}
