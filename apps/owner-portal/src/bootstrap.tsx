import { mountStandalone } from '@arrendia/portal-runtime';
import App from './App';

// Stand-alone page for working on this remote alone (served under /remotes/owner-portal/).
mountStandalone('owner-portal', App);
