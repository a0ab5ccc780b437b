export {
  BellIcon,
  ChevronDownIcon,
  CloseIcon,
  LibraryIcon,
  PersonIcon,
  SearchIcon,
  StarIcon,
  StatsIcon,
  StoriesIcon,
  WriteIcon,
} from './icons';
