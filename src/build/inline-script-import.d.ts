/** A script bundled for inlining by src/build/inline-script.ts: its code as a string. */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
