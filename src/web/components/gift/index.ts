export { RedeemGiftForm, type RedeemGiftFormProps } from './RedeemGiftForm.js';
export { useGiftMembershipHash } from './use-gift-membership-hash.js';
