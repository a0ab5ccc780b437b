/**
 * The predictive search, loaded when the reader first focuses the header's box (or taps the
 * small-screen search button), so pages carry none of it in their first JavaScript.
 */
import type { RefObject } from 'react';
import { LAYOUT } from '../../../shared/constants.js';
import { Popover } from '../popover/Popover.js';
import { useArrowKeys } from './arrow-keys.js';
import { PredictivePanel } from './PredictivePanel.js';
import { usePredictive } from './use-predictive.js';

export { FullScreenSearch } from './FullScreenSearch.js';
export { saveRecentSearch } from '../../lib/search-recent.js';

export interface PredictivePopoverProps {
  query: string;
  open: boolean;
  onClose(): void;
  /** The box the popover hangs from. */
  anchorRef: RefObject<HTMLElement | null>;
  /** The box and the popover together: the arrow keys work inside it. */
  containerRef: RefObject<HTMLElement | null>;
}

/** The header's popover (316px, spec §2.5 and §9) under the 240px box. */
export function PredictivePopover({ query, open, onClose, anchorRef, containerRef }: PredictivePopoverProps) {
  const { visible, panel } = usePredictive({ query, open, onClose });
  useArrowKeys(containerRef, visible);
  return (
    <Popover isVisible={visible} anchorRef={anchorRef} onHide={onClose} width={LAYOUT.searchPopoverWidth} align="start" role="region" aria-label="Search suggestions" hideOn={{ scroll: false }}>
      <PredictivePanel {...panel} />
    </Popover>
  );
}
