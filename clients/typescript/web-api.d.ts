// Types for the reference web client's JSDoc (web/static/web/api.js), derived from the generated
// `paths` of src/schema.d.ts: an operation is named by its schema path and method, never by a
// component name, so renaming a schema component changes nothing here. Hand-written (a few
// lines of mapped types) because the browser loads api.js as it is: it cannot import
// openapi-fetch, whose types do the same for bot.ts.

import type { paths } from "./src/schema.js";

export type Paths = paths;
export type Method = "get" | "post" | "put" | "patch" | "delete";

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The schema paths that have an operation for `M`. */
export type PathWith<M extends Method> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

type Parameters<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: infer Given } ? Given : never;

/** The path and query parameters of an operation, as the schema names and types them. */
export type Params<P extends keyof paths, M extends Method> = Pick<
  Parameters<P, M>,
  Extract<keyof Parameters<P, M>, "path" | "query">
>;

/** The JSON request body of an operation (`undefined` when it takes none or it is optional). */
export type Body<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody: { content: { "application/json": infer Json } } }
    ? Json
    : Operation<P, M> extends { requestBody?: { content: { "application/json": infer Json } } }
      ? Json | undefined
      : undefined;

type Responses<P extends keyof paths, M extends Method> = Operation<P, M>["responses"];
type JsonOf<Response> = Response extends { content: { "application/json": infer Json } } ? Json : null;

/** The JSON of an operation's success answer (null for 204 No Content). */
export type Ok<P extends keyof paths, M extends Method> = JsonOf<
  Responses<P, M>[Extract<keyof Responses<P, M>, 200 | 201 | 202 | 204>]
>;
