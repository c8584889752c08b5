/** JSON shapes of the directory answers and `contact-{companyId}` events (contract with the web). */
export type CategoryContactRef = { id: number; name: string; color: string | null };

export type ContactDto = {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string | null;
  lid: string | null;
  isGroup: boolean;
  commandBot: string | null;
  extraInfo: { id: number; name: string; value: string }[];
  categoryContacts: CategoryContactRef[];
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

export type CategoryContactDto = {
  id: number;
  name: string;
  color: string | null;
  userId: number | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

/** SSE `contact-{companyId}` */
export type ContactEvent =
  | { action: 'create' | 'update'; contact: ContactDto }
  | { action: 'delete'; contactId: number }
  /** after a spreadsheet import: too many changes for one event each; lists reload their first page */
  | { action: 'reload' };

/** SSE `categoryContact-{companyId}` */
export type CategoryContactEvent =
  | { action: 'create' | 'update'; categoryContact: CategoryContactDto }
  | { action: 'delete'; categoryContactId: number };

/** One failed row of a spreadsheet import (row is the spreadsheet's 1-based row number). */
export type ImportRowError = { row: number; field?: 'name' | 'number' | 'email'; code: string; reason: string };

/** Answer of `POST /contacts/import`. */
export type ContactImportReport = {
  total: number;
  created: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
};
