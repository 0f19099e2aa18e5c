// The invitation mail's texts (docs/contract.md#invitations), in each language; merged into MAIL_TEXTS (./mail.ts).
import type { LabelTable } from './types';

const L = (en: string, es: string, fr: string) => ({ 'en-US': en, 'es-ES': es, 'fr-FR': fr });

export const INVITATION_MAIL_TEXTS: LabelTable = {
  invite_subject: L('{org}: you are invited to join as {role}', '{org}: te invitan a unirte como {role}', '{org}\u00a0: vous êtes invité à rejoindre le site en tant que {role}'),
  invite_body: L(
    '{inviter} invites you to join {org} as {role}.',
    '{inviter} te invita a unirte a {org} como {role}.',
    '{inviter} vous invite à rejoindre {org} en tant que {role}.',
  ),
  invite_expiry: L(
    'Follow the link to accept. It works once and expires in 7 days.',
    'Sigue el enlace para aceptar. Funciona una sola vez y caduca en 7 días.',
    'Suivez le lien pour accepter. Il ne fonctionne qu’une fois et expire dans 7\u00a0jours.',
  ),
  invite_action: L('Accept the invitation', 'Aceptar la invitación', 'Accepter l’invitation'),
  invite_role_admin: L('an admin', 'administrador', 'administrateur'),
  invite_role_marketer: L('a marketer', 'responsable de marketing', 'responsable marketing'),
  invite_role_agent: L('a travel agent', 'agente de viajes', 'agent de voyages'),
  invite_role_user: L('a member', 'miembro', 'membre'),
};
