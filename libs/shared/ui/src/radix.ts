/**
 * Every Radix primitive with state of its own, in one module that tools/rspack/federation.cjs
 * shares as a singleton. Radix keeps module-level state across components (the stack of
 * dismissable layers and focus scopes, scroll locks, the tooltip provider's context), so a Dialog
 * in a portal and the shell's Toaster must run on one copy; one module also keeps that copy out of
 * a page that shows no overlay (the signed-out landing loads none of it).
 */
export * as RadixAlertDialog from '@radix-ui/react-alert-dialog';
export * as RadixAvatar from '@radix-ui/react-avatar';
export * as RadixDialog from '@radix-ui/react-dialog';
export * as RadixMenu from '@radix-ui/react-dropdown-menu';
export * as RadixScrollArea from '@radix-ui/react-scroll-area';
export * as RadixSelect from '@radix-ui/react-select';
export * as RadixSwitch from '@radix-ui/react-switch';
export * as RadixTabs from '@radix-ui/react-tabs';
export * as RadixToast from '@radix-ui/react-toast';
export * as RadixTooltip from '@radix-ui/react-tooltip';
