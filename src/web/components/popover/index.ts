export { Popover, type PopoverProps } from './Popover';
export { computePopoverPosition, type PopoverAlign, type PopoverPlacement, type PopoverPosition, type Rect } from './position';
