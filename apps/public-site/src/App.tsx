import type { RemoteApp } from '@arrendia/remote-contract';
import { NotFound } from '@arrendia/ui';
import { Link, Route, Routes } from 'react-router-dom';
import { AuthDialogsProvider } from './auth/AuthDialogs';
import { LandingPage } from './landing/LandingPage';
import { Container, PublicLayout } from './layout/PublicLayout';
import { ApartmentsManagementPage, CatalogPage, PropertyPage, RentalTypesPage, RoomsManagementPage } from './pages/PublicPages';

/** The public site: the pages a signed-out visitor may open (spec §2), under the shell's router. */
const App: RemoteApp = () => (
  <div data-remote="public-site" data-build={__ARRENDIA_BUILD_ID__}>
    <AuthDialogsProvider>
      <PublicLayout>
        <Routes>
          <Route index element={<LandingPage />} />
          <Route path="alquiler" element={<CatalogPage />} />
          <Route path="property/:id" element={<PropertyPage />} />
          <Route path="rental-types" element={<RentalTypesPage />} />
          <Route path="rooms-management" element={<RoomsManagementPage />} />
          <Route path="apartments-management" element={<ApartmentsManagementPage />} />
          <Route
            path="*"
            element={
              <Container>
                <NotFound action={<Link to="/">Volver al inicio</Link>} />
              </Container>
            }
          />
        </Routes>
      </PublicLayout>
    </AuthDialogsProvider>
  </div>
);

export default App;
