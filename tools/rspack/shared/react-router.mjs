/**
 * The one copy of React Router every Arrendia app shares, cut down to what the apps use.
 *
 * A shared module is handed over whole (the federation runtime cannot know which exports another
 * app will ask for), so sharing `react-router-dom` itself ships all of React Router 7 — data
 * routers, server rendering, forms, fetchers — about 60 KB gzipped, on every page. This module is
 * shared in its place under the same key (tools/rspack/federation.cjs): only what it re-exports
 * is bundled. A name imported from 'react-router' or 'react-router-dom' that is missing here makes
 * tools/rspack/federation.test.ts fail with the name to add.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-implementation';
