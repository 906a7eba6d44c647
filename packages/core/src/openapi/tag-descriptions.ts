/**
 * The OpenAPI tags: one per resource group of the contract table, each with a description
 * (Portuguese, like every text of the document).
 */
import type { RouteDefinition } from '../contract/route';

/** What each group of routes is for, by tag name. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Saúde: 'Se o servidor está no ar, se uma credencial vale e o documento OpenAPI.',
  Login:
    'Cadastro, login com e-mail e senha, renovação e encerramento da sessão do painel; as formas de entrar que este servidor aceita.',
  Conta: 'O usuário da sessão, sua organização e seus projetos.',
  'Chaves de API': 'Chaves de API de um projeto (`rly_live_…`), para integrações no servidor.',
  Perfis: 'Perfis: grupos de contas conectadas, por exemplo um por cliente.',
  'Contas conectadas':
    'Contas profissionais do Instagram ligadas ao projeto: conexão, saúde do token e métricas.',
  Posts: 'Posts publicados agora ou agendados para 1 a 5 contas, seus resultados e métricas.',
  Séries:
    'Posts recorrentes: a regra (RFC 5545) no fuso do post, as ocorrências criadas na janela de 75 dias e as próximas, mudar as seguintes e parar.',
  Feeds:
    'Feeds RSS, Atom e JSON Feed seguidos pelo projeto: cada item novo vira um rascunho ou um post na fila, com a imagem do item.',
  Mídia: 'Imagens e vídeos enviados ao servidor ou importados por URL, para usar nos posts.',
  Trechos: 'Legendas e grupos de hashtags guardados no projeto, para compor posts mais rápido.',
  'Caixa de entrada':
    'Os comentários das mídias das contas, as respostas e a moderação, as menções e as respostas prontas.',
  Webhooks:
    'Assinaturas de webhook, o histórico de entregas e os eventos que o servidor envia, assinados.',
  'Callbacks da plataforma':
    'Rotas chamadas pelo Instagram e pela Meta, não por integrações; cada uma verifica quem chama (`state`, `signed_request` ou `X-Hub-Signature-256`).',
};

/**
 * The tag list of the document, in the order the contract first uses each tag. A tag
 * without a written description gets one naming its operations, so a route added with a
 * new tag still yields a complete document.
 *
 * @example
 * ```ts
 * documentTags(ROUTES)[0]; // { name: 'Saúde', description: 'Se o servidor está no ar, …' }
 * ```
 */
export function documentTags(
  routes: readonly RouteDefinition[],
): Array<{ name: string; description: string }> {
  const names = [...new Set(routes.map((route) => route.tag))];
  return names.map((name) => ({
    name,
    description:
      TAG_DESCRIPTIONS[name] ??
      `Operações: ${routes
        .filter((route) => route.tag === name)
        .map((route) => route.summary.charAt(0).toLowerCase() + route.summary.slice(1))
        .join('; ')}.`,
  }));
}
