// Models of the info group (§2.7) and the configuration sections of §2.10.
import Type, { type Static } from 'typebox';
import { configDefaults } from '../defaults.ts';
import { CaptchaProvider, ContainerPortMappingType } from '../enums.ts';
import { Count, Nullable, OptionalNullable, Timestamp } from '../schema.ts';

/**
 * What every page needs first (`GET /api/config`): the title, theme and logo, how containers are reached, and their
 * lifetimes in minutes.
 */
export const ClientConfig = Type.Object(
  {
    title: Type.String(),
    slogan: Type.String(),
    footerInfo: Nullable(Type.String()),
    customTheme: Nullable(Type.String()),
    apiPublicKey: OptionalNullable(
      Type.String({ description: 'Base64 X25519 key, only when encryption is on' }),
    ),
    logoUrl: Nullable(Type.String()),
    portMapping: ContainerPortMappingType,
    defaultLifetime: Type.Integer({ description: 'minutes' }),
    extensionDuration: Type.Integer({ description: 'minutes' }),
    renewalWindow: Type.Integer({ description: 'minutes' }),
    /** Pennon's: whether a forgotten password can be reset by mail from this address (absent: assume so). */
    passwordRecovery: Type.Optional(Type.Boolean()),
    /** Pennon's: whether mailed links can point to the platform from this address (absent: assume so). */
    mailLinks: Type.Optional(Type.Boolean()),
  },
  { title: 'ClientConfig' },
);
export type ClientConfig = Static<typeof ClientConfig>;

/** Which captcha the platform asks for (`GET /api/captcha`) and, for Turnstile, its site key. */
export const ClientCaptchaInfoModel = Type.Object(
  { type: CaptchaProvider, siteKey: Type.String() },
  { title: 'ClientCaptchaInfoModel' },
);
export type ClientCaptchaInfoModel = Static<typeof ClientCaptchaInfoModel>;

/**
 * A proof-of-work puzzle (`GET /api/captcha/powchallenge`): find an 8-byte answer whose SHA-256
 * with `challenge` starts with `difficulty` zero bits, and send `{id}:{answer}`, both hex.
 */
export const HashPowChallenge = Type.Object(
  {
    id: Type.String({ pattern: '^[0-9a-f]{12}$' }),
    challenge: Type.String({ pattern: '^[0-9a-f]{16}$' }),
    difficulty: Type.Integer(),
  },
  { title: 'HashPowChallenge' },
);
export type HashPowChallenge = Static<typeof HashPowChallenge>;

/** A post as the front page and post list show it. */
export const PostInfoModel = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    isPinned: Type.Boolean(),
    tags: Nullable(Type.Array(Type.String())),
    authorAvatar: Nullable(Type.String()),
    authorName: Nullable(Type.String()),
    time: Timestamp,
  },
  { title: 'PostInfoModel' },
);
export type PostInfoModel = Static<typeof PostInfoModel>;

/** A post with its Markdown body (`GET /api/posts/{id}`). */
export const PostDetailModel = Type.Object(
  { ...PostInfoModel.properties, content: Type.String() },
  { title: 'PostDetailModel' },
);
export type PostDetailModel = Static<typeof PostDetailModel>;

/** The platform's registration rules, part of {@link ConfigEditModel}. */
export const AccountPolicy = Type.Object(
  {
    allowRegister: Type.Boolean({ default: true }),
    activeOnRegister: Type.Boolean({ default: true }),
    useCaptcha: Type.Boolean({ default: false }),
    emailConfirmationRequired: Type.Boolean({ default: false }),
    emailDomainList: Type.String({ default: '', description: 'Comma-separated exact domains; empty = any' }),
  },
  { title: 'AccountPolicy' },
);
export type AccountPolicy = Static<typeof AccountPolicy>;

/** The platform's name, look and API encryption, part of {@link ConfigEditModel}. */
export const GlobalConfig = Type.Object(
  {
    title: Type.String({ default: configDefaults.title }),
    slogan: Type.String({ default: configDefaults.slogan }),
    description: OptionalNullable(Type.String({ default: configDefaults.description })),
    footerInfo: OptionalNullable(Type.String()),
    customTheme: OptionalNullable(Type.String()),
    apiEncryption: Type.Boolean({ default: false }),
    logoHash: OptionalNullable(Type.String()),
    faviconHash: OptionalNullable(Type.String()),
  },
  { title: 'GlobalConfig' },
);
export type GlobalConfig = Static<typeof GlobalConfig>;

/** The limits on challenge containers (lifetimes in minutes), part of {@link ConfigEditModel}. */
export const ContainerPolicy = Type.Object(
  {
    autoDestroyOnLimitReached: Type.Boolean({ default: false }),
    maxExerciseContainerCountPerUser: Count({ default: 1 }),
    defaultLifetime: Type.Integer({ minimum: 1, maximum: 7200, default: configDefaults.defaultLifetime }),
    extensionDuration: Type.Integer({ minimum: 1, maximum: 7200, default: configDefaults.extensionDuration }),
    renewalWindow: Type.Integer({ minimum: 1, maximum: 360, default: configDefaults.renewalWindow }),
  },
  { title: 'ContainerPolicy' },
);
export type ContainerPolicy = Static<typeof ContainerPolicy>;

/**
 * The platform settings an admin reads and writes (`/api/admin/config`); a null section is
 * left as it is.
 */
export const ConfigEditModel = Type.Object(
  {
    accountPolicy: OptionalNullable(AccountPolicy),
    globalConfig: OptionalNullable(GlobalConfig),
    containerPolicy: OptionalNullable(ContainerPolicy),
  },
  { title: 'ConfigEditModel' },
);
export type ConfigEditModel = Static<typeof ConfigEditModel>;
