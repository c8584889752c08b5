import type { BillingType } from '@zapdesk/core';

/**
 * The payment gateway port (issue 21): payment links and receipts for invoices. Shapes follow Asaas's payment object
 * (billingType BOLETO / CREDIT_CARD / PIX, invoiceUrl → paymentLink, transactionReceiptUrl, status), which matches
 * the spec's invoice fields. Adapters: `asaas` (a thin HTTP client, PAYMENT_GATEWAY_URL) and `fake` (embedded in the
 * API: a local pay page that confirms the payment and sends the webhook).
 */
export type GatewayName = 'asaas' | 'fake';

export type GatewayCustomerInput = {
  companyId: number;
  name: string;
  email: string | null;
  /** CPF or CNPJ (digits), when the company has one */
  documentNumber: string | null;
};

export type CreatePaymentInput = {
  customerId: string;
  billingType: BillingType;
  /** cents */
  valueCents: number;
  /** YYYY-MM-DD */
  dueDate: string;
  description: string;
  /** our reference: `invoice-{id}` */
  externalReference: string;
};

export type GatewayPayment = {
  id: string;
  customerId: string;
  /** the gateway's status: PENDING, RECEIVED, CONFIRMED, OVERDUE, REFUNDED, RECEIVED_IN_CASH… */
  status: string;
  billingType: string;
  valueCents: number;
  dueDate: string;
  /** the page where the customer pays (Asaas invoiceUrl) */
  paymentLink: string | null;
  transactionReceiptUrl: string | null;
  /** YYYY-MM-DD the payment was made (Asaas paymentDate / clientPaymentDate) */
  paymentDate: string | null;
  externalReference: string | null;
};

/** A webhook the gateway sent, parsed: its event id (idempotency key), its event name and the payment it carries. */
export type GatewayWebhookEvent = {
  eventId: string;
  event: string;
  payment: GatewayPayment | null;
};

export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** the gateway's customer for a company (created on the first payment; the caller keeps its id) */
  createCustomer(c: GatewayCustomerInput): Promise<string>;
  createPayment(p: CreatePaymentInput): Promise<GatewayPayment>;
  /** null when the gateway does not know the id */
  getPayment(id: string): Promise<GatewayPayment | null>;
  /**
   * Cancels an unpaid payment: its link stops taking payments. Resolves when it is cancelled or the gateway no longer
   * knows it (already gone); a PaymentGatewayError otherwise (a paid payment, a refusal, unreachable, timeout).
   */
  cancelPayment(id: string): Promise<void>;
  /** whether the request carries the gateway's webhook token (constant-time comparison) */
  verifyWebhook(headers: Headers): boolean;
  /** the event in a webhook body, or null when it is not one */
  parseWebhook(body: unknown): GatewayWebhookEvent | null;
}
