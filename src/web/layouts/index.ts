import type { ComponentType } from 'react';
import { BasicLayout } from './BasicLayout';
import { NotFoundLayout } from './NotFoundLayout';
import { PublicationLayout } from './PublicationLayout';
import { TopNavLayout } from './TopNavLayout';
import { TwoColumnLayout } from './TwoColumnLayout';
import type { AnyLayoutProps } from './types';
import { WordmarkLayout } from './WordmarkLayout';

/** The layouts of spec §2.1 (same union as LayoutKind in src/shared/pages.ts). */
export type LayoutKind = 'two-column' | 'top-nav' | 'basic' | 'wordmark' | 'publication' | 'not-found';

export const LAYOUT_COMPONENTS: Record<LayoutKind, ComponentType<AnyLayoutProps>> = {
  'two-column': TwoColumnLayout,
  'top-nav': TopNavLayout,
  basic: BasicLayout,
  wordmark: WordmarkLayout,
  publication: PublicationLayout,
  'not-found': NotFoundLayout,
};

export { BasicLayout, type BasicLayoutProps } from './BasicLayout';
export { NotFoundLayout } from './NotFoundLayout';
export { PublicationLayout, type PublicationLayoutProps } from './PublicationLayout';
export { TopNavLayout } from './TopNavLayout';
export { TwoColumnLayout } from './TwoColumnLayout';
export { WordmarkLayout, type WordmarkLayoutProps } from './WordmarkLayout';
export type { AnyLayoutProps, LayoutProps } from './types';
