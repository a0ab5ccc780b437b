import { gql } from 'graphql-tag';

/**
 * Buying a membership: the plans pages (/plans, /discount, /get-started/plans), the membership
 * landing, the confirmation and welcome pages (spec §2.3 Membership paths, §3 MembershipStatus,
 * §9 prices). Managing one lives in manage-membership-operations.ts.
 */

/** A plan as the plan cards show it: its price, the struck-out one, and a first-year discount. */
export const MEMBERSHIP_PLAN = gql`
  fragment MembershipPlan_plan on MembershipPlanV2 {
    id
    membershipType
    tier
    price {
      amount
      currency
      crossoutAmount
    }
    discount {
      numCycles
      regularPrice {
        amount
        currency
        crossoutAmount
      }
    }
  }
`;

/** What the plans pages need of the reader's own membership: enough to say which plan they have. */
export const VIEWER_MEMBERSHIP = gql`
  fragment ViewerMembership_status on MembershipStatus {
    membershipId
    membershipType
    tier
    state
    isCancelled
    currency
    amount
    startedAt
    currentPeriodEndsAt
    pendingActionUrl
  }
`;

/**
 * The plans in both currencies (the reader's country picks one: the preload cannot know it),
 * the reader's membership and the payment provider (test mode, Stripe's publishable key).
 */
/**
 * What every membership and gift mutation says when it did not go through (the failure members of
 * MembershipMutationResult): the message to show, and a declined card's code.
 */
export const MEMBERSHIP_MUTATION_FAILURE = gql`
  fragment MembershipMutationFailure on MembershipMutationResult {
    ... on PaymentMethodDeclined {
      message
      code
    }
    ... on PaymentError {
      message
    }
    ... on BadRequest {
      message
    }
    ... on Unauthorized {
      message
    }
    ... on Conflict {
      message
    }
    ... on NotFound {
      message
    }
  }
`;

export const PLANS_PAGE_QUERY = gql`
  query PlansPageQuery($discount: DiscountMode) {
    viewer {
      id
      name
      geolocation {
        country
      }
      membershipStatus {
        ...ViewerMembership_status
      }
    }
    usdPlans: membershipPlans(currency: USD, discount: $discount) {
      ...MembershipPlan_plan
    }
    cadPlans: membershipPlans(currency: CAD, discount: $discount) {
      ...MembershipPlan_plan
    }
    paymentProviderInfo {
      id
      testMode
      publishableKey
    }
  }
  ${VIEWER_MEMBERSHIP}
  ${MEMBERSHIP_PLAN}
`;

/** /membership: open to everyone, so the country comes from the visitor. */
export const LANDING_MEMBERSHIP_QUERY = gql`
  query LandingMembershipQuery {
    visitor {
      geolocation {
        country
      }
    }
    viewer {
      id
      membershipStatus {
        ...ViewerMembership_status
      }
    }
    usdPlans: membershipPlans(currency: USD) {
      ...MembershipPlan_plan
    }
    cadPlans: membershipPlans(currency: CAD) {
      ...MembershipPlan_plan
    }
  }
  ${VIEWER_MEMBERSHIP}
  ${MEMBERSHIP_PLAN}
`;

/** The confirmation and welcome pages: the membership just bought. */
export const MEMBERSHIP_CONFIRMATION_QUERY = gql`
  query MembershipConfirmationQuery {
    viewer {
      id
      name
      membershipStatus {
        ...ViewerMembership_status
        planV2 {
          ...MembershipPlan_plan
        }
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
  ${VIEWER_MEMBERSHIP}
  ${MEMBERSHIP_PLAN}
`;

export const PURCHASE_MEMBERSHIP = gql`
  mutation PurchaseMembership($membershipType: MembershipPlanType!, $currency: Currency, $discount: DiscountMode, $paymentMethod: PaymentMethodInput!) {
    purchaseMembership(membershipType: $membershipType, currency: $currency, discount: $discount, paymentMethod: $paymentMethod) {
      __typename
      ... on MembershipPurchaseSuccess {
        membershipStatus {
          ...ViewerMembership_status
        }
      }
      ...MembershipMutationFailure
    }
  }
  ${VIEWER_MEMBERSHIP}
  ${MEMBERSHIP_MUTATION_FAILURE}
`;
