export { Button, buttonClassName, type ButtonProps, type ButtonSize, type ButtonStyleProps, type ButtonVariant } from './Button';
