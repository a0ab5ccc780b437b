import { gql } from 'graphql-tag';

/**
 * Spec §7 UseReactivateMembershipUpsellQuery: everything the upsell banner (spec §4) weighs, in
 * one operation on every signed-in page: the tier the reader's access stands at, the server flags
 * they dismissed, the variant flags (enable_gift_banner) and the membership as the banners weigh
 * it. The avatar menu reads it again from Apollo's cache. Sent with errorPolicy 'all', so a
 * membership status that cannot be read still leaves the tier and flags.
 */
export const USE_REACTIVATE_MEMBERSHIP_UPSELL_QUERY = gql`
  query UseReactivateMembershipUpsellQuery {
    viewer {
      id
      dismissableFlags
      membership {
        id
        tier
      }
      membershipStatus {
        membershipId
        canReactivate
        canSwitchPlan
        hasCreditCardExpired
        hasRecurringPaymentFailedMoreThanOnce
        paymentFailedAt
        currentPeriodEndsAt
        isCancelled
        paymentProvider
        paymentMethod {
          __typename
          ... on CreditCard {
            cardType
            lastFour
            expirationMonth
            expirationYear
          }
        }
      }
    }
    variantFlags {
      name
      valueType {
        ... on VariantFlagBoolean {
          value
        }
      }
    }
  }
`;

/** Spec §7 DismissFlag. */
export const DISMISS_FLAG_MUTATION = gql`
  mutation DismissFlag($userId: ID!, $flag: String!) {
    dismissFlag(userId: $userId, flag: $flag) {
      id
      dismissableFlags
    }
  }
`;

/** Avatar menu extras (spec §7 AvatarMenuQuery): the viewer's tier, since when, and whether they may reactivate or switch. */
export const AVATAR_MENU_QUERY = gql`
  query AvatarMenuQuery {
    viewer {
      id
      membership {
        id
        tier
        memberSince
        friendSince
      }
      adminCollections(limit: 4) {
        id
        name
        slug
      }
    }
  }
`;
