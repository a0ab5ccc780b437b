/**
 * Limits of integration tokens (Settings, Security and apps #tokens). The server enforces
 * them; the Settings form shows the name limit as a counter.
 */
export const INTEGRATION_TOKEN_LIMITS = {
  nameMaxLength: 50,
  /** Live (unrevoked) tokens per reader. */
  perUser: 20,
} as const;
