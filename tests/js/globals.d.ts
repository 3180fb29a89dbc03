// What the report's scripts share through the page besides their own declarations: common.js's
// PAA (the joined scripts take its names back; the parts are checked as one program, where
// they are globals) and the folder's data files' callbacks (data/*.js call them).
declare var PAA: Record<string, any>;
interface Window {
  paaReport: (summary: any) => void;
  paaData: (kind: string, n: number | string, payload: any) => void;
}
