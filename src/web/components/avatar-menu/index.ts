export { AvatarMenu, DEFAULT_SIGN_OUT_HREF, type AvatarMenuProps } from './AvatarMenu';
export { AvatarMenuButton, type AvatarMenuButtonProps } from './AvatarMenuButton';
export { avatarMenuSections, profileHref, type MenuItem } from './menu-items';
