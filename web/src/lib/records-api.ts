import { type ClientResponse, parseResponse } from 'hono/client';
import type { Page } from '../ui/use-paged-list';

type Answer = Promise<ClientResponse<unknown>>;

/**
 * The typed client's routes of a record list (`api.tags`, `api.users`…): the spec's paged `GET` (searchParam,
 * pageNumber), `POST`, `PUT /{id}`, `DELETE /{id}`.
 */
export type RecordsRoute = {
  $get(args: { query: { searchParam: string; pageNumber: string } }): Answer;
  $post(args: { json: never }): Answer;
  ':id': {
    $put(args: { param: { id: string }; json: never }): Answer;
    $delete(args: { param: { id: string } }): Answer;
  };
};

/**
 * The calls of a record screen over one route: a page (`{ [listKey]: Dto[], hasMore }` → `{ items, hasMore }`),
 * create, update, delete. Errors are the typed client's (`parseResponse` throws on a non-2xx answer).
 */
export function recordsApi<Dto, Input>(route: RecordsRoute, listKey: string) {
  return {
    async fetchPage(searchParam: string, pageNumber: number): Promise<Page<Dto>> {
      const res = (await parseResponse(
        route.$get({ query: { searchParam, pageNumber: String(pageNumber) } }),
      )) as unknown as { hasMore: boolean } & Record<string, unknown>;
      return { items: res[listKey] as Dto[], hasMore: res.hasMore };
    },
    async create(input: Input): Promise<Dto> {
      return (await parseResponse(route.$post({ json: input as never }))) as Dto;
    },
    async update(id: number, input: Input): Promise<Dto> {
      return (await parseResponse(route[':id'].$put({ param: { id: String(id) }, json: input as never }))) as Dto;
    },
    async remove(id: number): Promise<void> {
      await parseResponse(route[':id'].$delete({ param: { id: String(id) } }));
    },
  };
}
