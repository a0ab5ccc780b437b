/**
 * The predictive search, loaded when the reader first focuses the header's box (or taps the
 * small-screen search button), so pages carry none of it in their first JavaScript.
 */
import { useEffect, type RefObject } from 'react';
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
  /** The popover's id, named by the box's aria-controls. */
  id: string;
  /** Told when the popover shows and hides (the box's aria-expanded). */
  onVisibleChange(visible: boolean): void;
}

/**
 * The header's popover (316px, spec §2.5 and §9) under the 240px box: the popup of the box's
 * combobox, a non-modal dialog (the arrow keys move focus into its links and back).
 */
export function PredictivePopover({ query, open, onClose, anchorRef, containerRef, id, onVisibleChange }: PredictivePopoverProps) {
  const { visible, panel } = usePredictive({ query, open, onClose });
  useArrowKeys(containerRef, visible);
  useEffect(() => onVisibleChange(visible), [visible, onVisibleChange]);
  return (
    <Popover id={id} isVisible={visible} anchorRef={anchorRef} onHide={onClose} width={LAYOUT.searchPopoverWidth} align="start" role="dialog" aria-label="Search suggestions" hideOn={{ scroll: false }}>
      <PredictivePanel {...panel} />
    </Popover>
  );
}
