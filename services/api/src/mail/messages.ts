import { EMAIL_VERIFICATION_HOURS, EXPORT_LINK_HOURS, INVITATION_DAYS, PASSWORD_RESET_HOURS } from '@arrendia/api-contract';
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

/**
 * The link that confirms an account's address (a registration, an account an admin created, and
 * 'Reenviar correo'). Sent whatever the settings say: without it the address stays unconfirmed.
 */
export function emailVerificationMail(user: Recipient, link: string, { publicUrl }: MailLinks): MailMessage {
  return {
    kind: 'email_verification',
    userId: user.id,
    to: { address: user.email, name: user.firstName },
    ...renderMail(
      {
        subject: 'Confirma tu correo electrónico en Arrendia',
        greetingName: user.firstName,
        paragraphs: [
          `Confirma que ${user.email} es tu dirección de correo en Arrendia: es la que usaremos para avisarte y para recuperar tu cuenta.`,
          `El enlace sirve una sola vez y caduca en ${EMAIL_VERIFICATION_HOURS} horas.`,
          'Si no has creado una cuenta en Arrendia, ignora este correo.',
        ],
        action: { label: 'Confirmar mi correo', href: link },
        reason: 'Recibes este correo porque esta dirección se ha indicado para una cuenta de Arrendia.',
      },
      { publicUrl },
    ),
  };
}

/** A new address typed in Ajustes: the link goes to it, and the account's address changes only when it is opened. */
export function emailChangeMail(user: Recipient, newEmail: string, link: string, { publicUrl }: MailLinks): MailMessage {
  return {
    kind: 'email_verification',
    userId: user.id,
    to: { address: newEmail, name: user.firstName },
    ...renderMail(
      {
        subject: 'Confirma tu nuevo correo electrónico en Arrendia',
        greetingName: user.firstName,
        paragraphs: [
          `Has pedido cambiar el correo de tu cuenta de Arrendia a ${newEmail}. El cambio se hará cuando abras este enlace; hasta entonces sigue valiendo tu correo actual.`,
          `El enlace sirve una sola vez y caduca en ${EMAIL_VERIFICATION_HOURS} horas.`,
          'Si no lo has pedido tú, ignora este correo: nada cambia.',
        ],
        action: { label: 'Confirmar el cambio', href: link },
        reason: 'Recibes este correo porque esta dirección se ha indicado como nuevo correo de una cuenta de Arrendia.',
      },
      { publicUrl },
    ),
  };
}

/** To the OLD address once a change is confirmed: security mail, not switchable off. */
export function emailChangedMail(user: Recipient, newEmail: string, { publicUrl }: MailLinks): MailMessage {
  return {
    kind: 'security',
    userId: user.id,
    to: { address: user.email, name: user.firstName },
    ...renderMail(
      {
        subject: 'Tu correo electrónico de Arrendia ha cambiado',
        greetingName: user.firstName,
        paragraphs: [
          `Te avisamos de que tu correo de Arrendia ha cambiado a ${newEmail}. Desde ahora los avisos y los enlaces para recuperar la cuenta irán a esa dirección.`,
          'Si no has sido tú, contacta cuanto antes con el administrador de Arrendia.',
        ],
        reason: 'Recibes este aviso de seguridad porque afecta a tu cuenta de Arrendia; no se puede desactivar.',
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

/**
 * 'Exportar mis datos' (issue 35): the ZIP the user asked for is ready. Sent whatever the
 * notification switches say: the user asked for it, and the link lasts only EXPORT_LINK_HOURS.
 */
export function dataExportReadyMail(user: Recipient, { publicUrl }: MailLinks): MailMessage {
  return {
    kind: 'data_export',
    userId: user.id,
    to: { address: user.email, name: user.firstName },
    ...renderMail(
      {
        subject: 'Tu exportación de datos de Arrendia está lista',
        greetingName: user.firstName,
        paragraphs: [
          'El archivo ZIP con tus datos de Arrendia que pediste ya está preparado: un CSV por cada tipo de registro, tus documentos y un LEEME que explica cada columna.',
          `Descárgalo desde Configuración › Seguridad › Exportar mis datos. El enlace caduca en ${EXPORT_LINK_HOURS} horas; después puedes pedir una exportación nueva.`,
          'Si no la has pedido tú, cambia tu contraseña cuanto antes.',
        ],
        action: { label: 'Descargar mis datos', href: '/settings?tab=seguridad' },
        reason: 'Recibes este correo porque has pedido exportar tus datos de Arrendia.',
      },
      { publicUrl },
    ),
  };
}
