// A Markdown text (a bio) as one line of plain text, for places with room for one line only: table cells, list
// items, member cards, tooltips. Headings, images, lists and code fences would break those layouts, and the
// renderer (a chunk of its own) is not worth fetching for a line; what is left is the words a reader would see.

/** `source` without Markdown or HTML markup, its lines joined by spaces. */
export const plainLine = (source: string): string =>
  source
    .replace(/<[^>]*>/g, ' ')
    // Images by their alt text, links by their text (reference-style ones too).
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^ {0,3}\[[^\]]+\]:.*$/gm, '')
    // Fences and rules as nothing; headings, quotes, list and table markers off each line's start.
    .replace(/^ {0,3}(`{3,}|~{3,}).*$/gm, '')
    .replace(/^ {0,3}([-*_] *){3,}$/gm, '')
    .replace(/^ {0,3}((>\s?)+|#{1,6}\s+|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)/gm, '')
    .replace(/^ *\|? *:?-+:? *(\| *:?-+:? *)+\|? *$/gm, '')
    .replace(/\s*\|\s*/g, ' ')
    // Emphasis, strike-through and code spans by their text; an underscore inside a word (snake_case) stays.
    .replace(/(\*{1,3}|~~|`+)(?=\S)(.*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}_])(_{1,3})(?=\S)(.*?\S)\2(?![\p{L}\p{N}_])/gu, '$1$3')
    .replace(/\s+/g, ' ')
    .trim();
