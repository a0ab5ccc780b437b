import { gql } from 'graphql-tag';

/** Passwords and two-factor: the security settings, setting a password, and signing in with them (spec §7, §8). */

/** Whether the viewer has a password and two-factor on (security settings, /password). */
export const SECURITY_SETTINGS_QUERY = gql`
  query SecuritySettingsQuery {
    viewer {
      id
      hasPassword
      twoFactorEnabled
    }
  }
`;

export const SET_PASSWORD = gql`
  mutation SetPassword($currentPassword: String, $newPassword: String!) {
    setPassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      __typename
      ... on BadRequest {
        message
      }
      ... on InvalidPassword {
        message
      }
      ... on PasswordSoftLockout {
        message
      }
      ... on PasswordPermanentLockout {
        message
      }
      ... on ReauthRequired {
        message
      }
      ... on Unauthorized {
        message
      }
    }
  }
`;

/** A sign-in email to the viewer's own address, coming back to `redirect`: then the password can be set. */
export const SEND_REAUTH_EMAIL = gql`
  mutation SendReauthEmail($redirect: String) {
    sendReauthEmail(redirect: $redirect) {
      __typename
      ... on ReauthEmailSent {
        emailObfuscated
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

export const START_TWO_FACTOR_SETUP = gql`
  mutation StartTwoFactorSetup {
    startTwoFactorSetup {
      __typename
      ... on TwoFactorSetup {
        secret
        otpauthUri
        qrSvg
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

export const CONFIRM_TWO_FACTOR_SETUP = gql`
  mutation ConfirmTwoFactorSetup($code: String!) {
    confirmTwoFactorSetup(code: $code) {
      __typename
      ... on RecoveryCodes {
        codes
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

export const DISABLE_TWO_FACTOR = gql`
  mutation DisableTwoFactor($code: String!) {
    disableTwoFactor(code: $code) {
      __typename
      ... on InvalidTwoFactorAuthCode {
        message
      }
      ... on TwoFactorAuthSoftLockout {
        message
      }
      ... on TwoFactorAuthPermanentLockout {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

/** Spec §8 password sign-in results. */
export const LOGIN_WITH_PASSWORD = gql`
  mutation LoginWithPassword($email: String!, $password: String!, $redirect: String) {
    loginWithPassword(email: $email, password: $password, redirect: $redirect) {
      __typename
      ... on SignedIn {
        redirect
      }
      ... on TwoFactorRequired {
        challenge
      }
      ... on InvalidPassword {
        message
      }
      ... on PasswordSoftLockout {
        message
      }
      ... on PasswordPermanentLockout {
        message
      }
      ... on IpAuthLockout {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

export const VERIFY_TWO_FACTOR_SIGN_IN = gql`
  mutation VerifyTwoFactorSignIn($challenge: String!, $code: String!) {
    verifyTwoFactorSignIn(challenge: $challenge, code: $code) {
      __typename
      ... on SignedIn {
        redirect
      }
      ... on InvalidTwoFactorAuthCode {
        message
      }
      ... on TwoFactorAuthSoftLockout {
        message
      }
      ... on TwoFactorAuthPermanentLockout {
        message
      }
      ... on IpAuthLockout {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
`;
