import type { ApiSuccess, CallOptions, Token } from "./transport.js";

type Empty = Record<never, never>;
type Simplify<T> = { [K in keyof T]: T[K] };
type Defined<T> = [T] extends [never] ? Empty : [T] extends [undefined] ? Empty : NonNullable<T>;

type ParamsIn<O, In extends "path" | "query"> = O extends { parameters: infer P }
  ? In extends keyof P
    ? Defined<P[In]>
    : Empty
  : Empty;

/** Path and query parameters of an openapi-typescript operation, in one flat object. */
export type OperationParams<O> = Simplify<ParamsIn<O, "path"> & ParamsIn<O, "query">>;

type HasParams<O> = [keyof OperationParams<O>] extends [never] ? false : true;
type ParamsRequired<O> = Empty extends OperationParams<O> ? false : true;

type BodyContent<O> = O extends { requestBody?: infer RB }
  ? [NonNullable<RB>] extends [never]
    ? never
    : NonNullable<RB> extends { content: infer C }
      ? C
      : never
  : never;

/** Raw bodies accepted where the spec's media type is not JSON (multipart, files). */
export type RawBody = FormData | Blob | ArrayBuffer | ArrayBufferView | URLSearchParams | string;

/** The request body of an operation: its schema type, or a raw body for non-JSON media types. */
export type OperationBody<O> =
  BodyContent<O> extends infer C
    ? [C] extends [never]
      ? never
      : C[keyof C] | (Exclude<keyof C, "application/json"> extends never ? never : RawBody)
    : never;

type HasBody<O> = [BodyContent<O>] extends [never] ? false : true;
type BodyRequired<O> = O extends { requestBody: { content: unknown } } ? true : false;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | "2XX";
type Unwrap<B> = B extends { response: infer D } ? D : undefined;
type ContentData<C> = "application/json" extends keyof C
  ? Unwrap<C["application/json"]>
  : C[keyof C];

/**
 * The `data` of an operation's success result: the `response` field of its 2xx JSON body (the
 * body itself, as text, for a non-JSON media type such as text/html).
 */
export type OperationData<O> = O extends { responses: infer R }
  ? {
      [K in keyof R & SuccessStatus]: R[K] extends { content: infer C }
        ? ContentData<C>
        : undefined;
    }[keyof R & SuccessStatus]
  : never;

type CredentialFor<R> = R extends { credential: "token" }
  ? { token: Token; apiKey?: string | undefined }
  : R extends { credential: "apiKey" }
    ? { apiKey: string; token?: Token | undefined }
    : never;
type Alternatives<S> = S extends { security: readonly (infer R)[] } ? R : never;

/** The credential options of an operation: `token` (or `apiKey`) is required when the spec says so. */
export type CredentialOptions<S> = [Alternatives<S>] extends [never]
  ? { token?: Token | undefined; apiKey?: string | undefined }
  : CredentialFor<Alternatives<S>>;

type ParamsOption<O> =
  HasBody<O> extends true
    ? HasParams<O> extends true
      ? ParamsRequired<O> extends true
        ? { params: OperationParams<O> }
        : { params?: OperationParams<O> | undefined }
      : Empty
    : Empty;

/** The options argument of an operation function. */
export type OperationOptions<O, S> = Omit<CallOptions, "token"> &
  CredentialOptions<S> &
  ParamsOption<O>;

type Input<O> =
  HasBody<O> extends true
    ? OperationBody<O>
    : HasParams<O> extends true
      ? OperationParams<O>
      : never;
type InputRequired<O> = HasBody<O> extends true ? BodyRequired<O> : ParamsRequired<O>;

/**
 * The arguments of an operation function: `(input, options)`, where input is the request body
 * when the operation has one (path and query parameters then go in `options.params`), else the
 * flat path + query parameters; operations with neither take only `(options)`.
 */
export type OperationArgs<O, S> =
  Empty extends OperationOptions<O, S>
    ? [Input<O>] extends [never]
      ? [options?: OperationOptions<O, S>]
      : InputRequired<O> extends true
        ? [input: Input<O>, options?: OperationOptions<O, S>]
        : [input?: Input<O>, options?: OperationOptions<O, S>]
    : [Input<O>] extends [never]
      ? [options: OperationOptions<O, S>]
      : InputRequired<O> extends true
        ? [input: Input<O>, options: OperationOptions<O, S>]
        : [input: Input<O> | undefined, options: OperationOptions<O, S>];

/** A typed function for one operation `O` (openapi-typescript) with runtime entry `S`. */
export type OperationFunction<O, S> = (
  ...args: OperationArgs<O, S>
) => Promise<ApiSuccess<OperationData<O>>>;
