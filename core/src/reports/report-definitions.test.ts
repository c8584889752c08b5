import { describe, expect, test } from 'bun:test';
import { instantsOfTimeline, type TimelineStep } from '../tickets/ticket-instants';
import {
  buildReportData,
  formatDuration,
  REPORT_NO_QUEUE,
  type ReportTicket,
  sumTickets,
  ticketServiceSeconds,
  ticketWaitSeconds,
} from './report-definitions';

const T0 = Date.parse('2026-11-02T12:00:00Z');
const at = (min: number) => new Date(T0 + min * 60_000);
const pending = (queueId: number | null = null) => ({ status: 'pending' as const, userId: null, queueId });
const open = (userId: number, queueId: number | null = 1) => ({ status: 'open' as const, userId, queueId });
const closed = (userId: number | null, queueId: number | null = 1) => ({ status: 'closed' as const, userId, queueId });

function ticket(id: number, steps: TimelineStep[]): ReportTicket {
  const { instants, state } = instantsOfTimeline(steps);
  return { id, ...instants, ...state, createdAt: steps[0].at };
}

describe('TME and TMA of one ticket', () => {
  test('plain: wait to the first acceptance, service from acceptance to resolution', () => {
    const t = ticket(1, [
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(7), kind: 'move', to: open(5), by: 'person' },
      { at: at(30), kind: 'move', to: closed(5), by: 'person' },
    ]);
    expect(ticketWaitSeconds(t)).toBe(7 * 60);
    expect(ticketServiceSeconds(t.status, t)).toBe(23 * 60);
  });

  test('bot hand-over: the bot time is neither wait nor service', () => {
    const t = ticket(1, [
      { at: at(0), kind: 'created', state: pending(null) },
      { at: at(0), kind: 'botTook' },
      { at: at(15), kind: 'move', to: pending(2), by: 'platform' },
      { at: at(18), kind: 'move', to: open(5, 2), by: 'person' },
      { at: at(28), kind: 'move', to: closed(5, 2), by: 'person' },
    ]);
    expect(ticketWaitSeconds(t)).toBe(3 * 60);
    expect(ticketServiceSeconds(t.status, t)).toBe(10 * 60);
  });

  test('transfer: the service runs from the first acceptance through the transfer to the resolution', () => {
    const t = ticket(1, [
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(2), kind: 'move', to: open(5, 1), by: 'person' },
      { at: at(10), kind: 'move', to: pending(2), by: 'person' },
      { at: at(25), kind: 'move', to: open(8, 2), by: 'person' },
      { at: at(40), kind: 'move', to: closed(8, 2), by: 'person' },
    ]);
    expect(ticketWaitSeconds(t)).toBe(2 * 60);
    expect(ticketServiceSeconds(t.status, t)).toBe(38 * 60);
    expect(t.userId).toBe(8);
  });

  test('reopen: the closed spell is not service', () => {
    const t = ticket(1, [
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(1), kind: 'move', to: open(5), by: 'person' },
      { at: at(11), kind: 'move', to: closed(5), by: 'person' },
      { at: at(24 * 60), kind: 'move', to: open(5), by: 'person' },
      { at: at(24 * 60 + 5), kind: 'move', to: closed(5), by: 'person' },
    ]);
    expect(ticketServiceSeconds(t.status, t)).toBe(15 * 60);
  });

  test('reopened and still open: no service counted yet', () => {
    const t = ticket(1, [
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(1), kind: 'move', to: open(5), by: 'person' },
      { at: at(11), kind: 'move', to: closed(5), by: 'person' },
      { at: at(50), kind: 'move', to: open(5), by: 'person' },
    ]);
    expect(ticketServiceSeconds(t.status, t)).toBeNull();
    expect(ticketWaitSeconds(t)).toBe(60);
  });

  test('never accepted: no wait and no service counted', () => {
    const t = ticket(1, [{ at: at(0), kind: 'created', state: pending(1) }]);
    expect(ticketWaitSeconds(t)).toBeNull();
    expect(ticketServiceSeconds(t.status, t)).toBeNull();
  });

  test('closed without acceptance: counted closed, no wait, no service', () => {
    const t = ticket(1, [
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(9), kind: 'move', to: closed(3), by: 'person' },
    ]);
    expect(t.status).toBe('closed');
    expect(ticketWaitSeconds(t)).toBeNull();
    expect(ticketServiceSeconds(t.status, t)).toBeNull();
  });
});

describe('report data', () => {
  const tickets: ReportTicket[] = [
    // user 5, queue 1: wait 10 min, service 20 min
    ticket(1, [
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(10), kind: 'move', to: open(5, 1), by: 'person' },
      { at: at(30), kind: 'move', to: closed(5, 1), by: 'person' },
    ]),
    // user 5, queue 1: wait 2 min, still open
    ticket(2, [
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(2), kind: 'move', to: open(5, 1), by: 'person' },
    ]),
    // user 6, queue 2: wait 30 min, service 2 d 1 h
    ticket(3, [
      { at: at(0), kind: 'created', state: pending(2) },
      { at: at(30), kind: 'move', to: open(6, 2), by: 'person' },
      { at: at(30 + 49 * 60), kind: 'move', to: closed(6, 2), by: 'person' },
    ]),
    // nobody, no queue: waiting
    ticket(4, [{ at: at(0), kind: 'created', state: pending(null) }]),
  ];

  test('the shape and values of spec 3 §3', () => {
    const data = buildReportData({
      groups: sumTickets(tickets),
      users: new Map([
        [5, 'Ana'],
        [6, 'Bruno'],
      ]),
      queues: new Map([
        [1, { name: 'Vendas', color: '#ff0000' }],
        [2, { name: 'Suporte', color: '#00ff00' }],
      ]),
      ticketIds: [4, 3, 2, 1],
      range: { from: at(-60), to: at(60 * 60) },
    });
    expect(data).toEqual({
      totalTickets: 4,
      countPending: 1,
      countOpenGeneral: 1,
      countClosed: 2,
      tmaTotalMoment: 20 * 60 + 49 * 3600,
      tmaTotalMedioMoment: Math.round((20 * 60 + 49 * 3600) / 2),
      tmeTotalMoment: 42 * 60,
      tmeTotalMedioMoment: 14 * 60,
      dataUsers: [
        {
          id: 5,
          name: 'Ana',
          qtdAtendimentos: 2,
          porcentagemAtendimentos: 50,
          tmaTotalUser: 1200,
          tma: 1200,
          tmeTotalUser: 720,
          tme: 360,
          countOpen: 1,
          countClosed: 1,
        },
        {
          id: 6,
          name: 'Bruno',
          qtdAtendimentos: 1,
          porcentagemAtendimentos: 25,
          tmaTotalUser: 49 * 3600,
          tma: 49 * 3600,
          tmeTotalUser: 1800,
          tme: 1800,
          countOpen: 0,
          countClosed: 1,
        },
      ],
      dataQueuesWitchPercent: [
        { id: 1, queue: 'Vendas', color: '#ff0000', qtdAtendimentos: 2, percent: 50 },
        { id: null, queue: REPORT_NO_QUEUE, color: null, qtdAtendimentos: 1, percent: 25 },
        { id: 2, queue: 'Suporte', color: '#00ff00', qtdAtendimentos: 1, percent: 25 },
      ],
      tickets: [4, 3, 2, 1],
      countTma: 2,
      countTme: 3,
      countEstimated: 0,
      ticketsTruncated: false,
      daily: [
        { day: '2026-11-02', tickets: 4, closed: 2 },
        { day: '2026-11-03', tickets: 0, closed: 0 },
        { day: '2026-11-04', tickets: 0, closed: 0 },
      ],
      initialDate: at(-60).toISOString(),
      finalDate: at(3600).toISOString(),
    });
  });

  test('no tickets: zeros, empty lists', () => {
    const data = buildReportData({
      groups: sumTickets([]),
      users: new Map(),
      queues: new Map(),
      ticketIds: [],
      range: { from: at(0), to: at(1) },
    });
    expect(data).toMatchObject({ totalTickets: 0, tmaTotalMedioMoment: 0, tmeTotalMedioMoment: 0, dataUsers: [] });
    expect(data.daily).toEqual([{ day: '2026-11-02', tickets: 0, closed: 0 }]);
  });

  test('daily: per company-local day of creation (-03:00), every day of the range, zeros included', () => {
    const created = (id: number, iso: string, close: boolean): ReportTicket =>
      ticket(id, [
        { at: new Date(iso), kind: 'created', state: pending(1) },
        ...(close
          ? [
              { at: new Date(Date.parse(iso) + 60_000), kind: 'move' as const, to: open(5, 1), by: 'person' as const },
              {
                at: new Date(Date.parse(iso) + 120_000),
                kind: 'move' as const,
                to: closed(5, 1),
                by: 'person' as const,
              },
            ]
          : []),
      ]);
    const ts = [
      created(1, '2026-11-03T02:59:00Z', true), // 23:59 of the 2nd in Brazil
      created(2, '2026-11-03T03:00:00Z', false), // 00:00 of the 3rd
      created(3, '2026-11-05T20:00:00Z', true),
      created(4, '2026-11-05T21:00:00Z', true),
    ];
    const data = buildReportData({
      groups: sumTickets(ts),
      users: new Map([[5, 'Ana']]),
      queues: new Map([[1, { name: 'Vendas', color: null }]]),
      ticketIds: [4, 3, 2, 1],
      range: { from: new Date('2026-11-02T03:00:00Z'), to: new Date('2026-11-06T02:59:59.999Z') },
    });
    expect(data.daily).toEqual([
      { day: '2026-11-02', tickets: 1, closed: 1 },
      { day: '2026-11-03', tickets: 1, closed: 0 },
      { day: '2026-11-04', tickets: 0, closed: 0 },
      { day: '2026-11-05', tickets: 2, closed: 2 },
    ]);
    expect(data.daily.reduce((n, d) => n + d.tickets, 0)).toBe(data.totalTickets);
    // a year's range: 366 days at most, oldest first
    const year = buildReportData({
      groups: sumTickets([]),
      users: new Map(),
      queues: new Map(),
      ticketIds: [],
      range: { from: new Date('2026-01-01T03:00:00Z'), to: new Date('2027-01-01T02:59:59.999Z') },
    });
    expect(year.daily).toHaveLength(365);
    expect(year.daily[0]?.day).toBe('2026-01-01');
    expect(year.daily.at(-1)?.day).toBe('2026-12-31');
  });
});

describe('formatDuration', () => {
  test.each([
    [0, '0 s'],
    [59, '59 s'],
    [60, '1 min'],
    [3661, '1 h 1 min 1 s'],
    [86_399, '23 h 59 min 59 s'],
    [86_400, '1 d'],
    [26 * 3600, '1 d 2 h'],
    [49 * 3600 + 5, '2 d 1 h 5 s'],
    [400 * 86_400 + 30, '400 d 30 s'],
  ])('%d s → %s (never wraps at 24 h)', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
  test('no value', () => {
    expect(formatDuration(null)).toBe('—');
  });
  test('largest units only', () => {
    expect(formatDuration(26 * 3600 + 61, 2)).toBe('1 d 2 h');
  });
});
