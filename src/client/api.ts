// Typed client for /api (hono/client) with the standard header set. The import of the route types is
// type-only: no worker code ships to the browser.

import { hc } from 'hono/client';
import type { ExtractSchema } from 'hono/types';
import type { ApiRoutes } from '../worker/api.ts';
import { browserHeaders } from './api-answer.ts';

export const api = hc<ApiRoutes>('/api', { headers: browserHeaders });

type ApiSchema = ExtractSchema<ApiRoutes>;
type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * The paths a route pattern matches: each `:param` stands for any text. Template types cannot say "no
 * slash", so a longer path also matches a shorter pattern (`/cart/v1/cart/:basketId` for `.../x/item`);
 * the method and body must then fit one of the routes it matches.
 */
type PathsOf<Pattern extends string> = Pattern extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${PathsOf<Tail>}`
  : Pattern extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : Pattern;
/** The route patterns a concrete path (with or without a query) matches. */
type RoutesAt<Path extends string> = {
  [Pattern in keyof ApiSchema & string]: Path extends `/api${PathsOf<Pattern>}` | `/api${PathsOf<Pattern>}?${string}` ? Pattern : never;
}[keyof ApiSchema & string];
type EndpointAt<Path extends string, Method extends ApiMethod> =
  RoutesAt<Path> extends infer Pattern
    ? Pattern extends keyof ApiSchema
      ? `$${Lowercase<Method>}` extends keyof ApiSchema[Pattern]
        ? ApiSchema[Pattern][`$${Lowercase<Method>}`]
        : never
      : never
    : never;
type JsonOf<Endpoint> = Endpoint extends { input: { json: infer Json } } ? Json : never;
/** The body a call passes: none where the route reads none; an argument no value fits where no route answers. */
type BodyArgument<Endpoint> = [Endpoint] extends [never]
  ? [noRouteAnswersThisMethodAtThisPath: never]
  : [JsonOf<Endpoint>] extends [never]
    ? []
    : [body: JsonOf<Endpoint>];
type AnswerOf<Endpoint> = Endpoint extends { output: infer Output } ? Output : never;

/** The JSON body a route takes, named by method and a literal path: for a call that must send its own headers. */
export type RouteBody<Method extends ApiMethod, Path extends string> = JsonOf<EndpointAt<Path, Method>>;

/** What a route answers (its JSON as the browser reads it), named by method and a literal path. */
export type RouteAnswer<Method extends ApiMethod, Path extends string> = AnswerOf<EndpointAt<Path, Method>>;

/**
 * A call by its literal path, checked against the API's routes like the typed client: a path no route
 * answers to (with that method) does not compile, nor does a body the route's validator would refuse,
 * and the answer has the route's type. For the calls whose page cannot carry the client's 2 KB route
 * builder; at run time it is callApi's plain fetch.
 */
export type RouteCall = <Method extends ApiMethod, Path extends string>(
  method: Method,
  path: Path,
  ...body: BodyArgument<EndpointAt<Path, Method>>
) => Promise<AnswerOf<EndpointAt<Path, Method>>>;
