import { DomainError, normalizeNumber } from '@zapdesk/core';
import { sessionCall } from '../../platform/channels/relay';
import { log } from '../../platform/log';
import { getDefaultWhatsapp } from '../whatsapp/whatsapp.service';

/**
 * Does this number have WhatsApp? Asked through the session of the company's default connection.
 * - no default connection → ERR_NO_DEF_WAPP_FOUND
 * - default connection not connected (not CONNECTED, or no live process runs its session), or the check failed →
 *   ERR_WAPP_CHECK_CONTACT
 * - the number has no WhatsApp → ERR_WAPP_INVALID_CONTACT
 * Answers the number as WhatsApp knows it, normalised (so the legacy Brazilian spelling becomes the canonical one).
 */
export async function checkContactNumber(companyId: number, number: string): Promise<string> {
  return (await contactNumberChecker(companyId))(number);
}

/**
 * checkContactNumber for many numbers (the spreadsheet import): the default connection is read once, each number is
 * then one call to its session. Same errors, the connection's ones thrown here.
 */
export async function contactNumberChecker(companyId: number): Promise<(number: string) => Promise<string>> {
  const conn = await getDefaultWhatsapp(companyId);
  if (conn.status !== 'CONNECTED') throw new DomainError('ERR_WAPP_CHECK_CONTACT');
  return async (number) => {
    let found: string | null;
    try {
      // on the process running the session (this one or another: platform/channels/relay.ts)
      found = await sessionCall(conn.id, 'checkNumber', { number });
    } catch (err) {
      log.warn({ err, companyId, connId: conn.id }, 'whatsapp number check failed');
      throw new DomainError('ERR_WAPP_CHECK_CONTACT');
    }
    if (!found) throw new DomainError('ERR_WAPP_INVALID_CONTACT');
    return normalizeNumber(found) || number;
  };
}
