/** A locale's `app.json` cut to the recipient's sections by the web build (recipient-sections.ts). */
declare module '*/app.json?recipient' {
  const texts: Record<string, unknown>;
  export default texts;
}
