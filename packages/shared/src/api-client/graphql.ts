// GraphQL over the API client (decision 169): a query goes as GET, its text and variables in the
// URL, with the CSRF header Yoga asks of every request (decision 135). It takes the client's
// headers, read-only and maintenance handling; a GraphQL error becomes an `ApiError` with the
// first error's `extensions.code` and that code's status (as the REST call would throw it), and
// the answer's field is validated by its zod schema.
import { z } from 'zod';
import { GRAPHQL_CSRF_HEADER } from '../constants';
import { isErrorCode, statusOf } from '../errors/codes';
import { errorMessagesEn } from '../errors/messages-en';
import { ApiError, type ApiClient } from './client';

const GraphqlErrorSchema = z.object({
  message: z.string().optional(),
  extensions: z.object({ code: z.unknown() }).partial().optional(),
});
type GraphqlError = z.infer<typeof GraphqlErrorSchema>;

const DataSchema = z.record(z.string(), z.unknown());

/** `{ data, errors }`: the data is checked against the query's own schema afterwards. */
export const GraphqlAnswerSchema = z.object({
  data: z.unknown().optional(),
  errors: z.array(GraphqlErrorSchema).optional(),
});

export interface GraphqlQuery<T> {
  /** One query operation (GET refuses mutations). */
  query: string;
  variables?: Readonly<Record<string, unknown>>;
  /** The top-level field the query reads (`services`, `servicePoints`…). */
  field: string;
  /** Validates that field's value. */
  schema: z.ZodType<T>;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

/**
 * The query text as sent: runs of white space become one space. The queries hold no string
 * literals, so this changes nothing but the URL's length.
 */
export function compactQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim();
}

/**
 * The first GraphQL error as an `ApiError`. GraphQL answers most errors with 200 (decision 014):
 * the status is then the code's own (`not_found` 404, `invalid_token` 401), as REST answers it.
 */
function errorOf(first: GraphqlError, httpStatus: number, body: unknown): ApiError {
  const code = first.extensions?.code;
  const ok = httpStatus >= 200 && httpStatus < 300;
  return new ApiError({
    status: ok && isErrorCode(code) ? statusOf(code) : httpStatus,
    code: typeof code === 'string' ? code : 'internal_error',
    message: first.message ?? errorMessagesEn.internal_error,
    body,
  });
}

/** Runs a query; resolves with its field, or throws an `ApiError` with the server's code. */
export async function graphqlQuery<T>(client: ApiClient, req: GraphqlQuery<T>): Promise<T> {
  let answer: z.infer<typeof GraphqlAnswerSchema>;
  let status: number;
  try {
    const response = await client.request({
      area: 'graphql',
      path: '',
      query: {
        query: compactQuery(req.query),
        variables: req.variables === undefined ? undefined : JSON.stringify(req.variables),
      },
      headers: { [GRAPHQL_CSRF_HEADER]: '1', ...req.headers },
      schema: GraphqlAnswerSchema,
      ...(req.signal === undefined ? {} : { signal: req.signal }),
    });
    answer = response.data;
    status = response.status;
  } catch (error) {
    // A query refused before it ran (4xx) answers GraphQL errors rather than the API's error
    // body: the client names it `internal_error`; the first GraphQL error says what it was.
    if (error instanceof ApiError && error.code === 'internal_error' && error.status > 0) {
      const body = GraphqlAnswerSchema.safeParse(error.body);
      const first = body.success ? body.data.errors?.[0] : undefined;
      if (first !== undefined) throw errorOf(first, error.status, error.body);
    }
    throw error;
  }
  const first = answer.errors?.[0];
  if (first !== undefined) throw errorOf(first, status, answer);
  const data = DataSchema.safeParse(answer.data);
  if (!data.success) {
    // No data and no error: nothing the page can show.
    throw new ApiError({
      status,
      code: 'internal_error',
      message: errorMessagesEn.internal_error,
      body: answer,
    });
  }
  const value = req.schema.safeParse(data.data[req.field]);
  if (!value.success) {
    throw new ApiError({
      status,
      code: 'invalid_response',
      message: 'The response does not match its schema',
      details: value.error.issues,
      body: answer,
      cause: value.error,
    });
  }
  return value.data;
}
