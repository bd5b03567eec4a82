import { mountStandalone } from '@arrendia/portal-runtime';
import App from './App';

// Stand-alone page for working on this remote alone (served under /remotes/tenant-portal/).
mountStandalone('tenant-portal', App);
