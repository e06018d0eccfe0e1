// What a module's GraphQL part is written with (decision 178): the resolver's shape and context,
// and the argument helpers that validate GraphQL arguments with the REST query schemas. Modules
// import this file, never plugins/graphql.ts, which composes what they hand it (decision 170).
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import { describeIssue } from '@clinicpass/shared/validation/issues';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ByteWriter } from '../lib/byte-slab';
import type { KeptForms } from './compression';
import type { GraphqlContract } from './graphql-schema';
import { findFault } from './input-guard';

/** Yoga's server context: the Fastify request and reply of the call. */
export interface Context {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Arguments validated by a REST schema: the same `validation_error`, naming `args.…`. */
export function parseArguments<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  // A GraphQL string literal can spell a NUL ("\u0000"); refused as the REST hook does (136).
  const fault = findFault(input, 4);
  if (fault !== null) {
    throw new AppError('invalid_input', { message: 'An argument contains a NUL character' });
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: `args.${issue.path.join('.')}`,
    message: issue.message,
    ...describeIssue(issue),
  }));
  const first = issues[0];
  throw validationError(issues, {
    message:
      first === undefined
        ? 'Invalid arguments'
        : `Invalid argument ${first.path.slice('args.'.length)}: ${first.message}`,
  });
}

/** What a field's fast answer gets: its arguments as GraphQL coerced them, and the question. */
export interface FastQuestion {
  args: Record<string, unknown>;
  /** The field's top-level selection, in order; each selected field is selected whole. */
  selected: readonly string[];
  /** The question as a key: language, query document and normalised variables. */
  cacheKey: string;
  context: Context;
}

/** A field's answer written as JSON, without GraphQL's execution. */
export interface FastAnswer {
  /** Writes the field's JSON into the answer (one pass into a slab, lib/byte-slab.ts). */
  write: (out: ByteWriter) => void;
  /**
   * The kept answer's forms, if the answer is kept in a cache: the written GraphQL body (and its
   * compressed forms) is then kept and counted with it, and `write` called once.
   */
  kept?: KeptForms;
  /** The finder snapshot the answer was read from, when known (the guest's ETag names it). */
  version?: number | undefined;
}

/** A module's resolver of one `Query` field. */
export interface GraphqlResolver {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- arguments as GraphQL typed them
  resolve: (args: any, context: Context) => unknown;
  /** Personal answers (tickets) are never kept by any cache: no ETag, `no-store`. */
  personal?: boolean;
  /**
   * The field's answer for a known query (one root field, selected whole), or undefined to let
   * GraphQL execute it, e.g. to answer a refusal with its error.
   */
  answer?: (question: FastQuestion) => Promise<FastAnswer | undefined>;
}

export type GraphqlResolvers = Record<string, GraphqlResolver>;

export interface GraphqlPluginOptions {
  /** The modules' `Query` fields and types; the schema text is generated from them. */
  contract: GraphqlContract;
  /** The modules' resolvers, one per `Query` field. */
  resolvers: GraphqlResolvers;
}
