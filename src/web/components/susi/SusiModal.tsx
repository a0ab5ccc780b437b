import { useEffect, useId, useRef } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { focusableWithin } from '../../lib/focus-trap.js';
import { Modal } from '../modal/Modal.js';
import { SusiFlow } from './SusiFlow.js';
import type { SusiOperation } from './susi-state.js';
import styles from './susi-modal.module.css';

export interface SusiModalProps {
  operation: SusiOperation;
  redirect: string;
  onClose(): void;
}

/**
 * The sign-in and sign-up modal of spec §2.5/§4: the flow's panel (600px on medium, 678px on
 * large, full screen on small) over the white scrim at z-index 800. Escape, the close button
 * and a press on the scrim close it; focus stays inside and returns to the opener.
 */
export default function SusiModal({ operation, redirect, onClose }: SusiModalProps) {
  const loadData = useBrowserData();
  const boxRef = useRef<HTMLDivElement | null>(null);
  const headingId = useId();

  useEffect(() => {
    // The flow's first request needs Apollo: start loading it with the modal.
    void loadData().catch(() => {});
  }, [loadData]);

  // Each new step replaces the content focus was on: move focus to the step's first control.
  const onStepChange = () => {
    requestAnimationFrame(() => {
      const box = boxRef.current;
      if (!box) return;
      (box.querySelector<HTMLElement>('input') ?? focusableWithin(box)[0])?.focus();
    });
  };

  return (
    <Modal isVisible onClose={onClose} aria-labelledby={headingId} className={styles.dialog}>
      <div ref={boxRef} className={styles.flow} data-susi-modal="">
        <SusiFlow operation={operation} redirect={redirect} headingId={headingId} onStepChange={onStepChange} />
      </div>
    </Modal>
  );
}
