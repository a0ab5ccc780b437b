/**
 * Where Settings → Membership and payment's #redeemGiftMembership section shows the gift
 * redeem form (the gifts pages own the form: RedeemGiftForm renders here).
 */
export function RedeemGiftSlot() {
  return null;
}
