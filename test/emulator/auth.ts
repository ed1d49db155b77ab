import type { Caller, RequestContext } from './context.ts';
import { notFound, ServiceError } from './errors.ts';
import type { Store } from './state.ts';

export function authenticate(store: Store, header: string | undefined): Caller {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1];
  const record = token === undefined ? undefined : store.tokens.get(token);
  if (token === undefined || record === undefined) {
    throw new ServiceError(401, 'unauthorized', 'A valid API token is required in the Authorization header (Bearer).');
  }
  return { token, ...record };
}

/** An organization the caller cannot see is reported like one that does not exist (spec 5, 7). */
export function requireOrganization(ctx: RequestContext, organization: string): void {
  if (!ctx.service.store.organizations.has(organization) || ctx.caller.organization !== organization) {
    throw notFound(`organization ${organization} not found or not authorized`);
  }
}

/** Spec 5: the no-code create, update and workspace-creation endpoints cannot be used with
 *  organization tokens. A missing permission is reported as 404 (spec 7), with a detail that
 *  says why, as the upgrade writes are treated too. */
export function refuseOrganizationToken(ctx: RequestContext): void {
  if (ctx.caller.kind === 'organization') {
    throw notFound(
      'not found or not authorized: organization tokens cannot be used with this endpoint; use a user or team token',
    );
  }
}

/** Spec 5: the test endpoints need a token of the owners team or of one of its members; an
 *  organization token belongs to no team. User and team tokens of the emulator are owners. */
export function requireOwnersTeam(ctx: RequestContext): void {
  if (ctx.caller.kind === 'organization') {
    throw notFound(
      'not found or not authorized: module tests need a token of the owners team or of one of its members',
    );
  }
}
