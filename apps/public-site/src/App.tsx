import type { RemoteApp } from '@arrendia/remote-contract';
import { NotFound } from '@arrendia/ui';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { AuthDialogsProvider } from './auth/AuthDialogs';
import { LandingPage } from './landing/LandingPage';
import { Container, PublicLayout } from './layout/PublicLayout';

// Pages other than the landing load on demand: the landing, the first page most visitors see,
// then carries no schema or formatting code (zod alone is ~27 KB gzipped).
const CatalogPage = lazy(() => import('./catalog/CatalogPage').then((m) => ({ default: m.CatalogPage })));
const PropertyPage = lazy(() => import('./property/PropertyPage').then((m) => ({ default: m.PropertyPage })));
const RentalTypesPage = lazy(() => import('./marketing/RentalTypesPage').then((m) => ({ default: m.RentalTypesPage })));
const RoomsManagementPage = lazy(() => import('./marketing/RoomsManagementPage').then((m) => ({ default: m.RoomsManagementPage })));
const PropertiesManagementPage = lazy(() => import('./marketing/PropertiesManagementPage').then((m) => ({ default: m.PropertiesManagementPage })));
const InvitationPage = lazy(() => import('./invitation/InvitationPage').then((m) => ({ default: m.InvitationPage })));
const OwnerInvitationPage = lazy(() => import('./invitation/OwnerInvitationPage').then((m) => ({ default: m.OwnerInvitationPage })));
const PasswordResetPage = lazy(() => import('./passwordReset/PasswordResetPage').then((m) => ({ default: m.PasswordResetPage })));
const EmailVerificationPage = lazy(() => import('./emailVerification/EmailVerificationPage').then((m) => ({ default: m.EmailVerificationPage })));
const ApartmentsManagementPage = lazy(() => import('./marketing/ApartmentsManagementPage').then((m) => ({ default: m.ApartmentsManagementPage })));
const PrivacyPage = lazy(() => import('./privacy/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));

/**
 * The public site: the pages a signed-out visitor may open (spec §2), under the shell's router. A
 * signed-in user reaches it only on the open routes (an invitation), and gets its own header.
 */
const App: RemoteApp = ({ user }) => (
  <div data-remote="public-site" data-build={__ARRENDIA_BUILD_ID__}>
    <AuthDialogsProvider>
      <PublicLayout user={user}>
        <Suspense fallback={null}>
          <Routes>
            <Route index element={<LandingPage />} />
            <Route path="alquiler" element={<CatalogPage />} />
            <Route path="property/:id" element={<PropertyPage />} />
            <Route path="rental-types" element={<RentalTypesPage />} />
            <Route path="rooms-management" element={<RoomsManagementPage />} />
            <Route path="properties-management" element={<PropertiesManagementPage />} />
            <Route path="apartments-management" element={<ApartmentsManagementPage />} />
            <Route path="invitacion/:token" element={<InvitationPage user={user} />} />
            <Route path="invitacion-propietario/:token" element={<OwnerInvitationPage user={user} />} />
            <Route path="restablecer/:token" element={<PasswordResetPage />} />
            <Route path="verificar-correo/:token" element={<EmailVerificationPage user={user} />} />
            <Route path="privacidad" element={<PrivacyPage />} />
            <Route
              path="*"
              element={
                <Container>
                  <NotFound action={<Link to="/">Volver al inicio</Link>} />
                </Container>
              }
            />
          </Routes>
        </Suspense>
      </PublicLayout>
    </AuthDialogsProvider>
  </div>
);

export default App;
