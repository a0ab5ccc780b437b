import { gql } from 'graphql-tag';

/**
 * What the upsell banner (spec §4) reads of the signed-in reader besides their membership:
 * the tier their access stands at, the server flags they dismissed, and the variant flags
 * (enable_gift_banner).
 */
export const UPSELL_BANNER_QUERY = gql`
  query UpsellBannerQuery {
    viewer {
      id
      dismissableFlags
      membership {
        id
        tier
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

/** Spec §7 UseReactivateMembershipUpsellQuery: the viewer's membership as the banners weigh it. */
export const USE_REACTIVATE_MEMBERSHIP_UPSELL_QUERY = gql`
  query UseReactivateMembershipUpsellQuery {
    viewer {
      id
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
    }
  }
`;
