import { mountStandalone } from '@arrendia/portal-runtime';
import App from './App';

// Stand-alone page for working on this remote alone (served under /remotes/agency-portal/).
mountStandalone('agency-portal', App);
