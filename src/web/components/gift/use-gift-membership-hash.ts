import { useEffect } from 'react';
import { useNavigation } from '../../router/navigation.js';

/**
 * Spec §2.2: home with a '#giftMembership' hash goes to the gift checkout (ShowLiteGiftCheckout).
 * The route tables load only then, so the home's script does not carry them.
 */
export function useGiftMembershipHash(): void {
  const navigation = useNavigation();
  useEffect(() => {
    if (window.location.hash !== '#giftMembership') return;
    void import('../../../shared/routing/build.js').then(({ buildRoute }) => navigation.navigate(buildRoute('ShowLiteGiftCheckout', {}), { replace: true }));
  }, [navigation]);
}
