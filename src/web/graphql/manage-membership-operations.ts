import { gql } from 'graphql-tag';
import { MEMBERSHIP_MUTATION_FAILURE } from './membership-operations.js';

/**
 * Managing a membership (spec §2.5 Settings → Membership and payment, §4 reactivation and plan
 * switch, §7): the settings tab, the reactivate modal, switching plan, cancelling with the
 * retention offer, the payment method and the billing receipt. The spec's query names
 * (ReactivateMembershipConfirmationModalWrapperQuery, UseCanSwitchMembershipPlanQuery,
 * UsePaymentMethodRetentionQuery) are operations over `viewer { membershipStatus }`.
 */

const PAYMENT_METHOD_FIELDS = `
  paymentMethod {
    __typename
    ... on CreditCard {
      cardType
      lastFour
      expirationMonth
      expirationYear
    }
  }
`;

const PLAN_FIELDS = `
  id
  membershipType
  tier
  price {
    amount
    currency
    crossoutAmount
  }
`;

const MUTATION_RESULT_FIELDS = `
  __typename
  ... on MembershipPurchaseSuccess {
    membershipStatus {
      membershipId
      isCancelled
      currentPeriodEndsAt
      retentionOffer
    }
  }
  ...MembershipMutationFailure
`;

/** Settings → Membership and payment: the membership, the payment method and the billing history. */
export const MEMBERSHIP_SETTINGS_QUERY = gql`
  query MembershipSettingsQuery {
    viewer {
      id
      hasPastMemberships
      membership {
        id
        tier
        memberSince
        friendSince
      }
      membershipStatus {
        membershipId
        membershipType
        tier
        state
        startedAt
        currentPeriodEndsAt
        currency
        amount
        discountEndsAt
        isCancelled
        paymentProvider
        paymentFailedAt
        hasCreditCardExpired
        canReactivate
        canSwitchPlan
        pendingActionUrl
        ${PAYMENT_METHOD_FIELDS}
        planV2 {
          ${PLAN_FIELDS}
        }
        switchPlanSchedule {
          startAt
          plan {
            ${PLAN_FIELDS}
          }
        }
      }
    }
    paymentProviderInfo {
      id
      testMode
    }
    billingHistory(limit: 24) {
      id
      type
      status
      createdAt
      description
      refundedAmount
      amount {
        amount
        currency
      }
    }
  }
`;

/** Spec §7: what the reactivate modal shows and needs (the membership to un-cancel). */
export const REACTIVATE_MEMBERSHIP_CONFIRMATION_MODAL_WRAPPER_QUERY = gql`
  query ReactivateMembershipConfirmationModalWrapperQuery {
    viewer {
      id
      membershipStatus {
        membershipId
        membershipType
        isCancelled
        canReactivate
        currentPeriodEndsAt
        currency
        amount
        paymentProvider
        ${PAYMENT_METHOD_FIELDS}
      }
    }
  }
`;

/** Spec §7 UncancelMembership (membershipId): MutationSuccess, or a failure. */
export const UNCANCEL_MEMBERSHIP = gql`
  mutation UncancelMembership($membershipId: ID!) {
    UncancelMembership(membershipId: $membershipId) {
      ${MUTATION_RESULT_FIELDS}
    }
  }
  ${MEMBERSHIP_MUTATION_FAILURE}
`;

/** Spec §7: whether the viewer may switch plan now, and to what (/manage-membership). */
export const USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY = gql`
  query UseCanSwitchMembershipPlanQuery {
    viewer {
      id
      membershipStatus {
        membershipId
        membershipType
        tier
        state
        currency
        amount
        isCancelled
        paymentProvider
        paymentFailedAt
        currentPeriodEndsAt
        canSwitchPlan
        planV2 {
          ${PLAN_FIELDS}
        }
        switchPlanSchedule {
          startAt
          plan {
            ${PLAN_FIELDS}
          }
        }
      }
    }
  }
`;

/** The proration charged today for an upgrade now (null when not allowed, or a downgrade). */
export const MEMBERSHIP_PLAN_CHANGE_PREVIEW_QUERY = gql`
  query MembershipPlanChangePreviewQuery($membershipType: MembershipPlanType!) {
    membershipPlanChangePreview(membershipType: $membershipType) {
      amount
      currency
    }
  }
`;

export const UPDATE_MEMBERSHIP_PLAN = gql`
  mutation UpdateMembershipPlan($membershipId: ID!, $membershipType: MembershipPlanType!) {
    updateMembershipPlan(membershipId: $membershipId, membershipType: $membershipType) {
      ${MUTATION_RESULT_FIELDS}
    }
  }
  ${MEMBERSHIP_MUTATION_FAILURE}
`;

/** Spec §7: the membership a cancelling reader may keep with a retention offer (/me/membership/cancel). */
export const USE_PAYMENT_METHOD_RETENTION_QUERY = gql`
  query UsePaymentMethodRetentionQuery {
    viewer {
      id
      membershipStatus {
        membershipId
        membershipType
        tier
        state
        currency
        amount
        isCancelled
        retentionOffer
        discountEndsAt
        currentPeriodEndsAt
        paymentProvider
        planV2 {
          ${PLAN_FIELDS}
        }
      }
    }
  }
`;

export const CANCEL_MEMBERSHIP = gql`
  mutation CancelMembership($membershipId: ID!, $reason: CancellationReason!, $comment: String) {
    cancelMembership(membershipId: $membershipId, reason: $reason, comment: $comment) {
      ${MUTATION_RESULT_FIELDS}
    }
  }
  ${MEMBERSHIP_MUTATION_FAILURE}
`;

export const ACCEPT_MEMBERSHIP_RETENTION_OFFER = gql`
  mutation AcceptMembershipRetentionOffer($membershipId: ID!, $discount: CancellationDiscount!) {
    acceptMembershipRetentionOffer(membershipId: $membershipId, discount: $discount) {
      ${MUTATION_RESULT_FIELDS}
    }
  }
  ${MEMBERSHIP_MUTATION_FAILURE}
`;

/** /me/settings/payment/update: the card on file and whether the provider is in test mode. */
export const UPDATE_PAYMENT_PAGE_QUERY = gql`
  query UpdatePaymentPageQuery {
    viewer {
      id
      membershipStatus {
        membershipId
        paymentProvider
        hasCreditCardExpired
        paymentFailedAt
        ${PAYMENT_METHOD_FIELDS}
      }
    }
    paymentProviderInfo {
      id
      testMode
      publishableKey
    }
  }
`;

export const UPDATE_PAYMENT_METHOD = gql`
  mutation UpdatePaymentMethod($paymentMethod: PaymentMethodInput!) {
    updatePaymentMethod(paymentMethod: $paymentMethod) {
      ${MUTATION_RESULT_FIELDS}
    }
  }
  ${MEMBERSHIP_MUTATION_FAILURE}
`;

/** /me/billing-history/receipt/{chargeId}: one of the viewer's own charges (null for anyone else's). */
export const BILLING_RECEIPT_QUERY = gql`
  query BillingReceiptQuery($id: ID!) {
    viewer {
      id
      name
      emailObfuscated
    }
    charge(id: $id) {
      id
      type
      status
      createdAt
      description
      refundedAmount
      amount {
        amount
        currency
      }
      ${PAYMENT_METHOD_FIELDS}
    }
  }
`;
