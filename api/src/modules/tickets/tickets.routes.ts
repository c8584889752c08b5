import {
  CheckContactOpenBody,
  CreateTicketBody,
  IdParam,
  ListTicketsQuery,
  TicketsClosedBody,
  TicketsExportBody,
  TicketsQueryParams,
  TicketUuidParam,
  UpdateTicketBody,
} from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import { exportTickets, readTicketsExport } from './tickets.export';
import {
  checkContactOpen,
  closeTicketsInBulk,
  createTicket,
  deleteTicket,
  listTickets,
  queryTicketIds,
  showTicket,
  showTicketByUuid,
  updateTicket,
} from './tickets.service';

export const ticketsRoutes = new Hono<AppEnv>()
  .get('/tickets', requireAuth, validate('query', ListTicketsQuery), async (c) =>
    c.json(await listTickets(c.get('ctx'), c.req.valid('query')), 200),
  )
  .post('/tickets/checkcontactopen', requireAuth, validate('json', CheckContactOpenBody), async (c) =>
    c.json({ ticket: await checkContactOpen(c.get('ctx'), c.req.valid('json')) }, 200),
  )
  .post('/tickets', requireAuth, validate('json', CreateTicketBody), async (c) =>
    c.json(await createTicket(c.get('ctx'), c.req.valid('json')), 200),
  )
  .get('/tickets/u/:uuid', requireAuth, validate('param', TicketUuidParam), async (c) =>
    c.json(await showTicketByUuid(c.get('ctx'), c.req.valid('param').uuid), 200),
  )
  .get('/tickets/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showTicket(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .put('/tickets/:id', requireAuth, validate('param', IdParam), validate('json', UpdateTicketBody), async (c) =>
    c.json(await updateTicket(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/tickets/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteTicket(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Ticket deleted' }, 200);
  })
  .post('/ticketsclosed', requireAuth, validate('json', TicketsClosedBody), async (c) =>
    c.json(await closeTicketsInBulk(c.get('ctx'), c.req.valid('json').Tickets), 200),
  )
  .get('/ticketsquery', requireAuth, validate('query', TicketsQueryParams), async (c) =>
    c.json(await queryTicketIds(c.get('ctx'), c.req.valid('query')), 200),
  )
  .post('/ticketsExport', requireAuth, validate('json', TicketsExportBody), async (c) =>
    c.json(await exportTickets(c.get('ctx'), c.req.valid('json')), 200),
  )
  .get('/ticketsExport/:file', requireAuth, async (c) => readTicketsExport(c.get('ctx'), c.req.param('file')));
