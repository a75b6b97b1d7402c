/** Vite's `?raw` imports (tests read the contract as text). */
declare module '*?raw' {
  const content: string;
  export default content;
}
