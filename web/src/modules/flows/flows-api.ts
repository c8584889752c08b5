import type { FlowActionDto, FlowDto, FlowSummaryDto, FlowType } from '@zapdesk/core';
import { apiFetch, apiJson } from '../../lib/api';
import { readJson } from '../../lib/errors';
import type { Page } from '../../ui/use-paged-list';

/** `GET /flows/` (searchParam, pageNumber, type) → `{ flows, count, hasMore }`. */
export async function fetchFlowsPage(
  searchParam: string,
  pageNumber: number,
  type?: FlowType,
): Promise<Page<FlowSummaryDto>> {
  const q = new URLSearchParams({ searchParam, pageNumber: String(pageNumber) });
  if (type) q.set('type', type);
  const res = await apiJson<{ flows: FlowSummaryDto[]; hasMore: boolean }>('GET', `/flows/?${q.toString()}`);
  return { items: res.flows, hasMore: res.hasMore };
}

export const fetchFlow = (id: number) => apiJson<FlowDto>('GET', `/flows/${id}`);

/** What the editor saves: the actions in their order; a new file rides beside its action as a `mediaFile` part. */
export type FlowSave = {
  name: string;
  type: FlowType | '';
  actions: (Omit<FlowActionDto, 'order'> & { file?: File | null })[];
};

function flowForm(f: FlowSave): FormData {
  const form = new FormData();
  form.append('name', f.name);
  form.append('type', f.type);
  const actions = f.actions.map(({ file, ...a }) =>
    a.actionType === 'SendMedia'
      ? {
          actionType: a.actionType,
          body: a.body,
          media: file ? null : a.media,
          mediaFileName: file?.name ?? a.mediaFileName,
        }
      : a.actionType === 'SendText'
        ? { actionType: a.actionType, body: a.body }
        : { actionType: a.actionType, param: a.param },
  );
  form.append('flowActions', JSON.stringify(actions));
  for (const a of f.actions) if (a.file) form.append('mediaFile', a.file, a.file.name);
  return form;
}

/** `POST /flows` or `PUT /flows/{id}`, multipart (spec 2 §7). */
export async function saveFlow(id: number | null, f: FlowSave): Promise<FlowDto> {
  return readJson<FlowDto>(
    await apiFetch(id ? `/flows/${id}` : '/flows', { method: id ? 'PUT' : 'POST', body: flowForm(f) }),
  );
}

export async function deleteFlow(id: number): Promise<void> {
  await apiJson('DELETE', `/flows/${id}`);
}

/** `POST /flows/{id}/run` { ticketId }: the chat input's ';'. */
export function runFlow(flowId: number, ticketId: number): Promise<{ runId: number }> {
  return apiJson('POST', `/flows/${flowId}/run`, { ticketId });
}
