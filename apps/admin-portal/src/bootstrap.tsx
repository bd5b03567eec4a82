import { mountStandalone } from '@arrendia/portal-runtime';
import App from './App';

// Stand-alone page for working on this remote alone (served under /remotes/admin-portal/).
mountStandalone('admin-portal', App);
