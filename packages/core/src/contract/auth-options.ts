/**
 * The answer of `GET /v1/auth/options`: which ways of signing in a server offers, so a
 * browser can show only those before anyone is signed in, and which logins connect
 * accounts, so a page offers only those.
 */
import * as z from 'zod';
import { successResponse } from '../schemas/common';
import { LOGIN_MODES } from '../vocabulary/enums';

export const authOptionsResponseSchema = successResponse({
  signup: z.boolean().meta({
    description:
      'Se `POST /v1/auth/signup` aceita um usuário novo agora: sempre enquanto o servidor não tem usuários; depois, só com `REELAY_ALLOW_SIGNUP=true`.',
  }),
  oidc: z
    .object({
      issuer: z
        .string()
        .meta({ description: 'O emissor OpenID Connect aceito (`REELAY_OIDC_ISSUER`).' }),
      clientId: z.string().nullable().meta({
        description:
          'O `client_id` com que um navegador pede a entrada ao emissor: a audiência exigida nos tokens (`REELAY_OIDC_AUDIENCE`); `null` quando não há audiência configurada.',
      }),
    })
    .nullable()
    .meta({
      description: 'Entrada por OpenID Connect, quando o servidor aceita um emissor externo.',
    }),
  connectLogins: z.array(z.enum(LOGIN_MODES)).meta({
    description:
      'Os logins com que este servidor conecta contas do Instagram (`login` de `GET /v1/connect/instagram`): `instagram` com `INSTAGRAM_APP_ID` e `INSTAGRAM_APP_SECRET`, `facebook` com `FACEBOOK_APP_ID` e `FACEBOOK_APP_SECRET`; vazio quando nenhum está configurado. O primeiro é o usado quando `login` não é informado.',
  }),
}).meta({ id: 'AuthOptions' });
