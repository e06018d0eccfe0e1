// The finder's data calls (spec §7) as GraphQL queries over the web's one API client (decision
// 169): sent as GET with the CSRF header, the client's headers (transaction id, device id) and
// read-only/maintenance handling, the answer validated by its shared zod schema. The language
// is the finder's route language, sent first with the other one after it.
import { acceptLanguage } from '@clinicpass/shared/api-client/client';
import { graphqlQuery, type GraphqlQuery } from '@clinicpass/shared/api-client/graphql';
import type { Language } from '@clinicpass/shared/i18n/languages';

import { api } from '../../../lib/api';

/** Preferred languages, best first: the one in use, then the other. */
export function languagesFor(language: Language): string[] {
  return language === 'zh-HK' ? ['zh-HK', 'zh', 'en'] : ['en', 'zh-HK'];
}

export type GraphqlRequest<T> = GraphqlQuery<T> & { language: Language };

/** Runs a query; resolves with its validated field, or throws an `ApiError` with its code. */
export function graphqlRequest<T>({
  language,
  headers,
  ...request
}: GraphqlRequest<T>): Promise<T> {
  return graphqlQuery(api, {
    ...request,
    headers: { 'Accept-Language': acceptLanguage(languagesFor(language)), ...headers },
  });
}
