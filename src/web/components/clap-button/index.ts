export { ClapButton, OWN_STORY_NOTE, type ClapButtonProps } from './ClapButton.js';
