import { INVITATION_DAYS, PASSWORD_RESET_HOURS } from '@arrendia/api-contract';
import type { MailMessage } from './outbox';
import { renderMail } from './templates';

/** Where the links of a message point: the product's public address (PUBLIC_URL). */
export interface MailLinks {
  publicUrl: string;
}

export interface Recipient {
  id: number;
  email: string;
  firstName: string | null;
}

/** The self-service reset link ('¿Olvidaste tu contraseña?'): security mail, sent whatever the settings say. */
export function passwordResetMail(user: Recipient, link: string, { publicUrl }: MailLinks): MailMessage {
  return {
    kind: 'password_reset',
    userId: user.id,
    to: { address: user.email, name: user.firstName },
    ...renderMail(
      {
        subject: 'Restablece tu contraseña de Arrendia',
        greetingName: user.firstName,
        paragraphs: [
          'Alguien (seguramente tú) ha pedido restablecer la contraseña de tu cuenta de Arrendia.',
          `El enlace sirve una sola vez y caduca en ${PASSWORD_RESET_HOURS} horas. Al usarlo se cerrarán todas las sesiones abiertas de tu cuenta.`,
          'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
        ],
        action: { label: 'Elegir una contraseña nueva', href: link },
        reason: 'Recibes este correo porque se ha pedido restablecer la contraseña de tu cuenta.',
      },
      { publicUrl },
    ),
  };
}

/** 'Invitar Inquilino' and 'Reenviar': the one-time link to join a contract, from the person who invited. */
export function tenantInvitationMail(
  invitation: { email: string; inviterName: string; propertyName: string; unitName: string; contractCode: string },
  link: string,
  { publicUrl }: MailLinks,
): MailMessage {
  return {
    kind: 'tenant_invitation',
    to: { address: invitation.email },
    ...renderMail(
      {
        subject: `${invitation.inviterName} te invita a Arrendia`,
        paragraphs: [
          `${invitation.inviterName} te invita a unirte al contrato ${invitation.contractCode} de ${invitation.propertyName} · ${invitation.unitName} en Arrendia.`,
          'Desde Arrendia verás tu contrato y tus recibos, pagarás el alquiler, reportarás incidencias y hablarás con quien gestiona tu vivienda.',
          `El enlace sirve una sola vez y caduca en ${INVITATION_DAYS} días.`,
        ],
        action: { label: 'Aceptar la invitación', href: link },
        reason: `Recibes este correo porque ${invitation.inviterName} ha indicado esta dirección al invitarte. Si no esperabas la invitación, ignórala.`,
      },
      { publicUrl },
    ),
  };
}
