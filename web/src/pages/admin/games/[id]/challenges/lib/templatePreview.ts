// What a flag template gives one team, for the Flags page's preview (gzctf-api §4.8), by the server's own rule.
import { FLAG_MAX, isValidTemplate, renderFlag } from '@pennon/sdk';

/** A made-up [TEAM_HASH]: 12 hex digits, as a real one looks. */
export const sampleTeamHash = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

export interface TemplatePreview {
  /** One team's flag: random where the template asks for chance ([GUID], leet). */
  flag: string;
  /** False when the server would refuse the template as too easy to guess. */
  strong: boolean;
  /** True when the flag is longer than a submission may be. */
  tooLong: boolean;
}

export const previewTemplate = (template: string, teamHash: string): TemplatePreview => {
  const flag = renderFlag(template, { teamHash });
  return {
    flag,
    strong: !template.trim() || isValidTemplate(template),
    tooLong: flag.length > FLAG_MAX,
  };
};
