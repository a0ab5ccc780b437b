/** Business constants and limits of spec §9. Names follow the spec so a reader can find them. */
export const BREAKPOINTS = { sm: 552, md: 728, lg: 904, xl: 1080 } as const;

export const LAYOUT = {
  mainColumnWidth: 680,
  mainColumnMargin: 24,
  sidebarWidthXl: 368,
  sidebarWidth: 352,
  headerHeight: 57,
  mobileBarHeight: 41,
  avatarMenuWidth: 264,
  searchBoxWidth: 240,
  searchPopoverWidth: 316,
  reactivationModalWidth: 426,
  notFoundTopMargin: 80,
  contentWidthInset: 680,
  contentWidthOutset: 1192,
  contentWidthMax: 1320,
} as const;

export const TIMING = {
  avatarMenuFadeMs: 300,
  toastAnimationMs: 300,
  toastDefaultDurationMs: 5000,
  friendPopoverLeaveDelayMs: 100,
  tooltipHoverDelayMs: 500,
  popoverOffsetPx: 5,
  popoverOverflowPaddingPx: 5,
  scrollResizeThrottleMs: 100,
  loadEventDelayMs: 500,
} as const;

export const Z_INDEX = { toast: 900, modal: 800 } as const;

export const LIMITS = {
  maxMenuPublications: 3,
  notificationBadgeCap: 99,
  postSearchHitsPerPage: 8,
  notFoundStaffPicks: 4,
  responsesPageSize: 10,
  threadDepth: 3,
  scrollLoadViewports: 1.5,
  imagePixelRatioCap: 2,
  loginCodeLength: 6,
  passwordAttemptsBeforeLockout: 6,
  trashRetentionDays: 14,
  graphqlBatchMax: 20,
  graphqlBatchIntervalMs: 20,
} as const;

/** Avatar sizes in px (spec §3). */
export const AVATAR_SIZES = { XXXS: 20, XXS: 28, XS: 32, S: 40, M: 48, L: 64, XL: 80, XXL: 128 } as const;

/** Log levels (spec §9); pino uses the same numbers. */
export const LOG_LEVELS = { silent: 100, error: 50, warn: 40, info: 30, debug: 20, trace: 10 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

/** Feature flags named in spec §4-§6; seeded off. */
export const VARIANT_FLAG_NAMES = [
  'enable_lite_publications',
  'enable_google_one_tap',
  'enable_google_one_tap_on_subdomains',
  'allow_iframe',
  'enable_devtool',
  'dont_track_user',
  'enable_track_user_interactions',
  'enable_exposure_imbalance_dummy_test',
  'enable_pub_featuring_gate',
  'can_view_suspended_content',
  'can_view_unfiltered_search',
  'disable_login_apple',
  'disable_login_facebook',
  'disable_login_google',
  'disable_login_twitter',
  'disable_login_email',
  'disable_signup_facebook',
  'enable_recaptcha_enterprise',
  'disable_lite_gift_page',
  'enable_mastodon_for_members',
  'enable_gift_banner',
] as const;
