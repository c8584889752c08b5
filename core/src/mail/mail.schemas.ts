/** One e-mail of the embedded outbox (GET /mailOutbox, master): what the platform would have sent. */
export type MailOutboxDto = {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};
