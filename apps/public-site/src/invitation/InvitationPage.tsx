import type { CurrentUser, TenantInvitationPreview } from '@arrendia/api-contract';
import { formatDate } from '@arrendia/locale-es';
import { InvitationView, type InvitationTexts } from './InvitationView';

const TENANT_TEXTS: InvitationTexts<TenantInvitationPreview> = {
  title: () => 'Invitación de Arrendia',
  description: 'Tu casero o tu agencia te invita a seguir tu alquiler en Arrendia.',
  heading: (p) => `${p.propertyName} · ${p.unitName}`,
  newAccount: (p) => `Crea tu cuenta de inquilino para ${p.email}. El enlace caduca el ${formatDate(p.expiresAt)}.`,
  existingAccount: (p) => `Ya tienes una cuenta con ${p.email}: inicia sesión y vuelve a abrir este enlace para vincular el contrato.`,
  signedIn: (_p, user) => `Has iniciado sesión como ${user.email}. Vincula este contrato a tu cuenta para seguirlo desde tu panel.`,
  acceptLabel: 'Vincular contrato',
  acceptingLabel: 'Vinculando...',
  submitLabel: 'Crear cuenta y entrar',
};

/**
 * /invitacion/:token: the invited tenant sees the home and its email, chooses name and password,
 * and lands in the tenant portal with the contract linked (issue 11). A used or expired link says so.
 * Signed in as the invited email, one button links the contract to that account; signed in as
 * someone else, the page says so and offers to sign out.
 */
export function InvitationPage({ user = null }: { user?: CurrentUser | null }) {
  return <InvitationView apiPath="/api/tenant-invitations" texts={TENANT_TEXTS} user={user} />;
}
