// The detail page's form: its values from a challenge, and the update that saves them (ChallengeUpdateModel).
import type {
  ChallengeCategory,
  ChallengeEditDetailModel,
  ChallengeUpdateModel,
  NetworkMode,
} from '@pennon/sdk';
import { hasContainer } from './challengeType.ts';

export interface ChallengeFormValues {
  title: string;
  category: ChallengeCategory;
  content: string;
  hints: string[];
  isEnabled: boolean;
  /** The name players download a dynamic attachment under. */
  fileName: string;
  hasDeadline: boolean;
  deadline: number;
  submissionLimit: number;
  disableBloodBonus: boolean;
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
  containerImage: string;
  exposePort: number;
  memoryLimit: number;
  /** Cores; the wire counts tenths. */
  cpu: number;
  storageLimit: number;
  networkMode: NetworkMode;
  enableTrafficCapture: boolean;
  /** Staged release: open at `releaseAt` only when set. */
  hasRelease: boolean;
  releaseAt: number;
  /** Challenge ids (as the select holds them) a team must have solved first. */
  prerequisites: string[];
}

export const valuesOf = (c: ChallengeEditDetailModel): ChallengeFormValues => ({
  title: c.title,
  category: c.category,
  content: c.content,
  hints: c.hints,
  isEnabled: c.isEnabled,
  fileName: c.fileName ?? '',
  hasDeadline: c.deadlineUtc !== null,
  deadline: c.deadlineUtc ?? Date.now() + 7 * 24 * 3600_000,
  submissionLimit: c.submissionLimit,
  disableBloodBonus: c.disableBloodBonus ?? false,
  originalScore: c.originalScore,
  minScoreRate: c.minScoreRate,
  difficulty: c.difficulty,
  containerImage: c.containerImage,
  exposePort: c.exposePort ?? 80,
  memoryLimit: c.memoryLimit ?? 64,
  cpu: (c.cpuCount ?? 1) / 10,
  storageLimit: c.storageLimit ?? 256,
  networkMode: c.networkMode ?? 'Open',
  enableTrafficCapture: c.enableTrafficCapture ?? false,
  hasRelease: c.releaseAt != null,
  releaseAt: c.releaseAt ?? Date.now() + 24 * 3600_000,
  prerequisites: (c.prerequisites ?? []).map(String),
});

/**
 * What to send. `isEnabled` only when it changed: every update that sends it as true announces the challenge
 * to the players again (gzctf-api §4.11). Container settings only for container challenges; blank hints dropped.
 */
export const updateOf = (v: ChallengeFormValues, c: ChallengeEditDetailModel): ChallengeUpdateModel => ({
  title: v.title.trim(),
  category: v.category,
  content: v.content,
  hints: v.hints.map((hint) => hint.trim()).filter(Boolean),
  ...(v.isEnabled !== c.isEnabled ? { isEnabled: v.isEnabled } : {}),
  ...(v.fileName.trim() ? { fileName: v.fileName.trim() } : {}),
  deadlineUtc: v.hasDeadline ? v.deadline : 0,
  submissionLimit: Number(v.submissionLimit),
  disableBloodBonus: v.disableBloodBonus,
  originalScore: Number(v.originalScore),
  minScoreRate: Number(v.minScoreRate),
  difficulty: Number(v.difficulty),
  releaseAt: v.hasRelease ? v.releaseAt : 0,
  prerequisites: v.prerequisites.map(Number),
  ...(hasContainer(c.type)
    ? {
        containerImage: v.containerImage.trim(),
        exposePort: Number(v.exposePort),
        memoryLimit: Number(v.memoryLimit),
        cpuCount: Math.round(Number(v.cpu) * 10),
        storageLimit: Number(v.storageLimit),
        networkMode: v.networkMode,
        enableTrafficCapture: v.enableTrafficCapture,
      }
    : {}),
});
