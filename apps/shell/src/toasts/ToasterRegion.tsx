import { Toaster } from '@arrendia/ui';

/** The Toaster as the default export React.lazy loads (DeferredToaster). */
export default Toaster;
