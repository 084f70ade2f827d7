export { NoticeList } from './NoticeList.tsx';
export { orderNotices } from './order.ts';
export { TeamNoticeList } from './TeamNoticeList.tsx';
export { useNoticeText, useTeamNoticeText } from './useNoticeText.ts';
