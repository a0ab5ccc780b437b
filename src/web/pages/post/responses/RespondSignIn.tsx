import type { ReactNode } from 'react';
import { susiHref } from '../../../components/header/site-pages.js';
import { useSusiModal } from '../../../components/susi/SusiModalProvider.js';
import { useNavigation } from '../../../router/navigation.js';

/**
 * What a signed-out reader gets instead of the response editor or Reply: sign up, then
 * come back here. Respond is an entry point that skips onboarding (spec §6:
 * skipOnboarding=1). A real link (works before hydration, in a new tab); a plain click
 * opens the sign-up modal over the story.
 */
export function RespondSignIn({ className, children }: { className?: string; children: ReactNode }) {
  const { pathname, search } = useNavigation();
  const susi = useSusiModal();
  const here = pathname + search;
  return (
    <a
      className={className}
      href={`${susiHref('register', here)}&skipOnboarding=1`}
      onMouseEnter={susi.preload}
      onFocus={susi.preload}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        susi.open({ operation: 'register', redirect: here });
      }}
    >
      {children}
    </a>
  );
}
