/**
 * Rules that tie a post's kind to its media and to each target's Instagram options.
 * They run after the body's shape is valid and the media types are known (an uploaded
 * `mediaId` has its type on the server).
 *
 * Platform facts behind them (reference §2, §9): single feed videos publish as Reels;
 * Stories take one item and no caption, collaborators, location or comments;
 * `share_to_feed`, `cover_url`, `thumb_offset`, `trial_params` and `audio_name` are Reel
 * options; alt text is for images; user tags need x/y on images, may leave them out on
 * Stories, take a username only on Reels and are not supported on carousel videos;
 * product tags go on feed images (with x/y) and Reels (without), never on Stories.
 */
import { mediaInvalid } from '../media/media-rules';
import { MEDIA_LIMITS } from '../vocabulary/limits';
import type { MediaType } from '../vocabulary/enums';
import {
  kindTakesOption,
  POST_OPTION_NAMES,
  type PostOptionName,
} from '../vocabulary/post-options';
import type { PostKind } from '../vocabulary/enums';
import type { InstagramOptions } from '../schemas/posts';
import { validationError, type ValidationIssue } from '../validation/validation-error';

export interface PostComposition {
  /** The kind the user asked for; inferred when absent. */
  kind?: PostKind | undefined;
  content: string;
  /** Types of `mediaItems`, in order. */
  mediaTypes: readonly MediaType[];
  platforms: ReadonlyArray<{ options?: InstagramOptions | undefined }>;
}

// The vocabulary names every option of the schema, and nothing else.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const optionNamesMatchSchema: Same<PostOptionName, keyof InstagramOptions> = true;
void optionNamesMatchSchema;

/**
 * Why a kind refuses an option it does not take (Portuguese, as API messages are). An
 * empty list of collaborators asks for nothing and is not refused.
 */
const OPTION_REFUSALS: Record<PostOptionName, (kind: PostKind) => string> = {
  shareToFeed: () => 'só vale para Reels',
  coverUrl: () => 'só vale para Reels',
  thumbOffset: () => 'só vale para Reels',
  trialParams: () => 'só vale para Reels',
  audioName: () => 'só vale para Reels',
  collaborators: () => 'Stories não aceitam colaboradores',
  locationId: () => 'Stories não aceitam localização',
  firstComment: () => 'Stories não aceitam comentários',
  altText: () => 'texto alternativo só vale para imagens do feed e de carrosséis',
  userTags: (kind) => `${KIND_NAMES[kind]} não aceita marcações`,
  productTags: (kind) =>
    kind === 'story'
      ? 'Stories não aceitam produtos marcados'
      : 'produtos marcados valem para posts de feed e Reels, não carrosséis',
  aiGenerated: (kind) => `${KIND_NAMES[kind]} não aceita o rótulo de IA`,
};

/** Whether an option was given: present, and for collaborators, not an empty list. */
function isGiven(options: InstagramOptions, option: PostOptionName): boolean {
  const value = options[option];
  if (option === 'collaborators') return Array.isArray(value) && value.length > 0;
  return value !== undefined;
}

const KIND_NAMES: Record<PostKind, string> = {
  feed: 'um post de feed',
  reel: 'um Reel',
  story: 'um Story',
  carousel: 'um carrossel',
};

/**
 * The post kind: the one asked for, or inferred from the media (1 image → `feed`,
 * 1 video → `reel`, 2 to 10 items → `carousel`; a Story is always explicit). Throws
 * `MEDIA_INVALID` when the media count or types do not fit the kind.
 *
 * @example
 * ```ts
 * resolvePostKind(undefined, ['image', 'video']); // 'carousel'
 * resolvePostKind('story', ['image', 'image']); // throws MEDIA_INVALID, reason too_many
 * ```
 */
export function resolvePostKind(
  kind: PostKind | undefined,
  mediaTypes: readonly MediaType[],
): PostKind {
  const count = mediaTypes.length;
  const { min, max } = MEDIA_LIMITS.itemsPerPost;
  if (count < min) {
    throw mediaInvalid({ reason: 'missing', message: 'informe ao menos 1 mídia' }, 'mediaItems');
  }
  if (count > max) {
    throw mediaInvalid(
      { reason: 'too_many', message: `um post leva no máximo ${max} mídias; recebidas ${count}` },
      'mediaItems',
    );
  }
  const resolved: PostKind =
    kind ?? (count > 1 ? 'carousel' : mediaTypes[0] === 'video' ? 'reel' : 'feed');
  const limits = MEDIA_LIMITS.itemsPerKind[resolved];
  if (count > limits.max) {
    const hint = resolved === 'feed' ? '; para várias mídias use carousel' : '';
    throw mediaInvalid(
      {
        reason: 'too_many',
        message: `${KIND_NAMES[resolved]} leva exatamente ${limits.max} mídia; recebidas ${count}${hint}`,
      },
      'mediaItems',
    );
  }
  if (count < limits.min) {
    throw mediaInvalid(
      {
        reason: 'missing',
        message: `${KIND_NAMES[resolved]} leva de ${limits.min} a ${limits.max} mídias`,
      },
      'mediaItems',
    );
  }
  if (resolved === 'feed' && mediaTypes[0] === 'video') {
    throw mediaInvalid(
      { reason: 'mime', message: 'um vídeo único é publicado como Reel; use kind reel' },
      'mediaItems[0]',
    );
  }
  if (resolved === 'reel' && mediaTypes[0] !== 'video') {
    throw mediaInvalid({ reason: 'mime', message: 'um Reel exige um vídeo' }, 'mediaItems[0]');
  }
  return resolved;
}

function optionIssues(
  kind: PostKind,
  mediaTypes: readonly MediaType[],
  options: InstagramOptions,
  path: string,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const refuse = (option: keyof InstagramOptions, message: string) =>
    issues.push({ field: `${path}.${option}`, message });

  // What the kind does not take at all, from the one table clients also read.
  for (const option of POST_OPTION_NAMES) {
    if (!isGiven(options, option) || kindTakesOption(kind, option)) continue;
    refuse(option, OPTION_REFUSALS[option](kind));
  }
  // Then how the options the kind takes must be filled.
  if (options.altText !== undefined && kindTakesOption(kind, 'altText')) {
    if (kind === 'feed') {
      if (typeof options.altText !== 'string') refuse('altText', 'no feed, informe um único texto');
    } else if (kind === 'carousel') {
      const texts = options.altText;
      if (!Array.isArray(texts) || texts.length !== mediaTypes.length) {
        refuse(
          'altText',
          `num carrossel, informe uma lista com ${mediaTypes.length} itens, alinhada a mediaItems`,
        );
      } else {
        texts.forEach((text, index) => {
          if (text !== null && mediaTypes[index] !== 'image') {
            issues.push({
              field: `${path}.altText[${index}]`,
              message: 'texto alternativo só vale para imagens; use null',
            });
          }
        });
      }
    }
  }
  if (options.userTags !== undefined) {
    // Reels take a username only (reference §9): coordinates would be silently ignored.
    const placed = options.userTags.findIndex((tag) => tag.x !== undefined || tag.y !== undefined);
    if (kind === 'reel' && placed >= 0) {
      refuse(
        'userTags',
        `em Reels a marcação leva só o nome de usuário; retire x e y da marcação ${placed}`,
      );
    }
    options.userTags.forEach((tag, index) => {
      const tagPath = `${path}.userTags[${index}]`;
      const mediaIndex = tag.mediaIndex ?? 0;
      if (mediaIndex >= mediaTypes.length) {
        issues.push({
          field: `${tagPath}.mediaIndex`,
          message: `não existe a mídia ${mediaIndex}`,
        });
      } else if (kind === 'carousel' && mediaTypes[mediaIndex] !== 'image') {
        issues.push({
          field: `${tagPath}.mediaIndex`,
          message: 'vídeos de carrossel não aceitam marcações',
        });
      }
      if (kind !== 'story' && kind !== 'reel' && (tag.x === undefined || tag.y === undefined)) {
        issues.push({ field: tagPath, message: 'informe x e y (de 0 a 1)' });
      }
    });
  }
  if (options.productTags !== undefined && kindTakesOption(kind, 'productTags')) {
    issues.push(...productTagIssues(kind, options, path));
  }
  return issues;
}

/** Product tags on the kinds that take them: feed images with x/y, Reels without. */
function productTagIssues(
  kind: PostKind,
  options: InstagramOptions,
  path: string,
): ValidationIssue[] {
  const field = `${path}.productTags`;
  const issues: ValidationIssue[] = [];
  (options.productTags ?? []).forEach((tag, index) => {
    const placed = tag.x !== undefined || tag.y !== undefined;
    if (kind === 'reel' && placed) {
      issues.push({
        field: `${field}[${index}]`,
        message: 'em Reels o produto vai sem posição; retire x e y',
      });
    } else if (kind === 'feed' && (tag.x === undefined || tag.y === undefined)) {
      issues.push({ field: `${field}[${index}]`, message: 'informe x e y (de 0 a 1)' });
    }
  });
  return issues;
}

/**
 * Checks a whole post: media count and types against the kind (throws `MEDIA_INVALID`),
 * then the caption and every target's options against the kind (throws
 * `VALIDATION_ERROR` naming each offending field). Returns the resolved kind.
 *
 * @example
 * ```ts
 * const kind = assertPostComposition({
 *   content: 'Bom dia',
 *   mediaTypes: ['video'],
 *   platforms: [{ options: { shareToFeed: true } }],
 * }); // 'reel'
 * ```
 */
export function assertPostComposition(post: PostComposition): PostKind {
  const kind = resolvePostKind(post.kind, post.mediaTypes);
  const issues = compositionIssues(kind, post);
  if (issues.length > 0) throw validationError(issues);
  return kind;
}

/**
 * The caption and every target's options checked against a resolved kind, as a list of
 * issues instead of an error: what {@link assertPostComposition} refuses after the media,
 * for clients that check a post before sending it (the CLI's `posts bulk`). Loads no
 * schema library.
 *
 * @example
 * ```ts
 * compositionIssues('story', { content: 'Oi', mediaTypes: ['image'], platforms: [] });
 * // [{ field: 'content', message: 'Stories não têm legenda; deixe content vazio' }]
 * ```
 */
export function compositionIssues(kind: PostKind, post: PostComposition): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (kind === 'story' && post.content.trim() !== '') {
    issues.push({ field: 'content', message: 'Stories não têm legenda; deixe content vazio' });
  }
  post.platforms.forEach((target, index) => {
    if (target.options) {
      issues.push(
        ...optionIssues(kind, post.mediaTypes, target.options, `platforms[${index}].options`),
      );
    }
  });
  return issues;
}
