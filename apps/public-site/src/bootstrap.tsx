import { mountStandalone } from '@arrendia/portal-runtime';
import App from './App';

// Stand-alone page for working on this remote alone (served under /remotes/public-site/).
mountStandalone('public-site', App, { requireUser: false });
