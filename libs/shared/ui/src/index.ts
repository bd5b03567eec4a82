// The three modules named one by one below hold state (theme mode, tooltip provider, toast queue)
// and are shared between apps as singletons (tools/rspack/federation.cjs): named re-exports, not
// `export *`, let a bundle see which of them a page needs and leave the others out.
export * from './theme/themes';
export * from './theme/GlobalStyle';
export { initialThemeMode, THEME_STORAGE_KEY, ThemeProvider, type ThemeProviderProps, useThemeMode } from './theme/ThemeProvider';
export * from './components/Button';
export * from './components/Card';
export * from './components/Dialog';
export * from './components/AlertDialog';
export { DialogActions } from './components/overlay';
export { type FieldProps } from './components/Field';
export * from './components/TextField';
export * from './components/TextAreaField';
export * from './components/NumberField';
export * from './components/Select';
export * from './components/SelectField';
export * from './components/DropdownMenu';
export * from './components/Tabs';
export { Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipProvider, type TooltipProps } from './components/Tooltip';
export * from './components/ScrollArea';
export * from './components/Switch';
export * from './components/Skeleton';
export * from './components/SkipLink';
export * from './components/Spinner';
export * from './components/Icon';
export * from './components/Avatar';
export * from './components/Badge';
export * from './components/StatusBadge';
export * from './components/PageHeader';
export * from './components/NotFound';
export * from './components/LoadError';
export { dismissToast, resetToasts, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY, type ToastItem, type ToastOptions, type ToastVariant, useToast } from './toast/toastStore';
export * from './toast/Toaster';
export * from './components/Layout';
export * from './components/MetricCard';
export * from './components/Pager';
export * from './components/FormActions';
export * from './hooks/useDebouncedValue';
