export { CharacterCounter, type CharacterCounterProps } from './CharacterCounter';
