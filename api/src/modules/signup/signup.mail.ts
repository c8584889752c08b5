import { formatBrl, MONTHS_OF, periodPrice, type Recurrence } from '@zapdesk/core';
import type { MailMessage } from '../../platform/mail';

/** The platform's e-mails of the sign-up (Portuguese, as the store; plain text with a small HTML twin). */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function html(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${esc(p)}</p>`).join('');
  const button = link
    ? `<p><a href="${esc(link.href)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${esc(link.label)}</a></p><p style="font-size:12px;color:#666">${esc(link.href)}</p>`
    : '';
  return `<div style="font-family:Arial,sans-serif;font-size:14px;color:#222">${body}${button}</div>`;
}

const PERIOD_TEXT: Record<Recurrence, string> = {
  month1: 'mensal',
  months3: 'trimestral',
  months6: 'semestral',
  months12: 'anual',
};

/** "Conclua o seu cadastro": the link to /subscription/{leadId} */
export function leadMail(to: {
  email: string;
  name: string;
  planName: string;
  recurrence: Recurrence;
  prices: Parameters<typeof periodPrice>[0];
  link: string;
  validDays: number;
}): MailMessage {
  const p = periodPrice(to.prices, to.recurrence);
  const price =
    MONTHS_OF[to.recurrence] === 1
      ? `${formatBrl(p.monthly)} por mês`
      : `${formatBrl(p.monthly)} por mês (${formatBrl(p.total)} no período ${PERIOD_TEXT[to.recurrence]})`;
  const lines = [
    `Olá, ${to.name}!`,
    `Recebemos o seu interesse no plano ${to.planName}, ${price}. Você terá 15 dias de teste grátis, sem cartão.`,
    'Para concluir o cadastro da sua empresa, acesse o link abaixo:',
  ];
  const after = [`O link vale por ${to.validDays} dias. Se você não pediu este cadastro, ignore este e-mail.`];
  return {
    to: to.email,
    subject: 'Conclua o seu cadastro',
    text: [...lines, to.link, '', ...after].join('\n'),
    html: html([...lines], { href: to.link, label: 'Concluir cadastro' }) + html(after),
  };
}

/** Someone asked for a sign-up link for an e-mail that already has an account: its owner is told (nothing else). */
export function existingAccountMail(to: { email: string; loginUrl: string }): MailMessage {
  const lines = [
    'Olá!',
    'Recebemos um pedido de cadastro com este e-mail, mas ele já tem uma conta na plataforma.',
    'Para entrar, use o seu e-mail e a sua senha:',
  ];
  const after = ['Se você não fez este pedido, ignore este e-mail: nada foi alterado na sua conta.'];
  return {
    to: to.email,
    subject: 'Você já tem uma conta',
    text: [...lines, to.loginUrl, '', ...after].join('\n'),
    html: html(lines, { href: to.loginUrl, label: 'Entrar' }) + html(after),
  };
}

/** "Seus dados de acesso": the login, the generated password and the trial's end */
export function accessMail(to: {
  email: string;
  name: string;
  companyName: string;
  planName: string;
  password: string;
  loginUrl: string;
  trialEnd: string;
}): MailMessage {
  const lines = [
    `Olá, ${to.name}!`,
    `O cadastro da empresa ${to.companyName} no plano ${to.planName} foi concluído.`,
    `Seu período de teste grátis vai até ${to.trialEnd}.`,
    'Seus dados de acesso:',
    `E-mail: ${to.email}`,
    `Senha: ${to.password}`,
    'Troque a senha no seu perfil depois do primeiro acesso.',
  ];
  return {
    to: to.email,
    subject: 'Seus dados de acesso',
    text: [...lines, '', `Entrar: ${to.loginUrl}`].join('\n'),
    html: html(lines, { href: to.loginUrl, label: 'Entrar' }),
    // the embedded outbox keeps the password only until the first login or change (DECISIONS "Mail outbox secrets")
    secret: to.password,
  };
}
