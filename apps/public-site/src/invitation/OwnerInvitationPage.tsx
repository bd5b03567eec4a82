import type { CurrentUser, OwnerInvitationPreview } from '@arrendia/api-contract';
import { formatDate } from '@arrendia/locale-es';
import { InvitationView, type InvitationTexts } from './InvitationView';

const OWNER_TEXTS: InvitationTexts<OwnerInvitationPreview> = {
  title: (p) => (p ? `Invitación de ${p.agencyName}` : 'Invitación de Arrendia'),
  description: 'Una agencia te invita a llevar tus propiedades en Arrendia.',
  newAccount: (p) =>
    `Te invitan a gestionar tus propiedades con ${p.agencyName}. Crea tu cuenta de propietario para aceptar. Entrarás con ${p.email}; el enlace caduca el ${formatDate(p.expiresAt)}.`,
  existingAccount: (p) =>
    `Te invitan a gestionar tus propiedades con ${p.agencyName}. Ya tienes una cuenta con ${p.email}: inicia sesión con ese correo y vuelve a abrir este enlace para aceptar la invitación.`,
  signedIn: (p, user) => `Te invitan a gestionar tus propiedades con ${p.agencyName}. Has iniciado sesión como ${user.email}: acepta la invitación para que la agencia gestione tus propiedades.`,
  acceptLabel: 'Aceptar invitación',
  acceptingLabel: 'Aceptando...',
  submitLabel: 'Crear cuenta y aceptar',
  names: (p) => ({ firstName: p.firstName, lastName: p.lastName }),
};

/**
 * /invitacion-propietario/:token: an agency invites a new owner to its portfolio (issue 32). The
 * invitee sees the agency, creates its owner account (name and surname as the agency gave them,
 * and a password) and lands in its panel, a client of the agency; signed in as the invited email,
 * one button accepts. A used or expired link says so in the server's words.
 */
export function OwnerInvitationPage({ user = null }: { user?: CurrentUser | null }) {
  return <InvitationView apiPath="/api/owner-invitations" texts={OWNER_TEXTS} user={user} />;
}
