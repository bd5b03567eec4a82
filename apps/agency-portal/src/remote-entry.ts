import type { RemoteModule } from '@arrendia/remote-contract';
import App from './App';

/** What the shell loads: `agency_portal/App`, default export per the remote contract. */
export default App satisfies RemoteModule['default'];
