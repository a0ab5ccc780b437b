export { Header, type HeaderProps } from './Header';
export { HeaderDataContext, useHeaderData, type AdminPublication, type HeaderData, type MembershipTier } from './header-data';
export { SearchBox, type SearchBoxProps } from './SearchBox';
export { SiteLogo, type SiteLogoProps } from './SiteLogo';
export {
  MEMBERSHIP_SETTINGS_HREF,
  NOTIFICATIONS_HREF,
  SEARCH_HREF,
  SIGN_IN_HREF,
  SIGN_UP_HREF,
  WRITE_HREF,
  isHomePage,
  logoHref,
  searchHref,
  susiHref,
} from './site-pages';
