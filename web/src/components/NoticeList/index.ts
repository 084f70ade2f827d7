export { NoticeList } from './NoticeList.tsx';
export { orderNotices } from './order.ts';
export { useNoticeText, useTeamNoticeText } from './useNoticeText.ts';
