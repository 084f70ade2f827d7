export { NoticeList } from './NoticeList.tsx';
export { useNoticeText } from './useNoticeText.ts';
