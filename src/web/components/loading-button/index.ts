export { LoadingButton, Spinner, type LoadingButtonProps } from './LoadingButton';
