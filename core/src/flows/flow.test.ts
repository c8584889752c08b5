import { describe, expect, test } from 'bun:test';
import { FLOW_TEXTS, FlowInput, flowMediaAllowed, ListFlowsQuery, toFlowActions } from './flow.schemas';
import { FLOW_GAP_MS, flowStateAt, flowSteps, flowTimeline } from './flow-timeline';

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('flow form (spec 2 §5)', () => {
  const ok = { name: 'Boas-vindas', type: 'Chat', flowActions: [{ actionType: 'SendText', body: 'Olá!' }] };

  test('a valid flow parses; names and seconds are trimmed / coerced', () => {
    const r = FlowInput.parse({
      ...ok,
      name: '  Boas-vindas  ',
      flowActions: [
        { actionType: 'Composing', param: '3' },
        { actionType: 'SendText', body: ' Olá ' },
        { actionType: 'SendMedia', mediaFileName: 'a.png' },
      ],
    });
    expect(r.name).toBe('Boas-vindas');
    expect(r.flowActions[0]).toEqual({ actionType: 'Composing', param: 3 });
    expect(toFlowActions(r.flowActions, () => '/media/x')).toEqual([
      { actionType: 'Composing', body: '', param: 3, media: null, mediaFileName: null, order: 1 },
      { actionType: 'SendText', body: 'Olá', param: null, media: null, mediaFileName: null, order: 2 },
      { actionType: 'SendMedia', body: '', param: null, media: '/media/x', mediaFileName: 'a.png', order: 3 },
    ]);
  });

  test("the spec's texts: name required and longer than 5, type required", () => {
    expect(issues(FlowInput.safeParse({ ...ok, name: '' }))).toEqual([FLOW_TEXTS.nameRequired]);
    expect(issues(FlowInput.safeParse({ ...ok, name: undefined }))).toEqual([FLOW_TEXTS.nameRequired]);
    expect(issues(FlowInput.safeParse({ ...ok, name: 'Fluxo' }))).toEqual([FLOW_TEXTS.nameTooShort]);
    expect(FlowInput.safeParse({ ...ok, name: 'Fluxo1' }).success).toBe(true);
    expect(issues(FlowInput.safeParse({ ...ok, type: '' }))).toEqual([FLOW_TEXTS.typeRequired]);
    expect(issues(FlowInput.safeParse({ ...ok, type: 'Outro' }))).toEqual([FLOW_TEXTS.typeRequired]);
    expect(FLOW_TEXTS.nameRequired).toBe('O nome é obrigatório');
    expect(FLOW_TEXTS.nameTooShort).toBe('O nome deve conter no mínimo 5 caracteres');
    expect(FLOW_TEXTS.typeRequired).toBe('Selecione um tipo de fluxo');
  });

  test('action rules: text ≥ 2, seconds 1–240, known types, at least one action', () => {
    const one = (a: unknown) => issues(FlowInput.safeParse({ ...ok, flowActions: [a] }));
    expect(one({ actionType: 'SendText', body: 'a' })).toEqual([FLOW_TEXTS.textTooShort]);
    expect(one({ actionType: 'SendText', body: ' a ' })).toEqual([FLOW_TEXTS.textTooShort]);
    expect(one({ actionType: 'Delay', param: 0 })).toEqual([FLOW_TEXTS.secondsMin]);
    expect(one({ actionType: 'Composing', param: 241 })).toEqual([FLOW_TEXTS.secondsMax]);
    expect(one({ actionType: 'Recording', param: 1.5 })).toEqual([FLOW_TEXTS.secondsInvalid]);
    expect(one({ actionType: 'Recording' })).toEqual([FLOW_TEXTS.secondsInvalid]);
    expect(one({ actionType: 'Delay', param: 240 })).toEqual([]);
    expect(one({ actionType: 'Jump' })).toEqual([FLOW_TEXTS.actionTypeInvalid]);
    expect(issues(FlowInput.safeParse({ ...ok, flowActions: [] }))).toEqual([FLOW_TEXTS.actionsRequired]);
  });

  test('media file names: png, jpg, jpeg, pdf, mp4, mp3, ogg, docx', () => {
    for (const f of ['a.png', 'b.JPG', 'c.jpeg', 'd.pdf', 'e.mp4', 'f.mp3', 'g.ogg', 'h.docx']) {
      expect(flowMediaAllowed(f)).toBe(true);
    }
    for (const f of ['a.gif', 'b.exe', 'c', 'd.doc']) expect(flowMediaAllowed(f)).toBe(false);
  });

  test('list query: type filter optional', () => {
    expect(ListFlowsQuery.parse({ type: 'Chat' })).toMatchObject({ type: 'Chat', pageNumber: 1, searchParam: '' });
    expect(ListFlowsQuery.parse({ type: '' }).type).toBeUndefined();
    expect(ListFlowsQuery.safeParse({ type: 'x' }).success).toBe(false);
  });
});

describe('flow timeline (spec 2 §4: seconds − 1, plus 1 s between actions)', () => {
  const flow = [
    { actionType: 'Composing', param: 3 },
    { actionType: 'SendText' },
    { actionType: 'Delay', param: 2 },
    { actionType: 'Recording', param: 1 },
    { actionType: 'SendMedia' },
  ] as const;

  test('each action starts after the previous one held (seconds − 1) s and the 1 s gap', () => {
    const tl = flowTimeline(flow);
    expect(tl.entries.map((e) => [e.startMs, e.holdMs, e.status])).toEqual([
      [0, 2000, 'typing'],
      [3000, 0, 'online'],
      [4000, 1000, 'online'],
      [6000, 0, 'recording'],
      [7000, 0, 'online'],
    ]);
    expect(tl.totalMs).toBe(8000);
    // every start is the sum of the previous holds and gaps
    for (let i = 1; i < tl.entries.length; i++) {
      const p = tl.entries[i - 1];
      expect(tl.entries[i].startMs).toBe(p.startMs + p.holdMs + FLOW_GAP_MS);
    }
  });

  test("what the simulator shows at each instant: the running action's status, its messages once started", () => {
    const tl = flowTimeline(flow);
    expect(flowStateAt(tl, 0)).toEqual({ status: 'typing', started: 1, done: false });
    expect(flowStateAt(tl, 2999)).toEqual({ status: 'typing', started: 1, done: false });
    expect(flowStateAt(tl, 3000)).toEqual({ status: 'online', started: 2, done: false });
    expect(flowStateAt(tl, 6500)).toEqual({ status: 'recording', started: 4, done: false });
    expect(flowStateAt(tl, 8000)).toEqual({ status: 'online', started: 5, done: true });
  });

  test("the runtime's steps are the simulator's instants (acceptance 1: the timeline equals the simulator's)", () => {
    const tl = flowTimeline(flow);
    const steps = flowSteps(flow);
    // one step per action, at the instant the simulator starts it, doing what the simulator shows
    expect(steps.map((s) => s.atMs)).toEqual(tl.entries.map((e) => e.startMs));
    expect(steps.map((s) => s.effect)).toEqual([
      { kind: 'presence', presence: 'composing', index: 0 },
      { kind: 'text', index: 1 },
      { kind: 'presence', presence: 'paused', index: 2 },
      { kind: 'presence', presence: 'recording', index: 3 },
      { kind: 'media', index: 4 },
    ]);
    for (const s of steps) {
      const shown = flowStateAt(tl, s.atMs);
      const e = s.effect;
      if (e.kind === 'presence' && e.index !== null) {
        expect(shown.status).toBe(
          e.presence === 'composing' ? 'typing' : e.presence === 'recording' ? 'recording' : 'online',
        );
      }
      if (e.kind !== 'presence') expect(shown.started).toBe(e.index + 1);
    }
  });

  test('a flow ending on typing gets a last paused at its end', () => {
    const steps = flowSteps([{ actionType: 'SendText' }, { actionType: 'Composing', param: 5 }]);
    expect(steps.map((s) => [s.atMs, s.effect.kind === 'presence' ? s.effect.presence : s.effect.kind])).toEqual([
      [0, 'text'],
      [1000, 'composing'],
      [6000, 'paused'],
    ]);
  });
});
