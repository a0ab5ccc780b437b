export { Avatar, UnknownAvatar, initialsOf, type AvatarProps, type AvatarSize } from './Avatar';
