import { gql } from 'graphql-tag';
import { MEMBERSHIP_MUTATION_FAILURE } from './membership-operations.js';

/** Gifts (modules/gifts): the checkout's prices, buying a gift or a group gift, a code's status, redeeming. */

/** The gift pages' data: prices, the group gift's bounds, the provider for the card form, and the viewer. */
export const GIFT_CHECKOUT_QUERY = gql`
  query GiftCheckoutQuery {
    viewer {
      id
      name
    }
    giftCheckout {
      giftPrice {
        amount
        currency
      }
      groupGiftPrice {
        amount
        currency
      }
      minGroupGiftCodes
      maxGroupGiftCodes
      giftCheckoutEnabled
    }
    paymentProviderInfo {
      id
      testMode
      publishableKey
    }
  }
`;

/** The redeem page: who reads it (redeeming needs an account) and the gift checkout's switch. */
export const REDEEM_GIFT_PAGE_QUERY = gql`
  query RedeemGiftPageQuery {
    viewer {
      id
      name
    }
  }
`;

const PURCHASE_RESULT = `
  __typename
  ... on GiftPurchaseSuccess {
    giftPurchase {
      id
      type
      quantity
      amount {
        amount
        currency
      }
      recipientName
      recipientEmail
      deliverAt
      deliveredAt
      codes
    }
  }
  ...MembershipMutationFailure
`;

export const PURCHASE_GIFT_MEMBERSHIP = gql`
  mutation PurchaseGiftMembership($recipientName: String!, $recipientEmail: String!, $message: String, $deliverOn: String, $paymentMethod: PaymentMethodInput!) {
    purchaseGiftMembership(recipientName: $recipientName, recipientEmail: $recipientEmail, message: $message, deliverOn: $deliverOn, paymentMethod: $paymentMethod) {
      ${PURCHASE_RESULT}
    }
  }
  ${MEMBERSHIP_MUTATION_FAILURE}
`;

export const PURCHASE_GROUP_GIFT_MEMBERSHIP = gql`
  mutation PurchaseGroupGiftMembership($quantity: Int!, $paymentMethod: PaymentMethodInput!) {
    purchaseGroupGiftMembership(quantity: $quantity, paymentMethod: $paymentMethod) {
      ${PURCHASE_RESULT}
    }
  }
  ${MEMBERSHIP_MUTATION_FAILURE}
`;

export const GIFT_CODE_STATUS_QUERY = gql`
  query GiftCodeStatusQuery($code: String!) {
    giftCodeStatus(code: $code) {
      code
      status
      message
    }
  }
`;

export const REDEEM_GIFT_MEMBERSHIP = gql`
  mutation RedeemGiftMembership($code: String!) {
    redeemGiftMembership(code: $code) {
      __typename
      ... on GiftRedeemSuccess {
        status
        message
        membershipAccessUntil
      }
      ... on GiftCodeNotRedeemable {
        status
        message
      }
      ... on BadRequest {
        message
      }
      ... on Unauthorized {
        message
      }
    }
  }
`;
