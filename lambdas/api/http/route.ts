import type { z } from 'zod';
import type { Page } from '../../core/config/common.ts';
import type { Principal } from '../services/auth-service.ts';

export interface RouteInput<TBody, TQuery> {
  params: Record<string, string>;
  body: TBody;
  query: TQuery;
  headers: Record<string, string>;
  principal: Principal;
  requestId: string;
}

export interface RouteResult {
  data: unknown;
  meta?: Record<string, unknown>;
  status?: number;
  /** Send `data` as the whole body, without the envelope (documents such as the OpenAPI file). */
  raw?: boolean;
}

/** One management endpoint: the single description used for routing, validation, OpenAPI and CDK routes. */
export interface RouteDef<TBody = unknown, TQuery = unknown> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** API Gateway style template, e.g. `/v1/projects/{projectId}`. */
  path: string;
  summary: string;
  /** Public routes (health, OpenAPI, session exchange handles its own key check) skip authentication. */
  auth?: 'required' | 'none' | 'api-key-only';
  body?: z.ZodType<TBody>;
  query?: z.ZodType<TQuery>;
  handle(input: RouteInput<TBody, TQuery>): Promise<RouteResult>;
}

/** A paged list in the envelope of DESIGN.md §4: the items as `data`, the paging as `meta`. */
export function pageResult({ items, ...meta }: Page<unknown>): RouteResult {
  return { data: items, meta };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- heterogeneous route lists need an erased element type.
export type AnyRoute = RouteDef<any, any>;

export function route<TBody = undefined, TQuery = Record<string, string>>(
  def: RouteDef<TBody, TQuery>,
): RouteDef<TBody, TQuery> {
  return def;
}

export function routeKey(r: Pick<AnyRoute, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}
