import { RedeemGiftForm } from '../../components/gift/RedeemGiftForm.js';

/**
 * Settings → Membership and payment's #redeemGiftMembership section: the gift redeem form
 * (the gifts pages own it), for the signed-in reader the settings page is for.
 */
export function RedeemGiftSlot() {
  return <RedeemGiftForm signedIn redirect="/me/settings/membership#redeemGiftMembership" />;
}
