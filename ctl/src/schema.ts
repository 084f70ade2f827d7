// Pennon's challenge.yml, defined once: `validate` checks files against it, `pennon-ctl schema` prints it as JSON
// Schema (for editors), and the package README's field table is written from it (scripts/docs.ts). Each field's
// rule is the edit API's own (AuthoredField), so a file that validates is one the platform takes.
import {
  AuthoredField,
  ChallengeCategory,
  ChallengeType,
  HINT_COST_MAX,
  HintInput,
  NetworkMode,
} from '@pennon/sdk/contract';
import Type, { type Static, type TSchema } from 'typebox';

const described = <T extends TSchema>(schema: T, description: string): T => ({ ...schema, description });

/** A path inside the challenge's folder. */
const FilePath = Type.String({ minLength: 1 });

export const AttachmentSpec = Type.Union(
  [
    Type.Object(
      { file: described(FilePath, 'a file of the challenge folder, uploaded once by its SHA-256') },
      { additionalProperties: false },
    ),
    Type.Object(
      { url: Type.String({ pattern: '^https?://' }) },
      { additionalProperties: false, description: 'a link players download from elsewhere' },
    ),
    Type.Object(
      {
        files: Type.Array(FilePath, { minItems: 1 }),
        name: Type.String({ pattern: '^[^/\\\\]+[.]zip$' }),
      },
      { additionalProperties: false, description: 'files of the folder, zipped into one download' },
    ),
  ],
  {
    description:
      '`{file: PATH}` (a file of the folder), `{url: URL}` (a link) or `{files: [PATH, …], name: NAME.zip}` (files zipped)',
  },
);
export type AttachmentSpec = Static<typeof AttachmentSpec>;

export const FlagSpec = Type.Union(
  [
    AuthoredField.flag,
    Type.Object(
      { flag: described(AuthoredField.flag, 'The flag of one team'), attachment: AttachmentSpec },
      { additionalProperties: false },
    ),
  ],
  { description: 'a flag, or `{flag: FLAG, attachment: {file: PATH}}`' },
);
export type FlagSpec = Static<typeof FlagSpec>;

const DateTime = Type.String({ format: 'date-time' });

/** A titled hint's cost: points, or `N%` of the challenge's value when a team unlocks it. */
export const percentCost = /^(100|[1-9]?[0-9])%$/;

export const HintSpec = Type.Union(
  [
    AuthoredField.markdown,
    Type.Object(
      {
        title: described(
          HintInput.properties.title,
          'What players see before unlocking it; unique in the challenge',
        ),
        content: described(HintInput.properties.content, 'Markdown a team sees once it unlocked the hint'),
        cost: Type.Optional(
          described(
            Type.Union([
              Type.Integer({ minimum: 0, maximum: HINT_COST_MAX }),
              Type.String({ pattern: percentCost.source }),
            ]),
            `Points (0–${HINT_COST_MAX}; default 0: free), or \`N%\` of the challenge’s value when unlocked`,
          ),
        ),
        releaseAt: Type.Optional(described(DateTime, 'Players see it from this time on (ISO 8601)')),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'a string (a free hint) or `{title, content, cost, releaseAt}`' },
);
export type HintSpec = Static<typeof HintSpec>;

export const ChallengeSpec = Type.Object(
  {
    name: described(AuthoredField.title, 'The title players see; it names the challenge on the platform'),
    category: described(ChallengeCategory, `One of ${ChallengeCategory.enum.join(', ')}`),
    type: Type.Optional(
      described(
        ChallengeType,
        `One of ${ChallengeType.enum.join(', ')} (default StaticAttachment); fixed once pushed`,
      ),
    ),
    description: Type.Optional(described(AuthoredField.markdown, 'Markdown shown to players')),
    enabled: Type.Optional(described(Type.Boolean(), 'Whether players see it')),
    score: Type.Optional(
      Type.Object(
        {
          original: Type.Optional(described(AuthoredField.originalScore, 'Points before any solve')),
          minRate: Type.Optional(
            described(AuthoredField.minScoreRate, 'The floor, as a share of `original` (1: a fixed score)'),
          ),
          difficulty: Type.Optional(
            described(AuthoredField.difficulty, 'How fast the value falls with solves (higher: slower)'),
          ),
        },
        { additionalProperties: false, description: 'The score curve' },
      ),
    ),
    flags: Type.Optional(
      described(
        Type.Array(FlagSpec),
        'Exact flags: a string, or `{flag, attachment}` for a DynamicAttachment challenge (each team gets one)',
      ),
    ),
    flagTemplate: Type.Optional(
      described(AuthoredField.flagTemplate, 'DynamicContainer only: how each team’s flag is made'),
    ),
    hints: Type.Optional(
      described(
        Type.Array(HintSpec),
        'Markdown hints: a string is free and shown to all, `{title, content, cost, releaseAt}` is unlocked by each team (titles unique)',
      ),
    ),
    releaseAt: Type.Optional(
      described(
        Type.Union([DateTime, Type.Null()]),
        'Hidden from players until this time (ISO 8601); null: no release time',
      ),
    ),
    prerequisites: Type.Optional(
      described(
        Type.Array(AuthoredField.title, { maxItems: 100 }),
        'Hidden from a team until it solved these challenges of the game, each by name or folder; []: none',
      ),
    ),
    attachment: Type.Optional(AttachmentSpec),
    container: Type.Optional(
      Type.Object(
        {
          image: Type.Optional(described(Type.String(), 'The image each team’s container runs')),
          port: Type.Optional(described(AuthoredField.exposePort, 'The port the challenge listens on')),
          memory: Type.Optional(described(AuthoredField.memoryLimit, 'Memory limit, MB')),
          cpu: Type.Optional(described(AuthoredField.cpuCount, 'CPU limit, in tenths of a CPU')),
          storage: Type.Optional(described(AuthoredField.storageLimit, 'Storage limit, MB')),
          network: Type.Optional(described(NetworkMode, `One of ${NetworkMode.enum.join(', ')}`)),
          trafficCapture: Type.Optional(described(Type.Boolean(), 'Record each container’s traffic')),
        },
        { additionalProperties: false, description: 'StaticContainer and DynamicContainer only' },
      ),
    ),
    limits: Type.Optional(
      Type.Object(
        {
          submissions: Type.Optional(
            described(AuthoredField.submissionLimit, 'Tries per team (0: unlimited)'),
          ),
          deadline: Type.Optional(
            described(
              Type.Union([DateTime, Type.Null()]),
              'No solves after this time (ISO 8601); null: no deadline',
            ),
          ),
        },
        { additionalProperties: false, description: 'What limits solving' },
      ),
    ),
    bloodBonus: Type.Optional(described(Type.Boolean(), 'false: no first, second and third blood bonus')),
  },
  { additionalProperties: false, title: 'Pennon challenge.yml' },
);
export type ChallengeSpec = Static<typeof ChallengeSpec>;
