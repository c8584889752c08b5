import { describe, expect, test } from 'bun:test';
import type { ScheduleDto } from '@zapdesk/core';
import { mediaProblem } from './schedule-media';
import { bySchedule, scheduleMatches } from './schedule-rules';

const schedule = (over: Partial<ScheduleDto>): ScheduleDto => ({
  id: 1,
  body: 'Lembrete da consulta',
  typeMessage: 'Texto',
  typeSchedule: 'Único',
  sendAt: '2026-12-01T12:00:00.000Z',
  sentAt: null,
  repeatCount: null,
  repeatCounter: 0,
  status: 'PENDENTE',
  lastError: null,
  nextSendAt: '2026-12-01T12:00:00.000Z',
  contactId: 7,
  contact: { id: 7, name: 'José Araújo', number: '5511999990000' },
  queueId: null,
  queue: null,
  whatsappId: null,
  whatsapp: null,
  userId: 1,
  user: { id: 1, name: 'Admin' },
  mediaUrl: null,
  mediaName: null,
  companyId: 1,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
  ...over,
});

describe('live schedules join the list they belong to', () => {
  const all = { searchParam: '', status: '' as const, contactId: null };
  test('status, contact and an accent-insensitive search on contact or body', () => {
    const s = schedule({});
    expect(scheduleMatches(s, all)).toBe(true);
    expect(scheduleMatches(s, { ...all, status: 'PENDENTE' })).toBe(true);
    expect(scheduleMatches(s, { ...all, status: 'ENVIADA' })).toBe(false);
    expect(scheduleMatches(s, { ...all, contactId: 8 })).toBe(false);
    expect(scheduleMatches(s, { ...all, searchParam: 'araujo' })).toBe(true);
    expect(scheduleMatches(s, { ...all, searchParam: 'consulta' })).toBe(true);
    expect(scheduleMatches(s, { ...all, searchParam: '99999' })).toBe(true);
    expect(scheduleMatches(s, { ...all, searchParam: 'boleto' })).toBe(false);
  });
  test('upcoming first by next send, then finished ones newest first', () => {
    const soon = schedule({ id: 1, nextSendAt: '2026-12-01T10:00:00.000Z' });
    const later = schedule({ id: 2, nextSendAt: '2026-12-02T10:00:00.000Z' });
    const doneOld = schedule({ id: 3, nextSendAt: null, status: 'ENVIADA', sentAt: '2026-10-01T10:00:00.000Z' });
    const doneNew = schedule({ id: 4, nextSendAt: null, status: 'ENVIADA', sentAt: '2026-11-01T10:00:00.000Z' });
    expect([doneOld, later, doneNew, soon].sort(bySchedule).map((s) => s.id)).toEqual([1, 2, 4, 3]);
  });
});

describe('media chosen for a schedule', () => {
  const MB = 1024 * 1024;
  test('the spec types pass; others, empty and oversized files are refused before the upload', () => {
    expect(mediaProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(mediaProblem({ name: 'a.ogg', type: 'audio/ogg', size: 10 })).toBeNull();
    expect(mediaProblem({ name: 'a.docx', type: 'application/msword', size: 10 })).toEqual({ kind: 'type' });
    expect(mediaProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toEqual({ kind: 'empty' });
    expect(mediaProblem({ name: 'a.jpg', type: 'image/jpeg', size: 17 * MB })).toEqual({ kind: 'size', maxMb: 16 });
    expect(mediaProblem({ name: 'a.mp4', type: 'video/mp4', size: 17 * MB })).toBeNull();
  });
});
