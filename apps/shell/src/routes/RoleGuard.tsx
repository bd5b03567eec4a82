import { canAccessRoute } from '@arrendia/permissions';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/**
 * Renders its children only when the role may open the current path; otherwise nothing, and a
 * redirect to /dashboard (spec §6). A convenience: the API enforces every permission itself.
 */
export function RoleGuard({ roleName, children }: { roleName: string | null; children: ReactNode }) {
  const { pathname } = useLocation();
  if (!canAccessRoute(roleName, pathname)) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
