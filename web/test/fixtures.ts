// Server answers the web tests share: the signed-in admin or player, a challenge as the admin editor reads it.
import type { ChallengeEditDetailModel, PagedCall, PageItem, ProfileUserInfoModel } from '@pennon/sdk';

export const adminProfile: ProfileUserInfoModel = {
  userId: '00000000-0000-4000-8000-000000000000',
  role: 'Admin',
  userName: 'root',
  email: 'root@example.com',
  bio: null,
  phone: null,
  realName: null,
  stdNumber: null,
  avatar: null,
};

export const playerProfile: ProfileUserInfoModel = {
  userId: '00000000-0000-4000-8000-000000000001',
  role: 'User',
  userName: 'alice',
  email: 'alice@example.com',
  bio: null,
  phone: null,
  realName: null,
  stdNumber: null,
  avatar: null,
};

/** An enabled static challenge (id 9) with one flag, `flag{old}` (id 1); `extra` overrides any field. */
export const editableChallenge = (
  extra: Partial<ChallengeEditDetailModel> = {},
): ChallengeEditDetailModel => ({
  id: 9,
  title: 'Lighthouse',
  content: 'Find it',
  category: 'Misc',
  type: 'StaticAttachment',
  hints: ['Look up'],
  flagTemplate: null,
  isEnabled: true,
  acceptedCount: 0,
  fileName: 'attachment',
  attachment: null,
  testContainer: null,
  flags: [{ id: 1, flag: 'flag{old}', attachment: null }],
  containerImage: '',
  memoryLimit: 64,
  cpuCount: 1,
  storageLimit: 256,
  exposePort: 80,
  networkMode: 'Open',
  enableTrafficCapture: false,
  disableBloodBonus: false,
  deadlineUtc: null,
  submissionLimit: 0,
  originalScore: 1000,
  minScoreRate: 0.25,
  difficulty: 5,
  ...extra,
});

/** A stubbed answer of a paged SDK list: awaited, the page; iterated, its items (the page is the whole list). */
export const onePage = <P extends readonly unknown[] | { data: readonly unknown[] }>(
  page: Promise<P>,
): PagedCall<P> =>
  Object.assign(page, {
    async *[Symbol.asyncIterator]() {
      const answer = await page;
      yield* (
        Array.isArray(answer) ? answer : (answer as { data: readonly unknown[] }).data
      ) as PageItem<P>[];
    },
  });
