/**
 * The schema's unions and interfaces with their members, so the cache can match
 * fragments on union results (PostResult, UserResult…). Checked against the server
 * schema by possible-types.test.ts: add a union there and the test names it here.
 */
export const POSSIBLE_TYPES: Record<string, string[]> = {
  PostResult: ['Post', 'NotFound'],
  ChangeEmailResult: ['User', 'BadRequest'],
  DeleteAccountResult: ['MutationSuccess', 'BadRequest'],
  PasswordLoginResult: ['SignedIn', 'TwoFactorRequired', 'InvalidPassword', 'PasswordSoftLockout', 'PasswordPermanentLockout', 'IpAuthLockout', 'BadRequest'],
  TwoFactorSignInResult: ['SignedIn', 'InvalidTwoFactorAuthCode', 'TwoFactorAuthSoftLockout', 'TwoFactorAuthPermanentLockout', 'IpAuthLockout', 'BadRequest'],
  SetPasswordResult: ['MutationSuccess', 'InvalidPassword', 'PasswordSoftLockout', 'PasswordPermanentLockout', 'ReauthRequired', 'BadRequest', 'Unauthorized'],
  SendReauthEmailResult: ['ReauthEmailSent', 'BadRequest', 'Unauthorized'],
  StartTwoFactorSetupResult: ['TwoFactorSetup', 'BadRequest'],
  ConfirmTwoFactorSetupResult: ['RecoveryCodes', 'BadRequest'],
  DisableTwoFactorResult: ['MutationSuccess', 'InvalidTwoFactorAuthCode', 'TwoFactorAuthSoftLockout', 'TwoFactorAuthPermanentLockout', 'BadRequest'],
  SendAcctAuthEmailResult: ['SusiMethod', 'BadRequest', 'FailedChallenge', 'NotFound'],
  VerifyLoginCodeResult: ['Token', 'BadRequest', 'NotFound', 'TooManyRequests', 'RateLimited'],
  UserResult: ['User', 'NotFound'],
  TagResult: ['Tag', 'NotFound'],
  UpdateProfileResult: ['User', 'BadRequest'],
  UpdateUsernameResult: ['User', 'UsernameError'],
  DisconnectAccountResult: ['User', 'BadRequest'],
  CreateIntegrationTokenResult: ['IntegrationTokenCreated', 'BadRequest'],
  VariantFlagValue: ['VariantFlagBoolean', 'VariantFlagString', 'VariantFlagNumber'],
  ClapResult: ['ClapSuccess', 'NotFound', 'BadRequest'],
  CreateQuoteResult: ['Quote', 'NotFound', 'BadRequest'],
  DeleteQuoteResult: ['MutationSuccess', 'NotFound'],
  RecordPostReadResult: ['PostRead', 'NotFound'],
  EditablePostResult: ['EditablePost', 'NotFound'],
  SaveDraftResult: ['SavedDraft', 'Conflict', 'NotFound', 'BadRequest'],
  PublishPostResult: ['Post', 'NotFound', 'BadRequest'],
  LinkPreviewResult: ['LinkPreview', 'BadRequest'],
  HidePostResponseResult: ['Post', 'NotFound'],
  DeletePostResult: ['YourStory', 'NotFound'],
  UndeletePostResult: ['YourStory', 'NotFound', 'BadRequest'],
  PinPostResult: ['Post', 'MaxPinnedStoriesReached', 'NotFound', 'BadRequest'],
  PaymentMethod: ['CreditCard', 'ApplePay', 'GooglePay', 'PayPal'],
  UpdateMeteringRuleResult: ['MeteringRule', 'BadRequest'],
  CatalogEditResult: ['CatalogEditSuccess', 'CatalogConflict', 'NotFound', 'BadRequest', 'Unauthorized'],
  AddToPredefinedCatalogResult: ['AddToPredefinedCatalogSuccess', 'NotFound', 'BadRequest', 'Unauthorized'],
  // The gift outcomes extend the membership result (modules/gifts).
  MembershipMutationResult: ['MembershipPurchaseSuccess', 'MutationSuccess', 'PaymentMethodDeclined', 'PaymentError', 'BadRequest', 'Unauthorized', 'Conflict', 'NotFound', 'GiftPurchaseSuccess', 'GiftRedeemSuccess', 'GiftCodeNotRedeemable'],
};
