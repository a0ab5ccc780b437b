import { useSite } from '../../app-context.js';
import { ToggleButton } from '../../components/follow-button/ToggleButton.js';
import { useFollowToggle } from '../../components/follow-button/use-follow-toggle.js';
import { useSusiModal } from '../../components/susi/SusiModalProvider.js';
import { FOLLOW_SEQUENCE, UNFOLLOW_SEQUENCE } from '../../graphql/series-operations.js';
import { useNavigation } from '../../router/navigation.js';

/**
 * Follow / Following for a series: a follower is told when a part is added. Signed out, it
 * opens sign-up and brings the reader back to the series. The writer sees no button.
 */
export function FollowSeriesButton({ sequence }: { sequence: { id: string; title: string; viewerIsFollowing: boolean; viewerIsOwner: boolean } }) {
  const { viewer } = useSite();
  const susi = useSusiModal();
  const { pathname } = useNavigation();
  const state = useFollowToggle({
    storeKey: `sequence:${sequence.id}`,
    isFollowing: sequence.viewerIsFollowing,
    name: sequence.title,
    follow: FOLLOW_SEQUENCE,
    unfollow: UNFOLLOW_SEQUENCE,
    variables: { sequenceId: sequence.id },
  });
  if (sequence.viewerIsOwner) return null;
  return (
    <ToggleButton
      following={state.following}
      pending={state.pending}
      name={`series ${sequence.title}`}
      testId="follow-series-button"
      size="small"
      onClick={() => (viewer ? void state.toggle() : susi.open({ operation: 'register', redirect: pathname }))}
      onPointerEnter={() => (viewer ? state.preload() : susi.preload())}
    />
  );
}
