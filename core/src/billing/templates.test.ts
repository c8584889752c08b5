import { describe, expect, test } from 'bun:test';
import { NOTICE_KINDS } from './notices';
import {
  builtInTemplate,
  defaultTemplates,
  pickTemplate,
  placeholdersIn,
  renderTemplate,
  sampleValues,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_TEXTS,
  TemplateCreateInput,
  TemplateUpdateInput,
  unknownPlaceholders,
} from './templates';

describe('notification templates', () => {
  test('placeholders: listed, found, unknown ones refused with a Portuguese text', () => {
    expect(placeholdersIn('Olá {{contato}}, {{ valor }} {{contato}}')).toEqual(['contato', 'valor']);
    expect(unknownPlaceholders('{{contato}} {{boleto}} {{}}')).toEqual(['boleto', '']);
    const r = TemplateCreateInput.safeParse({ name: 'X', textWp: 'Olá {{cliente}}' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(TEMPLATE_TEXTS.unknownPlaceholder(['cliente']));
    expect(r.error?.issues[0]?.message).toBe('Variável desconhecida: {{cliente}}. Use apenas as variáveis da lista.');
    expect(TemplateUpdateInput.safeParse({ emailTitle: '{{valor}} {{x}}' }).success).toBe(false);
    // CSS braces are not placeholders
    expect(
      TemplateCreateInput.parse({ name: 'X', emailHtml: '<style>p { color: red }</style>{{link}}' }),
    ).toMatchObject({
      type: 'payments',
      notice: 'all',
    });
    expect(TemplateCreateInput.safeParse({ name: '' }).error?.issues[0]?.message).toBe(TEMPLATE_TEXTS.nameRequired);
  });

  test('rendering: values escaped in HTML, raw in text; BRL value and dd/mm/aaaa', () => {
    const values = { ...sampleValues('dueDay'), empresa: 'A & <B>' };
    const r = renderTemplate(
      {
        thumbnailWpHtml: '<b>{{empresa}}</b>',
        textWp: '{{empresa}} {{valor}} {{vencimento}} {{link}}',
        emailHtml: '<p>{{empresa}}</p><p>{{status}}</p>',
        emailTitle: '{{aviso}}',
      },
      values,
    );
    expect(r.thumbnailWpHtml).toBe('<b>A &amp; &lt;B&gt;</b>');
    expect(r.textWp).toBe('A & <B> R$ 199,90 10/03/2026 https://app.exemplo.com.br/n/email/exemplo');
    expect(r.emailHtml).toBe('<p>A &amp; &lt;B&gt;</p><p>Pendente</p>');
    expect(r.emailText).toBe('A & <B>\nPendente');
    expect(r.emailTitle).toBe('Sua fatura vence hoje');
  });

  test('defaults: one per notice, valid, every one with the link except the confirmation', () => {
    const ds = defaultTemplates();
    expect(ds.map((d) => d.notice)).toEqual([...NOTICE_KINDS]);
    for (const d of ds) {
      expect(TemplateCreateInput.safeParse(d).success).toBe(true);
      const r = renderTemplate(d, sampleValues(d.notice as never));
      expect(r.textWp).not.toContain('{{');
      expect(r.emailHtml).not.toContain('{{');
      if (d.notice !== 'confirmed') expect(r.textWp).toContain('/n/email/exemplo');
    }
    expect(Object.keys(TEMPLATE_PLACEHOLDERS)).toContain('link');
  });

  test('pick: the newest of the notice, else the newest "all", else none (built-in)', () => {
    const ts = [
      { id: 1, notice: 'all' },
      { id: 2, notice: 'dueDay' },
      { id: 5, notice: 'dueDay' },
      { id: 3, notice: 'all' },
    ];
    expect(pickTemplate(ts, 'dueDay')?.id).toBe(5);
    expect(pickTemplate(ts, 'created')?.id).toBe(3);
    expect(pickTemplate([], 'created')).toBeNull();
    expect(builtInTemplate('confirmed').textWp).toContain('Recebemos o pagamento');
  });
});
