/**
 * The built-in login routes: sign-up, login, refresh and logout. The sessions service
 * decides; these translate the body and shape the answer.
 */
import type { Session, SessionsService } from '../../services/sessions';
import { presentUser } from '../presenters';
import type { RouteHandlers } from '../route-handler';

function presentSession(session: Session) {
  return {
    success: true as const,
    tokenType: 'Bearer' as const,
    accessToken: session.accessToken,
    expiresIn: session.expiresIn,
    refreshToken: session.refreshToken,
    user: presentUser(session.user),
  };
}

export function authHandlers(sessions: SessionsService): RouteHandlers {
  return {
    signup: async ({ body }) => {
      const session = await sessions.signUp({
        email: body!.email,
        password: body!.password,
        name: body!.name ?? null,
        invitationToken: body!.invitationToken,
      });
      return { status: 201, body: presentSession(session) };
    },

    login: async ({ body }) => ({
      status: 200,
      body: presentSession(await sessions.logIn(body!.email, body!.password)),
    }),

    refresh: async ({ body }) => ({
      status: 200,
      body: presentSession(await sessions.refresh(body!.refreshToken)),
    }),

    logout: async ({ body }) => {
      await sessions.logOut(body!.refreshToken);
      return { status: 204, body: undefined };
    },
  };
}
